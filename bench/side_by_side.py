"""The baseline and the current tree side by side (issue 43): every figure a ratio measured
in the same run.

``python -m bench.side_by_side [--baseline 0633749] [--rounds 3] [--only w1,w2]
[--baseline-tree DIR] [--scale F]`` checks the baseline commit out in a temporary git
worktree (removed afterwards, on errors and Ctrl-C too; ``--baseline-tree`` reuses a
checkout instead), then runs each workload of :mod:`bench.workloads` - the SAME file for
both trees - in a fresh subprocess per tree and round, with ``PYTHONPATH=<tree>/src:<tree>``
so each tree imports its own ``skirmish``, pinned to one core, baseline and current
alternating (the order flips each round so a drift of the machine favours neither). Each
workload does a fixed amount of work timed with the process's CPU time; the figures are the
medians over the rounds, the ratio is the current median over the baseline's (the
baseline's over the current's for CPU times: above 1 means faster either way).

It prints a table (figure, baseline, current, ratio, goal, met, same games) and writes
``out/side_by_side.json`` (every sample, the medians, the ratios, both trees' commits). The
render workload runs both trees on a table small enough for the baseline's quadratic
labels (400 bases), and the current tree alone on 2,000 and 10,000 bases (the issue's
absolute goals; 10,000 only when 2,000 took under 20 s).

``run()`` is ``make bench``'s suite (bench/run.py): the ratios as ``x_<workload>_<figure>``
and the current tree's medians as ``current_<workload>_<figure>``. The environment
variable ``SKIRMISH_BENCH_BASELINE`` names another baseline commit, or a checkout
directory, or ``none`` to skip; without git or the commit it prints one line and reports
nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import Any

from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parent.parent
WORKLOADS_FILE = Path(__file__).with_name("workloads.py")
OUT = REPO / "out" / "side_by_side.json"
#: The commit issue 43 measures against.
BASELINE = "0633749"
BASELINE_ENV = "SKIRMISH_BENCH_BASELINE"
TREES = ("baseline", "current")


@dataclass(frozen=True)
class Job:
    """One workload with its amount of work (``kwargs``); ``baseline`` False runs it in the
    current tree alone; ``needs`` (figure, at most) runs it only when the current tree's
    last sample of that figure was at most that."""

    workload: str
    kwargs: Mapping[str, int]
    baseline: bool = True
    timeout_s: float = 240.0
    needs: tuple[str, float] | None = None

    @property
    def name(self) -> str:
        sizes = ",".join(f"{k}={v}" for k, v in self.kwargs.items())
        return f"{self.workload}({sizes})"


#: The workloads, in the order they run (1.5 to 3 CPU seconds each at the baseline, but the
#: baseline's render, whose labels take quadratic time: about 9 s at 400 bases, 17 s at 500).
JOBS = (
    Job("eden_random", {"games": 40}),
    Job("eden_random_views", {"games": 20}),
    Job("eden_optional", {"games": 10}),
    Job("me_random", {"games": 20}),
    Job("mcts_round", {"iterations": 16, "searches": 5}),
    Job("me_mcts_turn", {"iterations": 40, "searches": 4}),
    Job("rl_eden_observed", {"steps": 4000}),
    Job("render", {"bases": 400}),
    Job("render", {"bases": 2000}, baseline=False, timeout_s=120.0),
    Job("render", {"bases": 10000}, baseline=False, timeout_s=180.0,
        needs=("render_2000_bases_s", 20.0)),
)
WORKLOAD_NAMES = tuple(dict.fromkeys(job.workload for job in JOBS))

#: Issue 43's goals: (figure, "x" for a ratio to the baseline or "abs" for the current
#: tree's own figure, comparison, threshold).
GOALS: dict[str, tuple[str, str, float]] = {
    "eden_random_decisions_per_s": ("x", ">=", 3.0),
    "eden_random_views_decisions_per_s": ("x", ">=", 3.0),
    "eden_optional_decisions_per_s": ("x", ">=", 3.0),
    "me_random_decisions_per_s": ("x", ">=", 3.0),
    "mcts_round_iterations_per_s": ("x", ">=", 3.0),
    "me_mcts_turn_iterations_per_s": ("x", ">=", 3.0),
    "rl_eden_observed_steps_per_s": ("abs", ">=", 6000.0),
    "render_2000_bases_s": ("abs", "<=", 2.0),
    "render_10000_bases_s": ("abs", "<=", 10.0),
}


class Unavailable(Exception):
    """git, or the baseline commit, is not there: nothing to compare with."""


# --- arithmetic ---------------------------------------------------------------------------


def is_time(figure: str) -> bool:
    """CPU times (``..._s``) are better small; rates (``..._per_s``) large."""
    return figure.endswith("_s") and not figure.endswith("_per_s")


def medians(samples: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """The median of each figure over the samples that have it."""
    names = dict.fromkeys(name for sample in samples for name in sample)
    return {name: statistics.median(s[name] for s in samples if name in s) for name in names}


def speed_ratio(figure: str, baseline: float, current: float) -> float:
    """How many times faster the current tree is: current / baseline for a rate, baseline /
    current for a time (so above 1 is faster either way)."""
    return baseline / current if is_time(figure) else current / baseline


def ratios(baseline: Mapping[str, float], current: Mapping[str, float]) -> dict[str, float]:
    """The speed ratio of every figure both trees have (a zero figure has none)."""
    return {name: speed_ratio(name, baseline[name], current[name])
            for name in current if name in baseline and baseline[name] and current[name]}


def goal_text(figure: str) -> str:
    goal = GOALS.get(figure)
    if goal is None:
        return ""
    kind, op, threshold = goal
    return f"{op} {threshold:g}x" if kind == "x" else f"{op} {threshold:,g}"


def goal_met(figure: str, ratio: float | None, current: float | None) -> bool | None:
    """Whether the figure meets its goal (None: no goal, or nothing to judge it by)."""
    goal = GOALS.get(figure)
    if goal is None:
        return None
    kind, op, threshold = goal
    value = ratio if kind == "x" else current
    if value is None:
        return None
    return value >= threshold if op == ">=" else value <= threshold


# --- the trees ----------------------------------------------------------------------------


def _git(*args: str, cwd: Path = REPO) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                              check=False)
    except OSError as exc:
        raise Unavailable(f"git is not available ({exc.strerror})") from None
    if done.returncode:
        raise Unavailable(f"git {' '.join(args)}: {done.stderr.strip() or done.returncode}")
    return done.stdout.strip()


def resolve(commit: str) -> str:
    """The full hash of ``commit`` (:class:`Unavailable` without git or the commit)."""
    return _git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")


def describe_current() -> str:
    """The current tree: HEAD's short hash, ``+changes`` when ``src`` or ``bench`` differ
    from it (the tree measured is the working tree, not the commit)."""
    try:
        head = _git("rev-parse", "--short", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", "src", "bench")
    except Unavailable:
        return "working tree"
    return head + ("+changes" if changed else "")


@contextlib.contextmanager
def baseline_worktree(commit: str, reuse: Path | None = None) -> Iterator[Path]:
    """A checkout of ``commit``: ``reuse`` as it is, else a detached git worktree in a
    temporary directory, removed (and unregistered) when the block ends, however it ends;
    SIGTERM ends it as Ctrl-C does."""
    if reuse is not None:
        if not (reuse / "src" / "skirmish").is_dir():
            raise Unavailable(f"{reuse}: not a checkout of skirmish (no src/skirmish)")
        yield reuse.resolve()
        return
    full = resolve(commit)
    parent = Path(tempfile.mkdtemp(prefix="skirmish-baseline-"))
    tree = parent / "tree"
    previous = _raise_on_sigterm()
    try:
        _git("worktree", "add", "--detach", "--quiet", str(tree), full)
        yield tree
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO,
                       capture_output=True, check=False)
        shutil.rmtree(parent, ignore_errors=True)
        if str(tree) in _registered_worktrees():  # its directory went first: unregister it
            subprocess.run(["git", "worktree", "prune"], cwd=REPO, capture_output=True,
                           check=False)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _registered_worktrees() -> list[str]:
    try:
        listing = _git("worktree", "list", "--porcelain")
    except Unavailable:
        return []
    return [line.split(" ", 1)[1] for line in listing.splitlines()
            if line.startswith("worktree ")]


def _raise_on_sigterm() -> Any:
    """SIGTERM raises SystemExit (so ``finally`` blocks run); the handler it replaced, or
    None off the main thread (where no handler can be set)."""
    def stop(signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    try:
        return signal.signal(signal.SIGTERM, stop)
    except ValueError:
        return None


def dependency_note(baseline: Path) -> str:
    """A line when the trees' runtime dependencies (pyproject's ``dependencies`` and the
    ``rl`` extra) differ: both run in this one environment."""
    def deps(tree: Path) -> tuple[list[str], list[str]]:
        project = tomllib.loads((tree / "pyproject.toml").read_text())["project"]
        return (sorted(project.get("dependencies", [])),
                sorted(project.get("optional-dependencies", {}).get("rl", [])))

    try:
        if deps(baseline) != deps(REPO):
            return ("note: the trees' dependencies differ (pyproject.toml); both run in "
                    f"{sys.prefix}")
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return ""
    return ""


# --- running ------------------------------------------------------------------------------


def pinned_core() -> int | None:
    """The core the workloads run on: the last this process may use (None where the system
    cannot pin)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    return max(os.sched_getaffinity(0))


