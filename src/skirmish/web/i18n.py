"""Every word of the web table in English and French: the words every game shares here, each
game's own from its web part (:attr:`skirmish.web.game_parts.WebPart.words` and
:attr:`~skirmish.web.game_parts.WebPart.translations`), merged in the registry's order (a
later game's word wins over an earlier one's).

The engine narrates in English; the tables of :data:`TABLES` (regular expressions and words,
``"log"`` for the prompts and log lines, others a game names) turn its text into French in the
browser (``common.js``), and a line no pattern knows stays as the engine wrote it. A game's
``"sentences"`` table (its decisions' sentences, :func:`sentence`, in French) goes first into
``"log"``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from skirmish.core.plugins import GAMES
from skirmish.web.game_parts import Table, web_parts
from skirmish.web.sentences import apply_table

LANGUAGES = ("en", "fr")
DEFAULT = "en"

#: The table's own sentences in the engine's text (an outcome the table set: web/clocks.py),
#: in French: the first patterns of the ``"log"`` table.
SHARED_LOG: list[tuple[str, str]] = [
    (r"^player ([AB]) ran out of time$", "le joueur {1} n'a plus de temps"),
]

#: The UI strings every game shares: key -> (English, French).
SHARED: dict[str, tuple[str, str]] = {
    # between people: the chat, the clock, the "your turn" signal (chat.js, clock.js,
    # signal.js, the lobby's clock)
    "chat.title": ("Chat", "Discussion"),
    "chat.placeholder": ("A word to your opponent", "Un mot à votre adversaire"),
    "chat.send": ("Send", "Envoyer"),
    "chat.empty": ("No message yet.", "Aucun message pour l'instant."),
    "chat.note.seat": ("Spectators read this chat too.",
                       "Les spectateurs lisent aussi cette discussion."),
    "chat.note.spectator": ("Only the players write here.",
                            "Seuls les joueurs écrivent ici."),
    "chat.unread": ("{n} new", "{n} nouveau(x)"),
    "clock.label": ("Clock", "Pendule"),
    "clock.side": ("{side}: {time}", "{side} : {time}"),
    "clock.waiting": ("The clock starts when both players are at the table.",
                      "La pendule démarre quand les deux joueurs sont à la table."),
    "lobby.clock": ("Clock", "Pendule"),
    "lobby.house_rules": ("House rules", "Règles maison"),
    "lobby.house_rules.default": ("default", "par défaut"),
    "table.house_rules": ("House rules: {rules}", "Règles maison : {rules}"),
    "table.house_rules.item": ("{question} — {reading}", "{question} — {reading}"),
    "table.house_rules.none": ("the default readings", "les lectures par défaut"),
    "lobby.clock.none": ("No clock", "Sans pendule"),
    "lobby.clock.minutes": ("Minutes per player", "Minutes par joueur"),
    "lobby.clock.increment": ("Seconds added per decision", "Secondes ajoutées par décision"),
    "lobby.clock.hint": ("Time runs only while a player decides; a player out of time "
                         "concedes.",
                         "Le temps ne court que pendant la décision d'un joueur ; un joueur "
                         "qui n'a plus de temps abandonne."),
    "signal.title": ("● Your turn — {title}", "● À vous — {title}"),
    "signal.notify.body": ("Your turn: {title}", "À vous de jouer : {title}"),
    "signal.sound.on": ("Sound on", "Son activé"),
    "signal.sound.off": ("Sound off", "Son coupé"),
    "signal.sound.title": ("A short sound when it is your turn",
                           "Un son bref quand c'est à vous"),
    "signal.notify": ("Notify me", "Me prévenir"),
    "signal.notify.title": ("A notification when it is your turn and this tab is hidden",
                            "Une notification quand c'est à vous et que cet onglet est caché"),

    # general
    "app.title": ("Skirmish table", "Table d'escarmouche"),
    # "app.tagline" names the installed games (_tagline)
    "lang.label": ("Language", "Langue"),
    "lang.en": ("English", "English"),
    "lang.fr": ("Français", "Français"),
    "nav.lobby": ("Lobby", "Accueil"),
    "side.A": ("Player A", "Joueur A"),
    "side.B": ("Player B", "Joueur B"),
    "side.N": ("Non-player fighters", "Combattants non-joueurs"),
    "lobby.ruleset": ("Game", "Jeu"),
    # lobby
    "lobby.new": ("New match", "Nouvelle partie"),
    "lobby.title": ("Title", "Titre"),
    "lobby.title.placeholder": ("Friday skirmish", "Escarmouche du vendredi"),
    "lobby.seat": ("Played by", "Joué par"),
    "lobby.seat.human": ("Human", "Humain"),
    "lobby.seat.bot": ("Bot: {agent}", "Robot : {agent}"),
    "agent.random": ("random", "aléatoire"),
    "agent.heuristic": ("heuristic", "heuristique"),
    "lobby.mode": ("Mode", "Mode"),
    "lobby.mode.remote": ("Remote: each human gets a join link",
                          "À distance : chaque humain reçoit un lien"),
    "lobby.mode.hotseat": ("Hot-seat: both seats in this browser",
                           "Même écran : les deux places dans ce navigateur"),
    "lobby.create": ("Create the match", "Créer la partie"),
    "lobby.created": ("Match created", "Partie créée"),
    "lobby.join.mine": ("Play as {side}", "Jouer en tant que {side}"),
    "lobby.join.send": ("Send this link to {side}:", "Envoyez ce lien au {side} :"),
    "lobby.join.copy": ("Copy", "Copier"),
    "lobby.join.copied": ("Copied", "Copié"),
    "lobby.private": ("Private: spectators need the spectator link",
                      "Privée : les spectateurs ont besoin du lien de spectateur"),
    "lobby.watch.send": ("Spectator link (only its holders may watch):",
                         "Lien de spectateur (seuls ceux qui l'ont peuvent regarder) :"),
    "lobby.watch.open": ("Watch the match", "Regarder la partie"),
    "lobby.link.button": ("New link for {side}", "Nouveau lien pour {side}"),
    "lobby.link.new": ("New link for {side} (the old one no longer opens the seat):",
                       "Nouveau lien pour {side} (l'ancien n'ouvre plus la place) :"),
    "lobby.mine": ("My matches", "Mes parties"),
    "lobby.mine.none": ("No match yet: create one above.",
                        "Aucune partie pour l'instant : créez-en une ci-dessus."),
    "lobby.status.open": ("in progress", "en cours"),
    "lobby.status.over": ("over", "terminée"),
    "lobby.replay": ("Replay", "Revoir"),
    "lobby.actions": ("{n} actions", "{n} actions"),
    "lobby.replays": ("Replays", "Revoir une partie"),
    "lobby.upload": ("Upload a record (JSONL) and watch it",
                     "Envoyez un enregistrement (JSONL) pour le revoir"),
    "lobby.upload.button": ("Upload", "Envoyer"),
    "lobby.steps": ("How to play", "Comment jouer"),
    "lobby.step1": ("Choose the two troops and who plays each seat, then create the match.",
                    "Choisissez les deux troupes et qui joue chaque place, puis créez la partie."),
    "lobby.step2": (
        "Send the join link to your opponent (or pick a bot, or hot-seat).",
        "Envoyez le lien à votre adversaire (ou choisissez un robot, ou le même écran)."),
    "lobby.step3": (
        "On the table, click the buttons of your decision; click the field to move.",
        "Sur la table, cliquez les boutons de votre décision ; cliquez la table pour vous "
        "déplacer."),
    "lobby.error": ("Could not create the match: {message}",
                    "Impossible de créer la partie : {message}"),
    "table.you": ("You play {side}", "Vous jouez {side}"),
    "table.spectator": ("Spectator", "Spectateur"),
    "table.connecting": ("Connecting…", "Connexion…"),
    "table.connected": ("Connected", "Connecté"),
    "table.reconnecting": ("Connection lost: reconnecting in {s} s…",
                           "Connexion perdue : nouvel essai dans {s} s…"),
    "table.waiting": ("Waiting for the opponent ({side})…", "En attente de l'adversaire ({side})…"),
    "table.waiting.spectator": ("Waiting for player {side}…", "En attente du joueur {side}…"),
    "table.your_decision": ("Your decision", "À vous de décider"),
    "table.notation": ("Notation", "Notation"),
    "table.send": ("Send", "Envoyer"),
    "table.fighters": ("Fighters", "Combattants"),
    "table.field": ("The table", "La table"),
    "table.log": ("Log", "Journal"),
    "log.filter": ("Search the log", "Chercher dans le journal"),
    "log.grow": ("Larger", "Agrandir"),
    "log.shrink": ("Smaller", "Réduire"),
    "log.copy": ("Copy the notation", "Copier la notation"),
    "table.why": ("Why?", "Pourquoi ?"),
    "table.why.title": ("Ask the bot why it made its latest move",
                        "Demander au bot pourquoi il a joué son dernier coup"),
    "table.why.bot": ("the bot", "le bot"),
    "table.why.line": ("Why {agent} ({side}) played “{action}”: it puts its chances at {win}% "
                       "(95% interval {low}–{high}%, {n} iterations).",
                       "Pourquoi {agent} ({side}) a joué « {action} » : il estime ses chances à "
                       "{win} % (intervalle à 95 % : {low}–{high} %, {n} itérations)."),
    "table.why.early": ("Why {agent} ({side}) played “{action}”: too early to say, {n} "
                        "iterations only (its chances lie somewhere between {low}% and "
                        "{high}%).",
                        "Pourquoi {agent} ({side}) a joué « {action} » : trop tôt pour le dire, "
                        "{n} itérations seulement (ses chances sont quelque part entre {low} % "
                        "et {high} %)."),
    "table.why.heuristic": ("Why {agent} ({side}) played “{action}”: by its rule of thumb, "
                            "without a search.",
                            "Pourquoi {agent} ({side}) a joué « {action} » : par sa règle "
                            "empirique, sans recherche."),
    "table.why.forced": ("{agent} ({side}) played “{action}”: its only legal action.",
                         "{agent} ({side}) a joué « {action} » : sa seule action permise."),
    "table.why.reason": ("Its reason: {reason}.", "Sa raison : {reason}."),
    "table.why.secret_reason": ("Its reason is secret, like its choice.",
                                "Sa raison est secrète, comme son choix."),
    "table.why.expected": ("Expected line: {line}.", "Suite attendue : {line}."),
    "table.select": ("Click a fighter to see its card.",
                     "Cliquez un combattant pour voir sa carte."),
    "table.off_field": ("off the field", "hors de la table"),
    "table.activated": ("activated", "activé"),
    "table.not_activated": ("not activated", "pas encore activé"),
    "table.pick": ("Click the table to choose the point (or drag the fighter).",
                   "Cliquez la table pour choisir le point (ou faites glisser le combattant)."),
    "table.pick.angle": ("Click the table to aim the template.",
                         "Cliquez la table pour orienter le gabarit."),
    "table.suggested": ("a legal point", "un point permis"),
    "table.confirm": ("Confirm", "Confirmer"),
    "table.cancel": ("Cancel", "Annuler"),
    "table.tape": ("Path {length} cm, allowance left {left} cm",
                   "Trajet {length} cm, reste {left} cm"),
    "table.tape.short": ("Path {length} cm", "Trajet {length} cm"),
    "table.illegal": ("Not allowed: {reason}", "Interdit : {reason}"),
    "table.unavailable": ("not offered: {reason}", "non proposé : {reason}"),
    "table.legal": ("Allowed", "Permis"),
    "table.covers": ("Covers: {who}", "Couvre : {who}"),
    "table.covers.none": ("Covers nobody", "Ne couvre personne"),
    "table.sight": ("Line of sight {from} → {to}", "Ligne de vue {from} → {to}"),
    "table.sight.visible": ("visible, {n} obstacle(s)", "visible, {n} obstacle(s)"),
    "table.sight.blocked": ("blocked", "bloquée"),
    "table.sight.by": ("by {what}", "par {what}"),
    "table.odds": ("Odds (from what you see)", "Probabilités (selon ce que vous voyez)"),
    "table.odds.loading": ("Computing the exact odds…", "Calcul exact des probabilités…"),
    "table.error": ("Refused: {message}", "Refusé : {message}"),
    "table.over": ("The match is over", "La partie est terminée"),
    "table.winner": ("{side} wins", "{side} gagne"),
    "table.draw": ("A draw", "Match nul"),
    "table.record": ("Download the record (JSONL)", "Télécharger l'enregistrement (JSONL)"),
    "table.replay": ("Watch the replay", "Revoir la partie"),
    "table.dice": ("Dice commitment", "Engagement des dés"),
    # fair dice, checked in the browser (static/fair_dice.js, docs/dice.md)
    "dice.checking": ("Checking the dice…", "Vérification des dés…"),
    "dice.verified": ("Dice verified in your browser: {count} dice from the server's key "
                      "and every seat's nonce; server commitment {server}…, as shown when "
                      "the match began",
                      "Dés vérifiés dans votre navigateur : {count} dés tirés de la clé du "
                      "serveur et du nonce de chaque place ; engagement du serveur "
                      "{server}…, celui montré au début de la partie"),
    "dice.failed": ("Dice NOT verified: {reason}", "Dés NON vérifiés : {reason}"),
    "dice.unchecked": ("The dice could not be checked here: {reason}",
                       "Les dés n'ont pas pu être vérifiés ici : {reason}"),
    "table.close": ("Close", "Fermer"),
    "table.resolved": ("“{said}” played as {action}", "« {said} » joué : {action}"),
    # the board (static/board.js)
    "board.label": ("The table", "La table"),
    "board.north": ("NORTH", "NORD"),
    "board.south": ("SOUTH  (y = 0)", "SUD  (y = 0)"),
    "board.zoom_in": ("Zoom in", "Zoomer"),
    "board.zoom_out": ("Zoom out", "Dézoomer"),
    "board.fit": ("Whole table", "Toute la table"),
    "board.objective": ("objective {n}", "objectif {n}"),
    "board.keys": ("On the table: [ ] choose a fighter, the arrow keys move the point (Shift: "
                   "1 mm, Alt: 5 cm), Enter chooses it, + − 0 zoom.",
                   "Sur la table : [ ] choisissent un combattant, les flèches déplacent le point "
                   "(Maj : 1 mm, Alt : 5 cm), Entrée le choisit, + − 0 zooment."),
    "board.confirm_moves": ("Confirm moves and attacks", "Confirmer déplacements et attaques"),
    "board.snapped": ("moved to the nearest legal point", "placé au point permis le plus proche"),
    # takebacks and confirmations (static/turns.js, docs/web.md)
    "takeback.button": ("Take back", "Reprendre le coup"),
    "takeback.ask": ("Ask to take back", "Demander à reprendre le coup"),
    "takeback.title": ("Go back to your last decision (the dice go on: those already seen "
                       "do not come again)",
                       "Revenir à votre dernière décision (les dés continuent : ceux déjà "
                       "vus ne reviennent pas)"),
    "takeback.asked": ("You asked to take back your last action: waiting for the other "
                       "player's answer.",
                       "Vous avez demandé à reprendre votre dernier coup : en attente de la "
                       "réponse de l'autre joueur."),
    "takeback.asks": ("{side} asks to take back their last action.",
                      "{side} demande à reprendre son dernier coup."),
    "takeback.accept": ("Accept", "Accepter"),
    "takeback.refuse": ("Refuse", "Refuser"),
    "takeback.withdraw": ("Withdraw the request", "Retirer la demande"),
    "hotseat.more": ("More choices, in private", "Autres choix, en privé"),
    "hotseat.more.title": ("Some of your choices would show your secrets (the cards of your "
                           "hand): pass the device to see them out of the other player's "
                           "sight",
                           "Certains de vos choix montreraient vos secrets (les cartes de "
                           "votre main) : passez l'appareil pour les voir hors de la vue de "
                           "l'autre joueur"),
    "confirm.title": ("Confirm your secret choice", "Confirmez votre choix secret"),
    "confirm.hint": ("Once committed, it cannot be taken back.",
                     "Une fois validé, il ne peut plus être repris."),
    "confirm.generic": ("Commit: {action}", "Valider : {action}"),
    "confirm.commit": ("Commit", "Valider"),
    "confirm.back": ("Back", "Retour"),
    # replay
    "replay.title": ("Replay", "Revoir"),
    "replay.step": ("Step {step} of {count}", "Étape {step} sur {count}"),
    "replay.first": ("|◀ Start", "|◀ Début"),
    "replay.prev": ("◀ Back", "◀ Reculer"),
    "replay.next": ("Forward ▶", "Avancer ▶"),
    "replay.last": ("End ▶|", "Fin ▶|"),
    "replay.play": ("Play", "Lecture"),
    "replay.pause": ("Pause", "Pause"),
    "replay.missing": ("No such replay.", "Cet enregistrement n'existe pas."),
    "replay.start": ("The set-up, before the first action",
                     "La mise en place, avant la première action"),
}


#: The framed picture's own words (skirmish.geometry.svg_frame) in French: the ``"picture"``
#: table, which ``common.js`` applies to every text and tooltip of the table's picture (each
#: line of a wrapped legend entry is its own text: the entries are matched line by line).
#: Each game adds its picture's words under the same name.
PICTURE_PATTERNS: list[tuple[str, str]] = [
    (r"^Legend$", "Légende"),
    (r"^Off the field$", "Hors de la table"),
    (r"^NORTH$", "NORD"),
    (r"^EAST$", "EST"),
    (r"^SOUTH  \(y = 0\)$", "SUD  (y = 0)"),
    (r"^WEST  \(x = 0\)$", "OUEST  (x = 0)"),
    (r"^North up: x grows to the east, y to the$", "Nord en haut : x croît vers l'est, y vers le"),
    (r"^north \(cm\)\.$", "nord (cm)."),
    (r"^deployment zone$", "zone de déploiement"),
    (r"^greyed: out of play, where it$", "grisé : hors jeu, là où il"),
    (r"^last stood$", "se tenait en dernier"),
    (r"^low scenery: an obstacle$", "décor bas : un obstacle"),
    (r"^opaque scenery: blocks sight$", "décor opaque : bloque la vue"),
    (r"^flat scenery: sight passes$", "décor plat : la vue passe"),
    (r"^thick outline: costly ground to$", "contour épais : terrain coûteux à"),
    (r"^cross$", "traverser"),
    (r"^out of action$", "hors de combat"),
    (r"^marker: objective$", "marqueur : objectif"),
    (r"^objective (\d+)$", "objectif {1}"),
    (r"^objective$", "objectif"),
    (r"^damage taken$", "dégâts subis"),
]
PICTURE_WORDS: dict[str, str] = {}
#: The web layer's own refusals (web.frames, web.rooms, web.sockets) in French: the first
#: entries of the ``"log"`` table after the games' sentences (the toast "Refused: ...").
LOG_PATTERNS: list[tuple[str, str]] = [
    (r"^the match is over$", "la partie est terminée"),
    (r"^a spectator cannot act$", "un spectateur ne peut pas agir"),
    (r"^it is player ([AB])'s decision, not yours$",
     "c'est au joueur {1} de décider, pas à vous"),
    (r"^'(.+)' is not an action: ", "« {1} » n'est pas une action : "),
    (r"^no bot has explained a move in this match yet$",
     "aucun robot n'a encore expliqué de coup dans cette partie"),
    (r"^this seat token is not valid for this match: you are watching as a spectator$",
     "ce lien de place n'est pas valable pour cette partie : vous regardez en spectateur"),
    (r"^this seat's link was replaced by its owner: open the new one$",
     "le lien de cette place a été remplacé par son propriétaire : ouvrez le nouveau"),
    (r"^the server could not answer this message$",
     "le serveur n'a pas pu répondre à ce message"),
    (r"^too many '(\w+)' messages: at most (\d+) per socket and (\d+) per address "
     r"\(docs/web\.md, Limits\); this one was not answered$",
     "trop de messages « {1} » : au plus {2} par connexion et {3} par adresse ; celui-ci est "
     "resté sans réponse"),
    # fair dice (web/fair.py, docs/dice.md)
    (r"^the first die waits for the nonce of seat (\d+) \(a seat's browser sends it\)$",
     "le premier dé attend le nonce de la place {1} (son navigateur l'envoie)"),
    (r"^the first die waits for the nonce of seats (\d+) and (\d+) \(a seat's browser sends "
     r"it\)$", "le premier dé attend les nonces des places {1} et {2} (leurs navigateurs les "
     "envoient)"),
    (r"^the first die waits for every seat's commitment$",
     "le premier dé attend l'engagement de chaque place"),
    (r"^nonce: revealed only once every seat has committed$",
     "nonce : révélé seulement quand chaque place s'est engagée"),
    (r"^nonce: it does not match seat (\d+)'s commitment$",
     "nonce : il ne correspond pas à l'engagement de la place {1}"),
    (r"^nonce: seat (\d+) did not commit before the first die$",
     "nonce : la place {1} ne s'est pas engagée avant le premier dé"),
    (r"^seat (\d+) has already (committed to|revealed) its nonce$",
     "la place {1} a déjà engagé ou révélé son nonce"),
    (r"^commitment: too late, the first die was drawn without seat (\d+)'s nonce$",
     "engagement : trop tard, le premier dé a été tiré sans le nonce de la place {1}"),
    (r"^the dice are already drawn: nothing more to commit or reveal$",
     "les dés sont déjà tirés : plus rien à engager ni à révéler"),
    (r"^a spectator has no nonce to commit or reveal$",
     "un spectateur n'a pas de nonce à engager ni à révéler"),
]


def _tagline(titles: list[str]) -> tuple[str, str]:
    """The lobby's tagline naming the installed games."""
    if len(titles) > 1:
        english = f"{', '.join(titles[:-1])} or {titles[-1]}"
        french = f"{', à '.join(titles[:-1])} ou à {titles[-1]}"
    else:
        english = french = titles[0] if titles else "a game"
    return (f"Play {english} by the book, against a friend or a bot.",
            f"Jouez à {french} selon les règles, contre un ami ou un robot.")


