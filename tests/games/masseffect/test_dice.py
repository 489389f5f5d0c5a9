"""ME3 (D2 and D3 from a D6) and ME4 (X+ rolls): exact distributions and rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.core.dice import ScriptedDice, SeededDice
from skirmish.games.masseffect.dice import (
    Amount,
    die,
    from_d6,
    roll_die,
    succeeds,
    success_chance,
    threshold_roll,
)

THIRD, HALF, SIXTH = Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)


def test_d2_and_d3_are_a_d6_divided_by_3_or_2_rounded_up() -> None:
    """ME3: «en lançant un D6 et en divisant le résultat par 3 ou 2», rounded up."""
    assert [from_d6(face, 2) for face in range(1, 7)] == [1, 1, 1, 2, 2, 2]
    assert [from_d6(face, 3) for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert [from_d6(face, 6) for face in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_d2_and_d3_distributions_are_exact_and_uniform() -> None:
    """ME3: the exact distributions (icepool) of D2, D3, D6 and of fixed amounts."""
    assert Amount.parse("D2").probabilities() == {1: HALF, 2: HALF}
    assert Amount.parse("D3").probabilities() == {1: THIRD, 2: THIRD, 3: THIRD}
    assert Amount.parse("d6").probabilities() == dict.fromkeys(range(1, 7), SIXTH)
    assert Amount.parse(2).probabilities() == {2: Fraction(1)}
    assert (Amount.parse("D2").mean, Amount.parse("D3").mean) == (Fraction(3, 2), 2)
    assert die(3).denominator() == 6  # one D6 read as a D3, not a 3-sided die


def test_amounts_roll_one_d6_per_die_from_the_games_dice() -> None:
    """ME3: a die amount uses one D6 of the game's dice; a number uses none."""
    dice = ScriptedDice([4, 5, 2])
    assert Amount.parse("D2").roll(dice) == 2
    assert Amount.parse("D3").roll(dice) == 3
    assert Amount.parse(1).roll(dice) == 1
    assert roll_die(dice, 3) == 1
    assert dice.remaining == 0


@given(st.integers(0, 2**63))
def test_seeded_rolls_stay_in_range(seed: int) -> None:
    dice = SeededDice(seed)
    assert 1 <= Amount.parse("D2").roll(dice) <= 2
    assert 1 <= Amount.parse("D3").roll(dice) <= 3


@pytest.mark.parametrize("text", ["D4", "0", "7", "2D3", "", "D", None, True, 1.5])
def test_amounts_refuse_what_the_draft_does_not_have(text: object) -> None:
    with pytest.raises(ValueError, match=r"expected a number 1-6 or a die|D2, D3, D6|1 to 6"):
        Amount.parse(text)


@given(st.sampled_from(["1", "2", "3", "4", "5", "6", "D2", "D3", "D6"]))
def test_amounts_print_as_read(text: str) -> None:
    assert str(Amount.parse(text)) == text
    assert Amount.parse(str(Amount.parse(text.lower()))) == Amount.parse(text)


def test_a_natural_one_fails_and_a_natural_six_succeeds() -> None:
    """ME4: D6 + modifiers >= X succeeds; under the house rule me-natural-rolls=naturals
    (the engine's reading before issue 47, now an option: tests/games/masseffect/
    test_house_rules.py pins the draft's default) a natural 1 fails and a natural 6
    succeeds, whatever the modifiers."""
    assert succeeds(4, 4) and not succeeds(3, 4)
    assert succeeds(3, 4, +1) and not succeeds(4, 4, -1)
    assert not succeeds(1, 2, +3, naturals=True) and succeeds(1, 2, +3)
    assert succeeds(6, 6, -2, naturals=True) and not succeeds(6, 6, -2)
    roll = threshold_roll(ScriptedDice([5]), 6, +1)
    assert (roll.face, roll.total, roll.success) == (5, 6, True)


def test_success_chances_are_exact() -> None:
    """ME4 and ME12/ME22: 4+ is 1/2; +1 (standing still) makes it 2/3; -1 (obstacle) 1/3;
    with natural rolls (me-natural-rolls=naturals) a 2+ never passes 5/6, a 6+ never drops
    below 1/6; by the total (the default) they reach 1 and 0."""
    assert success_chance(4) == HALF
    assert success_chance(4, +1) == Fraction(2, 3)
    assert success_chance(4, -1) == THIRD
    assert success_chance(2, +3, naturals=True) == Fraction(5, 6)
    assert success_chance(6, -2, naturals=True) == SIXTH
    assert success_chance(2, +3) == 1 and success_chance(6, -2) == 0
    with pytest.raises(ValueError, match="2\\+ to 6\\+"):
        success_chance(7)
