"""Every code block of the README and the docs runs, against its shown output (issue 48).

The conventions (docs/contributing.md says them to writers):

- **Shell**: a ```console block of ``$ skirmish ...`` lines; the lines after a command, up
  to the next ``$``, are its output, compared with what it prints. A ``# exit N`` comment
  after a command gives the exit status it must give (0 otherwise). ``$ skirmish serve``
  (the web table, which serves until Ctrl-C) is started on a free port, asked for its lobby
  page over HTTP, then stopped with Ctrl-C (SIGINT); the output shown is the start of what
  it printed, the free port written as the port the command names (8000 by default).
  ``$ skirmish play`` is fed the shown lines ``A> ...`` (what the player typed after the
  seat's prompt), and its output shows each after its prompt, as a terminal does.
- **Python**: a ```pycon block is a doctest (``>>>`` and ``...`` prompts, the output under
  them), checked with the doctest module; a ```python block is a script and must print
  nothing (a block that shows what it prints is written as a doctest).
- **Output**: whitespace is normalised (runs of spaces count as one, trailing spaces and
  blank lines at either end are ignored); ``...`` stands for any text within a line, and a
  line that is only ``...`` (or ``…``) for any lines (doctest's ELLIPSIS).
- **Blocks that cannot run here** (the package index, Docker, systemd, the suite itself, a
  run of hours) say so in their fence, ```console {.no-run}, and are named in ``NO_RUN``
  below with the reason (shown as the reason of a skipped test): a new one is a decision,
  not an accident.

Each page's blocks run in order in one fresh folder (a block may use the files an earlier
one wrote; the page's Python blocks share one namespace), with the CLI of this checkout
(``python -m skirmish``).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELLS = {"console", "sh", "shell", "bash"}
PYTHONS = {"python", "pycon"}
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
#: The checks of shown output, for doctests and shell output alike.
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

#: The blocks that do not run: (page, the first three words of the block's first command,
#: why it cannot run in CI).
NO_RUN: tuple[tuple[str, str, str], ...] = (
    ("README.md", "make run",
     "`make test` is this suite itself, and `make run` builds .venv from the package index "
     "(the quick start's `skirmish serve` block runs the same server)"),
    ("README.md", "pip install skirmish-tabletop",
     "the package index: CI has no network (scripts/wheel_check.sh installs the built wheel)"),
    ("docs/deploy.md", "export SKIRMISH_HOST=table.example.org",
     "Docker compose: no Docker engine in CI (tests/deploy checks the files and entrypoint)"),
    ("docs/deploy.md", "docker build -t", "Docker: no Docker engine in CI"),
    ("docs/deploy.md", "sudo useradd --system", "a system user, as root: not in CI"),
    ("docs/deploy.md", "sudo systemctl daemon-reload", "systemd, as root: not in CI"),
    ("docs/explanation/ladder.md", "skirmish ladder --agents",
     "the 200-game search-bot runs the page reports: 16 to 58 minutes each"),
    ("docs/explanation/ladder.md", "skirmish ladder --game",
     "the ME:A search-bot runs the page reports: one to two hours each"),
    ("docs/release.md", "curl -s -o", "the package index: CI has no network"),
    ("docs/release.md", ".venv/bin/towncrier build --version",
     "making a release: commits, tags (tests/docs/test_release.py checks the changelog)"),
    ("docs/tutorials/pricing.md", "skirmish balance --what-if",
     "800 full matches (over a minute on 2 cores), the output abridged"),
    ("docs/tutorials/pricing.md", "skirmish balance --games",
     "2,000 matches and a re-priced round (12 minutes), the output abridged"),
    ("docs/tutorials/pricing.md", "skirmish balance --backend",
     "a Ray cluster (`ray start` on several machines; the local Ray backend is tested in "
     "tests/sim)"),
)
#: At most this many blocks may be skipped in all.
MAX_NO_RUN = 13


@dataclass
class Block:
    """One fenced code block that runs: shell commands, a script or a doctest."""

    page: str
    line: int
    language: str
    skipped: bool
    commands: list[tuple[str, list[str]]] = field(default_factory=list)  # (line, output)
    source: str = ""  # a Python block's text

    @property
    def python(self) -> bool:
        return self.language in PYTHONS

    @property
    def name(self) -> str:
        """The first three words of its first command (or line): how NO_RUN names it."""
        first = (self.commands[0][0] if self.commands
                 else next(line for line in self.source.splitlines() if line.strip()))
        return " ".join(first.split("#")[0].split()[:3])


def _relative(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _commands(text: str) -> list[tuple[str, list[str]]]:
    """A shell block's commands, each with the output shown under it."""
    commands: list[tuple[str, list[str]]] = []
    pending = ""
    for raw in text.splitlines():
        if pending:  # a continued command line
            pending += " " + raw.strip()
        elif raw.startswith("$ "):
            pending = raw[2:].strip()
        elif commands:
            commands[-1][1].append(raw)
            continue
        elif raw.strip() and not raw.lstrip().startswith("#"):
            # a line that is no `$` command before any: the whole block is one way
            pending = raw.strip()
        else:
            continue
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        commands.append((pending, []))
        pending = ""
    return commands


