"""Rulebook 8, Equipment: ``Name (Category): Bonus / Penalty - Effects``.

The notation parses and prints back::

    Molotov (Projectile): Burn(1), Range(15), 1/match
    Pistol (Shooting): CBT +1 - Range(20), Str(3)
    Helmet (Pr): head +1
    Armour (Pr): complete +1
    Spear (Shooting/Projectile): CBT +1 - Range(10), Str(3) / Range(10), Explosive(2)

Two-category items write one part per category, separated by `` / `` (a slash with
spaces; ``1/match`` has none). A part is an optional bonus or penalty (``CBT +2``,
``SPD -1``; for a protection the limbs: ``head, arms +1`` or ``complete +2``), then
``-`` (or an en dash) and the effects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from skirmish.eden.profile import Characteristic, Limb


class Category(StrEnum):
    """Rulebook 8.A: the equipment categories (French: Tir, Jet, Souffle, Pr, Tech)."""

    SHOOTING = "Shooting"
    PROJECTILE = "Projectile"
    BLAST = "Blast"
    PR = "Pr"
    TECH = "Tech"

    @classmethod
    def parse(cls, text: str) -> Category:
        word = text.strip().lower()
        aliases = {"tir": "shooting", "jet": "projectile", "throwing": "projectile",
                   "souffle": "blast", "protection": "pr"}
        word = aliases.get(word, word)
        for member in cls:
            if member.value.lower() == word:
                return member
        allowed = ", ".join(m.value for m in cls)
        raise ValueError(f"unknown equipment category {text.strip()!r} (expected {allowed})")


#: Rulebook 8.C: the effect keywords and whether they take a value.
EFFECT_KEYWORDS = ("Burn", "Fear", "Explosive", "Range", "Str", "Poison", "Rage", "Slowdown")
RANGED = (Category.SHOOTING, Category.PROJECTILE, Category.BLAST)

_EFFECT = re.compile(r"^([A-Z][A-Za-z]*)\s*\(\s*(-?\d+)\s*\)$")
_LIMIT = re.compile(r"^(\d+)\s*/\s*(match|round|partie|tour)$", re.I)
_BONUS = re.compile(r"^(PSI|CBT|VIG|SPD|RAP)\s*([+-])\s*(\d+)$", re.I)
#: " / " between two categories' parts; also at either end when a part is empty, never in
#: "1/match" or "1 / round".
_PART_SEPARATOR = re.compile(r"(?:^|\s+)/(?!\s*(?:match|round|partie|tour)\b)(?:\s+|$)", re.I)
_PROTECTION = re.compile(r"^([a-z ,]+?)\s*\+\s*(\d+)$", re.I)


@dataclass(frozen=True, slots=True)
class EquipmentPart:
    """What one category of an item does: its bonus or penalty, protection and effects."""

    category: Category
    characteristic: Characteristic | None = None
    bonus: int = 0
    protects: tuple[Limb, ...] = ()
    protection: int = 0
    effects: tuple[tuple[str, int], ...] = ()
    per_match: int | None = None
    per_round: int | None = None

    def effect(self, keyword: str) -> int | None:
        for name, value in self.effects:
            if name == keyword:
                return value
        return None

    @property
    def range(self) -> float | None:
        value = self.effect("Range")
        return None if value is None else float(value)

    def __str__(self) -> str:
        head = ""
        if self.category is Category.PR and self.protects:
            limbs = (
                "complete"
                if set(self.protects) == set(Limb)
                else ", ".join(limb.value for limb in self.protects)
            )
            head = f"{limbs} +{self.protection}"
        elif self.characteristic is not None:
            sign = "+" if self.bonus >= 0 else "-"
            head = f"{self.characteristic.value} {sign}{abs(self.bonus)}"
        tail = [f"{name}({value})" for name, value in self.effects]
        if self.per_match is not None:
            tail.append(f"{self.per_match}/match")
        if self.per_round is not None:
            tail.append(f"{self.per_round}/round")
        if head and tail:
            return f"{head} - {', '.join(tail)}"
        return head or ", ".join(tail)


@dataclass(frozen=True, slots=True)
class Equipment:
    """An item of equipment: a name and one part per category."""

    name: str
    parts: tuple[EquipmentPart, ...]

    @property
    def categories(self) -> tuple[Category, ...]:
        return tuple(p.category for p in self.parts)

    def part(self, category: Category) -> EquipmentPart | None:
        for part in self.parts:
            if part.category is category:
                return part
        return None

    @property
    def ranged_parts(self) -> tuple[EquipmentPart, ...]:
        return tuple(p for p in self.parts if p.category in RANGED)

    def __str__(self) -> str:
        cats = "/".join(p.category.value for p in self.parts)
        body = " / ".join(str(p) for p in self.parts)
        return f"{self.name} ({cats}): {body}" if body else f"{self.name} ({cats})"

    @classmethod
    def parse(cls, text: str) -> Equipment:
        """Read the rulebook's notation; errors name the item and the part at fault."""
        match = re.match(r"^\s*(.+?)\s*\(([^)]*)\)\s*:?\s*(.*?)\s*$", text)
        if not match:
            raise ValueError(
                f"{text!r}: equipment is written 'Name (Category): Bonus/Penalty - Effects'"
            )
        name, cats, body = match.groups()
        try:
            categories = [Category.parse(c) for c in cats.split("/")]
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
        bodies = [b.strip() for b in _PART_SEPARATOR.split(body)] if body else []
        if len(bodies) > len(categories):
            raise ValueError(
                f"{name}: {len(bodies)} parts for {len(categories)} categories "
                "(separate the categories' parts with ' / ')"
            )
        bodies += [""] * (len(categories) - len(bodies))
        return cls(name, tuple(_parse_part(name, c, b) for c, b in zip(categories, bodies,
                                                                         strict=True)))


