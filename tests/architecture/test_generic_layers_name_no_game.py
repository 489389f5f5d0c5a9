"""The generic layers name no game (issue 42): every game is found through the registry
(:mod:`skirmish.core.plugins`), so no source, template, script or style of ``core``,
``geometry``, ``bots``, ``sim``, ``web``, ``cli``, ``rl`` or ``learn`` says a game's name,
imports a game's package, or carries a game's settings (``me_*``). The registry's own documentation
(``core/plugins.py``) is the one place allowed to show a game as an example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "skirmish"
GENERIC = ("core", "geometry", "bots", "sim", "web", "cli", "rl", "learn")
#: The registry's documentation may name a game as an example.
ALLOWED = {"core/plugins.py"}
SUFFIXES = {".py", ".js", ".html", ".css", ".md", ".txt", ".yaml", ".json"}
#: A game's name in any spelling, a game package's import, or a game-only setting.
NAMES = re.compile(r"\beden\b|mass[ _-]?effect|\bME:A\b|\bme_[a-z]|skirmish\.games\b",
                   re.IGNORECASE)


def offending_lines(layer: str) -> list[str]:
    """``path:line: text`` of every line of ``layer`` that names a game."""
    found = []
    for path in sorted((SRC / layer).rglob("*")):
        relative = path.relative_to(SRC).as_posix()
        if path.suffix not in SUFFIXES or relative in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("layer", GENERIC)
def test_a_generic_layer_names_no_game(layer: str) -> None:
    found = offending_lines(layer)
    assert not found, f"{len(found)} lines name a game:\n" + "\n".join(found[:40])


def test_the_check_finds_a_name() -> None:
    assert NAMES.search("if ruleset == 'masseffect':")
    assert NAMES.search("Eden's odds") and NAMES.search("Mass Effect: Annihilation")
    assert NAMES.search("settings.me_hold") and NAMES.search("from skirmish.games import x")
    assert not NAMES.search("the game's own heuristic (medium)")
