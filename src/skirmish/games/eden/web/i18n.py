"""The words of the web table for Eden (merged into :mod:`skirmish.web.i18n` through the
game's web part, :mod:`skirmish.games.eden.web.part`) in English and French.

The rules' terms are spelled as each rulebook spells them: PSI/CBT/VIG/SPD and AP, SP, VP, CP
in English; PSI/CBT/VIG/RAP and PA, PS, PV, PC in French (Rulebook 1.6, 2, 4; see
docs/rulings.md). The engine narrates in English; :data:`FR_PATTERNS` and :data:`FR_WORDS`
turn its prompts and log lines into French in the browser (``common.js``), and a line no
pattern knows stays as the engine wrote it; :data:`FR_EQUIPMENT_PATTERNS` and
:data:`FR_EQUIPMENT_WORDS` do the same for the equipment of a fighter's card. The decisions'
sentences and the scenery's French names live in :mod:`.i18n_sentences`, the picture's and
the sample cards' French in :mod:`.i18n_picture` (docs/web.md, Words, not notation).
"""

from __future__ import annotations

from skirmish.games.eden.bots.reasons import FR_REASONS
from skirmish.games.eden.web.i18n_optional import FR_OPTIONAL, FR_OPTIONAL_WORDS
from skirmish.games.eden.web.i18n_picture import CARD_PATTERNS, PICTURE_PATTERNS, PICTURE_WORDS
from skirmish.games.eden.web.i18n_refusals import FR_REFUSALS_FIRST, FR_REFUSALS_LAST
from skirmish.games.eden.web.i18n_sentences import (
    FR_REFUSALS,
    FR_SENTENCES,
    SCENERY,
    SENTENCES,
)

