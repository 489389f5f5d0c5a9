"""Issue 49, Rulebook 4.B step 1: the bots' play says the first player's choice is worth
having, to play second. Expert's search at a round's bid defaults to one SP more than the
heuristic's usual bet (the choice), and having won it, to letting its opponent play first,
unless another action beats it by the search's margin (docs/bots.md, "Who plays
first")."""

from __future__ import annotations

from skirmish.bots.mcts import MCTSAgent
from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.game import Game
from skirmish.games.eden.bots.bid_sense import narrowed, opponent_bet, outbid
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.eden.bots.search import eden_candidates
from skirmish.games.eden.bots.tactics_board import Spot, table


def _round_bid(*, round: int = 1, max_rounds: int = 3, sp: tuple[int, int] = (10, 10)
               ) -> Game:
    """Round ``round + 1``'s secret bid (every fighter spent in round ``round``, which
    ends), A to bet first, with ``sp``."""
    return table([Spot("Vladd", 20, 20, spent=True), Spot("Mirka", 10, 20, spent=True)],
                 [Spot("Sekongo", 25, 35, spent=True), Spot("Dacke", 35, 40, spent=True)],
                 sp=sp, until="secret-bid", round=round, max_rounds=max_rounds)


def test_the_search_that_wins_the_bid_lets_its_opponent_play_first() -> None:
    game = _round_bid()
    game.apply("bid 2")  # A
    game.apply("bid 1")  # B
    decision = game.decision()
    assert (decision.kind, decision.player) == ("first-player", 0)
    view = view_of(game, 0)
    legal = list(game.legal_actions())
    heuristic = HeuristicAgent(0)
    assert str(heuristic.act(view, legal)) == "first A"  # the heuristic plays first
    assert [str(a) for a in narrowed(heuristic, view, legal)] == ["first B", "first A"]
    expert = make_agent("mcts:expert,iterations=8", 0)
    assert isinstance(expert, MCTSAgent)
    assert expert.search(view_of(game, 0, expert), legal, seed=1).prior == "first B"
    game.apply("first B")
    assert view_of(game, 0)["first_player"] == 1


def test_a_rounds_bid_is_narrowed_to_the_bets_that_change_something_the_choice_first() -> None:
    game = _round_bid()
    view = view_of(game, 0)
    assert (view["round"], view["decision"]["kind"]) == (2, "secret-bid")
    legal = list(game.legal_actions())
    assert len(legal) == 11  # 0 to 10 SP
    heuristic = HeuristicAgent(0)
    assert str(heuristic.act(view, legal)) == "bid 1"  # the heuristic's usual bet
    assert opponent_bet(view) == 1 and outbid(view, 1) == 2
    roots = narrowed(heuristic, view, legal)
    assert [str(a) for a in roots] == ["bid 2", "bid 1", "bid 0"]
    assert [str(a) for a in eden_candidates(heuristic, view, legal)] == [str(a) for a in roots]
    expert = make_agent("mcts:expert,iterations=8", 0)
    assert isinstance(expert, MCTSAgent)
    search = expert.search(view_of(game, 0, expert), legal, seed=1)
    assert search.prior == "bid 2"  # kept unless another bet beats it by the margin


def test_no_narrowing_where_the_heuristics_bet_already_wins_or_the_bid_is_not_a_rounds() -> None:
    heuristic = HeuristicAgent(0)
    # the opponent holds 3 SP: the heuristic would bet nothing in its seat, 1 SP wins
    game = _round_bid(sp=(10, 3))
    view = view_of(game, 0)
    assert opponent_bet(view) == 0 and outbid(view, 1) is None
    assert narrowed(heuristic, view, list(game.legal_actions())) == []
    # the last round: the heuristic's rule bets what wins for certain already
    game = _round_bid(round=2, max_rounds=3)
    view = view_of(game, 0)
    assert view["round"] == 3 and outbid(view, 1) is None
    assert narrowed(heuristic, view, list(game.legal_actions())) == []
    # a reserve under 4 SP: the heuristic bets nothing, and so does the search's default
    game = _round_bid(sp=(3, 10))
    view = view_of(game, 0)
    assert str(heuristic.act(view, list(game.legal_actions()))) == "bid 0"
    assert narrowed(heuristic, view, list(game.legal_actions())) == []
    # another decision than a bid
    assert outbid({**view, "decision": {"kind": "tactical"}}, 1) is None


def test_the_preparations_bid_is_left_to_the_heuristic() -> None:
    from skirmish.games.eden.demo import match_setup
    from skirmish.games.eden.ruleset import EDEN

    game = EDEN.new_game(match_setup(), seed=3)
    while game.decision().kind != "secret-bid":
        game.apply(next(iter(game.legal_actions())))
    view = view_of(game, game.decision().player)
    assert view["round"] == 0
    heuristic = HeuristicAgent(0)
    legal = list(game.legal_actions())
    assert outbid(view, 1) is None and narrowed(heuristic, view, legal) == []
