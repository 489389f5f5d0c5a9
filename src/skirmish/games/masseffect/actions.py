"""Mass Effect: Annihilation's actions and their notation (docs/masseffect.md).

Names with spaces are written with dashes (``Fusil-mitrailleur``, ``A.Mercenaire-vétéran``);
positions are in cm (the table's unit), facings in degrees (0 = east, 90 = north).

=============================================  ================================================
``edge lower``                                 the roll-off's winner picks his edge (ME38)
``deploy A.Shepard 20,5 90``                   deploy a figure, facing 90 degrees (ME38, ME2)
``stay A.Shepard 90``                          movement: stay (and turn) (ME10, ME12)
``walk A.Shepard 30,20 90``                    movement: walk up to the move value (ME10)
``run A.Shepard 30,20 90``                     movement: run up to twice that (ME11)
``power A.Liara Projection B.Légionnaire``     use a power on a figure, or on itself (ME18)
``area A.Liara Singularité 40,50``             use a power aimed at a point (ME18)
``shoot A.Shepard Fusil-mitrailleur B.Sentinelle``  shoot (ME16, ME21)
``special A.Tali hack terminal-2``             a special action, on a marker or a figure (ME14)
``hold A.Tali``                                the picked figure does nothing this phase
``fight A.Grunt``                              the next melee fight (ME27)
``oppose B.Légionnaire``                       the lone figure's opponent (ME27)
``wield A.Krogan Poing-hydraulique``           the melee weapon it strikes with this phase (ME42)
``heroic dodge``                               a heroic action: dodge, effort, stand (ME31)
``group A.Kaidan A.Ashley``                    Action groupée: friends that act next (ME31)
``pass``                                       decline (the rest of a phase, a heroic action)
=============================================  ================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from skirmish.core.actions import Action, ActionSet, Pass, Point, Ref


def token(name: str) -> str:
    """A card name as one notation token: spaces become dashes."""
    return name.replace(" ", "-")


class Edge(StrEnum):
    LOWER = "lower"
    UPPER = "upper"


class Heroic(StrEnum):
    DODGE = "dodge"
    EFFORT = "effort"
    STAND = "stand"


@dataclass(frozen=True, slots=True)
class ChooseEdge(Action):
    verb: ClassVar[str] = "edge"
    edge: Edge


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    verb: ClassVar[str] = "deploy"
    figure: Ref
    at: Point
    facing: int


@dataclass(frozen=True, slots=True)
class Stay(Action):
    verb: ClassVar[str] = "stay"
    figure: Ref
    facing: int


@dataclass(frozen=True, slots=True)
class Walk(Action):
    verb: ClassVar[str] = "walk"
    figure: Ref
    to: Point
    facing: int


@dataclass(frozen=True, slots=True)
class Run(Action):
    verb: ClassVar[str] = "run"
    figure: Ref
    to: Point
    facing: int


@dataclass(frozen=True, slots=True)
class UsePower(Action):
    verb: ClassVar[str] = "power"
    figure: Ref
    power: str
    target: Ref | None = None


@dataclass(frozen=True, slots=True)
class AreaPower(Action):
    verb: ClassVar[str] = "area"
    figure: Ref
    power: str
    at: Point


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    verb: ClassVar[str] = "shoot"
    figure: Ref
    weapon: str
    target: Ref


@dataclass(frozen=True, slots=True)
class Special(Action):
    verb: ClassVar[str] = "special"
    figure: Ref
    action: str
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Climb(Action):
    """ME14, ME44 Escalader: the figure climbs over ``element`` to ``to`` (its far side, in
    contact), on a Qualité roll (``climb A.Veteran wall-3 30.5,41``)."""

    verb: ClassVar[str] = "climb"
    figure: Ref
    element: str
    to: Point


@dataclass(frozen=True, slots=True)
class Hold(Action):
    verb: ClassVar[str] = "hold"
    figure: Ref


@dataclass(frozen=True, slots=True)
class Fight(Action):
    verb: ClassVar[str] = "fight"
    figure: Ref


@dataclass(frozen=True, slots=True)
class Oppose(Action):
    verb: ClassVar[str] = "oppose"
    figure: Ref


@dataclass(frozen=True, slots=True)
class Wield(Action):
    """ME42: the melee weapon a figure carrying several strikes with this phase."""

    verb: ClassVar[str] = "wield"
    figure: Ref
    weapon: str


@dataclass(frozen=True, slots=True)
class HeroicAct(Action):
    verb: ClassVar[str] = "heroic"
    action: Heroic


@dataclass(frozen=True, slots=True)
class Group(Action):
    verb: ClassVar[str] = "group"
    first: Ref
    second: Ref | None = None


ME_ACTIONS = ActionSet(
    "masseffect",
    (Pass, ChooseEdge, Deploy, Stay, Walk, Run, UsePower, AreaPower, Shoot, Special, Hold,
     Fight, Oppose, HeroicAct, Group, Wield, Climb),
)
