"""Play a batch of games, in parallel processes or on a Ray cluster
(:mod:`skirmish.sim.backends`), with results that do not depend on the backend or the
number of workers: game ``i`` is fully determined by the batch seed and ``i``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.dice import SeededDice
from skirmish.core.game import Game
from skirmish.core.plugins import GAMES
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS
from skirmish.sim.backends import Backend, Collected, LocalBackend, Logged, collect
from skirmish.sim.logdir import LogDir, digest


@dataclass(frozen=True, slots=True)
class BatchSpec:
    """What to play. ``setup`` is the ruleset's JSON set-up (troop A as player A, troop B as
    player B). With ``mirror`` (the default) odd-numbered games swap the agents' seats, so
    each agent plays each troop and each side equally often."""

    setup: Mapping[str, Any]
    agents: tuple[str, str] = ("random", "random")
    games: int = 100
    seed: int = 0
    ruleset: str = field(default_factory=lambda: GAMES.default().name)
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
    #: Fighters taken out by each fighter (his reference), this game.
    kills: tuple[tuple[str, int], ...]
    fighters: tuple[str, ...] = field(default=())
    #: Fighters taken out by no fighter of a troop (a cause such as ``burn``, or a
    #: non-player fighter).
    other_kills: tuple[tuple[str, int], ...] = field(default=())


def game_seed(batch_seed: int, index: int) -> int:
    """A game's seed from the batch seed (SplitMix64: independent streams per game)."""
    dice = SeededDice(batch_seed, counter=index * 2)
    return dice.below(2**63)


def _seats(spec: BatchSpec, index: int) -> tuple[int, int]:
    """The seat (0 = A, 1 = B) of agent 0 and of agent 1 in game ``index``."""
    return (1, 0) if spec.mirror and index % 2 == 1 else (0, 1)


def play_game(spec: BatchSpec, index: int) -> Game:
    """Game ``index`` of the batch, played to its end (a pure function of the spec and the
    index)."""
    seed = game_seed(spec.seed, index)
    ruleset = RULESETS.get(spec.ruleset)
    game = ruleset.new_game(spec.setup, seed=seed)
    seats = _seats(spec, index)
    names = [spec.agents[seats.index(seat)] for seat in (0, 1)]
    agents = [make_agent(name, seed + 7919 * (seat + 1)) for seat, name in enumerate(names)]
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return game


def summarize(spec: BatchSpec, index: int, game: Game) -> GameSummary:
    """The summary of game ``index`` once it is over: the fighters, survivors and kills
    are the game's ``"sim"`` part's (:meth:`skirmish.sim.game_parts.GameSims.pieces`,
    :meth:`~skirmish.sim.game_parts.GameSims.kill_by`)."""
    from skirmish.sim.game_parts import sims_of

    sims = sims_of(spec.ruleset)
    seats = _seats(spec, index)
    outcome = game.outcome()
    assert outcome is not None
    winner_agent = None if outcome.winner is None else seats.index(outcome.winner)
    view = game.view(0)
    pieces = sims.pieces(view)
    refs = tuple(p.ref for p in pieces)
    survivors = tuple(p.ref for p in pieces if p.standing)
    kills: dict[str, int] = {}
    other: dict[str, int] = {}
    for event in game.log:
        by = sims.kill_by(event)
        if by:
            tally = kills if by in refs else other  # a cause, or nobody's troop
            tally[by] = tally.get(by, 0) + 1
    return GameSummary(
        index=index,
        seed=game_seed(spec.seed, index),
        agent_seats=seats,
        winner_agent=winner_agent,
        vp_by_agent=(outcome.scores[seats[0]], outcome.scores[seats[1]]),
        rounds=sims.rounds_played(view),
        decisions=len(game.history),
        survivors=survivors,
        kills=tuple(sorted(kills.items())),
        fighters=refs,
        other_kills=tuple(sorted(other.items())),
    )