@functools.cache
def _merged(games: tuple[str, ...]) -> tuple[dict[str, tuple[str, str]], dict[str, Table]]:
    """Every word and every translation table of the installed ``games`` (their names, in
    order: the cache key)."""
    words = dict(SHARED)
    tables: dict[str, Table] = {"picture": (list(PICTURE_PATTERNS), dict(PICTURE_WORDS)),
                                "log": ([], {})}
    titles = []
    # every game's "sentences" (its decisions' sentences in French, web.sentences.sentence) come
    # first in the "log" table: no game's own patterns may touch a sentence before
    for part in web_parts():
        patterns, known = part.translations.get("sentences", ([], {}))
        merged = tables.setdefault("log", ([], {}))
        merged[0].extend(patterns)
        merged[1].update(known)
    tables["log"][0].extend(LOG_PATTERNS)
    tables["log"][0].extend(SHARED_LOG)  # the table's own lines (a clock ran out)
    for part in web_parts():
        words.update(part.words)
        titles.append(part.words.get(f"ruleset.{part.name}", (part.title, part.title))[0])
        for name, (patterns, known) in part.translations.items():
            if name == "sentences":
                continue
            merged = tables.setdefault(name, ([], {}))
            merged[0].extend(patterns)
            merged[1].update(known)
    words["app.tagline"] = _tagline(titles)
    for part in web_parts():
        words.setdefault(f"ruleset.{part.name}", (part.title, part.title))
    return words, tables