def code_blocks(page: Path) -> list[Block]:
    """The page's shell and Python blocks, in order."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for match in FENCE.finditer(text):
        info = match.group(1).strip()
        language = info.lstrip("{").lstrip(".").split()[0] if info else ""
        line = text.count("\n", 0, match.start()) + 1
        skipped = ".no-run" in info
        if language in PYTHONS:
            blocks.append(Block(_relative(page), line, language, skipped, source=match.group(2)))
        elif language in SHELLS:
            blocks.append(Block(_relative(page), line, language, skipped,
                                _commands(match.group(2))))
    return blocks


EVERY_BLOCK = [block for page in PAGES for block in code_blocks(page)]
ALL_BLOCKS = [block for block in EVERY_BLOCK if not block.python]
RUN_PAGES = sorted({block.page for block in EVERY_BLOCK if not block.skipped})
SKIPPED = [block for block in EVERY_BLOCK if block.skipped]


def test_every_block_is_found() -> None:
    """The extractor sees the README's and the tutorials' commands and examples (it would
    pass vacuously if the fences changed form)."""
    pages = {block.page for block in ALL_BLOCKS if not block.skipped}
    assert {"README.md", "docs/tutorials/terminal.md", "docs/tutorials/odds.md"} <= pages
    assert sum(len(b.commands) for b in ALL_BLOCKS if not b.skipped) >= 30
    doctests = {b.page for b in EVERY_BLOCK if b.language == "pycon"}
    assert {"README.md", "docs/tutorials/python.md", "docs/tutorials/odds.md"} <= doctests
    assert "docs/architecture.md" in {b.page for b in EVERY_BLOCK if b.python}


def test_no_command_hides_in_a_block_that_does_not_run() -> None:
    """A `$ ...` line in a ```text (or other) block would escape the test: a command shown
    with its output is a console block (run, or named in NO_RUN)."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            info = match.group(1).strip()
            language = info.lstrip("{").lstrip(".").split()[0] if info else ""
            if language not in SHELLS | PYTHONS:
                line = text.count("\n", 0, match.start()) + 1
                assert not re.search(r"^\$ ", match.group(2), re.M), (
                    f"{_relative(page)}:{line}: a command in a ```{language} block")


def test_skipped_blocks_are_few_and_named() -> None:
    found = sorted((block.page, block.name) for block in SKIPPED)
    assert found == sorted((page, name) for page, name, _ in NO_RUN)
    assert all(reason for _, _, reason in NO_RUN)
    assert len(NO_RUN) <= MAX_NO_RUN


