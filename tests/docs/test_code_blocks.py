"""Every shell block of the README and the docs runs, against its shown output (issue 48).

The convention, one for every page: a command line is a ```console block whose commands
are ``$ skirmish ...`` lines; the lines after a command, up to the next ``$``, are its
output, compared with what the command prints (trailing spaces ignored; a line ``...``
stands for any lines). A comment ``# exit N`` after a command says the exit status it must
give (0 otherwise). A block that cannot run here (a server, a browser, Docker, a run of
hours) says so in its fence: ```console {.no-run}; those are few and named in ``NO_RUN``
below, so a new one is a decision, not an accident. Each page's blocks run in order in one
fresh folder (a block may use the files an earlier one wrote), with the CLI of this
checkout (``python -m skirmish``), with the page's Python blocks in order (those of the README
and of docs/*.md are run by tests/test_readme.py and tests/test_docs_examples.py).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELLS = {"console", "sh", "shell", "bash"}
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)

#: The blocks that do not run, by page and the first three words of their first command
#: (why, in the comment).
NO_RUN: dict[str, tuple[str, ...]] = {
    # the set-up: make builds .venv and serves until Ctrl-C; the package index
    "README.md": ("make run", "pip install skirmish-tabletop", "make run"),
    # a host's set-up: DNS, Docker, systemd
    "docs/deploy.md": ("export SKIRMISH_HOST=table.example.org", "docker build -t",
                       "sudo useradd --system", "sudo systemctl daemon-reload"),
    # the ladder runs the page reports: minutes to hours each
    "docs/explanation/ladder.md": ("skirmish ladder --agents", "skirmish ladder --agents",
                                   "skirmish ladder --game"),
    # the package index and a release's changelog
    "docs/release.md": ("curl -s -o", ".venv/bin/towncrier build --version"),
    # the 3,000-game run the page reports (minutes), and a Ray cluster
    "docs/tutorials/pricing.md": ("skirmish balance --games", "skirmish balance --backend"),
}
#: At most this many blocks may be skipped in all.
MAX_NO_RUN = 16


@dataclass
class Block:
    """One fenced shell block of a page."""

    page: str
    line: int
    skipped: bool
    commands: list[tuple[str, list[str]]]  # (command line, the output lines shown)
    python: str = ""  # a Python block's source (then no commands)


def _relative(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def shell_blocks(page: Path) -> list[Block]:
    """The page's shell blocks, each command with the output shown under it."""
    text = page.read_text(encoding="utf-8")
    blocks = []
    for match in FENCE.finditer(text):
        info = match.group(1).strip()
        language = info.lstrip("{").lstrip(".").split()[0] if info else ""
        line = text.count("\n", 0, match.start()) + 1
        if language == "python":
            blocks.append(Block(_relative(page), line, ".no-run" in info, [], match.group(2)))
            continue
        if language not in SHELLS:
            continue
        commands: list[tuple[str, list[str]]] = []
        pending = ""
        for raw in match.group(2).splitlines():
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
        blocks.append(Block(_relative(page), line, ".no-run" in info, commands))
    return blocks


EVERY_BLOCK = [block for page in PAGES for block in shell_blocks(page)]
ALL_BLOCKS = [block for block in EVERY_BLOCK if not block.python]
#: The pages whose Python blocks tests/test_readme.py and tests/test_docs_examples.py run;
#: the others' run here, in order with their shell blocks (they may write files those use).
PYTHON_ELSEWHERE = {"README.md"} | {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}


def test_every_shell_block_is_found() -> None:
    """The extractor sees the README's and the tutorials' commands (it would pass vacuously
    if the fences changed form)."""
    pages = {block.page for block in ALL_BLOCKS if not block.skipped}
    assert {"README.md", "docs/tutorials/terminal.md", "docs/tutorials/odds.md"} <= pages
    assert sum(len(b.commands) for b in ALL_BLOCKS if not b.skipped) >= 30


def _name(command: str) -> str:
    """A skipped block's name: its first command's first three words."""
    return " ".join(command.split("#")[0].split()[:3])


def test_skipped_blocks_are_few_and_named() -> None:
    found: dict[str, list[str]] = {}
    for block in ALL_BLOCKS:
        if block.skipped:
            assert block.commands, f"{block.page}:{block.line}: an empty skipped block"
            found.setdefault(block.page, []).append(_name(block.commands[0][0]))
    assert {page: tuple(firsts) for page, firsts in found.items()} == NO_RUN
    assert sum(len(firsts) for firsts in NO_RUN.values()) <= MAX_NO_RUN


def test_run_blocks_call_the_cli_one_way() -> None:
    """A block that runs is `$ skirmish ...` lines only (not `.venv/bin/skirmish`)."""
    for block in ALL_BLOCKS:
        if block.skipped:
            continue
        for command, _ in block.commands:
            assert command.startswith("skirmish "), (
                f"{block.page}:{block.line}: {command!r} is not `$ skirmish ...`: "
                "write it so, or mark the block {.no-run} (and name it in NO_RUN)")


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are the shown ones, a `...` line standing for any lines."""
    if not shown:
        return not printed
    head, rest = shown[0], shown[1:]
    if head.strip() in {"...", "…"}:
        return any(_matches(rest, printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0] == head and _matches(rest, printed[1:])


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


RUN_PAGES = sorted({block.page for block in EVERY_BLOCK if not block.skipped
                    and (not block.python or block.page not in PYTHON_ELSEWHERE)})


@pytest.mark.parametrize("page", RUN_PAGES)
def test_a_pages_blocks_run_as_shown(page: str, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"),
                                                       os.environ.get("PYTHONPATH")]))}
    for block in EVERY_BLOCK:
        if block.page != page or block.skipped:
            continue
        if block.python:
            if page not in PYTHON_ELSEWHERE:
                exec(compile(block.python, f"{page}:{block.line}", "exec"), namespace)
            continue
        for command, shown in block.commands:
            words = shlex.split(command, comments=True)
            wanted = re.search(r"#.*\bexit (\d+)", command)
            result = subprocess.run([sys.executable, "-m", "skirmish", *words[1:]],
                                    cwd=tmp_path, env=env, capture_output=True, text=True,
                                    timeout=120, check=False)
            where = f"{page}:{block.line}: $ {command}"
            assert result.returncode == (int(wanted.group(1)) if wanted else 0), (
                f"{where}\nexit {result.returncode}\n{result.stdout}\n{result.stderr}")
            expected = _lines("\n".join(shown))
            if expected:
                printed = _lines(result.stdout if result.returncode == 0
                                 else result.stdout + result.stderr)
                assert _matches(expected, printed), (
                    f"{where}\nshown:\n" + "\n".join(expected)
                    + "\nprinted:\n" + "\n".join(printed))


def test_the_ellipsis_matches_any_lines() -> None:
    assert _matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert _matches(["a", "…"], ["a"])
    assert not _matches(["a", "d"], ["a", "b", "d"])
