"""Dice of Mass Effect: Annihilation (docs/masseffect.md, ME3 and ME4).

The draft: «On obtient facilement des dés à 2 ou 3 faces (D2 et D3) en lançant un D6 et en
divisant le résultat par 3 ou 2.» Ruling ME3: the quotient is rounded up, so a D2 is
``ceil(D6 / 3)`` (1-3 → 1, 4-6 → 2) and a D3 is ``ceil(D6 / 2)`` (1-2 → 1, 3-4 → 2, 5-6 → 3);
both are uniform.

An :class:`Amount` is what a weapon or a power deals or heals: a whole number ("1", "2")
or a die ("D2", "D3", "D6"). It is exact as a distribution (:meth:`Amount.distribution`,
an ``icepool`` die; :meth:`Amount.probabilities`, exact fractions) and rolled from a game's
:class:`skirmish.core.dice.Dice` (:meth:`Amount.roll`: one D6 per die, none for a number).

Every X+ roll of the draft (Tir, Défense, Mêlée, Qualité, a power's roll, a Bouclier or a
Barrière) is :func:`threshold_roll`: one D6 plus modifiers at or above X succeeds; ruling ME4:
a natural 1 always fails and a natural 6 always succeeds, whatever the modifiers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import icepool

from skirmish.core.dice import Dice

#: The dice the draft names: a D6, and the D2 and D3 read from a D6 (ME3).
SIDES = (2, 3, 6)
#: The fixed amounts a card may give (wounds dealt or healed).
AMOUNT_RANGE = (1, 6)
#: The thresholds printed on cards and rolled against (2+ to 6+).
THRESHOLD_RANGE = (2, 6)

_AMOUNT = re.compile(r"^\s*(?:[dD](\d{1,2})|(\d{1,2}))\s*$")


def from_d6(face: int, sides: int) -> int:
    """ME3: the face of a D``sides`` read from a D6 ``face``: the D6 divided by
    ``6 / sides`` (3 for a D2, 2 for a D3), rounded up."""
    if sides not in SIDES:
        raise ValueError(f"a die has 2, 3 or 6 sides (D2, D3, D6), got D{sides}")
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        raise ValueError(f"a D6 face is 1 to 6, got {face!r}")
    return -(-face * sides // 6)


def die(sides: int) -> icepool.Die:
    """The exact distribution of a D2, D3 or D6 (ME3), as an ``icepool`` die."""
    if sides not in SIDES:
        raise ValueError(f"a die has 2, 3 or 6 sides (D2, D3, D6), got D{sides}")
    return icepool.d6.map(lambda face: from_d6(face, sides))


def roll_die(dice: Dice, sides: int) -> int:
    """One D2, D3 or D6 rolled from the game's dice (one D6 each, ME3)."""
    return from_d6(dice.d6(), sides)


@dataclass(frozen=True, slots=True)
class Amount:
    """A number of wounds dealt or healed: ``value`` (``sides == 0``) or one D``sides``."""

    value: int = 1
    sides: int = 0

    def __post_init__(self) -> None:
        if self.sides:
            if self.sides not in SIDES:
                raise ValueError(f"a die has 2, 3 or 6 sides (D2, D3, D6), got D{self.sides}")
            if self.value != 0:
                raise ValueError("a die amount has value 0")
        else:
            low, high = AMOUNT_RANGE
            if isinstance(self.value, bool) or not isinstance(self.value, int) or not (
                    low <= self.value <= high):
                raise ValueError(f"a fixed amount is a whole number from {low} to {high}, "
                                 f"got {self.value!r}")

    @classmethod
    def parse(cls, text: Any) -> Amount:
        """``1``, ``"2"``, ``"D2"``, ``"d3"``, ``"D6"``; anything else is a ``ValueError``
        saying what is expected."""
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(text)
        match = _AMOUNT.match(text) if isinstance(text, str) and len(text) < 20 else None
        if match is None:
            raise ValueError(f"expected a number 1-6 or a die D2, D3, D6, got {text!r}")
        if match.group(1) is not None:
            return cls(0, int(match.group(1)))
        return cls(int(match.group(2)))

    @property
    def is_die(self) -> bool:
        return self.sides != 0

    @property
    def minimum(self) -> int:
        return 1 if self.sides else self.value

    @property
    def maximum(self) -> int:
        return self.sides or self.value

    def distribution(self) -> icepool.Die:
        """The exact distribution (an ``icepool`` die; a fixed amount is a one-outcome die)."""
        return die(self.sides) if self.sides else icepool.Die([self.value])

    def probabilities(self) -> dict[int, Fraction]:
        """Outcome -> exact probability."""
        return dict(_probabilities(self.value, self.sides))

    @property
    def mean(self) -> Fraction:
        return _mean(self.value, self.sides)

    def roll(self, dice: Dice) -> int:
        """The amount for one hit: a die rolls one D6 (ME3), a number rolls nothing."""
        return roll_die(dice, self.sides) if self.sides else self.value

    def __str__(self) -> str:
        return f"D{self.sides}" if self.sides else str(self.value)


@dataclass(frozen=True, slots=True)
class ThresholdRoll:
    """One X+ roll: the D6 ``face``, the ``total`` with modifiers, and whether it succeeds."""

    face: int
    threshold: int
    modifier: int
    success: bool

    @property
    def total(self) -> int:
        return self.face + self.modifier


def check_threshold(threshold: int) -> None:
    low, high = THRESHOLD_RANGE
    if isinstance(threshold, bool) or not isinstance(threshold, int) or not (
            low <= threshold <= high):
        raise ValueError(f"a threshold is {low}+ to {high}+, got {threshold!r}")


def succeeds(face: int, threshold: int, modifier: int = 0, *, naturals: bool = False) -> bool:
    """ME4: the roll succeeds when ``face + modifier >= X`` (the draft: «un score à
    atteindre»). With ``naturals`` (the house rule ``me-natural-rolls``, the engine's
    reading before issue 47) a natural 6 succeeds and a natural 1 fails whatever the
    modifiers. Without a modifier both readings agree (thresholds are 2+ to 6+)."""
    if naturals:
        if face == 6:
            return True
        if face == 1:
            return False
    return face + modifier >= threshold


def threshold_roll(dice: Dice, threshold: int, modifier: int = 0, *,
                   naturals: bool = False) -> ThresholdRoll:
    """Roll one D6 against ``threshold`` (X+) with ``modifier`` (ME4)."""
    check_threshold(threshold)
    face = dice.d6()
    return ThresholdRoll(face, threshold, modifier,
                         succeeds(face, threshold, modifier, naturals=naturals))


def success_chance(threshold: int, modifier: int = 0, *, naturals: bool = False) -> Fraction:
    """The exact chance of :func:`threshold_roll` succeeding (ME4)."""
    check_threshold(threshold)
    dist = icepool.d6.map(lambda face: succeeds(face, threshold, modifier, naturals=naturals))
    return Fraction(dist.probability(True))


@cache
def _probabilities(value: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    """:meth:`Amount.probabilities`, worked out once per amount (a handful exist)."""
    dist = Amount(value, sides).distribution()
    return tuple((int(o), Fraction(dist.probability(o))) for o in dist.outcomes())


@cache
def _mean(value: int, sides: int) -> Fraction:
    return sum((o * p for o, p in _probabilities(value, sides)), Fraction(0))
