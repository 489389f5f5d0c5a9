"""Issue 11, points 3 and 4: every class of bad input (tests/cli/corpus/make_corpus.py) ends
the ``skirmish`` command with exit code 2 and exactly one line on stderr naming the file,
field or option, without a traceback, within 10 s and 500 MB (address space).

Each case runs the console script in its own process, as a user does; the cases run two at
a time, each timed on its own."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from .corpus.make_corpus import CLASSES, Case, make_corpus, skirmish_command

#: The bounds of issue 11: no input file under 1 MB makes a command use more.
SECONDS = 10.0
MEMORY = 500 * 2**20
#: Sets the memory limit, then becomes the command (no preexec_fn: the cases run in threads).
LAUNCH = ("import os, resource, sys; n = int(sys.argv[1]); "
          "resource.setrlimit(resource.RLIMIT_AS, (n, n)); os.execv(sys.argv[2], sys.argv[2:])")


@dataclass(frozen=True)
class Outcome:
    code: int | None
    stdout: str
    stderr: str
    seconds: float


def run_case(case: Case, command: list[str]) -> Outcome:
    env = {**os.environ, "COLUMNS": "100", "OPENBLAS_NUM_THREADS": "1",
           "OMP_NUM_THREADS": "1", "SKIRMISH_DEBUG": "0"}
    argv = [sys.executable, "-c", LAUNCH, str(MEMORY), *command, *case.args]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=3 * SECONDS,
                              env=env, stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        return Outcome(None, out, "(killed: timeout)", time.perf_counter() - start)
    return Outcome(done.returncode, done.stdout, done.stderr, time.perf_counter() - start)


def _cases() -> list[Case]:
    """The cases, their files written by the corpus script into a temporary folder removed
    when the tests end."""
    root = Path(tempfile.mkdtemp(prefix="skirmish-corpus-"))
    atexit.register(shutil.rmtree, root, True)
    return make_corpus(root)


CASES = _cases()


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    command = skirmish_command()
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip((c.id for c in CASES),
                        pool.map(lambda c: run_case(c, command), CASES), strict=True))


def test_every_class_of_bad_input_is_in_the_corpus() -> None:
    assert {c.cls for c in CASES} == set(CLASSES)
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_gives_one_line_and_exit_2(case: Case, outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[case.id]
    shown = f"skirmish {' '.join(case.args)[:200]}\nstderr: {outcome.stderr[-2000:]}"
    assert outcome.seconds < SECONDS, shown
    assert "Traceback" not in outcome.stderr + outcome.stdout, shown
    assert outcome.code == 2, shown
    lines = outcome.stderr.splitlines()
    assert len(lines) == 1, shown
    assert lines[0].startswith("error: "), shown
    assert case.expect in lines[0], shown
    assert len(lines[0]) < 1200, shown  # issue 46: an error quotes a bounded text
