"""Band building (docs/masseffect.md, ME7 and ME39).

The draft: «le coût en points du personnage, qui permet d'équilibrer les bandes entre elles,
lors de leur création» and «Un personnage ne peut avoir que deux équipements, à moins d'être
un héros …, qui peut en avoir trois. Certains héros nommés sont même autorisés à en avoir plus
encore.» Ruling ME39 fills in the rest: a budget (30 points unless the players agree on 10 to
200), one faction, a ``Unique`` profile at most once, and a figure may be given other
equipment than its card's, each item not on its card costing its ``Points``.

A :class:`Band` lists its figures by profile name (:class:`BandEntry`, with an optional
equipment list). :func:`band_problems` returns every broken rule as one sentence that starts
with the ruling it breaks (``"ME39 (budget): …"``); an empty list is a legal band. Names are
read by the one name matcher (:func:`skirmish.core.names.match_name`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.core.names import NameMatchError, fold
from skirmish.games.masseffect.cards.profile import Profile, limit_reason
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.rules import BUDGET_RANGE, DEFAULT_BUDGET

if TYPE_CHECKING:
    from skirmish.games.masseffect.cards.library import Library

_FIELDS = ("name", "faction", "budget", "figures", "text", "note", "content")


class BandError(ValueError):
    """A band written wrongly (a missing or mistyped field); the message names it."""


@dataclass(frozen=True, slots=True)
class BandEntry:
    """One figure of a band: its profile's name, and the equipment it carries if not its
    card's (None: the card's own list)."""

    profile: str
    equipment: tuple[str, ...] | None = None

    def to_dict(self) -> str | dict[str, Any]:
        if self.equipment is None:
            return self.profile
        return {"profile": self.profile, "equipment": list(self.equipment)}


@dataclass(frozen=True, slots=True)
class Band:
    """A player's band: its figures, its faction ("" = its first figure's) and budget."""

    name: str
    figures: tuple[BandEntry, ...]
    faction: str = ""
    budget: int = DEFAULT_BUDGET
    text: str = ""
    #: The folders of the players' own cards the band needs, as written in its file:
    #: relative paths are relative to the band file (:func:`~.band_files.content_of_band`).
    content: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.faction:
            out["faction"] = self.faction
        out["budget"] = self.budget
        out["figures"] = [entry.to_dict() for entry in self.figures]
        if self.text:
            out["text"] = self.text
        if self.content:
            out["content"] = list(self.content)
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "band") -> Band:
        """Read a band; a figure is a profile name or ``{profile: …, equipment: [...]}``."""
        if not isinstance(data, Mapping):
            raise BandError(f"{where}: expected a mapping with {', '.join(_FIELDS)}")
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            raise BandError(f"{where}: field '{unknown[0]}': unknown field (expected "
                            f"{', '.join(_FIELDS)})")
        name, faction, text = data.get("name", ""), data.get("faction", ""), data.get("text", "")
        for key, value in (("name", name), ("faction", faction), ("text", text)):
            if not isinstance(value, str):
                raise BandError(f"{where}: field '{key}': expected a text, got {value!r}")
        budget = data.get("budget", DEFAULT_BUDGET)
        if isinstance(budget, bool) or not isinstance(budget, int):
            raise BandError(f"{where}: field 'budget': expected a whole number, got {budget!r}")
        figures = data.get("figures", [])
        if not isinstance(figures, list):
            raise BandError(f"{where}: field 'figures': expected a list of profile names")
        content = data.get("content", [])
        if isinstance(content, str):
            content = [content]
        if not isinstance(content, list) or not all(isinstance(c, str) and c.strip()
                                                    for c in content):
            raise BandError(f"{where}: field 'content': expected a folder, or a list of "
                            "folders, of content files")
        return cls(name, tuple(_entry(raw, f"{where}: field 'figures[{i}]'")
                               for i, raw in enumerate(figures)), faction, budget, text,
                   tuple(c.strip() for c in content))


def _entry(raw: Any, where: str) -> BandEntry:
    if isinstance(raw, str) and raw.strip():
        return BandEntry(raw.strip())
    if isinstance(raw, Mapping) and isinstance(raw.get("profile"), str):
        unknown = sorted(set(raw) - {"profile", "equipment"})
        if unknown:
            raise BandError(f"{where}: unknown field '{unknown[0]}' (expected profile, "
                            "equipment)")
        items = raw.get("equipment")
        if items is None:
            return BandEntry(raw["profile"])
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise BandError(f"{where}: 'equipment' is a list of item names")
        return BandEntry(raw["profile"], tuple(items))
    raise BandError(f"{where}: expected a profile name or {{profile: …, equipment: [...]}}, "
                    f"got {raw!r}")


def _profile(library: Library, name: str) -> Profile | str:
    try:
        return library.profile(name)
    except NameMatchError as exc:
        return str(exc)


def _items(library: Library, entry: BandEntry, profile: Profile) -> list[Weapon | str]:
    names = profile.equipment if entry.equipment is None else entry.equipment
    out: list[Weapon | str] = []
    for name in names:
        try:
            out.append(library.weapon(name))
        except NameMatchError as exc:
            out.append(str(exc))
    return out


def equipment_of(library: Library, entry: BandEntry) -> tuple[Weapon, ...]:
    """The weapons and gear the figure carries: the band's list for it, else its card's
    (a ``KeyError`` names an unknown profile or item)."""
    profile = library.profile(entry.profile)
    names = profile.equipment if entry.equipment is None else entry.equipment
    return tuple(library.weapon(name) for name in names)


def figure_cost(library: Library, entry: BandEntry) -> int:
    """ME39: the profile's points plus the ``Points`` of each item not on its card (0 for
    an unknown profile or item: :func:`band_problems` reports those)."""
    profile = _profile(library, entry.profile)
    if isinstance(profile, str):
        return 0
    own = {fold(i) for i in profile.equipment}
    return profile.points + sum(item.points for item in _items(library, entry, profile)
                                if isinstance(item, Weapon) and fold(item.name) not in own)


def band_cost(library: Library, band: Band) -> int:
    return sum(figure_cost(library, entry) for entry in band.figures)


def band_problems(library: Library, band: Band) -> list[str]:
    """Every rule of ME7/ME39 the band breaks, one sentence each (empty: a legal band)."""
    problems: list[str] = []
    low, high = BUDGET_RANGE
    if not low <= band.budget <= high:
        problems.append(f"ME39 (budget): a budget is {low} to {high} points, got {band.budget}")
    if not band.figures:
        problems.append("ME39 (figures): a band has at least one figure")
    profiles: list[tuple[BandEntry, Profile]] = []
    for entry in band.figures:
        found = _profile(library, entry.profile)
        if isinstance(found, str):
            problems.append(f"ME39 (figures): {found}")
        else:
            profiles.append((entry, found))
    faction = band.faction or (profiles[0][1].faction if profiles else "")
    if band.faction and band.faction not in library.factions():
        problems.append(f"ME39 (faction): no faction {band.faction!r} (expected one of "
                        f"{', '.join(library.factions())})")
    strays = sorted({p.name for _, p in profiles if p.faction != faction})
    if strays and faction:
        problems.append(f"ME39 (faction): a band is of one faction ({faction}); "
                        f"{', '.join(strays)} {'is' if len(strays) == 1 else 'are'} not")
    counts = Counter(p.name for _, p in profiles if p.unique)
    for name, count in sorted(counts.items()):
        if count > 1:
            problems.append(f"ME39 (unique): {name} is Unique and is in the band {count} "
                            "times")
    for entry, profile in profiles:
        problems += _equipment_problems(library, entry, profile)
    cost = band_cost(library, band)
    if cost > band.budget:
        detail = ", ".join(f"{entry.profile} {figure_cost(library, entry)}"
                           for entry in band.figures)
        problems.append(f"ME39 (budget): {cost} points for a budget of {band.budget} "
                        f"({detail})")
    return problems


def _equipment_problems(library: Library, entry: BandEntry, profile: Profile) -> list[str]:
    problems = []
    items = _items(library, entry, profile)
    for item in items:
        if isinstance(item, str):
            problems.append(f"ME39 (equipment): {profile.name}: {item}")
    names = [fold(i.name) for i in items if isinstance(i, Weapon)]
    if len(set(names)) != len(names):
        problems.append(f"ME39 (equipment): {profile.name} carries an item twice")
    if len(items) > profile.equipment_limit:
        problems.append(f"ME7 (equipment): {profile.name} carries {len(items)} items, the "
                        f"limit is {profile.equipment_limit} ({limit_reason(profile)})")
    return problems
