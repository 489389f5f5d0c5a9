"""The odds' API: policies, results, and the odds of a legal attack from a game state."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.core.dice import ScriptedDice
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.odds.attacks import (
    Combatant,
    MeleeStrike,
    ShootingStrike,
    aim_options,
    parse_aim,
)
from skirmish.games.eden.odds.game import (
    aim_action,
    melee_reactions,
    odds_of,
    shift_action,
    worst_reaction,
)
from skirmish.games.eden.odds.results import AttackOdds, FighterInfo

from ..scenario import state
from .engine import place


def dummy(cbt: int = 4, vig: int = 4, spd: int = 4, cp: tuple[int, int, int, int] = (3, 3, 3, 3),
          protection: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Combatant:
    # location: 1 head, 2-3 arms, 4 torso, 5-6 legs
    return Combatant("B.Dummy", 1, cbt, vig, spd, cp, (0, 1, 1, 2, 3, 3),
                     ((1,), (2, 3), (4,), (5, 6)), protection, protection)


def test_parse_aim() -> None:
    assert parse_aim("BEST") == "best" and parse_aim("none") == "none"
    assert parse_aim("legs") is Limb.LEGS
    with pytest.raises(ValueError, match="--aim must be"):
        parse_aim("tail")


def test_melee_keeps_one_success_and_shooting_may_spend_them_all() -> None:
    target = dummy()
    # Rulebook 6.A step 5 (French, also for dodge): 1 success cannot move the location.
    strike = MeleeStrike(dummy(), target, aim="legs")
    assert strike.aim_at(1, 4) == (2, 0)  # torso kept
    assert strike.aim_at(2, 4) == (3, 1)  # 1 spent, 1 wound to the legs
    # Rulebook 6.B step 4: every success may be spent (the rest add to Str).
    shot = ShootingStrike(target, 3, aim="legs")
    assert shot.aim_at(1, 4) == (3, 1)
    assert aim_options(target, 1, 2) == [(0, 0), (1, 1)]


def test_best_maximises_incapacitation_then_expected_cp() -> None:
    # 3 successes on face 4 (torso, 3 CP): kept there, 3 wounds incapacitate; the head has
    # 1 CP left but costs 3 successes (more than 3 - 1).
    target = dummy(cp=(1, 3, 3, 3))
    assert MeleeStrike(dummy(), target).aim_at(3, 4) == (2, 0)
    # On face 2 (arms), 2 successes: the head (1 CP, 1 spent) incapacitates for sure.
    assert MeleeStrike(dummy(), target).aim_at(2, 2) == (0, 1)
    # A torso protected by 2: 3 wounds there cost 2; 1 success spent on the arms or the
    # legs leaves 2 wounds; equal values: the fewest spent, then card order (arms).
    armoured = dummy(protection=(0, 0, 2, 0))
    assert MeleeStrike(dummy(), armoured).aim_at(3, 4) == (1, 1)


def test_a_shots_outcome_is_worked_out_once_for_equal_targets_and_is_the_fresh_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook 6.B steps 3-7 read nothing of the shooter: the outcome of a number of
    successes is remembered by what it reads of the target, the weapon's Str and the aim,
    and a remembered answer is the answer worked out afresh."""
    from skirmish.games.eden.odds import attacks

    monkeypatch.setattr(attacks, "_SHOTS", {})
    target = dummy(cp=(1, 3, 2, 3), protection=(0, 1, 0, 0))
    fresh = {hits: ShootingStrike(target, 3)._outcome(hits) for hits in range(1, 5)}
    for hits in range(1, 5):
        assert ShootingStrike(target, 3).outcome(hits) == fresh[hits]
    assert len(attacks._SHOTS) == 4
    worked: list[int] = []
    real = ShootingStrike._outcome

    def counted(self: ShootingStrike, hits: int) -> dict[tuple[int, int, int, int], Fraction]:
        worked.append(hits)
        return real(self, hits)

    monkeypatch.setattr(ShootingStrike, "_outcome", counted)
    # another fighter alike (another ref, side): remembered; another Str or aim: not
    twin = Combatant("A.Twin", 0, 2, target.vig, target.spd, target.cp_left, target.location,
                     target.limb_faces, target.protection, target.ranged_protection)
    assert ShootingStrike(twin, 3).outcome(2) == fresh[2] and worked == []
    ShootingStrike(target, 4).outcome(2)
    ShootingStrike(target, 3, aim="none").outcome(2)
    ShootingStrike(target, 3, maximise=False).outcome(2)
    assert worked == [2, 2, 2]


def test_the_aim_policy_none_keeps_every_success() -> None:
    target = dummy(cp=(1, 3, 3, 3))
    assert MeleeStrike(dummy(), target, aim="none").aim_at(4, 2) == (1, 0)


def test_results_are_consistent_and_json() -> None:
    game = place([("Vladd", 30, 30)], [("Tarar", 33, 30)])
    odds = odds_of(game, "attack A.Vladd B.Tarar", reaction="response")
    assert sum(odds.joint.values()) == 1
    for info in odds.fighters:
        f = odds.fighter(info.ref)
        table = f.at_least
        assert table[1] == f.p_any_loss
        assert all(table[k] >= table[k + 1] for k in list(table)[:-1])
        assert f.expected_total == sum(f.expected(limb) for limb in Limb)
        assert sum(sum(f.cp_lost(limb).values()) for limb in Limb) == 4
        assert f.p_incapacitated <= f.p_any_loss
    data = json.loads(json.dumps(odds.to_json(exact=True)))
    assert data["target"] == "B.Tarar" and data["settings"]["reaction"] == "response"
    assert Fraction(data["fighters"][0]["p_incapacitated"]["exact"]) == odds.p_incapacitated
    assert "incapacitated" in odds.summary()
    with pytest.raises(KeyError, match="not wounded by this attack"):
        odds.fighter("A.Nobody")
    with pytest.raises(ValueError, match="add up to 1"):
        AttackOdds("melee", None, (FighterInfo("B.X", "X", (0,) * 4, (1,) * 4, (0,) * 4),),
                   {((0, 0, 0, 0),): Fraction(1, 2)})


