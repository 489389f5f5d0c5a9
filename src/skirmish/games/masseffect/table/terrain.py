"""The default scenery of a scenario table, and scenery in a game's setup (docs/masseffect.md
ME17, ME37, ME38).

A scenario card gives the table, the deployment depth and the markers, but no scenery, and the
draft asks for «beaucoup de décors afin que les personnages puissent se mettre à couvert
facilement». :func:`default_scenery` lays out a fixed, deterministic set of elements:

- The no-man's land between the two deployment zones is cut into cells of about
  :data:`CELL_PAS` pas (4 × 3 cells, so 12 elements, on the 36 × 36 pas table with 4-pas
  zones); the count grows with the area.
- The cells' kinds follow :data:`PATTERN`: low walls across the line of fire, low walls along
  it, rows of crates (sight "low": cover a figure stands behind, ME23) and opaque blocks that
  cut sight (ME21). All are impassable rectangles.
- The layout is symmetric under the half-turn about the table's centre, so neither player's
  zone is better: each element in the lower half has its twin turned about the centre; a cell
  that is its own twin holds an element centred on the table.
- Every element lies at least :data:`EDGE_GAP_PAS` pas from the side edges and
  :data:`ZONE_GAP_PAS` pas outside the deployment zones, at least :data:`MARKER_GAP_PAS` pas
  from every marker, and at least :data:`ELEMENT_GAP_PAS` pas from every other element, so a
  60 mm base (2.4 pas) passes between any two of them (ME17) and every free point of the
  table can be reached. An element that cannot be placed so (tried at a few shifts and both
  orientations) is left out together with its twin.

Coordinates are in pas from the lower-left corner on the way in (as in scenario cards) and in
cm on the way out (the geometry layer's unit, ME1).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.games.masseffect.cards.scenarios import Scenario
from skirmish.games.masseffect.rules import DEFAULT_DEPLOYMENT_PAS, DEFAULT_TABLE_PAS, pas_to_cm
from skirmish.geometry.shapes import Circle, Polygon
from skirmish.geometry.table import SIGHT_VALUES, Element, Sight

CELL_PAS = 9.0
"""The side of a layout cell: one element per cell (about 12 on a 36 × 36 pas table)."""
ELEMENT_GAP_PAS = 3.0
"""ME17: the least gap between two elements; a 60 mm base (2.4 pas) passes."""
EDGE_GAP_PAS = 3.0
"""The least gap between an element and the left or right table edge."""
ZONE_GAP_PAS = 1.0
"""How far outside the deployment zones (ME38) the scenery starts."""
MARKER_GAP_PAS = 2.0
"""No element within this of a marker: room to hold an objective around it (ME41)."""

_SLACK = 1e-9


@dataclass(frozen=True, slots=True)
class _Kind:
    prefix: str
    label: str
    sight: Sight
    size: tuple[float, float]  # pas, along x then along y


_KINDS: dict[str, _Kind] = {
    "wall": _Kind("wall", "Muret", "low", (6.0, 0.75)),
    "wall_along": _Kind("wall", "Muret", "low", (0.75, 6.0)),
    "crates": _Kind("crates", "Caisses", "low", (5.0, 1.0)),
    "block": _Kind("block", "Bloc", "opaque", (3.0, 4.0)),
    "block_wide": _Kind("block", "Bloc", "opaque", (4.0, 3.0)),
}

PATTERN: tuple[str, ...] = (
    "wall",
    "block",
    "crates",
    "wall_along",
    "block_wide",
    "wall",
    "crates",
    "block",
)
"""The kind of cell (i, j) is ``PATTERN[(i + 3 * j) % len(PATTERN)]``."""

_JITTER: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.0, -0.75),
    (-1.0, 0.75),
    (0.75, 1.0),
    (-0.75, -1.0),
)
_SHIFTS: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (2.0, 0.0),
    (-2.0, 0.0),
    (0.0, 2.0),
    (0.0, -2.0),
    (2.0, 2.0),
    (-2.0, -2.0),
    (2.0, -2.0),
    (-2.0, 2.0),
    (3.5, 0.0),
    (-3.5, 0.0),
)

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in pas


def _gap(a: Rect, b: Rect) -> float:
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy)


def _point_gap(r: Rect, p: tuple[float, float]) -> float:
    dx = max(0.0, r[0] - p[0], p[0] - r[2])
    dy = max(0.0, r[1] - p[1], p[1] - r[3])
    return math.hypot(dx, dy)


def default_scenery(
    table_pas: tuple[int, int] = DEFAULT_TABLE_PAS,
    deployment_depth_pas: int = DEFAULT_DEPLOYMENT_PAS,
    markers: Sequence[tuple[float, float]] = (),
) -> tuple[Element, ...]:
    """The default scenery (cm) of a ``table_pas`` table whose deployment zones are
    ``deployment_depth_pas`` deep, keeping clear of ``markers`` (pas). See the module doc."""
    width, height = float(table_pas[0]), float(table_pas[1])
    depth = float(deployment_depth_pas)
    low, high = depth + ZONE_GAP_PAS, height - depth - ZONE_GAP_PAS
    land = height - 2 * depth
    if high - low <= 0 or width <= 2 * EDGE_GAP_PAS:
        return ()
    nx = max(1, int(width / CELL_PAS + 0.5))
    ny = max(1, int(land / CELL_PAS + 0.5))
    cell_w, cell_h = width / nx, land / ny
    points = [(float(x), float(y)) for x, y in markers]

    def twin(r: Rect) -> Rect:
        return (width - r[2], height - r[3], width - r[0], height - r[1])

    def fits(r: Rect, placed: Sequence[Rect]) -> bool:
        if r[0] < EDGE_GAP_PAS - _SLACK or r[2] > width - EDGE_GAP_PAS + _SLACK:
            return False
        if r[1] < low - _SLACK or r[3] > high + _SLACK:
            return False
        if any(_point_gap(r, p) < MARKER_GAP_PAS - _SLACK for p in points):
            return False
        return all(_gap(r, q) >= ELEMENT_GAP_PAS - _SLACK for q in placed)

    placed: list[tuple[str, Rect, Rect | None]] = []  # kind, rect, its twin (None: itself)
    taken: list[Rect] = []
    for j in range(ny):
        for i in range(nx):
            ti, tj = nx - 1 - i, ny - 1 - j
            if (tj, ti) < (j, i):
                continue  # the twin cell was laid out already
            kind = PATTERN[(i + 3 * j) % len(PATTERN)]
            cx, cy = (i + 0.5) * cell_w, depth + (j + 0.5) * cell_h
            alone = (ti, tj) == (i, j)
            jx, jy = _JITTER[(2 * i + 3 * j) % len(_JITTER)]
            offsets = [(0.0, 0.0)] if alone else [(jx, jy), *_SHIFTS]
            w, h = _KINDS[kind].size
            found = None
            for sw, sh in ((w, h), (h, w)):
                for ox, oy in offsets:
                    x = min(max(cx + ox, EDGE_GAP_PAS + sw / 2), width - EDGE_GAP_PAS - sw / 2)
                    if alone:
                        x = cx
                    r = (x - sw / 2, cy + oy - sh / 2, x + sw / 2, cy + oy + sh / 2)
                    mate = None if alone else twin(r)
                    if not fits(r, taken):
                        continue
                    if mate is not None and not (
                        fits(mate, taken) and _gap(r, mate) >= ELEMENT_GAP_PAS - _SLACK
                    ):
                        continue
                    found = (r, mate)
                    break
                if found is not None:
                    break
            if found is None:
                continue
            r, mate = found
            placed.append((kind, r, mate))
            taken.append(r)
            if mate is not None:
                taken.append(mate)
    return _elements(placed)


def _elements(placed: Sequence[tuple[str, Rect, Rect | None]]) -> tuple[Element, ...]:
    counts: dict[str, int] = {}
    out: list[Element] = []
    for kind, rect, mate in placed:
        spec = _KINDS[kind]
        for r in (rect,) if mate is None else (rect, mate):
            counts[spec.prefix] = counts.get(spec.prefix, 0) + 1
            shape = Polygon.rectangle(*(pas_to_cm(v) for v in r))
            out.append(
                Element(
                    f"{spec.prefix}-{counts[spec.prefix]}",
                    shape,
                    sight=spec.sight,
                    label=spec.label,
                )
            )
    return tuple(out)


def scenario_scenery(scenario: Scenario) -> tuple[Element, ...]:
    """:func:`default_scenery` for a scenario card's table, deployment and markers."""
    depth = int(scenario.deployment.param("depth", DEFAULT_DEPLOYMENT_PAS))
    return default_scenery(scenario.table, depth, [m.at for m in scenario.markers])


