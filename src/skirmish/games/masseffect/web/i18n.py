"""The words of the web table for Mass Effect: Annihilation (merged into
:mod:`skirmish.web.i18n`).

The draft is French: its terms (Tir, Défense, Mêlée, Qualité, Vitalité, Armure, Héroïsme,
Bouclier, Barrière, pas) are kept as it spells them in both languages, as Eden's rulebook
terms are. :data:`FR_PATTERNS` turn the engine's English prompts and its most frequent log
lines into French; a line no pattern knows stays as the engine wrote it.
"""

from __future__ import annotations

import re

from skirmish.games.masseffect.bots.reasons import FR_REASONS
from skirmish.games.masseffect.web.i18n_refusals import FR_REFUSALS

#: Every UI string of ME:A: key -> (English, French).
WORDS: dict[str, tuple[str, str]] = {
    # lobby
    "ruleset.masseffect": ("Mass Effect: Annihilation", "Mass Effect: Annihilation"),
    "lobby.band": ("Band", "Bande"),
    "lobby.band.sample": ("Sample band: {band} ({faction}, {cost}/{budget} points)",
                          "Bande d'exemple : {band} ({faction}, {cost}/{budget} points)"),
    "lobby.band.yaml": ("Paste a band (YAML)…", "Coller une bande (YAML)…"),
    "lobby.band.text": ("Band (YAML: name, faction, budget, figures)",
                        "Bande (YAML : name, faction, budget, figures)"),
    "lobby.scenario": ("Scenario", "Scénario"),
    "lobby.scenario.option": ("{name} ({turns} turns, {w}×{h} pas)",
                              "{name} ({turns} tours, {w}×{h} pas)"),
    # the status line
    "me.turn": ("Turn {turn}/{turns}", "Tour {turn}/{turns}"),
    "me.deployment": ("Deployment", "Déploiement"),
    "me.initiative": ("Initiative: {side}", "Initiative : {side}"),
    "me.score": ("{side}: {n} points", "{side} : {n} points"),
    "me.phase": ("Phase de {phase}", "Phase de {phase}"),
    # the profile card
    "me.card.profile": ("Profile (the draft's notation)", "Profil"),
    "me.card.weapons": ("Weapons and gear", "Équipement"),
    "me.card.powers": ("Powers", "Pouvoirs"),
    "me.card.left": ("What is left", "Ce qui reste"),
    "me.card.turn": ("This turn", "Ce tour-ci"),
    "me.vitality": ("Vitalité {n}/{max}", "Vitalité {n}/{max}"),
    "me.armour": ("Armure {n}", "Armure {n}"),
    "me.heroism": ("Héroïsme {n}", "Héroïsme {n}"),
    "me.shield": ("Bouclier {save}+: {n} use(s) left this phase",
                  "Bouclier {save}+ : {n} utilisation(s) restante(s) dans cette phase"),
    "me.barrier": ("Barrière {save}+: {n} use(s) left this phase",
                   "Barrière {save}+ : {n} utilisation(s) restante(s) dans cette phase"),
    "me.stripped": ("{what} switched off this turn", "{what} désactivé ce tour-ci"),
    "me.statuses": ("Statuses: {what}", "États : {what}"),
    "me.engaged": ("engaged in melee", "engagé au corps à corps"),
    "me.out": ("out of action", "hors de combat"),
    "me.extracted": ("extracted", "extrait"),
    "me.not_deployed": ("not deployed yet", "pas encore déployé"),
    "me.carries": ("carries data", "porte des données"),
    "me.uses": ("{n} use(s) left", "{n} utilisation(s) restante(s)"),
    "me.moved.stay": ("stayed", "resté immobile"),
    "me.moved.walk": ("walked", "a marché"),
    "me.moved.run": ("ran", "a couru"),
    "me.did.power": ("used a power", "a utilisé un pouvoir"),
    "me.did.shot": ("shot", "a tiré"),
    "me.did.special": ("special action", "action spéciale"),
    "me.did.fought": ("fought", "a combattu"),
    "me.wielding": ("strikes with {w} this phase", "frappe avec {w} pendant cette phase"),
    "me.melee.arms": ("{a} strikes with {wa}, {b} with {wb}",
                      "{a} frappe avec {wa}, {b} avec {wb}"),
    "me.opportunity.arms": ("{a} strikes with {w}", "{a} frappe avec {w}"),
    "me.bare": ("bare hands", "mains nues"),
    # ME44: a scenery element's tooltip while figures may climb
    "me.height": ("{n} pas high", "{n} pas de haut"),
    "me.height.climb": ("{n} pas high, may be climbed", "{n} pas de haut, escaladable"),
    # odds, sight, tape
    "me.odds": ("Exact odds", "Probabilités exactes"),
    "me.odds.roll": ("roll {x}+{mod}, {n} shot(s): {p} each",
                     "jet {x}+{mod}, {n} tir(s) : {p} chacun"),
    "me.odds.noroll": ("no roll", "sans jet"),
    "me.odds.hit": ("at least one hit {p}", "au moins une touche {p}"),
    "me.odds.out": ("out of action {p}", "hors de combat {p}"),
    "me.odds.wounds": ("{n} wounds expected", "{n} blessures en moyenne"),
    "me.odds.none": ("No damage roll to compute: this power's effects are not wounds.",
                     "Aucun jet de dégâts à calculer : les effets de ce pouvoir ne sont pas des "
                     "blessures."),
    "me.odds.note": ("Heroic actions are not counted.",
                     "Les actions héroïques ne sont pas comptées."),
    "me.cover": ("in cover ({id}): Défense {d}+", "à couvert ({id}) : Défense {d}+"),
    "me.open": ("in the open: no Défense roll", "à découvert : pas de jet de Défense"),
    "me.obstacle": ("obstacle: −1", "obstacle : −1"),
    "me.stayed": ("stayed: +1", "immobile : +1"),
    "me.counter": ("counter-charge shot: −1", "tir de contre-charge : −1"),
    "me.lifted": ("lifted: no Défense roll", "soulevé : pas de jet de Défense"),
    "me.ignores": ("{what} does not save", "{what} ne protège pas"),
    "me.melee": ("{a} against {b}: {a} hits {pa}, {b} hits {pb}, nobody {pn}",
                 "{a} contre {b} : {a} touche {pa}, {b} touche {pb}, personne {pn}"),
    "me.melee.out": ("out of action: {a} {pa}, {b} {pb}",
                     "hors de combat : {a} {pa}, {b} {pb}"),
    "me.opportunity": ("opportunity attack {a} → {b}: hits {p}, out of action {po}",
                       "attaque d'opportunité {a} → {b} : touche {p}, hors de combat {po}"),
    "me.sight.allowed": ("{to} may be targeted from {from}", "{to} peut être ciblé par {from}"),
    "me.sight.refused": ("{to} may not be targeted: {reason}",
                         "{to} ne peut pas être ciblé : {reason}"),
    "me.sight.distance": ("{n} pas away", "à {n} pas"),
    "me.sight.weapon": ("{name} (range {range} pas): {verdict}",
                        "{name} (portée {range} pas) : {verdict}"),
    "me.sight.in_range": ("in range", "à portée"),
    "me.sight.out_of_range": ("out of range", "hors de portée"),
    "me.tape": ("{how}: path {length} cm ({lp} pas), {left} cm ({leftp} pas) left",
                "{how} : trajet {length} cm ({lp} pas), reste {left} cm ({leftp} pas)"),
    "me.walk": ("Walk", "Marche"),
    "me.run": ("Run", "Course"),
    "me.click": ("Click the table: a walk, or a run when the walk is too short.",
                 "Cliquez la table : une marche, ou une course si la marche ne suffit pas."),
    # verbs of the notation
    "verb.edge": ("Table edge", "Bord de table"),
    "verb.stay": ("Stay", "Rester immobile"),
    "verb.walk": ("Walk", "Marcher"),
    "verb.run": ("Run", "Courir"),
    "verb.power": ("Power", "Pouvoir"),
    "verb.area": ("Power on a point", "Pouvoir sur un point"),
    "verb.special": ("Special action", "Action spéciale"),
    "verb.hold": ("Hold", "Attendre"),
    "verb.fight": ("Melee fight", "Combat de mêlée"),
    "verb.oppose": ("Opponent", "Adversaire"),
    "verb.wield": ("Melee weapon", "Arme de mêlée"),
    "verb.climb": ("Climb", "Escalader"),
    "verb.heroic": ("Heroic action", "Action héroïque"),
    "verb.group": ("Action groupée", "Action groupée"),
    "word.lower": ("lower edge", "bord inférieur"),
    "word.upper": ("upper edge", "bord supérieur"),
    "word.effort": ("effort", "effort"),
    "word.stand": ("stand", "tenir bon"),
}