#: Every UI string of Eden: key -> (English, French).
WORDS: dict[str, tuple[str, str]] = {
    "ruleset.eden": ("Eden", "Eden"),
    "lobby.troop": ("Troop", "Troupe"),
    "lobby.troop.sample": ("Sample troop: {faction}", "Troupe d'exemple : {faction}"),
    "lobby.troop.upload": ("Troop file (YAML)…", "Fichier de troupe (YAML)…"),
    "lobby.troop.file": ("Troop file", "Fichier de troupe"),
    "lobby.missions": ("Mission cards", "Cartes Mission"),
    "lobby.missions.hint": (
        "Tick the missions this troop may play; none ticked: every mission its faction or "
        "stigma allows.",
        "Cochez les missions que cette troupe peut jouer ; aucune cochée : toutes celles que sa "
        "faction ou son stigmate permet."),
    "lobby.missions.secret": ("secret", "secrète"),
    "lobby.rounds": ("Rounds", "Tours"),
    "lobby.rules": ("Optional rules", "Règles optionnelles"),
    "lobby.rules.territory": ("Territory Management", "Gestion du Territoire"),
    "lobby.rules.infestation": ("Infestation level", "Niveau d'Infestation"),
    "lobby.rules.climate": ("Climatic conditions", "Conditions climatiques"),
    "lobby.rules.none": ("none", "aucune"),
    "lobby.rules.random": ("random", "au hasard"),
    "lobby.rules.roll": ("rolled (2D6)", "tirées (2D6)"),
    "lobby.field": ("Table size (cm)", "Taille de la table (cm)"),
    # table
    "table.round": ("Round {round}/{max}", "Tour {round}/{max}"),
    "table.preparation": ("Preparation", "Préparation"),
    "table.first": ("First player: {side}", "Premier joueur : {side}"),
    "table.hand": ("{n} cards", "{n} cartes"),
    "table.bid.placed": ("The opponent has bid.", "L'adversaire a misé."),
    # confirmations of the secret choices (static/turns.js, cards.js confirmText)
    "confirm.bid": ("Bid {n} of your {reserve} reserve",
                    "Miser {n} sur votre réserve de {reserve}"),
    "confirm.mission": ("Play the mission {name}", "Jouer la mission {name}"),
    "confirm.hand": ("Take {cards} into your hand of tactical cards",
                     "Prendre {cards} dans votre main de cartes tactiques"),
    "confirm.leader": ("Choose {name} as your leader", "Choisir {name} comme chef"),
    "table.odds.incap": ("incapacitated", "hors de combat"),
    "table.odds.any": ("loses at least 1 {CP}", "perd au moins 1 {CP}"),
    "table.odds.expected": ("expected {CP} lost", "{CP} perdus en moyenne"),
    "table.odds.limb": ("limb wounded", "membre touché"),
    "table.odds.reaction": ("reaction: {r}", "réaction : {r}"),
    "table.score": ("Score ({VP})", "Score ({VP})"),
    "table.handover": ("Pass the device to {side}", "Passez l'appareil au {side}"),
    "table.handover.hint": (
        "The other player must not look: the next decision is secret.",
        "L'autre joueur ne doit pas regarder : la décision suivante est secrète."),
    "table.handover.ready": ("I am {side}: show my table", "Je suis le {side} : montrer ma table"),
    # fighter card
    "card.value": ("Value {v}", "Valeur {v}"),
    "card.limb": ("Limb", "Membre"),
    "card.faces": ("Faces", "Faces"),
    "card.values": ("White / red", "Blanc / rouge"),
    "card.cp": ("{CP}", "{CP}"),
    "card.markers": ("Markers", "Marqueurs"),
    "card.none": ("none", "aucun"),
    "card.equipment": ("Equipment", "Équipement"),
    "card.abilities": ("Abilities", "Capacités"),
    "card.ap": ("{AP} left: {n}", "{AP} restants : {n}"),
    "card.used": ("This round", "Ce tour-ci"),
    "card.wounded": ("wounded", "blessé"),
    "card.incapacitated": ("incapacitated", "hors de combat"),
    "card.leader": ("leader", "chef"),
    "table.cards": ("My cards", "Mes cartes"),
    "table.cards.hand": ("Tactical hand", "Main tactique"),
    "table.cards.missions": ("Missions", "Missions"),
    # verbs of the notation (buttons' group titles)
    "verb.bid": ("Secret bid", "Mise secrète"),
    "verb.first": ("First player", "Premier joueur"),
    "verb.leader": ("Troop leader", "Chef de troupe"),
    "verb.mission": ("Mission card", "Carte Mission"),
    "verb.place": ("Place scenery", "Placer un décor"),
    "verb.half": ("Half of the field", "Moitié de table"),
    "verb.deploy": ("Deploy", "Déploiement"),
    "verb.hand": ("Tactical hand", "Main tactique"),
    "verb.play": ("Play a tactical card", "Jouer une carte Tactique"),
    "verb.cancel": ("Cancellation", "Annulation"),
    "verb.activate": ("Activate", "Activer"),
    "verb.interrupt": ("Interrupt", "Interruption"),
    "verb.move": ("Move", "Déplacement"),
    "verb.charge": ("Charge", "Engagement"),
    "verb.attack": ("Melee attack", "Attaque de corps à corps"),
    "verb.shoot": ("Shooting", "Tir"),
    "verb.throw": ("Projectile", "Jet"),
    "verb.blast": ("Blast", "Souffle"),
    "verb.use": ("Special ability", "Capacité spéciale"),
    "verb.extinguish": ("Remove a burn marker", "Retirer un marqueur Brûlure"),
    "verb.pay": ("Pay an ability's cost", "Payer le coût d'une capacité"),
    "verb.react": ("Reaction", "Réaction"),
    "verb.strike": ("Strike back", "Frapper en retour"),
    "verb.aim": ("Aim", "Viser"),
    "verb.shift": ("Shift the location", "Décaler la localisation"),
    "verb.resolve": ("Treat next", "Traiter ensuite"),
    "verb.calm": ("Calm", "Calmer"),
    "verb.end": ("End the activation", "Terminer l'activation"),
    "verb.pass": ("Pass", "Passer"),
    "verb.other": ("Other", "Autre"),
    # words inside buttons
    "word.passive": ("passive", "passive"),
    "word.dodge": ("dodge", "esquive"),
    "word.response": ("response", "riposte"),
    "word.north": ("north", "nord"),
    "word.south": ("south", "sud"),
    "word.east": ("east", "est"),
    "word.west": ("west", "ouest"),
    "word.head": ("head", "Tête"),
    "word.arms": ("arms", "Bras"),
    "word.torso": ("torso", "Torse"),
    "word.legs": ("legs", "Jambes"),
    "word.burn": ("Burn", "Brûlure"),
    "word.fear": ("Fear", "Peur"),
    "word.poison": ("Poison", "Poison"),
    "word.rage": ("Rage", "Rage"),
    "word.slowdown": ("Slowdown", "Ralentissement"),
    # rules' terms
    "term.PSI": ("PSI", "PSI"),
    "term.CBT": ("CBT", "CBT"),
    "term.VIG": ("VIG", "VIG"),
    "term.SPD": ("SPD", "RAP"),
    "term.AP": ("AP", "PA"),
    "term.SP": ("SP", "PS"),
    "term.VP": ("VP", "PV"),
    "term.CP": ("CP", "PC"),
}

