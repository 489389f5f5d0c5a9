"""Issue 49's capped ladders, played in parts over many runs: what each is, the command that
plays (or resumes) it, and how far it has got.

The issue's goals are ladders of 400 games or more, seats and deals rotated, seeds not used in
tuning, under the presets' time caps: ``mcts:expert`` against ``heuristic`` and against
``mcts:hard``, on Eden and on ME:A. On a 2-core machine each is hours to a day of one core
(an expert decision runs up to its 1.6 s cap), so each is played with ``--log-dir`` and
``--resume`` in parts, wherever a core is free::

    python -m bench.goals                      # each ladder: games, score, decision times
    python -m bench.goals command eden-heuristic   # the command that plays or resumes it
    python -m bench.goals --root DIR ...       # the log folders' parent (default out/goals)
    python -m bench.goals keep NAME --commit SHA   # its games kept in bench/ladders/NAME
    python -m bench.goals restore NAME         # written back into its log folder
    python -m bench.goals split NAME           # expert's score by scenario, troop, seat, pairing

The status reads each log folder's manifest (``batch.ndjson``: every finished game's result,
as the ladder wrote it; ``skirmish ladder --resume`` verifies the records themselves).
Stopping one is ``kill PID`` (it reports and keeps its games); ``python -m bench.waste DIR``
counts what its games threw away (the issue's cards without effect and resources left).
A machine may be a fresh one at the next session: ``keep`` puts a part's games in the
repository and ``restore`` brings them back (:mod:`bench.kept_ladders`).

The issue's card prices under expert are played the same way (:data:`PRICES`:
``eden-prices-expert``, a ``skirmish balance`` run; ``command``, ``keep`` and ``restore`` by
its name, its games counted in the status), then compared with the same run under the
heuristic (``skirmish balance ... --agents heuristic,heuristic --json H.json``, then the
expert run's ``--compare H.json``).
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import kept_ladders

ROOT = Path(__file__).resolve().parent.parent
#: Where the ladders' log folders are kept unless ``--root`` says otherwise.
DEFAULT_ROOT = ROOT / "out" / "goals"
#: The seed of the goal ladders: never used in tuning (the presets were tuned on 0-2).
SEED = 3
#: Eden's seed since session 27. Session 26 began Eden's goal ladders again on seed 4 (the
#: seed-3 ladder against the heuristic, kept as ``eden-heuristic@36483b4``, was read to find
#: what expert's secret mission cost: docs/bots.md, "The secret mission, weighed over the
#: match"); session 27 searched seed 4's mission picks again and read their results by
#: mission (kept as ``eden-heuristic@12092f3``), and expert's whole-match margins changed
#: after, so Eden's goal ladders begin again, at that commit, on a seed never read.
EDEN_SEED = 6
#: Games per ladder (the issue: at least 400).
GAMES = 400


@dataclass(frozen=True)
class Goal:
    """One of the issue's ladders: its game, the two agents (expert second), the goal on
    expert's score, and the ladder's own options."""

    name: str
    game: str
    agents: tuple[str, str]
    goal: float
    options: tuple[str, ...] = ()
    seed: int = SEED

    @property
    def rounds(self) -> int:
        """The ladder's ``--rounds`` (5, the command's default, when not given)."""
        options = list(self.options)
        return int(options[options.index("--rounds") + 1]) if "--rounds" in options else 5

    def command(self, root: Path) -> list[str]:
        """``skirmish ladder`` playing (or resuming) this ladder into ``root/NAME``."""
        return ["skirmish", "ladder", "--game", self.game, "--agents", ",".join(self.agents),
                "--games", str(GAMES), "--seed", str(self.seed), *self.options, "--workers", "1",
                "--log-dir", str(root / self.name), "--resume",
                "--json", str(root / f"{self.name}.json"), "--no-history"]


#: Whole matches of both games: Eden's of five rounds (the ruleset's ``max_rounds``, and
#: ``skirmish ladder``'s), as ME:A's are whole games. Until 2026-12-06 Eden's goal ladders were
#: two-round matches, as the shorter ladders of docs/bots.md are (cheaper, when five rounds
#: seemed dear): a match mostly ends before its fifth round (a troop routed), and a whole one
#: took expert some 50 s here, so the issue's games are played as players play them.
GOALS = (
    Goal("eden-heuristic", "eden", ("heuristic", "mcts:expert"), 0.75, seed=EDEN_SEED),
    Goal("eden-hard", "eden", ("mcts:hard", "mcts:expert"), 0.60, seed=EDEN_SEED),
    Goal("masseffect-heuristic", "masseffect", ("heuristic", "mcts:expert"), 0.75),
    Goal("masseffect-hard", "masseffect", ("mcts:hard", "mcts:expert"), 0.60),
)


@dataclass(frozen=True)
class Prices:
    """The issue's card prices under strong play: ``skirmish balance`` with ``agents`` at
    the balancer's planted-test scale (a small budget, two-round matches, troops spending
    from a fifth of it up: a point's worth well measured in the fewest games;
    bench/balance.py's ``CI``), played in parts like a ladder and compared (``--compare``)
    with the same run under the heuristic."""

    name: str
    game: str
    agents: tuple[str, str]
    games: int
    options: tuple[str, ...]
    seed: int = 0

    def command(self, root: Path) -> list[str]:
        """``skirmish balance`` playing (or resuming) this run into ``root/NAME``."""
        return ["skirmish", "balance", "--game", self.game, "--agents", ",".join(self.agents),
                "--games", str(self.games), *self.options, "--seed", str(self.seed),
                "--workers", "1", "--log-dir", str(root / self.name), "--resume",
                "--json", str(root / f"{self.name}.json"), "--quiet"]

    def folder(self, root: Path) -> Path:
        """The log folder of its one fit (``skirmish balance`` writes ``fit-0`` there)."""
        return root / self.name / "fit-0"

    def played(self, root: Path) -> int:
        """The games finished so far (its manifest's lines; 0: not begun); a folder of
        another run is a ValueError."""
        manifest = self.folder(root) / "batch.ndjson"
        if not manifest.is_file():
            return 0
        lines = [json.loads(x) for x in manifest.read_text().splitlines() if x.strip()]
        described = lines[0].get("description", {}) if lines else {}
        if (described.get("kind"), described.get("agents")) != ("balance", list(self.agents)):
            raise ValueError(f"{manifest}: not the price run {self.name}")
        return len({int(line["game"]) for line in lines[1:]})


#: Eden's cards priced under expert: 1,000 matches of two rounds at a 40-point budget, as the
#: planted test prices Vladd; a match of expert against expert takes some 15 s of a core here
#: (the whole run some 4 hours), the heuristic's run under a minute.
PRICES = (
    Prices("eden-prices-expert", "eden", ("mcts:expert", "mcts:expert"), 1000,
           ("--budget", "40", "--rounds", "2", "--spread", "0.8")),
)


@dataclass(frozen=True)
class Progress:
    """How far a ladder has got: the second agent's (expert's) wins, draws and losses, and
    its decisions' mean and slowest times."""

    wins: int
    draws: int
    losses: int
    seconds: float
    decisions: int
    slowest: float

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def score(self) -> tuple[float, float]:
        """The score (a draw half a win) and the half-width of its 95 % interval."""
        n = self.games
        if n == 0:
            return math.nan, math.nan
        mean = (self.wins + self.draws / 2) / n
        var = (self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2
               + self.losses * mean ** 2) / n
        return mean, 1.96 * math.sqrt(var / n)


