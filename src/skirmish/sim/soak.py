"""Soak: many whole matches with every invariant checked after every action.

``skirmish soak`` (and ``make soak``) plays matches between the game's sample troops, every
pairing in both seats, with the agents named; after each action it checks the game's
invariants (its ``"sim"`` part's :meth:`~skirmish.sim.game_parts.GameSims.invariant_problems`),
and every ``record_every``-th match its record is written, read back and re-played. Nothing
stops at the first problem: every exception and invariant break is counted and the first
few are kept with the seed that reproduces them.
Match ``i`` depends only on the soak's seed and ``i``, as in :mod:`skirmish.sim.runner`.
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.plugins import GAMES
from skirmish.core.record import Record, verify
from skirmish.core.ruleset import RULESETS
from skirmish.sim.backends import LocalBackend
from skirmish.sim.game_parts import sims_of
from skirmish.sim.memory import MemoryWatch
from skirmish.sim.runner import game_seed

#: How many problems of each kind a report keeps in full.
KEEP = 10


@dataclass(frozen=True, slots=True)
class SoakSpec:
    """What to soak: ``matches`` games cycling through ``pairings`` (two troop names each:
    as the game's ``"sim"`` part reads them), the agents' seats alternating every other cycle."""

    matches: int
    pairings: tuple[tuple[str, str], ...]
    agents: tuple[str, str] = ("random", "random")
    seed: int = 0
    record_every: int = 100
    max_rounds: int = 5
    game: str = field(default_factory=lambda: GAMES.default().name)
    #: The game's optional rules, as a set-up's ``rules`` in JSON text ("" for none).
    rules: str = ""
    #: House rules (issue 47): a set-up's ``house_rules`` in JSON text ("" for none), or
    #: ``"random"``: each match a random reading of every option, from its seed.
    house_rules: str = ""


@dataclass(frozen=True, slots=True)
class MatchResult:
    index: int
    seed: int
    pairing: tuple[str, str]
    actions: int = 0
    invariant_breaks: tuple[str, ...] = ()
    error: str = ""
    record_checked: bool = False
    record_problem: str = ""
    #: The house rules the match played (issue 47: with ``random``, its own draw).
    house_rules: tuple[tuple[str, str], ...] = ()


@dataclass(slots=True)
class SoakReport:
    """The summary: matches, actions, problems (the first :data:`KEEP` of each kind)."""

    matches: int = 0
    actions: int = 0
    invariant_breaks: int = 0
    errors: int = 0
    records_checked: int = 0
    record_problems: int = 0
    seconds: float = 0.0
    examples: list[dict[str, Any]] = field(default_factory=list)
    #: House rules (issue 47): how many matches played each reading of each option.
    readings: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return not (self.invariant_breaks or self.errors or self.record_problems)

    def add(self, result: MatchResult) -> None:
        self.matches += 1
        self.actions += result.actions
        self.invariant_breaks += len(result.invariant_breaks)
        self.errors += bool(result.error)
        self.records_checked += result.record_checked
        self.record_problems += bool(result.record_problem)
        for option, reading in result.house_rules:
            counts = self.readings.setdefault(option, {})
            counts[reading] = counts.get(reading, 0) + 1
        problem = (result.error or result.record_problem
                   or "; ".join(result.invariant_breaks[:3]))
        if problem and len(self.examples) < KEEP:
            self.examples.append({"match": result.index, "seed": result.seed,
                                  "pairing": list(result.pairing), "problem": problem,
                                  **({"house_rules": dict(result.house_rules)}
                                     if result.house_rules else {})})

    def to_json(self) -> dict[str, Any]:
        return {"matches": self.matches, "actions": self.actions,
                "invariant_breaks": self.invariant_breaks, "errors": self.errors,
                "records_checked": self.records_checked,
                "record_problems": self.record_problems,
                "seconds": round(self.seconds, 1), "examples": self.examples,
                **({"house_rules_played": {k: dict(sorted(v.items()))
                                           for k, v in self.readings.items()}}
                   if self.readings else {})}


def library_pairings(which: str = "factions", game: str | None = None
                     ) -> tuple[tuple[str, str], ...]:
    """The game's sample pairings, both seats (``which``: ``factions``, or ``all``: a game
    may add more, e.g. troops of a stigma): its ``"sim"`` part's
    :meth:`~skirmish.sim.game_parts.GameSims.pairings`."""
    return sims_of(game or GAMES.default().name).pairings(which)


_SETUPS: dict[tuple[str, str, str, int, int, str], dict[str, Any]] = {}
#: At most this many set-ups kept (oldest dropped first). Matches come in order, so a soak
#: only needs the current cycle's set-ups (one per pairing: 64 at most in the sample
#: games' ``all``): a set-up of another cycle is dropped when one of a new cycle is made.
#: Unbounded, a key per pairing and cycle kept ~1,000 set-ups of ~50 KB each after 2,000
#: matches (issue 46).
SETUPS_KEPT = 256


def _setup(pairing: tuple[str, str], max_rounds: int, game: str | None = None,
           cycle: int = 0, rules: str = "") -> dict[str, Any]:
    """The set-up of a pairing for ``max_rounds`` with the optional ``rules`` (JSON text),
    ``cycle`` the times the pairings were gone through (halved): the game's ``"sim"``
    part's :meth:`~skirmish.sim.game_parts.GameSims.pairing_setup` (kept per process)."""
    name = game or GAMES.default().name
    key = (name, *pairing, max_rounds, cycle, rules)
    if key not in _SETUPS:
        for stale in [k for k in _SETUPS if k[3:] != key[3:] or k[0] != name]:
            del _SETUPS[stale]  # another cycle's (or game's): not needed again
        if len(_SETUPS) >= SETUPS_KEPT:
            del _SETUPS[next(iter(_SETUPS))]
        _SETUPS[key] = sims_of(name).pairing_setup(
            pairing, rounds=max_rounds, cycle=cycle,
            rules=json.loads(rules) if rules else None)
    return _SETUPS[key]


