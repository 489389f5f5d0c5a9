"""Profiles (docs/masseffect.md, ME5-ME7): what the draft prints for a figure.

The draft: «Un profil se décompose en trois parties, les caractéristiques, qui sont des nombres
(X) ou des seuils à atteindre (X+), les traits, qui sont des règles spéciales, telles que des
pouvoirs biotiques, et l'équipement». Its example, read by :meth:`Profile.parse` as it
stands (the lone ``-`` line of the forum post is ignored, ME5)::

    Mercenaire vétéran (4 points) :
    Tir : 4+
    Défense : 5+
    Mêlée : 5+
    Qualité : 4+
    Vitalité : 2
    Héroïsme : -
    Traits : Bouclier (6+, 1), Munitions incendiaires
    Équipement : Arme de mêlée, Fusil mitrailleur

:meth:`Profile.to_text` prints that canonical form (plus ``Faction : …`` and ``Socle : 40 mm``
lines when they are set). Thresholds (Tir, Défense, Mêlée, Qualité) are 2+ to 6+, lower is
better; Vitalité 1-20; Héroïsme 0-10, written ``-`` for 0. The traits are :class:`Trait`
(ME5 lists them); the equipment names the library's weapons and gear.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.core.names import fold
from skirmish.games.masseffect.cards.traits import ProfileError, Trait, TraitKind, check
from skirmish.games.masseffect.cards.weapons import split_items
from skirmish.games.masseffect.dice import THRESHOLD_RANGE
from skirmish.games.masseffect.rules import WALK_PAS, equipment_limit

VITALITY_RANGE = (1, 20)
HEROISM_RANGE = (0, 10)
POINTS_RANGE = (0, 100)
BASES_MM = (25, 30, 40, 50, 60)
MAX_NOTATION = 2000
_HEADER = re.compile(r"^(.+?)\s*\(\s*(\d{1,3})\s*(?:points?|pts?)\s*\)\s*:?$", re.I)
_LINE = re.compile(r"^([^:]+?)\s*:\s*(.*)$")
_THRESHOLD = re.compile(r"^(\d{1,2})\s*\+$")

#: The notation's lines: French label -> attribute (labels are read without case or accents).
LINES = {"Tir": "shoot", "Défense": "defence", "Mêlée": "melee", "Qualité": "quality",
         "Vitalité": "vitality", "Héroïsme": "heroism", "Traits": "traits",
         "Équipement": "equipment", "Faction": "faction", "Socle": "base_mm"}
_LABELS = {fold(k): v for k, v in LINES.items()}
_REQUIRED = ("shoot", "defence", "melee", "quality", "vitality", "heroism")


@dataclass(frozen=True, slots=True)
class Profile:
    """A figure's profile (ME5). Thresholds are the X of X+ (2-6, lower is better)."""

    name: str
    points: int
    shoot: int
    defence: int
    melee: int
    quality: int
    vitality: int
    heroism: int = 0
    traits: tuple[Trait, ...] = ()
    equipment: tuple[str, ...] = ()
    faction: str = ""
    base_mm: int = 30

    def __post_init__(self) -> None:
        who = self.name if isinstance(self.name, str) and self.name.strip() else "profile"
        try:
            self._validate()
        except ProfileError as exc:
            raise ProfileError(who, exc.field, exc.problem) from None

    def _validate(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or any(
                c in self.name for c in "():\n") or self.name != self.name.strip():
            raise ProfileError("", "name", f"a text without brackets or colons, got "
                               f"{self.name!r}")
        check(self.points, "points", POINTS_RANGE)
        for label, attribute in LINES.items():
            if attribute in ("shoot", "defence", "melee", "quality"):
                check(getattr(self, attribute), label, THRESHOLD_RANGE)
        check(self.vitality, "Vitalité", VITALITY_RANGE)
        check(self.heroism, "Héroïsme", HEROISM_RANGE)
        if not isinstance(self.faction, str) or "\n" in self.faction or (
                self.faction != self.faction.strip()):
            raise ProfileError("", "faction", f"a one-line text, got {self.faction!r}")
        if self.base_mm not in BASES_MM:
            raise ProfileError("", "Socle", f"one of {', '.join(map(str, BASES_MM))} mm, got "
                               f"{self.base_mm!r}")
        if not isinstance(self.traits, tuple) or not all(
                isinstance(t, Trait) for t in self.traits):
            raise ProfileError("", "Traits", "a tuple of Trait values")
        if not isinstance(self.equipment, tuple):
            raise ProfileError("", "Équipement", "a tuple of names")
        seen: set[str] = set()
        for trait in self.traits:
            key = fold(trait.name) if trait.kind is TraitKind.POWER else trait.kind.value
            if key in seen:
                raise ProfileError("", "Traits", f"{trait} is given twice")
            seen.add(key)
        for item in self.equipment:
            if not isinstance(item, str) or not item.strip() or any(c in item for c in ",\n"):
                raise ProfileError("", "Équipement", f"an item is a name without commas, got "
                                   f"{item!r}")
        if len({fold(i) for i in self.equipment}) != len(self.equipment):
            raise ProfileError("", "Équipement", "an item is listed twice")
        if self.arsenal is not None and not (self.unique and self.heroism >= 1):
            raise ProfileError("", "Traits", "Arsenal (N) is for a named hero: Unique with "
                               "Héroïsme 1 or more (ME7)")
        if len(self.equipment) > self.equipment_limit:
            raise ProfileError("", "Équipement", f"{len(self.equipment)} items, the limit is "
                               f"{self.equipment_limit} ({limit_reason(self)}, ME7)")

    # -- the traits, by meaning --------------------------------------------------------------
    def _trait(self, kind: TraitKind) -> Trait | None:
        return next((t for t in self.traits if t.kind is kind), None)

    @property
    def shield(self) -> Trait | None:
        """Bouclier (X+, N): ``save`` X, ``value`` N uses per phase (ME24)."""
        return self._trait(TraitKind.SHIELD)

    @property
    def barrier(self) -> Trait | None:
        return self._trait(TraitKind.BARRIER)

    @property
    def armour(self) -> int:
        """Armure (X): the armour points (0 without)."""
        trait = self._trait(TraitKind.ARMOUR)
        return trait.value or 0 if trait else 0

    @property
    def incendiary(self) -> bool:
        return self._trait(TraitKind.INCENDIARY) is not None

    @property
    def powers(self) -> tuple[Trait, ...]:
        return tuple(t for t in self.traits if t.kind is TraitKind.POWER)

    @property
    def initiative_bonus(self) -> int:
        trait = self._trait(TraitKind.TACTICIAN)
        return trait.value or 0 if trait else 0

    @property
    def move(self) -> int:
        """The move value in pas (4 unless Déplacement (X), ME10)."""
        trait = self._trait(TraitKind.MOVE)
        return trait.value or WALK_PAS if trait else WALK_PAS

    @property
    def unique(self) -> bool:
        return self._trait(TraitKind.UNIQUE) is not None

    @property
    def arsenal(self) -> int | None:
        trait = self._trait(TraitKind.ARSENAL)
        return trait.value if trait else None

    @property
    def is_hero(self) -> bool:
        """«un héros (i.e. un personnage avec un ou plusieurs points d'héroïsme)»."""
        return self.heroism >= 1

    @property
    def equipment_limit(self) -> int:
        return equipment_limit(self.heroism, self.arsenal)

    # -- the notation ----------------------------------------------------------------------
    def to_text(self) -> str:
        """The draft's notation (see the module's docstring)."""
        lines = [f"{self.name} ({self.points} point{'s' if self.points > 1 else ''}) :"]
        if self.faction:
            lines.append(f"Faction : {self.faction}")
        lines += [f"Tir : {self.shoot}+", f"Défense : {self.defence}+",
                  f"Mêlée : {self.melee}+", f"Qualité : {self.quality}+",
                  f"Vitalité : {self.vitality}", f"Héroïsme : {self.heroism or '-'}",
                  f"Traits : {', '.join(map(str, self.traits)) or '-'}",
                  f"Équipement : {', '.join(self.equipment) or '-'}"]
        if self.base_mm != 30:
            lines.append(f"Socle : {self.base_mm} mm")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def parse(cls, text: str, faction: str = "") -> Profile:
        """Read the notation. ``faction`` is the default when no ``Faction :`` line is
        given. Errors name the profile and the line at fault."""
        if not isinstance(text, str):
            raise ProfileError("", "", f"a profile is written as a text, got "
                               f"{type(text).__name__}")
        if len(text) > MAX_NOTATION:
            raise ProfileError("", "", f"a profile notation is at most {MAX_NOTATION} "
                               "characters")
        lines = [line.replace("\u00a0", " ").replace("\u202f", " ").strip()
                 for line in text.splitlines()]
        lines = [line for line in lines if line and line.strip("-–— ")]  # ME5: lone "-"
        if not lines:
            raise ProfileError("", "", "an empty profile: it starts 'Nom (N points) :'")
        header = _HEADER.match(lines[0])
        if header is None:
            raise ProfileError("", "name", f"{lines[0]!r}: a profile starts "
                               "'Nom (N points) :'")
        name = header.group(1).strip()
        try:
            fields = _read_lines(lines[1:])
        except ProfileError as exc:
            raise ProfileError(name, exc.field, exc.problem) from None
        fields.setdefault("faction", faction)
        return cls(name, int(header.group(2)), **fields)

    # -- dicts -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict; :meth:`from_dict` reads it back exactly."""
        return {"name": self.name, "points": self.points, "faction": self.faction,
                "shoot": self.shoot, "defence": self.defence, "melee": self.melee,
                "quality": self.quality, "vitality": self.vitality, "heroism": self.heroism,
                "traits": [str(t) for t in self.traits], "equipment": list(self.equipment),
                "base_mm": self.base_mm}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Profile:
        who = str(data.get("name", "profile"))
        known = {"name", "points", "faction", *_REQUIRED, "traits", "equipment", "base_mm"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ProfileError(who, unknown[0], "unknown field")
        missing = [k for k in ("name", "points", *_REQUIRED) if k not in data]
        if missing:
            raise ProfileError(who, missing[0], "is required")
        traits = []
        for i, text in enumerate(data.get("traits", ())):
            try:
                traits.append(Trait.parse(text))
            except ValueError as exc:
                raise ProfileError(who, f"traits[{i}]", str(exc)) from None
        return cls(data["name"], data["points"], data["shoot"], data["defence"],
                   data["melee"], data["quality"], data["vitality"], data["heroism"],
                   tuple(traits),
                   tuple(data.get("equipment", ())), data.get("faction", ""),
                   data.get("base_mm", 30))


def limit_reason(profile: Profile) -> str:
    if profile.arsenal is not None:
        return f"Arsenal ({profile.arsenal})"
    return "a hero, Héroïsme 1 or more" if profile.is_hero else "not a hero"


def _read_lines(lines: list[str]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for line in lines:
        match = _LINE.match(line)
        attribute = _LABELS.get(fold(match.group(1))) if match else None
        if match is None or attribute is None:
            raise ProfileError("", "notation", f"unknown line {line!r} (expected "
                               f"{', '.join(LINES)} : …)")
        label = next(k for k, v in LINES.items() if v == attribute)
        if attribute in fields:
            raise ProfileError("", label, "the line is given twice")
        try:
            fields[attribute] = _value(attribute, match.group(2).strip())
        except ValueError as exc:
            raise ProfileError("", label, str(exc)) from None
    missing = [label for label, a in LINES.items() if a in _REQUIRED and a not in fields]
    if missing:
        raise ProfileError("", missing[0], "the line is missing")
    return fields


def _value(attribute: str, raw: str) -> Any:
    if attribute in ("shoot", "defence", "melee", "quality"):
        match = _THRESHOLD.match(raw)
        if match is None:
            raise ValueError(f"{raw!r} is not a threshold like 4+")
        return int(match.group(1))
    if attribute == "heroism" and raw in ("-", "–", "—", ""):
        return 0
    if attribute in ("vitality", "heroism"):
        if not re.fullmatch(r"\d{1,2}", raw):
            raise ValueError(f"{raw!r} is not a whole number"
                             + (" (or - for none)" if attribute == "heroism" else ""))
        return int(raw)
    if attribute == "base_mm":
        match = re.fullmatch(r"(\d{1,3})\s*mm", raw)
        if match is None:
            raise ValueError(f"{raw!r} is not a base size like 40 mm")
        return int(match.group(1))
    if attribute == "faction":
        return raw
    items = [] if raw in ("-", "–", "—", "") else [i for i in split_items(raw) if i]
    if attribute == "traits":
        return tuple(Trait.parse(item) for item in items)
    return tuple(items)
