"""Exact distributions of Eden's rolls (Rulebook 2.A, Rolls), as :class:`~fractions.Fraction`.

Every probability here is an exact rational number: no sampling, no rounding. The dice
algebra is done by `icepool <https://github.com/HighDiceRoller/icepool>`_ (exact
integer-weighted dice); the test suite cross-checks it against numpy convolutions.

The 2.A rules are applied exactly as the engine's
:func:`skirmish.games.eden.rolls.characteristic_roll`
applies them (docs/rulings.md, "Rulebook 2.A"):

- a characteristic roll throws as many D6 as the characteristic; each die at or above the
  difficulty is a success;
- a difficulty above 6 becomes 6 and the characteristic is lowered by the same amount
  (Abama: CBT 4 at difficulty 7 rolls 3 dice at 6+);
- a characteristic of 0 or less (naturally or after that lowering) rolls nothing: 0 successes;
- a difficulty below 1 becomes 1 (every die succeeds);
- an opposition roll is 1 D6 + the characteristic each; equal totals go to the higher
  characteristic, and equal characteristics roll again;
- a location roll is one D6, which may be shifted up or down (not both), kept within 1-6.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

#: A probability distribution over integers: value -> exact probability (zeros left out).
Dist = dict[int, Fraction]

ONE = Fraction(1)
ZERO = Fraction(0)
SIXTH = Fraction(1, 6)
FACES = (1, 2, 3, 4, 5, 6)


def roll_shape(value: int, difficulty: int) -> tuple[int, int]:
    """Rulebook 2.A: the (number of dice, threshold) of a characteristic roll of ``value`` at
    ``difficulty``, after the "above 6" and "below 1" adjustments; 0 dice when the
    characteristic is 0 or less."""
    threshold, count = difficulty, value
    if difficulty > 6:
        threshold, count = 6, value - (difficulty - 6)
    elif difficulty < 1:
        threshold = 1
    return max(count, 0), threshold


@lru_cache(maxsize=4096)
def _successes(count: int, threshold: int) -> tuple[tuple[int, Fraction], ...]:
    if count <= 0:
        return ((0, ONE),)
    die = count @ (icepool.d6 >= threshold)
    total = die.denominator()
    return tuple((int(outcome), Fraction(quantity, total))
                 for outcome, quantity in die.items() if quantity)


def successes(value: int, difficulty: int) -> Dist:
    """Rulebook 2.A, Characteristic roll: the distribution of the number of successes."""
    return dict(_successes(*roll_shape(value, difficulty)))


def dice_successes(count: int, threshold: int) -> Dist:
    """``count`` D6 counting the faces at or above ``threshold`` (1-6; no 2.A adjustment)."""
    return dict(_successes(count, min(max(threshold, 1), 7)))


def at_least(dist: Dist, k: int) -> Fraction:
    """P(X >= k)."""
    return sum((p for v, p in dist.items() if v >= k), ZERO)


def mean(dist: Dist) -> Fraction:
    """E[X]."""
    return sum((v * p for v, p in dist.items()), ZERO)


def cumulative(dist: Dist) -> dict[int, Fraction]:
    """The "at least X" table: X -> P(value >= X), for X from 1 to the largest value."""
    top = max(dist, default=0)
    return {k: at_least(dist, k) for k in range(1, top + 1)}


@lru_cache(maxsize=1024)
def opposition(a_value: int, b_value: int) -> Fraction:
    """Rulebook 2.A, Opposition roll: the probability that ``a`` wins.

    Equal totals go to the higher characteristic; when the characteristics are equal too,
    the dice are rolled again until someone wins, so P(a wins) is P(a strictly higher)
    divided by P(not a tie) (equal to 1/2 by symmetry)."""
    wins = ties = 0
    for a in FACES:
        for b in FACES:
            if a + a_value > b + b_value:
                wins += 1
            elif a + a_value == b + b_value:
                ties += 1
    if a_value == b_value:
        return Fraction(wins, 36 - ties)
    return Fraction(wins + (ties if a_value > b_value else 0), 36)


def shift_face(face: int, shift: int) -> int:
    """Rulebook 2.A, Location roll: a shifted face, kept within 1-6."""
    return min(6, max(1, face + shift))


def location(shift: int = 0) -> Dist:
    """Rulebook 2.A: the face of a location roll always shifted by ``shift`` (signed; kept in
    1-6: a shift of +2 makes 5 and 6 both land on 6)."""
    out: Dist = {}
    for face in FACES:
        moved = shift_face(face, shift)
        out[moved] = out.get(moved, ZERO) + SIXTH
    return out


@lru_cache(maxsize=64)
def burn_wounds(vig: int) -> tuple[tuple[int, Fraction], ...]:
    """Rulebook 4.B, Intendancy step 3: 3D6, each die above VIG is a wound (so a die is a
    wound at ``vig + 1``+; none when VIG is 6 or more, all when VIG is 0 or less)."""
    threshold = vig + 1
    if threshold > 6:
        return ((0, ONE),)
    return _successes(3, max(threshold, 1))


def explosion_hit(power: int, vig: int) -> Fraction:
    """Rulebook 8.C, Explosive(X): P(at least one success) for X D6 against VIG (the 2.A
    characteristic-roll rules apply, as in the engine)."""
    return at_least(successes(power, vig), 1)


def convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent values."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, ZERO) + p * q
    return out
