"""Power cards (docs/masseffect.md, ME15-ME20, ME33, ME34).

The draft: «Les pouvoirs incluent les pouvoirs de type Biotique, Techs et tout autre forme de
pouvoirs alien … Dans les règles spéciales expliquant les traits, il est fait mention entre
parenthèses qu'il s'agit d'un pouvoir biotique, tech ou autre.» A profile lists its powers
among its traits as ``Projection (biotique)``; the card itself is a :class:`Power`: its
kind, what it targets, its range in pas, its roll, an optional area, and its effects as
data (:class:`~skirmish.games.masseffect.cards.specs.Spec`, checked against :data:`POWER_EFFECTS`).
The turn engine interprets the effects; this module only says what they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.core.names import fold
from skirmish.games.masseffect.cards.specs import Kind, Kinds, Param, Spec
from skirmish.games.masseffect.rules import CHARACTERISTICS, STATUSES


class PowerKind(StrEnum):
    """The three kinds the draft names; the French word is what a profile writes."""

    BIOTIC = "biotic"
    TECH = "tech"
    OTHER = "other"

    @property
    def french(self) -> str:
        return _FRENCH[self]

    @classmethod
    def parse(cls, text: str) -> PowerKind:
        """``biotique``/``biotic``, ``tech``/``techs``, ``autre``/``other`` (case and accents
        ignored)."""
        found = _KIND_WORDS.get(fold(text))
        if found is None:
            raise ValueError(f"unknown power kind {text!r} (expected biotique, tech or autre)")
        return found


_FRENCH = {PowerKind.BIOTIC: "biotique", PowerKind.TECH: "tech", PowerKind.OTHER: "autre"}
_KIND_WORDS = {"biotique": PowerKind.BIOTIC, "biotic": PowerKind.BIOTIC,
               "biotiques": PowerKind.BIOTIC, "tech": PowerKind.TECH, "techs": PowerKind.TECH,
               "autre": PowerKind.OTHER, "other": PowerKind.OTHER}


class Target(StrEnum):
    """ME18: what a power is aimed at."""

    ENEMY = "enemy"
    ALLY = "ally"
    SELF = "self"
    POINT = "point"


#: ME19: the rolls a power may ask for: the user's Tir or Qualité, a fixed X+, or none.
ROLLS = ("Tir", "Qualité", "auto", "2+", "3+", "4+", "5+", "6+")
#: A power's range (pas) and area radius (pas).
RANGE_PAS = (0, 36)
AREA_PAS = (1, 4)

_PROTECTION = ("Bouclier", "Barrière")
#: ME33: the effects a power (or gear) may have, and their parameters.
POWER_EFFECTS = Kinds(
    "effect",
    Kind("damage", {
        "amount": Param(str, True, amount=True, doc="wounds per hit: 1-6, D2, D3, D6"),
        "ignores": Param(tuple, choices=("Bouclier", "Barrière", "Armure"),
                         doc="protections that do not save this hit (Armure: wounds go "
                             "straight to Vitalité)"),
    }, "the hit deals wounds (Armure first, ME25)"),
    Kind("strip", {"protection": Param(str, True, choices=_PROTECTION)},
         "the protection saves nothing more this turn (ME24)"),
    Kind("restore", {"protection": Param(str, True, choices=_PROTECTION)},
         "the protection regains its uses of the phase and a strip ends"),
    Kind("move", {
        "who": Param(str, choices=("target", "user"), doc="default target"),
        "direction": Param(str, True, choices=("away", "toward")),
        "distance": Param(int, True, low=1, high=12, doc="pas"),
        "impact": Param(str, amount=True, doc="wounds if stopped by a figure or scenery"),
    }, "straight away from or toward the user, stopping at figures and scenery; moving "
       "into contact engages but is not a charge"),
    Kind("status", {"status": Param(str, True, choices=tuple(STATUSES))},
         "a status until the end of the turn (ME34)"),
    Kind("heal", {
        "amount": Param(str, True, amount=True),
        "revive": Param(bool, doc="may bring back a figure out of action (ME35)"),
    }, "restores lost Vitalité, never above the profile's (ME35)"),
    Kind("modify", {
        "characteristic": Param(str, True, choices=tuple(CHARACTERISTICS)),
        "by": Param(int, True, low=-2, high=2, doc="added to the threshold: -1 is better"),
    }, "the threshold changes until the end of the turn, kept within 2+ to 6+"),
)


@dataclass(frozen=True, slots=True)
class Power:
    """A power card. ``range`` and ``area`` in pas; ``roll`` one of :data:`ROLLS`;
    ``ignores_cover``: the target gets no Défense roll; ``per_game``: uses per game."""

    name: str
    kind: PowerKind
    target: Target
    range: int
    roll: str
    effects: tuple[Spec, ...]
    area: int | None = None
    ignores_cover: bool = False
    per_game: int | None = None
    text: str = ""

    def __post_init__(self) -> None:
        who = self.name if isinstance(self.name, str) and self.name.strip() else "power"
        try:
            self._validate()
        except ValueError as exc:
            raise ValueError(f"{who}: {exc}") from None

    def _validate(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or any(
                c in self.name for c in "(),:\n"):
            raise ValueError(f"name must be a text without brackets, commas or colons, got "
                             f"{self.name!r}")
        if not isinstance(self.kind, PowerKind):
            raise ValueError(f"kind must be biotic, tech or other, got {self.kind!r}")
        if not isinstance(self.target, Target):
            raise ValueError(f"target must be enemy, ally, self or point, got {self.target!r}")
        low, high = RANGE_PAS
        if isinstance(self.range, bool) or not isinstance(self.range, int) or not (
                low <= self.range <= high):
            raise ValueError(f"range must be {low} to {high} pas, got {self.range!r}")
        if self.roll not in ROLLS:
            raise ValueError(f"roll must be one of {', '.join(ROLLS)}, got {self.roll!r}")
        if (self.target is Target.POINT) != (self.area is not None):
            raise ValueError("area: a power aimed at a point has an area radius, and only it")
        if self.area is not None and not AREA_PAS[0] <= self.area <= AREA_PAS[1]:
            raise ValueError(f"area must be {AREA_PAS[0]} to {AREA_PAS[1]} pas, got "
                             f"{self.area!r}")
        if self.target is Target.SELF and self.range != 0:
            raise ValueError("range: a power on the user itself has range 0")
        if self.per_game is not None and not 1 <= self.per_game <= 6:
            raise ValueError(f"per_game must be 1 to 6, got {self.per_game!r}")
        if not self.effects:
            raise ValueError("effects: a power needs at least one effect")
        for i, spec in enumerate(self.effects):
            POWER_EFFECTS.validate(spec, f"effects[{i}]")

    @property
    def attacks(self) -> bool:
        """An attack on enemies (an enemy or a point): the shooting restrictions, the
        obstacle penalty and the Défense roll apply to it (ME18, ME19)."""
        return self.target in (Target.ENEMY, Target.POINT)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind.value,
                               "target": self.target.value, "range": self.range,
                               "roll": self.roll}
        if self.area is not None:
            out["area"] = self.area
        if self.ignores_cover:
            out["ignores_cover"] = True
        if self.per_game is not None:
            out["per_game"] = self.per_game
        out["effects"] = [spec.to_dict() for spec in self.effects]
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Power:
        """Read a card written as :meth:`to_dict` writes it (``kind`` may be French)."""
        who = data.get("name", "power")
        try:
            kind = PowerKind.parse(str(data.get("kind", "")))
            target = Target(data.get("target", "enemy"))
            effects = tuple(Spec.from_dict(e) for e in data.get("effects", ()))
        except ValueError as exc:
            raise ValueError(f"{who}: {exc}") from None
        return cls(data.get("name", ""), kind, target, data.get("range", 0),
                   data.get("roll", "Tir"), effects, data.get("area"),
                   bool(data.get("ignores_cover", False)), data.get("per_game"),
                   data.get("text", ""))