# -- the engine's English prompts and log lines in French ------------------------------------
# Each entry is (regular expression, template); every entry is applied in turn to the whole
# text (all its matches). In a template, {1} is the first group as matched and {1w} the same
# group through FR_WORDS. The expressions use the syntax common to Python and JavaScript.
_REF = r"(\S+)"
FR_PATTERNS: list[tuple[str, str]] = [
    # decisions' prompts
    (r"^Secret bid for the first player: (\d+) to (\d+) SP$",
     "Mise secrète pour le Premier joueur : de {1} à {2} PS"),
    (r"^You won the bid: who plays first\?$",
     "Vous avez remporté la mise : qui sera le Premier joueur ?"),
    (r"^Designate your troop leader$", "Désignez le chef de votre troupe"),
    (r"^Designate your troop leader \(your troop suggests (\S+)\)$",
     "Désignez le chef de votre troupe (votre troupe propose {1})"),
    (r"^Remove a Rage marker from a fighter, or pass$",
     "Retirez un marqueur Rage d'un combattant, ou passez"),
    (rf"^Pay (.+) so that {_REF}'s (.+) is in force until the end of the round, or pass\?$",
     "Payer {1} pour que {3} de {2} s'applique jusqu'à la fin du tour, ou passer ?"),
    (r"^Payer (\d+) AP and (\d+) SP pour", "Payer {1} PA et {2} PS pour"),
    (r"^Payer (\d+) (AP|SP) pour", "Payer {1} {2w} pour"),
    (r"^Payer nothing pour", "Payer rien pour"),
    (r"^Location (\d) \((\w+)\): shift it by up to (\d+)\?$",
     "Localisation {1} ({2w}) : la décaler de {3} au plus ?"),
    (rf"^{_REF} failed to withdraw: attack it with {_REF} \((\d+) AP\)\?$",
     "{1} a raté son désengagement : l'attaquer avec {2} ({3} PA) ?"),
    (r"^Play a mission card$", "Jouez une carte Mission"),
    (r"^Place a scenery element \((\d+) cm or more from scenery, edges and objectives\)$",
     "Placez un élément de décor (à {1} cm ou plus des décors, des bords et des objectifs)"),
    (r"^Choose your half of the field$", "Choisissez votre moitié de table"),
    (r"^Deploy your fighters in your (\w+) zone: ",
     "Déployez vos combattants dans votre zone {1w} : "),
    (r"^Take a tactical card \((\d+)/(\d+)\)$", "Prenez une carte Tactique ({1}/{2})"),
    (r"^Play a tactical card for (\d+) SP, or pass$",
     "Jouez une carte Tactique pour {1} PS, ou passez"),
    (r"^Start of your activation: play a card without the Tactical rule for (\d+) SP, or pass$",
     "Début de votre activation : jouez une carte sans la règle Tactique pour {1} PS, "
     "ou passez"),
    (r"^Designate a fighter to activate \(or pass\)$",
     "Désignez un combattant à activer (ou passez)"),
    (rf"^{_REF} \(SPD (\d+)\) is designated: interrupt or pass\?$",
     "{1} (RAP {2}) est désigné : interrompre ou passer ?"),
    (rf"^{_REF} has (\d+) AP: act or end$", "{1} a {2} PA : agir ou terminer son activation"),
    (rf"^{_REF} rolled location (\d) \((\w+)\) with (\d+) successes: aim at which limb\?",
     "{1} a obtenu la localisation {2} ({3w}) avec {4} succès : viser quel membre ?"),
    (r" \(the rest add to Str\)$", " (le reste s'ajoute à la Pui)"),
    (r"^Rulebook 6\.A, Dodge reaction: the target must spend 1 AP and has none$",
     "Livre de règles 6.A, réaction d'Esquive : la cible doit dépenser 1 PA et n'en a plus"),
    (r"^Rulebook 9, Fear: a frightened fighter cannot perform a response$",
     "Livre de règles 9, Peur : un combattant effrayé ne peut pas riposter"),
    (r"^Rulebook 6\.A, Response reaction: it costs an attack action's 1 AP$",
     "Livre de règles 6.A, réaction de Riposte : elle coûte le 1 PA d'une action d'Attaque"),
    (r"^Rulebook 6\.A, Response reaction: it counts as an attack, 2/round already made$",
     "Livre de règles 6.A, réaction de Riposte : elle compte comme une Attaque, déjà 2 ce "
     "tour-ci"),
    (rf"^{_REF} attacks {_REF} in melee: passive, dodge or response\?$",
     "{1} attaque {2} au corps à corps : passive, esquive ou riposte ?"),
    (r"^Pay (\d+) SP to cancel (.+)\?$", "Payer {1} PS pour annuler {2} ?"),
    (rf"^{_REF} lost the opposition roll: strike back at {_REF} or pass\?$",
     "{1} a perdu le jet d'opposition : frapper {2} en retour ou passer ?"),
    (r"^Choose the next fighter to treat for (\w+)$",
     "Choisissez le prochain combattant à traiter ({1w})"),
    # the log: actions, preparation, rounds
    (r"^player ([AB]): \(secret\)$", "joueur {1} : (secret)"),
    (r"^player ([AB]): ", "joueur {1} : "),
    (r"^preparation step (\d+): (\w+)$", "préparation, étape {1} : {2w}"),
    (r"^the preparation phase is over$", "la phase de Préparation est terminée"),
    (r"^round (\d+) begins$", "début du tour {1}"),
    (r"^end of round (\d+)$", "fin du tour {1}"),
    (r"^the match ends after round (\d+): ", "la partie se termine après le tour {1} : "),
    (r"round (\d+) is over$", "le tour {1} est terminé"),
    (r"a player has no fighter left on the field$",
     "un joueur n'a plus de combattant sur la table"),
    (r"^player ([AB]) reveals a (\w+) troop: (.+) \((\d+)/(\d+) points\)$",
     "le joueur {1} révèle une troupe de {2w} : {3} ({4}/{5} points)"),
    (r"^player ([AB]) secretly bids (\d+) SP$", "le joueur {1} mise secrètement {2} PS"),
    (r"^player ([AB]) has placed a secret bid$", "le joueur {1} a placé une mise secrète"),
    (r"^bids revealed: A (\d+) SP, B (\d+) SP \(both are lost\)$",
     "mises révélées : A {1} PS, B {2} PS (toutes deux perdues)"),
    (r"^tie-break: player A rolls (\d), player B rolls (\d): ",
     "départage : le joueur A obtient {1}, le joueur B obtient {2} : "),
    (r"equal, both roll again$", "égalité, les deux relancent"),
    (r": player ([AB]) wins$", " : le joueur {1} l'emporte"),
    (r"^player ([AB]) is the first player \(", "le joueur {1} est le Premier joueur ("),
    (r"\(chosen by ([AB])\)$", "(choisi par {1})"),
    (r"\(the opponent's fighter has finished its activation\)$",
     "(le combattant adverse a terminé son activation)"),
    (r"\(the first player passed\)$", "(le Premier joueur a passé)"),
    (r"\(the first player cannot activate\)$", "(le Premier joueur ne peut pas activer)"),
    (r"\(higher tie-break roll\)$", "(meilleur jet de départage)"),
    (r"^player ([AB])'s leader fell last round: player ([AB]) chooses the first player$",
     "le chef du joueur {1} est tombé au tour précédent : le joueur {2} choisit le Premier "
     "joueur"),
    (rf"^player ([AB]) designates {_REF} as troop leader$",
     "le joueur {1} désigne {2} comme chef de troupe"),
    (r"^player ([AB]) plays the revealed mission (.+) \((\w+) deployment\)$",
     "le joueur {1} joue la mission révélée {2} (déploiement {3w})"),
    (r"^player ([AB]) secretly plays (.+) \((\w+) deployment\)$",
     "le joueur {1} joue secrètement {2} (déploiement {3w})"),
    (r"^player ([AB]) plays a secret mission, face down$",
     "le joueur {1} joue une mission secrète, face cachée"),
    (r"^player ([AB]) places (.+) \((\S+)\) at \(([^)]+)\)",
     "le joueur {1} place {2w} ({3}) en ({4})"),
    (r", turned (\S+) degrees$", ", tourné de {1} degrés"),
    (r"^player ([AB]) takes the (\w+) half; player ([AB]) gets the (\w+) half$",
     "le joueur {1} prend la moitié {2w} ; le joueur {3} a la moitié {4w}"),
    (rf"^{_REF} is deployed at \(([^)]+)\) \(", "{1} est déployé en ({2}) ("),
    (r"\((\w+) zone: ", "(zone {1w} : "),
    (r"the (north|south|east|west) half", "la moitié {1w}"),
    (r"(\d+) cm or more from the centre line", "à {1} cm ou plus de la ligne centrale"),
    (r"(\d+) cm or more from the centre of the field", "à {1} cm ou plus du centre de la table"),
    (r"^player ([AB]) takes a tactical card \((\d+) in hand\)$",
     "le joueur {1} prend une carte Tactique ({2} en main)"),
    (r"^player ([AB]) takes (.+) into his tactical hand \((\d+)\)$",
     "le joueur {1} prend {2} dans sa main tactique ({3})"),
    (r"^player ([AB])'s tactical hand holds (\d+) cards?$",
     "la main tactique du joueur {1} compte {2} carte(s)"),
    (r"^player ([AB]) plays (.+)$", "le joueur {1} joue {2}"),
    (r"^player ([AB]) cancels (.+)$", "le joueur {1} annule {2}"),
    (r"^activation phase ends: ", "fin de la phase d'Activation : "),
    (r"two passes in a row$", "deux passes de suite"),
    (r"no fighter left to activate$", "plus aucun combattant à activer"),
    (r"the first player passed and his opponent cannot activate$",
     "le Premier joueur a passé et son adversaire ne peut pas activer"),
    # points and markers
    (r"^(\S+): ([+-]\d+) (SP|VP|AP|CP) ", "{1} : {2} {3w} "),
    (r"\((head|arms|torso|legs)\) ->", "({1w}) ->"),
    (r"\(plays (.+)\)$", "(joue {1})"),
    (r"\(bid lost\)$", "(mise perdue)"),
    (r"\(round (\d+)\)$", "(tour {1})"),
    (r"\(cancellation\)$", "(annulation)"),
    (r"\(Rulebook 4\.A step 9\)$", "(Livre de règles 4.A, étape 9)"),
    (rf"^{_REF} gets (\d+) (\w+) markers? -> ", "{1} reçoit {2} marqueur(s) {3w} -> "),
    (rf"^{_REF} loses (\d+) (\w+) markers? -> ", "{1} perd {2} marqueur(s) {3w} -> "),
    (r"\(intendancy step (\d+)\)$", "(Intendance, étape {1})"),
    (r"\(removed for (\d+) AP\)$", "(retiré pour {1} PA)"),
    # activations and moves
    (rf"^{_REF} interrupts {_REF}$", "{1} interrompt {2}"),
    (rf"^{_REF} is activated \((\d+) AP\)$", "{1} est activé ({2} PA)"),
    (rf"^{_REF} begins its activation$", "{1} commence son activation"),
    (rf"^{_REF} moves from \(([^)]+)\) to \(([^)]+)\)$", "{1} se déplace de ({2}) à ({3})"),
    (rf"^{_REF} charges from \(([^)]+)\) to \(([^)]+)\)$",
     "{1} effectue un Engagement de ({2}) à ({3})"),
    (rf"^{_REF} attacks the withdrawing {_REF}$", "{1} attaque {2}, qui se désengage"),
    (rf"^{_REF} withdraws from \(([^)]+)\) to \(([^)]+)\)$", "{1} se désengage de ({2}) à ({3})"),
    (rf"^{_REF} uses (.+) on {_REF}$", "{1} utilise {2} sur {3}"),
    (rf"^{_REF} uses (.+)$", "{1} utilise {2}"),
    # attacks and rolls
    (rf"^{_REF} (\w+) roll (\w+) (-?\d+) difficulty (\d+): (\[[^\]]*\]) -> (\d+) success(?:es)?",
     "{1}, jet de {2w} {3w} {4} difficulté {5} : {6} -> {7} succès"),
    (r" \((\d+)D6 at (\d)\+: ([^,]*), (\d+) success(?:es)?\)$",
     " ({1}D6 à {2}+ : {3}, {4} succès)"),
    # Rulebook 2.B: a difficulty above 6 (or below 1), and a characteristic lowered to 0
    (r" \(difficulty (\d+) lowered to 6, (\w+) (-?\d+) lowered to (-?\d+); (\d+)D6 at (\d)\+: "
     r"([^,]*), (\d+) success(?:es)?\)$",
     " (difficulté {1} abaissée à 6, {2w} {3} abaissée à {4} ; {5}D6 à {6}+ : {7}, {8} succès)"),
    (r" \(difficulty (\d+) lowered to 6, (\w+) (-?\d+) lowered to (-?\d+); (\w+) (-?\d+) is 0 or "
     r"less: no dice rolled, the roll fails automatically\)$",
     " (difficulté {1} abaissée à 6, {2w} {3} abaissée à {4} ; {5w} {6} vaut 0 ou moins : aucun "
     "dé lancé, le jet échoue d'office)"),
    (r" \((\w+) (-?\d+) is 0 or less: no dice rolled, the roll fails automatically\)$",
     " ({1w} {2} vaut 0 ou moins : aucun dé lancé, le jet échoue d'office)"),
    (r" \(difficulty (-?\d+) raised to 1, every die succeeds; (\d+)D6 at (\d)\+: ([^,]*), "
     r"(\d+) success(?:es)?\)$",
     " (difficulté {1} relevée à 1, chaque dé réussit ; {2}D6 à {3}+ : {4}, {5} succès)"),
    (r" \(each die above VIG wounds\)$", " (chaque dé au-dessus de la VIG blesse)"),
    (rf"^{_REF} location roll: \[(\d)\] {_REF}'s (\w+)$",
     "{1}, jet de localisation : [{2}] {4w} de {3}"),
    (r"^location (\d): (\w+)$", "localisation {1} : {2w}"),
    (rf"^{_REF} spends (\d+) success(?:es)? to shift the location (\d) -> (\d): (\w+)$",
     "{1} dépense {2} succès pour décaler la localisation {3} -> {4} : {5w}"),
    (rf"^{_REF} CBT (\d+) vs {_REF} (\d+): faces \[([\d, ]+)\]; (won|lost) {_REF} wins$",
     "{1} CBT {2} contre {3} {4} : faces [{5}] ; {7} l'emporte"),
    (rf"^{_REF} takes (\d+) wounds? to the (\w+)", "{1} subit {2} blessure(s) : {3w}"),
    (r", (\d+) stopped by protection: loses", ", {1} arrêtée(s) par la protection : loses"),
    (r": loses (\d+) CP \((\d+) left\)", " : perd {1} PC (reste {2})"),
    (r" - the limb is now wounded$", " – le membre est désormais blessé"),
    (rf"^{_REF} is incapacitated and removed from the field$",
     "{1} est hors de combat et retiré de la table"),
    (rf"^{_REF} reacts to {_REF}'s attack: (\w+)$", "{1} réagit à l'attaque de {2} : {3w}"),
    (rf"^{_REF}'s attack on {_REF} succeeds$", "l'attaque de {1} sur {2} réussit"),
    (rf"^{_REF}'s attack on {_REF} fails$", "l'attaque de {1} sur {2} échoue"),
    (rf"^{_REF}'s attack fails: no success$", "l'attaque de {1} échoue : aucun succès"),
    (rf"^{_REF}'s shot at {_REF} succeeds$", "le tir de {1} sur {2} réussit"),
    (rf"^{_REF}'s shot at {_REF} fails$", "le tir de {1} sur {2} échoue"),
    (rf"^{_REF}'s shot fails: no success$", "le tir de {1} échoue : aucun succès"),
    (rf"^{_REF} dodges (\d+); (\d+) success(?:es)? remains?$",
     "{1} esquive {2} ; il reste {3} succès"),
    (rf"^{_REF} does not strike back$", "{1} ne frappe pas en retour"),
    (rf"^{_REF} shoots at {_REF} with (.+) \((\d+) AP\)$", "{1} tire sur {2} avec {3} ({4} PA)"),
    (rf"^{_REF} throws at \(([^)]+)\) with (.+) \((\d+) AP\)$",
     "{1} lance en ({2}) avec {3} ({4} PA)"),
    (rf"^{_REF} blasts at (\S+) degrees with (.+) \((\d+) AP\)$",
     "{1} souffle à {2} degrés avec {3} ({4} PA)"),
    (rf"^{_REF}'s (.+?): the (point|explosion template|blast template) at ",
     "{2} de {1} : {3w} à "),
    (r" degrees, axis (\S+) degrees covers ", " degrés, axe {1} degrés, couvre "),
    (r" degrees covers ", " degrés, couvre "),
    (r"\) covers ", "), couvre "),
    (r"couvre nobody$", "ne couvre personne"),
    (rf"^{_REF}'s (.+) lands$", "{2} de {1} atterrit"),
    (rf"^{_REF}'s shooting CBT: ", "CBT de tir de {1} : "),
    (r"([+-]\d+) from ", "{1} par "),
    (r"([+-]\d+) for (\d+) obstacles?", "{1} pour {2} obstacle(s)"),
    (rf"^(\d+) success(?:es)? \(odd\) against {_REF}, who is not free: {_REF}'s shot hits "
     rf"{_REF}, in contact and nearest to the shooter$",
     "{1} succès (impair) contre {2}, qui n'est pas libre : le tir de {3} touche {4}, en contact "
     "et le plus proche du tireur"),
    (r"^nobody is affected$", "personne n'est touché"),
    (r"^more victory points$", "plus de points de victoire"),
    (r"^equal victory points: a draw$", "autant de points de victoire : match nul"),
    (r"^(.+) ends$", "fin de {1}"),
]

