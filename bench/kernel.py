"""Kernel figures on one core: whole random matches, decisions and mid-game copies."""

from __future__ import annotations

import time
from statistics import median
from typing import Any

from skirmish.core import Game, RandomAgent
from skirmish.core.agents import view_of
from skirmish.games.eden import EDEN


def match_setup() -> dict[str, Any]:
    """The benchmark's match: 100-point sample troops when the card library is there,
    else the demo's sample match."""
    try:
        from bench.troops import benchmark_setup

        return benchmark_setup()
    except ImportError:
        from skirmish.games.eden.demo import match_setup as demo

        return demo()


SETUP = match_setup()


def mid_game(seed: int = 7) -> Game:
    """A match in the middle of round 3 (preparation done, fighters fighting)."""
    for attempt in range(20):
        game = EDEN.new_game(SETUP, seed=seed + attempt)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while not game.is_over and game.state.round < 3:  # type: ignore[attr-defined]
            player = game.decision().player
            agent = agents[player]
            game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
        for _ in range(10):  # a few decisions into the round
            if game.is_over:
                break
            player = game.decision().player
            agent = agents[player]
            game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
        if not game.is_over:
            return game
    raise RuntimeError("no match reached round 3")


def copies_per_second(game: Game, n: int = 3_000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        game.copy()
    return n / (time.perf_counter() - start)


def play_random(seed: int) -> int:
    game = EDEN.new_game(SETUP, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return len(game.history)


def random_play(games: int = 30, first_seed: int = 0) -> tuple[float, float]:
    """(matches per second, decisions per second), random against random."""
    start = time.perf_counter()
    decisions = sum(play_random(first_seed + i) for i in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def replay_rate(games: int = 10, first_seed: int = 500) -> float:
    """Decisions applied per second when re-playing recorded games (each action checked
    and applied, no legal-action lists built)."""
    histories = []
    for i in range(games):
        game = EDEN.new_game(SETUP, seed=first_seed + i)
        agents = [RandomAgent(i), RandomAgent(i + 1)]
        while not game.is_over:
            player = game.decision().player
            agent = agents[player]
            game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
        histories.append((first_seed + i, list(game.history)))
    start = time.perf_counter()
    count = 0
    for seed, actions in histories:
        game = EDEN.new_game(SETUP, seed=seed)
        for action in actions:
            game.apply(action)
        count += len(actions)
    return count / (time.perf_counter() - start)


def run(repeats: int = 5) -> dict[str, float]:
    game = mid_game()
    copies = median(copies_per_second(game) for _ in range(repeats))
    plays = [random_play(first_seed=100 * r) for r in range(repeats)]
    return {
        "random_matches_per_s": median(p[0] for p in plays),
        "random_play_decisions_per_s": median(p[1] for p in plays),
        "decisions_applied_per_s": median(replay_rate() for _ in range(repeats)),
        "midgame_copies_per_s": copies,
    }
