"""How long an agent takes a decision, each one timed (docs/bots.md, "Time per decision").

Plays ``--games`` games of the agent against the heuristic bot on the ladder's deals (seats
alternated) in this one process, times every ``act`` of the agent, and prints how many took
longer than ``--over`` ms, the slowest ones (with, for a search, its iterations, its own
seconds and its longest iterations) and the median and slowest by kind of decision. The
timings follow the machine's load: run it on an idle machine::

    python -m bench.decision_times --agent mcts:easy --game masseffect --games 16

(some 80 seconds on one core for easy on ME:A).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from skirmish.bots.mcts.search import Search
from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.ruleset import RULESETS
from skirmish.sim.ladder import make_deals
from skirmish.sim.runner import game_seed

#: The durations (ms) of the iterations of the search under way, longest first once read.
_ITERATIONS: list[float] = []


@contextmanager
def timed_iterations() -> Iterator[None]:
    """Meanwhile every search's iterations are timed into :data:`_ITERATIONS`."""
    iterate = Search.iterate

    def timed(self: Search) -> None:
        start = time.perf_counter()
        try:
            iterate(self)
        finally:
            _ITERATIONS.append(1000 * (time.perf_counter() - start))

    Search.iterate = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        Search.iterate = iterate  # type: ignore[method-assign]


def play(agent_name: str, game_name: str, games: int, over: float) -> dict[str, Any]:
    """The agent's decisions over ``games`` games, each timed."""
    with timed_iterations():
        return _play(agent_name, game_name, games, over)


def _play(agent_name: str, game_name: str, games: int, over: float) -> dict[str, Any]:
    deals = make_deals(game_name, games=games)
    slow: list[tuple[float, str, Any, Any, list[float]]] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    for g in range(games):
        seed = game_seed(0, g)
        seat = g % 2
        agents = [make_agent("heuristic", seed + 2), make_agent("heuristic", seed + 2)]
        agents[seat] = make_agent(agent_name, seed + 1)
        game = RULESETS.get(game_name).new_game(deals[(g // 2) % len(deals)].setup, seed=seed)
        while not game.is_over:
            player = game.decision().player
            kind = game.decision().kind
            view, legal = view_of(game, player, agents[player]), list(game.legal_actions())
            if len(legal) == 1:  # a lone action is no choice: applied, not timed (as
                game.apply(legal[0])  # bench/workloads.py counts choices)
                continue
            _ITERATIONS.clear()
            start = time.perf_counter()
            action = agents[player].act(view, legal)
            took = 1000 * (time.perf_counter() - start)
            if player == seat:
                by_kind[kind].append(took)
                if took > over:
                    last = getattr(agents[player], "last", None)
                    slow.append((took, kind, getattr(last, "iterations", None),
                                 getattr(last, "seconds", None),
                                 sorted(_ITERATIONS, reverse=True)[:3]))
            game.apply(action)
    every = [t for times in by_kind.values() for t in times]
    return {"decisions": len(every), "over": len(slow), "slowest": max(every, default=0.0),
            "slow": sorted(slow, reverse=True), "by_kind": by_kind}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="mcts:easy")
    parser.add_argument("--game", default="masseffect")
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--over", type=float, default=90.0, help="ms")
    args = parser.parse_args(argv)
    result = play(args.agent, args.game, args.games, args.over)
    print(f"{args.agent} on {args.game}, {args.games} games: {result['decisions']} decisions, "
          f"{result['over']} over {args.over:g} ms, the slowest {result['slowest']:.0f} ms")
    for took, kind, iterations, seconds, longest in result["slow"][:20]:
        search = "" if seconds is None else (
            f", {iterations} iterations in {1000 * seconds:.0f} ms, the longest "
            + ", ".join(f"{t:.0f}" for t in longest) + " ms")
        print(f"  {took:.0f} ms at a {kind}{search}")
    for kind, times in sorted(result["by_kind"].items()):
        print(f"  {kind}: {len(times)} decisions, median {statistics.median(times):.0f} ms, "
              f"the slowest {max(times):.0f} ms")


if __name__ == "__main__":
    main()
