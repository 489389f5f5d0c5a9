"""The field, scenery elements, markers and an immutable ``Table`` snapshot with a JSON form."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from .shapes import Base, Circle, Point, Polygon, Shape, shape_bcircle

Sight = Literal["opaque", "low", "flat"]
SIGHT_VALUES: tuple[Sight, ...] = ("opaque", "low", "flat")


def _as_sight(value: str) -> Sight:
    for v in SIGHT_VALUES:
        if v == value:
            return v
    raise ValueError(f"bad sight value {value!r}")


@dataclass(frozen=True, slots=True)
class Field:
    """The rectangular playing field, from (0, 0) to (width, height), in cm."""

    width: float = 60.0
    height: float = 60.0

    @property
    def centre(self) -> Point:
        return Point(self.width / 2, self.height / 2)

    def contains_base(self, base: Base, tol: float = 1e-9) -> bool:
        """True when the whole base lies on the field."""
        r = base.radius
        return (
            base.x - r >= -tol
            and base.y - r >= -tol
            and base.x + r <= self.width + tol
            and base.y + r <= self.height + tol
        )


@dataclass(frozen=True, slots=True)
class Element:
    """A scenery element: a footprint shape plus the properties rulesets assign.

    - ``sight``: "opaque" blocks when it cuts a corridor completely, "low" then only counts as an
      obstacle, "flat" is ignored by sight.
    - ``passable``: fighters may cross it; ``move_cost``: cost factor per cm of the centre's
      track inside it (Obstruction(X) = X); ``can_end_on``: a move may end overlapping it.
    - ``obstacle_count``: how many obstacles it counts for (Obstacle(X)).
    - ``height``: how high its top stands above the ground, in cm (0.0, the default, means no
      height is known: the element is treated as flat ground by :mod:`.heights`). Written
      by ``to_dict`` only when set, so tables without heights keep their JSON.
    """

    id: str
    shape: Shape
    sight: Sight = "opaque"
    passable: bool = False
    move_cost: float = 1.0
    can_end_on: bool = False
    obstacle_count: int = 1
    label: str = ""
    height: float = 0.0
    bcircle: tuple[float, float, float] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.sight not in SIGHT_VALUES:
            raise ValueError(f"sight must be one of {SIGHT_VALUES}, not {self.sight!r}")
        if self.move_cost < 1.0:
            raise ValueError("move_cost must be >= 1")
        if not (math.isfinite(self.height) and self.height >= 0.0):
            raise ValueError(f"height must be a finite number of cm >= 0, not {self.height!r}")
        object.__setattr__(self, "bcircle", shape_bcircle(self.shape))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id}
        d.update(shape_to_dict(self.shape))
        d.update(
            sight=self.sight,
            passable=self.passable,
            move_cost=self.move_cost,
            can_end_on=self.can_end_on,
            obstacle_count=self.obstacle_count,
        )
        if self.label:
            d["label"] = self.label
        if self.height:
            d["height"] = self.height
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Element:
        sight = str(d.get("sight", "opaque"))
        if sight not in SIGHT_VALUES:
            raise ValueError(f"bad sight value {sight!r}")
        return Element(
            id=str(d["id"]),
            shape=shape_from_dict(d),
            sight=_as_sight(sight),
            passable=bool(d.get("passable", False)),
            move_cost=float(d.get("move_cost", 1.0)),
            can_end_on=bool(d.get("can_end_on", False)),
            obstacle_count=int(d.get("obstacle_count", 1)),
            label=str(d.get("label", "")),
            height=float(d.get("height", 0.0)),
        )


@dataclass(frozen=True, slots=True)
class Marker:
    """A token on the field: never affects sight, no move may end overlapping it."""

    id: str
    x: float
    y: float
    radius: float = 0.0
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "x": self.x, "y": self.y, "radius": self.radius}
        if self.label:
            d["label"] = self.label
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Marker:
        return Marker(
            str(d["id"]),
            float(d["x"]),
            float(d["y"]),
            float(d.get("radius", 0.0)),
            str(d.get("label", "")),
        )


def shape_to_dict(shape: Shape) -> dict[str, Any]:
    if isinstance(shape, Circle):
        return {"circle": [shape.x, shape.y, shape.radius]}
    return {"polygon": [[p.x, p.y] for p in shape.points]}


def shape_from_dict(d: Mapping[str, Any]) -> Shape:
    if "circle" in d:
        x, y, r = (float(v) for v in d["circle"])
        return Circle(x, y, r)
    if "polygon" in d:
        return Polygon.of((float(p[0]), float(p[1])) for p in d["polygon"])
    raise ValueError("an element needs a 'circle' [x, y, r] or a 'polygon' [[x, y], ...]")


def base_to_dict(b: Base) -> dict[str, Any]:
    d: dict[str, Any] = {"id": b.id, "x": b.x, "y": b.y, "diameter_mm": round(b.diameter_mm, 6)}
    if b.owner:
        d["owner"] = b.owner
    return d


def base_from_dict(d: Mapping[str, Any]) -> Base:
    r = float(d["radius"]) if "radius" in d else float(d.get("diameter_mm", 30.0)) / 20.0
    return Base(float(d["x"]), float(d["y"]), r, str(d.get("id", "")), str(d.get("owner", "")))


@dataclass(frozen=True, slots=True)
class Table:
    """An immutable snapshot: field, scenery, bases and markers (cheap to copy: all tuples)."""

    field: Field = Field()
    elements: tuple[Element, ...] = ()
    bases: tuple[Base, ...] = ()
    markers: tuple[Marker, ...] = ()

    def base(self, id: str) -> Base:
        for b in self.bases:
            if b.id == id:
                return b
        raise KeyError(f"no base named {id!r}")

    def element(self, id: str) -> Element:
        for e in self.elements:
            if e.id == id:
                return e
        raise KeyError(f"no element named {id!r}")

    def others(self, base: Base) -> tuple[Base, ...]:
        """Every base except ``base``."""
        return tuple(b for b in self.bases if not b.same_as(base))

    def with_base(self, base: Base) -> Table:
        """A copy where the base with the same id is replaced (or added)."""
        bases = [b for b in self.bases if not b.same_as(base)]
        bases.append(base)
        return replace(self, bases=tuple(bases))

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": {"width": self.field.width, "height": self.field.height},
            "elements": [e.to_dict() for e in self.elements],
            "bases": [base_to_dict(b) for b in self.bases],
            "markers": [m.to_dict() for m in self.markers],
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Table:
        f = d.get("field", {})
        return Table(
            field=Field(float(f.get("width", 60.0)), float(f.get("height", 60.0))),
            elements=tuple(Element.from_dict(e) for e in d.get("elements", ())),
            bases=tuple(base_from_dict(b) for b in d.get("bases", ())),
            markers=tuple(Marker.from_dict(m) for m in d.get("markers", ())),
        )

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @staticmethod
    def from_json(text: str) -> Table:
        return Table.from_dict(json.loads(text))

    @staticmethod
    def load(path: Path) -> Table:
        return Table.from_json(path.read_text(encoding="utf-8"))

    def _repr_svg_(self) -> str:
        """The framed picture, drawn inline in a notebook (:func:`draw_tables_with`)."""
        if _notebook_picture is None:
            raise RuntimeError("no picture of a table is installed: import skirmish.geometry")
        return _notebook_picture(self)


#: How a table draws itself in a notebook (:meth:`Table._repr_svg_`): the framed picture of
#: :func:`skirmish.geometry.svg.render`. Pictures sit above the table, so the table does not
#: import them: :mod:`skirmish.geometry.svg` installs its drawing here when imported, and the
#: package (:mod:`skirmish.geometry`, imported before any of its modules) imports it.
_notebook_picture: Callable[[Table], str] | None = None


def draw_tables_with(picture: Callable[[Table], str]) -> None:
    """Install the drawing :meth:`Table._repr_svg_` returns (see :data:`_notebook_picture`)."""
    global _notebook_picture
    _notebook_picture = picture


def bases_of(bases: Sequence[Base], exclude: Base | None) -> list[Base]:
    """The bases other than ``exclude``."""
    if exclude is None:
        return list(bases)
    return [b for b in bases if not b.same_as(exclude)]
