"""Issue 49: what the Eden bots spend their SP on by what the SP are still worth
(skirmish.games.eden.bots.spending): the last round's bid up to the certain one, a card
whenever its cost can be paid in the last round, and the heuristic reading both."""

from __future__ import annotations

from typing import Any

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.games.eden.bots import spending
from skirmish.games.eden.bots.tactics_board import Spot, table
from skirmish.games.eden.bots.tactics_second import outbid_for_the_first_strike


def _view(round_: int, sp: tuple[int, int], hand: int = 0, tactical: int = 0,
          leader_on: bool = True) -> dict[str, Any]:
    """A's view: ``hand`` Stimulants (no Tactical rule) and ``tactical`` Tactical cards."""
    cards = [{"name": "Stimulants", "tactical": False, "first_round": False},
             {"name": "Medical supplies", "tactical": True, "first_round": False},
             {"name": "Cold shower", "tactical": True, "first_round": False},
             {"name": "Supply drop", "tactical": True, "first_round": True}]
    return {"round": round_, "max_rounds": 3, "player": 0, "sp": list(sp),
            "my_hand": ["Stimulants"] * hand + [c["name"] for c in cards[1:1 + tactical]],
            "my_tactical_cards": cards, "leaders": ["A.Mirka", "B.Dacke"],
            "fighters": [{"ref": "A.Mirka", "on_field": leader_on},
                         {"ref": "B.Dacke", "on_field": True}]}


def test_before_the_last_round_the_bid_keeps_the_reserve() -> None:
    assert spending.bid(_view(1, (6, 3))) == 1
    assert spending.bid(_view(2, (3, 0))) == 0
    assert spending.card_threshold(_view(2, (6, 3))) == 3


def test_in_the_last_round_the_spare_sp_bid_up_to_the_certain_bid() -> None:
    """Rulebook 4.A step 3: both bids are lost, the higher chooses; SP are worth nothing
    after the last round, but the cards in hand still need theirs."""
    assert spending.bid(_view(3, (6, 3))) == 4  # one more than B's whole reserve
    assert spending.bid(_view(3, (6, 0))) == 1  # more would buy nothing
    assert spending.bid(_view(3, (6, 9), hand=2)) == 2  # 4 SP kept for two cards
    assert spending.bid(_view(3, (3, 1), hand=2)) == 0
    # one Tactical card only at the round's tactical phase: 2 SP kept for two of them
    assert spending.cards_still_payable(_view(3, (6, 9), tactical=2)) == 1
    assert spending.bid(_view(3, (6, 9), tactical=2)) == 4
    assert spending.cards_still_payable(_view(3, (6, 9), hand=1, tactical=2)) == 2
    # Supply drop (First round) is no more playable; no card without the leader
    for round_, payable in ((3, 0), (1, 1)):
        only_supply_drop = {**_view(round_, (6, 9)), "my_hand": ["Supply drop"]}
        assert spending.cards_still_payable(only_supply_drop) == payable
    assert spending.cards_still_payable(_view(3, (6, 9), hand=2, leader_on=False)) == 0
    assert spending.bid(_view(3, (6, 9), hand=2, leader_on=False)) == 6
    assert spending.card_threshold(_view(3, (2, 0))) == 2


def test_the_heuristic_outbids_the_whole_reserve_in_the_last_round() -> None:
    game = outbid_for_the_first_strike()
    agent = make_agent("heuristic", 0)
    assert str(agent.act(view_of(game, 0, agent), list(game.legal_actions()))) == "bid 4"


def test_the_heuristic_plays_its_last_card_with_its_last_two_sp() -> None:
    """Round 3 of 3, the tactical phase: 2 SP and Medical supplies for the wounded Vladd.
    Before the last round the heuristic keeps a reserve of 3 SP to play a card."""
    def tactical(before: int) -> Any:  # the tactical phase of the round after ``before``
        return table([Spot("Vladd", 20, 20, checked=(0, 0, 2, 0), spent=True, equipment=()),
                      Spot("Mirka", 5, 55, spent=True)],
                     [Spot("Sekongo", 30, 35, spent=True, equipment=()),
                      Spot("Dacke", 50, 50, spent=True)],
                     leaders=("Mirka", "Dacke"), hands=(("Medical supplies",), ()),
                     sp=(2, 0), round=before, until="tactical")

    for before, expected in ((2, "play Medical-supplies A.Vladd"), (1, "pass")):
        game = tactical(before)
        agent = make_agent("heuristic", 0)
        assert str(agent.act(view_of(game, 0, agent), list(game.legal_actions()))) == expected
