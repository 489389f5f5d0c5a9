"""Issue 49: at a tactical window the heuristic's card is drawn at random, so the search takes
its most visited action there - but at an activation's start before the last round, where its
default is to pass: a card (Stimulants: AP for this activation) is played there only when
clearly better by its margin; and in the last round, where its default is its most visited
card: passing is taken only when clearly better."""

from __future__ import annotations

from skirmish.bots.mcts import MCTSAgent
from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.games.eden.bots.search import eden_uninformed
from skirmish.games.eden.bots.tactics_board import Spot, table


def _tactical_phase(*, round: int, max_rounds: int) -> object:
    """Round ``round + 1``'s tactical phase (every fighter spent in round ``round``, which
    ends): A holds War cry and Fire bomb and 6 SP."""
    return table([Spot("Vladd", 20, 20, spent=True), Spot("Mirka", 10, 20, spent=True)],
                 [Spot("Sekongo", 25, 35, spent=True), Spot("Dacke", 35, 40, spent=True)],
                 hands=(("War cry", "Fire bomb"), ()), sp=(6, 0), until="tactical",
                 round=round, max_rounds=max_rounds)


def test_a_tactical_phase_stays_the_searchs_own_pick_in_every_round() -> None:
    # Tried and set aside (2026-12-06): the last round's tactical phase kept the heuristic's
    # card (drawn at random) unless beaten by the margin; the ladder played with it scored
    # 8.8 points (+- 9.4) below the same games before it; the search's own most visited
    # card is its default there now (the last test)
    last = _tactical_phase(round=2, max_rounds=3)
    view = view_of(last, 0)
    assert (view["round"], view["max_rounds"]) == (3, 3)
    assert view["decision"]["context"] == {"when": "tactical phase"}
    assert eden_uninformed(view)
    earlier = _tactical_phase(round=1, max_rounds=3)
    assert view_of(earlier, 0)["round"] == 2
    assert eden_uninformed(view_of(earlier, 0))
    assert not eden_uninformed({**view, "decision": {"kind": "action", "context": {}}})
    agent = make_agent("mcts:hard,iterations=8", 0)
    assert isinstance(agent, MCTSAgent)
    search = agent.search(view_of(last, 0, agent), list(last.legal_actions()), seed=1)
    assert search.confidence == 0.0  # the most visited action is taken


def test_at_an_activations_start_before_the_last_round_the_search_passes_unless_sure() -> None:
    # Issue 49 (ladder seed 3 at 89b0173, match 44): Stimulants given at the start of
    # Abama's own activation, then the activation ended at once with the 4 AP unspent
    from skirmish.core.actions import Pass
    from skirmish.games.eden.bots.card_sense import narrowed, waits
    from skirmish.games.eden.bots.heuristic import HeuristicAgent
    from tests.bots.test_eden_card_sense import _three_fresh

    game = _three_fresh()  # round 2 of 3, Mirka's activation starts, A holds Stimulants
    view = view_of(game, 0)
    assert view["decision"]["context"] == {"when": "activation", "fighter": "A.Mirka"}
    assert waits(view) and not eden_uninformed(view)
    legal = list(game.legal_actions())
    roots = narrowed(HeuristicAgent(0), view, legal)
    assert [str(a) for a in roots] == ["pass", "play Stimulants A.Mirka"]
    assert isinstance(roots[0], Pass)  # the root's prior: kept unless beaten by the margin
    agent = make_agent("mcts:hard,iterations=8", 0)
    assert isinstance(agent, MCTSAgent)
    search = agent.search(view_of(game, 0, agent), legal, seed=1)
    assert search.prior == "pass" and search.confidence == 1.5
    # in the last round the play is weighed as before (the most visited, no margin)
    last = {**view, "round": 3}
    assert not waits(last) and eden_uninformed(last)
    helper = HeuristicAgent(0)
    roots = narrowed(helper, last, legal)  # the early plays left out, the heuristic's first
    assert {str(a) for a in roots} == {"pass", "play Stimulants A.Mirka"}
    assert roots[0] == HeuristicAgent(0).act(last, legal)


def test_in_the_last_round_the_search_keeps_its_most_visited_card_unless_passing_is_surely_better(
        ) -> None:
    # Issue 49: SP are worth nothing once the match ends. At c2305af the last round's most
    # visited action passed up 14 cards over 211 ladder games; on the held-out
    # "heal-the-wounded" normal and hard passed by 9 visits to 7 and 33 to 31 (seeds 0, 1)
    from skirmish.games.eden.bots.card_sense import plays_a_card, spends
    from skirmish.games.eden.bots.tactics_second import heal_the_wounded

    last = _tactical_phase(round=2, max_rounds=3)
    view = view_of(last, 0)
    assert spends(view) is plays_a_card
    assert spends(view_of(_tactical_phase(round=1, max_rounds=3), 0)) is None
    assert spends({**view, "decision": {"kind": "action", "context": {}}}) is None
    # not at an activation's start: Stimulants there serve only if the fighter spends the AP
    from tests.bots.test_eden_card_sense import _three_fresh

    starting = view_of(_three_fresh(), 0)
    assert starting["decision"]["context"]["when"] == "activation"
    assert spends({**starting, "round": starting["max_rounds"]}) is None
    agent = make_agent("mcts:hard,iterations=8", 0)
    assert isinstance(agent, MCTSAgent)
    search = agent.search(view_of(last, 0, agent), list(last.legal_actions()), seed=1)
    assert search.default_among is plays_a_card and search.margin == 1.5
    earlier = _tactical_phase(round=1, max_rounds=3)
    assert agent.search(view_of(earlier, 0, agent), list(earlier.legal_actions()),
                        seed=1).default_among is None
    for seed in (0, 1):  # normal's search (16 iterations) passed at both seeds before
        normal = make_agent("mcts:normal,seconds=1000", seed)  # its iterations bind
        game = heal_the_wounded()
        chosen = normal.act(view_of(game, 0, normal), list(game.legal_actions()))
        assert str(chosen) == "play Medical-supplies A.Vladd"