def _parse_part(name: str, category: Category, text: str) -> EquipmentPart:
    head, tail = "", text
    split = re.split(r"\s+[-–]\s+", text, maxsplit=1)
    if len(split) == 2:
        head, tail = split
    elif text and not (_EFFECT.match(text.split(",")[0].strip())
                       or _LIMIT.match(text.split(",")[0].strip())):
        head, tail = text, ""
    part: dict[str, object] = {"category": category}
    if head:
        bonus = _BONUS.match(head.strip())
        protection = _PROTECTION.match(head.strip())
        if bonus:
            sign = 1 if bonus.group(2) == "+" else -1
            part["characteristic"] = Characteristic.parse(bonus.group(1))
            part["bonus"] = sign * int(bonus.group(3))
        elif category is Category.PR and protection:
            words = [w.strip().lower() for w in protection.group(1).split(",")]
            if words == ["complete"]:
                part["protects"] = tuple(Limb)
            else:
                try:
                    part["protects"] = tuple(Limb(w) for w in words)
                except ValueError:
                    raise ValueError(
                        f"{name}: protected limbs must be head, arms, torso, legs or complete, "
                        f"got {protection.group(1)!r}"
                    ) from None
            part["protection"] = int(protection.group(2))
        else:
            raise ValueError(
                f"{name}: {head!r} is not a bonus/penalty like 'CBT +2'"
                + (" or a protection like 'head +1'" if category is Category.PR else "")
            )
    effects: list[tuple[str, int]] = []
    for item in (t.strip() for t in tail.split(",") if t.strip()):
        effect, limit = _EFFECT.match(item), _LIMIT.match(item)
        if limit:
            key = "per_match" if limit.group(2).lower() in ("match", "partie") else "per_round"
            part[key] = int(limit.group(1))
        elif effect and effect.group(1) in EFFECT_KEYWORDS:
            effects.append((effect.group(1), int(effect.group(2))))
        else:
            raise ValueError(
                f"{name}: unknown effect {item!r} (expected {', '.join(EFFECT_KEYWORDS)} "
                "with a value in brackets, or N/match, N/round)"
            )
    part["effects"] = tuple(effects)
    return EquipmentPart(**part)  # type: ignore[arg-type]
