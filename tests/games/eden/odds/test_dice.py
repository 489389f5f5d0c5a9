"""Rulebook 2.A rolls: exact distributions (icepool) against known values, the engine's own
roll rules and independent numpy convolutions."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from skirmish.core.dice import ScriptedDice
from skirmish.games.eden.odds.dice import (
    at_least,
    burn_wounds,
    convolve,
    cumulative,
    dice_successes,
    explosion_hit,
    location,
    mean,
    opposition,
    roll_shape,
    successes,
)
from skirmish.games.eden.rolls import characteristic_roll, opposition_roll, shift_location


def numpy_successes(count: int, threshold: int) -> np.ndarray:
    """Successes of ``count`` D6 at ``threshold``+ by repeated convolution of one die."""
    p = (7 - threshold) / 6
    one = np.array([1 - p, p])
    out = np.array([1.0])
    for _ in range(count):
        out = np.convolve(out, one)
    return out


def test_known_value_at_least_one_success_four_dice_difficulty_5() -> None:
    assert at_least(successes(4, 5), 1) == 1 - Fraction(4, 6) ** 4


def test_known_value_abama_cbt_4_at_difficulty_7_is_3_dice_at_6() -> None:
    assert roll_shape(4, 7) == (3, 6)
    assert successes(4, 7) == dice_successes(3, 6)
    assert successes(4, 7)[0] == Fraction(5, 6) ** 3


def test_difficulty_above_6_can_empty_the_pool_and_0_or_less_fails() -> None:
    assert successes(2, 8) == {0: 1}  # CBT 2 lowered by 2: no dice (2.A)
    assert successes(0, 3) == {0: 1}
    assert successes(-1, 3) == {0: 1}


def test_difficulty_below_1_means_every_die_succeeds() -> None:
    assert successes(3, 0) == {3: 1}
    assert successes(3, -2) == {3: 1}


@pytest.mark.parametrize("value", range(-1, 11))
@pytest.mark.parametrize("difficulty", range(-1, 10))
def test_icepool_agrees_with_numpy_convolution(value: int, difficulty: int) -> None:
    exact = successes(value, difficulty)
    count, threshold = roll_shape(value, difficulty)
    assert sum(exact.values()) == 1
    expected = numpy_successes(count, threshold)
    got = np.array([float(exact.get(k, 0)) for k in range(len(expected))])
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-14)


@pytest.mark.parametrize(("value", "difficulty"), [(4, 7), (3, 9), (0, 2), (5, 0), (3, 4)])
def test_shape_is_the_engines_characteristic_roll(value: int, difficulty: int) -> None:
    roll = characteristic_roll(ScriptedDice([6] * 12), value, difficulty)
    count, threshold = roll_shape(value, difficulty)
    assert roll.dice == count
    assert roll.threshold == threshold
    assert roll.successes == max(successes(value, difficulty))


def _engine_opposition(a: int, b: int) -> Fraction:
    """P(a wins) by playing every pair of faces through the engine; a tie of equal
    characteristics re-rolls, so its weight is spread over the decided pairs."""
    wins = decided = 0
    for fa in range(1, 7):
        for fb in range(1, 7):
            if a == b and fa == fb:
                continue  # a re-roll: the law is that of the decided pairs
            decided += 1
            wins += opposition_roll(ScriptedDice([fa, fb]), a, b).winner == 0
    return Fraction(wins, decided)


@pytest.mark.parametrize(("a", "b"), [(4, 4), (6, 4), (4, 6), (-2, 8), (0, 0), (3, 2)])
def test_opposition_against_the_engine(a: int, b: int) -> None:
    assert opposition(a, b) == _engine_opposition(a, b)
    assert opposition(a, b) + opposition(b, a) == 1


def test_opposition_vladd_against_wounded_ngobo() -> None:
    # Rulebook 2.A: Vladd CBT 6 against Ngobo CBT 4 (wounded arm): Vladd wins unless
    # Ngobo's die beats his by 3 or more (or by exactly 2: equal totals go to CBT 6).
    assert opposition(6, 4) == Fraction(36 - 6, 36)


def test_location_roll_with_a_shift_is_clamped() -> None:
    assert location(0) == {f: Fraction(1, 6) for f in range(1, 7)}
    assert location(2) == {3: Fraction(1, 6), 4: Fraction(1, 6), 5: Fraction(1, 6),
                           6: Fraction(1, 2)}
    for shift in range(-6, 7):
        for face, p in location(shift).items():
            assert p > 0 and 1 <= face <= 6
        assert location(shift) == {
            f: Fraction(sum(shift_location(g, shift) == f for g in range(1, 7)), 6)
            for f in range(1, 7) if any(shift_location(g, shift) == f for g in range(1, 7))}


def test_burn_dice_are_above_vig() -> None:
    assert dict(burn_wounds(6)) == {0: 1}
    assert dict(burn_wounds(0)) == {3: 1}
    wounds = dict(burn_wounds(4))  # a die above 4: 5 or 6
    expected = numpy_successes(3, 5)
    assert [float(wounds[k]) for k in range(4)] == pytest.approx(expected.tolist(), abs=1e-15)


def test_explosion_hit_is_at_least_one_success() -> None:
    assert explosion_hit(2, 4) == 1 - Fraction(1, 2) ** 2
    assert explosion_hit(1, 8) == 0  # Explosive(1) against VIG 8: no dice (2.A)


def test_helpers() -> None:
    d = successes(3, 4)
    assert cumulative(d) == {k: at_least(d, k) for k in (1, 2, 3)}
    assert mean(d) == Fraction(3, 2)
    two = convolve(d, d)
    assert two == successes(6, 4)
