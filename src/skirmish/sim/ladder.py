"""The strength ladder: a round robin between agents and their Bradley–Terry ratings.

Every pair of agents plays ``games`` games. Game ``g`` of a pair is dealt deal
``(g // 2) % len(deals)`` (a pairing of sample troops, and a scenario when the game has
scenarios) and the seats alternate: in even games the pair's first agent sits at A (troop
A), in odd games at B, so every agent plays each troop of a deal from each seat. Its game
seed is :func:`skirmish.sim.runner.game_seed` of the batch seed and ``g``, and its agents'
seeds follow :mod:`skirmish.sim.runner`: **every pair plays the same deals and dice
streams**, so a pair's games do not depend on the other agents of the ladder (adding
``mcts:hard`` leaves ``random`` against ``heuristic`` unchanged), and ladder game ``i``
depends only on the batch seed and ``i``, whatever the number of worker processes.

Ratings: :func:`skirmish.sim.ratings.fit_bradley_terry` (Elo scale, the first agent at 0,
95 % intervals from the observed Fisher information). Results kept across runs: one JSON
line per run in a history file (:func:`history_entry`, :func:`read_history`).

A long ladder may be played in parts (``--log-dir`` and ``--resume``,
:func:`collect_ladder`): every game's record is written to a log folder
(:mod:`skirmish.sim.logdir`) as it finishes, and a run with the same agents, game, seed and
rounds reuses the games found there (a two-agent ladder resumed with more games reuses the
first ones; with more pairs the games per pair are part of the batch). The games reused
are those the earlier run's code played: a ladder spread over several runs measures one
version of the agents only if none changed between them.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skirmish.bots.registry import check_agent, make_agent
from skirmish.core.agents import view_of
from skirmish.core.game import Game
from skirmish.core.plugins import GAMES
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS
from skirmish.sim.backends import Backend, Collected, LocalBackend, Logged, collect
from skirmish.sim.game_parts import sims_of
from skirmish.sim.logdir import LogDir
from skirmish.sim.ratings import Ratings, fit_bradley_terry
from skirmish.sim.runner import game_seed

#: The ladder JSON's format (bumped when a field changes meaning).
FORMAT = 1
#: The virtual drawn games credited to every pair of agents (see skirmish.sim.ratings).
PRIOR_DRAWS = 1.0


@dataclass(frozen=True, slots=True)
class Deal:
    """What a game is played with: two troops (or bands) at seats A and B, a scenario
    ("" when the game has none) and the full set-up."""

    troops: tuple[str, str]
    scenario: str
    setup: Mapping[str, Any]

    @property
    def label(self) -> str:
        text = f"{self.troops[0]} vs {self.troops[1]}"
        return f"{text} ({self.scenario})" if self.scenario else text


@dataclass(frozen=True, slots=True)
class LadderSpec:
    """A round robin: ``games`` games for each pair of ``agents`` (names as
    :func:`skirmish.bots.registry.make_agent` reads them)."""

    agents: tuple[str, ...]
    games: int
    deals: tuple[Deal, ...]
    seed: int = 0
    game: str = field(default_factory=lambda: GAMES.default().name)
    rounds: int = 5

    def __post_init__(self) -> None:
        check_ladder_agents(self.agents)
        if self.games < 1:
            raise ValueError(f"--games: at least 1 game per pair, got {self.games}")
        if not self.deals:
            raise ValueError("a ladder needs at least one deal (troops to play)")

    def to_json(self) -> dict[str, Any]:
        """The ladder as its report's JSON names it (the report's first fields)."""
        return {
            "ladder": FORMAT,
            "game": self.game,
            "agents": list(self.agents),
            "games_per_pair": self.games,
            "seed": self.seed,
            "rounds": self.rounds if sims_of(self.game).has_round_limit else None,
            "deals": [{"troops": list(d.troops), "scenario": d.scenario or None}
                      for d in self.deals],
            **({"house_rules": self.house_rules} if self.house_rules else {}),
        }

    @property
    def house_rules(self) -> dict[str, str]:
        """The house rules every game plays (issue 47: the deals' set-ups carry them), as
        the reports name them; empty for the default readings."""
        chosen: dict[str, str] = dict(self.deals[0].setup.get("house_rules") or {})
        return chosen

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(itertools.combinations(range(len(self.agents)), 2))

    @property
    def total(self) -> int:
        return len(self.pairs) * self.games

    def description(self) -> dict[str, Any]:
        """What decides the games (the log folder's fingerprint, ``--resume``): each game's
        seed and set-up are checked against its record as well. Game ``index`` is
        ``pair * games + g``: with more than one pair the games per pair are part of it."""
        out: dict[str, Any] = {"kind": "ladder", "game": self.game, "agents": list(self.agents),
                               "seed": self.seed, "rounds": self.rounds}
        if len(self.pairs) > 1:
            out["games_per_pair"] = self.games
        return out

    def dealt(self, index: int) -> tuple[int, int]:
        """Game ``index``'s seed and deal (game ``g`` of each pair: the same for every pair)."""
        g = index % self.games
        return game_seed(self.seed, g), (g // 2) % len(self.deals)

    def expected(self, index: int) -> tuple[int, Mapping[str, Any]]:
        """Game ``index``'s seed and set-up (what its record's header must hold)."""
        seed, deal = self.dealt(index)
        return seed, self.deals[deal].setup


@dataclass(frozen=True, slots=True)
class LadderGame:
    """One game of the ladder. ``first``/``second`` index ``spec.agents``; ``winner`` is 0
    (first), 1 (second) or None (a draw); the tuples are (first, second)."""

    index: int
    first: int
    second: int
    seed: int
    deal: int
    seats: tuple[int, int]
    winner: int | None
    vp: tuple[int, int]
    decisions: tuple[int, int]
    #: Time spent in the agents' ``act`` (seconds): varies from run to run.
    seconds: tuple[float, float] = field(compare=False, default=(0.0, 0.0))
    #: The longest single ``act`` of each agent (seconds): varies from run to run.
    slowest: tuple[float, float] = field(compare=False, default=(0.0, 0.0))

    @property
    def score(self) -> float:
        """The first agent's score: 1 for a win, 1/2 for a draw."""
        return 0.5 if self.winner is None else float(self.winner == 0)

    def to_json(self) -> dict[str, Any]:
        """The game's line in a log folder's manifest (its timings included)."""
        return {"index": self.index, "first": self.first, "second": self.second,
                "seed": self.seed, "deal": self.deal, "seats": list(self.seats),
                "winner": self.winner, "vp": list(self.vp), "decisions": list(self.decisions),
                "seconds": list(self.seconds), "slowest": list(self.slowest)}

    @classmethod
    def from_json(cls, data: Any) -> LadderGame:
        try:
            winner = data["winner"]

            def pair(key: str, kind: Callable[[Any], Any]) -> Any:
                first, second = data[key]
                return kind(first), kind(second)

            return cls(int(data["index"]), int(data["first"]), int(data["second"]),
                       int(data["seed"]), int(data["deal"]), pair("seats", int),
                       None if winner is None else int(winner), pair("vp", int),
                       pair("decisions", int), pair("seconds", float), pair("slowest", float))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a ladder game ({exc})") from None


def check_ladder_agents(agents: Sequence[str]) -> tuple[str, ...]:
    """The agents of a ladder: at least two, each known, no two the same agent."""
    names = tuple(a.strip() for a in agents)
    if len(names) < 2:
        raise ValueError(f"--agents: a ladder needs at least two agents, got "
                         f"{', '.join(names) or 'none'} (e.g. --agents random,heuristic)")
    seen: dict[str, str] = {}
    for name in names:
        try:
            canonical = check_agent(name)
        except ValueError as exc:
            raise ValueError(f"--agents: {exc}") from None
        if canonical in seen:
            raise ValueError(f"--agents: {name!r} is named twice (as {seen[canonical]!r})")
        seen[canonical] = name
    return names


# -- deals -----------------------------------------------------------------------------------
def make_deals(game: str | None = None, troops: Sequence[str] = (), *, games: int = 2,
               rounds: int = 5, content: Sequence[str] = (),
               scenarios: Sequence[str] = (),
               house_rules: Mapping[str, str] | None = None) -> tuple[Deal, ...]:
    """The deals ``games`` games per pair go through: every ordered pairing of ``troops``
    (the mirror matches last) (default: the game's sample troops), and the ``scenarios`` in
    turn when the game has scenarios (default: its sample ones; each pairing meets every
    scenario once the pairings have been cycled through as many times as there are
    scenarios): the game's ``"sim"`` part's ``deal_names``, ``deal_scenarios`` and
    ``deal_setup`` (:class:`skirmish.sim.game_parts.GameSims`). Only the deals used are set
    up; a bad troop or scenario is refused here, before any game. Every deal plays the
    ``house_rules`` (``{option: reading}``, checked against the game's options: a
    :class:`~skirmish.core.house_rules.HouseRuleError` names the one at fault)."""
    from skirmish.core.house_rules import with_house_rules

    name = game or GAMES.default().name
    sims = sims_of(name)
    names = sims.deal_names(troops, content)
    scenarios = sims.deal_scenarios(scenarios, content)
    if not names:
        raise ValueError("--troops: name at least one troop")
    ordered = list(itertools.product(names, repeat=2))
    pairings = [p for p in ordered if p[0] != p[1]] + [p for p in ordered if p[0] == p[1]]
    used = min(math.ceil(games / 2), len(pairings) * len(scenarios))
    deals = []
    for d in range(used):
        cycle, slot = divmod(d, len(pairings))
        pairing, scenario = pairings[slot], scenarios[(slot + cycle) % len(scenarios)]
        setup = sims.deal_setup((pairing[0], pairing[1]), scenario, rounds=rounds,
                                content=tuple(content))
        if house_rules:
            setup = with_house_rules(setup, name, house_rules)
        deals.append(Deal((pairing[0], pairing[1]), scenario, setup))
    return tuple(deals)


# -- playing ---------------------------------------------------------------------------------
def play_ladder_game(spec: LadderSpec, index: int) -> LadderGame:
    """Ladder game ``index`` (a pure function of the spec and the index, timings apart)."""
    return _played(spec, index)[0]


def play_ladder_logged(spec: LadderSpec, index: int) -> Logged[LadderGame]:
    """:func:`play_ladder_game` with the game's record (every event), for a log folder."""
    result, game = _played(spec, index)
    return Logged(index, result, Record.of(game, events=True).to_jsonl())


def _played(spec: LadderSpec, index: int) -> tuple[LadderGame, Game]:
    pair, g = divmod(index, spec.games)
    first, second = spec.pairs[pair]
    seed, deal = spec.dealt(index)
    seats = (1, 0) if g % 2 == 1 else (0, 1)  # the seat of first, of second
    at_seat = [first if seats[0] == seat else second for seat in (0, 1)]
    agents = [make_agent(spec.agents[a], seed + 7919 * (seat + 1))
              for seat, a in enumerate(at_seat)]
    game = RULESETS.get(spec.game).new_game(spec.deals[deal].setup, seed=seed)
    spent, slowest, decisions = [0.0, 0.0], [0.0, 0.0], [0, 0]
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        view, legal = view_of(game, player, agent), list(game.legal_actions())
        start = time.perf_counter()
        action = agent.act(view, legal)
        took = time.perf_counter() - start
        spent[player] += took
        slowest[player] = max(slowest[player], took)
        decisions[player] += 1
        game.apply(action)
    outcome = game.outcome()
    assert outcome is not None
    winner = None if outcome.winner is None else seats.index(outcome.winner)
    return LadderGame(index, first, second, seed, deal, seats, winner,
                      (outcome.scores[seats[0]], outcome.scores[seats[1]]),
                      (decisions[seats[0]], decisions[seats[1]]),
                      (spent[seats[0]], spent[seats[1]]),
                      (slowest[seats[0]], slowest[seats[1]])), game


def iter_ladder(spec: LadderSpec, workers: int | None = None,
                backend: Backend | None = None) -> Iterator[LadderGame]:
    """The ladder's games as they finish (in any order), ``workers`` processes at a time
    (one job in flight per worker: a search bot's games are long), or on ``backend``."""
    where: Backend = backend or LocalBackend(workers, in_flight=1)
    yield from where.run(play_ladder_game, spec, range(spec.total), spec.total)


def run_ladder(spec: LadderSpec, workers: int | None = None,
               progress: Callable[[LadderGame], None] | None = None,
               backend: Backend | None = None) -> list[LadderGame]:
    """Every game of the ladder, in index order (the same for any number of workers and
    any backend)."""
    results = []
    for result in iter_ladder(spec, workers, backend):
        results.append(result)
        if progress is not None:
            progress(result)
    return sorted(results, key=lambda r: r.index)


def collect_ladder(spec: LadderSpec, backend: Backend,
                   progress: Callable[[LadderGame], None] | None = None, *,
                   log_dir: Path | str | None = None, resume: bool = False
                   ) -> Collected[LadderGame]:
    """The ladder's games in index order; Ctrl-C stops it and keeps the finished games.
    With ``log_dir`` every game's record is written there as it finishes, and ``resume``
    reuses the games an earlier run of the same ladder left there (a ValueError names
    ``--resume`` when the folder holds another batch's)."""
    if log_dir is None:
        if resume:
            raise ValueError("--resume: reuses the games of --log-dir; give --log-dir")
        return collect(play_ladder_game, spec, spec.total, backend, progress=progress)
    log = LogDir(log_dir, spec.description(), LadderGame.to_json, LadderGame.from_json)
    found = log.start(resume=resume)
    done = log.reuse(found, spec.total, spec.expected)
    return collect(play_ladder_logged, spec, spec.total, backend, progress=progress,
                   done=done, log=log)


# -- the report ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AgentRecord:
    """One agent's games: wins, draws, losses, decisions and time deciding."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    decisions: int = 0
    seconds: float = 0.0
    #: The longest single decision (seconds).
    slowest: float = 0.0

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0


@dataclass(frozen=True, slots=True)
class LadderReport:
    """The ladder's results: per agent, per pair (``score[i][j]``: points of *i* against
    *j*, draws half; ``played[i][j]``: their games) and the ratings."""

    spec: LadderSpec
    records: tuple[AgentRecord, ...]
    score: tuple[tuple[float, ...], ...]
    played: tuple[tuple[int, ...], ...]
    draws: tuple[tuple[int, ...], ...]
    ratings: Ratings
    #: Every game played, in index order (for a paired comparison of two runs).
    games: tuple[LadderGame, ...] = ()

    @classmethod
    def of(cls, spec: LadderSpec, games: Sequence[LadderGame]) -> LadderReport:
        k = len(spec.agents)
        score = [[0.0] * k for _ in range(k)]
        played = [[0] * k for _ in range(k)]
        draws = [[0] * k for _ in range(k)]
        tally = [[0, 0, 0, 0, 0, 0.0, 0.0] for _ in range(k)]  # games, W, D, L, decisions,
        # seconds, the slowest decision
        for g in games:
            pair = (g.first, g.second)
            for side, (me, other) in enumerate((pair, pair[::-1])):
                mine = g.score if side == 0 else 1 - g.score
                score[me][other] += mine
                played[me][other] += 1
                draws[me][other] += g.winner is None
                row = tally[me]
                row[0] += 1
                row[1 if mine == 1 else 2 if mine == 0.5 else 3] += 1
                row[4] += g.decisions[side]
                row[5] += g.seconds[side]
                row[6] = max(row[6], g.slowest[side])
        records = tuple(AgentRecord(int(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4]),
                                    float(r[5]), float(r[6])) for r in tally)
        ratings = fit_bradley_terry(spec.agents, score, played, prior_draws=PRIOR_DRAWS)
        return cls(spec, records, tuple(map(tuple, score)), tuple(map(tuple, played)),
                   tuple(map(tuple, draws)), ratings,
                   tuple(sorted(games, key=lambda g: g.index)))

    def win_rate(self, i: int, j: int) -> float | None:
        """Agent *i*'s score against *j* (draws half), None if they did not play."""
        return self.score[i][j] / self.played[i][j] if self.played[i][j] else None

    def order(self) -> list[int]:
        """The agents from the strongest (highest rating) down; ties in the given order."""
        return sorted(range(len(self.spec.agents)), key=lambda i: -self.ratings.elo[i])

    def to_json(self, *, commit: str | None = None, dirty: bool | None = None,
                version: str = "", date: str = "", seconds: float = 0.0) -> dict[str, Any]:
        """The report as JSON. Everything but ``timing`` (the date, the wall time and the
        time per decision) is the same for the same seed, agents and code. ``games``: each
        game's agents (indices into ``agents``, the pair's first one first), seed, deal,
        the seats of the two (0 for A), the winner (an agent's index, null for a draw)
        and the VP of the two (:mod:`skirmish.sim.ladder_paired` compares two runs on
        them)."""
        spec, r = self.spec, self.ratings
        agents = spec.agents
        return {
            **spec.to_json(),
            "commit": commit,
            "dirty": dirty,
            "engine_version": version,
            "method": {
                "model": "Bradley-Terry, Elo scale (400 points = odds of 10 to 1)",
                "anchor": agents[r.anchor], "anchor_rating": 0,
                "draws": "half a win for each side",
                "regularisation": f"{r.prior_draws:g} virtual drawn game(s) per pair",
                "interval": "95% Wald interval from the observed Fisher information",
            },
            "ratings": [{
                "agent": name, "elo": round(r.elo[i], 1), "se": round(r.se[i], 1),
                "interval": [round(r.low[i], 1), round(r.high[i], 1)],
                "games": self.records[i].games, "wins": self.records[i].wins,
                "draws": self.records[i].draws, "losses": self.records[i].losses,
                "score": round(self.records[i].score, 4),
                "decisions": self.records[i].decisions,
            } for i, name in enumerate(agents)],
            "pairwise": [{
                "agents": [agents[i], agents[j]], "games": self.played[i][j],
                "wins": [round(self.score[i][j] - 0.5 * self.draws[i][j]),
                         round(self.score[j][i] - 0.5 * self.draws[i][j])],
                "draws": self.draws[i][j],
                "score": round(self.score[i][j] / max(1, self.played[i][j]), 4),
            } for i, j in spec.pairs],
            "win_rate": [[None if (w := self.win_rate(i, j)) is None else round(w, 4)
                          for j in range(len(agents))] for i in range(len(agents))],
            "games": [{
                "index": g.index, "agents": [g.first, g.second], "seed": g.seed,
                "deal": g.deal, "seats": list(g.seats),
                "winner": None if g.winner is None else (g.first, g.second)[g.winner],
                "vp": list(g.vp),
            } for g in self.games],
            "timing": {
                "date": date, "seconds": round(seconds, 2),
                "ms_per_decision": {name: round(self.records[i].ms_per_decision, 3)
                                    for i, name in enumerate(agents)},
                "ms_slowest_decision": {name: round(1000 * self.records[i].slowest, 1)
                                        for i, name in enumerate(agents)},
            },
        }


def git_commit() -> tuple[str | None, bool | None]:
    """The short commit hash of the source tree (``git rev-parse --short HEAD``) and
    whether tracked files differ from it; (None, None) outside a git checkout."""
    where = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=where,
                              capture_output=True, text=True, timeout=10)
        if head.returncode != 0:
            return None, None
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                cwd=where, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None, None
    dirty = bool(status.stdout.strip()) if status.returncode == 0 else None
    return head.stdout.strip() or None, dirty


# -- history ---------------------------------------------------------------------------------
def history_entry(data: Mapping[str, Any]) -> dict[str, Any]:
    """One history line from a report's JSON: when, which code, which ladder, the ratings."""
    return {
        "date": data["timing"]["date"], "commit": data["commit"], "dirty": data["dirty"],
        "engine_version": data["engine_version"], "game": data["game"],
        "seed": data["seed"], "games_per_pair": data["games_per_pair"],
        "agents": data["agents"],
        "anchor": data["method"]["anchor"],
        "ratings": {r["agent"]: {"elo": r["elo"], "interval": r["interval"],
                                 "games": r["games"], "score": r["score"]}
                    for r in data["ratings"]},
        "ms_per_decision": data["timing"]["ms_per_decision"],
        "ms_slowest_decision": data["timing"].get("ms_slowest_decision"),
        **({"house_rules": data["house_rules"]} if data.get("house_rules") else {}),
    }


def append_history(path: Path, entry: Mapping[str, Any]) -> None:
    """Append ``entry`` as one JSON line to ``path`` (created if missing; its folder must
    exist), atomically: the file's earlier lines and the new one are written to a temporary
    file renamed over it, so a full disk leaves the history as it was, never a half line."""
    from skirmish.core.atomic import write_atomically

    earlier = path.read_bytes() if path.is_file() else b""
    if earlier and not earlier.endswith(b"\n"):
        earlier += b"\n"
    write_atomically(path, earlier + (json.dumps(entry) + "\n").encode("utf-8"))


def read_history(path: Path) -> list[dict[str, Any]]:
    """Every run of a history file, oldest first; a bad line is a ValueError naming it."""
    from skirmish.core.data_files import DataError, read_text

    try:
        text = read_text(path)
    except FileNotFoundError:
        raise ValueError(f"{path}: no ladder history yet (every skirmish ladder run "
                         "appends to its --history file)") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the history ({exc.strerror or exc})") from None
    except DataError as exc:
        raise ValueError(f"{path}: {exc}") from None
    runs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            run = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}, line {number}: not JSON ({exc.msg})") from None
        if not isinstance(run, dict) or not isinstance(run.get("ratings"), dict):
            raise ValueError(f"{path}, line {number}: not a ladder run (no ratings)")
        runs.append(run)
    return runs