def play_one(spec: BatchSpec, index: int) -> GameSummary:
    """Play game ``index`` of the batch (pure function of the spec and the index); its
    record is written to ``spec.log_dir`` if given."""
    game = play_game(spec, index)
    if spec.log_dir is not None:
        Path(spec.log_dir).mkdir(parents=True, exist_ok=True)
        Record.of(game, events=True).save(Path(spec.log_dir) / f"game-{index:05d}.jsonl")
    return summarize(spec, index, game)


def play_logged(spec: BatchSpec, index: int) -> Logged[GameSummary]:
    """Game ``index``'s summary and record (the driver writes it to the log folder: the
    game may have been played on another machine)."""
    game = play_game(spec, index)
    return Logged(index, summarize(spec, index, game), Record.of(game, events=True).to_jsonl())


def summary_to_json(summary: GameSummary) -> dict[str, Any]:
    return asdict(summary)


def summary_from_json(data: Mapping[str, Any]) -> GameSummary:
    """A summary from :func:`summary_to_json` (a ValueError if it is not one)."""
    try:
        return GameSummary(
            index=int(data["index"]), seed=int(data["seed"]),
            agent_seats=(int(data["agent_seats"][0]), int(data["agent_seats"][1])),
            winner_agent=None if data["winner_agent"] is None else int(data["winner_agent"]),
            vp_by_agent=(int(data["vp_by_agent"][0]), int(data["vp_by_agent"][1])),
            rounds=int(data["rounds"]), decisions=int(data["decisions"]),
            survivors=tuple(str(r) for r in data["survivors"]),
            kills=tuple((str(r), int(k)) for r, k in data["kills"]),
            fighters=tuple(str(r) for r in data["fighters"]),
            other_kills=tuple((str(r), int(k)) for r, k in data["other_kills"]))
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not a game summary ({exc})") from None


def batch_description(spec: BatchSpec) -> dict[str, Any]:
    """What decides the batch's games (the log folder's fingerprint: ``--resume``)."""
    return {"kind": "simulate", "ruleset": spec.ruleset, "agents": list(spec.agents),
            "seed": spec.seed, "mirror": spec.mirror, "setup": digest(spec.setup)}


#: Jobs in flight per worker process (each a few games): the jobs are made as they are
#: needed, so a batch of a billion games starts at once and never holds a list of its jobs.
WINDOW = 2


def iter_batch(spec: BatchSpec, workers: int | None = None,
               backend: Backend | None = None) -> Iterator[GameSummary]:
    """The games of the batch as they finish (in any order), played ``workers`` at a time
    (or by ``backend``). Memory does not grow with ``spec.games``."""
    where: Backend = backend or LocalBackend(workers, in_flight=WINDOW)
    yield from where.run(play_one, spec, range(spec.games), spec.games)


def run_batch(
    spec: BatchSpec,
    workers: int | None = None,
    progress: Callable[[GameSummary], None] | None = None,
    backend: Backend | None = None,
) -> list[GameSummary]:
    """Every game of the batch, in index order (identical for any number of workers and
    any backend)."""
    results: list[GameSummary] = []
    for summary in iter_batch(spec, workers, backend):
        results.append(summary)
        if progress:
            progress(summary)
    return sorted(results, key=lambda s: s.index)


def collect_batch(spec: BatchSpec, backend: Backend, *,
                  progress: Callable[[GameSummary], None] | None = None,
                  resume: bool = False) -> Collected[GameSummary]:
    """The batch's games in index order, with what :func:`skirmish.sim.backends.collect`
    adds: Ctrl-C keeps the finished games; with ``spec.log_dir`` the driver writes every
    record and ``resume`` reuses the games stored there by an earlier run of this batch."""
    if spec.log_dir is None:
        if resume:
            raise ValueError("--resume: reuses the games of --log-dir; give --log-dir")
        return collect(play_one, spec, spec.games, backend, progress=progress)
    log = LogDir(spec.log_dir, batch_description(spec), summary_to_json, summary_from_json)
    found = log.start(resume=resume)
    done = log.reuse(found, spec.games,
                     lambda i: (game_seed(spec.seed, i), spec.setup)) if found else {}
    unlogged = replace(spec, log_dir=None)
    return collect(play_logged, unlogged, spec.games, backend, progress=progress,
                   done=done, log=log)