def run_job(job: Job, tree: Path, scale: float = 1.0, core: int | None = None) -> dict[str, Any]:
    """One run of ``job`` in a fresh interpreter importing ``tree``'s package: the
    workload's result (figures, digest, notes), or ``{"error": ...}``."""
    env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}{os.pathsep}{tree}",
           "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory(prefix="skirmish-workload-") as tmp:
        out = Path(tmp) / "result.json"
        command = [sys.executable, "-P", str(WORKLOADS_FILE), job.workload, "--out", str(out)]
        for name, value in job.kwargs.items():
            command += ["--arg", f"{name}={max(1, round(value * scale))}"]
        if core is not None:
            command += ["--core", str(core)]
        try:
            done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True,
                                  timeout=job.timeout_s, check=False)
        except subprocess.TimeoutExpired:
            return {"error": f"over {job.timeout_s:g} s"}
        if done.returncode or not out.exists():
            last = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
            return {"error": last}
        result: dict[str, Any] = json.loads(out.read_text())
    return result


@dataclass
class Comparison:
    """Every sample of every job in both trees, and what follows from them."""

    baseline: str
    current: str
    rounds: int
    samples: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)
    errors: dict[str, dict[str, str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def figures(self, tree: str) -> dict[str, float]:
        """The tree's median figures, named ``<workload>_<figure>``."""
        out: dict[str, float] = {}
        for job, by_tree in self.samples.items():
            workload = job.split("(", 1)[0]
            figures = medians([s["figures"] for s in by_tree.get(tree, [])])
            out.update({f"{workload}_{name}": value for name, value in figures.items()})
        return out

    def same_games(self) -> dict[str, bool | None]:
        """Per job: whether both trees played the same (one digest over every sample of
        both), None when only one tree ran it."""
        out: dict[str, bool | None] = {}
        for job, by_tree in self.samples.items():
            digests = [{s["digest"] for s in by_tree.get(tree, [])} for tree in TREES]
            out[job] = None if not all(digests) else len(digests[0] | digests[1]) == 1
        return out

    def to_json(self) -> dict[str, Any]:
        baseline, current = self.figures("baseline"), self.figures("current")
        return {"measured": datetime.now(UTC).isoformat(timespec="seconds"),
                "baseline": self.baseline, "current": self.current, "rounds": self.rounds,
                "medians": {"baseline": baseline, "current": current},
                "ratios": ratios(baseline, current), "same_games": self.same_games(),
                "errors": self.errors, "notes": self.notes, "samples": self.samples}


def compare(baseline_tree: Path, jobs: Sequence[Job], rounds: int, *, scale: float = 1.0,
            baseline: str = BASELINE, log: Any = None) -> Comparison:
    """Run ``jobs`` ``rounds`` times in both trees, interleaved (baseline first in even
    rounds, current first in odd ones); a job that fails in a tree is not run there again."""
    core = pinned_core()
    comparison = Comparison(baseline, describe_current(), rounds)
    trees = {"baseline": baseline_tree, "current": REPO}
    say = log or (lambda text: None)
    for round_ in range(rounds):
        order = TREES if round_ % 2 == 0 else TREES[::-1]
        for job in jobs:
            by_tree = comparison.samples.setdefault(job.name, {})
            failed = comparison.errors.setdefault(job.name, {})
            for tree in order:
                if (tree == "baseline" and not job.baseline) or tree in failed:
                    continue
                if job.needs and not _needs_met(comparison, job.needs):
                    failed.setdefault("current", f"skipped: {job.needs[0]} over "
                                                 f"{job.needs[1]:g}")
                    continue
                result = run_job(job, trees[tree], scale, core)
                if "error" in result:
                    failed[tree] = result["error"]
                    say(f"round {round_ + 1}/{rounds} {job.name} {tree}: {result['error']}")
                    continue
                by_tree.setdefault(tree, []).append(result)
                shown = ", ".join(f"{k} {_number(v)}" for k, v in result["figures"].items())
                say(f"round {round_ + 1}/{rounds} {job.name} {tree}: {shown}")
    comparison.errors = {job: e for job, e in comparison.errors.items() if e}
    return comparison


def _needs_met(comparison: Comparison, needs: tuple[str, float]) -> bool:
    figure, at_most = needs
    workload = next((w for w in WORKLOAD_NAMES if figure.startswith(w + "_")), "")
    for job, by_tree in comparison.samples.items():
        if job.split("(", 1)[0] != workload:
            continue
        for sample in by_tree.get("current", [])[-1:]:
            value = sample["figures"].get(figure[len(workload) + 1:])
            if value is not None:
                return bool(value <= at_most)
    return False


# --- reporting ----------------------------------------------------------------------------


def _number(value: float) -> str:
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def table_of(comparison: Comparison) -> Table:
    baseline, current = comparison.figures("baseline"), comparison.figures("current")
    found = ratios(baseline, current)
    same = comparison.same_games()
    table = Table(title=f"side by side: {comparison.baseline} vs {comparison.current} "
                        f"(medians of {comparison.rounds}, CPU time, one core)")
    for column, justify in (("figure", "left"), ("baseline", "right"), ("current", "right"),
                            ("ratio", "right"), ("goal", "left"), ("met", "left"),
                            ("same games", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for name in dict.fromkeys([*current, *baseline]):
        ratio = found.get(name)
        met = goal_met(name, ratio, current.get(name))
        job = next((j for j in same if _figures_of(comparison, j, name)), "")
        agree = same.get(job)
        table.add_row(name, _cell(baseline.get(name), name), _cell(current.get(name), name),
                      "" if ratio is None else f"{ratio:.2f}x", goal_text(name),
                      {True: "yes", False: "NO", None: ""}[met],
                      {True: "same", False: "DIFFER", None: ""}[agree])
    return table


def _figures_of(comparison: Comparison, job: str, figure: str) -> bool:
    workload = job.split("(", 1)[0]
    return any(f"{workload}_{name}" == figure for samples in comparison.samples[job].values()
               for s in samples for name in s["figures"])


def _cell(value: float | None, name: str) -> str:
    if value is None:
        return ""
    return f"{value:.3g} s" if is_time(name) else _number(value)


def select(only: str | None) -> list[Job]:
    """The jobs of the workloads named (comma-separated), all without a name."""
    if not only:
        return list(JOBS)
    names = [n.strip() for n in only.split(",") if n.strip()]
    unknown = [n for n in names if n not in WORKLOAD_NAMES]
    if unknown:
        raise ValueError(f"unknown workload {', '.join(unknown)} "
                         f"(known: {', '.join(WORKLOAD_NAMES)})")
    return [job for job in JOBS if job.workload in names]


def write(comparison: Comparison, path: Path = OUT) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = comparison.to_json()
    with contextlib.suppress(ImportError):
        from bench.run import machine

        data["machine"] = machine()
    path.write_text(json.dumps(data, indent=2) + "\n")


def side_by_side(*, baseline: str = BASELINE, rounds: int = 3, only: str | None = None,
                 baseline_tree: Path | None = None, scale: float = 1.0,
                 out: Path | None = OUT, log: Any = None) -> Comparison:
    """The whole comparison: the baseline's checkout made (or ``baseline_tree`` reused), the
    jobs run, the checkout removed, the result written to ``out`` (unless None)."""
    jobs = select(only)
    with baseline_worktree(baseline, baseline_tree) as tree:
        note = dependency_note(tree)
        if note and log:
            log(note)
        label = baseline if baseline_tree is None else f"{baseline_tree}"
        comparison = compare(tree, jobs, rounds, scale=scale, baseline=label, log=log)
        if note:
            comparison.notes.append(note)
    if out is not None:
        write(comparison, out)
    return comparison


def run(rounds: int = 3) -> dict[str, float]:
    """``make bench``'s suite: the ratios (``x_<workload>_<figure>``) and the current tree's
    medians (``current_<workload>_<figure>``); nothing with ``SKIRMISH_BENCH_BASELINE=none``
    or without git or the baseline commit (one line says why)."""
    choice = os.environ.get(BASELINE_ENV, BASELINE).strip() or BASELINE
    if choice.lower() == "none":
        return {}
    reuse = Path(choice) if Path(choice).is_dir() else None
    try:
        comparison = side_by_side(baseline=choice, rounds=rounds, baseline_tree=reuse,
                                  log=lambda text: print(text, file=sys.stderr))
    except Unavailable as exc:
        print(f"bench.side_by_side: no baseline to compare with: {exc}", file=sys.stderr)
        return {}
    baseline, current = comparison.figures("baseline"), comparison.figures("current")
    out = {f"x_{name}": value for name, value in ratios(baseline, current).items()}
    out.update({f"current_{name}": value for name, value in current.items()})
    for job, error in comparison.errors.items():
        print(f"bench.side_by_side: {job}: {error}", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.side_by_side",
        description="The baseline commit and the current tree side by side (issue 43).")
    parser.add_argument("--baseline", default=BASELINE, help="the baseline commit")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each workload per tree")
    parser.add_argument("--only", help=f"workloads, comma-separated: {', '.join(WORKLOAD_NAMES)}")
    parser.add_argument("--baseline-tree", type=Path,
                        help="a checkout of the baseline to use (no worktree made)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every workload's amount of work (at least 1 each)")
    parser.add_argument("--out", type=Path, default=OUT, help="the JSON written")
    args = parser.parse_args(argv)
    console = Console(stderr=True)

    def log(text: str) -> None:
        console.print(text, markup=False, highlight=False, soft_wrap=True)

    try:
        comparison = side_by_side(baseline=args.baseline, rounds=max(1, args.rounds),
                                  only=args.only, baseline_tree=args.baseline_tree,
                                  scale=args.scale, out=args.out, log=log)
    except (Unavailable, ValueError) as exc:
        print(f"side_by_side: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("side_by_side: interrupted (the baseline's worktree removed)", file=sys.stderr)
        return 130
    Console(width=max(shutil.get_terminal_size().columns, 112)).print(table_of(comparison))
    for job, error in comparison.errors.items():
        print(f"{job}: {error}")
    for note in comparison.notes:
        print(note)
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
