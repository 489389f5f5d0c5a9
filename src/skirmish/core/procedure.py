"""Rule procedures: plain data on the game's stack.

A procedure is a small mutable dataclass (no suspended generator), so a game
copies by copying its fields. The game looks at the procedure on top of the
stack: if :meth:`Procedure.decision` names a player, the game waits for that
player's action; otherwise it calls :meth:`Procedure.run`, which resolves an
automatic step (rolling dice, pushing sub-procedures, popping itself).

Each concrete procedure has a unique ``name`` (namespaced by ruleset, e.g.
``"mygame.melee"``) that names it in snapshots.
"""

from __future__ import annotations

import copy
import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.core.actions import Action, Point, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError

if TYPE_CHECKING:
    from skirmish.core.game import Game

_PROCEDURE_TYPES: dict[str, type[Procedure]] = {}


def _to_json(value: Any) -> Any:
    if isinstance(value, Point):
        return [value.x, value.y]
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _to_json(v) for k, v in value.items()}
    return value


def _from_json(kind: Any, value: Any) -> Any:
    """Rebuild a field value from JSON following its type hint (tuples, points, refs)."""
    if value is None:
        return None
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Point:
        return Point(float(value[0]), float(value[1]))
    if kind is Ref:
        return Ref(value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_json(args[0], v) for v in value)
        return tuple(_from_json(a, v) for a, v in zip(args, value, strict=True))
    if origin is list:
        return [_from_json(args[0] if args else Any, v) for v in value]
    if origin is dict:
        return dict(value)
    if args and type(None) in args:  # Optional[X]
        inner = [a for a in args if a is not type(None)]
        return _from_json(inner[0], value) if len(inner) == 1 else value
    if isinstance(kind, type) and issubclass(kind, str) and kind is not str:
        return kind(value)  # str enums
    return value


@dataclass(slots=True)
class Procedure:
    """One step of the rules, waiting on the stack."""

    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # (slots dataclasses re-create the class, so no zero-argument super() here)
        name = cls.__dict__.get("name")
        if name:
            other = _PROCEDURE_TYPES.get(name)
            if other is not None and other.__qualname__ != cls.__qualname__:
                raise TypeError(f"procedure name {name!r} is already {other.__qualname__}")
            _PROCEDURE_TYPES[name] = cls

    # -- what the game asks of a procedure ---------------------------------------------
    def decision(self, game: Game) -> Decision | None:
        """The decision this procedure waits for, or ``None`` if it runs by itself."""
        return None

    def legal_actions(self, game: Game) -> list[Action]:
        """A finite, deterministic list of representative legal actions."""
        return []

    def check(self, game: Game, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is not allowed. Must not mutate."""
        if action not in self.legal_actions(game):
            options = ", ".join(str(a) for a in self.legal_actions(game)[:8])
            raise IllegalActionError(
                f"'{action}' is not allowed now (expected one of: {options})", self.rule()
            )

    def rule(self) -> str:
        """The rulebook reference of this procedure (first line of its docstring)."""
        doc = type(self).__doc__ or type(self).__name__
        return doc.strip().splitlines()[0].rstrip(".")

    def apply(self, game: Game, action: Action) -> None:
        """Carry out a checked action."""
        raise IllegalActionError(f"{type(self).__name__} takes no action", self.rule())

    def run(self, game: Game) -> None:
        """Resolve an automatic step. Must pop this procedure or change its state."""
        raise RuntimeError(f"{type(self).__name__} waits for a decision and cannot run by itself")

    # -- copying and snapshots ----------------------------------------------------------
    def clone(self) -> Procedure:
        """A copy sharing nothing mutable. Lists and dicts are copied one level deep."""
        other = copy.copy(self)
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list):
                object.__setattr__(other, f.name, list(value))
            elif isinstance(value, dict):
                object.__setattr__(other, f.name, dict(value))
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"procedure": self.name}
        for f in dataclasses.fields(self):
            data[f.name] = _to_json(getattr(self, f.name))
        return data


def procedure_from_json(data: Mapping[str, Any]) -> Procedure:
    """Rebuild a procedure from :meth:`Procedure.to_json` (its module must be imported)."""
    name = str(data.get("procedure"))
    cls = _PROCEDURE_TYPES.get(name)
    if cls is None:
        raise ValueError(f"unknown procedure {name!r}")
    hints = typing.get_type_hints(cls)
    values = {
        f.name: _from_json(hints[f.name], data[f.name])
        for f in dataclasses.fields(cls)
        if f.name in data
    }
    return cls(**values)
