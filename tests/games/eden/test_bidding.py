"""Rulebook 4.A step 3 / 4.B step 1: secret SP bids for the first player."""

from __future__ import annotations

import json

import pytest

from skirmish.core import IllegalActionError
from skirmish.games.eden.preparation.bidding import FirstPlayerBid

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
    # Rulebook 4.A step 3: after a tie, the player with the higher D6 *is* the first player;
    # only the higher bidder chooses. A rolls 4, B 4 (again), then A 6, B 2: A is first.
    game = bid_game([4, 4, 6, 2])
    game.apply("bid 0")
    game.apply("bid 0")
    assert game.is_over  # nobody is asked to choose
    assert state(game).first_player == 0
    lines = [e.text() for e in game.log if e.kind in ("eden.tie-break", "eden.first-player")]
    assert lines == [
        "tie-break: player A rolls 4, player B rolls 4: equal, both roll again",
        "tie-break: player A rolls 6, player B rolls 2: player A wins",
        "player A is the first player (higher tie-break roll)",
    ]


def test_a_tie_won_by_the_second_player_makes_him_first() -> None:
    game = bid_game([1, 3])
    game.apply("bid 2")
    game.apply("bid 2")
    assert game.is_over and state(game).first_player == 1
    assert state(game).sp == [2, 1]


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


def test_sp_reserve_counts_permanent_card_effects_on_psi() -> None:
    # Rulebook 4.A step 2 with 2.H: the reserve is the sum of the *effective* PSI. Yuri (PSI 4)
    # has a permanent +1 PSI ability: the Jokers' reserve is 4 + 1 + 3 (Vladd) = 8, not 7.
    from copy import deepcopy

    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import demo_setup

    setup = deepcopy(demo_setup())  # the sample profiles are shared module data
    iron_will = {"name": "Iron will", "kind": "permanent", "text": "+1 PSI.",
                 "effects": [{"effect": "modify", "characteristic": "PSI", "delta": 1}]}
    setup["abilities"] = [*setup["abilities"], iron_will]
    plain = EDEN.new_game(deepcopy(setup), seed=1)
    setup["troops"][0]["fighters"][0]["profile"]["abilities"] = ["Iron will"]
    game = EDEN.new_game(setup, seed=1)
    assert plain.view(0)["sp"] == [7, 6]
    assert game.view(0)["sp"] == [8, 6]