# ----------------------------------------------------------------------------- setup form

_FIELDS = (
    "id",
    "circle",
    "polygon",
    "sight",
    "passable",
    "move_cost",
    "can_end_on",
    "obstacle_count",
    "label",
    "height",
)


def scenery_to_setup(elements: Sequence[Element]) -> list[dict[str, Any]]:
    """The elements as JSON-friendly dicts (``Element.to_dict``, cm)."""
    return [e.to_dict() for e in elements]


def scenery_from_setup(
    items: Sequence[Mapping[str, Any]], table_pas: tuple[int, int] = DEFAULT_TABLE_PAS
) -> tuple[Element, ...]:
    """Elements read back from :func:`scenery_to_setup` dicts, checked for a ``table_pas``
    table. A problem raises ValueError naming the element's index and field, e.g.
    ``scenery[3].sight: 'tall' is not one of opaque, low, flat``."""
    width, height = pas_to_cm(table_pas[0]), pas_to_cm(table_pas[1])
    out: list[Element] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"scenery[{i}]"
        if not isinstance(item, Mapping):
            raise ValueError(
                f"{where}: expected a mapping with an id, a shape and a sight, "
                f"got {type(item).__name__}"
            )
        for key in item:
            if key not in _FIELDS:
                raise ValueError(
                    f"{where}.{key}: unknown field (expected one of {', '.join(_FIELDS)})"
                )
        _check_fields(item, where, seen)
        shapes = [k for k in ("circle", "polygon") if k in item]
        if len(shapes) != 1:
            raise ValueError(
                f"{where}: needs exactly one shape, a 'circle' [x, y, r] or a "
                "'polygon' [[x, y], ...] in cm"
            )
        try:
            element = Element.from_dict(item)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ValueError(f"{where}.{shapes[0]}: {exc}") from None
        _check_on_table(element, f"{where}.{shapes[0]}", width, height)
        seen.add(element.id)
        out.append(element)
    return tuple(out)


