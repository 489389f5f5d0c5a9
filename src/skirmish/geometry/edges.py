"""A base against a scenery footprint's edge: the nearest position touching it, where a
straight line across it comes out, points of a footprint and of its rim. Knows no rules.

A base of radius r *touches* a footprint when its centre is at signed distance r from it
(:func:`skirmish.geometry.shapes.shape_point_sdist`); the positions touching a convex
footprint form its outline grown by r.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from .shapes import Circle, Point, Shape, shape_bcircle, shape_point_sdist

#: The step (cm) at which a straight line is walked to find where it leaves a footprint.
STEP = 0.1


def nearest_edge_point(shape: Shape, x: float, y: float) -> Point:
    """The point of the footprint's outline nearest to (x, y)."""
    if isinstance(shape, Circle):
        dx, dy = x - shape.x, y - shape.y
        d = math.hypot(dx, dy)
        if d == 0.0:
            return Point(shape.x + shape.radius, shape.y)
        return Point(shape.x + dx / d * shape.radius, shape.y + dy / d * shape.radius)
    best, best_d = Point(x, y), math.inf
    pts = shape.points
    ax, ay = pts[-1]
    for bx, by in pts:
        ex, ey = bx - ax, by - ay
        ll = ex * ex + ey * ey
        t = 0.0 if ll == 0.0 else max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / ll))
        qx, qy = ax + t * ex, ay + t * ey
        d = math.hypot(x - qx, y - qy)
        if d < best_d:
            best, best_d = Point(qx, qy), d
        ax, ay = bx, by
    return best


def touching_position(shape: Shape, radius: float, x: float, y: float) -> Point:
    """The centre of a base of ``radius`` touching the footprint from outside, nearest to
    (x, y) (exact for a convex footprint and a point outside it; from inside, the base is
    pushed out through the nearest edge)."""
    q = nearest_edge_point(shape, x, y)
    dx, dy = x - q.x, y - q.y
    d = math.hypot(dx, dy)
    if shape_point_sdist(shape, x, y) < 0.0 or d == 0.0:
        cx, cy, _ = shape_bcircle(shape)
        dx, dy = q.x - cx, q.y - cy
        if d > 0.0:
            dx, dy = q.x - x, q.y - y
        d = math.hypot(dx, dy) or 1.0
    return Point(q.x + dx / d * radius, q.y + dy / d * radius)


def exit_position(shape: Shape, radius: float, start: tuple[float, float],
                  direction: float, limit: float) -> Point | None:
    """Walking a base of ``radius`` from ``start`` in a straight line (``direction`` in
    radians): its centre where it touches the footprint again after crossing over it - the
    first position past the footprint - or ``None`` when the line never enters it or comes
    out farther than ``limit`` cm."""
    ux, uy = math.cos(direction), math.sin(direction)
    sx, sy = start

    def gap(t: float) -> float:
        return shape_point_sdist(shape, sx + t * ux, sy + t * uy) - radius

    steps = int(limit / STEP) + 1
    entered = False
    previous = 0.0
    for i in range(1, steps + 1):
        t = min(i * STEP, limit)
        g = gap(t)
        if not entered:
            entered = g < -1e-6
        elif g >= 0.0:
            low, high = previous, t  # gap(low) < 0 <= gap(high)
            for _ in range(40):
                mid = (low + high) / 2
                if gap(mid) < 0.0:
                    low = mid
                else:
                    high = mid
            return Point(sx + high * ux, sy + high * uy)
        previous = t
    return None


def points_inside(shape: Shape, step: float = 0.5) -> Iterator[Point]:
    """Points of the footprint (its outline included), on a grid of ``step`` cm."""
    x0, y0, x1, y1 = shape.bounds()
    nx, ny = int((x1 - x0) / step) + 1, int((y1 - y0) / step) + 1
    for i in range(nx + 1):
        for j in range(ny + 1):
            x, y = min(x0 + i * step, x1), min(y0 + j * step, y1)
            if shape_point_sdist(shape, x, y) <= 1e-9:
                yield Point(x, y)


def rim_positions(shape: Shape, radius: float, count: int = 36) -> list[Point]:
    """``count`` centres of a base of ``radius`` touching the footprint all round it, one per
    direction from the footprint's bounding centre."""
    cx, cy, big = shape_bcircle(shape)
    out = []
    for k in range(count):
        angle = 2 * math.pi * k / count
        far = (cx + (big + radius + 1.0) * math.cos(angle),
               cy + (big + radius + 1.0) * math.sin(angle))
        out.append(touching_position(shape, radius, *far))
    return out
