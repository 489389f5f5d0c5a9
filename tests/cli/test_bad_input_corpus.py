"""Issue 11, points 3 and 4, and issue 46: every class of bad input
(tests/cli/corpus/make_corpus.py and its generator, generate.py) ends the ``skirmish``
command with exit code 2 and exactly one line on stderr naming the file, field or option,
without a traceback, within 10 s and 500 MB, and changes nothing: no file or folder appears
or changes in the corpus's folder or in the command's current folder.

Two ways to run a case, two at a time:

- **its own process** (the console script, as a user runs it, under a 500 MB address-space
  limit): the hand-written classes whose bound is memory or size (``big``, ``deep``,
  ``alias``), a sample of one case per other class, and the full-disk cases (``disk``,
  under a file-size limit);
- **grouped** (tests/cli/corpus/run_cases.py): the others, in two processes, each case
  through the same entry point (:func:`skirmish.cli.errors.run`), its time measured on its
  own and the process's peak memory after it."""

from __future__ import annotations

import atexit
import json
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
#: A grouped process holds every module the cases load: its address space is bounded
#: loosely, and each case's peak resident memory is checked against MEMORY.
GROUP_MEMORY = 4 * 2**30
#: Sets the limits, then becomes the command (no preexec_fn: the cases run in threads).
LAUNCH = ("import os, resource, sys; n, f = int(sys.argv[1]), int(sys.argv[2]); "
          "resource.setrlimit(resource.RLIMIT_AS, (n, n)); "
          "f and resource.setrlimit(resource.RLIMIT_FSIZE, (f, f)); "
          "os.execv(sys.argv[3], sys.argv[3:])")
#: Classes run in their own process, every case.
OWN = {"big", "deep", "alias", "disk"}
RUNNER = Path(__file__).parent / "corpus" / "run_cases.py"
ENV = {**os.environ, "COLUMNS": "100", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
       "SKIRMISH_DEBUG": "0", "PYTHONDONTWRITEBYTECODE": "1"}


@dataclass(frozen=True)
class Outcome:
    code: int | None
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float = 0.0


def run_case(case: Case, command: list[str], cwd: Path) -> Outcome:
    argv = [sys.executable, "-c", LAUNCH, str(MEMORY), str(case.fsize or 0), *command,
            *case.args]
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=3 * SECONDS,
                              env=ENV, stdin=subprocess.DEVNULL, check=False, cwd=cwd)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        return Outcome(None, out, "(killed: timeout)", time.perf_counter() - start)
    return Outcome(done.returncode, done.stdout, done.stderr, time.perf_counter() - start)


def run_group(cases: list[Case], cwd: Path) -> dict[str, Outcome]:
    todo, results = cwd / "cases.json", cwd / "results.json"
    todo.write_text(json.dumps([{"id": c.id, "args": c.args} for c in cases]),
                    encoding="utf-8")
    argv = [sys.executable, "-c", LAUNCH, str(GROUP_MEMORY), "0", sys.executable, str(RUNNER),
            str(todo), str(results)]
    work = cwd / "work"
    work.mkdir()
    done = subprocess.run(argv, capture_output=True, text=True, env=ENV, cwd=work,
                          stdin=subprocess.DEVNULL, check=False, timeout=60 * 30)
    if done.returncode != 0 or not results.exists():
        failed = Outcome(None, done.stdout[-2000:], f"(group failed: {done.stderr[-4000:]})",
                         0.0)
        return {c.id: failed for c in cases}
    data = json.loads(results.read_text(encoding="utf-8"))
    return {key: Outcome(**value) for key, value in data.items()}


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``root`` (links not followed): a file's size and modification time
    (a folder's own are not compared: a temporary file come and gone changes them)."""
    seen = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            seen[str((Path(folder) / name).relative_to(root))] = (-2, -2)
        for name in files:
            path = Path(folder) / name
            info = path.lstat()
            seen[str(path.relative_to(root))] = (info.st_size, info.st_mtime_ns)
    return seen


ROOT = Path(tempfile.mkdtemp(prefix="skirmish-corpus-"))
atexit.register(shutil.rmtree, ROOT, True)
CASES = make_corpus(ROOT)


def _own_process(cases: list[Case]) -> set[str]:
    """The cases run in their own process: every case of OWN, one case per other class."""
    own = {c.id for c in cases if c.cls in OWN or c.fsize}
    sampled = set()
    for c in cases:
        if c.cls not in OWN and c.cls not in sampled:
            sampled.add(c.cls)
            own.add(c.id)
    return own


@pytest.fixture(scope="module")
def outcomes() -> tuple[dict[str, Outcome], dict[str, tuple[int, int]], list[str]]:
    """Every case's outcome; what changed under the corpus's folder; what was left in the
    commands' current folders."""
    before = snapshot(ROOT)
    scratch = Path(tempfile.mkdtemp(prefix="skirmish-corpus-cwd-"))
    try:
        command = skirmish_command()
        own = _own_process(CASES)
        grouped = [c for c in CASES if c.id not in own]
        halves = [grouped[0::2], grouped[1::2]]
        (scratch / "own").mkdir()
        for i in range(len(halves)):
            (scratch / f"group{i}").mkdir()
        results: dict[str, Outcome] = {}
        with ThreadPoolExecutor(max_workers=2) as pool:
            groups = [pool.submit(run_group, half, scratch / f"group{i}")
                      for i, half in enumerate(halves)]
            singles = {c.id: pool.submit(run_case, c, command, scratch / "own")
                       for c in CASES if c.id in own}
            for future in groups:
                results.update(future.result())
            results.update({key: future.result() for key, future in singles.items()})
        after = snapshot(ROOT)
        changed = {k: v for k, v in after.items() if before.get(k) != v}
        changed.update({k: (-1, -1) for k in before if k not in after})
        left = sorted(str(p.relative_to(scratch)) for p in scratch.rglob("*")
                      if p.parent.name == "work" or p.parent.name == "own")
        return results, changed, left
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_every_class_of_bad_input_is_in_the_corpus() -> None:
    assert {c.cls for c in CASES} == set(CLASSES)
    assert len({c.id for c in CASES}) == len(CASES)
    assert len(CASES) >= 580  # issue 46: the red team's 580 cases, regenerated


def test_bad_input_changes_nothing(
        outcomes: tuple[dict[str, Outcome], dict[str, tuple[int, int]], list[str]]) -> None:
    _, changed, left = outcomes
    assert not changed, f"changed under the corpus's folder: {sorted(changed)[:20]}"
    assert not left, f"left in the commands' current folder: {left[:20]}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_gives_one_line_and_exit_2(
        case: Case,
        outcomes: tuple[dict[str, Outcome], dict[str, tuple[int, int]], list[str]]) -> None:
    outcome = outcomes[0][case.id]
    shown = f"skirmish {' '.join(case.args)[:200]}\nstderr: {outcome.stderr[-2000:]}"
    assert outcome.seconds < SECONDS, shown
    assert outcome.peak_mb < MEMORY / 2**20, shown
    assert "Traceback" not in outcome.stderr + outcome.stdout, shown
    assert outcome.code == 2, shown
    lines = outcome.stderr.splitlines()
    assert len(lines) == 1, shown
    assert lines[0].startswith("error: "), shown
    assert case.expect in lines[0], shown
    assert len(lines[0]) < 1200, shown  # issue 46: an error quotes a bounded text
