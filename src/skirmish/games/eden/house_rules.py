"""Eden's house rules: the rulings its text leaves to the table, each a named match option
(:mod:`skirmish.core.house_rules`; docs/rulings.md lists the readings and the tests).

The default is the engine's reading before issue 47; where it is not the literal reading
of the rulebook, ``literal`` names that one and docs/rulings.md says the default is to be
switched in issue 47's next step (it changes the golden records).
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

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        NPF_PROWL,
        "How far does a prowling NPF move?",
        (Reading("up-to", "up to 5 cm, in the direction of the player's choice",
                 "jusqu'à 5 cm, dans la direction choisie par le joueur"),
         Reading("exactly", "exactly 5 cm (a prowl that cannot cover 5 cm is not offered)",
                 "exactement 5 cm (un CNJ qui ne peut pas parcourir 5 cm ne rôde pas)")),
        default="up-to", literal="exactly",
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
)


def house_rules_in(setup: Mapping[str, Any]) -> dict[str, str]:
    """A set-up's chosen readings, checked (HouseRuleError names the one at fault)."""
    return chosen(HOUSE_RULES, setup.get(SETUP_KEY))


def reading_of(choices: Mapping[str, str], name: str) -> str:
    """The reading of Eden option ``name`` in force under ``choices``."""
    return reading(HOUSE_RULES, choices, name)
