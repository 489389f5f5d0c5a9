"""Where the time goes: py-spy flame graphs of the speed workloads (issue 43), summarised.

``python -m bench.flame [--tree DIR] [--only eden_random,...] [--top 12]`` samples each
workload of :mod:`bench.workloads` with py-spy (100 samples a second, one process, idle
machine wanted), writes the collapsed stacks to ``out/flame/<tree>-<workload>.txt`` (feed
them to any flame-graph viewer, e.g. speedscope or flamegraph.pl) and prints, per workload,
the functions with the most samples on the stack (inclusive) and at its top (self), as
markdown: docs/speed.md quotes them before and after.

``--tree`` runs another checkout's package (e.g. the baseline's worktree, as
:mod:`bench.side_by_side` makes) with this checkout's workloads. py-spy is a dev extra.
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "out" / "flame"
#: The workloads sampled (those of :mod:`bench.workloads`), and the work each does.
WORKLOADS: dict[str, dict[str, int]] = {
    "eden_random_views": {"games": 60},
    "eden_optional": {"games": 12},
    "me_random": {"games": 30},
    "mcts_round": {"iterations": 16, "searches": 8},
    "me_mcts_turn": {"iterations": 40, "searches": 6},
    "rl_eden_observed": {"steps": 15000},
}


def worker(name: str) -> None:
    """Run one workload (in the process py-spy samples)."""
    import importlib.util

    # this checkout's workloads, whatever tree's package (and bench.troops) is on the path
    spec = importlib.util.spec_from_file_location("_workloads", Path(__file__).with_name(
        "workloads.py"))
    assert spec is not None and spec.loader is not None
    workloads = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = workloads  # dataclasses look their module up
    spec.loader.exec_module(workloads)
    workloads.WORKLOADS[name](**WORKLOADS[name])


def summarise(collapsed: str, top: int) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """(inclusive, self) shares of the samples per function, the largest ``top`` of each.
    A function counts once per stack however deep it recurses."""
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in collapsed.splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        if "importlib" in stack:
            continue  # loading modules: not the workload
        count = int(count_text)
        total += count
        frames = [_short(frame) for frame in stack.split(";")
                  if not frame.startswith(_HARNESS)]
        frames = [f for f in frames if not f.startswith(("flame.py", "workloads.py"))] \
            or ["(harness)"]
        for frame in set(frames):
            inclusive[frame] += count
        own[frames[-1]] += count
    if not total:
        return [], []

    def shares(counter: collections.Counter[str]) -> list[tuple[str, float]]:
        return [(name, n / total) for name, n in counter.most_common(top)]

    return shares(inclusive), shares(own)


_HARNESS = ("<module>", "_run_module_as_main", "_run_code")


def _short(frame: str) -> str:
    """``Activation.legal_actions (skirmish/games/eden/fighting/fighter_actions.py:170)`` ->
    ``fighter_actions.py Activation.legal_actions``: one entry per function."""
    name, _, where = frame.partition(" (")
    path = where.rstrip(")").rsplit(":", 1)[0]
    return f"{path.rsplit('/', 1)[-1]} {name}" if path else name


def record(name: str, tree: Path, label: str) -> str:
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(py_spy).exists():
        raise SystemExit("bench.flame: py-spy is not installed (pip install -e '.[dev]')")
    OUT.mkdir(parents=True, exist_ok=True)
    out = OUT / f"{label}-{name}.txt"
    env = dict(os.environ, PYTHONPATH=f"{tree / 'src'}{os.pathsep}{tree}",
               PYTHONHASHSEED="0")
    run = subprocess.run([py_spy, "record", "--rate", "100", "--format", "raw", "--output",
                          str(out), "--", sys.executable, "-P", __file__, "--worker", name],
                         env=env, cwd=tree, capture_output=True, text=True)
    if run.returncode or "Traceback" in run.stderr:
        raise SystemExit(f"bench.flame: {name} failed in {tree}:\n{run.stderr[-2000:]}")
    return out.read_text()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.flame", description=__doc__)
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--label", default=None, help="file name prefix (default: the tree)")
    parser.add_argument("--only", default=",".join(WORKLOADS))
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return
    label = args.label or args.tree.resolve().name
    for name in args.only.split(","):
        inclusive, own = summarise(record(name, args.tree.resolve(), label), args.top)
        print(f"\n#### {name} ({label})\n")
        print("| on the stack | function | at the top | function |\n|---:|---|---:|---|")
        for (fn_in, share_in), (fn_own, share_own) in zip(inclusive, own, strict=False):
            print(f"| {share_in:.0%} | `{fn_in}` | {share_own:.0%} | `{fn_own}` |")


if __name__ == "__main__":  # pragma: no cover
    main()
