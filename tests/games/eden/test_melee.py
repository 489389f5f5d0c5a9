"""Rulebook 6.A, Melee attack: scenarios with forced dice."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.core.events import RollEvent
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.modifiers import Condition

from .profiles import ABAMA, NGOBO, YURI
from .scenario import fighter, table

# Yuri (A) and Ngobo (B) in base contact: 30 mm bases, centres 3 cm apart.
YURI_AT = (YURI, 10.0, 10.0)
NGOBO_AT = (NGOBO, 13.0, 10.0)


def melee(dice: list[int], **kw: int) -> object:
    return table([YURI_AT], [NGOBO_AT], dice=dice,
                 start=[MeleeAttack(Ref("A.Yuri"), Ref("B.Ngobo-Quick-Arm"))], **kw)


def test_passive_reaction_steps_3_to_6() -> None:
    # Yuri CBT 4 vs Ngobo VIG 4: faces 4,5,1,6 -> 3 successes; location 4 = Ngobo's torso.
    game = melee([4, 5, 1, 6, 4])
    assert game.decision().player == 1 and game.decision().kind == "reaction"
    game.apply("react passive")
    assert game.decision().kind == "aim" and game.decision().player == 0
    # 3 successes: up to 2 may be spent, one must be kept (6.A step 5).
    assert {str(a) for a in game.legal_actions()} == {"aim arms", "aim torso", "aim legs"}
    with pytest.raises(IllegalActionError, match="keeping at least one"):
        game.apply("aim head")  # from 4 to 1 would cost 3
    game.apply("aim legs")  # 4 -> 5: legs, one success spent
    ngobo = fighter(game, "B.Ngobo-Quick-Arm")
    assert ngobo.checked == [0, 0, 0, 2]  # two remaining successes, two wounds
    assert ngobo.is_wounded(Limb.LEGS)
    assert game.is_over  # nothing left on the stack


def test_no_success_no_wound_and_no_location_roll() -> None:
    game = melee([1, 2, 3, 3])
    game.apply("react passive")
    assert game.is_over and game.dice.remaining == 0  # type: ignore[attr-defined]
    assert fighter(game, "B.Ngobo-Quick-Arm").checked == [0, 0, 0, 0]


def test_dodge_costs_1_ap_and_cancels_successes() -> None:
    # 2 successes (5, 6), location 2 = arms (single option kept as only 1 may be spent... aim)
    # then Ngobo's dodge: SPD 4 vs Yuri's CBT 4: faces 4, 1, 1, 1 -> 1 cancels.
    game = melee([5, 6, 1, 2, 2, 4, 1, 1, 1])
    game.apply("react dodge")
    assert fighter(game, "B.Ngobo-Quick-Arm").ap == 2
    game.apply("aim arms")
    ngobo = fighter(game, "B.Ngobo-Quick-Arm")
    assert ngobo.checked == [0, 1, 0, 0]
    dodge = [e for e in game.log if isinstance(e, RollEvent) and e.roll == "dodge"]
    assert dodge[0].characteristic == "SPD" and dodge[0].difficulty == 4


def test_dodge_also_keeps_one_success_french_text() -> None:
    # 2 successes, location 3 (arms). Spending both would reach 1 (head) or 5 (legs);
    # keeping one allows a shift of 1 only: 2 (arms) or 4 (torso).
    game = melee([5, 6, 3, 3, 3])
    game.apply("react dodge")
    assert {str(a) for a in game.legal_actions()} == {"aim arms", "aim torso"}


def test_dodge_needs_an_action_point() -> None:
    game = melee([], ap=0)
    assert {str(a) for a in game.legal_actions()} == {"react passive"}
    with pytest.raises(IllegalActionError, match="Dodge reaction"):
        game.apply("react dodge")
    with pytest.raises(IllegalActionError, match="Response reaction"):
        game.apply("react response")


def test_response_opposition_winner_strikes_first_then_the_loser() -> None:
    # Opposition CBT: Yuri 4 + 1 = 5, Ngobo 5 + 3 = 8: Ngobo wins and strikes first.
    # Ngobo CBT 5 vs Yuri VIG 4: 4,4,1,1,1 -> 2 successes; location 1 (head).
    # Then Yuri strikes back: CBT 4 vs VIG 4: 6,1,1,1 -> 1 success; location 5 (legs).
    game = melee([1, 3, 4, 4, 1, 1, 1, 1, 6, 1, 1, 1, 5])
    game.apply("react response")
    ngobo = fighter(game, "B.Ngobo-Quick-Arm")
    assert ngobo.ap == 2 and ngobo.round_uses["attack"] == 1  # counts as an attack
    assert game.decision().player == 1  # Ngobo aims: 2 successes, may shift by 1
    game.apply("aim head")
    yuri = fighter(game, "A.Yuri")
    assert yuri.checked == [2, 0, 0, 0] and yuri.is_wounded(Limb.HEAD)
    # Rulebook 6.A: the loser *may* strike back (FR "peut"): Yuri's player is asked.
    decision = game.decision()
    assert (decision.player, decision.kind) == (0, "strike-back")
    assert {str(a) for a in game.legal_actions()} == {"strike", "pass"}
    game.apply("strike")
    assert ngobo.checked == [0, 0, 0, 1]
    assert game.is_over


def test_response_loser_may_decline_to_strike_back() -> None:
    # As above, but Yuri declines: no die is rolled for him and Ngobo is untouched.
    game = melee([1, 3, 4, 4, 1, 1, 1, 1, 6, 1, 1, 1, 5])
    game.apply("react response")
    game.apply("aim head")
    with pytest.raises(IllegalActionError, match="strike back"):
        game.apply("react passive")
    game.apply("pass")
    assert fighter(game, "B.Ngobo-Quick-Arm").checked == [0, 0, 0, 0]
    assert game.is_over and game.dice.remaining == 5  # type: ignore[attr-defined]
    assert "A.Yuri does not strike back" in [e.text() for e in game.log]


def test_response_loser_incapacitated_does_not_strike_back() -> None:
    game = melee([1, 3, 6, 6, 6, 6, 6, 1])  # Ngobo wins; 5 successes to the head
    yuri = fighter(game, "A.Yuri")
    game.apply("react response")
    game.apply("aim head")
    assert not yuri.on_field and yuri.incapacitated
    assert game.is_over and game.dice.remaining == 0  # type: ignore[attr-defined]


def test_fear_forbids_a_response() -> None:
    game = melee([])
    fighter(game, "B.Ngobo-Quick-Arm").add_markers(Condition.FEAR, 1)
    with pytest.raises(IllegalActionError, match="Fear"):
        game.apply("react response")


def test_response_impossible_after_two_attacks() -> None:
    game = melee([])
    ngobo = fighter(game, "B.Ngobo-Quick-Arm")
    ngobo.record_use("attack")
    ngobo.record_use("attack")
    assert "react response" not in game.legal_actions()


def test_attack_action_costs_1_ap_and_is_2_per_round() -> None:
    game = table([YURI_AT], [NGOBO_AT, (ABAMA, 30.0, 30.0)], dice=[1] * 8,
                 start=[Activation(Ref("A.Yuri"))])
    attacks = {str(a) for a in game.legal_actions() if str(a).startswith("attack")}
    assert attacks == {"attack A.Yuri B.Ngobo-Quick-Arm"}
    with pytest.raises(IllegalActionError, match="enemy in contact"):
        game.apply("attack A.Yuri B.Abama-Big-Belly")
    game.apply("attack A.Yuri B.Ngobo-Quick-Arm")
    game.apply("react passive")
    game.apply("attack A.Yuri B.Ngobo-Quick-Arm")
    game.apply("react passive")
    yuri = fighter(game, "A.Yuri")
    assert yuri.ap == 1 and yuri.round_uses["attack"] == 2
    assert not any(str(a).startswith("attack") for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="2/round"):
        game.apply("attack A.Yuri B.Ngobo-Quick-Arm")
    game.apply("end")
    assert game.is_over
