"""Batches: reproducible whatever the number of workers; statistics; records that replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.core import Record, verify
from skirmish.games.eden.demo import match_setup
from skirmish.sim import BatchReport, BatchSpec, run_batch, wilson_interval
from skirmish.sim.runner import game_seed


def test_same_seed_same_results_with_one_and_two_workers() -> None:
    spec = BatchSpec(match_setup(max_rounds=2), ("heuristic", "random"), games=6, seed=11)
    one = run_batch(spec, workers=1)
    two = run_batch(spec, workers=2)
    assert one == two
    assert [s.index for s in one] == list(range(6))
    assert run_batch(BatchSpec(match_setup(max_rounds=2), ("heuristic", "random"), games=6,
                               seed=12), workers=1) != one


def test_games_have_independent_seeds_and_mirrored_seats() -> None:
    assert len({game_seed(5, i) for i in range(100)}) == 100
    spec = BatchSpec(match_setup(max_rounds=1), ("random", "random"), games=4, seed=1)
    seats = [s.agent_seats for s in run_batch(spec, workers=1)]
    assert seats == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_log_dir_records_replay(tmp_path: Path) -> None:
    spec = BatchSpec(match_setup(max_rounds=2), ("heuristic", "random"), games=3, seed=2,
                     log_dir=str(tmp_path))
    summaries = run_batch(spec, workers=1)
    files = sorted(tmp_path.glob("game-*.jsonl"))
    assert len(files) == 3
    for path, summary in zip(files, summaries, strict=True):
        record = Record.load(path)
        assert record.events, "the records hold every event in full"
        assert any(e["kind"] == "roll" for e in record.events)
        game = verify(record)
        assert len(game.history) == summary.decisions


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(90, 100)
    assert lo == pytest.approx(0.8256, abs=1e-4) and hi == pytest.approx(0.9448, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_report_counts() -> None:
    spec = BatchSpec(match_setup(max_rounds=2), ("heuristic", "random"), games=4, seed=3)
    report = BatchReport.of(spec.agents, run_batch(spec, workers=1))
    data = report.to_json()
    assert data["games"] == 4 and sum(data["wins"]) + data["draws"] == 4
    assert set(report.survival) == {"A.Yuri", "A.Vladd", "A.Anton", "B.Ngobo-Quick-Arm",
                                    "B.Abama-Big-Belly", "B.Tarar"}