_REF = r"(\S+)"
#: The engine's ME:A prompts and frequent log lines in French (see i18n.FR_PATTERNS).
FR_PATTERNS: list[tuple[str, str]] = [
    (r"^Begin the match: the first die is rolled once both players have begun$",
     "Commencez la partie : le premier dé est lancé quand les deux joueurs ont commencé"),
    (r"^You won the roll-off: choose your table edge$",
     "Vous avez remporté le jet : choisissez votre bord de table"),
    (r"^Deploy a figure within (\d+) pas of your edge$",
     "Déployez une figurine à {1} pas ou moins de votre bord"),
    (r"^Phase de mouvement: stay, walk or run with one of ",
     "Phase de mouvement : rester immobile, marcher ou courir avec l'une de "),
    (r"^(Phase de pouvoirs|Phase de tir|Phase d'actions spéciales): pick a figure to "
     r"(?:use a power|shoot|take a special action) \((.+)\), hold, or pass$",
     "{1} : choisissez une figurine ({2}), attendez, ou passez"),
    (rf"^{_REF}: (.+)\. (.+) for (\d+) Héroïsme \((\d+) left\)\?$",
     "{1} : {2}. {3} pour {4} Héroïsme ({5} restant(s)) ?"),
    (r" : hit by (\S+)\. ", " : touché par {1}. "),
    (r" : the roll failed\. ", " : le jet a échoué. "),
    (r" : the melee roll failed\. ", " : le jet de mêlée a échoué. "),
    (r" : the (Bouclier|Barrière|Défense) roll failed\. ", " : le jet de {1} a échoué. "),
    (r" : (\d+) wound\(s\) would put it out of action\. ",
     " : {1} blessure(s) le mettraient hors de combat. "),
    (r"^Phase de mêlée: choose the next fight \((.+)\)$",
     "Phase de mêlée : choisissez le prochain combat ({1})"),
    (rf"^{_REF} is the lone figure: choose its opponent for the normal melee \((.+)\)$",
     "{1} est la figurine isolée : choisissez son adversaire pour la mêlée normale ({2})"),
    (rf"^{_REF}: choose the melee weapon it strikes with this phase \((.+)\)$",
     "{1} : choisissez l'arme de mêlée avec laquelle il frappe pendant cette phase ({2})"),
    (rf"^{_REF} wields (\S+) \(for the phase\)$", "{1} prend {2} (pour la phase)"),
    (rf"^{_REF}: Action groupée for 1 Héroïsme\? Up to 2 of (.+) act right after him$",
     "{1} : Action groupée pour 1 Héroïsme ? Jusqu'à 2 de {2} agissent juste après lui"),
    (r"^player ([AB]) wins the roll-off \(rolls (.+)\)$",
     "le joueur {1} remporte le jet (dés {2})"),
    (r"^player ([AB]) takes the (lower|upper) edge$", "le joueur {1} prend le {2w}"),
    (r"^player ([AB]) ends his (pouvoirs|tir|actions spéciales) phase$",
     "le joueur {1} termine sa phase de {2}"),
    (r"^Turn (\d+): initiative to player ([AB]) ", "Tour {1} : initiative au joueur {2} "),
    (rf"^{_REF} (walks|runs) ([\d.]+) pas to ", "{1} {2w} {3} pas jusqu'en "),
    (rf"^{_REF} climbs over (\S+) ([\d.]+) pas to ", "{1} escalade {2} sur {3} pas jusqu'en "),
    # a power's push or pull (combat.effects.push: the figure moved by it)
    (rf"^{_REF} is (thrown|pulled) ([\d.]+) pas to ", "{1} est {2w} de {3} pas jusqu'en "),
    (rf"^{_REF} stays, facing ", "{1} reste immobile, orienté à "),
    (rf"^{_REF} deploys at ", "{1} se déploie en "),
    (rf"^{_REF} holds$", "{1} attend"),
    (rf"^{_REF} fights {_REF}$", "{1} combat {2}"),
    (rf"^{_REF} charges {_REF}$", "{1} charge {2}"),
    (rf"^{_REF} takes (\d+) wounds? \(Armure (\d+), Vitalité (\d+)\)",
     "{1} subit {2} blessure(s) (Armure {3}, Vitalité {4})"),
    (r", out of action$", ", hors de combat"),
    (r"^player ([AB]) scores (\d+) \(enemy figures out of action\)$",
     "le joueur {1} marque {2} (figurines ennemies hors de combat)"),
    (r"^player ([AB]) scores (\d+) \(holds objective-(\d+)\)$",
     "le joueur {1} marque {2} (tient l'objectif {3})"),
    (r"^player ([AB]) scores (\d+) \(holds (\S+)\)$", "le joueur {1} marque {2} (tient {3})"),
    (r"^player ([AB]) scores (\d+) \((\d+) data extracted\)$",
     "le joueur {1} marque {2} ({3} données extraites)"),
    (rf"^{_REF} (damage|heal|impact) (D\d+|\d+): (\d+)$", "{1}, {2w} {3} : {4}"),
    (r"^equal scores: a draw$", "scores égaux : match nul"),
    (r"^the higher score$", "le meilleur score"),
    (r"^more data extracted$", "plus de données extraites"),
]
#: Words the patterns' ``{Nw}`` groups read (added to i18n.FR_WORDS).
FR_WORDS: dict[str, str] = {
    "lower": "bord inférieur", "upper": "bord supérieur", "walks": "marche", "runs": "court",
    "thrown": "projeté", "pulled": "attiré",
}