def _results(folder: Path, goal: Goal) -> dict[int, dict[str, Any]] | None:
    """The games' results in ``folder``'s manifest by game (None: not begun); a folder of
    another ladder is a ValueError naming the difference."""
    manifest = folder / "batch.ndjson"
    if not manifest.is_file():
        return None
    lines = [json.loads(line) for line in manifest.read_text().splitlines() if line.strip()]
    described: dict[str, Any] = lines[0].get("description", {}) if lines else {}
    expected = {"kind": "ladder", "game": goal.game, "agents": list(goal.agents),
                "seed": goal.seed, "rounds": goal.rounds}
    for key, value in expected.items():
        if described.get(key) != value:
            raise ValueError(f"{folder}: not the ladder {goal.name} ({key} "
                             f"{described.get(key)!r}, not {value!r})")
    return {int(line["game"]): line["result"] for line in lines[1:]}  # the last kept


def _tally(results: Iterable[dict[str, Any]]) -> Progress:
    wins = draws = losses = decisions = 0
    seconds = slowest = 0.0
    for result in results:
        winner = result["winner"]  # 0: the pair's first agent, 1: the second (expert)
        wins += winner == 1
        draws += winner is None
        losses += winner == 0
        seconds += float(result["seconds"][1])
        decisions += int(result["decisions"][1])
        slowest = max(slowest, float(result["slowest"][1]))
    return Progress(wins, draws, losses, seconds, decisions, slowest)


def progress(folder: Path, goal: Goal) -> Progress | None:
    """What ``folder``'s manifest holds of ``goal``'s ladder (None: not begun); a folder of
    another ladder is a ValueError naming the difference."""
    results = _results(folder, goal)
    return None if results is None else _tally(results.values())


