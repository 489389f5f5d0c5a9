"""Mass Effect: Annihilation figures on one core, beside Eden's (issue 14): whole random
games, decisions, replays and mid-game copies, on two sample bands and the Escarmouche
scenario's default table."""

from __future__ import annotations

import time
from statistics import median
from typing import Any

from skirmish.core import Game, RandomAgent
from skirmish.core.agents import view_of
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import load_library


def setup() -> dict[str, Any]:
    return match_setup(load_library(), ["Escouade Orion", "Cellule Tisiphone"], "Escarmouche")


SETUP = setup()


def play(seed: int, until_turn: int | None = None) -> Game:
    game = MASS_EFFECT.new_game(SETUP, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while not game.is_over:
        if until_turn is not None and game.state.turn >= until_turn:  # type: ignore[attr-defined]
            break
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return game


def random_play(games: int = 10, first_seed: int = 0) -> tuple[float, float]:
    """(games per second, decisions per second), random against random."""
    start = time.perf_counter()
    decisions = sum(len(play(first_seed + i).history) for i in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def replay_rate(games: int = 5, first_seed: int = 500) -> float:
    """Decisions applied per second re-playing recorded games (each action checked)."""
    histories = [(first_seed + i, list(play(first_seed + i).history)) for i in range(games)]
    start = time.perf_counter()
    count = 0
    for seed, actions in histories:
        game = MASS_EFFECT.new_game(SETUP, seed=seed)
        for action in actions:
            game.apply(action)
        count += len(actions)
    return count / (time.perf_counter() - start)


def copies_per_second(game: Game, n: int = 3_000) -> float:
    start = time.perf_counter()
    for _ in range(n):
        game.copy()
    return n / (time.perf_counter() - start)


def run(repeats: int = 3) -> dict[str, float]:
    plays = [random_play(first_seed=100 * r) for r in range(repeats)]
    return {
        "me_random_games_per_s": median(p[0] for p in plays),
        "me_random_play_decisions_per_s": median(p[1] for p in plays),
        "me_decisions_applied_per_s": median(replay_rate() for _ in range(repeats)),
        "me_midgame_copies_per_s": median(copies_per_second(play(7, until_turn=3))
                                          for _ in range(repeats)),
    }


if __name__ == "__main__":  # pragma: no cover
    print(run())
