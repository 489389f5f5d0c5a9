"""The sample abilities' texts in French (docs/web.md, Cards at hand): the patterns the
"cards" table adds (:data:`ABILITY_PATTERNS`, appended to
:data:`skirmish.games.eden.web.i18n_picture.CARD_PATTERNS`) for a state frame's ``glossary``,
whose texts read ``Name (Kind: cost): text`` (:func:`skirmish.games.eden.cards.cards_html
.ability_text`). The head's kind and cost are translated first, then the text after it; an
ability the table does not know (a player's own card) stays as written. The sample abilities
are invented for play-testing (cards/content/abilities.yaml), so these French texts are the
project's own, in the rulebook's words (PC, PA, PS, PV, RAP, markers Brûlure, Peur, Rage,
Poison, Intendance)."""

from __future__ import annotations

import re

# -- the head: "Field medic (Action: 1 AP, 1/round): " ------------------------------------------
ABILITY_HEADS: list[tuple[str, str]] = [
    (r"^(.+?) \(Permanent\): ", "{1} (permanente) : "),
    (r"^(.+?) \(Action: (\d+) AP, (\d+) SP, (\d+)/round\): ",
     "{1} (action : {2} PA, {3} PS, {4}/tour) : "),
    (r"^(.+?) \(Action: (\d+) AP, (\d+)/round\): ", "{1} (action : {2} PA, {3}/tour) : "),
    (r"^(.+?) \(Action: (\d+) SP, (\d+)/match\): ", "{1} (action : {2} PS, {3}/partie) : "),
    (r"^(.+?) \(Action: (\d+) AP\): ", "{1} (action : {2} PA) : "),
    (r"^(.+?) \(Action: (\d+) SP\): ", "{1} (action : {2} PS) : "),
    (r"^(.+?) \(Action\): ", "{1} (action) : "),
]

# -- the texts of the sample abilities (cards/content/abilities.yaml) --------------------------
ABILITY_TEXTS: dict[str, str] = {
    "+1 CBT.": "+1 en CBT.",
    "+2 CBT while one of his limbs is wounded.":
        "+2 en CBT tant que l'un de ses membres est blessé.",
    "Fighters of his troop within 10 cm get +1 PSI.":
        "Les combattants de sa troupe à 10 cm ou moins gagnent +1 en PSI.",
    "Protection: torso +1.": "Protection : torse +1.",
    "Fighters of his troop within 3 cm get arms and torso +1 protection.":
        "Les combattants de sa troupe à 3 cm ou moins gagnent une protection +1 aux bras et au "
        "torse.",
    "Head +1 protection against ranged attacks.":
        "Protection +1 à la tête contre les attaques à distance.",
    "A location roll against her may be raised or lowered by 1 (Elenia, Rulebook 2.A).":
        "Un jet de localisation contre elle peut être augmenté ou diminué de 1 (Elenia, livre de "
        "règles 2.A).",
    "Moves and charges cover 12 cm instead of 10.":
        "Ses déplacements et Engagements couvrent 12 cm au lieu de 10.",
    "Whenever he loses CP, he gets a Rage marker.":
        "Chaque fois qu'il perd des PC, il reçoit un marqueur Rage.",
    "Whoever wounds her gets a Burn marker.": "Quiconque la blesse reçoit un marqueur Brûlure.",
    "When she begins her activation, every enemy in contact gets a Fear marker.":
        "Quand elle commence son activation, chaque ennemi à son contact reçoit un marqueur Peur.",
    "When another fighter of his troop is incapacitated, he gets 2 Rage markers.":
        "Quand un autre combattant de sa troupe est mis hors de combat, il reçoit 2 marqueurs "
        "Rage.",
    "When he begins his activation, every enemy in contact gets a Burn marker.":
        "Quand il commence son activation, chaque ennemi à son contact reçoit un marqueur "
        "Brûlure.",
    "When an enemy fighter is incapacitated, his troop gains 1 SP.":
        "Quand un combattant ennemi est mis hors de combat, sa troupe gagne 1 PS.",
    "Heals 1 CP of a wounded fighter of his troop within 5 cm (or himself).":
        "Soigne 1 PC d'un combattant blessé de sa troupe à 5 cm ou moins (ou de lui-même).",
    "PSI roll against the target's PSI: an enemy within 15 cm in sight gets a Fear marker.":
        "Jet de PSI contre la PSI de la cible : un ennemi en vue à 15 cm ou moins reçoit un "
        "marqueur Peur.",
    "PSI roll against the VIG of an enemy within 15 cm in sight; one location roll, each "
    "success is a wound.":
        "Jet de PSI contre la VIG d'un ennemi en vue à 15 cm ou moins ; un jet de localisation, "
        "chaque succès est une blessure.",
    "A fighter of his troop within 10 cm (or himself) gets +1 CBT until the end of the round.":
        "Un combattant de sa troupe à 10 cm ou moins (ou lui-même) gagne +1 en CBT jusqu'à la "
        "fin du tour.",
    "Her troop gains 1 SP.": "Sa troupe gagne 1 PS.",
    "He gains 2 AP.": "Il gagne 2 PA.",
    "Intendancy step 1: heals 1 CP of his most wounded limb.":
        "Intendance, étape 1 : soigne 1 PC de son membre le plus blessé.",
    "Intendancy step 1: her troop gains 1 SP.": "Intendance, étape 1 : sa troupe gagne 1 PS.",
    "Intendancy step 1: she loses all her Poison markers.":
        "Intendance, étape 1 : elle perd tous ses marqueurs Poison.",
    "Intendancy step 1: every fighter of his troop within 10 cm loses its Fear markers.":
        "Intendance, étape 1 : chaque combattant de sa troupe à 10 cm ou moins perd ses "
        "marqueurs Peur.",
    "1 VP at the end of each round for every enemy he saw incapacitated that round (while he "
    "stands).":
        "1 PV à la fin de chaque tour pour chaque ennemi qu'il a vu mis hors de combat ce "
        "tour-ci (tant qu'il est debout).",
    "Other non-player fighters within 10 cm get +1 CBT (an NPF's allies are the other NPFs).":
        "Les autres combattants non-joueurs à 10 cm ou moins gagnent +1 en CBT (les alliés d'un "
        "combattant non-joueur sont les autres combattants non-joueurs).",
    "Whoever wounds it gets a Poison marker.": "Quiconque le blesse reçoit un marqueur Poison.",
    "Protection: complete +1.": "Protection : complète +1.",
}

#: The "cards" table's entries for the glossary: each head, then each text after a head.
ABILITY_PATTERNS: list[tuple[str, str]] = ABILITY_HEADS + [
    (" : " + re.escape(english) + "$", " : " + french)
    for english, french in ABILITY_TEXTS.items()]

__all__ = ["ABILITY_HEADS", "ABILITY_PATTERNS", "ABILITY_TEXTS"]