def _house_rules(spec: SoakSpec, seed: int) -> dict[str, str]:
    """The house rules match ``seed`` plays: the spec's, or with ``"random"`` one reading
    of each of the game's options drawn from the seed (a pure function of it)."""
    if spec.house_rules != "random":
        chosen: dict[str, str] = json.loads(spec.house_rules)
        return chosen
    import random

    from skirmish.core.house_rules import house_rules_of

    draw = random.Random(seed)
    return {r.name: draw.choice(r.names()) for r in house_rules_of(spec.game)}


def soak_one(spec: SoakSpec, index: int) -> MatchResult:
    """Play match ``index``: a pure function of the spec and the index."""
    seed = game_seed(spec.seed, index)
    cycle, slot = divmod(index, len(spec.pairings))
    pairing = spec.pairings[slot]
    names = spec.agents if cycle % 2 == 0 else (spec.agents[1], spec.agents[0])
    breaks: list[str] = []
    actions = 0
    house: tuple[tuple[str, str], ...] = ()
    try:
        problems = sims_of(spec.game).invariant_problems
        setup = _setup(pairing, spec.max_rounds, spec.game, cycle // 2, spec.rules)
        if spec.house_rules:
            chosen = _house_rules(spec, seed)
            house = tuple(chosen.items())
            setup = {**setup, "house_rules": chosen}
        game = RULESETS.get(spec.game).new_game(setup, seed=seed)
        agents = [make_agent(name, seed + 7919 * (seat + 1)) for seat, name in enumerate(names)]
        breaks.extend(problems(game))
        while not game.is_over and not breaks:
            player = game.decision().player
            agent = agents[player]
            game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
            actions += 1
            breaks.extend(f"after action {actions}: {p}" for p in problems(game))
    except Exception as exc:  # counted and reported with its seed, never fatal
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return MatchResult(index, seed, pairing, actions, tuple(breaks),
                           f"{type(exc).__name__}: {exc} ({where.filename}:{where.lineno})",
                           house_rules=house)
    checked, problem = False, ""
    if spec.record_every and index % spec.record_every == 0 and not breaks:
        checked = True
        try:
            record = Record.from_jsonl(Record.of(game, events=True).to_jsonl())
            if verify(record).state_hash() != game.state_hash():
                problem = "the re-played record ends in another state"
        except Exception as exc:
            problem = f"record: {type(exc).__name__}: {exc}"
    return MatchResult(index, seed, pairing, actions, tuple(breaks), "", checked, problem,
                       house)


def run_soak(spec: SoakSpec, workers: int | None = None,
             progress: Callable[[MatchResult], None] | None = None,
             memory: MemoryWatch | None = None) -> SoakReport:
    """Play every match (in parallel processes: :class:`~skirmish.sim.backends.LocalBackend`,
    whose worker that dies stops the soak with a clear error) and sum them up. The jobs are
    streamed, so a soak of any size uses bounded memory. With a ``memory`` watch, the
    matches are played in this process (one worker) and its RSS sampled after each."""
    report = SoakReport()
    start = time.perf_counter()
    count = 1 if memory is not None else max(1, workers or os.cpu_count() or 1)
    backend = LocalBackend(count)
    for result in backend.run(soak_one, spec, range(spec.matches), spec.matches):
        report.add(result)
        if memory is not None:
            memory.sample()
        if progress:
            progress(result)
    report.seconds = time.perf_counter() - start
    report.examples.sort(key=lambda e: e["match"])
    return report


def parse_pairings(text: str, game: str | None = None) -> tuple[tuple[str, str], ...]:
    """``factions`` or ``all`` (the game's sample pairings: :func:`library_pairings`), or
    explicit pairs ``A:B,C:A`` (``A/B`` when a name holds a colon)."""
    if text in ("factions", "all"):
        return library_pairings(text, game)
    pairs: list[tuple[str, str]] = []
    for item in text.split(","):
        parts = item.split(":") if item.count(":") == 1 else item.split("/")
        if len(parts) != 2 or not all(p.strip() for p in parts):
            raise ValueError(f"--pairings: {item!r} is not A:B (or use 'factions' or 'all')")
        pairs.append((parts[0].strip(), parts[1].strip()))
    return tuple(pairs)


def describe(report: SoakReport, spec: SoakSpec) -> Sequence[str]:
    rate = report.matches / max(report.seconds, 1e-9)
    lines = [
        f"{report.matches} matches ({len(spec.pairings)} pairings, agents "
        f"{spec.agents[0]} and {spec.agents[1]} in both seats), {report.actions} actions, "
        f"{report.seconds:.0f} s ({rate:.1f} matches/s)",
        f"invariant breaks: {report.invariant_breaks}; exceptions: {report.errors}; records "
        f"re-played: {report.records_checked} ({report.record_problems} problems)",
    ]
    if spec.rules:
        words = sims_of(spec.game).rules_words({"rules": json.loads(spec.rules)})
        lines.insert(1, f"optional rules: {words}")
    if spec.house_rules:
        lines.insert(1, "house rules: " + ("a random reading of every option, each match"
                                           if spec.house_rules == "random" else
                                           ", ".join(f"{k}={v}" for k, v in
                                                     json.loads(spec.house_rules).items())))
    if report.readings and spec.house_rules == "random":
        lines.append("readings played: " + "; ".join(
            f"{option} " + ", ".join(f"{reading} {count}" for reading, count in
                                     sorted(counts.items()))
            for option, counts in report.readings.items()))
    lines += [f"  match {e['match']} (seed {e['seed']}, {e['pairing'][0]} vs "
              f"{e['pairing'][1]}"
              + "".join(f", {k}={v}" for k, v in e.get("house_rules", {}).items())
              + f"): {e['problem']}" for e in report.examples]
    return lines
