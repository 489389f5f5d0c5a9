"""Games and moves the MCTS tests share (tests/bots/test_mcts*.py): an Eden decision after
some random play, a toy race, a heuristic match stopped at a decision, a search with the
heuristic playing its rollouts, a game played out."""

from __future__ import annotations

from typing import Any

from skirmish.bots.mcts import MCTSAgent, Search
from skirmish.bots.registry import make_agent
from skirmish.core import Game, RandomAgent
from skirmish.core.agents import view_of
from skirmish.games.eden import EDEN
from skirmish.games.eden.content import setup_for
from tests.core.test_observation import HIDDEN_TOY

EDEN_SETUP = setup_for(None, None, max_rounds=1)


def toy_at(positions: tuple[float, float], turn: int = 0) -> Game:
    game = HIDDEN_TOY.new_game({}, seed=3)
    game.apply("pick 1")
    game.apply("pick 0")
    state: Any = game.state
    state.position = list(positions)
    state.turn = turn
    game.advance()
    return game


def eden_decision(seed: int = 11, skip: int = 40) -> Game | None:
    """A one-round Eden match after ``skip`` random decisions or more, at a choice of
    several (``None`` if the match is over by then)."""
    game = EDEN.new_game(EDEN_SETUP, seed=seed)
    agent = RandomAgent(seed)
    while not game.is_over and (len(game.history) < skip or len(game.legal_actions()) < 2):
        game.apply(agent.act({}, list(game.legal_actions())))
    return None if game.is_over else game


def eden_game(seed: int = 11, skip: int = 40) -> Game:
    game = eden_decision(seed, skip)
    assert game is not None
    return game


def decide(agent: MCTSAgent, game: Game) -> str:
    player = game.decision().player
    return str(agent.act(view_of(game, player, agent), list(game.legal_actions())))


def round_search(game: Game, **settings: Any) -> Search:
    """A search of ``game``'s decision with the agent's heuristic playing its rollouts."""
    agent = MCTSAgent(3, policy="heuristic", **settings)
    player = game.decision().player
    return agent.search(view_of(game, player, agent), list(game.legal_actions()), 3)


def heuristic_until(kind: str, seed: int, max_rounds: int = 2) -> Game:
    """A heuristic self-play match stopped at its first ``kind`` decision with a choice."""
    game = EDEN.new_game(setup_for(None, None, max_rounds=max_rounds), seed=seed)
    agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
    while not game.is_over:
        decision, legal = game.decision(), list(game.legal_actions())
        if decision.kind == kind and len(legal) > 1:
            return game
        game.apply(agents[decision.player].act(game.view(decision.player), legal))
    raise AssertionError(f"no {kind} decision with a choice in the match of seed {seed}")


def play_out(game: Game, agents: list[Any]) -> Game:
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return game
