"""Eden's actions and their notation.

Names with spaces are written with dashes (``Throwing-knives``, ``B.Ngobo-Quick-Arm``).

======================================  ====================================================
``bid 3``                               a secret SP bid for first player (4.A step 3, 4.B)
``first A``                             the bid's winner names the first player
``leader A.Yuri``                       designate the troop leader (4.A step 4)
``mission Hunt``                        play a mission card (4.A step 5)
``place Wall 20,30 90``                 place scenery at a point, rotated (4.A step 6)
``npf Ghoul 30,25``                      place a non-player fighter (Infestation, step 6 bis)
``half south``                          the first player picks a half (4.A step 7)
``deploy A.Yuri 10,5``                  deploy a fighter (4.A step 7)
``hand Adrenalin``                      take a tactical card into the hand (4.A step 8)
``play Adrenalin A.Yuri``               play a tactical card (4.B tactical phase)
``cancel``                              pay to cancel the opponent's card (Cancellation)
``activate A.Yuri``                     the first player designates a fighter (4.B)
``interrupt B.Ngobo``                   interrupt with a strictly faster fighter (4.B)
``move A.Yuri 32.5,18``                 Move (1 AP, 3/round, 10 cm) (5)
``charge A.Vladd B.Ngobo 32,18``        Charge (2 AP, 1/round) into contact (5)
``attack A.Yuri B.Ngobo``               melee attack on an enemy in contact (5, 6.A)
``attack A.Yuri Wall-1``                attack a scenery element (Territory, Destruction)
``shoot A.Yuri Pistol B.Ngobo``         shooting attack on the nearest target (6.B)
``throw A.Yuri Molotov 32,18``          projectile attack on a point (6.B)
``blast A.Vladd Flamethrower 90``       blast template at an angle in degrees (6.B)
``blast A.Vladd Flamethrower 90 75``    the same contact point, pivoted to an axis of 75 degrees
``use A.Elenia Healing B.x 3,4``        an action ability, with a target or point (7)
``extinguish A.Yuri``                   remove a burn marker for 1 AP (9, Burn)
``climb A.Yuri Ruined-tower-1 30,20``   climb onto an elevated point (Territory, Climbing)
``swim A.Yuri Lake-1 30,20``            swim to a point at the edge (Territory, Swimming)
``jump A.Yuri Ravine-1 30,20``          jump over to the far side (Territory, Jump)
``hide A.Yuri Rubble-1``                hide in the scenery, or move there and hide (Hiding)
``pay A.Lenz Iron-will``                pay a permanent ability's cost for the round (7)
``react dodge``                         the target's reaction: passive, dodge, response
``strike``                              the loser of a response strikes back (6.A)
``aim legs``                            spend successes to shift the location onto a limb
``shift 1``                             move a location roll by a card's allowance
``resolve A.Yuri``                      choose the next fighter to treat (intendancy)
``calm A.Yuri``                         remove a Rage marker (intendancy step 6)
``activate N.Ghoul``                    activate a non-player fighter (intendancy step 2)
``prowl N.Ghoul 32.5,18``               an NPF prowls up to 5 cm (Infestation, B)
``end``                                 end the fighter's activation
``pass``                                decline (activation, interrupt, card, ...)
======================================  ====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from skirmish.core.actions import Action, ActionSet, Pass, Point, Ref
from skirmish.games.eden.cards.profile import Limb


class Side(StrEnum):
    A = "A"
    B = "B"

    @property
    def index(self) -> int:  # type: ignore[override]  # the player's number, not str.index
        return 0 if self is Side.A else 1

    @classmethod
    def of(cls, player: int) -> Side:
        return cls.A if player == 0 else cls.B


def key(name: str) -> str:
    """A name as one notation token: spaces become dashes (``Throwing knives`` ->
    ``Throwing-knives``)."""
    return "-".join(name.split())


class Half(StrEnum):
    """Rulebook 4.A step 7: the halves of the field (south = small y, west = small x)."""

    SOUTH = "south"
    NORTH = "north"
    WEST = "west"
    EAST = "east"

    @property
    def opposite(self) -> Half:
        return {Half.SOUTH: Half.NORTH, Half.NORTH: Half.SOUTH, Half.WEST: Half.EAST,
                Half.EAST: Half.WEST}[self]


class Reaction(StrEnum):
    """Rulebook 6.A, step 2: the target's reaction to a melee attack."""

    PASSIVE = "passive"
    DODGE = "dodge"
    RESPONSE = "response"


