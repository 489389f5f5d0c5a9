"""Weapons and gear (docs/masseffect.md, ME32, ME35).

The draft: «L'équipement indique quels types d'armes peut utiliser le personnage» and an
unsaved hit «inflige autant de blessures qu'indiqué par l'arme du tireur (en général une,
mais parfois un D2, un D3, etc)». It gives no weapon profiles; ruling ME32 does. A
:class:`Weapon` is a ranged weapon (Tir), a melee weapon (Mêlée) or gear (Équipement), written
in a notation in the style of the draft's traits, read and printed both ways::

    Fusil mitrailleur (Tir) : Portée (16), Dégâts (1), Tirs (2)
    Fusil de précision (Tir) : Portée (30), Dégâts (D3), Lourd
    Grenade à fragmentation (Tir) : Portée (6), Dégâts (1), Explosif (1), Limité (2)
    Omni-lame (Mêlée) : Dégâts (D2), Points (1)
    Médigel (Équipement) : Limité (1)

``Portée`` (range, pas) for ranged weapons only; ``Dégâts`` (1-6, D2, D3, D6) for weapons;
``Tirs`` (shots, 1-4, printed when more than 1); the traits :data:`TRAITS`; ``Points``: what
the item costs when a band gives it to a figure whose card does not list it (ME39). Gear's
effects (a Médigel's heal) are data in the content file, not in the notation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.core.names import fold
from skirmish.games.masseffect.cards.powers import POWER_EFFECTS
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.dice import Amount


class WeaponKind(StrEnum):
    RANGED = "ranged"
    MELEE = "melee"
    GEAR = "gear"

    @property
    def french(self) -> str:
        return {"ranged": "Tir", "melee": "Mêlée", "gear": "Équipement"}[self.value]

    @classmethod
    def parse(cls, text: str) -> WeaponKind:
        found = {"tir": cls.RANGED, "ranged": cls.RANGED, "melee": cls.MELEE,
                 "equipement": cls.GEAR, "gear": cls.GEAR}.get(fold(text))
        if found is None:
            raise ValueError(f"unknown category {text!r} (expected Tir, Mêlée or Équipement)")
        return found


#: ME32: weapon traits, and the range of the value of those that take one.
TRAITS: dict[str, tuple[int, int] | None] = {
    "Lourd": None,          # fires only if the figure stayed put this turn
    "Perforant": None,      # its wounds ignore Armure
    "Incendiaire": None,    # its hits ignore Bouclier (as Munitions incendiaires)
    "Explosif": (1, 3),     # every other figure within X pas of the target is hit too
    "Limité": (1, 6),       # N uses per game
}
_TRAIT_FOLDED = {fold(k): k for k in TRAITS}
TRAITS_EXPECTED = ", ".join(k + (" (X)" if b else "") for k, b in TRAITS.items())
RANGE_PAS = (1, 36)
SHOTS = (1, 4)
POINTS = (0, 10)
MAX_NOTATION = 300

_ITEM = re.compile(r"^\s*([^():]+?)\s*\(([^()]*)\)\s*(?::\s*(.*?))?\s*$", re.S)
_VALUED = re.compile(r"^([^\W\d_][^()]*?)\s*\(\s*([^()]*?)\s*\)$")


def split_items(text: str) -> list[str]:
    """``text`` split at the commas outside brackets, each item stripped."""
    items, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items]


def _whole(text: str, what: str, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if not re.fullmatch(r"\d{1,3}", text) or not low <= int(text) <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}, got {text!r}")
    return int(text)


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon or gear card (ME32). ``range`` in pas (ranged only); ``damage`` per hit
    (weapons only); ``traits`` as (keyword, value or None) in card order."""

    name: str
    kind: WeaponKind
    damage: Amount | None = None
    range: int | None = None
    shots: int = 1
    traits: tuple[tuple[str, int | None], ...] = ()
    points: int = 0
    effects: tuple[Spec, ...] = ()
    text: str = ""

    def __post_init__(self) -> None:
        who = self.name if isinstance(self.name, str) and self.name.strip() else "weapon"
        try:
            self._validate()
        except ValueError as exc:
            raise ValueError(f"{who}: {exc}") from None

    def _validate(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or any(
                c in self.name for c in "(),:\n"):
            raise ValueError(f"name must be a text without brackets, commas or colons, got "
                             f"{self.name!r}")
        if not isinstance(self.kind, WeaponKind):
            raise ValueError(f"kind must be ranged, melee or gear, got {self.kind!r}")
        gear = self.kind is WeaponKind.GEAR
        if gear != (self.damage is None):
            raise ValueError("Dégâts: a weapon has damage, gear has none")
        if (self.kind is WeaponKind.RANGED) != (self.range is not None):
            raise ValueError("Portée: a ranged weapon has a range, and only it")
        if self.range is not None:
            _whole(str(self.range), "Portée", RANGE_PAS)
        _whole(str(self.shots), "Tirs", SHOTS)
        if self.shots != 1 and self.kind is not WeaponKind.RANGED:
            raise ValueError("Tirs: only a ranged weapon has several shots")
        _whole(str(self.points), "Points", POINTS)
        seen = set()
        for keyword, value in self.traits:
            if keyword not in TRAITS:
                raise ValueError(f"unknown trait {keyword!r} (expected {', '.join(TRAITS)})")
            if keyword in seen:
                raise ValueError(f"trait {keyword} is given twice")
            seen.add(keyword)
            bounds = TRAITS[keyword]
            if bounds is None and value is not None:
                raise ValueError(f"trait {keyword} takes no value")
            if bounds is not None:
                if value is None:
                    raise ValueError(f"trait {keyword} needs a value: {keyword} (X)")
                _whole(str(value), keyword, bounds)
        if gear and seen - {"Limité"}:
            raise ValueError("gear takes no weapon trait but Limité (N)")
        if self.effects and not gear:
            raise ValueError("effects: only gear has effects (a weapon deals its Dégâts)")
        for i, spec in enumerate(self.effects):
            POWER_EFFECTS.validate(spec, f"effects[{i}]")

    def trait(self, keyword: str) -> int | None:
        """The value of a valued trait; None if absent (use :meth:`has` for the others)."""
        return dict(self.traits).get(keyword)

    def has(self, keyword: str) -> bool:
        return any(k == keyword for k, _ in self.traits)

    @property
    def per_game(self) -> int | None:
        return self.trait("Limité")

    def to_text(self) -> str:
        """The notation (see the module's docstring)."""
        items = []
        if self.range is not None:
            items.append(f"Portée ({self.range})")
        if self.damage is not None:
            items.append(f"Dégâts ({self.damage})")
        if self.shots != 1:
            items.append(f"Tirs ({self.shots})")
        items += [k if v is None else f"{k} ({v})" for k, v in self.traits]
        if self.points:
            items.append(f"Points ({self.points})")
        head = f"{self.name} ({self.kind.french})"
        return f"{head} : {', '.join(items)}" if items else head

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def parse(cls, text: str) -> Weapon:
        """Read the notation; errors name the item and the part at fault."""
        if not isinstance(text, str):
            raise ValueError(f"a weapon is written as a text, got {type(text).__name__}")
        if len(text) > MAX_NOTATION:
            raise ValueError(f"a weapon notation is at most {MAX_NOTATION} characters")
        match = _ITEM.match(text.replace("\u00a0", " ").replace("\u202f", " "))
        if match is None:
            raise ValueError(f"{text!r}: a weapon is written 'Nom (Tir|Mêlée|Équipement) : "
                             "Portée (X), Dégâts (X), …'")
        name, category, body = match.group(1), match.group(2), match.group(3) or ""
        try:
            return cls._read(name, WeaponKind.parse(category), body)
        except ValueError as exc:
            message = str(exc)
            raise ValueError(message if message.startswith(f"{name}: ")
                             else f"{name}: {message}") from None

    @classmethod
    def _read(cls, name: str, kind: WeaponKind, body: str) -> Weapon:
        fields: dict[str, Any] = {}
        traits: list[tuple[str, int | None]] = []
        for item in (i for i in split_items(body) if i):
            valued = _VALUED.match(item)
            word = fold(valued.group(1) if valued else item)
            value = valued.group(2) if valued else None
            if word in ("portee", "degats", "tirs", "points") and value is not None:
                if word in fields:
                    raise ValueError(f"{item!r} is given twice")
                fields[word] = value
            elif word in _TRAIT_FOLDED:
                keyword = _TRAIT_FOLDED[word]
                bounds = TRAITS[keyword]
                traits.append((keyword, None if value is None or bounds is None
                               else _whole(value, keyword, bounds)))
                if bounds is None and value is not None:
                    raise ValueError(f"trait {keyword} takes no value")
            else:
                raise ValueError(f"unknown item {item!r} (expected Portée (X), Dégâts (X), "
                                 f"Tirs (N), Points (N), or a trait: {TRAITS_EXPECTED})")
        damage = Amount.parse(fields["degats"]) if "degats" in fields else None
        return cls(name, kind, damage,
                   _whole(fields["portee"], "Portée", RANGE_PAS) if "portee" in fields else None,
                   _whole(fields["tirs"], "Tirs", SHOTS) if "tirs" in fields else 1,
                   tuple(traits),
                   _whole(fields["points"], "Points", POINTS) if "points" in fields else 0)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"notation": self.to_text()}
        if self.effects:
            out["effects"] = [spec.to_dict() for spec in self.effects]
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Weapon:
        weapon = cls.parse(data["notation"])
        effects = tuple(Spec.from_dict(e) for e in data.get("effects", ()))
        return cls(weapon.name, weapon.kind, weapon.damage, weapon.range, weapon.shots,
                   weapon.traits, weapon.points, effects, data.get("text", ""))