@pytest.mark.parametrize(("page", "name", "reason"), NO_RUN,
                         ids=[f"{page}:{name}" for page, name, _ in NO_RUN])
def test_a_block_that_cannot_run_here(page: str, name: str, reason: str) -> None:
    """Each block left out, with its reason (``pytest -rs`` lists them)."""
    pytest.skip(f"{page}: {name}: {reason}")


def test_run_blocks_call_the_cli_one_way() -> None:
    """A shell block that runs is `$ skirmish ...` lines only (not `.venv/bin/skirmish`)."""
    for block in ALL_BLOCKS:
        if block.skipped:
            continue
        for command, _ in block.commands:
            assert command.startswith("skirmish "), (
                f"{block.page}:{block.line}: {command!r} is not `$ skirmish ...`: "
                "write it so, or mark the block {.no-run} (and name it in NO_RUN)")


def _lines(text: str) -> list[str]:
    lines = [" ".join(line.split()) for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _line_matches(shown: str, printed: str) -> bool:
    if "..." not in shown:
        return shown == printed
    pattern = ".*".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed) is not None


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are the shown ones (whitespace normalised by ``_lines``):
    ``...`` in a line stands for any text, a line ``...`` (or ``…``) for any lines."""
    if not shown:
        return not printed
    head, rest = shown[0], shown[1:]
    if head.strip() in {"...", "…"}:
        return any(_matches(rest, printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and _line_matches(head, printed[0]) and _matches(rest, printed[1:])


def _environment() -> dict[str, str]:
    """A reader's shell: no SKIRMISH_* setting of this machine's (a database, a log format)."""
    own = {key: value for key, value in os.environ.items() if not key.startswith("SKIRMISH_")}
    return {**own, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"),
                                                        os.environ.get("PYTHONPATH")]))}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _serve(words: list[str], cwd: Path, where: str) -> tuple[int, str, str]:
    """Start a server command on a free port, fetch its lobby page, stop it with Ctrl-C:
    (exit status, what it printed with the free port written as the shown one, stderr)."""
    shown_port = words[words.index("--port") + 1] if "--port" in words else "8000"
    if "--port" in words:
        at = words.index("--port")
        words = words[:at] + words[at + 2:]
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "skirmish", *words[1:], "--port", str(port)],
                               cwd=cwd, env=_environment(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    out: list[str] = []
    err: list[str] = []
    readers = [threading.Thread(target=lambda s=s, into=into: into.extend(s), daemon=True)
               for s, into in ((process.stdout, out), (process.stderr, err))]
    for reader in readers:
        reader.start()
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert page.status == 200, f"{where}: the lobby answered {page.status}"
                break
            except OSError:
                assert process.poll() is None, f"{where}: it stopped\n{''.join(err)}"
                assert time.monotonic() < deadline, f"{where}: no answer in 60 s"
                time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    for reader in readers:
        reader.join(timeout=5)
    return status, "".join(out).replace(f":{port}", f":{shown_port}"), "".join(err)


#: A prompt of `skirmish play` (the seat's letter), before what the player types.
PROMPT = re.compile(r"^[A-Z]> ")


def _echo(printed: str, typed: list[str]) -> str:
    """What a terminal shows: each line typed after its prompt (a pipe echoes nothing)."""
    shown, at = [], 0
    for line in typed:
        prompt = re.compile(r"^[A-Z]> ", re.M).search(printed, at)
        if prompt is None:
            break
        shown.append(printed[at:prompt.end()] + line[3:] + "\n")
        at = prompt.end()
    return "".join(shown) + printed[at:]


def _run_command(command: str, shown: list[str], cwd: Path, where: str) -> None:
    words = shlex.split(command, comments=True)
    wanted = re.search(r"#.*\bexit (\d+)", command)
    if words[1:2] == ["serve"]:
        status, stdout, stderr = _serve(words, cwd, where)
    else:
        # `skirmish play`: the shown lines `A> ...` are what the player typed
        typed = [line for line in shown if PROMPT.match(line)] if words[1:2] == ["play"] else []
        result = subprocess.run([sys.executable, "-m", "skirmish", *words[1:]], cwd=cwd,
                                env=_environment(), capture_output=True, text=True,
                                input="".join(line[3:] + "\n" for line in typed),
                                timeout=120, check=False)
        status, stdout, stderr = result.returncode, _echo(result.stdout, typed), result.stderr
    assert status == (int(wanted.group(1)) if wanted else 0), (
        f"{where}\nexit {status}\n{stdout}\n{stderr}")
    expected = _lines("\n".join(shown))
    if expected and words[1:2] == ["serve"]:
        expected.append("...")  # a server goes on printing (its access log)
    if expected:
        printed = _lines(stdout if status == 0 else stdout + stderr)
        assert _matches(expected, printed), (
            f"{where}\nshown:\n" + "\n".join(expected) + "\nprinted:\n" + "\n".join(printed))


def _run_python(block: Block, namespace: dict[str, object]) -> None:
    where = f"{block.page}:{block.line}"
    if block.language == "pycon":
        # The block's line in the file, so that a failure names where to look.
        test = doctest.DocTestParser().get_doctest(block.source, namespace, where,
                                                   str(ROOT / block.page), block.line)
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=OPTIONS)
        result = runner.run(test, out=report.write, clear_globs=False)
        namespace.update(test.globs)  # (a DocTest runs in a copy of the namespace)
        assert result.failed == 0, report.getvalue()
        assert result.attempted, f"{where}: a pycon block without a >>> example"
        return
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block.source, where, "exec"), namespace)
    assert not printed.getvalue(), (
        f"{where}: a ```python block printed {printed.getvalue()!r}: show it as a doctest "
        "(```pycon, docs/contributing.md)")


@pytest.mark.parametrize("page", RUN_PAGES)
def test_a_pages_blocks_run_as_shown(page: str, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in EVERY_BLOCK:
        if block.page != page or block.skipped:
            continue
        if block.python:
            _run_python(block, namespace)
            continue
        for command, shown in block.commands:
            _run_command(command, shown, tmp_path, f"{page}:{block.line}: $ {command}")


def test_the_ellipsis_matches_any_lines_and_any_text() -> None:
    assert _matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert _matches(["a", "…"], ["a"])
    assert not _matches(["a", "d"], ["a", "b", "d"])
    assert _matches(["took ... s"], ["took 1.5 s"])
    assert not _matches(["took ... s"], ["took 1.5 ms!"])
    assert _lines("  a   b  \n\n") == ["a b"]


def test_a_pycon_block_is_checked_and_a_python_block_prints_nothing() -> None:
    good = Block("x.md", 1, "pycon", False, source=">>> print(1 + 1)\n2\n")
    _run_python(good, {})
    with pytest.raises(AssertionError, match="Expected"):
        _run_python(Block("x.md", 1, "pycon", False, source=">>> 1 + 1\n3\n"), {})
    with pytest.raises(AssertionError, match="show it as a doctest"):
        _run_python(Block("x.md", 1, "python", False, source="print('hidden')\n"), {})


def test_a_command_s_output_is_compared(tmp_path: Path) -> None:
    command = "skirmish odds roll --dice 1 --difficulty 5"
    _run_command(command, ["characteristic 1 at difficulty 5: 1D6 at 5+ (Rulebook 2.A)", "..."],
                 tmp_path, "x")
    with pytest.raises(AssertionError, match="shown:"):
        _run_command(command, ["characteristic 1 at difficulty 5: 1D6 at 6+", "..."],
                     tmp_path, "x")


def test_what_a_player_typed_is_shown_after_its_prompt() -> None:
    assert _echo("start\nA> ok\nA> end of input\n", ["A> bid 2"]) == (
        "start\nA> bid 2\nok\nA> end of input\n")
