"""Profile cards: what is printed on a fighter's card.

Rulebook 1, "Profile cards": name (1), faction (2), types (3), the four limbs (4),
their Constitution Points (5), characteristics (6) and location indices (7),
equipment (8), value (9), stigma (10) and special abilities (11).

A :class:`FighterProfile` is immutable and shared by every copy of a game; the
damage a fighter takes lives in :class:`skirmish.games.eden.fighter.Fighter`.
Profiles read from and write to plain JSON-friendly dicts so that players can
type in their own cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Characteristic(StrEnum):
    """Rulebook 1.6: the four characteristics, each tied to a limb."""

    PSI = "PSI"
    CBT = "CBT"
    VIG = "VIG"
    SPD = "SPD"

    @classmethod
    def parse(cls, text: str) -> Characteristic:
        """Read a characteristic's abbreviation; the French "RAP" (Rapidité) is SPD."""
        word = text.strip().upper()
        if word == "RAP":
            return cls.SPD
        try:
            return cls(word)
        except ValueError:
            raise ValueError(
                f"unknown characteristic {text!r} (expected PSI, CBT, VIG, SPD or RAP)"
            ) from None


class Limb(StrEnum):
    """Rulebook 1.4: every fighter has four limbs: head, arms, torso and legs."""

    HEAD = "head"
    ARMS = "arms"
    TORSO = "torso"
    LEGS = "legs"


#: Rulebook 1.6: PSI with the head, CBT with the arms, VIG with the torso, SPD with the legs.
CHARACTERISTIC_OF: dict[Limb, Characteristic] = {
    Limb.HEAD: Characteristic.PSI,
    Limb.ARMS: Characteristic.CBT,
    Limb.TORSO: Characteristic.VIG,
    Limb.LEGS: Characteristic.SPD,
}

#: The limb whose wounds set each characteristic (inverse of :data:`CHARACTERISTIC_OF`).
LIMB_OF: dict[Characteristic, Limb] = {c: limb for limb, c in CHARACTERISTIC_OF.items()}

_LIMB_FIELDS = ("white_cp", "red_cp", "white", "red", "faces")
_PROFILE_FIELDS = (
    "name",
    "faction",
    "stigma",
    "types",
    "value",
    "limbs",
    "equipment",
    "abilities",
    "base_mm",
    "level",
)