# -- the notation of a log line as a sentence (docs/web.md, Words, not notation) ----------------
# "player A: <notation>" (core.events.ActionEvent) -> an English sentence, made on the server
# (web.frames.log_lines: the line's ``line``; its ``text`` keeps the notation), which
# FR_SENTENCES then turn into French. Points are written "(x, y)", facings "facing N°".
_P = r"([AB])"
_NUM = r"(-?\d+(?:\.\d+)?)"
_AT = rf"{_NUM},{_NUM}"
SENTENCES: list[tuple[str, str]] = [
    (rf"^player {_P}: \(secret\)$", "player {1} makes a secret choice"),
    (rf"^player {_P}: pass$", "player {1} passes"),
    (rf"^player {_P}: edge (\w+)$", "player {1} chooses the {2} edge"),
    (rf"^player {_P}: deploy (\S+) {_AT} (-?\d+)$",
     "player {1} deploys {2} at ({3}, {4}), facing {5}°"),
    (rf"^player {_P}: stay (\S+) (-?\d+)$", "player {1}: {2} stays, facing {3}°"),
    (rf"^player {_P}: walk (\S+) {_AT} (-?\d+)$",
     "player {1}: {2} walks to ({3}, {4}), facing {5}°"),
    (rf"^player {_P}: run (\S+) {_AT} (-?\d+)$",
     "player {1}: {2} runs to ({3}, {4}), facing {5}°"),
    (rf"^player {_P}: power (\S+) (\S+) (\S+)$", "player {1}: {2} uses {3} on {4}"),
    (rf"^player {_P}: power (\S+) (\S+)$", "player {1}: {2} uses {3}"),
    (rf"^player {_P}: area (\S+) (\S+) {_AT}$", "player {1}: {2} uses {3} at ({4}, {5})"),
    (rf"^player {_P}: shoot (\S+) (\S+) (\S+)$", "player {1}: {2} shoots at {4} with {3}"),
    (rf"^player {_P}: special (\S+) (\S+) (\S+)$", "player {1}: {2} does {3} on {4}"),
    (rf"^player {_P}: special (\S+) (\S+)$", "player {1}: {2} does {3}"),
    (rf"^player {_P}: climb (\S+) (\S+) {_AT}$",
     "player {1}: {2} climbs over {3} to ({4}, {5})"),
    (rf"^player {_P}: hold (\S+)$", "player {1}: {2} holds"),
    (rf"^player {_P}: fight (\S+)$", "player {1} picks the fight of {2}"),
    (rf"^player {_P}: oppose (\S+)$", "player {1} picks {2} as the opponent"),
    (rf"^player {_P}: wield (\S+) (\S+)$", "player {1}: {2} takes up {3}"),
    (rf"^player {_P}: heroic (\w+)$", "player {1} makes a heroic action: {2}"),
    (rf"^player {_P}: group (\S+) (\S+)$", "player {1} groups {2} and {3}"),
    (rf"^player {_P}: group (\S+)$", "player {1} groups {2}"),
]

