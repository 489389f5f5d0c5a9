"""Counts that add up field by field: each game's report of what a player threw away
(``games/*/bots/waste.py``, issue 49) is a dataclass of such counts, one per seat and game,
added up by agent over many games (``bench.waste``)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any


class Tally:
    """A dataclass mixin: :meth:`add` adds another tally of the same kind, field by field."""

    __slots__ = ()

    def add(self, other: Any) -> None:
        for f in fields(self):  # type: ignore[arg-type]
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


__all__ = ["Tally"]
