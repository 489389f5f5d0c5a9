"""Rulebook 5, Move and Charge: scenarios on the table with forced dice."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.modifiers import Condition
from skirmish.geometry import Element, Polygon

from .profiles import ABAMA, NGOBO, VLADD, YURI
from .scenario import fighter, state, table


def activation(a, b, ref: str, dice=(), **kw):
    game = table(a, b, dice=dice, start=[Activation(Ref(ref))], **kw)
    return game


def test_move_costs_1_ap_and_is_3_per_round() -> None:
    game = activation([(YURI, 10, 10)], [(NGOBO, 50, 50)], "A.Yuri", ap=4)
    yuri = fighter(game, "A.Yuri")
    # A burn marker to remove keeps the activation going after the third Move (an
    # activation with nothing but 'end' left ends by itself, docs/rulings.md).
    yuri.add_markers(Condition.BURN)
    game.apply("move A.Yuri 20,10")
    assert (yuri.x, yuri.y, yuri.ap) == (20, 10, 3)
    game.apply("move A.Yuri 20,20")
    game.apply("move A.Yuri 25,25")
    with pytest.raises(IllegalActionError, match="3/round"):
        game.apply("move A.Yuri 26,25")


def test_move_is_at_most_10_cm_and_must_go_round_scenery() -> None:
    wall = Element("wall", Polygon.rectangle(14, 0, 16, 30))
    game = activation([(YURI, 10, 10)], [(NGOBO, 50, 50)], "A.Yuri")
    with pytest.raises(IllegalActionError, match="longer than 10 cm"):
        game.apply("move A.Yuri 20.5,10")
    state(game).scenery = (wall,)
    with pytest.raises(IllegalActionError, match=r"longer than 10 cm|no path"):
        game.apply("move A.Yuri 19,10")  # 9 cm straight, but the wall is in the way


def test_move_cannot_end_in_contact_with_an_enemy() -> None:
    game = activation([(YURI, 10, 10)], [(NGOBO, 16, 10)], "A.Yuri")
    with pytest.raises(IllegalActionError, match="cannot end in contact"):
        game.apply("move A.Yuri 13,10")  # 3 cm from Ngobo's centre: bases touch


def test_withdrawal_success_then_move() -> None:
    # Yuri (SPD 5) in contact with Ngobo (SPD 4): SPD roll difficulty 4: 4,1,1,1,1 -> 1 success
    game = activation([(YURI, 10, 10)], [(NGOBO, 13, 10)], "A.Yuri", dice=[4, 1, 1, 1, 1])
    game.apply("move A.Yuri 3,10")
    yuri = fighter(game, "A.Yuri")
    assert (yuri.x, yuri.y, yuri.ap) == (3, 10, 2)
    assert fighter(game, "B.Ngobo-Quick-Arm").ap == 3


def test_failed_withdrawal_lets_each_enemy_attack_for_1_ap() -> None:
    # SPD roll fails (all 1s); Ngobo attacks: CBT 5 vs VIG 4: 4,4,1,1,1 -> 2; location 4 (torso)
    dice = [1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 4]
    game = activation([(YURI, 10, 10)], [(NGOBO, 13, 10)], "A.Yuri", dice=dice)
    game.apply("move A.Yuri 3,10")
    assert game.decision().player == 1 and game.decision().kind == "withdrawal-attack"
    game.apply("attack B.Ngobo-Quick-Arm A.Yuri")
    assert game.decision().kind == "aim"  # 2 successes: Ngobo may shift by one
    game.apply("aim torso")
    ngobo, yuri = fighter(game, "B.Ngobo-Quick-Arm"), fighter(game, "A.Yuri")
    assert ngobo.ap == 2 and ngobo.round_uses["attack"] == 1 and not ngobo.activated
    assert yuri.checked == [0, 0, 2, 0]
    assert (yuri.x, yuri.y) == (3, 10)  # then Yuri moves


def test_charge_ends_exactly_in_contact_and_attacks() -> None:
    # Vladd charges Ngobo 8 cm away; Ngobo reacts passively; CBT 6 vs VIG 4: all fail.
    game = activation([(VLADD, 10, 10)], [(NGOBO, 21, 10)], "A.Vlädd", dice=[1] * 6)
    game.apply("charge A.Vlädd B.Ngobo-Quick-Arm")
    vladd = fighter(game, "A.Vlädd")
    assert vladd.ap == 1 and vladd.round_uses == {"charge": 1, "attack": 1}
    assert state(game).in_contact(vladd, fighter(game, "B.Ngobo-Quick-Arm"))
    assert abs((21 - vladd.x) - 3.0) < 1e-9 and vladd.y == 10
    game.apply("react passive")
    with pytest.raises(IllegalActionError, match=r"1/round|must be free|2 AP"):
        game.apply("charge A.Vlädd B.Ngobo-Quick-Arm")


def test_charge_at_a_given_side_snaps_into_contact() -> None:
    game = activation([(VLADD, 10, 10)], [(NGOBO, 18, 10)], "A.Vlädd", dice=[1] * 6)
    game.apply("charge A.Vlädd B.Ngobo-Quick-Arm 18,6.9")
    vladd = fighter(game, "A.Vlädd")
    assert abs(vladd.x - 18) < 1e-9 and abs(vladd.y - 7) < 1e-9  # exactly 3 cm below


def test_charge_must_start_free_and_needs_2_ap_and_no_fear() -> None:
    game = activation([(VLADD, 10, 10)], [(NGOBO, 13, 10), (ABAMA, 20, 20)], "A.Vlädd")
    with pytest.raises(IllegalActionError, match="must be free"):
        game.apply("charge A.Vlädd B.Abama-Big-Belly")
    game = activation([(VLADD, 10, 10)], [(NGOBO, 18, 10)], "A.Vlädd", ap=1)
    with pytest.raises(IllegalActionError, match="costs 2 AP"):
        game.apply("charge A.Vlädd B.Ngobo-Quick-Arm")
    game = activation([(VLADD, 10, 10)], [(NGOBO, 18, 10)], "A.Vlädd")
    fighter(game, "A.Vlädd").add_markers(Condition.FEAR, 1)
    with pytest.raises(IllegalActionError, match="Fear"):
        game.apply("charge A.Vlädd B.Ngobo-Quick-Arm")
    game.apply("move A.Vlädd 12,12")  # a frightened fighter can still move


def test_a_charge_out_of_reach_becomes_a_move() -> None:
    game = activation([(VLADD, 10, 10)], [(NGOBO, 30, 10)], "A.Vlädd")
    game.apply("charge A.Vlädd B.Ngobo-Quick-Arm 17,10")
    vladd = fighter(game, "A.Vlädd")
    assert (vladd.x, vladd.ap, vladd.round_uses) == (17, 2, {"move": 1})


def test_extinguish_removes_a_burn_marker_for_1_ap() -> None:
    game = activation([(YURI, 10, 10)], [(NGOBO, 50, 50)], "A.Yuri")
    yuri = fighter(game, "A.Yuri")
    yuri.add_markers(Condition.BURN, 2)
    game.apply("extinguish A.Yuri")
    assert yuri.marker_count(Condition.BURN) == 1 and yuri.ap == 2


def test_a_frightened_fighter_may_still_remove_a_burn_marker() -> None:
    # Rulebook 9: Fear forbids "any action except Move" - the actions of section 5 (Move,
    # Charge, Attack, action abilities). Removing a burn marker is a cost paid during the
    # activation, described under Burn, not one of them (docs/rulings.md).
    game = activation([(YURI, 10, 10)], [(NGOBO, 50, 50)], "A.Yuri")
    yuri = fighter(game, "A.Yuri")
    yuri.add_markers(Condition.BURN, 1)
    yuri.add_markers(Condition.FEAR, 1)
    assert "extinguish A.Yuri" in {str(a) for a in game.legal_actions()}
    game.apply("extinguish A.Yuri")
    assert yuri.marker_count(Condition.BURN) == 0 and yuri.ap == 2


def test_only_the_activated_fighter_acts() -> None:
    game = activation([(YURI, 10, 10), (VLADD, 30, 10)], [(NGOBO, 50, 50)], "A.Yuri")
    with pytest.raises(IllegalActionError, match="not the activated fighter"):
        game.apply("move A.Vlädd 31,10")


def test_legal_moves_offered_are_legal() -> None:
    game = activation([(YURI, 10, 10)], [(NGOBO, 20, 10), (ABAMA, 40, 40)], "A.Yuri")
    offered = list(game.legal_actions())
    assert any(str(a).startswith("move ") for a in offered)
    assert any(str(a).startswith("charge A.Yuri B.Ngobo") for a in offered)
    for action in offered:
        assert action in game.legal_actions()
