"""Slow shapely versions of the hot paths, kept as test oracles (and for rare cases).

``sight_reference`` follows the same definitions as :func:`sight.line_of_sight` but computes
them with polygon clipping on finely polygonised discs, so it agrees with the fast version up
to about ``ORACLE_TOLERANCE``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import shapely
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon as SPolygon

from .shapes import Base, Circle, Polygon, Shape
from .table import Element

if TYPE_CHECKING:
    from .sight import Corridor, SightResult, Target

ORACLE_TOLERANCE = 1e-3
"""cm: the oracle's discs are 256-gons; separation is tested against the element grown by this."""

_QUAD = 64


def shapely_shape(shape: Shape | Base, grow: float = 0.0) -> Any:
    """A shapely polygon for a shape or a base (discs as fine polygons), optionally grown."""
    if isinstance(shape, Base):
        return SPoint(shape.x, shape.y).buffer(shape.radius + grow, quad_segs=_QUAD)
    if isinstance(shape, Circle):
        return SPoint(shape.x, shape.y).buffer(shape.radius + grow, quad_segs=_QUAD)
    poly = SPolygon([(p.x, p.y) for p in shape.points])
    return poly.buffer(grow, quad_segs=_QUAD) if grow else poly


def _target_geom(target: Target) -> tuple[Any, Any]:
    """(geometry, representative point) of a sight target."""
    if isinstance(target, Base):
        g = shapely_shape(target)
        return g, SPoint(target.x, target.y)
    if isinstance(target, Element):
        g = shapely_shape(target.shape)
        return g, g.representative_point()
    p = SPoint(float(target[0]), float(target[1]))
    return p, p


def _separated(k: Any, a_pt: Any, t_pt: Any, occluder: Any) -> bool:
    rest = k.difference(occluder.buffer(ORACLE_TOLERANCE, quad_segs=8))
    parts = list(getattr(rest, "geoms", [rest]))
    for part in parts:
        if part.is_empty:
            continue
        if part.distance(a_pt) < 1e-9 and part.distance(t_pt) < 1e-9:
            return False
    return True


def corridor_separated_by(c: Corridor, shape: Polygon, target_poly: Polygon | None) -> bool:
    """True when ``shape`` splits the corridor ``c`` between viewer and target."""
    k = SPolygon([(p.x, p.y) for p in c.outline(arc_steps=256)])
    a_pt = SPoint(c.ax, c.ay)
    if c.target_disc is not None:
        t_pt = SPoint(c.target_disc[0], c.target_disc[1])
    else:
        assert target_poly is not None
        t_pt = shapely_shape(target_poly).representative_point()
    return _separated(k, a_pt, t_pt, shapely_shape(shape))


def sight_reference(
    viewer: Base,
    target: Target,
    *,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
) -> SightResult:
    """Oracle for :func:`sight.line_of_sight`, built from shapely operations."""
    from .sight import SightResult

    a = shapely_shape(viewer)
    tg, t_pt = _target_geom(target)
    k = shapely.convex_hull(shapely.union(a, tg))
    a_pt = SPoint(viewer.x, viewer.y)
    occluders: list[tuple[str, Any, int, str]] = []
    for b in bases:
        if b.same_as(viewer) or (isinstance(target, Base) and b.same_as(target)):
            continue
        occluders.append((b.id, shapely_shape(b), 1, "opaque"))
    for e in elements:
        if e.sight == "flat" or (isinstance(target, Element) and e.id == target.id):
            continue
        occluders.append((e.id, shapely_shape(e.shape), e.obstacle_count, e.sight))
    blocking: list[str] = []
    obstructing: list[str] = []
    standing: list[str] = []
    obstacles = 0
    for ident, g, count, sight in occluders:
        if g.intersection(a).area > 1e-6 or (tg.area > 0 and g.intersection(tg).area > 1e-6):
            standing.append(ident)
            continue
        if tg.area == 0 and g.contains(tg):
            standing.append(ident)
            continue
        if g.intersection(k).area <= 1e-6:
            continue
        if _separated(k, a_pt, t_pt, g) and sight == "opaque":
            blocking.append(ident)
        else:
            obstructing.append(ident)
            obstacles += count
    return SightResult(not blocking, obstacles, tuple(blocking), tuple(obstructing),
                       tuple(standing))  # fmt: skip
