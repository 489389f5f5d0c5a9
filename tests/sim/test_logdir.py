"""A batch's log folder (``--log-dir``): a killed run's temporaries are cleared (issue 46)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from skirmish.sim.logdir import LogDir, clear_stale_temporaries


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_killed_runs_temporaries_are_cleared_and_a_live_ones_kept(tmp_path: Path) -> None:
    stale = tmp_path / f".game-00003.jsonl.{_dead_pid()}.0a1b2c3d.tmp"
    live = tmp_path / f".game-00004.jsonl.{os.getppid()}.0a1b2c3d.tmp"
    other = tmp_path / ".notes.tmp"
    for path in (stale, live, other):
        path.write_text("half a record", encoding="utf-8")
    assert clear_stale_temporaries(tmp_path) == [stale]
    assert not stale.exists() and live.exists() and other.exists()


def test_resume_clears_a_killed_runs_temporary(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    LogDir(folder, {"what": "a batch"}, str, str).start(resume=False)
    stale = folder / f".game-00001.jsonl.{_dead_pid()}.deadbeef.tmp"
    stale.write_text("cut short", encoding="utf-8")
    assert LogDir(folder, {"what": "a batch"}, str, str).start(resume=True) == {}
    assert not stale.exists()
