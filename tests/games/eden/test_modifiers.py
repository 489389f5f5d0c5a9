"""Rulebook 2.G, glossary Bonus/Penalty, and 9 (Poison, Rage): characteristic modifiers."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.modifiers import (
    Condition,
    Modifier,
    condition_modifiers,
    effective_value,
    effective_values,
)

PSI, CBT, VIG, SPD = Characteristic.PSI, Characteristic.CBT, Characteristic.VIG, Characteristic.SPD


def test_condition_values() -> None:
    assert [c.value for c in Condition] == ["burn", "fear", "poison", "rage", "slowdown"]


def test_no_modifiers_keeps_the_base() -> None:
    assert effective_value(4, [], PSI) == 4


def test_only_applicable_modifiers_count() -> None:
    mods = [
        Modifier.bonus("a", CBT, 2),
        Modifier.penalty("b", None, 1),
        Modifier.penalty("c", VIG, 3),
    ]
    assert effective_value(4, mods, CBT) == 5
    assert effective_value(4, mods, PSI) == 3
    assert effective_value(4, mods, VIG) == 0


def test_deltas_before_factors_then_round_up_once() -> None:
    # (3 + 2) * 1/2 = 2.5 -> 3; the other order would give ceil(1.5) + 2 = 4 or 1.5 + 2 = 3.5 -> 4.
    mods = [Modifier.times("halved", PSI, Fraction(1, 2)), Modifier.bonus("bonus", PSI, 2)]
    assert effective_value(3, mods, PSI) == 3
    # Factors round only once, at the end: 1 * 1/2 * 3 = 1.5 -> 2, in either order
    # (rounding after each factor would give ceil(0.5) * 3 = 3).
    halve_then_triple = [
        Modifier.times("half", None, Fraction(1, 2)),
        Modifier.times("triple", None, 3),
    ]
    assert effective_value(1, halve_then_triple, SPD) == 2
    assert effective_value(1, reversed(halve_then_triple), SPD) == 2


def test_round_up_means_the_higher_integer_for_negatives() -> None:
    assert effective_value(-3, [Modifier.times("half", None, Fraction(1, 2))], CBT) == -1


def test_result_is_not_clamped_at_zero() -> None:
    assert (
        effective_value(
            1, [Modifier.penalty("poison", None, 1), Modifier.penalty("x", None, 2)], VIG
        )
        == -2
    )


def test_bonus_and_penalty_are_positive_amounts() -> None:
    assert Modifier.bonus("a", CBT, 2).delta == 2
    assert Modifier.penalty("a", CBT, 2).delta == -2
    with pytest.raises(ValueError, match="a bonus is a positive value"):
        Modifier.bonus("a", CBT, -1)
    with pytest.raises(ValueError, match="a penalty is a positive value"):
        Modifier.penalty("a", CBT, -1)


def test_factor_is_coerced_and_checked() -> None:
    assert Modifier("x", None, factor=2).factor == Fraction(2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="factor must be >= 0"):
        Modifier("x", None, factor=Fraction(-1))
    with pytest.raises(ValueError, match="factor must be a Fraction"):
        Modifier("x", None, factor=0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="delta must be an integer"):
        Modifier("x", None, delta=1.5)  # type: ignore[arg-type]


def test_no_markers_no_modifiers() -> None:
    assert condition_modifiers({}) == []
    assert condition_modifiers({"burn": 2, "fear": 1, "slowdown": 1}) == []


def test_poison_is_one_point_whatever_the_number_of_markers() -> None:
    for count in (1, 4):
        mods = condition_modifiers({"poison": count})
        assert [effective_value(4, mods, c) for c in Characteristic] == [3, 3, 3, 3]


def test_rage_is_the_number_of_markers() -> None:
    mods = condition_modifiers({"rage": 2})
    assert {c: effective_value(4, mods, c) for c in Characteristic} == {
        PSI: 2,
        CBT: 6,
        VIG: 2,
        SPD: 6,
    }


def test_poison_and_rage_together() -> None:
    mods = condition_modifiers({Condition.POISON: 1, Condition.RAGE: 1})
    assert {c: effective_value(4, mods, c) for c in Characteristic} == {
        PSI: 2,
        CBT: 4,
        VIG: 2,
        SPD: 4,
    }
    assert {m.source for m in mods} == {"poison", "rage"}


deltas = st.lists(st.integers(-5, 5), max_size=4)
factors = st.lists(st.fractions(min_value=0, max_value=3, max_denominator=4), max_size=3)


@given(st.integers(0, 8), deltas, factors, st.sampled_from(list(Characteristic)))
def test_effective_value_formula(
    base: int, ds: list[int], fs: list[Fraction], c: Characteristic
) -> None:
    mods = [Modifier(f"d{i}", c, delta=d) for i, d in enumerate(ds)]
    mods += [Modifier(f"f{i}", None, factor=f) for i, f in enumerate(fs)]
    expected = Fraction(base + sum(ds)) * math.prod(fs, start=Fraction(1))
    assert effective_value(base, mods, c) == math.ceil(expected)
    assert effective_value(base, reversed(mods), c) == math.ceil(expected)


@given(
    st.fixed_dictionaries({c: st.integers(-3, 12) for c in Characteristic}),
    st.lists(st.tuples(st.sampled_from([None, *Characteristic]), st.integers(-4, 4),
                       st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(2), Fraction(3, 2),
                                        Fraction(0)])), max_size=6),
)
def test_all_four_values_at_once_are_each_ones_value(
        base: dict[Characteristic, int],
        specs: list[tuple[Characteristic | None, int, Fraction]]) -> None:
    """effective_values (a view's four characteristics, the modifiers gone through once)
    gives what effective_value gives for each."""
    mods = [Modifier("x", c, delta, factor) for c, delta, factor in specs]
    assert effective_values(base, mods) == {c: effective_value(v, mods, c)
                                            for c, v in base.items()}
