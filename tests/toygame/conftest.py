"""Pit Duel is installed for the tests of this folder only: its folder ``site`` (the
package and its ``.dist-info`` with the entry point, as ``pip install`` would leave them)
is put on ``sys.path`` and the registry re-reads the entry points; afterwards both are
undone, so the other tests see the two games they know."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from skirmish.core.plugins import GAMES

SITE = Path(__file__).parent / "site"


@pytest.fixture(autouse=True, scope="module")
def duel_installed() -> Iterator[Path]:
    sys.path.insert(0, str(SITE))
    GAMES.refresh()
    try:
        yield SITE
    finally:
        sys.path.remove(str(SITE))
        GAMES.refresh()
