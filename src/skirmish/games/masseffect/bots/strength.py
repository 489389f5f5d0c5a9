"""How strong the Mass Effect: Annihilation heuristic is: games against another agent (random
by default) with the seats, bands and scenarios alternated, and the win rate with its 95%
Wilson interval.

Game ``i`` of a batch: the heuristic sits at A in even games and at B in odd ones; the
scenario cycles through the four samples every two games; the pair (heuristic's band,
opponent's band) runs through the 16 ordered pairs of the four sample bands, eight games each
(so each block of eight covers every scenario from both seats). Every game is a pure function
of the batch seed and its index.

The acceptance measurement (200 games, one process)::

    .venv/bin/python -m skirmish.games.masseffect.bots.strength --games 200
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.sim.runner import game_seed
from skirmish.sim.stats import wilson_interval

BANDS = ("Escouade Orion", "Cellule Tisiphone", "Grappe Kappa-9", "Compagnie des Lames grises")
SCENARIOS = ("Escarmouche", "Tenir la position", "Extraction de données", "Dernier carré")


@dataclass(frozen=True, slots=True)
class Plan:
    """One game of the batch: who plays what, where."""

    index: int
    seat: int  # the heuristic's seat (0 = A)
    band: str  # the heuristic's band
    other: str  # the opponent's band
    scenario: str


def plan(index: int) -> Plan:
    pair = (index // 8) % 16
    return Plan(index, index % 2, BANDS[pair // 4], BANDS[pair % 4],
                SCENARIOS[(index // 2) % 4])


@dataclass(frozen=True, slots=True)
class Result:
    plan: Plan
    result: str  # win, draw, loss (for the heuristic)
    scores: tuple[int, int]  # (heuristic, opponent)
    reason: str
    turns: int
    decisions: int  # the heuristic's
    seconds: float  # the heuristic's thinking time, views included


def play(index: int, seed: int = 2026, opponent: str = "random",
         agent: str = "heuristic") -> Result:
    """Game ``index`` of the batch with seed ``seed``."""
    p = plan(index)
    lib = load_library()
    bands = [p.band, p.other] if p.seat == 0 else [p.other, p.band]
    game_s = game_seed(seed, index)
    game = MASS_EFFECT.new_game(match_setup(lib, bands, p.scenario), seed=game_s)
    agents = [make_agent(agent if s == p.seat else opponent, game_s + 7919 * (s + 1))
              for s in (0, 1)]
    decisions, thinking = 0, 0.0
    while not game.is_over:
        player = game.decision().player
        legal = list(game.legal_actions())
        start = time.perf_counter()
        action = agents[player].act(view_of(game, player, agents[player]), legal)
        if player == p.seat:
            thinking += time.perf_counter() - start
            decisions += 1
        game.apply(action)
    outcome = game.outcome()
    assert outcome is not None
    result = ("draw" if outcome.winner is None else
              "win" if outcome.winner == p.seat else "loss")
    scores = (outcome.scores[p.seat], outcome.scores[1 - p.seat])
    return Result(p, result, scores, outcome.reason, int(game.view(0)["turn"]), decisions,
                  thinking)


@dataclass(frozen=True, slots=True)
class Report:
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    interval: tuple[float, float]  # Wilson 95% for the win rate
    seconds: float  # wall time of the batch
    ms_per_decision: float  # the heuristic's mean

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def measure(games: int = 200, seed: int = 2026, opponent: str = "random",
            agent: str = "heuristic", progress: bool = False) -> tuple[Report, list[Result]]:
    """Play ``games`` games (one process) and report the heuristic's results."""
    start = time.perf_counter()
    results = []
    for index in range(games):
        r = play(index, seed, opponent, agent)
        results.append(r)
        if progress:
            print(f"{index:4d} {r.plan.scenario:22s} {r.plan.band:27s} vs {r.plan.other:27s} "
                  f"seat {'AB'[r.plan.seat]}: {r.result:4s} {r.scores} {r.reason}", flush=True)
    return report(results, time.perf_counter() - start), results


def report(results: Sequence[Result], seconds: float) -> Report:
    wins = sum(r.result == "win" for r in results)
    draws = sum(r.result == "draw" for r in results)
    n = len(results)
    decisions = sum(r.decisions for r in results)
    thinking = sum(r.seconds for r in results)
    return Report(n, wins, draws, n - wins - draws, wins / n if n else 0.0,
                  wilson_interval(wins, n), seconds,
                  1000 * thinking / decisions if decisions else 0.0)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    rep, _ = measure(args.games, args.seed, args.opponent, progress=not args.quiet)
    print(json.dumps(rep.to_json()))


if __name__ == "__main__":
    main()
