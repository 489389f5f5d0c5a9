"""Match options: the optional rules an Eden set-up names (rulebook, after the basic rules:
1 Territory Management, 2 Infestation, 3 Climatic conditions).

In a set-up (JSON), under ``rules``; a rule not named is not played::

    "rules": {"climate": 3}                  a climatic condition chosen: Storm
    "rules": {"climate": "roll"}             rolled with 2D6 as the match starts
    "rules": {"climate": [2, 12]}            conditions combined (2 or 3 rolls), any of
    "rules": {"climate": ["roll", "roll"]}   which may be rolled; true is ["roll"]
    "rules": {"territory": true}             Territory Management
    "rules": {"infestation": 3}              Infestation, level 1-10, or "random"

On the command line (``--rules``), the same, comma-separated: ``climate`` (rolled),
``climate:roll``, ``climate:3``, ``climate:2+12``, ``climate:roll+roll``, ``territory``,
``infestation:3``, ``infestation:random``; e.g. ``--rules territory,infestation:3,climate``.

The options are part of the set-up, hence of a record's header: a record re-plays with
them, a rolled climate included (it comes from the game's own dice). Territory
Management, Infestation and the climatic conditions are all played; a name that is none of
them is refused, naming the part at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.core.data_files import quote as _quote

#: A climate roll still to make: 2D6 from the game's dice as the match starts.
ROLL = "roll"
#: Rulebook, optional rules 3: the players may combine "2 or 3 rolls".
MAX_CLIMATE_ROLLS = 3
#: Rulebook, optional rules 2: "Typiquement de 1 à 10" (typically 1 to 10).
INFESTATION_LEVELS = (1, 10)
RANDOM = "random"
RULES = ("climate", "territory", "infestation")
NAMES = {"climate": "Climatic conditions (optional rules 3)",
         "territory": "Territory Management (optional rules 1)",
         "infestation": "Infestation (optional rules 2)"}

ClimateRoll = int | str


class OptionsError(ValueError):
    """Optional rules that cannot be read; the message names the part at fault."""


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """The optional rules of a match. ``climate``: one entry per climate roll, a 2D6 sum
    (2-12) chosen or :data:`ROLL` (empty: no climatic conditions); ``territory``: Territory
    Management; ``infestation``: the level (1-10) or :data:`RANDOM`, ``None`` without."""

    climate: tuple[ClimateRoll, ...] = ()
    territory: bool = False
    infestation: int | str | None = None

    def __bool__(self) -> bool:
        return bool(self.climate or self.territory or self.infestation is not None)

    @property
    def named(self) -> tuple[str, ...]:
        """The rules named, in the rulebook's order."""
        return tuple(name for name, on in (("territory", self.territory),
                                           ("infestation", self.infestation is not None),
                                           ("climate", bool(self.climate))) if on)

    def to_json(self) -> dict[str, Any]:
        """The canonical ``rules`` of a set-up (only the rules named)."""
        data: dict[str, Any] = {}
        if self.climate:
            data["climate"] = list(self.climate)
        if self.territory:
            data["territory"] = True
        if self.infestation is not None:
            data["infestation"] = self.infestation
        return data

    @classmethod
    def from_json(cls, data: Any, where: str = "setup.rules") -> MatchOptions:
        """Read a set-up's ``rules`` (absent or ``null``: none); :class:`OptionsError`
        names the field and what is expected."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise OptionsError(f"{where}: expected an object naming optional rules "
                               f"({', '.join(RULES)}), got {_quote(data)}")
        unknown = [str(k) for k in data if k not in RULES]
        if unknown:
            raise OptionsError(f"{where}: no optional rule {unknown[0]!r} (the rulebook's "
                               f"are {', '.join(RULES)})")
        climate = data.get("climate")
        rolls: tuple[ClimateRoll, ...]
        if climate is None or climate is False:
            rolls = ()
        elif climate is True:
            rolls = (ROLL,)
        elif isinstance(climate, list):
            if not 1 <= len(climate) <= MAX_CLIMATE_ROLLS:
                raise OptionsError(f"{where}.climate: 1 to {MAX_CLIMATE_ROLLS} climate rolls "
                                   f"(conditions may be combined with 2 or 3 rolls), got "
                                   f"{len(climate)}")
            rolls = tuple(_climate_roll(v, f"{where}.climate[{i}]")
                          for i, v in enumerate(climate))
        else:
            rolls = (_climate_roll(climate, f"{where}.climate"),)
        territory = data.get("territory", False)
        if not isinstance(territory, bool) and territory is not None:
            raise OptionsError(f"{where}.territory: expected true or false, got "
                               f"{_quote(territory)}")
        infestation = data.get("infestation")
        if infestation is not None and infestation is not False:
            infestation = _infestation(infestation, f"{where}.infestation")
        else:
            infestation = None
        return cls(rolls, bool(territory), infestation)

    def describe(self) -> str:
        """The options in words, for reports: "none (the basic rules only)", or e.g.
        "climatic conditions 3 (Storm)"."""
        if not self:
            return "none (the basic rules only)"
        parts: list[str] = []
        if self.territory:
            parts.append("Territory Management")
        if self.infestation is not None:
            level = ("a random level, rolled at preparation step 6 bis"
                     if self.infestation == RANDOM else f"level {self.infestation}")
            parts.append(f"Infestation ({level})")
        if self.climate:
            parts.append(describe_climate(self.climate))
        return "; ".join(parts)


def describe_climate(rolls: tuple[ClimateRoll, ...]) -> str:
    """``("roll",)`` -> "climatic conditions rolled (2D6) as each match starts";
    ``(2, 12)`` -> "climatic conditions 2 (Ion storm) + 12 (Snowstorm)"."""
    from skirmish.games.eden.optional.climate import condition_of

    if all(r == ROLL for r in rolls):
        count = "" if len(rolls) == 1 else f" {len(rolls)} times"
        return f"climatic conditions rolled (2D6){count} as each match starts"
    words = [("rolled (2D6)" if r == ROLL else f"{r} ({condition_of(int(r)).name})")
             for r in rolls]
    return f"climatic conditions {' + '.join(words)}"


def _climate_roll(value: Any, where: str) -> ClimateRoll:
    """One climate roll: a 2D6 sum chosen (2-12) or "roll"."""
    if value == ROLL and isinstance(value, str):
        return ROLL
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 12:
        return value
    raise OptionsError(f"{where}: a climate roll is the sum of 2D6, 2 to 12, or \"roll\" "
                       f"(rolled as the match starts), got {_quote(value)}")


def _infestation(value: Any, where: str) -> int | str:
    low, high = INFESTATION_LEVELS
    if value == RANDOM and isinstance(value, str):
        return RANDOM
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return value
    raise OptionsError(f"{where}: an Infestation level is {low} to {high}, or \"random\", "
                       f"got {_quote(value)}")


def options_of(setup: Mapping[str, Any]) -> MatchOptions:
    """The optional rules a set-up names (its ``rules``)."""
    return MatchOptions.from_json(setup.get("rules"))


def with_options(setup: Mapping[str, Any], options: MatchOptions) -> dict[str, Any]:
    """A copy of ``setup`` playing ``options`` instead of its own ``rules`` (none: no
    ``rules`` key, so a set-up without options stays as it was)."""
    out = {k: v for k, v in setup.items() if k != "rules"}
    if options:
        out["rules"] = options.to_json()
    return out


# -- the command line's form -----------------------------------------------------------------
def parse_rules(text: str, option: str = "--rules") -> MatchOptions:
    """``climate``, ``climate:roll``, ``climate:3``, ``climate:2+12``, ``territory``,
    ``infestation:3``, ``infestation:random``, comma-separated
    (``territory,infestation:3,climate``); :class:`OptionsError` names the part at fault."""
    data: dict[str, Any] = {}
    if not text.strip():
        raise OptionsError(f"{option}: expected optional rules such as climate, climate:3, "
                           "climate:2+12, territory or infestation:3, got nothing")
    for part in text.split(","):
        item = part.strip()
        where = f"{option} {item!r}"
        name, colon, value = (s.strip() for s in item.partition(":"))
        name = name.lower()
        if not item:
            raise OptionsError(f"{option} {text!r}: an empty part between commas")
        if name not in RULES:
            raise OptionsError(f"{where}: no optional rule {name!r} (the rulebook's are "
                               f"{', '.join(RULES)})")
        if name in data:
            raise OptionsError(f"{where}: {name} is named twice")
        if colon and not value:
            raise OptionsError(f"{where}: a value is expected after the colon")
        if name == "climate":
            rolls = value.split("+") if value else [ROLL]
            if len(rolls) > MAX_CLIMATE_ROLLS:
                raise OptionsError(f"{where}: 1 to {MAX_CLIMATE_ROLLS} climate rolls "
                                   f"(conditions may be combined with 2 or 3 rolls), got "
                                   f"{len(rolls)}")
            data[name] = [_climate_roll(_number(r.strip().lower()), where) for r in rolls]
        elif name == "territory":
            if value:
                raise OptionsError(f"{where}: territory takes no value (write territory)")
            data[name] = True
        else:
            if not value:
                raise OptionsError(f"{where}: infestation needs its level: infestation:3 "
                                   f"({INFESTATION_LEVELS[0]} to {INFESTATION_LEVELS[1]}) or "
                                   "infestation:random")
            data[name] = _infestation(_number(value.lower()), where)
    return MatchOptions.from_json(data, option)


def _number(text: str) -> int | str:
    """A whole number written in digits (at most 3), else the text as it is."""
    return int(text) if text.isdigit() and len(text) <= 3 else text