def _check_int(field: str, value: object, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{field} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{field} must be >= {minimum}, got {value}")


@dataclass(frozen=True, slots=True)
class LimbProfile:
    """One limb of a profile card (Rulebook 1.5, 1.6, 1.7).

    ``white_cp``/``red_cp`` are the white and red Constitution Point dots;
    ``white``/``red`` the two values of the linked characteristic (white while the
    limb is normal, red once it is wounded); ``faces`` the D6 faces of the
    location index that hit this limb.
    """

    white_cp: int
    red_cp: int
    white: int
    red: int
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_int("white_cp", self.white_cp, 0)
        _check_int("red_cp", self.red_cp, 0)
        if self.white_cp + self.red_cp < 1:
            raise ValueError("a limb needs at least one CP (white_cp + red_cp >= 1)")
        _check_int("white", self.white, 0)
        _check_int("red", self.red, 0)
        if not isinstance(self.faces, tuple):
            raise ValueError(f"faces must be a tuple of D6 faces, got {self.faces!r}")
        for face in self.faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise ValueError(f"faces must be D6 faces 1-6, got {face!r}")

    @property
    def total_cp(self) -> int:
        """All the CP dots of the limb, white and red."""
        return self.white_cp + self.red_cp

    def to_dict(self) -> dict[str, Any]:
        return {
            "white_cp": self.white_cp,
            "red_cp": self.red_cp,
            "white": self.white,
            "red": self.red,
            "faces": list(self.faces),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LimbProfile:
        _reject_unknown("limb", d, _LIMB_FIELDS)
        missing = [k for k in _LIMB_FIELDS if k not in d]
        if missing:
            raise ValueError(f"missing field(s) {', '.join(missing)}")
        return cls(
            white_cp=d["white_cp"],
            red_cp=d["red_cp"],
            white=d["white"],
            red=d["red"],
            faces=tuple(d["faces"]),
        )


def _reject_unknown(what: str, d: Mapping[str, Any], known: tuple[str, ...], who: str = "") -> None:
    unknown = sorted(set(d) - set(known))
    if unknown:
        raise ValueError(
            f"{who}unknown {what} field(s) {', '.join(unknown)} (expected {', '.join(known)})"
        )


@dataclass(frozen=True, slots=True)
class FighterProfile:
    """A fighter's profile card (Rulebook 1, "Profile cards").

    ``limbs`` are in :class:`Limb` order (head, arms, torso, legs). ``base_mm`` is
    the base size (Rulebook 2.B: 30 mm or 40 mm); ``level`` is only for
    non-player fighters (Infestation).
    """

    name: str
    faction: str
    stigma: str
    types: tuple[str, ...]
    value: int
    limbs: tuple[LimbProfile, LimbProfile, LimbProfile, LimbProfile]
    equipment: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    base_mm: int = 30
    level: int | None = None

    def __post_init__(self) -> None:
        who = self.name if isinstance(self.name, str) and self.name.strip() else "profile"
        try:
            self._validate()
        except ValueError as error:
            raise ValueError(f"{who}: {error}") from None

    def _validate(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"name must be a non-empty text, got {self.name!r}")
        for field in ("faction", "stigma"):
            if not isinstance(getattr(self, field), str):
                raise ValueError(f"{field} must be a text, got {getattr(self, field)!r}")
        for field in ("types", "equipment", "abilities"):
            items = getattr(self, field)
            if not isinstance(items, tuple) or not all(isinstance(i, str) for i in items):
                raise ValueError(f"{field} must be a tuple of texts, got {items!r}")
        _check_int("value", self.value, 0)
        _check_int("base_mm", self.base_mm, 1)
        if self.level is not None:
            _check_int("level", self.level, 1)
        if (
            not isinstance(self.limbs, tuple)
            or len(self.limbs) != 4
            or not all(isinstance(lp, LimbProfile) for lp in self.limbs)
        ):
            raise ValueError("limbs must be 4 LimbProfile, in the order head, arms, torso, legs")
        # Rulebook 1.7 and glossary: each limb has its own location index, shown by
        # one or more D6 faces; together they cover the six faces exactly once.
        seen: dict[int, Limb] = {}
        for limb, lp in zip(Limb, self.limbs, strict=True):
            if not lp.faces:
                raise ValueError(f"limb faces: the {limb} has no location face")
            for face in lp.faces:
                if face in seen:
                    raise ValueError(
                        f"limb faces must cover 1-6 exactly once, {face} is on both "
                        f"the {seen[face]} and the {limb}"
                    )
                seen[face] = limb
        for face in range(1, 7):
            if face not in seen:
                raise ValueError(f"limb faces must cover 1-6 exactly once, {face} is missing")

    @property
    def key(self) -> str:
        """The name as it appears in notation refs ("A.Yuri"): whitespace becomes "-"."""
        return re.sub(r"\s+", "-", self.name.strip())

    def limb(self, limb: Limb) -> LimbProfile:
        """The card's entry for ``limb``."""
        return self.limbs[_LIMB_INDEX[limb]]

    def location(self, face: int) -> Limb:
        """Rulebook 1.7: the limb a location roll of ``face`` hits."""
        for limb, lp in zip(Limb, self.limbs, strict=True):
            if face in lp.faces:
                return limb
        raise ValueError(f"a location roll is a D6 face 1-6, got {face!r}")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly dict; :meth:`from_dict` reads it back exactly."""
        return {
            "name": self.name,
            "faction": self.faction,
            "stigma": self.stigma,
            "types": list(self.types),
            "value": self.value,
            "limbs": {limb.value: lp.to_dict() for limb, lp in zip(Limb, self.limbs, strict=True)},
            "equipment": list(self.equipment),
            "abilities": list(self.abilities),
            "base_mm": self.base_mm,
            "level": self.level,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> FighterProfile:
        """Read a card typed in as a dict (see :meth:`to_dict` for the layout)."""
        who = d.get("name", "profile")
        _reject_unknown("profile", d, _PROFILE_FIELDS, f"{who}: ")
        for required in ("name", "faction", "stigma", "types", "value", "limbs"):
            if required not in d:
                raise ValueError(f"{who}: missing field {required}")
        raw_limbs = d["limbs"]
        if not isinstance(raw_limbs, Mapping):
            raise ValueError(f"{who}: limbs must be a mapping {{'head': {{...}}, ...}}")
        _reject_unknown("limbs", raw_limbs, tuple(limb.value for limb in Limb), f"{who}: ")
        limbs: list[LimbProfile] = []
        for limb in Limb:
            if limb.value not in raw_limbs:
                raise ValueError(f"{who}: limbs: missing the {limb}")
            try:
                limbs.append(LimbProfile.from_dict(raw_limbs[limb.value]))
            except ValueError as error:
                raise ValueError(f"{who}: {limb} {error}") from None
        return cls(
            name=d["name"],
            faction=d["faction"],
            stigma=d["stigma"],
            types=_texts(d["types"]),
            value=d["value"],
            limbs=(limbs[0], limbs[1], limbs[2], limbs[3]),
            equipment=_texts(d.get("equipment", ())),
            abilities=_texts(d.get("abilities", ())),
            base_mm=d.get("base_mm", 30),
            level=d.get("level"),
        )


def _texts(items: Any) -> tuple[str, ...]:
    if isinstance(items, str):
        return (items,)
    return tuple(items)


_LIMB_INDEX: dict[Limb, int] = {limb: i for i, limb in enumerate(Limb)}
