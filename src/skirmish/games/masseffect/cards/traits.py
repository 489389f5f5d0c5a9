"""Traits of a profile (docs/masseffect.md, ME5): «les traits, qui sont des règles spéciales,
telles que des pouvoirs biotiques».

:class:`Trait` reads and prints one trait of the draft's notation: ``Bouclier (6+, 1)``,
``Barrière (5+, 2)``, ``Armure (2)``, ``Munitions incendiaires``, a power ``Projection
(biotique)`` (kind biotique, tech or autre), and the traits the rulings add: ``Tacticien (+1)``
(ME9), ``Déplacement (5)`` (ME10), ``Unique`` and ``Arsenal (4)`` (ME7, ME39).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.core.names import fold
from skirmish.games.masseffect.cards.powers import PowerKind
from skirmish.games.masseffect.dice import THRESHOLD_RANGE
from skirmish.games.masseffect.rules import ARSENAL_RANGE

_VALUED = re.compile(r"^(.+?)\s*\(\s*([^()]*?)\s*\)$")
_PROTECTION = re.compile(r"^(\d{1,2})\s*\+\s*,\s*(\d{1,2})$")


class TraitKind(StrEnum):
    """ME5: the traits a profile may have (the value is the French keyword)."""

    SHIELD = "Bouclier"           # Bouclier (X+, N)
    BARRIER = "Barrière"          # Barrière (X+, N)
    ARMOUR = "Armure"             # Armure (X)
    INCENDIARY = "Munitions incendiaires"
    POWER = "power"               # Nom (biotique|tech|autre)
    TACTICIAN = "Tacticien"       # Tacticien (+N): initiative modifier (ME9)
    MOVE = "Déplacement"          # Déplacement (X): move value in pas (ME10)
    UNIQUE = "Unique"             # a named figure: once per band (ME39)
    ARSENAL = "Arsenal"           # Arsenal (N): a named hero's equipment limit (ME7)


#: The value ranges of valued traits (ME5).
TRAIT_RANGES = {TraitKind.ARMOUR: (1, 10), TraitKind.TACTICIAN: (1, 3),
                TraitKind.MOVE: (1, 12), TraitKind.ARSENAL: ARSENAL_RANGE}
USES_RANGE = (1, 6)
_KEYWORDS = {fold(k.value): k for k in TraitKind if k is not TraitKind.POWER}


class ProfileError(ValueError):
    """A profile that cannot be read or is not valid: ``profile`` (its name, if known),
    ``field`` (the line or field at fault: "Tir", "Traits", "Équipement" …) and
    ``problem``; ``str()`` is ``"profile: field: problem"``."""

    def __init__(self, profile: str, field: str, problem: str) -> None:
        self.profile, self.field, self.problem = profile, field, problem
        super().__init__(": ".join(p for p in (profile, field, problem) if p))


def check(value: Any, what: str, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProfileError("", what, f"must be a whole number from {low} to {high}, got "
                           f"{value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Trait:
    """One trait. ``save``/``value`` are the X+ and N of Bouclier/Barrière; ``value`` the X
    of Armure, Tacticien, Déplacement, Arsenal; ``name``/``power_kind`` a power's."""

    kind: TraitKind
    value: int | None = None
    save: int | None = None
    name: str = ""
    power_kind: PowerKind | None = None

    def __post_init__(self) -> None:
        if self.kind in (TraitKind.SHIELD, TraitKind.BARRIER):
            check(self.save, f"{self.kind} save", THRESHOLD_RANGE)
            check(self.value, f"{self.kind} uses", USES_RANGE)
        elif self.kind in TRAIT_RANGES:
            check(self.value, str(self.kind), TRAIT_RANGES[self.kind])
        elif self.value is not None or self.save is not None:
            raise ValueError(f"trait {self.kind} takes no value")
        if self.kind is TraitKind.POWER:
            if not isinstance(self.power_kind, PowerKind):
                raise ValueError(f"power {self.name!r} needs its kind (biotique, tech, autre)")
            if not self.name.strip() or any(c in self.name for c in "(),:\n") or (
                    fold(self.name) in _KEYWORDS):
                raise ValueError(f"a power's name is a text without brackets, commas or "
                                 f"colons, and not a trait keyword, got {self.name!r}")

    def to_text(self) -> str:
        if self.kind is TraitKind.POWER:
            assert self.power_kind is not None
            return f"{self.name} ({self.power_kind.french})"
        if self.save is not None:
            return f"{self.kind.value} ({self.save}+, {self.value})"
        if self.kind is TraitKind.TACTICIAN:
            return f"{self.kind.value} (+{self.value})"
        if self.value is not None:
            return f"{self.kind.value} ({self.value})"
        return self.kind.value

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def parse(cls, text: str) -> Trait:
        """One trait in the draft's notation; a ``ValueError`` says what is expected."""
        text = text.strip()
        valued = _VALUED.match(text)
        word = fold(valued.group(1) if valued else text)
        kind = _KEYWORDS.get(word)
        if kind is None and valued:
            try:
                power_kind = PowerKind.parse(valued.group(2))
            except ValueError:
                power_kind = None
            if power_kind is not None:
                return cls(TraitKind.POWER, name=valued.group(1).strip(),
                           power_kind=power_kind)
        if kind is None:
            raise ValueError(f"unknown trait {text!r} (expected {TRAITS_EXPECTED})")
        if kind in (TraitKind.SHIELD, TraitKind.BARRIER):
            protection = _PROTECTION.match(valued.group(2)) if valued else None
            if protection is None:
                raise ValueError(f"{text!r}: write {kind.value} (X+, N), e.g. "
                                 f"{kind.value} (5+, 2)")
            return cls(kind, int(protection.group(2)), int(protection.group(1)))
        if kind in TRAIT_RANGES:
            raw = valued.group(2) if valued else ""
            if kind is TraitKind.TACTICIAN:
                raw = raw.removeprefix("+").strip()
            if not re.fullmatch(r"\d{1,2}", raw):
                sign = "+" if kind is TraitKind.TACTICIAN else ""
                raise ValueError(f"{text!r}: write {kind.value} ({sign}X) with a whole number")
            return cls(kind, int(raw))
        if valued:
            raise ValueError(f"{text!r}: trait {kind.value} takes no value")
        return cls(kind)


TRAITS_EXPECTED = ("Bouclier (X+, N), Barrière (X+, N), Armure (X), Munitions incendiaires, "
                   "Tacticien (+N), Déplacement (X), Arsenal (N), Unique, or a power "
                   "'Nom (biotique|tech|autre)'")
