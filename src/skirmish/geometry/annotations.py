"""What a picture says about a table beyond its geometry: notes on bases and markers (label
lines, pips, damage, greyed, facing), bases out of play, lines off the field, the sides' names,
deployment zones, a title and legend lines. Generic: the caller (a ruleset) gives the meaning;
:mod:`.svg` draws it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .shapes import Base
from .table import Table, base_from_dict, base_to_dict
from .zones import DeploymentZone, zone_from_dict, zone_to_dict

_COLOUR = re.compile(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{1,30}")


@dataclass(frozen=True, slots=True)
class Pip:
    """A small coloured tag in a base's label: ``text`` (1-3 characters, e.g. "B2"), its
    ``colour``, a tooltip ``title`` and the ``legend`` line that explains its kind."""

    text: str
    colour: str = "#ff9800"
    title: str = ""
    legend: str = ""

    def __post_init__(self) -> None:
        if not _COLOUR.fullmatch(self.colour):  # it goes into a style attribute as it is
            raise ValueError(f"pip {self.text!r}: colour must be #rgb, #rrggbb or a colour "
                             f"name, got {self.colour!r}")

    def to_dict(self) -> dict[str, str]:
        d = {"text": self.text, "colour": self.colour}
        d.update({k: v for k, v in (("title", self.title), ("legend", self.legend)) if v})
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Pip:
        return Pip(str(d["text"]), str(d.get("colour", "#ff9800")), str(d.get("title", "")),
                   str(d.get("legend", "")))


@dataclass(frozen=True, slots=True)
class BaseNote:
    """What the picture writes about the base (or marker) ``id``: its label ``lines`` (the
    first in bold; default: the id), ``pips``, a ``damage`` arc round the base (0 to 1, the
    share lost), ``greyed`` (out of play), a tooltip ``title`` and a ``facing`` (degrees,
    0 = east, 90 = north: a tick from the base's centre through its edge; ``None``: none)."""

    id: str
    lines: tuple[str, ...] = ()
    pips: tuple[Pip, ...] = ()
    damage: float = 0.0
    greyed: bool = False
    title: str = ""
    facing: float | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "lines": list(self.lines)}
        if self.pips:
            d["pips"] = [p.to_dict() for p in self.pips]
        if self.damage:
            d["damage"] = self.damage
        if self.greyed:
            d["greyed"] = True
        if self.title:
            d["title"] = self.title
        if self.facing is not None:
            d["facing"] = self.facing
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> BaseNote:
        damage = float(d.get("damage", 0.0))
        if not 0.0 <= damage <= 1.0:
            raise ValueError(f"note {d.get('id')!r}: damage must be 0 to 1, got {damage}")
        facing = d.get("facing")
        if facing is not None and (isinstance(facing, bool) or not isinstance(
                facing, int | float) or not -360 <= facing <= 720):
            raise ValueError(f"note {d.get('id')!r}: facing must be degrees, got {facing!r}")
        return BaseNote(str(d["id"]), tuple(str(s) for s in d.get("lines", ())),
                        tuple(Pip.from_dict(p) for p in d.get("pips", ())), damage,
                        bool(d.get("greyed", False)), str(d.get("title", "")),
                        None if facing is None else float(facing))


@dataclass(frozen=True, slots=True)
class Picture:
    """A table and what its picture says: ``notes`` on bases and markers, ``ghosts`` (bases
    no longer on the table, drawn greyed where they last stood, never obstacles), ``aside``
    (lines listed under "Off the field"), ``sides`` ((owner, name) for the legend, in colour
    order), a ``title``, extra ``legend`` lines and deployment ``zones`` (drawn unless the
    renderer is given others). JSON: the table's own form plus these keys, so a table file
    reader that ignores them still reads the table."""

    table: Table
    notes: tuple[BaseNote, ...] = ()
    ghosts: tuple[Base, ...] = ()
    aside: tuple[str, ...] = ()
    sides: tuple[tuple[str, str], ...] = ()
    title: str = ""
    legend: tuple[str, ...] = ()
    damage_legend: str = "damage taken"
    zones: tuple[DeploymentZone, ...] = ()
    note_of: dict[str, BaseNote] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "note_of", {n.id: n for n in self.notes})

    def to_dict(self) -> dict[str, Any]:
        d = self.table.to_dict()
        extra: dict[str, Any] = {
            "notes": [n.to_dict() for n in self.notes],
            "ghosts": [base_to_dict(b) for b in self.ghosts],
            "aside": list(self.aside),
            "sides": [list(s) for s in self.sides],
            "title": self.title,
            "legend": list(self.legend),
            "zones": [zone_to_dict(z) for z in self.zones],
        }
        d.update({k: v for k, v in extra.items() if v})
        if self.damage_legend != "damage taken":
            d["damage_legend"] = self.damage_legend
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any], table: Table | None = None) -> Picture:
        """The picture of a JSON object (``table``: the table already read from it)."""
        sides = []
        for s in d.get("sides", ()):
            owner, name = s
            sides.append((str(owner), str(name)))
        table = table if table is not None else Table.from_dict(d)
        return Picture(
            table,
            tuple(BaseNote.from_dict(n) for n in d.get("notes", ())),
            tuple(base_from_dict(b) for b in d.get("ghosts", ())),
            tuple(str(s) for s in d.get("aside", ())),
            tuple(sides),
            str(d.get("title", "")),
            tuple(str(s) for s in d.get("legend", ())),
            str(d.get("damage_legend", "damage taken")),
            tuple(zone_from_dict(z, table.field) for z in d.get("zones", ())),
        )