#: The sentences above in French (first in the "log" table).
FR_SENTENCES: list[tuple[str, str]] = [
    (r"^player ([AB]) makes a secret choice$", "le joueur {1} fait un choix secret"),
    (r"^player ([AB]) passes$", "le joueur {1} passe"),
    (r"^player ([AB]) chooses the (\w+) edge$", "le joueur {1} choisit le {2w}"),
    (r"^player ([AB]) deploys (\S+) at (\([^)]*\)), facing (\S+)°$",
     "le joueur {1} déploie {2} en {3}, orienté à {4}°"),
    (r"^player ([AB]): (\S+) stays, facing (\S+)°$",
     "joueur {1} : {2} reste immobile, orienté à {3}°"),
    (r"^player ([AB]): (\S+) (walks|runs) to (\([^)]*\)), facing (\S+)°$",
     "joueur {1} : {2} {3w} jusqu'en {4}, orienté à {5}°"),
    (r"^player ([AB]): (\S+) uses (\S+) on (\S+)$", "joueur {1} : {2} utilise {3} sur {4}"),
    (r"^player ([AB]): (\S+) uses (\S+) at (\([^)]*\))$",
     "joueur {1} : {2} utilise {3} en {4}"),
    (r"^player ([AB]): (\S+) uses (\S+)$", "joueur {1} : {2} utilise {3}"),
    (r"^player ([AB]): (\S+) shoots at (\S+) with (\S+)$",
     "joueur {1} : {2} tire sur {3} avec {4}"),
    (r"^player ([AB]): (\S+) does (\S+) on (\S+)$", "joueur {1} : {2} fait {3} sur {4}"),
    (r"^player ([AB]): (\S+) does (\S+)$", "joueur {1} : {2} fait {3}"),
    (r"^player ([AB]): (\S+) climbs over (\S+) to (\([^)]*\))$",
     "joueur {1} : {2} escalade {3} jusqu'en {4}"),
    (r"^player ([AB]): (\S+) holds$", "joueur {1} : {2} attend"),
    (r"^player ([AB]) picks the fight of (\S+)$", "le joueur {1} choisit le combat de {2}"),
    (r"^player ([AB]) picks (\S+) as the opponent$",
     "le joueur {1} choisit {2} comme adversaire"),
    (r"^player ([AB]): (\S+) takes up (\S+)$", "joueur {1} : {2} prend {3}"),
    (r"^player ([AB]) makes a heroic action: (\w+)$",
     "le joueur {1} fait une action héroïque : {2w}"),
    (r"^player ([AB]) groups (\S+) and (\S+)$", "le joueur {1} groupe {2} et {3}"),
    (r"^player ([AB]) groups (\S+)$", "le joueur {1} groupe {2}"),
]
FR_WORDS.update({"dodge": "esquive", "effort": "effort", "stand": "tenir bon"})

