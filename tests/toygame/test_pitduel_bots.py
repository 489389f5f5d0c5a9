"""Pit Duel's bots: the registry's ``heuristic`` hands its views to the game's own
heuristic, and the information-set MCTS searches it through its observation hooks and leaf
(skirmish.bots)."""

from __future__ import annotations

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.ruleset import RULESETS


def test_the_heuristic_strikes_the_most_wounded_enemy() -> None:
    game = RULESETS.get("pitduel").new_game({"wounds": 2}, seed=2)
    game.state.wounds[1]["Eve"] = 1  # type: ignore[attr-defined]
    game.apply("guard B.Dane")
    agent = make_agent("heuristic", 0)
    action = agent.act(view_of(game, 0, agent), list(game.legal_actions()))
    assert str(action) == "strike A.Ash B.Eve"


def test_mcts_plays_whole_matches() -> None:
    for seed in (1, 2):
        game = RULESETS.get("pitduel").new_game({"rounds": 4}, seed=seed)
        agents = [make_agent("mcts:iterations=60", seed), make_agent("heuristic", seed)]
        while not game.is_over:
            player = game.decision().player
            agent = agents[player]
            action = agent.act(view_of(game, player, agent), list(game.legal_actions()))
            assert action in game.legal_actions()
            game.apply(action)
        assert game.outcome() is not None


def test_the_search_does_not_see_the_hidden_guard() -> None:
    """Rule 3: two tables that differ only in the guard look the same to the attacker, so
    the same search (same seed) strikes the same way."""
    chosen = set()
    for guard in ("guard B.Dane", "guard B.Eve", "guard B.Fitz"):
        game = RULESETS.get("pitduel").new_game({}, seed=4)
        game.apply(guard)
        agent = make_agent("mcts:iterations=80", 9)
        chosen.add(str(agent.act(view_of(game, 0, agent), list(game.legal_actions()))))
    assert len(chosen) == 1
