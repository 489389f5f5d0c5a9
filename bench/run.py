"""``make bench``: the project's speed record (medians of several runs, one core).

Prints a table comparing this run with the committed figures (``bench/results.json``) and
writes this run, with the machine it ran on, to ``out/bench.json`` (not tracked). The
committed figures change only on purpose: ``python -m bench.run --save`` (then commit them
with the README's table).
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

#: (bench.tactics: the tactical suite's score, issue 16, not a speed figure. bench.side_by_side,
#: last: the baseline commit of issue 43 and this tree run side by side, ``x_...`` the speed
#: ratios; ``SKIRMISH_BENCH_BASELINE=none`` skips it.)
SUITES = ("bench.cli", "bench.kernel", "bench.masseffect", "bench.geometry", "bench.odds",
          "bench.bots", "bench.mcts", "bench.tactics", "bench.learned", "bench.rl",
          "bench.web_load", "bench.web_attack", "bench.balance", "bench.peers",
          "bench.side_by_side")
COMMITTED = Path(__file__).with_name("results.json")
LATEST = Path(__file__).parent.parent / "out" / "bench.json"
#: Figures where smaller is better (times); the others are rates or counts.
SMALLER_IS_BETTER = ("_ms", "_us", "_s", "_p95_ratio")
TARGETS = {
    "random_matches_per_s": ">= 30",
    "midgame_copies_per_s": ">= 10,000",
    "decisions_applied_per_s": ">= 10,000",
    "odds_melee_best_ms": "<= 50",
    "odds_shoot_best_ms": "<= 50",
    "heuristic_ms_per_decision": "<= 20",
    "mcts_iterations_per_s": ">= 1,000",
    "tactics_mcts_hard_pct": ">= 80",
    "tactics_held_out_expert_pct": ">= 90 (issue 49)",
    "rl_eden_steps_per_s": ">= 3,000",
    "learned_eden_eval_us": "<= 200 (issue 49)",
    "learned_masseffect_eval_us": "<= 200 (issue 49)",
    "los_query_us": "<= 25",
    "move_legality_ms": "<= 2",
    "web_p95_ms": "<= 50",
    "victim_p95_ratio": "<= 2 (attacked / alone)",
    "cli_help_s": "<= 0.3",
    "local_scaling_x": ">= 1.8 (2 workers / 1)",
    "ray_vs_local": ">= 0.9 (2-CPU Ray / 2 processes)",
    "planted_flagged": "= 1",
    "planted_interval_has_truth": "= 1",
    "planted_other_new_flags": "<= 1",
    # Issue 43, bench.side_by_side: ratios to the baseline commit measured in the same run
    # (x_...), and the current tree's own figures (current_...).
    "x_eden_random_decisions_per_s": ">= 3 (x 0633749)",
    "x_eden_random_views_decisions_per_s": ">= 3 (x 0633749)",
    "x_eden_optional_decisions_per_s": ">= 3 (x 0633749)",
    "x_me_random_decisions_per_s": ">= 3 (x 0633749)",
    "x_mcts_round_iterations_per_s": ">= 3 (x 0633749)",
    "x_me_mcts_turn_iterations_per_s": ">= 3 (x 0633749)",
    "current_rl_eden_observed_steps_per_s": ">= 6,000",
    "current_render_2000_bases_s": "<= 2",
    "current_render_10000_bases_s": "<= 10",
}
#: Keys of speed ratios (bench.side_by_side): better large, whatever their figure's unit.
RATIO_PREFIX = "x_"


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


def smaller_is_better(key: str) -> bool:
    """Times (``_ms``, ``_us``, ``_s``, ``_ms_per_decision``) are better small; rates
    (``_per_s``), counts and speed ratios (``x_...``) are better large."""
    if key.endswith("_per_s") or key.startswith(RATIO_PREFIX):
        return False
    return key.endswith(SMALLER_IS_BETTER) or "_ms_per_" in key or "_us_per_" in key


def _change(key: str, now: float, before: float | None) -> str:
    """This run against the committed figure: the ratio, marked better or worse."""
    if before is None or before == 0:
        return "new"
    ratio = now / before
    better = ratio < 1 if smaller_is_better(key) else ratio > 1
    if abs(ratio - 1) < 0.05:
        return "="
    return f"{ratio:.2f}x {'better' if better else 'worse'}"


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    os.environ.setdefault("PYTHONHASHSEED", "0")
    results: dict[str, float] = {}
    for name in SUITES:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
            continue
        results.update({k: _rounded(v) for k, v in module.run().items()})
    committed: dict[str, float] = {}
    if COMMITTED.exists():
        committed = json.loads(COMMITTED.read_text()).get("results", {})
    table = Table(title="make bench (medians, one core)")
    for column, justify in (("figure", "left"), ("value", "right"), ("committed", "right"),
                            ("change", "left"), ("goal", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for key, value in results.items():
        before = committed.get(key)
        table.add_row(key, f"{value:,}", "" if before is None else f"{before:,}",
                      _change(key, value, before), TARGETS.get(key, ""))
    table.caption = ", ".join(f"{k}: {v}" for k, v in machine().items())
    Console().print(table)
    out = {
        "measured": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "results": results,
    }
    LATEST.parent.mkdir(parents=True, exist_ok=True)
    LATEST.write_text(json.dumps(out, indent=2) + "\n")
    print(f"written {LATEST}")
    if "--save" in args:
        COMMITTED.write_text(json.dumps(out, indent=2) + "\n")
        print(f"saved as the committed figures: {COMMITTED}")


if __name__ == "__main__":
    main()
