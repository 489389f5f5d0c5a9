"""Actions: small value types with a text notation that parses both ways.

An action is a frozen dataclass with a ``verb``. Its text is the verb followed by
its fields in order, separated by spaces: ``move A.Yuri 32.5,18``,
``charge A.Vladd B.Ngobo``, ``react dodge``, ``bid 3``, ``pass``. Field types
map to tokens:

- :class:`Ref` — a piece on the table, ``<side letter>.<key>`` (``A.Yuri``);
- :class:`Point` — ``x,y`` in centimetres, floats written exactly (``repr``);
- ``int``, ``str`` (one token with no spaces), and ``StrEnum`` values;
- a field typed ``X | None`` with default ``None`` may be left off at the end.

Each ruleset gathers its actions in an :class:`ActionSet`; two actions of one set
can never share a verb.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from skirmish.core.errors import NotationError


class Point(NamedTuple):
    """A point on the table, in centimetres."""

    x: float
    y: float


class Ref(str):
    """A reference to a piece: side letter, a dot, the piece's key (``A.Yuri``)."""

    __slots__ = ()
    _PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"[A-Z]\.[^\s]+")

    def __new__(cls, text: str) -> Ref:
        if not cls._PATTERN.fullmatch(text):
            raise NotationError(f"{text!r} is not a piece reference like 'A.Yuri'")
        return super().__new__(cls, text)

    @property
    def side(self) -> int:
        return ord(self[0]) - ord("A")

    @property
    def key(self) -> str:
        return self[2:]

    @classmethod
    def of(cls, side: int, key: str) -> Ref:
        return cls(f"{chr(ord('A') + side)}.{key}")


def format_number(value: float) -> str:
    """Shortest exact text of a number: ``18`` for 18.0, ``32.5``, ``0.1``."""
    if isinstance(value, int):
        return str(value)
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


def _parse_number(token: str, what: str) -> float:
    try:
        value = float(token)
    except ValueError:
        raise NotationError(f"{what}: {token!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise NotationError(f"{what}: {token!r} is not a finite number")
    return value


class _FieldSpec(NamedTuple):
    name: str
    kind: Any
    optional: bool


def _field_specs(cls: type[Action]) -> tuple[_FieldSpec, ...]:
    cached = cls.__dict__.get("_specs_cache")
    if cached is not None:
        return typing.cast(tuple[_FieldSpec, ...], cached)
    hints = typing.get_type_hints(cls)
    specs: list[_FieldSpec] = []
    for f in dataclasses.fields(cls):
        kind = hints[f.name]
        optional = False
        if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
            args = [a for a in typing.get_args(kind) if a is not type(None)]
            if len(args) != 1:
                raise TypeError(f"{cls.__name__}.{f.name}: unsupported union {kind}")
            kind, optional = args[0], True
        specs.append(_FieldSpec(f.name, kind, optional))
    result = tuple(specs)
    cls._specs_cache = result  # type: ignore[attr-defined]
    return result


def _format_value(value: Any) -> str:
    if isinstance(value, Point):
        return f"{format_number(value.x)},{format_number(value.y)}"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        raise TypeError("bool fields have no notation")
    if isinstance(value, float):
        return format_number(value)
    return str(value)


def _parse_value(kind: Any, token: str, what: str) -> Any:
    if kind is Point:
        parts = token.split(",")
        if len(parts) != 2:
            raise NotationError(f"{what}: {token!r} is not a point 'x,y'")
        return Point(_parse_number(parts[0], what), _parse_number(parts[1], what))
    if kind is Ref:
        try:
            return Ref(token)
        except NotationError as exc:
            raise NotationError(f"{what}: {exc}") from None
    if kind is int:
        try:
            return int(token)
        except ValueError:
            raise NotationError(f"{what}: {token!r} is not a whole number") from None
    if kind is float:
        return _parse_number(token, what)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(token)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in kind)
            raise NotationError(f"{what}: {token!r} is not one of {allowed}") from None
    if kind is str:
        return token
    raise TypeError(f"no notation for field type {kind!r}")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a ``verb``."""

    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        parts = [self.verb]
        for spec in _field_specs(type(self)):
            value = getattr(self, spec.name)
            if value is None:
                if not spec.optional:
                    raise ValueError(f"{self.verb}: field {spec.name} is required")
                continue
            parts.append(_format_value(value))
        return " ".join(parts)

    @classmethod
    def from_tokens(cls, tokens: list[str]) -> Action:
        specs = _field_specs(cls)
        required = sum(1 for s in specs if not s.optional)
        if not required <= len(tokens) <= len(specs):
            names = " ".join(f"[{s.name}]" if s.optional else s.name for s in specs)
            raise NotationError(
                f"'{cls.verb}' takes: {cls.verb} {names}".rstrip()
                + f" (got {len(tokens)} argument{'s' if len(tokens) != 1 else ''})"
            )
        values: dict[str, Any] = {}
        remaining = list(tokens)
        for index, spec in enumerate(specs):
            if not remaining:
                break
            try:
                values[spec.name] = _parse_value(spec.kind, remaining[0], f"{cls.verb} {spec.name}")
            except NotationError:
                # An optional field may be left out: the token may belong to a later one.
                later_optional = any(s.optional for s in specs[index + 1 :])
                if spec.optional and later_optional and len(remaining) < len(specs) - index:
                    continue
                raise
            remaining.pop(0)
        if remaining:
            raise NotationError(f"'{cls.verb}': cannot read {' '.join(remaining)!r}")
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to act (a player's turn passes)."""

    verb: ClassVar[str] = "pass"


class ActionSet:
    """The actions of one ruleset, by verb. A verb is used once only."""

    def __init__(self, name: str, actions: Iterable[type[Action]] = (Pass,)) -> None:
        self.name = name
        self._by_verb: dict[str, type[Action]] = {}
        for cls in actions:
            self.add(cls)

    def add(self, cls: type[Action]) -> type[Action]:
        if not cls.verb or not re.fullmatch(r"[a-z][a-z0-9-]*", cls.verb):
            raise TypeError(f"{cls.__name__} needs a lower-case one-word verb, got {cls.verb!r}")
        other = self._by_verb.get(cls.verb)
        if other is not None and other is not cls:
            raise TypeError(
                f"{self.name}: verb {cls.verb!r} is already {other.__name__}, not {cls.__name__}"
            )
        _field_specs(cls)  # fail early on unsupported field types
        self._by_verb[cls.verb] = cls
        return cls

    def __call__(self, cls: type[Action]) -> type[Action]:
        """Use the set as a class decorator."""
        return self.add(cls)

    def __contains__(self, verb: object) -> bool:
        return verb in self._by_verb

    def __iter__(self) -> Iterator[type[Action]]:
        return iter(self._by_verb.values())

    def parse(self, text: str) -> Action:
        tokens = text.split()
        if not tokens:
            raise NotationError("empty action text")
        cls = self._by_verb.get(tokens[0])
        if cls is None:
            verbs = ", ".join(sorted(self._by_verb))
            raise NotationError(f"unknown action {tokens[0]!r} in {self.name} (verbs: {verbs})")
        return cls.from_tokens(tokens[1:])


CORE_ACTIONS = ActionSet("core")


def parse_action(text: str, actions: ActionSet = CORE_ACTIONS) -> Action:
    """Parse an action's text in the given ruleset's notation."""
    return actions.parse(text)
