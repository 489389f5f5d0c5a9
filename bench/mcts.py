"""The search bot's throughput on one core (issue 16): MCTS iterations per second on a
mid-game Eden state (round 3) - with the default settings, and with the normal and hard
presets' rollouts to the end of the round (``mcts_round_iterations_per_s``: a few tens a
second, each iteration playing the round out) - and on a Mass Effect: Annihilation one
(turn 3; with the defaults, and with the normal preset's search, its rollouts to the turn's
end with the heuristic's moves replayed, the movements as stays before 2026-12-03,
``me_mcts_turn_iterations_per_s``), and determinizations
per second (samples of the opponent's secrets with fresh
dice, the game rebuilt from the observation once) for both rulesets.

The searches are :class:`skirmish.bots.mcts.search.Search` with the agent's default
settings and an iteration budget, timed around ``run`` (the heuristic's root prior, the
view and the observation are built outside, as :func:`~skirmish.core.agents.view_of`
does before the agent acts), the geometry's memo of path queries and ME:A's of sight
verdicts emptied first (:func:`~skirmish.geometry.paths.clear_path_memo`,
:func:`~skirmish.games.masseffect.combat.targeting.clear_targeting_memo`): each search starts
from cold."""

from __future__ import annotations

import time
from statistics import median
from typing import Any

from bench.kernel import mid_game
from skirmish.bots.mcts.agent import MCTSAgent
from skirmish.bots.registry import AGENTS
from skirmish.core import Game, SeededDice
from skirmish.core.agents import view_of
from skirmish.core.observation import Determinizer, observe
from skirmish.games.masseffect.combat.targeting import clear_targeting_memo
from skirmish.geometry.paths import clear_path_memo

#: The normal and hard presets' search (rollouts to the end of the round), budget aside.
ROUND: dict[str, Any] = {k: v for k, v in AGENTS["mcts"].presets["normal"].items()
                         if k not in ("iterations", "seconds", "me_iterations")}


def me_mid_game() -> Game:
    from bench.masseffect import play

    game = play(7, until_turn=3)
    assert not game.is_over
    return game


def iterations_per_second(game: Game, iterations: int, seed: int = 1,
                          **settings: Any) -> float:
    """One search of ``iterations`` from the deciding player's observation (the agent's
    default ``settings`` unless given, its heuristic's root prior and its in-search
    heuristic)."""
    player = game.decision().player
    agent = MCTSAgent(seed, **{**settings, "iterations": iterations})
    view = view_of(game, player, agent)
    legal = list(game.legal_actions())
    search = agent.search(view, legal, seed)
    clear_path_memo()  # from cold: nothing the prior, or an earlier search, asked
    clear_targeting_memo()
    start = time.perf_counter()
    search.run()
    return search.iterations / (time.perf_counter() - start)


def determinizations_per_second(game: Game, n: int = 2_000) -> float:
    determinizer = Determinizer(observe(game, game.decision().player))
    rng = SeededDice(3)
    start = time.perf_counter()
    for _ in range(n):
        determinizer.sample(rng)
    return n / (time.perf_counter() - start)


def run(repeats: int = 3) -> dict[str, float]:
    eden, me = mid_game(), me_mid_game()
    return {
        "mcts_iterations_per_s": median(iterations_per_second(eden, 1000, seed)
                                        for seed in range(repeats)),
        "mcts_round_iterations_per_s": median(iterations_per_second(eden, 16, seed, **ROUND)
                                              for seed in range(repeats)),
        "me_mcts_iterations_per_s": median(iterations_per_second(me, 300, seed)
                                           for seed in range(repeats)),
        "me_mcts_turn_iterations_per_s": median(iterations_per_second(me, 40, seed, **ROUND)
                                                for seed in range(repeats)),
        "determinizations_per_s": median(determinizations_per_second(eden)
                                         for _ in range(repeats)),
        "me_determinizations_per_s": median(determinizations_per_second(me)
                                            for _ in range(repeats)),
    }


if __name__ == "__main__":  # pragma: no cover
    print(run())
