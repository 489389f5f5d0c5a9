"""A parameter an agent accepts (:class:`Parameter`) and its values: the vocabulary of the
agents' registry (:mod:`skirmish.bots.registry`), in a module of its own so that a game's
bots part (:mod:`skirmish.bots.game_parts`) can declare the parameters it adds to an agent
without importing the registry (which loads the games' parts)."""

from __future__ import annotations

import math
from dataclasses import dataclass

#: A parameter's value, once read from its text.
Value = int | float | bool | str

_KINDS: dict[type, str] = {int: "a whole number", float: "a number", bool: "true or false",
                           str: "a word"}
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True, slots=True)
class Parameter:
    """A parameter an agent accepts: its type (int, float, bool or str), bounds for numbers
    (inclusive), the words a str may be, a line of help, and the value it has when not
    given (``default``: what the agent reads then; ``None`` when the agent decides)."""

    kind: type = int
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    default: Value | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise TypeError(f"a parameter is an int, float, bool or str, not {self.kind}")

    def read(self, text: str) -> Value:
        """The value of ``text``; ``ValueError`` (without the parameter's name) if bad."""
        word = text.strip()
        value: Value
        if self.kind is bool:
            if word.lower() not in (*_TRUE, *_FALSE):
                raise ValueError(f"takes true or false, got {text!r}")
            value = word.lower() in _TRUE
        elif self.kind is str:
            if self.choices and word not in self.choices:
                raise ValueError(f"is one of {', '.join(self.choices)}, got {text!r}")
            value = word
        else:
            try:
                value = int(word) if self.kind is int else float(word)
            except ValueError:
                raise ValueError(f"takes {_KINDS[self.kind]}, got {text!r}") from None
            if not math.isfinite(value):
                raise ValueError(f"takes a finite number, got {text!r}")
        self.check(value)
        return value

    def check(self, value: Value) -> None:
        """Refuse a value of the wrong type or out of bounds (``ValueError``)."""
        kinds: tuple[type, ...] = (int, float) if self.kind is float else (self.kind,)
        if not isinstance(value, kinds) or (self.kind is not bool and isinstance(value, bool)):
            raise ValueError(f"takes {_KINDS[self.kind]}, got {value!r}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.low is not None and value < self.low:
                raise ValueError(f"must be at least {self.low:g}, got {value:g}")
            if self.high is not None and value > self.high:
                raise ValueError(f"must be at most {self.high:g}, got {value:g}")

    def describe(self) -> str:
        bounds = ""
        if self.low is not None or self.high is not None:
            low = "" if self.low is None else f"{self.low:g}"
            high = "" if self.high is None else f"{self.high:g}"
            bounds = f" {low}..{high}"
        choices = f" ({'|'.join(self.choices)})" if self.choices else ""
        return f"{self.kind.__name__}{bounds}{choices}"


__all__ = ["Parameter", "Value"]
