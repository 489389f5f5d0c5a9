"""Issue 49: in the match's last round the tactical phase is the last chance for a card with
the Tactical rule, and SP are worth nothing afterwards; the heuristic plays a card there
whenever it can pay, and the search keeps that choice unless passing or another card is
better by its margin (elsewhere at a tactical window the heuristic's card is drawn at random,
and the search takes its most visited action). At an activation's start before the last round
the search's default is to pass: a card is played there only when clearly better."""

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


def test_only_the_last_rounds_tactical_phase_is_a_judgement_to_keep() -> None:
    last = _tactical_phase(round=2, max_rounds=3)
    view = view_of(last, 0)
    assert (view["round"], view["max_rounds"]) == (3, 3)
    assert view["decision"]["context"] == {"when": "tactical phase"}
    assert not eden_uninformed(view)
    earlier = _tactical_phase(round=1, max_rounds=3)
    assert view_of(earlier, 0)["round"] == 2
    assert eden_uninformed(view_of(earlier, 0))
    # an activation's window, even in the last round, stays the search's own pick
    window = {**view, "decision": {"kind": "tactical",
                                   "context": {"when": "activation", "fighter": "A.Vladd"}}}
    assert eden_uninformed(window)
    assert not eden_uninformed({**view, "decision": {"kind": "action", "context": {}}})


def test_the_search_keeps_the_heuristics_card_in_the_last_round_unless_clearly_beaten() -> None:
    agent = make_agent("mcts:hard,iterations=8", 0)
    assert isinstance(agent, MCTSAgent)
    last = _tactical_phase(round=2, max_rounds=3)
    legal = list(last.legal_actions())
    search = agent.search(view_of(last, 0, agent), legal, seed=1)
    assert search.confidence == 1.5  # hard's margin on Eden
    assert search.prior is not None and search.prior != "pass"
    earlier = _tactical_phase(round=1, max_rounds=3)
    search = agent.search(view_of(earlier, 0, agent), list(earlier.legal_actions()), seed=1)
    assert search.confidence == 0.0


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
