"""The numbers and tables of docs/masseffect.md, for the turn engine and the tests.

Every constant cites the ruling (ME1, ME2, ...) of docs/masseffect.md that sets it; the engine
reads them here rather than repeating the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# -- ME1: measuring -------------------------------------------------------------------------
#: «un mètre gradué en pas (2,5 cm)»: one pas is 2.5 cm; the table's geometry is in cm.
PAS_CM = 2.5


def pas_to_cm(pas: float) -> float:
    """ME1: a distance in pas, in cm (the unit of :mod:`skirmish.geometry`)."""
    return pas * PAS_CM


def cm_to_pas(cm: float) -> float:
    """ME1: a distance in cm, in pas."""
    return cm / PAS_CM


# -- ME8: the turn ----------------------------------------------------------------------------
class Phase(StrEnum):
    """ME8: the phases in the order the draft lists them and the engine plays them."""

    MOVEMENT = "mouvement"
    POWERS = "pouvoirs"
    SHOOTING = "tir"
    SPECIAL = "actions spéciales"
    MELEE = "mêlée"


PHASES: tuple[Phase, ...] = tuple(Phase)

# -- ME10-ME12: movement ---------------------------------------------------------------------
#: «La valeur de déplacement normale est de 4 pas» (a Déplacement (X) trait changes it).
WALK_PAS = 4
#: «jusqu'à deux fois sa valeur de déplacement»: running covers twice the move value.
RUN_FACTOR = 2
RUN_PAS = WALK_PAS * RUN_FACTOR
#: ME12: a figure that stayed put adds 1 to its shooting and power rolls this turn.
STATIONARY_BONUS = 1

# -- ME21-ME26: shooting ---------------------------------------------------------------------
#: «le jet de tir subit un malus de -1» (an obstacle partly hiding a target not touching it).
OBSTACLE_PENALTY = -1
#: «un malus de -1 au jet de tir» for a counter-charge shot.
COUNTER_CHARGE_PENALTY = -1
#: ME23: cover is scenery covering at least half of the target's "surface effective".
COVER_SHARE = 0.5

# -- ME28: melee -------------------------------------------------------------------------------
#: ME28: a figure without a melee weapon fights with its Mêlée one worse (at most 6+).
UNARMED_PENALTY = 1

# -- ME36-ME38: the game -----------------------------------------------------------------------
#: ME36: a game lasts 6 turns unless its scenario says otherwise.
DEFAULT_TURNS = 6
#: ME38: the default table (36 x 36 pas = 90 x 90 cm) and deployment depth (pas).
DEFAULT_TABLE_PAS = (36, 36)
DEFAULT_DEPLOYMENT_PAS = 4
#: ME41: an objective is held from within this many pas (edge to edge).
CONTROL_PAS = 2

# -- ME39: bands -------------------------------------------------------------------------------
DEFAULT_BUDGET = 30
BUDGET_RANGE = (10, 200)

# -- ME7: equipment ----------------------------------------------------------------------------
#: «Un personnage ne peut avoir que deux équipements, à moins d'être un héros …, qui peut en
#: avoir trois. Certains héros nommés sont même autorisés à en avoir plus encore.»
EQUIPMENT_LIMIT = 2
HERO_EQUIPMENT_LIMIT = 3
#: ME7: Arsenal (N) lets a named hero (Unique, Héroïsme >= 1) carry N items, 4 to 6.
ARSENAL_RANGE = (4, 6)


def equipment_limit(heroism: int, arsenal: int | None = None) -> int:
    """ME7: how many items a figure may carry."""
    if arsenal is not None and heroism >= 1:
        return arsenal
    return HERO_EQUIPMENT_LIMIT if heroism >= 1 else EQUIPMENT_LIMIT


# -- ME31: heroic actions ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HeroicAction:
    """ME31: one heroic action: its key, French name, cost in Héroïsme points, when it may be
    spent and what it does."""

    key: str
    name: str
    cost: int
    when: str
    effect: str


HEROIC_ACTIONS: tuple[HeroicAction, ...] = (
    HeroicAction("dodge", "Esquive au dernier moment", 1,
                 "the hero suffers a hit (shot, power, melee or opportunity attack), before "
                 "any Défense, Bouclier or Barrière roll",
                 "the hit is cancelled"),
    HeroicAction("group", "Action groupée", 1,
                 "the hero is picked in the powers, shooting or special actions phase",
                 "up to 2 friends within 4 pas who may still act in this phase act at once "
                 "after him, before the opponent's next pick"),
    HeroicAction("effort", "Effort héroïque", 1,
                 "right after one of the hero's own D6 rolls",
                 "that D6 is rolled again; the new face stands"),
    HeroicAction("stand", "Tenir bon", 2,
                 "the hero would go out of action",
                 "he stays in action with 1 Vitalité"),
)
#: ME31: each hero may take each heroic action at most once per turn.
HEROIC_PER_TURN = 1


# -- ME14: special actions ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SpecialAction:
    """ME14: a special action: its key, French name, the roll it needs (``"Qualité"`` or
    None for automatic), what the figure must touch and what it does."""

    key: str
    name: str
    roll: str | None
    needs: str
    effect: str


SPECIAL_ACTIONS: tuple[SpecialAction, ...] = (
    SpecialAction("door", "Ouvrir ou fermer une porte", None,
                  "base contact with an unlocked door marker",
                  "the door opens (removed) or closes (blocks sight and movement)"),
    SpecialAction("hack", "Pirater", "Qualité",
                  "base contact with a locked door or terminal marker",
                  "on a success it is unlocked (a door also opens)"),
    SpecialAction("download", "Télécharger des données", "Qualité",
                  "base contact with an unlocked terminal that still holds data",
                  "on a success the figure carries its data marker"),
    SpecialAction("pick", "Ramasser ou passer un objet", None,
                  "base contact with a data marker on the ground or on a figure out of "
                  "action, or with a friend to pass it to",
                  "the marker changes hands"),
    SpecialAction("climb", "Escalader", "Qualité",
                  "base contact with scenery at most 2 pas high",
                  "on a success it stands on top or on the far side, in contact"),
    SpecialAction("heal", "Soigner", None,
                  "carries gear with a heal effect (Médigel) and touches the friend "
                  "healed (or heals itself)",
                  "the gear's effects (ME35)"),
    SpecialAction("extract", "S'extraire", None,
                  "carries data and its base touches its own table edge",
                  "leaves the table with the data (extract_data, ME37)"),
)

# -- ME34: statuses ------------------------------------------------------------------------------
#: ME34: what a power may leave on a figure until the end of the turn.
STATUSES = {
    "stunned": "sonné: may not shoot, use a power or take a special action this turn",
    "lifted": "soulevé: as stunned, and no Défense roll (no cover) this turn",
    "burning": "en feu: takes 1 wound at the end of the turn, no protection saves it",
}
#: The draft's characteristics (thresholds) as written in data, and their attribute names.
CHARACTERISTICS = {"Tir": "shoot", "Défense": "defence", "Mêlée": "melee", "Qualité": "quality"}
#: The protections a hit may meet, as written in data.
PROTECTIONS = ("Bouclier", "Barrière", "Armure")
