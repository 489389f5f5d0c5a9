"""Play a batch of games, in parallel processes, with results that do not depend on the
number of workers: game ``i`` is fully determined by the batch seed and ``i``."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.dice import SeededDice
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS


@dataclass(frozen=True, slots=True)
class BatchSpec:
    """What to play. ``setup`` is the ruleset's JSON set-up (troop A as player A, troop B as
    player B). With ``mirror`` (the default) odd-numbered games swap the agents' seats, so
    each agent plays each troop and each side equally often."""

    setup: Mapping[str, Any]
    agents: tuple[str, str] = ("random", "random")
    games: int = 100
    seed: int = 0
    ruleset: str = "eden"
    mirror: bool = True
    log_dir: str | None = None


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game's result, from the agents' point of view (agent 0 = the first agent named)."""

    index: int
    seed: int
    agent_seats: tuple[int, int]  # the seat (0 = A, 1 = B) of agent 0 and agent 1
    winner_agent: int | None
    vp_by_agent: tuple[int, int]
    rounds: int
    decisions: int
    survivors: tuple[str, ...]
    #: Fighters incapacitated by each fighter (his reference), this game.
    kills: tuple[tuple[str, int], ...]
    fighters: tuple[str, ...] = field(default=())
    #: Fighters incapacitated by no fighter: ``burn`` (the intendancy's burn roll, 4.B).
    other_kills: tuple[tuple[str, int], ...] = field(default=())


def game_seed(batch_seed: int, index: int) -> int:
    """A game's seed from the batch seed (SplitMix64: independent streams per game)."""
    dice = SeededDice(batch_seed, counter=index * 2)
    return dice.below(2**63)


def play_one(spec: BatchSpec, index: int) -> GameSummary:
    """Play game ``index`` of the batch (pure function of the spec and the index)."""
    seed = game_seed(spec.seed, index)
    ruleset = RULESETS.get(spec.ruleset)
    game = ruleset.new_game(spec.setup, seed=seed)
    swap = spec.mirror and index % 2 == 1
    seats = (1, 0) if swap else (0, 1)  # seat of agent 0, seat of agent 1
    names = [spec.agents[seats.index(seat)] for seat in (0, 1)]
    agents = [make_agent(name, seed + 7919 * (seat + 1)) for seat, name in enumerate(names)]
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    outcome = game.outcome()
    assert outcome is not None
    winner_agent = None if outcome.winner is None else seats.index(outcome.winner)
    view = game.view(0)
    # Eden's view lists "fighters" (on the field or not) and counts rounds; ME:A's lists
    # "figures" (out of action or not) and counts turns.
    # (Eden's non-player fighters, side 2, are nobody's troop: their kills count apart.)
    pieces = [p for p in view.get("fighters") or view.get("figures") or []
              if p.get("side") != 2]
    refs = tuple(f["ref"] for f in pieces)
    survivors = tuple(f["ref"] for f in pieces
                      if f.get("on_field", not f.get("out", False)))
    kills: dict[str, int] = {}
    other: dict[str, int] = {}
    for event in game.log:
        by = getattr(event, "by", "")
        if by and (event.kind == "eden.incapacitated"
                   or (event.kind == "me.wound" and getattr(event, "out", False))):
            tally = kills if by in refs else other  # "burn" is no fighter
            tally[by] = tally.get(by, 0) + 1
    if spec.log_dir is not None:
        Path(spec.log_dir).mkdir(parents=True, exist_ok=True)
        Record.of(game, events=True).save(Path(spec.log_dir) / f"game-{index:05d}.jsonl")
    return GameSummary(
        index=index,
        seed=seed,
        agent_seats=seats,
        winner_agent=winner_agent,
        vp_by_agent=(outcome.scores[seats[0]], outcome.scores[seats[1]]),
        rounds=int(view.get("round", view.get("turn", 0))),
        decisions=len(game.history),
        survivors=survivors,
        kills=tuple(sorted(kills.items())),
        fighters=refs,
        other_kills=tuple(sorted(other.items())),
    )


def _work(args: tuple[BatchSpec, int]) -> GameSummary:
    return play_one(*args)


#: The batch a worker process plays (set once per process by :func:`_start_worker`).
_SPEC: BatchSpec | None = None
#: How many games are handed to the workers at a time, per worker and chunk: the jobs are
#: made as they are needed, so a batch of a billion games starts at once and never holds a
#: list of its jobs.
WINDOW = 16


def _start_worker(spec: BatchSpec) -> None:
    global _SPEC
    _SPEC = spec


def _work_on(index: int) -> GameSummary:
    assert _SPEC is not None
    return play_one(_SPEC, index)


def iter_batch(spec: BatchSpec, workers: int | None = None) -> Iterator[GameSummary]:
    """The games of the batch as they finish (in any order), played ``workers`` at a time.
    Memory does not grow with ``spec.games``: games are handed out in windows."""
    workers = min(max(1, workers or os.cpu_count() or 1), max(1, spec.games))
    if workers == 1 or spec.games < 2:
        for index in range(spec.games):
            yield play_one(spec, index)
        return
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(8, spec.games // (workers * 4)))
    window = workers * chunk * WINDOW
    with context.Pool(workers, initializer=_start_worker, initargs=(spec,)) as pool:
        for start in range(0, spec.games, window):
            indices = range(start, min(spec.games, start + window))
            yield from pool.imap_unordered(_work_on, indices, chunksize=chunk)


def run_batch(
    spec: BatchSpec,
    workers: int | None = None,
    progress: Callable[[GameSummary], None] | None = None,
) -> list[GameSummary]:
    """Every game of the batch, in index order (identical for any number of workers)."""
    results: list[GameSummary] = []
    for summary in iter_batch(spec, workers):
        results.append(summary)
        if progress:
            progress(summary)
    return sorted(results, key=lambda s: s.index)