EDEN_ACTIONS = ActionSet("eden", [Pass])


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Bid(Action):
    verb: ClassVar[str] = "bid"
    private: ClassVar[bool] = True
    sp: int


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    verb: ClassVar[str] = "first"
    player: Side


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Activate(Action):
    verb: ClassVar[str] = "activate"
    fighter: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Interrupt(Action):
    verb: ClassVar[str] = "interrupt"
    fighter: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Rulebook 5, Attack: a melee attack on an enemy in contact (``attack A.Yuri
    B.Ngobo``), or, under Territory Management, on a scenery element with Destruction (X)
    (``attack A.Yuri Wall-1``: element ids never read as a fighter's reference). A target
    that reads as a reference is held as a :class:`Ref`. ``weapon`` names the shooting,
    throwing or blasting equipment of a ranged Attack action on scenery (``attack A.Yuri
    Wall-1 Pistol``; house rule ``eden-scenery-ranged=allowed``)."""

    verb: ClassVar[str] = "attack"
    fighter: Ref
    target: str
    weapon: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.target, str) and not isinstance(self.target, Ref) and \
                Ref._PATTERN.fullmatch(self.target):
            object.__setattr__(self, "target", Ref(self.target))


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class React(Action):
    verb: ClassVar[str] = "react"
    reaction: Reaction


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class StrikeBackAction(Action):
    """Rulebook 6.A, Response: the loser of the opposition roll strikes back (or ``pass``)."""

    verb: ClassVar[str] = "strike"


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Aim(Action):
    verb: ClassVar[str] = "aim"
    limb: Limb


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class End(Action):
    verb: ClassVar[str] = "end"


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Leader(Action):
    verb: ClassVar[str] = "leader"
    fighter: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class PlayMission(Action):
    verb: ClassVar[str] = "mission"
    private: ClassVar[bool] = True
    card: str


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Place(Action):
    verb: ClassVar[str] = "place"
    scenery: str
    at: Point
    angle: float | None = None


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class ChooseHalf(Action):
    verb: ClassVar[str] = "half"
    half: Half


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Deploy(Action):
    verb: ClassVar[str] = "deploy"
    fighter: Ref
    at: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    verb: ClassVar[str] = "hand"
    private: ClassVar[bool] = True
    card: str


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    verb: ClassVar[str] = "play"
    private: ClassVar[bool] = True
    card: str
    target: Ref | None = None


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Cancel(Action):
    verb: ClassVar[str] = "cancel"
    private: ClassVar[bool] = True


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Move(Action):
    verb: ClassVar[str] = "move"
    fighter: Ref
    to: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Charge(Action):
    verb: ClassVar[str] = "charge"
    fighter: Ref
    target: Ref
    to: Point | None = None


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Shoot(Action):
    verb: ClassVar[str] = "shoot"
    fighter: Ref
    weapon: str
    target: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Throw(Action):
    verb: ClassVar[str] = "throw"
    fighter: Ref
    weapon: str
    at: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class BlastAttack(Action):
    """Rulebook 6.B, blast: the template's narrow end touches the fighter's base at contact
    ``angle`` (degrees, 0 = +x, counter-clockwise) and its axis points along ``axis``
    (degrees); without ``axis`` the template is radial (axis = ``angle``)."""

    verb: ClassVar[str] = "blast"
    fighter: Ref
    weapon: str
    angle: float
    axis: float | None = None


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Use(Action):
    verb: ClassVar[str] = "use"
    fighter: Ref
    ability: str
    target: Ref | None = None
    at: Point | None = None


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Extinguish(Action):
    verb: ClassVar[str] = "extinguish"
    fighter: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Shift(Action):
    verb: ClassVar[str] = "shift"
    by: int


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    verb: ClassVar[str] = "resolve"
    fighter: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Calm(Action):
    verb: ClassVar[str] = "calm"
    fighter: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Rulebook 7: pay the cost of a permanent ability, whose effects are then in force until
    the end of the round (``pass`` declines: no effect, nothing paid)."""

    verb: ClassVar[str] = "pay"
    fighter: Ref
    ability: str


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class PlaceNpf(Action):
    """Optional rules 2, A (preparation step 6 bis): spend as many infestation points as its
    level to place a non-player fighter, its base centred at ``at``."""

    verb: ClassVar[str] = "npf"
    npf: str
    at: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Prowl(Action):
    """Optional rules 2, B, Prowl: the activated NPF moves up to 5 cm toward ``to`` (the
    direction of the activating player's choice)."""

    verb: ClassVar[str] = "prowl"
    fighter: Ref
    to: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Climb(Action):
    """Optional rules 1, A, Climbing (X): a move action (2 AP) from contact with the element
    onto its elevated point, at ``to`` (a point of its footprint; left out, the nearest
    point where the base fits)."""

    verb: ClassVar[str] = "climb"
    fighter: Ref
    element: str
    to: Point | None = None


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Swim(Action):
    """Optional rules 1, A, Swimming (X): a move action (2 AP) from the element's edge to
    ``to``, in contact with the element within 20 cm of the start."""

    verb: ClassVar[str] = "swim"
    fighter: Ref
    element: str
    to: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class JumpOver(Action):
    """Optional rules 1, A, Jump (X): a move action from contact with the element over it,
    landing at ``to`` in contact with its far side."""

    verb: ClassVar[str] = "jump"
    fighter: Ref
    element: str
    to: Point


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Optional rules 1, A, Hiding: a move action in contact with the element, more than
    15 cm from every enemy (a Move to ``to`` first, when given)."""

    verb: ClassVar[str] = "hide"
    fighter: Ref
    element: str
    to: Point | None = None