FR_WORDS: dict[str, str] = {
    "head": "Tête", "arms": "Bras", "torso": "Torse", "legs": "Jambes",
    "north": "nord", "south": "sud", "east": "est", "west": "ouest",
    "passive": "passive", "dodge": "esquive", "response": "riposte",
    "burn": "Brûlure", "fear": "Peur", "poison": "Poison", "rage": "Rage",
    "slowdown": "Ralentissement",
    "melee": "corps à corps", "shooting": "tir", "withdrawal": "désengagement",
    "strength": "puissance", "explosive": "explosion",
    "CBT": "CBT", "VIG": "VIG", "PSI": "PSI", "SPD": "RAP", "Str": "Pui",
    "Explosive": "Explosif",
    "AP": "PA", "SP": "PS", "VP": "PV", "CP": "PC",
    "Confrontation": "Confrontation", "Ambush": "Embuscade",
    "confrontation": "confrontation", "ambush": "embuscade",
    "faction": "faction", "stigma": "stigmate",
    "troops": "troupes", "bid": "mise", "leaders": "chefs", "missions": "missions",
    "scenery": "décors", "deployment": "déploiement", "hands": "mains", "ap": "PA",
    "point": "le point", "explosion template": "le gabarit d'explosion",
    "blast template": "le gabarit de souffle",
}


