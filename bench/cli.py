"""Command-line figures: how long ``skirmish --help`` takes to answer (a new process each
time: start-up, imports, the help text)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path
from statistics import median


def help_seconds(runs: int = 7) -> float:
    """The median wall time of ``skirmish --help``."""
    script = shutil.which("skirmish") or str(Path(sys.executable).with_name("skirmish"))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([script, "--help"], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return median(times)


def run() -> dict[str, float]:
    return {"cli_help_s": help_seconds()}