def _scored(found: Progress) -> str:
    score, half = found.score()
    low, high = max(0.0, score - half), min(1.0, score + half)
    return (f"{found.wins}-{found.draws}-{found.losses}, {100 * score:.1f} % "
            f"[{100 * low:.0f}, {100 * high:.0f}]")


def split(folder: Path, goal: Goal) -> str:
    """Expert's score in ``goal``'s ladder so far by scenario (a game that has them), by the
    troop or band it played, by its seat (A or B) and by pairing (its troop against the
    other's): where it falls short of the goal. Each
    game's deal is the ladder's own (``make_deals`` gives the same deals for the same game
    and number of games; a result names its deal and which agent sat where)."""
    from skirmish.sim.ladder import make_deals

    results = _results(folder, goal)
    if not results:
        raise ValueError(f"{folder}: the ladder {goal.name} has no game yet")
    deals = make_deals(goal.game, games=GAMES, rounds=goal.rounds)
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for result in results.values():
        deal = deals[int(result["deal"]) % len(deals)]
        seat = list(result["seats"]).index(1)  # the seat expert sat at (agent 1)
        keys = [("expert's troop", deal.troops[seat]), ("expert's seat", "AB"[seat]),
                ("pairing", f"{deal.troops[seat]} against {deal.troops[1 - seat]}")]
        if deal.scenario:
            keys.insert(0, ("scenario", deal.scenario))
        for key in keys:
            groups.setdefault(key, []).append(result)
    lines = [f"{goal.name}: {len(results)} games, expert "
             f"{_scored(_tally(results.values()))} (goal {100 * goal.goal:.0f} %)"]
    for (kind, name), group in sorted(groups.items()):
        lines.append(f"  {kind} {name}: {_scored(_tally(group))}")
    return "\n".join(lines)


def status(root: Path) -> str:
    """One line per goal ladder: how far it has got, and its score against the goal."""
    lines = []
    for goal in GOALS:
        found = progress(root / goal.name, goal)
        head = f"{goal.name} ({' vs '.join(goal.agents)}, goal {100 * goal.goal:.0f} %)"
        if found is None or found.games == 0:
            lines.append(f"{head}: not begun")
            continue
        mean = 1000 * found.seconds / max(1, found.decisions)
        lines.append(
            f"{head}: {found.games} of {GAMES} games, expert {_scored(found)}; "
            f"a decision {mean:.0f} ms on average, the slowest {1000 * found.slowest:.0f} ms")
    for run in PRICES:
        played = run.played(root)
        head = f"{run.name} (balance, {' vs '.join(run.agents)})"
        lines.append(f"{head}: {played} of {run.games} games" if played else
                     f"{head}: not begun")
    return "\n".join(lines)


def _act(action: str, name: str, root: Path, commit: str | None) -> str:
    """``command``, ``keep``, ``restore`` or ``split`` of the goal ladder or price run
    ``name``: the line to print."""
    goal = next((g for g in GOALS if g.name == name), None)
    run = next((r for r in PRICES if r.name == name), None)
    if goal is None and run is None:
        raise ValueError(f"no goal ladder or price run {name!r} (one of "
                         f"{', '.join([g.name for g in GOALS] + [r.name for r in PRICES])})")
    folder = run.folder(root) if run is not None else root / name
    kept = kept_ladders.KEPT / name
    if action == "keep":
        if not commit:
            raise ValueError("keep: --commit names the commit that played the games")
        return f"{name}: {kept_ladders.keep(folder, kept, commit)} games kept in {kept}"
    if action == "restore":
        return f"{name}: {kept_ladders.restore(kept, folder)} games restored to {folder}"
    if action == "split":
        if goal is None:
            raise ValueError(f"split: {name} is a price run, not a ladder")
        return split(folder, goal)
    if run is not None:
        return shlex.join(run.command(root))
    assert goal is not None
    return shlex.join(goal.command(root))


#: What may be asked of one ladder by name.
ACTIONS = ("command", "keep", "restore", "split")


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a report for people
    parser = argparse.ArgumentParser(prog="python -m bench.goals", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT,
                        help="the folder holding the ladders' log folders")
    parser.add_argument("--commit", help="keep: the commit that played the games")
    parser.add_argument("what", nargs="*",
                        help="nothing (the status), or: command NAME, keep NAME, restore NAME, "
                             "split NAME")
    args = parser.parse_args(argv)
    try:
        if not args.what:
            print(status(args.root))
            return
        if args.what[0] not in ACTIONS or len(args.what) != 2:
            raise ValueError("usage: python -m bench.goals [--root DIR] "
                             f"[{'|'.join(ACTIONS)} NAME]")
        print(_act(args.what[0], args.what[1], args.root, args.commit))
    except ValueError as error:  # one line, exit 2
        print(f"bench.goals: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    main()
