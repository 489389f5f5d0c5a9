"""``skirmish simulate --games 1000000000`` streams its games instead of allocating them up
front (issue 11, point 3); the results stay identical for any number of workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skirmish.games.eden.demo import match_setup
from skirmish.sim import runner
from skirmish.sim.runner import BatchSpec, GameSummary, run_batch

from .corpus.make_corpus import skirmish_command


class Enough(Exception):
    pass


@pytest.mark.parametrize("workers", [1, 2])
def test_a_billion_games_start_at_once(workers: int) -> None:
    spec = BatchSpec(match_setup(max_rounds=1), ("random", "random"), games=10**9, seed=1)
    seen: list[GameSummary] = []

    def progress(summary: GameSummary) -> None:
        seen.append(summary)
        if len(seen) == 3:
            raise Enough

    start = time.perf_counter()
    with pytest.raises(Enough):
        run_batch(spec, workers=workers, progress=progress)
    assert time.perf_counter() - start < 30
    assert len({s.index for s in seen}) == 3


def test_windows_keep_the_results_identical(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = BatchSpec(match_setup(max_rounds=1), ("heuristic", "random"), games=5, seed=4)
    one = run_batch(spec, workers=1)
    monkeypatch.setattr(runner, "WINDOW", 1)  # windows of 2 games: three windows
    assert run_batch(spec, workers=2) == one


def test_simulate_a_billion_games_plays_within_500_mb(tmp_path: Path) -> None:
    """The command starts playing at once (records appear) under a 500 MB address-space
    limit; the old code built a list of a billion jobs first."""
    logs = tmp_path / "logs"
    limit = 500 * 2**20
    launch = ("import os, resource, sys; n = int(sys.argv[1]); "
              "resource.setrlimit(resource.RLIMIT_AS, (n, n)); os.execv(sys.argv[2], "
              "sys.argv[2:])")
    command = skirmish_command()
    args = ["simulate", "--games", "1000000000", "--workers", "2", "--rounds", "1",
            "--agents", "random,random", "--quiet", "--log-dir", str(logs)]
    process = subprocess.Popen([sys.executable, "-c", launch, str(limit), *command, *args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True,
                               env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    try:
        deadline = time.monotonic() + 25
        while time.monotonic() < deadline and process.poll() is None:
            if len(list(logs.glob("game-*.jsonl"))) >= 2:
                break
            time.sleep(0.2)
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        assert len(list(logs.glob("game-*.jsonl"))) >= 2
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
