"""Eden's house rules: the rulings its text leaves to the table, each a named match option
(:mod:`skirmish.core.house_rules`; docs/rulings.md lists the readings and the tests).

The default is the literal reading of the rulebook's words (issue 47); where the words
name no reading (the random infestation level's dice), the engine's reading before issue 47.
The old engine is played by :data:`OLD_ENGINE` (the golden records' set-ups carry it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.house_rules import SETUP_KEY, HouseRule, Reading, chosen, reading

NPF_PROWL = "eden-npf-prowl"
STORM_CHARGE = "eden-storm-charge"
TIED_BID = "eden-tied-bid"
FEAR_BURN = "eden-fear-burn"
REDIRECTION = "eden-redirection"
SCENERY_RANGED = "eden-scenery-ranged"
NPF_BURN_SCORE = "eden-npf-burn-score"
INFESTATION_ROLL = "eden-infestation-roll"
SCENERY_NO_ROOM = "eden-scenery-no-room"

#: The readings that play exactly as the engine did before issue 47 switched defaults to
#: the literal readings (every other option's default is the old engine's).
OLD_ENGINE: dict[str, str] = {NPF_PROWL: "up-to", SCENERY_RANGED: "contact",
                              SCENERY_NO_ROOM: "lost"}

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        NPF_PROWL,
        "How far does a prowling NPF move?",
        (Reading("up-to", "up to 5 cm, in the direction of the player's choice",
                 "jusqu'à 5 cm, dans la direction choisie par le joueur"),
         Reading("exactly", "exactly 5 cm (a prowl that cannot cover 5 cm is not offered)",
                 "exactement 5 cm (un CNJ qui ne peut pas parcourir 5 cm ne rôde pas)")),
        default="exactly", literal="exactly",
        question_fr="De combien un CNJ qui rôde se déplace-t-il ?",
        citation="Optional rules 2.B, Prowl: \"the NPF moves 5 cm\" (FR: \"se déplace de "
                 "5 cm\")",
        anchor="optional-rules-2-b-prowl"),
    HouseRule(
        STORM_CHARGE,
        "Does Storm's 8 cm limit the Charge as well as the Move?",
        (Reading("move-only", "a Move covers 8 cm; a Charge still covers 10 cm",
                 "un Déplacement couvre 8 cm ; un Engagement couvre toujours 10 cm"),
         Reading("charge-too", "a Move and a Charge both cover 8 cm",
                 "un Déplacement et un Engagement couvrent 8 cm")),
        default="move-only",
        question_fr="Le Vent contraire (8 cm) limite-t-il aussi l'Engagement ?",
        citation="Optional rules 3, Storm: \"Lors d'une action de déplacement les combattants "
                 "se déplacent de 8 cm (au lieu de 10 cm)\"",
        anchor="optional-rules-3-3-storm-fr-vent-contraire-which-actions"),
    HouseRule(
        TIED_BID,
        "After tied bids, is the tie-break winner the first player, or does he choose?",
        (Reading("first", "the higher tie-break roll is the first player",
                 "le plus haut jet de départage est le Premier joueur"),
         Reading("chooses", "the higher tie-break roll chooses the first player, as the "
                            "higher bid does",
                 "le plus haut jet de départage choisit le Premier joueur, comme la plus "
                 "haute mise")),
        default="first",
        citation="Rulebook 4.A step 3: \"Le joueur ayant obtenu le résultat le plus élevé "
                 "est alors le Premier joueur\"",
        anchor="rulebook-4a-step-3-and-4b-step-1-simultaneous-secret-bids-tie-break-dice",
        question_fr="Après des mises égales, le gagnant du départage est-il Premier joueur, "
                    "ou choisit-il ?"),
    HouseRule(
        FEAR_BURN,
        "May a frightened fighter remove a burn marker (1 AP)?",
        (Reading("allowed", "yes: removing a burn marker is no action of rule 5",
                 "oui : retirer un marqueur Brûlure n'est pas une action de la règle 5"),
         Reading("forbidden", "no: Fear allows no action but the Move",
                 "non : la Peur n'autorise aucune action sauf le Déplacement")),
        default="allowed",
        citation="Rulebook 9, Fear: \"il ne peut effectuer aucune action sauf Déplacement\"; "
                 "Burn: \"un combattant peut retirer un de ses marqueurs Brûlure en dépensant "
                 "1 PA\"",
        anchor="rulebook-9-fear-no-action-except-the-move-action",
        question_fr="Un combattant effrayé peut-il retirer un marqueur Brûlure (1 PA) ?"),
    HouseRule(
        REDIRECTION,
        "A shot at a fighter who is not free goes astray: who may it hit?",
        (Reading("opponents", "only the target's opponents touching him (contact is "
                              "touching an opponent, 2.E)",
                 "seulement les adversaires de la cible à son contact (le contact est avec "
                 "un adversaire, 2.E)"),
         Reading("anyone-touching", "any fighter whose base touches the target's, his "
                                    "friends included",
                 "tout combattant dont le socle touche celui de la cible, ses amis compris")),
        default="opponents",
        citation="Rulebook 6.B step 2: \"le combattant au contact de la cible et le plus "
                 "proche du tireur … devient alors la cible du tir\"",
        anchor="rulebook-6b-shooting-step-2-an-odd-number-of-successes-on-a-target-who-is-"
               "not-free",
        question_fr="Un tir sur un combattant non libre dévie : qui peut-il toucher ?"),
    HouseRule(
        SCENERY_RANGED,
        "May a ranged attack (shooting, throwing, blast) target scenery with Destruction (X)?",
        (Reading("allowed", "yes: an Attack action, melee or ranged, may target it (range, "
                            "sight and a free fighter for a ranged one)",
                 "oui : une action d'Attaque, au corps à corps ou à distance, peut le viser "
                 "(portée, ligne de vue et combattant libre pour une attaque à distance)"),
         Reading("contact", "only in contact: a fighter touching the element attacks it",
                 "seulement au contact : un combattant qui touche le décor l'attaque")),
        default="allowed", literal="allowed",
        question_fr="Une attaque à distance (tir, jet, souffle) peut-elle viser un décor "
                    "Destruction (X) ?",
        citation="Optional rules 1, A, Destruction (X): \"peut être la cible d'une action "
                 "d'Attaque\"; Rulebook 6: \"une attaque de corps à corps ou à distance lors "
                 "de l'action d'Attaque\"",
        anchor="optional-rules-1-a-destruction-x-the-attack-action-srcskirmishgamesedenoptional"
               "destructionpy"),
    HouseRule(
        NPF_BURN_SCORE,
        "An NPF killed by a burn: does the player whose fighter set it on fire score?",
        (Reading("nobody", "no: the intendancy's burn roll is no fighter eliminating it",
                 "non : le jet de Brûlure de l'intendance n'est pas un combattant qui "
                 "l'élimine"),
         Reading("burner", "yes: the player whose fighter gave it its last burn marker "
                           "scores its level",
                 "oui : le joueur dont le combattant lui a donné son dernier marqueur "
                 "Brûlure marque son niveau")),
        default="nobody", literal="nobody",
        question_fr="Un CNJ tué par une Brûlure : le joueur dont le combattant l'a enflammé "
                    "marque-t-il ?",
        citation="Optional rules 2, C: \"Lorsqu'un combattant élimine un CNJ, le joueur qui "
                 "contrôle ce combattant marque immédiatement\"",
        anchor="optional-rules-2-c-victory-points-for-eliminating-an-npf"),
    HouseRule(
        INFESTATION_ROLL,
        "A random level of infestation: which dice?",
        (Reading("2d6-2", "2D6 - 2, a double 1 rolled again (1 to 10, 6 the likeliest)",
                 "2D6 - 2, un double 1 relancé (1 à 10, 6 le plus probable)"),
         Reading("uniform", "every level from 1 to 10 equally likely (a D6 of 1-5 for the "
                            "units, a 6 rolled again, and a D6 of 4-6 adding 5)",
                 "chaque niveau de 1 à 10 également probable (un D6 de 1 à 5 pour les "
                 "unités, un 6 relancé, et un D6 de 4 à 6 qui ajoute 5)")),
        default="2d6-2",
        question_fr="Un niveau d'Infestation au hasard : avec quels dés ?",
        citation="Optional rules 2, A: \"Typiquement de 1 à 10. Pour plus de simplicité ils "
                 "peuvent le déterminer au hasard.\"",
        anchor="optional-rules-2-a-the-level-of-infestation-agreed-or-random"),
    HouseRule(
        SCENERY_NO_ROOM,
        "Territory Management: a player's scenery points buy nothing that fits 5 cm from "
        "everything. Are they lost?",
        (Reading("closer", "no: he must place what he buys, so the 5 cm spacing yields: he "
                           "places an element anywhere it fits on the field, clear of "
                           "scenery, objectives and fighters; points are lost only when "
                           "nothing fits even so",
                 "non : il doit placer ce qu'il achète, l'espacement de 5 cm cède : il pose "
                 "un décor là où il tient sur le Terrain, sans toucher décors, objectifs ni "
                 "combattants ; les points ne sont perdus que si rien ne tient même ainsi"),
         Reading("lost", "yes: step 6's spacing holds, and the points that buy nothing that "
                         "fits are lost",
                 "oui : l'espacement de l'étape 6 tient, et les points qui n'achètent rien "
                 "qui tienne sont perdus")),
        default="closer", literal="closer",
        question_fr="Gestion du Territoire : des points de décors n'achètent rien qui tienne "
                    "à 5 cm de tout. Sont-ils perdus ?",
        citation="Optional rules 1: \"Un joueur est obligé de dépenser tous ses points de "
                 "décors et de placer les décors qu'il aura achetés sur le Terrain\"; "
                 "Rulebook 4.A step 6: \"à plus 5 cm d'un autre élément de décor, des bords "
                 "du Terrain et des éventuels objectifs de mission\"",
        anchor="optional-rules-1-scenery-points-buying-and-placing-srcskirmishgamesedenoptional"
               "territory_setuppy"),
)


def house_rules_in(setup: Mapping[str, Any]) -> dict[str, str]:
    """A set-up's chosen readings, checked (HouseRuleError names the one at fault)."""
    return chosen(HOUSE_RULES, setup.get(SETUP_KEY))


def reading_of(choices: Mapping[str, str], name: str) -> str:
    """The reading of Eden option ``name`` in force under ``choices``."""
    return reading(HOUSE_RULES, choices, name)