def test_odds_of_refuses_an_illegal_attack_and_reaction() -> None:
    game = place([("Vladd", 30, 30)], [("Tarar", 40, 30)])
    with pytest.raises(IllegalActionError, match="in contact"):
        odds_of(game, "attack A.Vladd B.Tarar")
    game = place([("Vladd", 30, 30)], [("Tarar", 33, 30)])
    state(game).fighter("B.Tarar").add_markers("fear", 1)
    with pytest.raises(IllegalActionError, match="Fear"):
        odds_of(game, "attack A.Vladd B.Tarar", reaction="response")
    assert "response" not in melee_reactions(state(game), state(game).fighter("A.Vladd"),
                                             state(game).fighter("B.Tarar"))
    with pytest.raises(ValueError, match="not an attack"):
        odds_of(game, "end")


def test_without_a_reaction_the_worst_legal_one_for_the_attacker_is_taken() -> None:
    game = place([("Yuri", 30, 30)], [("Ngobo Quick-Arm", 33, 30)])
    st = state(game)
    options = melee_reactions(st, st.fighter("A.Yuri"), st.fighter("B.Ngobo-Quick-Arm"))
    assert set(options) == {"passive", "dodge", "response"}
    chosen = odds_of(game, "attack A.Yuri B.Ngobo-Quick-Arm")
    assert chosen.settings["reaction"] == worst_reaction(options)
    assert options["dodge"].p_incapacitated < options["passive"].p_incapacitated
    state(game).fighter("B.Ngobo-Quick-Arm").ap = 0  # no AP: passive only
    assert odds_of(game, "attack A.Yuri B.Ngobo-Quick-Arm").settings["reaction"] == "passive"


def test_a_charge_is_fought_where_it_ends() -> None:
    game = place([("Vladd", 20, 30)], [("Tarar", 30, 30)])
    charge = odds_of(game, "charge A.Vladd B.Tarar", reaction="passive")
    assert state(game).fighter("A.Vladd").x == 20  # the game itself is untouched
    near = place([("Vladd", 27, 30)], [("Tarar", 30, 30)])
    attack = odds_of(near, "attack A.Vladd B.Tarar", reaction="passive")
    assert charge.joint == attack.joint
    far = place([("Vladd", 5, 30)], [("Tarar", 40, 30)])
    with pytest.raises(IllegalActionError, match="Charge"):
        odds_of(far, "charge A.Vladd B.Tarar")


def test_ranged_odds_need_a_legal_target_and_the_weapon() -> None:
    game = place([("Yuri", 22, 30)], [("Tarar", 12, 30)])
    assert odds_of(game, "shoot B.Tarar Spear A.Yuri").settings["bonus"] == 1
    with pytest.raises(IllegalActionError):
        odds_of(game, "shoot B.Tarar Pistol A.Yuri")  # not his
    far = place([("Yuri", 50, 30)], [("Tarar", 12, 30)])
    with pytest.raises(IllegalActionError, match="range"):
        odds_of(far, "shoot B.Tarar Spear A.Yuri")
    unchecked = odds_of(far, "shoot B.Tarar Spear A.Yuri", check=False)
    assert unchecked.p_incapacitated > 0
    empty = odds_of(game, "throw B.Tarar Spear 16,20")
    assert empty.fighters == () and "nobody is affected" in empty.notes


def test_agent_helpers_answer_the_engines_decisions() -> None:
    game = place([("Vladd", 30, 30)], [("Tarar", 33, 30)])
    # CBT 6 vs VIG 5: faces 5,5,5,1,1,1 = 3 successes; location 1 (head, helmet +1).
    game.dice = ScriptedDice([5, 5, 5, 1, 1, 1, 1])
    game.push(MeleeAttack(Ref("A.Vladd"), Ref("B.Tarar")))
    game.advance()
    game.apply("react passive")
    assert game.decision().kind == "aim"
    action = aim_action(game, "best")
    assert str(action) in {str(a) for a in game.legal_actions()}
    assert str(aim_action(game, "none")) == "aim head"
    with pytest.raises(ValueError, match="location-shift"):
        shift_action(game)
    game.apply(action)
    with pytest.raises(ValueError, match="no aim decision"):
        aim_action(game)


def test_the_charts_count_cp_in_whole_numbers() -> None:
    """Integer ticks on the CP axis, even when every outcome is one number (a blast: 4 CP,
    a throw at nobody: none), read from the figure (no pixels)."""
    from skirmish.games.eden.odds.chart import figure

    game = place([("Vladd", 20, 30)], [("Tarar", 26, 30)])
    blast = odds_of(game, "blast A.Vladd Flamethrower 0")
    assert blast.fighter("B.Tarar").at_least == {1: 1, 2: 1, 3: 1, 4: 1}
    thrower = place([("Yuri", 22, 30)], [("Tarar", 12, 30)])
    nobody = odds_of(thrower, "throw B.Tarar Spear 16,20")
    melee = odds_of(place([("Vladd", 30, 30)], [("Tarar", 33, 30)]), "attack A.Vladd B.Tarar",
                    reaction="response")
    for odds in (blast, nobody, melee):
        ticks = figure(odds).axes[0].get_xticks()
        assert len(ticks) >= 1 and all(float(t).is_integer() for t in ticks), (odds.kind, ticks)
