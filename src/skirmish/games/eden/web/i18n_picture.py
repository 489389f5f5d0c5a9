"""Eden's table picture and sample cards in French (docs/web.md, Words, not notation): the
"picture" table (:data:`PICTURE_PATTERNS`: the picture's title, legend, labels, tooltips,
which common.js applies to every text of the picture) and the "cards" table
(:data:`CARD_PATTERNS`: the sample cards' texts)."""

from __future__ import annotations

import re

from skirmish.games.eden.web.i18n_abilities import ABILITY_PATTERNS
from skirmish.games.eden.web.i18n_sentences import SCENERY

# -- the table's picture (games.eden.picture) in French: its title, legend, labels, tooltips ----
# (the "picture" table: common.js applies it to each text and tooltip of the picture; a
# wrapped legend entry is matched line by line)
PICTURE_PATTERNS: list[tuple[str, str]] = [
    (r"^Eden · Round (\d+) of (\d+) · VP A (\d+) – B (\d+)$",
     "Eden · Tour {1} sur {2} · PV A {3} – B {4}"),
    (r"^Eden · Preparation · VP A (\d+) – B (\d+)$", "Eden · Préparation · PV A {1} – B {2}"),
    (r"^([AB]) · (.+) \((\w+) half\)$", "{1} · {2} (moitié {3w})"),
    (r"^(.+): not on the field yet$", "{1} : pas encore sur la table"),
    (r"^(.+): not on the field$", "{1} : pas encore sur"),
    (r"^yet$", "la table"),
    (r"^(.+): out of action$", "{1} : hors de combat"),
    (r"^N · non-player fighters$", "N · combattants non-joueurs"),
    (r"^(\w+) (burn|poison|fear|rage|slowdown) markers \(and how many\)$",
     "{1} marqueurs {2w} (et combien)"),
    (r"^B burning scenery \(and its burn$", "B décor en feu (et ses marqueurs"),
    (r"^B burning scenery \(and its burn markers\)$",
     "B décor en feu (et ses marqueurs Brûlure)"),
    (r"^markers\)$", "Brûlure)"),
    (r"^burning \((\d+) burn markers?\)$", "en feu ({1} marqueur(s) Brûlure)"),
    (r"^a wounded limb \(its red value counts\)$", "un membre blessé (sa valeur rouge compte)"),
    (r"^red arc: the share of its CP lost$", "arc rouge : la part de ses PC perdus"),
    (r"^per limb \(Head, Arms, Torso, Legs\); \*$", "par membre (Tête, Bras, Torse, Jambes) ; *"),
    (r" = CP lost in all, then$", " = PC perdus en tout, puis"),
    (r"^−(\d+) CP: ", "−{1} PC : "),
    (r"(?<= )H(\d+)", "T{1}"),
    (r"(?<= )A(\d+)", "B{1}"),
    (r"(?<= )L(\d+)", "J{1}"),
    (r"^★ troop leader$", "★ chef de troupe"),
    (r"^troop leader$", "chef de troupe"),
    (r"^(\S+) cost x(\d+)$", "{1w} coût x{2}"),
    (r"^(\d+) (burn|poison|fear|rage|slowdown) markers?$", "{1} marqueur(s) {2w}"),
    (r": CP left head ", " : PC restants Tête "),
    (r"; CP left head ", " ; PC restants Tête "),
    (r", arms (\d+/\d+), torso (\d+/\d+), legs (\d+/\d+)",
     ", Bras {1}, Torse {2}, Jambes {3}"),
    (r"; AP (\d+)", " ; PA {1}"),
    (r"; markers ", " ; marqueurs "),
    (r"\b(burn|poison|fear|rage|slowdown) (\d+)", "{1w} {2}"),
    (r" out of action \(Rulebook (\d+)\.(\w)\)", " hors de combat (Livre de règles {1}.{2})"),
    (r"^(Tree|Bushes|Car wreck|Wall|Crumbling wall|Dark wood|Pond|Devastated area|"
     r"Energy Beacon|Quarterist Idol|Waste Pile|Lake|Deep river|Ruined tower|Rock spur|Ravine|"
     r"Rubble)$", "{1w}"),
]
PICTURE_WORDS: dict[str, str] = {
    **SCENERY, "north": "nord", "south": "sud", "east": "est", "west": "ouest",
    "burn": "Brûlure", "poison": "Poison", "fear": "Peur", "rage": "Rage",
    "slowdown": "Ralentissement",
}

