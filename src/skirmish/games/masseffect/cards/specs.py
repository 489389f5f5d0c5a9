"""Effects and conditions as plain data: a ``kind`` and its parameters, validated against a
registry of kinds (the style of :func:`skirmish.games.eden.effects.validate_spec`).

A :class:`Spec` is what a card says (``{kind: damage, amount: D2, ignores: [Bouclier]}``);
what it *does* is for the turn engine, which reads the parameters by name
(:meth:`Spec.param`, :meth:`Spec.amount`). A :class:`Kinds` registry lists every kind a
card may use and, for each, its parameters (:class:`Param`: the type, required or not, the
values or range allowed). :meth:`Kinds.validate` refuses an unknown kind, a missing or unknown
parameter, a value of the wrong type or out of range, naming the card's place
(``effects[0]``), the kind and the parameter.

Used by powers (:data:`skirmish.games.masseffect.cards.powers.POWER_EFFECTS`), gear
(:mod:`skirmish.games.masseffect.cards.weapons`) and scenarios
(:data:`skirmish.games.masseffect.cards.scenarios.VICTORY_KINDS`, :data:`~.DEPLOYMENT_KINDS`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from skirmish.games.masseffect.dice import Amount

#: A spec's parameters: sorted (name, value) pairs; lists become tuples (hashable).
Params = tuple[tuple[str, Any], ...]


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Spec:
    """One effect or condition of a card: its ``kind`` and parameters (plain data)."""

    kind: str
    params: Params = ()

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def amount(self, name: str = "amount") -> Amount:
        """A parameter that is an amount ("1", "D3"), read as an :class:`Amount`."""
        return Amount.parse(self.param(name))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.params}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Spec:
        if not isinstance(data, Mapping):
            raise ValueError(f"expected a mapping {{kind: ..., ...}}, got {data!r}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"'kind' (a text) is required, got {kind!r}")
        params = tuple(sorted((str(k), _freeze(v)) for k, v in data.items() if k != "kind"))
        return cls(kind, params)


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a kind: the Python type(s) it takes, whether it is required, and
    the values allowed (``choices``: for a text or each item of a list; ``low``/``high``:
    for a number). ``amount``: a text or number read by :meth:`Amount.parse`."""

    types: type | tuple[type, ...]
    required: bool = False
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    amount: bool = False
    doc: str = ""

    def expected(self) -> str:
        if self.amount:
            return "an amount: a number 1-6 or a die D2, D3, D6"
        names = self.types if isinstance(self.types, tuple) else (self.types,)
        text = " or ".join({"str": "a text", "int": "a whole number", "bool": "true or false",
                            "tuple": "a list"}.get(t.__name__, t.__name__) for t in names)
        if self.choices:
            text += f" ({', '.join(self.choices)})"
        if self.low is not None or self.high is not None:
            text += f" from {self.low} to {self.high}"
        return text

    def check(self, value: Any) -> str | None:
        """None if ``value`` is allowed, else what was expected."""
        if self.amount:
            try:
                Amount.parse(value)
            except ValueError:
                return self.expected()
            return None
        types = self.types if isinstance(self.types, tuple) else (self.types,)
        if isinstance(value, bool) and bool not in types:
            return self.expected()
        if not isinstance(value, types):
            return self.expected()
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if self.choices and item not in self.choices:
                return self.expected()
            if isinstance(item, int) and not isinstance(item, bool) and (
                    (self.low is not None and item < self.low)
                    or (self.high is not None and item > self.high)):
                return self.expected()
        return None


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of effect or condition: its name, parameters and what it means."""

    name: str
    params: Mapping[str, Param] = field(default_factory=dict)
    description: str = ""


class Kinds(Mapping[str, Kind]):
    """A registry of kinds (name -> :class:`Kind`), for one use (power effects, victory
    conditions, deployments)."""

    def __init__(self, what: str, *kinds: Kind) -> None:
        self.what = what
        self._kinds = {k.name: k for k in kinds}

    def __getitem__(self, name: str) -> Kind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)

    def validate(self, spec: Spec, where: str) -> None:
        """Raise ``ValueError("where: ...")`` unless ``spec`` is a known kind with valid
        parameters."""
        kind = self._kinds.get(spec.kind)
        if kind is None:
            raise ValueError(f"{where}: unknown {self.what} kind {spec.kind!r} (expected "
                             f"{', '.join(self._kinds)})")
        given = dict(spec.params)
        for name, param in kind.params.items():
            if name not in given:
                if param.required:
                    raise ValueError(f"{where}: {self.what} '{spec.kind}' needs parameter "
                                     f"'{name}' ({param.expected()})")
                continue
            problem = param.check(given[name])
            if problem is not None:
                raise ValueError(f"{where}: {self.what} '{spec.kind}' parameter '{name}' "
                                 f"must be {problem}, got {_thaw(given[name])!r}")
        unknown = sorted(set(given) - set(kind.params))
        if unknown:
            raise ValueError(f"{where}: {self.what} '{spec.kind}' has no parameter "
                             f"{', '.join(unknown)} (expected "
                             f"{', '.join(kind.params) or 'none'})")

    def build(self, data: Mapping[str, Any], where: str) -> Spec:
        """A validated :class:`Spec` from its mapping (``{kind: ..., ...}``)."""
        try:
            spec = Spec.from_dict(data)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        self.validate(spec, where)
        return spec
