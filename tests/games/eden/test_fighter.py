"""Rulebook 1.5, 1.6, 2.F and 9: a fighter's CP, characteristics and markers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.fighter import Fighter, WoundResult
from skirmish.games.eden.modifiers import Condition, Modifier
from tests.games.eden.profiles import ELENIA, NGOBO, VLADD, YURI


def test_ref_uses_side_and_key() -> None:
    assert Fighter(0, YURI).ref == "A.Yuri"
    assert Fighter(1, NGOBO).ref == "B.Ngobo-Quick-Arm"


def test_new_fighter_is_unhurt() -> None:
    yuri = Fighter(0, YURI)
    assert yuri.checked == [0, 0, 0, 0]
    assert [yuri.cp_left(limb) for limb in Limb] == [4, 3, 4, 3]
    assert not any(yuri.is_wounded(limb) for limb in Limb)
    assert not yuri.incapacitated
    assert [yuri.base_value(c) for c in Characteristic] == [4, 4, 4, 5]


def test_wound_checks_white_then_red() -> None:
    ngobo = Fighter(1, NGOBO)  # arms: 1 white + 2 red CP, CBT 5 / 4
    assert ngobo.wound(Limb.ARMS, 1) == WoundResult(1, True, False)
    assert ngobo.base_value(Characteristic.CBT) == 4
    assert ngobo.wound(Limb.ARMS, 1) == WoundResult(1, False, False)
    assert ngobo.is_wounded(Limb.ARMS)
    assert ngobo.wound(Limb.ARMS, 1) == WoundResult(1, False, True)
    assert ngobo.incapacitated


def test_wound_never_checks_beyond_the_limb() -> None:
    vladd = Fighter(0, VLADD)  # head: 1 white + 1 red
    result = vladd.wound(Limb.HEAD, 5)
    assert result == WoundResult(lost=2, became_wounded=True, incapacitated=True)
    assert vladd.checked == [2, 0, 0, 0]
    assert vladd.wound(Limb.HEAD, 1) == WoundResult(0, False, True)


def test_wound_of_zero_changes_nothing() -> None:
    yuri = Fighter(0, YURI)
    assert yuri.wound(Limb.TORSO, 0) == WoundResult(0, False, False)
    with pytest.raises(ValueError, match="must be >= 0"):
        yuri.wound(Limb.TORSO, -1)


def test_limb_without_red_cp_is_never_wounded_and_its_last_cp_incapacitates() -> None:
    elenia = Fighter(1, ELENIA)  # head: 2 white CP, no red
    assert elenia.wound(Limb.HEAD, 1) == WoundResult(1, False, False)
    assert not elenia.is_wounded(Limb.HEAD)
    result = elenia.wound(Limb.HEAD, 1)
    assert result == WoundResult(lost=1, became_wounded=False, incapacitated=True)
    assert not elenia.is_wounded(Limb.HEAD)
    assert elenia.base_value(Characteristic.PSI) == 4


def test_incapacitated_by_any_single_limb() -> None:
    yuri = Fighter(0, YURI)
    for limb in (Limb.HEAD, Limb.ARMS, Limb.TORSO):
        yuri.wound(limb, yuri.cp_left(limb) - 1)
    assert not yuri.incapacitated
    assert yuri.wound(Limb.LEGS, 3).incapacitated


def test_heal_unchecks() -> None:
    yuri = Fighter(0, YURI)
    yuri.wound(Limb.HEAD, 2)
    assert yuri.base_value(Characteristic.PSI) == 3
    assert yuri.heal(Limb.HEAD, 1) == 1
    assert yuri.base_value(Characteristic.PSI) == 4
    assert yuri.heal(Limb.HEAD, 5) == 1
    assert yuri.checked == [0, 0, 0, 0]


def test_markers_keep_only_non_zero_counts() -> None:
    yuri = Fighter(0, YURI)
    yuri.add_markers(Condition.RAGE, 2)
    yuri.add_markers("burn", 1)
    yuri.add_markers(Condition.FEAR, 0)
    assert yuri.markers == {"rage": 2, "burn": 1}
    assert yuri.marker_count(Condition.RAGE) == 2
    assert yuri.remove_marker(Condition.RAGE) == 1
    assert yuri.remove_marker("burn", 3) == 1
    assert yuri.remove_marker(Condition.POISON) == 0
    assert yuri.markers == {"rage": 1}
    assert yuri.marker_count(Condition.BURN) == 0


def test_characteristic_applies_conditions_and_extras() -> None:
    yuri = Fighter(0, YURI)
    yuri.add_markers(Condition.POISON, 3)
    yuri.add_markers(Condition.RAGE, 2)
    assert yuri.characteristic(Characteristic.CBT) == 4 - 1 + 2
    assert yuri.characteristic(Characteristic.PSI) == 4 - 1 - 2
    cancelled = Modifier.times("invented effect", Characteristic.SPD, 0)
    assert yuri.characteristic(Characteristic.SPD, [cancelled]) == 0


def test_record_use_counts_round_and_match() -> None:
    yuri = Fighter(0, YURI)
    yuri.record_use("Attack")
    yuri.record_use("Attack")
    assert yuri.round_uses == {"Attack": 2} and yuri.match_uses == {"Attack": 2}


def test_constructor_validation() -> None:
    with pytest.raises(ValueError, match="side must be 0"):
        Fighter(3, YURI)  # 2 is a non-player fighter's (Infestation)
    with pytest.raises(ValueError, match="checked head CP must be 0-4"):
        Fighter(0, YURI, checked=[5, 0, 0, 0])
    with pytest.raises(ValueError, match="checked needs 4 counts"):
        Fighter(0, YURI, checked=[0, 0])


def test_from_json_refuses_another_profile() -> None:
    with pytest.raises(ValueError, match="not 'Vlädd'"):
        Fighter.from_json(Fighter(0, YURI).to_json(), VLADD)


def test_clone_shares_only_the_profile() -> None:
    yuri = Fighter(0, YURI, markers={"poison": 1}, round_uses={"Attack": 1}, ap=3)
    copy = yuri.clone()
    assert copy.profile is yuri.profile
    copy.wound(Limb.HEAD, 2)
    copy.add_markers(Condition.POISON)
    copy.record_use("Attack")
    copy.ap = 0
    assert yuri.checked == [0, 0, 0, 0]
    assert yuri.markers == {"poison": 1}
    assert yuri.round_uses == {"Attack": 1} and yuri.match_uses == {}
    assert yuri.ap == 3


fighter_states = st.fixed_dictionaries(
    {
        "side": st.integers(0, 1),
        "checked": st.tuples(
            st.integers(0, 4), st.integers(0, 3), st.integers(0, 4), st.integers(0, 3)
        ),
        "markers": st.dictionaries(
            st.sampled_from([c.value for c in Condition]), st.integers(0, 5)
        ),
        "ap": st.integers(0, 5),
        "x": st.floats(-200, 200, allow_nan=False),
        "y": st.floats(-200, 200, allow_nan=False),
        "on_field": st.booleans(),
        "activated": st.booleans(),
        "round_uses": st.dictionaries(st.text(min_size=1, max_size=8), st.integers(1, 3)),
        "match_uses": st.dictionaries(st.text(min_size=1, max_size=8), st.integers(1, 3)),
    }
)


def _build(state: dict[str, object]) -> Fighter:
    return Fighter(
        state["side"],  # type: ignore[arg-type]
        YURI,
        **{k: v for k, v in state.items() if k != "side"},  # type: ignore[arg-type]
    )


@given(fighter_states)
def test_json_round_trip(state: dict[str, object]) -> None:
    fighter = _build(state)
    data = json.loads(json.dumps(fighter.to_json()))
    again = Fighter.from_json(data, YURI)
    assert again.to_json() == fighter.to_json()
    assert 0 not in again.markers.values()


@given(fighter_states, st.sampled_from(list(Limb)), st.integers(0, 4), st.text(min_size=1))
def test_clone_is_independent(state: dict[str, object], limb: Limb, n: int, name: str) -> None:
    fighter = _build(state)
    before = fighter.to_json()
    copy = fighter.clone()
    assert copy.to_json() == before
    copy.wound(limb, n)
    copy.add_markers(Condition.SLOWDOWN, 1)
    copy.remove_marker(Condition.RAGE)
    copy.record_use(name)
    copy.x += 1.0
    copy.activated = not copy.activated
    assert fighter.to_json() == before


@given(st.sampled_from(list(Limb)), st.lists(st.integers(0, 3), max_size=6))
def test_wounds_add_up_and_stop_at_the_total(limb: Limb, blows: list[int]) -> None:
    yuri = Fighter(0, YURI)
    total = YURI.limb(limb).total_cp
    lost = sum(yuri.wound(limb, n).lost for n in blows)
    assert lost == min(sum(blows), total)
    assert yuri.cp_left(limb) == total - lost
    assert yuri.incapacitated == (lost == total)