# the rolls, saves, statuses and heroic actions of the log (events.RollNote, events.Note)
FR_PATTERNS += [
    (rf"^{_REF} shot \((.+?)\) (\d)\+: ", "{1}, tir ({2}) {3}+ : "),
    (rf"^{_REF} climb (\d)\+: ", "{1}, jet d'escalade {2}+ : "),
    (rf"^{_REF} power \((.+?)\) (\d)\+: ", "{1}, pouvoir ({2}) {3}+ : "),
    (rf"^{_REF} (melee|opportunity attack|hack|download|react|unlock|Bouclier|Barrière|"
     r"Défense) "
     r"(\d)\+: ", "{1}, jet de {2w} {3}+ : "),
    (r", success$", ", réussite"),
    (r", failure$", ", échec"),
    (rf"^{_REF} is saved by its cover$", "{1} est protégé par son couvert"),
    (rf"^{_REF} is saved by its (\S+)$", "{1} est protégé : {2}"),
    (rf"^{_REF} loses its (\S+) until the end of the turn$",
     "{1} perd : {2}, jusqu'à la fin du tour"),
    (rf"^{_REF} restores its (\S+)$", "{1} récupère : {2}"),
    (rf"^{_REF} (\S+) ([+-]\d+) until the end of the turn$",
     "{1} : {2} {3} jusqu'à la fin du tour"),
    (rf"^{_REF} is back in action \(ME35\)$", "{1} revient en action (ME35)"),
    (rf"^{_REF} heals (\d+) \(Vitalité (\d+)\)$", "{1} récupère {2} (Vitalité {3})"),
    (rf"^{_REF} is stopped short \(impact\)$", "{1} est arrêté net (impact)"),
    (rf"^{_REF} burns \(ME34\)$", "{1} brûle (ME34)"),
    (rf"^{_REF} is (\w+) \(ME34\)$", "{1} : {2w} (ME34)"),
    (rf"^{_REF} leaves the table with (\d+) data \(ME37\)$",
     "{1} quitte la table avec {2} donnée(s) (ME37)"),
    (rf"^{_REF} passes the data to {_REF}$", "{1} passe les données à {2}"),
    (rf"^{_REF} opens (\S+)$", "{1} ouvre {2}"),
    (rf"^{_REF} closes (\S+)$", "{1} ferme {2}"),
    (rf"^{_REF} picks up (\S+)$", "{1} ramasse {2}"),
    (rf"^{_REF} unlocks (\S+)$", "{1} déverrouille {2}"),
    (rf"^{_REF} downloads the data of (\S+)$", "{1} télécharge les données de {2}"),
    (rf"^{_REF} loses its counter-charge \((.+?)\) \(house rule me-counter-charge-roll\)$",
     "{1} perd sa contre-charge ({2}) (règle maison me-counter-charge-roll)"),
    (rf"^{_REF} charges {_REF} \(from its rear arc\)$", "{1} charge {2} (par son arc arrière)"),
    (rf"^{_REF} and {_REF}: no hit$", "{1} et {2} : aucune touche"),
    (rf"^{_REF} spends (\d+) Héroïsme: ", "{1} dépense {2} Héroïsme : "),
    (r"\(the hit from (\S+) misses\)$", "(la touche de {1} manque)"),
    (r"\((Défense|Bouclier|Barrière) rolled again\)$", "({1} relancé)"),
    (r"\(stays in action with 1 Vitalité\)$", "(reste en action avec 1 Vitalité)"),
    (r"\(the shot is rolled again\)$", "(le tir est relancé)"),
    (r"\(the power's roll is made again\)$", "(le jet du pouvoir est refait)"),
    (r"\(the opportunity attack is rolled again\)$", "(l'attaque d'opportunité est relancée)"),
    (r"\(the Qualité roll is made again\)$", "(le jet de Qualité est refait)"),
    (r"\(the melee roll is made again\)$", "(le jet de mêlée est refait)"),
    (r"\((.+) act next\)$", "({1} agissent ensuite)"),
]
FR_WORDS.update({"damage": "dégâts", "heal": "soins", "impact": "impact",
                 "melee": "mêlée", "opportunity attack": "attaque d'opportunité",
                 "hack": "piratage", "download": "téléchargement", "unlock": "déverrouillage",
                 "react": "réaction",
                 "Bouclier": "Bouclier", "Barrière": "Barrière", "Défense": "Défense",
                 # ME34's statuses (rules.STATUSES), as "A.X is burning (ME34)" names them
                 "stunned": "sonné", "lifted": "soulevé", "burning": "en feu"})


