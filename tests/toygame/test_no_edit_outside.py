"""Pit Duel needs no edit outside its own folder (issue 42): no tracked file outside
``tests/toygame/`` names it or its folder - the package, the Makefile, ``pyproject.toml``,
CI and the other tests know nothing of it; it is found through its entry point alone. (The
docs may point to it as the example of the "add a game" guide.)"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = "tests/toygame/"
#: The game's key (also in its package's name), its title, its folder.
MENTIONS = re.compile(r"pitduel|Pit Duel|toygame", re.IGNORECASE)


def test_nothing_outside_the_toy_folder_names_the_toy_game() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    found = []
    for name in tracked:
        if name.startswith(HERE) or name.startswith("docs/") or name == "README.md":
            continue
        path = ROOT / name
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        found += [f"{name}:{n}" for n, line in enumerate(text.splitlines(), 1)
                  if MENTIONS.search(line)]
    assert not found, found


def test_the_check_would_see_a_mention() -> None:
    assert MENTIONS.search('GAMES.get("pitduel")') and MENTIONS.search("pip install tests/toygame")
    assert not MENTIONS.search("skirmish odds duel --a ...")
