"""Geometry of many points at once, with numpy: for sifting candidate positions before the
exact tests of :mod:`.shapes` (which stay the reference)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .shapes import Circle, Polygon, Shape

FloatArray = NDArray[np.float64]


def points_sdist(shape: Shape, px: FloatArray, py: FloatArray) -> FloatArray:
    """The signed distance (negative inside) from each point to a shape, all at once."""
    if isinstance(shape, Circle):
        out: FloatArray = np.hypot(px - shape.x, py - shape.y) - shape.radius
        return out
    best = np.full(px.shape, np.inf)
    inside = np.zeros(px.shape, dtype=bool)
    points = shape.points
    for (ax, ay), (bx, by) in zip((points[-1], *points[:-1]), points, strict=True):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = np.clip(((px - ax) * dx + (py - ay) * dy) / length, 0.0, 1.0) if length else 0.0
        best = np.minimum(best, np.hypot(px - (ax + t * dx), py - (ay + t * dy)))
        if ay != by:
            inside ^= ((ay > py) != (by > py)) & (px < ax + (py - ay) * dx / dy)
    result: FloatArray = np.where(inside, -best, best)
    return result


def vertex_gaps(shape: Shape, other: Shape, px: FloatArray, py: FloatArray) -> FloatArray:
    """For ``shape`` (given around (0, 0)) moved to each point (px, py): the least distance
    (0 inside) from its vertices to ``other`` and from ``other``'s vertices to it. The
    distance between the two shapes is never more (it is 0 when they overlap), so a point
    whose gap is under a spacing is one where the shapes are too near."""
    gap = np.full(px.shape, np.inf)
    if isinstance(shape, Polygon):
        for vx, vy in shape.points:
            gap = np.minimum(gap, np.maximum(points_sdist(other, px + vx, py + vy), 0.0))
    if isinstance(other, Polygon):
        for ox, oy in other.points:
            gap = np.minimum(gap, np.maximum(points_sdist(shape, ox - px, oy - py), 0.0))
    return gap
