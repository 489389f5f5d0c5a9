"""The environments' bench still runs (a bench that cannot run measures nothing); no timing
is checked here."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def test_the_rl_bench_plays_both_rulesets_with_and_without_observations() -> None:
    from bench.rl import run

    figures = run(repeats=1, seconds=0.05)
    assert set(figures) == {"rl_eden_steps_per_s", "rl_eden_observed_steps_per_s",
                            "rl_me_steps_per_s", "rl_me_observed_steps_per_s"}
    assert all(value > 0 for value in figures.values())
