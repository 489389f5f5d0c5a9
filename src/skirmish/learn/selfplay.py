"""Self-play data (issue 49): matches between agents, and for every choice of a seat what
that seat knew, what the search made of it and how the match ended.

``skirmish selfplay`` plays ``games`` matches of one game (the ladder's deals: every
pairing of the troops, the scenarios in turn; seats alternate) and writes, for every
*choice* (a decision with two legal actions or more) of either seat:

- the seat's **observation**: its own view (``view_of``: nothing hidden from the seat)
  through the game's learning encoder (:func:`skirmish.rl.game_parts.rl_of`), flattened into
  one row of float32 features in the order the folder's ``layout`` gives;
- the **search's visits** over the root's actions and its estimate (the chosen action's
  mean), when the deciding agent searched that decision (an agent that does not search,
  or a decision its scope leaves to the heuristic, has none);
- the match's **result** for that seat (1 won, 0.5 drawn, 0 lost) and its VP margin.

The folder:

- ``selfplay.json``: what decides the matches (game, agents, seed, games, the deals'
  digest) and its fingerprint, the observation's layout, the package version;
- ``game-NNNNN.npz`` (numpy, compressed) per match: ``obs`` (positions x features),
  ``seat``, ``kind`` (the decision kind's index in the layout's ``kinds``, -1 for another),
  ``searched``, ``value``, ``result``, ``margin`` and ``visits`` (UTF-8 JSON bytes: per
  position ``[[action, visits], ...]``);
- ``game-NNNNN.jsonl``: the match's record (``skirmish replay --verify`` checks its dice).

**Reproducible**: match *i* is a pure function of the batch and *i* (its seed from the batch
seed, its agents' seeds as the ladder's). A search capped in seconds would depend on the
machine's speed, so the agents play **without their seconds caps** (their iteration budgets
alone) unless ``time_caps`` is asked. **Resumable**: a folder with the same fingerprint keeps
every match whose two files are there and whose data file reads; the others are played.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from skirmish.bots.registry import AGENTS, parse_agent
from skirmish.core.agents import Agent, view_of
from skirmish.core.atomic import write_atomically
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS
from skirmish.sim.backends import Backend, Collected, collect
from skirmish.sim.ladder import Deal
from skirmish.sim.logdir import canonical, digest
from skirmish.sim.runner import game_seed

#: The folder's description file, and the data format (bumped when a field changes meaning).
DESCRIPTION = "selfplay.json"
FORMAT = 1


@dataclass(frozen=True)
class SelfplaySpec:
    """``games`` matches of ``game`` between ``agents`` (seat A's and seat B's in even
    matches, swapped in odd ones), the ``deals`` in turn (two matches a deal, one each way),
    written to ``out``."""

    game: str
    agents: tuple[str, str]
    games: int
    deals: tuple[Deal, ...]
    out: str
    seed: int = 0
    time_caps: bool = False

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"--games: at least 1 match, got {self.games}")
        if not self.deals:
            raise ValueError("self-play needs at least one deal (troops to play)")
        for name in self.agents:
            parse_agent(name)  # a ValueError names the agent at fault

    def description(self) -> dict[str, Any]:
        """What decides the matches (the folder's fingerprint: ``--resume``)."""
        return {"kind": "selfplay", "format": FORMAT, "game": self.game,
                "agents": list(self.agents), "seed": self.seed, "time_caps": self.time_caps,
                "deals": digest([[list(d.troops), d.scenario, d.setup] for d in self.deals])}

    def deal_of(self, index: int) -> Deal:
        return self.deals[(index // 2) % len(self.deals)]

    def seats(self, index: int) -> tuple[str, str]:
        """The agents at seat A and seat B in match ``index``."""
        return self.agents if index % 2 == 0 else (self.agents[1], self.agents[0])


@dataclass(frozen=True, slots=True)
class Part:
    """One part of the observation in the flat row: its name, shape and first column."""

    name: str
    shape: tuple[int, ...]
    start: int

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Observer:
    """The game's learning encoder for a whole batch: its sizes fitted to every deal (the
    largest of each), so that every match's rows have the same features."""

    def __init__(self, game: str, deals: Sequence[Deal]) -> None:
        from skirmish.rl.game_parts import rl_of

        rl = rl_of(game)
        ruleset = RULESETS.get(game)
        views = [ruleset.new_game(dict(d.setup), seed=0).view(0) for d in deals]
        limits = [rl.limits(d.setup, v) for d, v in zip(deals, views, strict=True)]
        widest = limits[0]
        for other in limits[1:]:
            widest = replace(widest, **{
                f.name: max(getattr(widest, f.name), getattr(other, f.name))
                for f in fields(widest) if isinstance(getattr(widest, f.name), int)})
        self.limits = widest
        self.encoder = rl.encoder(widest, views[0])
        space = self.encoder.space()
        self.kinds = tuple(self.encoder.kinds)
        self.parts: list[Part] = []
        start = 0
        for name in sorted(space.spaces):
            shape = tuple(space.spaces[name].shape or ())
            self.parts.append(Part(name, shape, start))
            start += math.prod(shape)
        self.width = start

    def layout(self) -> dict[str, Any]:
        limits = {f.name: getattr(self.limits, f.name) for f in fields(self.limits)}
        limits["k"] = dict(limits["k"])
        return {"width": self.width, "kinds": list(self.kinds), "limits": limits,
                "parts": [{"name": p.name, "shape": list(p.shape), "start": p.start}
                          for p in self.parts]}

    def row(self, view: Mapping[str, Any], seat: int, roster: Any) -> npt.NDArray[np.float32]:
        """The flat observation of ``view`` (the view of ``seat``)."""
        arrays = self.encoder.encode(view, seat, roster)
        return np.concatenate([np.asarray(arrays[p.name], dtype=np.float32).ravel()
                               for p in self.parts])


@dataclass(frozen=True, slots=True)
class SelfplayGame:
    """One match's summary (the data is in its files): its positions and the result of
    seat A (1, 0.5, 0)."""

    index: int
    positions: int
    searched: int
    result_a: float


def _agent(name: str, seed: int, time_caps: bool) -> Agent:
    parsed = parse_agent(name)
    settings = parsed.settings()
    if not time_caps:
        settings.pop("seconds", None)  # the iteration budget alone: the same on any machine
    return AGENTS[parsed.agent].factory(seed, **settings)


def _search_of(agent: Agent) -> tuple[float, list[list[Any]]] | None:
    """The search's estimate and root visits for the decision ``agent`` just took, if it
    searched it."""
    last = getattr(agent, "last", None)
    visits = getattr(last, "visits", None)
    if not visits or not getattr(last, "iterations", 0):
        return None
    return float(last.win), [[action, int(n)] for action, n in visits]  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A match just played: its summary, its data file (``.npz`` bytes) and its record
    (JSON Lines), for the driver to write (it may have been played on another machine)."""

    index: int
    summary: SelfplayGame
    data: bytes
    record: str


def play_selfplay_game(spec: SelfplaySpec, index: int, observer: Observer | None = None
                       ) -> PlayedMatch:
    """Match ``index`` (a pure function of the spec and the index)."""
    observer = observer or Observer(spec.game, spec.deals)
    seed = game_seed(spec.seed, index)
    game = RULESETS.get(spec.game).new_game(dict(spec.deal_of(index).setup), seed=seed)
    agents = [_agent(name, seed + 7919 * (seat + 1), spec.time_caps)
              for seat, name in enumerate(spec.seats(index))]
    rosters = [observer.encoder.roster(), observer.encoder.roster()]
    kind_index = {kind: i for i, kind in enumerate(observer.kinds)}
    rows: list[npt.NDArray[np.float32]] = []
    seats: list[int] = []
    kinds: list[int] = []
    values: list[float] = []
    visits: list[list[list[Any]]] = []
    while not game.is_over:
        decision = game.decision()
        player = decision.player
        legal = list(game.legal_actions())
        agent = agents[player]
        view = view_of(game, player, agent)
        if len(legal) > 1:
            rows.append(observer.row(view_of(game, player), player, rosters[player]))
            seats.append(player)
            kinds.append(kind_index.get(decision.kind, -1))
        game.apply(agent.act(view, legal))
        if len(legal) > 1:
            found = _search_of(agent)
            values.append(math.nan if found is None else found[0])
            visits.append([] if found is None else found[1])
    outcome = game.outcome()
    assert outcome is not None
    won = [0.5, 0.5] if outcome.winner is None else [
        1.0 if outcome.winner == s else 0.0 for s in (0, 1)]
    scores = outcome.scores
    seat = np.array(seats, dtype=np.int8)
    searched = np.array([bool(v) for v in visits], dtype=bool)
    data: dict[str, npt.NDArray[Any]] = {
        "obs": (np.stack(rows) if rows else np.zeros((0, observer.width), np.float32)),
        "seat": seat,
        "kind": np.array(kinds, dtype=np.int16),
        "searched": searched,
        "value": np.array(values, dtype=np.float32),
        "result": np.array([won[s] for s in seats], dtype=np.float32),
        "margin": np.array([scores[s] - scores[1 - s] for s in seats], dtype=np.float32),
        "visits": np.frombuffer(json.dumps(visits, ensure_ascii=False).encode("utf-8"),
                                dtype=np.uint8),
    }
    summary = SelfplayGame(index, len(rows), int(searched.sum()), won[0])
    data["summary"] = np.frombuffer(canonical(asdict(summary)).encode("utf-8"), dtype=np.uint8)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **data)  # type: ignore[arg-type]  # numpy: allow_pickle in **kwds
    return PlayedMatch(index, summary, buffer.getvalue(), Record.of(game).to_jsonl())


def data_name(index: int) -> str:
    return f"game-{index:05d}.npz"


def record_name(index: int) -> str:
    return f"game-{index:05d}.jsonl"


def load_game(path: Path | str) -> dict[str, Any]:
    """One match's data: its arrays, ``visits`` as Python lists."""
    with np.load(Path(path)) as npz:
        data: dict[str, Any] = {name: npz[name] for name in npz.files}
    data["visits"] = json.loads(bytes(data["visits"]).decode("utf-8"))
    data["summary"] = SelfplayGame(**json.loads(bytes(data["summary"]).decode("utf-8")))
    return data


def load_folder(folder: Path | str) -> dict[str, Any]:
    """Every match of a self-play folder, concatenated in match order (``visits`` a list),
    with the folder's description under ``"description"``."""
    root = Path(folder)
    described = json.loads((root / DESCRIPTION).read_text(encoding="utf-8"))
    parts = [load_game(p) for p in sorted(root.glob("game-*.npz"))]
    out: dict[str, Any] = {"description": described}
    width = int(described["layout"]["width"])
    for name in ("obs", "seat", "kind", "searched", "value", "result", "margin"):
        arrays = [p[name] for p in parts]
        out[name] = (np.concatenate(arrays) if arrays
                     else np.zeros((0, width) if name == "obs" else 0, np.float32))
    out["visits"] = [v for p in parts for v in p["visits"]]
    out["match"] = (np.concatenate([np.full(len(p["obs"]), p["summary"].index) for p in parts])
                    if parts else np.zeros(0, np.int64))
    return out


class Folder:
    """A self-play folder: its description, what a resumed run keeps, the files written
    atomically as matches finish."""

    def __init__(self, spec: SelfplaySpec, observer: Observer) -> None:
        self.spec = spec
        self.root = Path(spec.out)
        self.description = {**spec.description(), "layout": observer.layout()}
        self.fingerprint = digest(self.description)

    def start(self, *, resume: bool) -> dict[int, SelfplayGame]:
        """The matches already there (with ``resume``); a folder of another batch, or one
        with matches but no ``resume``, is a ValueError naming the option."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / DESCRIPTION
        found = sorted(self.root.glob("game-*.npz"))
        if path.exists():
            theirs = json.loads(path.read_text(encoding="utf-8"))
            if theirs.get("fingerprint") != self.fingerprint:
                raise ValueError(f"--resume: {self.root} holds another batch (its "
                                 f"{_first_difference(theirs, self.description)} differs)")
            if found and not resume:
                raise ValueError(f"--out: {self.root} already holds {len(found)} match(es) "
                                 "of this batch: --resume to keep them, or another folder")
        elif found:
            raise ValueError(f"--out: {self.root} holds match files but no {DESCRIPTION}")
        write_atomically(path, canonical({**self.description,
                                          "fingerprint": self.fingerprint}) + "\n")
        kept: dict[int, SelfplayGame] = {}
        for index in range(self.spec.games):
            data, record = self.root / data_name(index), self.root / record_name(index)
            if data.exists() and record.exists():
                try:
                    kept[index] = load_game(data)["summary"]
                except (OSError, ValueError, KeyError, TypeError):
                    continue  # cut short, or not ours: played again
        return kept

    def write(self, index: int, data: bytes, record: str) -> None:
        write_atomically(self.root / record_name(index), record)
        write_atomically(self.root / data_name(index), data)  # last: the match is complete


def _first_difference(theirs: Mapping[str, Any], ours: Mapping[str, Any]) -> str:
    for key in sorted(set(theirs) | set(ours)):
        if key != "fingerprint" and theirs.get(key) != ours.get(key):
            return key
    return "fingerprint"


def _played(spec: SelfplaySpec, index: int) -> PlayedMatch:
    return play_selfplay_game(spec, index, _observer_for(spec))


_OBSERVERS: dict[str, Observer] = {}


def _observer_for(spec: SelfplaySpec) -> Observer:
    """The batch's observer, made once per process (a worker plays many matches)."""
    key = spec.game + ":" + digest([[list(d.troops), d.scenario, d.setup] for d in spec.deals])
    if key not in _OBSERVERS:
        _OBSERVERS.clear()
        _OBSERVERS[key] = Observer(spec.game, spec.deals)
    return _OBSERVERS[key]


def run_selfplay(spec: SelfplaySpec, backend: Backend, *, resume: bool = False,
                 progress: Callable[[SelfplayGame], None] | None = None
                 ) -> Collected[SelfplayGame]:
    """Play the batch into its folder, each match's files written as it finishes; the
    summaries in index order (``reused``: the matches a resumed run kept)."""
    folder = Folder(spec, _observer_for(spec))
    kept = folder.start(resume=resume)

    def arrived(item: PlayedMatch | SelfplayGame) -> None:
        if isinstance(item, PlayedMatch):
            folder.write(item.index, item.data, item.record)
            item = item.summary
        if progress is not None:
            progress(item)

    collected = collect(_played, spec, spec.games, backend, progress=arrived, done=kept)
    summaries = [r.summary if isinstance(r, PlayedMatch) else r for r in collected.results]
    return Collected(summaries, collected.total, collected.cancelled, collected.reused)


def iter_positions(folder: Path | str) -> Iterator[dict[str, Any]]:
    """Each match's data in match order (for a reader that does not hold them all)."""
    for path in sorted(Path(folder).glob("game-*.npz")):
        yield load_game(path)


__all__ = ["DESCRIPTION", "FORMAT", "Folder", "Observer", "PlayedMatch", "SelfplayGame",
           "SelfplaySpec",
           "iter_positions", "load_folder", "load_game", "play_selfplay_game", "run_selfplay"]
