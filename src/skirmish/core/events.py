"""Events: every state change is an event appended to the game's log.

Events are frozen dataclasses. ``audience`` says who may see one: ``None`` is
public; a tuple of player indices restricts it (a secret bid, a drawn hand), and
everybody else sees :meth:`Event.redacted` instead. Each concrete event class has
a unique ``kind`` (namespaced by ruleset, e.g. ``"mygame.wound"``) that names it in
JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

_EVENT_TYPES: dict[str, type[Event]] = {}


def plural(count: int, one: str, many: str) -> str:
    """``count`` and the noun that goes with it: "1 success", "0 successes", "2 cards"."""
    return f"{count} {one if count == 1 else many}"


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if hasattr(value, "value") and not isinstance(value, int | float | str | bool):
        return value.value  # enums
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Subclasses add fields and a ``kind``."""

    kind: ClassVar[str] = ""
    audience: tuple[int, ...] | None = field(default=None, kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # (slots dataclasses re-create the class, so no zero-argument super() here)
        kind = cls.__dict__.get("kind")
        if kind:
            other = _EVENT_TYPES.get(kind)
            if other is not None and other.__qualname__ != cls.__qualname__:
                raise TypeError(f"event kind {kind!r} is already used by {other.__qualname__}")
            _EVENT_TYPES[kind] = cls

    def text(self) -> str:
        """One line of narration."""
        return self.kind

    def visible_to(self, player: int) -> bool:
        return self.audience is None or player in self.audience

    def redacted(self) -> Event:
        """What a player outside the audience is told (by default: that something happened)."""
        return HiddenEvent(of=self.kind)

    def for_player(self, player: int) -> Event:
        return self if self.visible_to(player) else self.redacted()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "audience" and value is None:
                continue
            data[f.name] = _jsonable(value)
        return data


def event_from_json(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from :meth:`Event.to_json` (its class must have been imported)."""
    kind = data.get("kind")
    cls = _EVENT_TYPES.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}")
    fields = {k: _tuplify(v) for k, v in data.items() if k != "kind"}
    return cls(**fields)


@dataclass(frozen=True, slots=True)
class HiddenEvent(Event):
    """Stands in for an event the reader may not see."""

    kind: ClassVar[str] = "hidden"
    of: str = ""

    def text(self) -> str:
        return f"(hidden {self.of})"


@dataclass(frozen=True, slots=True)
class ActionEvent(Event):
    """A player's decision, in the ruleset's action notation."""

    kind: ClassVar[str] = "action"
    player: int = 0
    action: str = ""

    def text(self) -> str:
        return f"player {'AB'[self.player] if self.player < 2 else self.player}: {self.action}"

    def redacted(self) -> Event:
        return ActionEvent(player=self.player, action="(secret)")


@dataclass(frozen=True, slots=True)
class RollEvent(Event):
    """A roll, in full: its kind, who rolled, for which characteristic, against what.

    ``value`` is the characteristic's effective value after every modifier and
    ``difficulty`` the difficulty asked for; ``dice`` is how many dice were actually
    rolled (after any adjustment the rules make), ``faces`` what they showed and
    ``successes`` how many counted. ``detail`` explains any adjustment in words.
    For an opposition roll ``opponent`` and ``opponent_value`` name the other side
    and ``faces`` holds the pairs rolled, first the fighter's then the opponent's.
    """

    kind: ClassVar[str] = "roll"
    roll: str = ""
    fighter: str = ""
    characteristic: str = ""
    value: int = 0
    difficulty: int | None = None
    dice: int = 0
    faces: tuple[int, ...] = ()
    successes: int = 0
    opponent: str = ""
    opponent_value: int | None = None
    detail: str = ""

    def text(self) -> str:
        if not self.fighter and not self.characteristic:
            # A roll by no fighter and for no characteristic: the players' own dice (the
            # tie-break of records made before it had an event of its own).
            extra = f" ({self.detail})" if self.detail else ""
            return f"{self.roll} roll: {list(self.faces)}{extra}"
        who = self.fighter or "?"
        if self.roll == "opposition":
            return (
                f"{who} {self.characteristic} {self.value} vs {self.opponent} "
                f"{self.opponent_value}: faces {list(self.faces)}; "
                f"{'won' if self.successes else 'lost'} {self.detail}".rstrip()
            )
        if self.roll == "location":
            return f"{who} location roll: {list(self.faces)} {self.detail}".rstrip()
        against = f" difficulty {self.difficulty}" if self.difficulty is not None else ""
        extra = f" ({self.detail})" if self.detail else ""
        return (
            f"{who} {self.roll} roll {self.characteristic} {self.value}{against}: "
            f"{list(self.faces)} -> {plural(self.successes, 'success', 'successes')}{extra}"
        )


@dataclass(frozen=True, slots=True)
class NoteEvent(Event):
    """A line of narration that changes nothing by itself (phase and round markers)."""

    kind: ClassVar[str] = "note"
    message: str = ""

    def text(self) -> str:
        return self.message
