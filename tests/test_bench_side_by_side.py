"""``bench.side_by_side`` and ``bench.workloads`` (issue 43): every workload runs and measures
something, the driver's arithmetic (medians, speed ratios, goals, same-games check), and the
baseline's temporary worktree is gone after a run. No timing is asserted."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import side_by_side as sbs
from bench import workloads

#: Each workload at a tiny size (a game, a search of two iterations, a small table).
TINY: dict[str, dict[str, int]] = {
    "eden_random": {"games": 1},
    "eden_random_views": {"games": 1},
    "eden_optional": {"games": 1},
    "me_random": {"games": 1},
    "mcts_round": {"iterations": 2, "searches": 1},
    "me_mcts_turn": {"iterations": 2, "searches": 1},
    "rl_eden_observed": {"steps": 40},
    "render": {"bases": 30},
}


def _worktrees() -> str:
    return subprocess.run(["git", "worktree", "list", "--porcelain"], cwd=sbs.REPO,
                          capture_output=True, text=True, check=False).stdout


def _baseline_or_skip() -> str:
    try:
        return sbs.resolve(sbs.BASELINE)
    except sbs.Unavailable as exc:  # no git, or a shallow clone without the commit
        pytest.skip(str(exc))


@pytest.mark.parametrize("name", sorted(TINY))
def test_each_workload_measures_its_figures_in_this_tree(name: str) -> None:
    result = workloads.WORKLOADS[name](**TINY[name])
    assert result.figures and all(value > 0 for value in result.figures.values())
    assert result.digest
    if name == "render":
        assert set(result.figures) == {"30_bases_s"}


def test_a_workload_plays_the_same_games_each_time() -> None:
    first = workloads.eden_random(games=1)
    assert workloads.eden_random(games=1).digest == first.digest
    assert workloads.random_games("eden", workloads.eden_setup(), 1, first_seed=1).digest \
        != first.digest


def test_the_jobs_name_every_workload_with_amounts_it_takes() -> None:
    assert set(sbs.WORKLOAD_NAMES) == set(workloads.WORKLOADS) == set(TINY)
    for job in sbs.JOBS:
        parameters = inspect.signature(workloads.WORKLOADS[job.workload]).parameters
        assert set(job.kwargs) <= set(parameters), job.name
    assert [job.workload for job in sbs.select("render,eden_random")] == \
        ["eden_random", "render", "render", "render"]
    with pytest.raises(ValueError, match="unknown workload"):
        sbs.select("eden_random,nope")


def test_first_module_takes_the_new_name_then_the_old_one() -> None:
    assert workloads.first_module("skirmish.no_such_module", "json").__name__ == "json"
    with pytest.raises(ModuleNotFoundError):
        workloads.first_module("skirmish.no_such_module", "skirmish.nor_this_one")


def test_medians_and_speed_ratios() -> None:
    samples = [{"a_per_s": 3.0, "t_s": 2.0}, {"a_per_s": 1.0, "t_s": 4.0},
               {"a_per_s": 2.0}]
    assert sbs.medians(samples) == {"a_per_s": 2.0, "t_s": 3.0}
    assert sbs.is_time("render_2000_bases_s") and not sbs.is_time("steps_per_s")
    # Above 1 is faster whatever the unit: a rate up, a time down.
    assert sbs.speed_ratio("decisions_per_s", 100.0, 300.0) == 3.0
    assert sbs.speed_ratio("render_400_bases_s", 10.0, 0.5) == 20.0
    assert sbs.ratios({"a_per_s": 2.0, "z_per_s": 0.0, "b_s": 4.0},
                      {"a_per_s": 5.0, "z_per_s": 1.0, "b_s": 1.0, "c_per_s": 9.0}) == \
        {"a_per_s": 2.5, "b_s": 4.0}


def test_goals() -> None:
    assert sbs.goal_met("eden_random_decisions_per_s", 3.1, 100.0) is True
    assert sbs.goal_met("eden_random_decisions_per_s", 2.9, 1e9) is False
    assert sbs.goal_met("rl_eden_observed_steps_per_s", 1.0, 6000.0) is True
    assert sbs.goal_met("render_2000_bases_s", None, 2.5) is False
    assert sbs.goal_met("render_2000_bases_s", None, None) is None
    assert sbs.goal_met("eden_random_games_per_s", 9.0, 9.0) is None
    assert sbs.goal_text("eden_random_decisions_per_s") == ">= 3x"
    assert sbs.goal_text("rl_eden_observed_steps_per_s") == ">= 6,000"


def _sample(figures: dict[str, float], digest: str) -> dict[str, Any]:
    return {"figures": figures, "digest": digest, "notes": {}}


def test_a_comparison_takes_medians_per_tree_and_checks_the_games() -> None:
    comparison = sbs.Comparison("base", "now", rounds=3)
    comparison.samples["eden_random(games=40)"] = {
        "baseline": [_sample({"decisions_per_s": d}, "h") for d in (90.0, 100.0, 110.0)],
        "current": [_sample({"decisions_per_s": d}, "h") for d in (300.0, 330.0, 200.0)]}
    comparison.samples["me_random(games=12)"] = {
        "baseline": [_sample({"decisions_per_s": 10.0}, "a")],
        "current": [_sample({"decisions_per_s": 40.0}, "b")]}
    comparison.samples["render(bases=2000)"] = {
        "current": [_sample({"2000_bases_s": 1.5}, "svg")]}
    assert comparison.figures("baseline") == {"eden_random_decisions_per_s": 100.0,
                                              "me_random_decisions_per_s": 10.0}
    assert comparison.figures("current")["render_2000_bases_s"] == 1.5
    assert comparison.same_games() == {"eden_random(games=40)": True,
                                       "me_random(games=12)": False,
                                       "render(bases=2000)": None}
    data = comparison.to_json()
    assert data["ratios"] == {"eden_random_decisions_per_s": 3.0,
                              "me_random_decisions_per_s": 4.0}
    rows = sbs.table_of(comparison).row_count
    assert rows == 3


def test_the_worktree_is_removed_after_the_block_and_after_an_error() -> None:
    _baseline_or_skip()
    with sbs.baseline_worktree(sbs.BASELINE) as tree:
        assert (tree / "src" / "skirmish").is_dir()
        assert str(tree) in _worktrees()
    assert not tree.exists() and str(tree) not in _worktrees()
    with pytest.raises(RuntimeError), sbs.baseline_worktree(sbs.BASELINE) as tree:
        raise RuntimeError("a workload failed")
    assert not tree.exists() and str(tree) not in _worktrees()


def test_a_tiny_side_by_side_compares_both_trees_and_leaves_no_worktree(
        tmp_path: Path) -> None:
    _baseline_or_skip()
    before = _worktrees()
    out = tmp_path / "side_by_side.json"
    comparison = sbs.side_by_side(rounds=1, only="eden_random", scale=0.01, out=out)
    assert _worktrees() == before
    assert not comparison.errors
    baseline, current = comparison.figures("baseline"), comparison.figures("current")
    assert set(baseline) == set(current) == {"eden_random_decisions_per_s",
                                             "eden_random_games_per_s"}
    # Each tree imported its own package, and both played the same game.
    packages = {tree: s[0]["package"] for tree, s in
                comparison.samples["eden_random(games=40)"].items()}
    assert packages["current"] == str(sbs.REPO / "src" / "skirmish")
    assert packages["baseline"] != packages["current"]
    assert comparison.same_games() == {"eden_random(games=40)": True}
    assert out.exists()


def test_the_bench_suite_skips_without_a_baseline(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(sbs.BASELINE_ENV, "none")
    assert sbs.run() == {}
    monkeypatch.setenv(sbs.BASELINE_ENV, "no-such-commit-0000")
    assert sbs.run() == {}
    assert "no baseline to compare with" in capsys.readouterr().err


def test_make_bench_reads_speed_ratios_as_better_large() -> None:
    from bench.run import SUITES, TARGETS, smaller_is_better

    assert SUITES[-1] == "bench.side_by_side"
    assert not smaller_is_better("x_render_400_bases_s")
    assert smaller_is_better("current_render_2000_bases_s")
    assert TARGETS["current_rl_eden_observed_steps_per_s"] == ">= 6,000"
