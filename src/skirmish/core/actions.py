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

An action built in code may hold any Python value, so before a game applies one it
is validated from its class's field types (:meth:`Action.validate`,
:meth:`ActionSet.validate`): an ``int`` field holds an ``int`` (not a bool, not a
float); a ``float`` field and a point's coordinates hold finite numbers; numbers are
at most :data:`MAX_MAGNITUDE` in size; a ``Ref`` is well formed; an enum field holds
a member; a ``str`` is one printable word of at most :data:`MAX_TOKEN_LENGTH`
characters; and the action must read back from its own text as the same action.
"""

from __future__ import annotations

import dataclasses
import enum
import math
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


#: The references read lately, by text (a listing names the same pieces again and again:
#: checked against the pattern once each; a ``Ref`` never changes).
_REFS: dict[str, Ref] = {}
_REFS_KEPT = 4096


class Ref(str):
    """A reference to a piece: side letter, a dot, the piece's key (``A.Yuri``)."""

    __slots__ = ()
    _PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"[A-Z]\.[^\s]+")

    def __new__(cls, text: str) -> Ref:
        if cls is Ref and type(text) is str:
            known = _REFS.get(text)
            if known is not None:
                return known  # read before: one immutable object per text
        if not cls._PATTERN.fullmatch(text):
            raise NotationError(f"{text!r} is not a piece reference like 'A.Yuri'")
        ref = super().__new__(cls, text)
        if cls is Ref and type(text) is str:
            if len(_REFS) >= _REFS_KEPT:
                _REFS.clear()
            _REFS[text] = ref
        return ref

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


#: The largest size of a number in an action (centimetres, angles, counts): far beyond any
#: table, and small enough that arithmetic on it stays exact and finite.
MAX_MAGNITUDE = 1_000_000
#: The longest word (a name, a card, a ``Ref``) an action may hold.
MAX_TOKEN_LENGTH = 200

_MISSING = object()


def _show(value: Any) -> str:
    """``repr`` of a value for an error message: short, and never failing."""
    try:
        text = repr(value)
    except Exception:  # a huge int, a broken __repr__: say what it is
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _check_word(value: Any, what: str) -> None:
    if not isinstance(value, str):
        raise NotationError(f"{what}: {_show(value)} is not a word ({type(value).__name__})")
    if not value:
        raise NotationError(f"{what}: an empty word")
    if len(value) > MAX_TOKEN_LENGTH:
        raise NotationError(f"{what}: a word of {len(value)} characters "
                            f"(at most {MAX_TOKEN_LENGTH})")
    if " " in value or not value.isprintable():
        raise NotationError(
            f"{what}: {_show(value)} is not one word of printable characters without spaces"
        )


def _check_number(value: Any, what: str, *, whole: bool) -> None:
    if whole:
        if type(value) is not int:
            raise NotationError(
                f"{what}: {_show(value)} is not a whole number ({type(value).__name__})"
            )
    else:
        if type(value) is not float and type(value) is not int:
            raise NotationError(f"{what}: {_show(value)} is not a number ({type(value).__name__})")
        if type(value) is float and not math.isfinite(value):
            raise NotationError(f"{what}: {_show(value)} is not a finite number")
    if not -MAX_MAGNITUDE <= value <= MAX_MAGNITUDE:
        raise NotationError(f"{what}: {_show(value)} is out of range (at most {MAX_MAGNITUDE})")


def _check_value(kind: Any, value: Any, what: str) -> None:
    """Raise :class:`NotationError` unless ``value`` is a valid value of field type ``kind``."""
    if kind is int:
        _check_number(value, what, whole=True)
    elif kind is float:
        _check_number(value, what, whole=False)
    elif kind is Point:
        if not isinstance(value, Point):
            raise NotationError(f"{what}: {_show(value)} is not a Point ({type(value).__name__})")
        _check_number(value.x, f"{what} x", whole=False)
        _check_number(value.y, f"{what} y", whole=False)
    elif kind is Ref:
        _check_word(value, what)
        if not Ref._PATTERN.fullmatch(value):
            raise NotationError(f"{what}: {_show(value)} is not a piece reference like 'A.Yuri'")
    elif kind is str:
        _check_word(value, what)
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        if not isinstance(value, kind):
            allowed = ", ".join(str(m.value) for m in kind)
            raise NotationError(f"{what}: {_show(value)} is not one of {allowed}")
    else:  # pragma: no cover - ActionSet.add refuses such fields
        raise TypeError(f"no notation for field type {kind!r}")


