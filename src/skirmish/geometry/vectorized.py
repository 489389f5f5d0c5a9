"""Geometry of many points at once, with numpy: for sifting candidate positions before the
exact tests of :mod:`.shapes` (which stay the reference)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .shapes import Circle, Shape

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
