"""The heuristic agent's time per decision (median), one core."""

from __future__ import annotations

import time
from statistics import median

from bench.kernel import SETUP
from skirmish.core import RandomAgent
from skirmish.core.agents import Agent, view_of
from skirmish.games.eden import EDEN
from skirmish.games.eden.bots.heuristic import HeuristicAgent


def heuristic_decision_times(seed: int) -> list[float]:
    game = EDEN.new_game(SETUP, seed=seed)
    agents: list[Agent] = [HeuristicAgent(seed), RandomAgent(seed + 1)]
    times: list[float] = []
    while not game.is_over:
        player = game.decision().player
        legal = list(game.legal_actions())
        start = time.perf_counter()  # the view is built for the agent: part of its time
        action = agents[player].act(view_of(game, player, agents[player]), legal)
        if player == 0:
            times.append(time.perf_counter() - start)
        game.apply(action)
    return times


def run(repeats: int = 5) -> dict[str, float]:
    times = [t for seed in range(repeats * 2) for t in heuristic_decision_times(seed)]
    return {"heuristic_ms_per_decision": 1000 * median(times)}
