"""Memory flat over many matches (issue 46): ``python -m bench.memory`` plays 2,000 Eden
and 300 ME:A random matches in one process (every invariant checked, as ``skirmish soak``
does), reads the RSS every 100 matches, prints the samples and the growth over the last
half, writes ``out/soak-memory.json`` and exits 1 above 5 % (``make soak``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from skirmish.sim.memory import GROWTH_LIMIT, memory_soak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.memory",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--eden", type=int, default=2000, help="Eden matches")
    parser.add_argument("--masseffect", type=int, default=300, help="ME:A matches")
    parser.add_argument("--every", type=int, default=100, help="matches between samples")
    parser.add_argument("--json", type=Path, default=Path("out/soak-memory.json"))
    args = parser.parse_args(argv)
    report = memory_soak([("eden", args.eden), ("masseffect", args.masseffect)], args.every)
    print("RSS (MB) after " + ", ".join(f"{n}: {s:.1f}" for n, s in
                                        zip(report.after, report.samples, strict=True)))
    verdict = "flat" if report.flat() else "NOT flat"
    print(f"growth over the last half: {100 * report.growth:.1f}% (limit "
          f"{100 * GROWTH_LIMIT:.0f}%): {verdict}")
    for problem in report.problems:
        print(f"problem: {problem}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report.to_json(), indent=1) + "\n")
    return 0 if report.flat() else 1


if __name__ == "__main__":
    sys.exit(main())
