"""``make bench``: the project's speed record (medians of several runs, one core).

Prints a table and writes ``bench/results.json`` with the machine it ran on.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from rich.table import Table

SUITES = ("bench.kernel", "bench.geometry", "bench.odds", "bench.bots", "bench.web_load")
TARGETS = {
    "random_matches_per_s": ">= 30",
    "midgame_copies_per_s": ">= 10,000",
    "decisions_applied_per_s": ">= 10,000",
    "odds_melee_best_ms": "<= 50",
    "odds_shoot_best_ms": "<= 50",
    "heuristic_ms_per_decision": "<= 20",
    "los_query_us": "<= 25",
    "move_legality_ms": "<= 2",
    "web_p95_ms": "<= 50",
}


def machine() -> dict[str, str | int]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count() or 1,
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
    }


def _rounded(value: float) -> float:
    """Three significant figures are all a median of a few runs can claim."""
    return float(f"{value:.3g}") if abs(value) < 1000 else round(value)


def main() -> None:
    os.environ.setdefault("PYTHONHASHSEED", "0")
    results: dict[str, float] = {}
    for name in SUITES:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
            continue
        results.update({k: _rounded(v) for k, v in module.run().items()})
    table = Table(title="make bench (medians, one core)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("goal")
    for key, value in results.items():
        table.add_row(key, f"{value:,}", TARGETS.get(key, ""))
    table.caption = ", ".join(f"{k}: {v}" for k, v in machine().items())
    Console().print(table)
    out = {
        "measured": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "results": results,
    }
    path = Path(__file__).with_name("results.json")
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(f"written {path}")


if __name__ == "__main__":
    main()
