"""Rulebook 4.A step 3 / 4.B step 1: secret SP bids for the first player."""

from __future__ import annotations

import json

import pytest

from skirmish.core import IllegalActionError
from skirmish.eden.bidding import FirstPlayerBid

from .profiles import NGOBO, YURI
from .scenario import state, table


def bid_game(dice: list[int] | None = None) -> object:
    return table([(YURI, 5, 5)], [(NGOBO, 5, 50)], dice=dice or [], start=[FirstPlayerBid()])


def test_sp_reserve_is_the_sum_of_psi_halved_for_stigma() -> None:
    game = bid_game()
    assert state(game).sp == [4, 3]  # Yuri PSI 4; Ngobo PSI 3
    state(game).troop_types = ("stigma", "faction")
    assert state(game).sp_reserve(0) == 2


def test_higher_bid_chooses_and_both_bids_are_lost() -> None:
    game = bid_game()
    game.apply("bid 1")
    game.apply("bid 2")
    assert game.decision().player == 1 and game.decision().kind == "first-player"
    game.apply("first A")
    assert state(game).first_player == 0 and state(game).sp == [3, 1]
    assert game.is_over


def test_tied_bids_roll_a_d6_each_until_different() -> None:
    game = bid_game([4, 4, 6, 2])
    game.apply("bid 0")
    game.apply("bid 0")
    assert game.decision().player == 0  # A rolled 6 against 2 on the re-roll


def test_a_bid_cannot_exceed_the_reserve() -> None:
    game = bid_game()
    with pytest.raises(IllegalActionError, match="limited to the player's SP reserve"):
        game.apply("bid 5")
    assert [str(a) for a in game.legal_actions()] == ["bid 0", "bid 1", "bid 2", "bid 3",
                                                      "bid 4"]


def test_the_bid_is_secret_until_both_are_revealed() -> None:
    game = bid_game()
    game.apply("bid 3")
    view_b = game.view(1)
    assert view_b["my_bid"] is None and view_b["opponent_has_bid"] is True
    assert game.view(0)["my_bid"] == 3
    log_b = json.dumps([e.to_json() for e in game.log_for(1)])
    assert "bid 3" not in log_b and '"sp": 3' not in log_b
    assert "bid 3" in json.dumps([e.to_json() for e in game.log_for(0)])
    assert "3" not in json.dumps(view_b["my_bid"])
    game.apply("bid 1")
    # once revealed, both know both bids
    assert "[3, 1]" in json.dumps([e.to_json() for e in game.log_for(1)])
