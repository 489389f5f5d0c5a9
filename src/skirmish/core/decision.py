"""The one pending decision of a game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, what kind of choice it is, and what to tell them.

    ``player`` can be the non-active player (reactions, interrupts). ``kind`` is a
    short word the ruleset defines (``"activate"``, ``"reaction"``, ``"bid"``…);
    ``prompt`` is one line for a person; ``options`` names the choices offered
    when they are few (the legal actions say exactly what may be done); ``context`` gives
    the facts the choice depends on as JSON data (for bots and user interfaces), and holds
    nothing the deciding player may not know.
    """

    player: int
    kind: str
    prompt: str = ""
    options: tuple[str, ...] = ()
    context: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": list(self.options),
            "context": dict(self.context),
        }