# -- equipment in the French card notation (Rulebook 8, docs/rulings.md) -------------------------
# The view writes each item in the English notation; these give the French rulebook's
# ("Pistolet (Tir) : Portée(20), Pui(3)", what ``Equipment.to_text("fr")`` prints).
_KIND = r"(Shooting|Projectile|Blast|Pr|Tech)"
FR_EQUIPMENT_PATTERNS: list[tuple[str, str]] = [
    (rf"\({_KIND}/{_KIND}\):", "({1w}/{2w}) :"),
    (rf"\({_KIND}\):", "({1w}) :"),
    (r"\b(PSI|CBT|VIG|SPD) ([+-]\d+)", "{1w}{2}"),
    (r" - ", " – "),
    (r"\b(Burn|Fear|Explosive|Range|Str|Poison|Rage|Slowdown)\(", "{1w}("),
    (r"(\d+)/match\b", "{1}/partie"),
    (r"(\d+)/round\b", "{1}/tour"),
    (r"\b(head|arms|torso|legs|complete) ([+-]\d+)", "{1w}{2}"),
    (r"\b(head|arms|torso|legs|complete)\b", "{1w}"),
]
FR_EQUIPMENT_WORDS: dict[str, str] = {
    "Shooting": "Tir", "Projectile": "Jet", "Blast": "Souffle", "Pr": "Pr", "Tech": "Tech",
    "PSI": "PSI", "CBT": "CBT", "VIG": "VIG", "SPD": "RAP",
    "Burn": "Brûlure", "Fear": "Effrayant", "Explosive": "Explosif", "Range": "Portée",
    "Str": "Pui", "Poison": "Poison", "Rage": "Rage", "Slowdown": "Ralentissement",
    "head": "Tête", "arms": "Bras", "torso": "Torse", "legs": "Jambes", "complete": "Complète",
}

