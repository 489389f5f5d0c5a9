"""Kernel figures on one core: copies, decisions and whole games per second."""

from __future__ import annotations

import time
from statistics import median

from skirmish.core import Game, RandomAgent
from skirmish.eden import EDEN
from skirmish.eden.demo import demo_setup


def mid_game(seed: int = 7, actions: int = 30) -> Game:
    game = EDEN.new_game(demo_setup(max_rounds=5), seed=seed)
    agent = RandomAgent(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(agent.act({}, list(game.legal_actions())))
    return game


def copies_per_second(game: Game, n: int = 5_000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        game.copy()
    return n / (time.perf_counter() - start)


def play_random(seed: int) -> int:
    game = EDEN.new_game(demo_setup(max_rounds=5), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while not game.is_over:
        player = game.decision().player
        game.apply(agents[player].act(game.view(player), list(game.legal_actions())))
    return len(game.history)


def random_play(games: int = 40, first_seed: int = 0) -> tuple[float, float]:
    """(games per second, decisions per second) for random-vs-random demo exchanges."""
    start = time.perf_counter()
    decisions = sum(play_random(first_seed + i) for i in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def run(repeats: int = 5) -> dict[str, float]:
    game = mid_game()
    copies = median(copies_per_second(game) for _ in range(repeats))
    plays = [random_play(first_seed=100 * r) for r in range(repeats)]
    return {
        "midgame_copies_per_s": round(copies),
        "demo_exchanges_per_s": round(median(p[0] for p in plays), 1),
        "decisions_per_s": round(median(p[1] for p in plays)),
    }