def words() -> dict[str, tuple[str, str]]:
    """Every UI string of the installed games: key -> (English, French)."""
    return _merged(tuple(GAMES.names()))[0]


def tables() -> dict[str, Table]:
    """The French translation tables of the installed games, by name (``"log"`` ...)."""
    return _merged(tuple(GAMES.names()))[1]


def strings(lang: str) -> dict[str, str]:
    """Every UI string in ``lang``."""
    index = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    return {key: pair[index] for key, pair in words().items()}


#: What the installed games gave when this module was read (see :func:`words`,
#: :func:`tables`).
WORDS: dict[str, tuple[str, str]] = words()
EN: dict[str, str] = strings("en")
FR: dict[str, str] = strings("fr")
STRINGS: Mapping[str, Mapping[str, str]] = {"en": EN, "fr": FR}
TABLES: dict[str, Table] = tables()
_EMPTY: Table = ([], {})
#: The engine's English prompts and log lines in French: (regular expression, template);
#: every entry is applied in turn to the whole text (all its matches). In a template, {1} is
#: the first group as matched and {1w} the same group through :data:`FR_WORDS`. The
#: expressions use the syntax common to Python and JavaScript.
FR_PATTERNS: list[tuple[str, str]] = TABLES.get("log", _EMPTY)[0]
FR_WORDS: dict[str, str] = TABLES.get("log", _EMPTY)[1]
#: The equipment in the French card notation (a game's table named ``"equipment"``).
FR_EQUIPMENT_PATTERNS: list[tuple[str, str]] = TABLES.get("equipment", _EMPTY)[0]
FR_EQUIPMENT_WORDS: dict[str, str] = TABLES.get("equipment", _EMPTY)[1]


def translate(text: str, lang: str, patterns: list[tuple[str, str]] | None = None,
              words: dict[str, str] | None = None) -> str:
    """The engine's English ``text`` in ``lang`` (what ``common.js`` does in the browser):
    the prompts and log lines by default, or another table (the equipment's)."""
    if lang != "fr":
        return text
    table = FR_PATTERNS if patterns is None else patterns
    known = FR_WORDS if words is None else words
    return apply_table(text, table, known)
