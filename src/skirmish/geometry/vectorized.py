"""Geometry of many points at once, with numpy: for sifting candidate positions before the
exact tests of :mod:`.shapes` (which stay the reference).

A sift may differ from the exact tests in the last bits (numpy's ``hypot`` is not
``math.hypot``): callers compare its distances with a margin, so that it only leaves out
what the exact test refuses. A polygon's edges are turned into arrays once per polygon
(shapes never change) and every edge is measured in one pass."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .shapes import Circle, Polygon, Shape, convex_hull

FloatArray = NDArray[np.float64]


class _Edges:
    """A polygon's edges as arrays, from each vertex to the next (the last edge closing
    the polygon first, as :func:`~skirmish.geometry.shapes.polygon_point_sdist` walks
    them): starts ``ax, ay``, directions ``dx, dy``, squared lengths ``length`` (1 for an
    edge of no length, whose direction is 0), and for the crossing test ``dy``'s inverse
    ratio ``slope`` (dx / dy; 0 for a level edge, which never crosses a level line)."""

    __slots__ = ("ax", "ay", "dx", "dy", "length", "slope", "vx", "vy")

    def __init__(self, polygon: Polygon) -> None:
        points = polygon.points
        starts = (points[-1], *points[:-1])
        self.ax = np.array([a[0] for a in starts])
        self.ay = np.array([a[1] for a in starts])
        self.vx = np.array([b[0] for b in points])
        self.vy = np.array([b[1] for b in points])
        self.dx = self.vx - self.ax
        self.dy = self.vy - self.ay
        length = self.dx * self.dx + self.dy * self.dy
        self.length = np.where(length > 0.0, length, 1.0)
        level = self.dy == 0.0
        self.slope = np.where(level, 0.0, self.dx / np.where(level, 1.0, self.dy))


#: The edges of the polygons measured lately (emptied when it grows past
#: :data:`EDGES_KEPT`).
_EDGES: dict[Polygon, _Edges] = {}
EDGES_KEPT = 4096


def _edges(polygon: Polygon) -> _Edges:
    edges = _EDGES.get(polygon)
    if edges is None:
        if len(_EDGES) >= EDGES_KEPT:
            _EDGES.clear()
        edges = _EDGES[polygon] = _Edges(polygon)
    return edges


def points_sdist(shape: Shape, px: FloatArray, py: FloatArray) -> FloatArray:
    """The signed distance (negative inside) from each point to a shape, all at once (the
    points in arrays of any shape)."""
    if isinstance(shape, Circle):
        out: FloatArray = np.hypot(px - shape.x, py - shape.y) - shape.radius
        return out
    e = _edges(shape)
    qx, qy = px[..., None], py[..., None]
    t = np.clip(((qx - e.ax) * e.dx + (qy - e.ay) * e.dy) / e.length, 0.0, 1.0)
    best = np.hypot(qx - (e.ax + t * e.dx), qy - (e.ay + t * e.dy)).min(axis=-1)
    crosses = ((e.ay > qy) != (e.vy > qy)) & (qx < e.ax + (qy - e.ay) * e.slope)
    inside = np.logical_xor.reduce(crosses, axis=-1)
    result: FloatArray = np.where(inside, -best, best)
    return result


def _reach_polygon(shape: Polygon, other: Polygon) -> Polygon:
    """For two convex polygons, ``other`` less ``shape`` (Minkowski): the points p where
    ``shape`` moved by p meets ``other``, so that the distance from p to it is the distance
    between ``shape`` moved to p and ``other``. The hull of the vertices' differences,
    each worked out with one rounding: far below any margin of :func:`surely_nearer`."""
    key = (shape, other)
    known = _REACH.get(key)
    if known is None:
        if len(_REACH) >= EDGES_KEPT:
            _REACH.clear()
        known = _REACH[key] = Polygon(tuple(convex_hull(
            (o.x - p.x, o.y - p.y) for o in other.points for p in shape.points)))
    return known


_REACH: dict[tuple[Polygon, Polygon], Polygon] = {}


def vertex_gaps(shape: Shape, other: Shape, px: FloatArray, py: FloatArray) -> FloatArray:
    """For ``shape`` (given around (0, 0)) moved to each point (px, py): the least distance
    (0 inside) from its vertices to ``other`` and from ``other``'s vertices to it. The
    distance between the two shapes is never more (it is 0 when they overlap), so a point
    whose gap is under a spacing is one where the shapes are too near."""
    gap = np.full(px.shape, np.inf)
    qx, qy = px[..., None], py[..., None]
    if isinstance(shape, Polygon):
        e = _edges(shape)
        gap = np.minimum(gap, points_sdist(other, qx + e.vx, qy + e.vy).min(axis=-1))
    if isinstance(other, Polygon):
        o = _edges(other)
        gap = np.minimum(gap, points_sdist(shape, o.vx - qx, o.vy - qy).min(axis=-1))
    out: FloatArray = np.maximum(gap, 0.0)
    return out


def surely_nearer(shape: Shape, other: Shape, px: FloatArray, py: FloatArray,
                  spacing: float, margin: float = 1e-6) -> NDArray[np.bool_]:
    """For ``shape`` (given around (0, 0)) moved to each point (px, py): whether it is
    certainly nearer than ``spacing`` to ``other`` (edge to edge; overlapping counts), by
    more than ``margin`` - so an exact test of that spacing refuses every point marked,
    whatever numpy's last bits. Points not marked may still be too near.

    The distance itself when one shape is round (from its centre, less its radius) or both
    are convex (from the point to their Minkowski difference, :func:`_reach_polygon`);
    otherwise two tests, the cheaper first: ``other`` comes nearer to the point than the
    largest disc about (0, 0) inside ``shape`` allows (when (0, 0) is in it); a vertex of
    either shape comes within ``spacing`` of the other (:func:`vertex_gaps`). Nothing is
    marked for a spacing within ``margin`` of 0 (shapes that overlap are 0 apart)."""
    if spacing <= margin:
        return np.zeros(px.shape, dtype=bool)
    if isinstance(shape, Circle):  # the distance itself, from the moved centre
        near: NDArray[np.bool_] = (points_sdist(other, px + shape.x, py + shape.y)
                                   < spacing + shape.radius - margin)
        return near
    if isinstance(other, Circle):  # the distance itself, from the circle's centre
        near = (points_sdist(shape, other.x - px, other.y - py) - other.radius
                < spacing - margin)
        return near
    if shape.convex and other.convex:  # the distance itself, to the Minkowski difference
        near = points_sdist(_reach_polygon(shape, other), px, py) < spacing - margin
        return near
    centre = float(points_sdist(shape, np.zeros(1), np.zeros(1))[0])
    if centre <= 0.0:  # (0, 0) in the shape, and the disc of radius -centre about it
        near = points_sdist(other, px, py) < spacing - centre - margin
    else:
        near = np.zeros(px.shape, dtype=bool)
    rest = np.flatnonzero(~near)
    if isinstance(other, Circle):
        gaps = points_sdist(shape, other.x - px[rest], other.y - py[rest]) - other.radius
    else:
        gaps = vertex_gaps(shape, other, px[rest], py[rest])
    near[rest] = gaps < spacing - margin
    return near