def _supported(kind: Any) -> bool:
    return kind in (Point, Ref, int, float, str) or (
        isinstance(kind, type) and issubclass(kind, enum.Enum)
    )


class _FieldSpec(NamedTuple):
    name: str
    kind: Any
    optional: bool


#: Each action class's field specs (:func:`_field_specs`), by class.
_SPECS: dict[type, tuple[_FieldSpec, ...]] = {}


def _field_specs(cls: type[Action]) -> tuple[_FieldSpec, ...]:
    known = _SPECS.get(cls)
    if known is not None:
        return known
    cached = cls.__dict__.get("_specs_cache")
    if cached is not None:
        _SPECS[cls] = cached
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
        if not _supported(kind):
            raise TypeError(f"{cls.__name__}.{f.name}: no notation for field type {kind!r}")
        specs.append(_FieldSpec(f.name, kind, optional))
    result = tuple(specs)
    cls._specs_cache = result  # type: ignore[attr-defined]
    _SPECS[cls] = result
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
    #: Naming this action before it is played would tell the other players what its player
    #: alone knows (a card in his hand, his bid, his mission): a bot's explanation of the
    #: line it expects shows such an action of its own to nobody else (docs/web.md).
    private: ClassVar[bool] = False

    def __str__(self) -> str:
        parts = [self.verb]
        cls = type(self)
        for spec in _SPECS.get(cls) or _field_specs(cls):
            value = getattr(self, spec.name)
            kind = type(value)
            if kind is str or kind is Ref:
                parts.append(value)  # as _format_value writes it: the word itself
            elif kind is int:
                parts.append(str(value))
            elif kind is Point:
                parts.append(f"{format_number(value.x)},{format_number(value.y)}")
            elif value is None:
                if not spec.optional:
                    raise ValueError(f"{self.verb}: field {spec.name} is required")
            else:
                parts.append(_format_value(value))
        return " ".join(parts)

    def validate(self) -> None:
        """Raise :class:`NotationError`, naming the field, unless every field holds a valid
        value of its declared type (see the module's documentation)."""
        for spec in _field_specs(type(self)):
            what = f"{self.verb} {spec.name}"
            value = getattr(self, spec.name, _MISSING)
            if value is _MISSING:
                raise NotationError(f"{what}: the field has no value")
            if value is None:
                if not spec.optional:
                    raise NotationError(f"{what}: the field is required")
                continue
            _check_value(spec.kind, value, what)

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


#: How many validated actions an :class:`ActionSet` remembers (then it starts afresh).
_CANONICAL_KEPT = 4096


class ActionSet:
    """The actions of one ruleset, by verb. A verb is used once only."""

    def __init__(self, name: str, actions: Iterable[type[Action]] = (Pass,)) -> None:
        self.name = name
        self._by_verb: dict[str, type[Action]] = {}
        #: The canonical actions this set has given out lately, by identity: an action
        #: validated once (a game's history re-applied, a search copying games) is not
        #: re-read from its text again. Strong references keep the ids unique.
        self._canonical: dict[int, Action] = {}
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

    def validate(self, action: Action) -> Action:
        """The action in canonical form (as re-read from its own text: a ``Ref`` for a
        reference, floats for a ``float`` or a point, ``0.0`` for ``-0.0``), if it is an
        action of this set holding valid values; otherwise :class:`NotationError` naming
        the field at fault. A game applies the canonical form, so a record re-plays it
        exactly."""
        if self._canonical.get(id(action)) is action:
            return action
        if not isinstance(action, Action):
            raise NotationError(f"{_show(action)} is not an action")
        cls = type(action)
        if self._by_verb.get(cls.verb) is not cls:
            raise NotationError(f"{cls.__name__} is not an action of {self.name}")
        action.validate()
        text = str(action)
        canonical = self.parse(text)
        if canonical != action:
            raise NotationError(
                f"{cls.verb}: {_show(action)} does not read back from its notation {text!r}"
            )
        self.remember(canonical)
        return canonical

    def remember(self, action: Action) -> None:
        """Take ``action`` as valid from now on, without reading it back (the canonical
        form :meth:`validate` gave out, or an action a game itself offered)."""
        if len(self._canonical) >= _CANONICAL_KEPT:
            self._canonical.clear()
        self._canonical[id(action)] = action

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
