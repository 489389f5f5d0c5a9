"""Run a group of corpus cases in ONE process, each as the console script runs it
(:func:`skirmish.cli.errors.run` with the case's arguments), so that hundreds of cases cost
one start of Python instead of one each.

    python tests/cli/corpus/run_cases.py CASES.json RESULTS.json

CASES.json is a list of ``{"id", "args"}``; RESULTS.json gets, for each case, its exit
code, stdout and stderr (cut to their last 4,000 characters), seconds, and the process's
peak resident memory after it (MB: it only grows, so the case that crosses a bound is the
one named). Each case runs with stdin empty, in the current folder (the caller's scratch
folder), its time bounded by an alarm (``timeout``: the case is stopped and reported)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import signal
import sys
import time
from pathlib import Path
from typing import Any

#: A case stopped by the alarm after this many seconds is reported as a timeout.
ALARM = 30


class CaseTimeout(BaseException):
    """Raised by the alarm: not an Exception, so no command's handler swallows it."""


def _alarm(signum: int, frame: Any) -> None:
    raise CaseTimeout


def _tail(text: str) -> str:
    return text[-4000:]


def run_one(args: list[str]) -> dict[str, Any]:
    from skirmish.cli import errors
    from skirmish.cli.main import app

    out, err = io.StringIO(), io.StringIO()
    code: int | None = None
    start = time.perf_counter()
    signal.alarm(ALARM)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            old_in, sys.stdin = sys.stdin, io.StringIO("")
            try:
                errors.run(app, list(args), prog_name="skirmish")
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None
                                                                   else 1)
            finally:
                sys.stdin = old_in
    except CaseTimeout:
        err.write("(stopped: timeout)\n")
        code = None
    finally:
        signal.alarm(0)
        errors.set_debug(False)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"code": code, "stdout": _tail(out.getvalue()), "stderr": _tail(err.getvalue()),
            "seconds": seconds, "peak_mb": peak}


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGALRM, _alarm)
    cases = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    trace = os.environ.get("CORPUS_TRACE")  # a file naming each case as it starts
    results = {}
    for case in cases:
        if trace:
            with open(trace, "a", encoding="utf-8") as handle:
                handle.write(case["id"] + "\n")
        results[case["id"]] = run_one(case["args"])
    Path(argv[2]).write_text(json.dumps(results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
