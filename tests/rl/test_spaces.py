"""The action layout and the observation's slots (issue 18): seat-relative fighter slots,
enum indices, the k-th candidate of a group, limits fitted to the set-up, rendering."""

from __future__ import annotations

import numpy as np
import pytest

from skirmish.core.actions import Ref
from skirmish.games.eden.actions import ChooseFirst, Move, React, Reaction, Side
from skirmish.games.eden.rl.observations import FIGHTER, GLOBALS
from skirmish.rl.actions import ActionCodec, Roster
from skirmish.rl.aec import SkirmishAEC
from skirmish.rl.setups import Limits


def _roster(limits: Limits) -> Roster:
    roster = Roster(limits, "fighters", "scenery", "scenery")
    roster.sync({"fighters": [{"ref": r} for r in ("A.Yuri", "A.Vladd", "B.Ngobo", "N.Ghoul")],
                 "scenery": [{"id": "Wall-1"}]})
    return roster


def test_fighter_slots_put_the_seats_own_fighters_first() -> None:
    limits = Limits(per_side=3, others=2)
    roster = _roster(limits)
    assert [roster.fighter_slot(r, 0) for r in ("A.Yuri", "A.Vladd", "B.Ngobo", "N.Ghoul")] \
        == [0, 1, 3, 6]
    assert [roster.fighter_slot(r, 1) for r in ("A.Yuri", "A.Vladd", "B.Ngobo", "N.Ghoul")] \
        == [3, 4, 0, 6]
    assert roster.fighter_slot("A.Nobody", 0) is None
    roster.sync({"fighters": [{"ref": "N.Rat"}, {"ref": "N.Rat-2"}]})  # only the first fits
    assert (roster.fighter_slot("N.Rat", 0), roster.fighter_slot("N.Rat-2", 0)) == (7, None)


def test_enums_take_their_members_index_and_players_are_seat_relative() -> None:
    from skirmish.games.eden.actions import EDEN_ACTIONS

    limits = Limits(per_side=3, others=2)
    codec = ActionCodec(EDEN_ACTIONS, limits)
    roster = _roster(limits)
    first = codec.by_class[ChooseFirst]
    assert codec.index_of(ChooseFirst(Side.A), 0, roster) == first.offset
    assert codec.index_of(ChooseFirst(Side.A), 1, roster) == first.offset + 1
    react = codec.by_class[React]
    assert codec.index_of(React(Reaction.RESPONSE), 0, roster) == react.offset + 2


def test_the_kth_candidate_of_a_group_and_no_more() -> None:
    from skirmish.core.actions import Point
    from skirmish.games.eden.actions import EDEN_ACTIONS

    limits = Limits(per_side=3, k={"move": 2})
    codec = ActionCodec(EDEN_ACTIONS, limits)
    roster = _roster(limits)
    moves = [Move(Ref("A.Vladd"), Point(float(x), 1.0)) for x in range(3)]
    mask, table, left_out = codec.encode(moves, 0, roster)
    block = codec.by_class[Move]
    base = block.offset + 1 * block.k  # Vladd: slot 1
    assert sorted(table) == [base, base + 1] and left_out
    assert [table[base], table[base + 1]] == moves[:2]
    assert mask.sum() == 2 and mask.dtype == np.int8


def test_limits_fit_the_set_up() -> None:
    env = SkirmishAEC("eden", troops=("stigma:Chaos", "Jokers"), max_rounds=1,
                      rules="infestation:2")
    troops = env.setup["troops"]
    assert env.limits.per_side == max(len(t["fighters"]) for t in troops)
    assert env.limits.others == 4
    assert env.observation_space("player_0")["observation"]["fighters"].shape == \
        (env.limits.fighters, len(FIGHTER))
    assert env.observation_space("player_0")["observation"]["globals"].shape == (len(GLOBALS),)
    with pytest.raises(ValueError, match="per_side"):
        Limits(per_side=0)


@pytest.mark.parametrize("ruleset", ["eden", "masseffect"])
def test_render_modes(ruleset: str) -> None:
    env = SkirmishAEC(ruleset, max_rounds=1, render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 50 and image.shape[1] > 50 and (image < 255).any()
    text = SkirmishAEC(ruleset, max_rounds=1, render_mode="ansi")
    text.reset(seed=0)
    rendered = text.render()
    assert "decision:" in rendered and ("Eden" in rendered or "Mass Effect" in rendered)


def test_pettingzoos_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode: rl_env(render_mode))
    assert "decision:" in capsys.readouterr().out  # "human" prints the text


def rl_env(render_mode: str) -> SkirmishAEC:
    return SkirmishAEC("eden", max_rounds=1, render_mode=render_mode)


def test_ansi_keeps_a_secret_bid_secret() -> None:
    env = SkirmishAEC("eden", max_rounds=1, render_mode="ansi")
    env.reset(seed=0)
    assert env.game.decision().kind == "secret-bid"
    env.step(next(iter(env.legal())))
    assert "last action: player A: (secret)" in env.render()
