"""The benchmark's match: the starter factions' suggested 100-point sample troops."""

from __future__ import annotations

from typing import Any

from skirmish.games.eden.content import setup_for


def benchmark_setup() -> dict[str, Any]:
    return setup_for("Jokers", "Bamaka")