# -- sentences, the picture and the cards (i18n_sentences, i18n_picture) -------------------------
FR_WORDS.update(SCENERY)
# the scenery's names in buttons (SK.word), as the notation writes them
WORDS.update({f"word.{name.replace(' ', '-')}": (name, french) for name, french in SCENERY.items()})
FR_WORDS.update({name.replace(" ", "-"): french for name, french in SCENERY.items()})
# the heuristic's reasons ("Why?" of a decision taken without a search) and a probe's most
# frequent refusals in French
FR_PATTERNS[:0] = FR_REASONS + FR_REFUSALS
# the optional rules' log lines (i18n_optional), before the basic rules' catch-alls
FR_PATTERNS[:0] = FR_OPTIONAL
FR_WORDS.update(FR_OPTIONAL_WORDS)

__all__ = ["CARD_PATTERNS", "FR_EQUIPMENT_PATTERNS", "FR_EQUIPMENT_WORDS", "FR_PATTERNS",
           "FR_SENTENCES", "FR_WORDS", "PICTURE_PATTERNS", "PICTURE_WORDS", "SCENERY",
           "SENTENCES", "WORDS"]

# the engine's refusals (a typed action, a probed point, a move in words) in French
FR_PATTERNS[:0] = FR_REFUSALS_FIRST
FR_PATTERNS.extend(FR_REFUSALS_LAST)