def _check_fields(item: Mapping[str, Any], where: str, seen: set[str]) -> None:
    ident = item.get("id")
    if not isinstance(ident, str) or not ident.strip():
        raise ValueError(f"{where}.id: expected a non-empty text, got {ident!r}")
    if ident in seen:
        raise ValueError(f"{where}.id: {ident!r} is used twice")
    sight = item.get("sight", "opaque")
    if sight not in SIGHT_VALUES:
        raise ValueError(f"{where}.sight: {sight!r} is not one of {', '.join(SIGHT_VALUES)}")
    for key in ("passable", "can_end_on"):
        if key in item and not isinstance(item[key], bool):
            raise ValueError(f"{where}.{key}: expected true or false, got {item[key]!r}")
    cost = item.get("move_cost", 1.0)
    if isinstance(cost, bool) or not isinstance(cost, int | float) or not cost >= 1:
        raise ValueError(f"{where}.move_cost: expected a number >= 1, got {cost!r}")
    count = item.get("obstacle_count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"{where}.obstacle_count: expected a whole number >= 0, got {count!r}")
    height = item.get("height", 0.0)
    if isinstance(height, bool) or not isinstance(height, int | float) or not (
            math.isfinite(height) and height >= 0):
        raise ValueError(f"{where}.height: expected a number of cm >= 0, got {height!r} (ME44: "
                         "scenery at most 2 pas high, 5 cm, may be climbed)")
    if not isinstance(item.get("label", ""), str):
        raise ValueError(f"{where}.label: expected a text, got {item['label']!r}")


def _check_on_table(element: Element, where: str, width: float, height: float) -> None:
    shape = element.shape
    if isinstance(shape, Circle):
        if shape.radius <= 0:
            raise ValueError(f"{where}: the radius must be positive, got {shape.radius}")
        if (
            shape.x - shape.radius < -_SLACK
            or shape.y - shape.radius < -_SLACK
            or shape.x + shape.radius > width + _SLACK
            or shape.y + shape.radius > height + _SLACK
        ):
            raise ValueError(
                f"{where}: the circle at ({shape.x:g}, {shape.y:g}) cm, radius "
                f"{shape.radius:g}, is not all on the {width:g} x {height:g} cm "
                "table"
            )
        return
    for p in shape.points:
        if not (-_SLACK <= p.x <= width + _SLACK and -_SLACK <= p.y <= height + _SLACK):
            raise ValueError(
                f"{where}: the point ({p.x:g}, {p.y:g}) cm is off the "
                f"{width:g} x {height:g} cm table"
            )
