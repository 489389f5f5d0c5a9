"""Backends, cancellation and ``--resume``: the same games whatever plays them; Ctrl-C keeps
the finished games; a log folder's games are reused only when they belong to the batch."""

from __future__ import annotations

import json
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.games.eden.demo import match_setup
from skirmish.sim import backends
from skirmish.sim.backends import IN_FLIGHT, LocalBackend, WorkerDied, collect, make_backend
from skirmish.sim.logdir import MANIFEST
from skirmish.sim.runner import (
    BatchSpec,
    GameSummary,
    collect_batch,
    play_one,
    run_batch,
    summary_from_json,
    summary_to_json,
)

SPEC = BatchSpec(match_setup(max_rounds=1), ("heuristic", "random"), games=6, seed=21)


class Stop(KeyboardInterrupt):
    """What Ctrl-C raises, from the progress callback instead of a signal."""


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_games(workers: int) -> None:
    spec = BatchSpec(match_setup(max_rounds=1), ("random", "random"), games=10**9, seed=1)
    seen: list[GameSummary] = []

    def progress(summary: GameSummary) -> None:
        seen.append(summary)
        if len(seen) == 3:
            raise Stop

    collected = collect(play_one, spec, spec.games, LocalBackend(workers), progress=progress)
    assert collected.cancelled and not collected.complete
    assert len(collected.results) == 3
    assert [s.index for s in collected.results] == sorted(s.index for s in seen)
    assert collected.results == [play_one(spec, s.index) for s in collected.results]


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_keeps_the_finished_games_as_ctrl_c_does(workers: int) -> None:
    """``kill PID`` (SIGTERM) stops a batch as Ctrl-C does - the way to stop one started in
    the background, where SIGINT is ignored - and leaves SIGTERM as it was afterwards."""
    import signal

    spec = BatchSpec(match_setup(max_rounds=1), ("random", "random"), games=5, seed=1)
    seen: list[GameSummary] = []

    def progress(summary: GameSummary) -> None:
        seen.append(summary)
        if len(seen) == 3:
            os.kill(os.getpid(), signal.SIGTERM)

    def ignored(signum: int, frame: object) -> None:  # should the batch not take SIGTERM
        pass

    previous = signal.signal(signal.SIGTERM, ignored)
    try:
        collected = collect(play_one, spec, 5, LocalBackend(workers), progress=progress)
        assert collected.cancelled and len(collected.results) == 3
        assert collected.results == [play_one(spec, s.index) for s in collected.results]
        assert signal.getsignal(signal.SIGTERM) is ignored
        with backends.terminate_as_interrupt(), pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
        assert signal.getsignal(signal.SIGTERM) is ignored
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_the_backend_and_the_workers_do_not_change_the_games() -> None:
    one = run_batch(SPEC, backend=LocalBackend(1))
    assert collect_batch(SPEC, LocalBackend(2)).results == one


def test_a_summary_survives_json() -> None:
    for summary in run_batch(SPEC, workers=1)[:2]:
        data = json.loads(json.dumps(summary_to_json(summary)))
        assert summary_from_json(data) == summary
    with pytest.raises(ValueError, match="not a game summary"):
        summary_from_json({"index": 1})


