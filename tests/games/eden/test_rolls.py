"""Rulebook 2.A, Rolls: characteristic, opposition and location rolls."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.core.dice import ScriptedDice, SeededDice
from skirmish.core.errors import DiceExhaustedError
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.rolls import (
    characteristic_roll,
    location_roll,
    opposition_roll,
    reachable_faces,
    shift_location,
)

faces6 = st.integers(1, 6)


def test_characteristic_roll_plain() -> None:
    roll = characteristic_roll(ScriptedDice([2, 3, 3]), 3, 3)
    assert (roll.dice, roll.threshold, roll.faces, roll.successes) == (3, 3, (2, 3, 3), 2)
    assert roll.succeeded
    assert roll.detail == "3D6 at 3+: 2 3 3, 2 successes"


def test_zero_characteristic_fails_without_dice() -> None:
    dice = ScriptedDice([])
    roll = characteristic_roll(dice, 0, 4, Characteristic.VIG)
    assert (roll.dice, roll.faces, roll.successes, roll.succeeded) == (0, (), 0, False)
    assert "no dice rolled" in roll.detail and "fails automatically" in roll.detail
    assert dice.position == 0


def test_negative_characteristic_fails_without_dice() -> None:
    roll = characteristic_roll(ScriptedDice([]), -2, 3)
    assert (roll.dice, roll.successes) == (0, 0)


def test_difficulty_lowering_can_empty_the_pool() -> None:
    dice = ScriptedDice([6, 6])
    roll = characteristic_roll(dice, 2, 8, Characteristic.SPD)
    assert (roll.dice, roll.threshold, roll.successes) == (0, 6, 0)
    assert roll.detail.startswith(
        "difficulty 8 lowered to 6, SPD 2 lowered to 0; SPD 0 is 0 or less"
    )
    assert dice.position == 0


def test_difficulty_below_one_means_every_die_succeeds() -> None:
    roll = characteristic_roll(ScriptedDice([1, 1, 2]), 3, 0)
    assert (roll.threshold, roll.successes) == (1, 3)
    assert "difficulty 0 raised to 1, every die succeeds" in roll.detail


def test_one_success_is_singular() -> None:
    assert characteristic_roll(ScriptedDice([6]), 1, 6).detail.endswith("1 success")


def test_exhausted_dice_are_an_error() -> None:
    with pytest.raises(DiceExhaustedError):
        characteristic_roll(ScriptedDice([6]), 2, 4)


@given(st.integers(-3, 10), st.integers(-2, 12), st.integers(0, 2**32))
def test_characteristic_roll_rules(value: int, difficulty: int, seed: int) -> None:
    roll = characteristic_roll(SeededDice(seed), value, difficulty)
    expected_dice = max(0, value - max(0, difficulty - 6))
    assert roll.dice == expected_dice == len(roll.faces)
    assert roll.threshold == min(6, max(1, difficulty))
    assert roll.successes == sum(1 for f in roll.faces if f >= roll.threshold)
    assert roll.succeeded == (roll.successes > 0)


@given(st.lists(faces6, min_size=1, max_size=10), st.integers(1, 6))
def test_successes_count_faces_at_threshold(faces: list[int], difficulty: int) -> None:
    roll = characteristic_roll(ScriptedDice(faces), len(faces), difficulty)
    assert roll.faces == tuple(faces)
    assert roll.successes == sum(1 for f in faces if f >= difficulty)


def test_opposition_higher_total_wins() -> None:
    roll = opposition_roll(ScriptedDice([6, 1]), 2, 5)
    assert (roll.rolls, roll.winner, roll.totals) == (((6, 1),), 0, (8, 6))


def test_opposition_tie_goes_to_the_higher_characteristic() -> None:
    roll = opposition_roll(ScriptedDice([5, 3]), 3, 5)
    assert roll.totals == (8, 8)
    assert roll.winner == 1
    assert opposition_roll(ScriptedDice([2, 5]), 6, 3).winner == 0


def test_opposition_full_tie_rolls_again() -> None:
    dice = ScriptedDice([4, 4, 2, 2, 1, 3])
    roll = opposition_roll(dice, 4, 4)
    assert roll.rolls == ((4, 4), (2, 2), (1, 3))
    assert roll.winner == 1
    assert dice.remaining == 0


def test_opposition_full_tie_needs_more_dice() -> None:
    with pytest.raises(DiceExhaustedError):
        opposition_roll(ScriptedDice([3, 3]), 2, 2)


@given(st.integers(-2, 8), st.integers(-2, 8), st.integers(0, 2**32))
def test_opposition_winner_property(a: int, b: int, seed: int) -> None:
    roll = opposition_roll(SeededDice(seed), a, b)
    for a_face, b_face in roll.rolls[:-1]:
        assert a_face + a == b_face + b and a == b
    ta, tb = roll.totals
    if ta != tb:
        assert roll.winner == (0 if ta > tb else 1)
    else:
        assert a != b and roll.winner == (0 if a > b else 1)


def test_location_roll_is_one_die() -> None:
    dice = ScriptedDice([4, 2])
    assert location_roll(dice) == 4
    assert dice.remaining == 1


@given(faces6, st.integers(-10, 10))
def test_shift_is_clamped(face: int, shift: int) -> None:
    shifted = shift_location(face, shift)
    assert 1 <= shifted <= 6
    assert shifted == face + shift or shifted in (1, 6)
    if 1 <= face + shift <= 6:
        assert shifted == face + shift


def test_shift_examples() -> None:
    assert shift_location(5, 1) == 6
    assert shift_location(6, 2) == 6
    assert shift_location(2, -3) == 1
    with pytest.raises(ValueError, match="D6 face 1-6"):
        shift_location(0, 1)


@given(faces6, st.integers(0, 7))
def test_reachable_faces(face: int, max_shift: int) -> None:
    reach = reachable_faces(face, max_shift)
    assert reach == sorted({shift_location(face, s) for s in range(-max_shift, max_shift + 1)})
    assert face in reach


def test_reachable_faces_examples() -> None:
    assert reachable_faces(5, 1) == [4, 5, 6]
    assert reachable_faces(1, 2) == [1, 2, 3]
    assert reachable_faces(3, 0) == [3]
    with pytest.raises(ValueError, match="must be >= 0"):
        reachable_faces(3, -1)
