"""Eden's actions and their notation.

=========================  ===============================================
``bid 3``                  a secret SP bid for first player (4.A step 3, 4.B)
``first A``                the bid's winner names the first player
``activate A.Yuri``        the first player designates a fighter (4.B)
``interrupt B.Ngobo``      interrupt with a strictly faster fighter (4.B)
``attack A.Yuri B.Ngobo``  melee attack on an enemy in contact (5, 6.A)
``react dodge``            the target's reaction: passive, dodge, response (6.A)
``aim legs``               spend successes to shift the location onto a limb
``end``                    end the fighter's activation
``pass``                   the first player activates nobody (4.B)
=========================  ===============================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from skirmish.core.actions import Action, ActionSet, Pass, Ref
from skirmish.eden.profile import Limb


class Side(StrEnum):
    A = "A"
    B = "B"

    @property
    def index(self) -> int:
        return 0 if self is Side.A else 1

    @classmethod
    def of(cls, player: int) -> Side:
        return cls.A if player == 0 else cls.B


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
    verb: ClassVar[str] = "attack"
    fighter: Ref
    target: Ref


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class React(Action):
    verb: ClassVar[str] = "react"
    reaction: Reaction


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class Aim(Action):
    verb: ClassVar[str] = "aim"
    limb: Limb


@EDEN_ACTIONS
@dataclass(frozen=True, slots=True)
class End(Action):
    verb: ClassVar[str] = "end"