def test_resume_reuses_the_stored_games_of_the_same_batch(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    spec = BatchSpec(SPEC.setup, SPEC.agents, SPEC.games, SPEC.seed, log_dir=str(logs))
    full = collect_batch(spec, LocalBackend(1))
    assert full.complete and len(list(logs.glob("game-*.jsonl"))) == 6
    (logs / "game-00002.jsonl").unlink()  # lost
    (logs / "game-00004.jsonl").write_text("{}\n")  # not the record that was written
    again = collect_batch(spec, LocalBackend(1), resume=True)
    assert again.reused == 4 and again.results == full.results
    more = BatchSpec(spec.setup, spec.agents, 8, spec.seed, log_dir=str(logs))
    assert collect_batch(more, LocalBackend(1), resume=True).reused == 6
    other = BatchSpec(spec.setup, spec.agents, 6, seed=22, log_dir=str(logs))
    with pytest.raises(ValueError, match=r"--resume: .* another batch \(seed 21, not 22\)"):
        collect_batch(other, LocalBackend(1), resume=True)
    fresh = tmp_path / "fresh"
    assert collect_batch(BatchSpec(spec.setup, spec.agents, 2, spec.seed,
                                   log_dir=str(fresh)), LocalBackend(1), resume=True
                         ).reused == 0
    (fresh / MANIFEST).unlink()
    with pytest.raises(ValueError, match=r"no batch\.ndjson"):
        collect_batch(BatchSpec(spec.setup, spec.agents, 2, spec.seed, log_dir=str(fresh)),
                      LocalBackend(1), resume=True)


def test_the_options_are_checked_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="--backend: local or ray"):
        make_backend("spark")
    with pytest.raises(ValueError, match="--address: only with --backend ray"):
        make_backend("local", address="auto")
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ValueError, match=r"--backend ray: Ray is not installed; install "
                                         r"it with pip install 'skirmish-tabletop\[ray\]'"):
        make_backend("ray")
    result = CliRunner().invoke(app, ["simulate", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2 and "pip install 'skirmish-tabletop[ray]'" in result.output
    result = CliRunner().invoke(app, ["simulate", "--games", "2", "--resume"])
    assert result.exit_code == 2 and "--resume" in result.output and "--log-dir" in result.output


def test_simulate_resumes_from_its_log_folder(tmp_path: Path) -> None:
    logs, out = tmp_path / "logs", tmp_path / "r.json"
    args = ["simulate", "--games", "4", "--rounds", "1", "--agents", "random,random",
            "--seed", "3", "--log-dir", str(logs), "--quiet", "--workers", "1"]
    first = CliRunner().invoke(app, [*args, "--json", str(out)])
    assert first.exit_code == 0, first.output
    before = json.loads(out.read_text())
    second = CliRunner().invoke(app, [*args, "--resume", "--json", str(out)])
    assert second.exit_code == 0, second.output
    assert "4 game(s) reused, 0 played" in second.output
    after = json.loads(out.read_text())
    for data in (before, after):
        data.pop("seconds"), data.pop("games_per_second")
    assert after == before


def _dies_on_game_3(spec: BatchSpec, index: int) -> GameSummary:
    if index == 3:
        os._exit(9)  # as a worker killed by the system
    return play_one(spec, index)


def test_a_worker_that_dies_stops_the_batch_with_a_clear_error() -> None:
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            list(LocalBackend(2).run(_dies_on_game_3, SPEC, range(SPEC.games), SPEC.games))
        except BaseException as exc:
            outcome.append(exc)
        else:
            outcome.append(None)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=120)
    assert outcome, "the batch waited forever for the dead worker's games"
    assert isinstance(outcome[0], WorkerDied) and "worker process died" in str(outcome[0])


_ORPHAN_SCRIPT = """
import multiprocessing, sys, time
from skirmish.sim.backends import _die_with_parent

def child():
    assert _die_with_parent()
    print(multiprocessing.current_process().pid, flush=True)  # set: the parent may die
    time.sleep(120)

if __name__ == "__main__":
    multiprocessing.get_context("spawn").Process(target=child).start()
    time.sleep(120)
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie left for a parent that does not reap is not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_worker_dies_with_its_killed_parent(tmp_path: Path) -> None:
    """A batch command killed outright (``kill -9``, out of memory) cannot stop its workers:
    each asks Linux to end it when its parent dies, instead of playing on for nobody."""
    import signal
    import subprocess
    import time

    script = tmp_path / "orphan.py"
    script.write_text(_ORPHAN_SCRIPT)
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())  # once the child has set its death signal
    assert _alive(child)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


class _PoolBrokenOnResubmit(ProcessPoolExecutor):
    """A pool that a job elsewhere broke between a result and the next submission."""

    calls = 0

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        type(self).calls += 1
        if type(self).calls > 2 * IN_FLIGHT:
            raise BrokenProcessPool("a child process terminated abruptly")
        return super().submit(*args, **kwargs)


def test_a_pool_broken_when_more_games_are_sent_stops_the_batch_with_the_same_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "ProcessPoolExecutor", _PoolBrokenOnResubmit)
    played = []
    with pytest.raises(WorkerDied, match="worker process died"):
        for summary in LocalBackend(2).run(play_one, SPEC, range(SPEC.games), SPEC.games):
            played.append(summary)
    assert played, "the games finished before the pool broke are still given"