# -- the sample cards' texts in French (the "cards" table: cards.js shows a card's text through
# it, in the card panel and wherever its name appears; a text it does not know, a player's own
# card, stays as written)
CARD_TEXTS: dict[str, str] = {
    "Every enemy fighter on the field gets a Poison marker.":
        "Chaque combattant ennemi sur la table reçoit un marqueur Poison.",
    "The chosen fighter gets +1 CBT and +1 SPD until the end of the round.":
        "Le combattant choisi gagne +1 en CBT et +1 en RAP jusqu'à la fin du tour.",
    "Your fighters get +1 SPD until the end of the round.":
        "Vos combattants gagnent +1 en RAP jusqu'à la fin du tour.",
    "The chosen fighter heals 2 CP of his most wounded limb.":
        "Le combattant choisi soigne 2 PC de son membre le plus blessé.",
    "The chosen fighter of yours gains 1 AP.": "Le combattant choisi de votre troupe gagne 1 PA.",
    "The chosen enemy fighter gets a Burn marker.":
        "Le combattant ennemi choisi reçoit un marqueur Brûlure.",
    "Your fighters lose all their Burn markers.":
        "Vos combattants perdent tous leurs marqueurs Brûlure.",
    "You gain 3 SP.": "Vous gagnez 3 PS.",
    "Your fighters' moves and charges cover 12 cm until the end of the round.":
        "Les déplacements et Engagements de vos combattants couvrent 12 cm jusqu'à la fin du "
        "tour.",
    "Your fighters get complete +1 protection against ranged attacks until the end of the "
    "round.": "Vos combattants gagnent une protection complète +1 contre les attaques à "
              "distance jusqu'à la fin du tour.",
    "Every enemy fighter gets a Fear marker.": "Chaque combattant ennemi reçoit un marqueur Peur.",
    "Four contaminated areas near the corners. Each round: 1 VP per fighter of yours within 5 cm "
    "of one.": "Quatre zones contaminées près des coins. Chaque tour : 1 PV par combattant de "
               "votre troupe à 5 cm ou moins de l'une d'elles.",
    "1 VP per enemy fighter incapacitated, 2 more for the enemy leader.":
        "1 PV par combattant ennemi mis hors de combat, 2 de plus pour le chef ennemi.",
    "Two objective markers; each round, 1 VP per marker you control (a fighter within 5 cm, no "
    "enemy).": "Deux marqueurs Objectif ; chaque tour, 1 PV par marqueur que vous contrôlez (un "
               "combattant à 5 cm ou moins, aucun ennemi).",
    "One objective marker in the centre: 2 VP each round you control it.":
        "Un marqueur Objectif au centre : 2 PV à chaque tour où vous le contrôlez.",
    "Each round: 1 VP per fighter of yours in the enemy's half.":
        "Chaque tour : 1 PV par combattant de votre troupe dans la moitié ennemie.",
    "End of the match: 1 VP per fighter still standing, 2 more for your leader.":
        "Fin de la partie : 1 PV par combattant encore debout, 2 de plus pour votre chef.",
    "Each round: 1 VP for every 3 CP the enemy lost.":
        "Chaque tour : 1 PV pour chaque 3 PC perdus par l'ennemi.",
    "Each round: 1 VP per fighter of yours within 10 cm of the centre. Your fighters get +1 SPD.":
        "Chaque tour : 1 PV par combattant de votre troupe à 10 cm ou moins du centre. Vos "
        "combattants gagnent +1 en RAP.",
    "End of the match: 2 VP per fighter still standing.":
        "Fin de la partie : 2 PV par combattant encore debout.",
    "Centre marker: 2 VP each round you control it. Your troop gets +1 PSI.":
        "Marqueur au centre : 2 PV à chaque tour où vous le contrôlez. Votre troupe gagne +1 en "
        "PSI.",
}
CARD_PATTERNS: list[tuple[str, str]] = [
    ("^" + re.escape(english) + "$", french)
    for english, french in CARD_TEXTS.items()]

# -- the sample abilities' texts (a state frame's glossary: i18n_abilities) ---------------------
CARD_PATTERNS += ABILITY_PATTERNS