# -- the table's picture (games.masseffect.table) in French (the "picture" table: common.js
# applies it to each text and tooltip of the picture; a wrapped legend entry line by line)
PICTURE_PATTERNS: list[tuple[str, str]] = [
    (r"^Mass Effect: Annihilation · (.+) · Turn (\d+) of (\d+) · points A (\d+) – B (\d+)",
     "Mass Effect: Annihilation · {1} · Tour {2} sur {3} · points A {4} – B {5}"),
    (r"^Mass Effect: Annihilation · (.+) · Deployment · points A (\d+) – B (\d+)",
     "Mass Effect: Annihilation · {1} · Déploiement · points A {2} – B {3}"),
    (r" · data out A (\d+) – B (\d+)$", " · données extraites A {1} – B {2}"),
    (r"^· (lower|upper) edge \((north|south)\)$", "· bord {1w} ({2w})"),
    (r" · (lower|upper) edge \((north|south)\)$", " · bord {1w} ({2w})"),
    (r" · (lower|upper) edge$", " · bord {1w}"),
    (r"^(lower|upper) edge \((north|south)\)$", "bord {1w} ({2w})"),
    (r" · (lower|upper)$", " · bord {1w}"),
    (r"^edge \((north|south)\)$", "({1w})"),
    (r"^\((north|south)\)$", "({1w})"),
    (r"^(.+): not deployed yet$", "{1} : pas encore déployé"),
    (r"^(.+): not deployed$", "{1} : pas encore"),
    (r"^(.+): not$", "{1} : pas encore"),
    (r"^deployed yet$", "déployé"),
    (r"^yet$", "déployé"),
    (r"^(.+): extracted with the data$", "{1} : extrait avec les données"),
    (r"^(.+): extracted with the$", "{1} : extrait avec les"),
    (r"^(.+): extracted$", "{1} : extrait"),
    (r"^with the data$", "avec les données"),
    (r"^the data$", "données"),
    (r"^data$", "données"),
    (r"^(.+): out of$", "{1} : hors de"),
    (r"^(.+): out of action$", "{1} : hors de combat"),
    (r"^action$", "combat"),
    (r"^carries (\d+) data markers?$", "porte {1} marqueur(s) de données"),
    (r"^D carries data \(and how many,$", "D porte des données (et combien,"),
    (r"^D carries data \(and how many, ME(\d+)\)$", "D porte des données (et combien, ME{1})"),
    (r"^ME(\d+)\)$", "ME{1})"),
    (r"^marker: (terminal|objective|data|door)$", "marqueur : {1w}"),
    (r"^terminal (\d+)$", "terminal {1}"),
    (r"^locked · data inside$", "verrouillé · données dedans"),
    (r"^locked · downloaded$", "verrouillé · téléchargé"),
    (r"^data inside$", "données dedans"),
    (r"^downloaded$", "téléchargé"),
    (r"^on the ground$", "au sol"),
    (r"^door (\d+) \((open|closed)(, locked)?\)$", "porte {1} ({2w}{3w})"),
    (r"^(\w) (sonné|soulevé|en feu) \((stunned|lifted|burning), ME34\)$", "{1} {2} (ME34)"),
    (r"^sonné: may not shoot, use a power or take a special action this turn$",
     "sonné : ne peut ni tirer, ni utiliser de pouvoir, ni faire d'action spéciale ce tour-ci"),
    (r"^soulevé: as stunned, and no Défense roll \(no cover\) this turn$",
     "soulevé : comme sonné, et sans jet de Défense (pas de couvert) ce tour-ci"),
    (r"^en feu: takes 1 wound at the end of the turn, no protection saves it$",
     "en feu : subit 1 blessure à la fin du tour, aucune protection ne l'en sauve"),
    (r", took a special action", ", a fait une action spéciale"),
    (r"^(.+): out of action$", "{1} : hors de combat"),
    (r"^(Bouclier|Barrière) off$", "{1} coupé"),
    (r"^(Bouclier|Barrière) (\d+)/(\d+) = its saves left in this$",
     "{1} {2}/{3} = ses sauvegardes restantes"),
    (r"^phase \(refilled as the powers and$", "dans la phase (rechargées quand les"),
    (r"^shooting phases begin, ME(\d+)\); off =$",
     "pouvoirs et tirs commencent, ME{1}) ; coupé ="),
    (r"^switched off this turn$", "désactivé ce tour-ci"),
    (r"^Vitalité, Armure and Héroïsme left /$", "Vitalité, Armure et Héroïsme restants /"),
    (r"^the profile's$", "ceux du profil"),
    (r"^red arc: the share of its Vitalité$", "arc rouge : la part de sa Vitalité"),
    (r"^lost$", "perdue"),
    (r"^tick: the way it faces$", "trait : son orientation"),
    (r"; this turn: moved \((stay|walk|run)\)", " ; ce tour-ci : {1w}"),
    (r", used a power", ", a utilisé un pouvoir"),
    (r", shot\b", ", a tiré"),
    (r", fought\b", ", a combattu"),
    (r", special action\b", ", action spéciale"),
    (r"; this turn: ", " ; ce tour-ci : "),
    (r"\bout of action \(ME(\d+)\)", "hors de combat (ME{1})"),
    (r"; (Bouclier|Barrière) off", " ; {1} coupé"),
]
PICTURE_WORDS: dict[str, str] = {
    "lower": "inférieur", "upper": "supérieur", "north": "nord", "south": "sud",
    "terminal": "terminal", "objective": "objectif", "data": "données", "door": "porte",
    "open": "ouverte", "closed": "fermée", ", locked": ", verrouillée",
    "stay": "resté immobile", "walk": "a marché", "run": "a couru",
}

