"""ME:A cards as text (``skirmish cards --game masseffect``): profiles in the draft's notation
(:meth:`Profile.to_text`, ME5) followed by their weapons' and powers' cards, weapons and gear
in their notation (ME32), power cards (ME33), scenarios (ME36-ME38) and bands (ME39).

The printable cards are made by :mod:`skirmish.games.masseffect.cards.printing`.
"""

from __future__ import annotations

from typing import Any

from skirmish.core.names import fold
from skirmish.games.masseffect.cards.bands import Band, band_cost, band_problems, figure_cost
from skirmish.games.masseffect.cards.library import SECTIONS, SINGULAR, Library
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.scenarios import Scenario
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.cards.weapons import Weapon

SAMPLE_MARK = "[sample]"
#: How a power's target is written on its card.
TARGETS = {"enemy": "an enemy", "ally": "a friend", "self": "the user", "point": "a point"}


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(_value(v) for v in value)
    return str(value)


def spec_text(spec: Spec) -> str:
    """``damage (amount D2, ignores Barrière)``: an effect (or a condition) as data."""
    params = ", ".join(f"{k} {_value(v)}" for k, v in spec.params)
    return f"{spec.kind} ({params})" if params else spec.kind


def power_head(power: Power) -> str:
    """``Projection (biotique) : an enemy, 8 pas, Tir``, with its area, cover and uses."""
    parts = [TARGETS.get(power.target.value, power.target.value)]
    if power.range:
        parts.append(f"{power.range} pas")
    parts.append(power.roll)
    if power.area is not None:
        parts.append(f"area {power.area} pas")
    if power.ignores_cover:
        parts.append("ignores cover")
    if power.per_game is not None:
        parts.append(f"{power.per_game}/game")
    return f"{power.name} ({power.kind.french}) : {', '.join(parts)}"


def power_text(power: Power) -> str:
    """A power card: its head, its effects as data, its text."""
    lines = [power_head(power), "  effects: " + "; ".join(spec_text(s) for s in power.effects)]
    if power.text:
        lines.append(f"  {power.text}")
    return "\n".join(lines)


def weapon_text(weapon: Weapon) -> str:
    """A weapon or gear card: its notation, then a gear's effects and text."""
    lines = [weapon.to_text()]
    if weapon.effects:
        lines.append("  effects: " + "; ".join(spec_text(s) for s in weapon.effects))
    if weapon.text:
        lines.append(f"  {weapon.text}")
    return "\n".join(lines)


def _indent(text: str, by: str = "  ") -> str:
    return "\n".join(by + line for line in text.splitlines())


def profile_text(library: Library, profile: Profile) -> str:
    """The profile in the draft's notation, then the cards of its equipment and powers."""
    lines = [profile.to_text()]
    for name in profile.equipment:
        lines.append(_indent(weapon_text(library.weapon(name))) if name in library.weapons
                     else f"  {name}")
    for trait in profile.powers:
        lines.append(_indent(power_text(library.powers[trait.name]))
                     if trait.name in library.powers else f"  {trait}")
    return "\n".join(lines)


def scenario_text(scenario: Scenario) -> str:
    """A scenario card: turns, table, deployment, markers, victory (ME36-ME38)."""
    width, depth = scenario.table
    deploy = scenario.deployment
    lines = [f"{scenario.name}: {scenario.turns} turns, a table of {width} x {depth} pas, "
             f"deployment {spec_text(deploy)}",
             f"  victory: {spec_text(scenario.victory)}"]
    for m in scenario.markers:
        lines.append(f"  {m.kind.value} at {m.at[0]:g},{m.at[1]:g} pas"
                     + (" (locked)" if m.locked else ""))
    if scenario.text:
        lines.append(f"  {scenario.text}")
    return "\n".join(lines)


def band_text(library: Library, band: Band) -> str:
    """A band: its figures with their cost (ME39), the total, and the rules it breaks."""
    lines = [f"{band.name}" + (f" ({band.faction})" if band.faction else "")
             + f": {band_cost(library, band)}/{band.budget} points"]
    for entry in band.figures:
        items = "" if entry.equipment is None else f" with {', '.join(entry.equipment)}"
        lines.append(f"  {entry.profile}{items}: {figure_cost(library, entry)} points")
    lines += [f"  illegal: {p}" for p in band_problems(library, band)]
    if band.text:
        lines.append(f"  {band.text}")
    return "\n".join(lines)


def card_text(library: Library, kind: str, name: str) -> str:
    """Any card of the library as text, marked when it is sample content."""
    if kind == "profiles":
        text = profile_text(library, library.profiles[name])
    elif kind == "weapons":
        text = weapon_text(library.weapons[name])
    elif kind == "powers":
        text = power_text(library.powers[name])
    elif kind == "scenarios":
        text = scenario_text(library.scenarios[name])
    else:
        text = band_text(library, library.bands[name])
    head = f"{SINGULAR[kind].capitalize()} card"
    mark = f" {SAMPLE_MARK}" if library.is_sample(kind, name) else ""
    return f"{head}{mark}:\n{text}"


def section(kind: str) -> str:
    """The section a ``--kind`` names ("profile", "Weapons" ...)."""
    for name in SECTIONS:
        if fold(kind) in (fold(name), fold(SINGULAR[name])):
            return name
    raise KeyError(f"--kind: no kind {kind!r} (expected {', '.join(SECTIONS)})")


def listing(library: Library, faction: str | None = None, kind: str | None = None
            ) -> list[dict[str, Any]]:
    """The library's cards as rows (kind, name, sample, file; a profile's faction and
    points), in section order; ``faction``: only its profiles and bands."""
    wanted = library.faction(faction) if faction is not None else None
    only = section(kind) if kind is not None else None
    rows = []
    for name_of_section in SECTIONS:
        if only is not None and name_of_section != only:
            continue
        if wanted and name_of_section not in ("profiles", "bands"):
            continue
        for name, card in getattr(library, name_of_section).items():
            row: dict[str, Any] = {"kind": name_of_section, "name": name,
                                   "sample": library.is_sample(name_of_section, name),
                                   "file": library.origin[(name_of_section, name)].file}
            if name_of_section == "profiles":
                row.update(faction=card.faction, points=card.points)
            if name_of_section == "bands":
                faction_of = card.faction or next(
                    (library.profiles[e.profile].faction for e in card.figures
                     if e.profile in library.profiles), "")
                row.update(faction=faction_of, points=band_cost(library, card))
            if wanted and row["faction"] != wanted:
                continue
            rows.append(row)
    return rows
