"""Mass Effect: Annihilation's house rules: where the engine played something other than the
draft's words (issue 47), the draft's reading is the default and the engine's former one a
named match option (:mod:`skirmish.core.house_rules`; docs/masseffect.md, "House rules",
lists the readings and the tests).

The readings named ``engine-*`` play exactly as the engine did before issue 47: a set-up
with :data:`FORMER_READINGS` replays the records made then (the golden records carry them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.house_rules import SETUP_KEY, HouseRule, Reading, chosen, reading

REAR_COUNTER_CHARGE = "me-rear-counter-charge"
NATURAL_ROLLS = "me-natural-rolls"
ELIMINATE_POINTS = "me-eliminate-points"
PROTECTION_USES = "me-protection-uses"
BARE_HANDS = "me-bare-hands"
MELEE_WEAPON = "me-melee-weapon"
BRUSHING_PAST = "me-brushing-past"
CLIMBING = "me-climbing"
ARMOUR = "me-armour"
MELEE_DAMAGE = "me-melee-damage"
COUNTER_CHARGE_WINDOW = "me-counter-charge-window"
COUNTER_CHARGE_ROLL = "me-counter-charge-roll"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        REAR_COUNTER_CHARGE,
        "May a figure charged from its rear arc counter-charge (shot or power)?",
        (Reading("allowed", "yes: any figure charged in the movement phase may, whatever the "
                            "side the charger came from",
                 "oui : tout personnage chargé lors de la phase de mouvement le peut, de "
                 "quelque côté que vienne l'adversaire"),
         Reading("forbidden", "no: a charger that ends in the charged figure's rear arc "
                              "takes no counter-charge (the engine before issue 47)",
                 "non : un adversaire qui finit dans l'arc arrière du personnage chargé "
                 "ne subit pas de contre-charge")),
        default="allowed", literal="allowed",
        question_fr="Un personnage chargé par son arc arrière peut-il contre-charger ?",
        citation="Tir de contre-charge: «Un personnage qui a été chargé lors de la phase de "
                 "mouvement précédente … peut effectuer, lors de la phase de tir, un tir de "
                 "contre-charge contre un des adversaires l'ayant engagé» (facing is only "
                 "«préférable»)",
        anchor="me2-facing-front-and-rear-arcs-used-only-against-counter-charges"),
    HouseRule(
        NATURAL_ROLLS,
        "With modifiers, does a natural 6 always succeed and a natural 1 always fail?",
        (Reading("total", "no: the roll succeeds when the D6 plus its modifiers reaches the "
                          "threshold, nothing more",
                 "non : le jet réussit quand le D6 plus ses modificateurs atteint le seuil"),
         Reading("naturals", "yes: a natural 6 succeeds and a natural 1 fails, whatever the "
                             "modifiers (the engine before issue 47)",
                 "oui : un 6 naturel réussit et un 1 naturel échoue, quels que soient les "
                 "modificateurs")),
        default="total", literal="total",
        question_fr="Avec des modificateurs, un 6 naturel réussit-il toujours (et un 1 "
                    "échoue-t-il toujours) ?",
        citation="Tir: «C'est un seuil, un score à atteindre avec un jet de D6»; «il doit "
                 "obtenir un score supérieur ou égal à sa valeur de tir»",
        anchor="me4-x-rolls"),
    HouseRule(
        ELIMINATE_POINTS,
        "Eliminate: what does an enemy figure out of action score?",
        (Reading("cost", "what the figure cost its band: its card's points and the Points "
                         "of each item not on its card (ME39)",
                 "ce que le personnage a coûté à sa bande : les points de sa carte et ceux "
                 "de chaque équipement absent de sa carte (ME39)"),
         Reading("card", "its card's points only (the engine before issue 47)",
                 "les points de sa carte seulement")),
        default="cost", literal="cost",
        question_fr="Éliminer : que rapporte un personnage ennemi hors de combat ?",
        citation="Profil: «le coût en points du personnage, qui permet d'équilibrer les "
                 "bandes entre elles, lors de leur création»",
        anchor="me37-scenarios-and-victory-conditions"),
    HouseRule(
        PROTECTION_USES,
        "When do a Bouclier's and a Barrière's N uses come back?",
        (Reading("shooting-phase", "at the start of each shooting phase; a power's hit in "
                                   "the powers phase spends what is left since the last one",
                 "au début de chaque phase de tir ; une touche de pouvoir, en phase de "
                 "pouvoirs, dépense ce qui reste depuis la dernière"),
         Reading("each-phase", "at the start of the powers phase and again of the shooting "
                               "phase (the engine before issue 47)",
                 "au début de la phase de pouvoirs et de nouveau de la phase de tir")),
        default="shooting-phase", literal="shooting-phase",
        question_fr="Quand les N utilisations d'un Bouclier et d'une Barrière reviennent-"
                    "elles ?",
        citation="Boucliers et barrières: «Le deuxième score indique le nombre de fois que la "
                 "barrière ou bouclier fonctionne par phase de tir»",
        anchor="me24-boucliers-and-barrieres"),
    HouseRule(
        BARE_HANDS,
        "Does a figure without a melee weapon fight worse?",
        (Reading("even", "no: its Mêlée as printed; a hit deals 1 wound",
                 "non : sa Mêlée telle quelle ; une touche inflige 1 blessure"),
         Reading("one-worse", "yes: its Mêlée counts one worse (at most 6+) for the roll and "
                              "the comparison (the engine before issue 47)",
                 "oui : sa Mêlée compte un cran de moins (6+ au plus), pour le jet et la "
                 "comparaison")),
        default="even", literal="even",
        question_fr="Un personnage sans arme de mêlée combat-il moins bien ?",
        citation="Mêlée: «autant de blessures qu'indiqué par l'arme du tireur»; the draft "
                 "gives no penalty to a figure without a melee weapon",
        anchor="me28-melee-weapons-and-bare-hands"),
    HouseRule(
        MELEE_WEAPON,
        "Who chooses the melee weapon of a figure that carries several?",
        (Reading("player", "its player: once per phase, before the figure's first melee "
                           "or opportunity attack roll of the phase",
                 "son joueur : une fois par phase, avant le premier jet de mêlée ou "
                 "d'attaque d'opportunité du personnage dans la phase"),
         Reading("best", "nobody: it strikes with the one of highest mean damage, Perforant "
                         "on a tie (the engine before issue 47)",
                 "personne : il frappe avec celle dont les dégâts moyens sont les plus "
                 "élevés, Perforant à égalité")),
        default="player", literal="player",
        question_fr="Qui choisit l'arme de mêlée d'un personnage qui en porte plusieurs ?",
        citation="Mêlée: «autant de blessures qu'indiqué par l'arme du tireur»; ME28: «if it "
                 "carries several, the owner chooses one for the phase»",
        anchor="me42-the-player-chooses-the-melee-weapon"),
    HouseRule(
        BRUSHING_PAST,
        "May a walk or a run brush past an enemy's base on its way somewhere else?",
        (Reading("stops", "no: a figure that touches an enemy stops there and has charged; a "
                          "move that does not end touching an enemy keeps clear of every "
                          "enemy's base",
                 "non : un personnage qui touche un ennemi s'arrête et l'a chargé ; un "
                 "mouvement qui ne finit pas au contact d'un ennemi reste à l'écart de "
                 "leurs socles"),
         Reading("passes", "yes: only where the move ends counts; a path tangent to an "
                           "enemy's base goes on (the engine before issue 47)",
                 "oui : seule la fin du mouvement compte ; un chemin qui frôle le socle "
                 "d'un ennemi continue")),
        default="stops", literal="stops",
        question_fr="Un mouvement peut-il frôler le socle d'un ennemi en passant ?",
        citation="Mêlée: «Deux personnages adverses sont engagés en mêlée si ils sont en "
                 "contact socle à socle»; contre-charge: «chargé … (i.e. un ou plusieurs "
                 "adversaires sont venus l'engager)»: a figure that touches an enemy has "
                 "engaged it, and an engaged figure only disengages (ME17, ME30)",
        anchor="me43-a-move-that-touches-an-enemy-stops-there"),
    HouseRule(
        CLIMBING,
        "May a figure climb over scenery (Escalader, a special action on Qualité)?",
        (Reading("special-action", "yes: a figure touching scenery at most 2 pas high may "
                                   "climb over it in the special actions phase, on a D6 "
                                   "of its Qualité or better, to the far side",
                 "oui : un personnage au contact d'un décor de 2 pas de haut au plus peut "
                 "l'escalader pendant la phase d'actions spéciales, sur un D6 égal ou "
                 "supérieur à sa Qualité, jusqu'à l'autre côté"),
         Reading("never", "no: nobody climbs; a figure goes around scenery (the engine "
                          "before issue 47)",
                 "non : personne n'escalade ; un personnage contourne les décors")),
        default="special-action", literal="special-action",
        question_fr="Un personnage peut-il escalader un décor (Escalader, action spéciale "
                    "sur la Qualité) ?",
        citation="Profil: «La qualité rend compte de la capacité du personnage à effectuer "
                 "tous les autres types d'action, comme réagir à une action adverse, faire "
                 "une action spéciale comme escalader…»",
        anchor="me44-climbing"),
    # The gaps the draft leaves to a reading (issue 47): the default is the engine's reading
    # of always; the other is a house rule (docs/masseffect.md).
    HouseRule(
        ARMOUR,
        "Armure (X): a pool of X points for the game, or up to X wounds off each hit?",
        (Reading("pool", "a pool: wounds take armour points first, X for the whole game, "
                         "then Vitalité",
                 "une réserve : les blessures ôtent d'abord des points d'armure, X pour "
                 "toute la partie, puis la Vitalité"),
         Reading("per-hit", "each hit: up to X of its wounds are stopped, and the armour "
                            "never wears out",
                 "à chaque touche : jusqu'à X de ses blessures sont arrêtées, et l'armure "
                 "ne s'use jamais")),
        default="pool", literal="pool",
        question_fr="Armure (X) : une réserve de X points pour la partie, ou jusqu'à X "
                    "blessures ôtées de chaque touche ?",
        citation="Dégâts: «on retire d'abord des points d'armure au lieu des points de "
                 "vitalité, jusqu'à un maximum de X»; «Un personnage dont l'armure et la "
                 "Vitalité tombent à 0 est hors de combat»",
        anchor="me25-damage-armour-out-of-action"),
    HouseRule(
        MELEE_DAMAGE,
        "How many wounds does a melee hit deal?",
        (Reading("weapon", "its melee weapon's damage (1 bare handed)",
                 "les dégâts de son arme de mêlée (1 à mains nues)"),
         Reading("one", "1 wound, whatever the weapon: «l'arme du tireur» is the shooting "
                        "paragraph's words copied",
                 "1 blessure, quelle que soit l'arme : «l'arme du tireur» est recopié du "
                 "paragraphe du tir")),
        default="weapon", literal="weapon",
        question_fr="Combien de blessures inflige une touche de mêlée ?",
        citation="Mêlée: «Une touche devient automatiquement un dégât, qui inflige autant de "
                 "blessures qu'indiqué par l'arme du tireur»",
        anchor="me28-melee-weapons-and-bare-hands"),
    HouseRule(
        COUNTER_CHARGE_WINDOW,
        "Whom may a charged figure counter-charge: this turn's chargers, or any still in "
        "contact?",
        (Reading("this-turn", "the figures that charged it in this turn's movement phase, "
                              "still in contact",
                 "les personnages qui l'ont chargé à la phase de mouvement de ce tour, "
                 "toujours au contact"),
         Reading("while-engaged", "also those that charged it in an earlier turn and are "
                                  "still in contact with it",
                 "aussi ceux qui l'ont chargé à un tour précédent et sont toujours à son "
                 "contact")),
        default="this-turn", literal="this-turn",
        question_fr="Qui un personnage chargé peut-il contre-charger : les chargeurs de ce "
                    "tour, ou tous ceux encore au contact ?",
        citation="Contre-charge: «Un personnage qui a été chargé lors de la phase de "
                 "mouvement précédente … contre un des adversaires l'ayant engagé»",
        anchor="me26-counter-charge-shots"),
    HouseRule(
        COUNTER_CHARGE_ROLL,
        "Does a counter-charge (a reaction to a charge) first need a Qualité roll?",
        (Reading("none", "no: the counter-charge shot or power is made as the draft says, "
                         "with no other roll",
                 "non : le tir ou le pouvoir de contre-charge se fait comme le dit le "
                 "brouillon, sans autre jet"),
         Reading("qualite", "yes: reacting to an enemy's action is a Qualité action, so a D6 "
                            "≥ Qualité first; a failure loses the counter-charge",
                 "oui : réagir à une action adverse est une action de Qualité, donc d'abord "
                 "un D6 ≥ Qualité ; un échec perd la contre-charge")),
        default="none", literal="none",
        question_fr="Une contre-charge (réaction à une charge) demande-t-elle d'abord un jet "
                    "de Qualité ?",
        citation="Profil: «La qualité rend compte de la capacité du personnage à effectuer "
                 "tous les autres types d'action, comme réagir à une action adverse»; "
                 "contre-charge: «Ce tir s'effectue comme un tir normal avec un malus de -1»",
        anchor="me20-counter-charge-powers"),
)

#: The readings that play as the engine did before issue 47.
FORMER_READINGS: dict[str, str] = {REAR_COUNTER_CHARGE: "forbidden",
                                   NATURAL_ROLLS: "naturals", ELIMINATE_POINTS: "card",
                                   PROTECTION_USES: "each-phase", BARE_HANDS: "one-worse",
                                   MELEE_WEAPON: "best", BRUSHING_PAST: "passes",
                                   CLIMBING: "never"}


def house_rules_in(setup: Mapping[str, Any]) -> dict[str, str]:
    """A set-up's chosen readings, checked (HouseRuleError names the one at fault)."""
    return chosen(HOUSE_RULES, setup.get(SETUP_KEY))


def reading_of(choices: Mapping[str, str], name: str) -> str:
    """The reading of ME:A option ``name`` in force under ``choices``."""
    return reading(HOUSE_RULES, choices, name)


__all__ = [
    "BARE_HANDS",
    "BRUSHING_PAST",
    "ELIMINATE_POINTS",
    "FORMER_READINGS",
    "HOUSE_RULES",
    "MELEE_WEAPON",
    "NATURAL_ROLLS",
    "PROTECTION_USES",
    "REAR_COUNTER_CHARGE",
    "house_rules_in",
    "reading_of",
]