#: The sample powers' texts in French (the "cards" table: shown wherever a power's name appears
#: and on the profile card; a text it does not know stays as written).
POWER_TEXTS: dict[str, str] = {
    "Hurls the target 3 pas straight away; 1 wound if a figure or scenery stops it.":
        "Projette la cible à 3 pas en ligne droite ; 1 blessure si une figurine ou un décor "
        "l'arrête.",
    "Drags the target 3 pas toward the user, off balance for the rest of the turn.":
        "Attire la cible de 3 pas vers l'utilisateur, déséquilibrée pour le reste du tour.",
    "Tears through biotic barriers; the target's Barrière saves nothing more this turn.":
        "Déchire les barrières biotiques ; la Barrière de la cible ne sauve plus rien ce tour-ci.",
    "A point in sight; every figure touched within 1 pas, friend or foe, floats helpless out of "
    "its cover until the end of the turn.":
        "Un point en vue ; toute figurine touchée à 1 pas ou moins, amie ou ennemie, flotte "
        "impuissante hors de son couvert jusqu'à la fin du tour.",
    "The user flies into base contact with the target and strikes it on arrival.":
        "L'utilisateur fond au contact socle à socle de la cible et la frappe à l'arrivée.",
    "Overloads the target's shield emitters; its Bouclier saves nothing more this turn.":
        "Surcharge les émetteurs de bouclier de la cible ; son Bouclier ne sauve plus rien ce "
        "tour-ci.",
    "A burst of plasma that slips past shields and keeps burning until the end of the turn.":
        "Une gerbe de plasma qui passe les boucliers et brûle jusqu'à la fin du tour.",
    "A medical drone patches up a friend in action within 4 pas.":
        "Un drone médical soigne une figurine amie en action à 4 pas ou moins.",
    "The user's Bouclier comes back up with all its uses.":
        "Le Bouclier de l'utilisateur revient avec toutes ses utilisations.",
    "Until the end of the turn the user's Mêlée is one better.":
        "Jusqu'à la fin du tour, la Mêlée de l'utilisateur est meilleure d'un cran.",
    "Networked targeting; a friend within 6 pas shoots one better this turn.":
        "Visée en réseau ; une figurine amie à 6 pas ou moins tire avec un cran de mieux ce "
        "tour-ci.",
}
POWER_PATTERNS: list[tuple[str, str]] = [  # alone, or after a power's notation and " — "
    (re.escape(english) + "$", french) for english, french in POWER_TEXTS.items()]

# the heuristic's reasons ("Why?" of a decision taken without a search) in French
FR_PATTERNS[:0] = FR_REASONS

# the engine's refusals (a typed action, a probed point, a move in words) in French
FR_PATTERNS[:0] = FR_REFUSALS
