"""The world the tangent-graph search of :mod:`tangent_graph` reads (internal).

Obstacles inflated for one mover radius (:class:`World`, :func:`build_world`): discs, impassable
polygons with the "corner circles" at their convex corners, and weighted zones; the free-space
tests of points, segments and arcs (:func:`point_free`, :func:`segment_free`, :func:`in_field`,
``_arc_free``); the exact cost of a straight move (:func:`zone_cost`); and the circle geometry
of the graph's edges (common tangents, arcs drawn as outer polylines).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .shapes import (
    Base,
    Circle,
    Point,
    line_clears_polygon,
    polygon_point_within,
    seg_point_dist,
    seg_polygon_within,
    segment_length_inside,
)
from .table import Element, Field

PATH_TOLERANCE = 1e-6
"""cm. Closer than the inflated radius minus this = collision; touching is allowed."""

ZONE_STEP = 0.5
"""cm between Steiner points on weighted-zone boundaries."""

TWO_PI = 2.0 * math.pi


@dataclass(frozen=True, slots=True)
class World:
    """Obstacles inflated for one mover radius."""

    r: float
    xmin: float
    ymin: float
    xmax: float
    ymax: float
    discs: tuple[tuple[float, float, float], ...]  # inflated discs (cx, cy, R)
    polys: tuple[tuple[Point, ...], ...]  # impassable polygons (inflate by r when testing)
    boxes: tuple[tuple[float, float, float, float], ...]  # their bounding boxes grown by r
    # corner circles: (cx, cy, R, owner polygon index or -1, wedge start, wedge end)
    circles: tuple[tuple[float, float, float, int, float, float], ...]
    zones: tuple[tuple[Element, float], ...]  # (element, extra factor X - 1)
    #: The table has weighted zones (``zones`` may hold only those within reach): costs are
    #: then those of the drawn polylines (arcs included), as on the whole table.
    zoned: bool = False


@lru_cache(maxsize=256)
def _static_scenery(
    elements: tuple[Element, ...], r: float
) -> tuple[
    tuple[tuple[float, float, float], ...],
    tuple[tuple[Point, ...], ...],
    tuple[tuple[float, float, float, int, float, float], ...],
    tuple[tuple[Element, float], ...],
]:
    discs: list[tuple[float, float, float]] = []
    polys: list[tuple[Point, ...]] = []
    circles: list[tuple[float, float, float, int, float, float]] = []
    zones: list[tuple[Element, float]] = []
    for e in elements:
        shape = e.shape
        if not e.passable:
            if isinstance(shape, Circle):
                discs.append((shape.x, shape.y, shape.radius + r))
                circles.append((shape.x, shape.y, shape.radius + r, -1, 0.0, TWO_PI))
            else:
                idx = len(polys)
                pts = shape.points
                polys.append(pts)
                n = len(pts)
                for i in range(n):
                    px, py = pts[i - 1]
                    vx, vy = pts[i]
                    qx, qy = pts[(i + 1) % n]
                    if (vx - px) * (qy - vy) - (vy - py) * (qx - vx) <= 0:
                        continue  # reflex or flat vertex: never on a shortest path
                    # outward normals of the incoming and outgoing edges (ccw polygon)
                    a0 = math.atan2(-(vx - px), vy - py)
                    a1 = math.atan2(-(qx - vx), qy - vy)
                    circles.append((vx, vy, r, idx, a0, (a1 - a0) % TWO_PI))
        elif e.move_cost > 1.0:
            zones.append((e, e.move_cost - 1.0))
    return tuple(discs), tuple(polys), tuple(circles), tuple(zones)


@lru_cache(maxsize=256)
def _boxes(
    polys: tuple[tuple[Point, ...], ...], r: float
) -> tuple[tuple[float, float, float, float], ...]:
    out = []
    for pts in polys:
        xs = [p.x for p in pts]
        ys = [p.y for p in pts]
        out.append((min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r))
    return tuple(out)


def build_world(
    mover: Base,
    field: Field,
    bases: Sequence[Base],
    elements: Sequence[Element],
    zoned: bool | None = None,
) -> World:
    """The obstacles of ``bases`` and ``elements`` inflated for the mover. ``zoned``: whether
    the whole table has weighted zones, when ``elements`` is only the part of it within reach
    (by default: whether ``elements`` has any)."""
    r = mover.radius
    discs, polys, circles, zones = _static_scenery(tuple(elements), r)
    boxes = _boxes(polys, r)
    bd = [(b.x, b.y, b.radius + r) for b in bases if not b.same_as(mover)]
    bc = [(x, y, rr, -1, 0.0, TWO_PI) for x, y, rr in bd]
    return World(
        r, r, r, field.width - r, field.height - r,
        tuple(bd) + discs, polys, boxes, tuple(bc) + circles, zones,
        bool(zones) if zoned is None else zoned,
    )  # fmt: skip


def point_free(w: World, x: float, y: float, tol: float = PATH_TOLERANCE) -> bool:
    if x < w.xmin - tol or x > w.xmax + tol or y < w.ymin - tol or y > w.ymax + tol:
        return False
    for cx, cy, rr in w.discs:
        if math.hypot(x - cx, y - cy) < rr - tol:
            return False
    limit = w.r - tol
    for pts, (x0, y0, x1, y1) in zip(w.polys, w.boxes, strict=True):
        if x < x0 or x > x1 or y < y0 or y > y1:
            continue  # out of its box grown by r: farther than r from the polygon
        if polygon_point_within(x, y, pts, limit):
            return False
    return True


def segment_free(
    w: World, ax: float, ay: float, bx: float, by: float, tol: float = PATH_TOLERANCE
) -> bool:
    """True when the centre can travel straight from a to b (endpoints assumed in the field)."""
    lo_x = bx if bx < ax else ax  # min(ax, bx), without the call
    hi_x = bx if bx > ax else ax
    lo_y = by if by < ay else ay
    hi_y = by if by > ay else ay
    for cx, cy, rr in w.discs:
        if cx + rr < lo_x or cx - rr > hi_x or cy + rr < lo_y or cy - rr > hi_y:
            continue
        if seg_point_dist(ax, ay, bx, by, cx, cy) < rr - tol:
            return False
    r = w.r
    for pts, (x0, y0, x1, y1) in zip(w.polys, w.boxes, strict=True):
        if x1 < lo_x or x0 > hi_x or y1 < lo_y or y0 > hi_y:
            continue
        if line_clears_polygon(ax, ay, bx, by, pts, r):
            continue
        if seg_polygon_within(ax, ay, bx, by, pts, r - tol):
            return False
    return True


def in_field(w: World, x: float, y: float, tol: float = PATH_TOLERANCE) -> bool:
    return w.xmin - tol <= x <= w.xmax + tol and w.ymin - tol <= y <= w.ymax + tol


def _arc_free(w: World, ci: int, a0: float, sweep: float, orient: int) -> bool:
    """Is the arc of corner circle ci from angle a0, sweeping ``sweep`` >= 0 radians in
    direction ``orient``, free of every other obstacle and inside the field?"""
    if sweep <= 1e-12:
        return True
    cx, cy, rr, owner, w0, wlen = w.circles[ci]
    start = a0 if orient > 0 else a0 - sweep  # ccw interval [start, start + sweep]
    if owner >= 0:
        off = (start - w0) % TWO_PI
        if off > TWO_PI - 1e-7:
            off -= TWO_PI  # numerically at the wedge's start
        if off + sweep > wlen + 1e-7:
            return False  # leaves the exterior wedge of its own polygon corner
    tol = PATH_TOLERANCE
    for dx, dy, dr in w.discs:
        d = math.hypot(dx - cx, dy - cy)
        if d >= rr + dr - tol or d < 1e-12:
            continue
        if d + rr <= dr:
            return False
        cosv = (rr * rr + d * d - dr * dr) / (2 * rr * d)
        if cosv <= -1.0:
            return False
        half = math.acos(min(1.0, cosv))
        lo = math.atan2(dy - cy, dx - cx) - half
        # open interval (lo, lo + 2 half) of angles inside the other disc
        off = (lo - start) % TWO_PI
        if (off < sweep - 1e-9 or off + 2 * half > TWO_PI + 1e-9) and half > 1e-7:
            return False
    # Only the polygons whose box (grown by r) meets the circle's box can come within r of
    # the arc; a point outside such a box is farther than r from the polygon (so free).
    near = [(pts, box) for pi, (pts, box) in enumerate(zip(w.polys, w.boxes, strict=True))
            if pi != owner and box[0] <= cx + rr and box[2] >= cx - rr
            and box[1] <= cy + rr and box[3] >= cy - rr]
    steps = max(2, int(sweep / 0.12) + 1)
    for k in range(steps + 1):
        t = start + sweep * k / steps
        x = cx + rr * math.cos(t)
        y = cy + rr * math.sin(t)
        if not in_field(w, x, y):
            return False
        for pts, (x0, y0, x1, y1) in near:
            if x < x0 or x > x1 or y < y0 or y > y1:
                continue
            if polygon_point_within(x, y, pts, w.r - tol):
                return False
    return True


#: cm by which a segment's box must miss a zone's bounding circle's box for
#: :func:`zone_cost` to leave the zone out: far more than any rounding of the exact test,
#: which finds no length inside it then (its surcharge would be exactly 0.0).
ZONE_SKIP_MARGIN = 1e-6


def zone_cost(w: World, ax: float, ay: float, bx: float, by: float) -> float:
    """Exact cost of the straight move a -> b (length plus zone surcharges). A zone whose
    bounding circle lies clear of the segment's box adds nothing (``cost + 0.0``): it is
    not measured."""
    cost = math.hypot(bx - ax, by - ay)
    if not w.zones:
        return cost
    m = ZONE_SKIP_MARGIN
    lo_x = (bx if bx < ax else ax) - m
    hi_x = (bx if bx > ax else ax) + m
    lo_y = (by if by < ay else ay) - m
    hi_y = (by if by > ay else ay) + m
    for e, extra in w.zones:
        cx, cy, big = e.bcircle
        if cx + big < lo_x or cx - big > hi_x or cy + big < lo_y or cy - big > hi_y:
            continue
        cost += extra * segment_length_inside(e.shape, ax, ay, bx, by)
    return cost


def _arc_points(cx: float, cy: float, rr: float, a0: float, sweep: float, orient: int,
                ) -> list[Point]:  # fmt: skip
    """A polyline following the arc from outside: every piece lies on a tangent of the circle
    (so it never enters the obstacle); ends at the arc's end point."""
    steps = max(1, int(sweep / 0.15) + 1)
    delta = sweep / steps
    far = rr / math.cos(delta / 2)
    pts = [
        Point(cx + far * math.cos(a0 + orient * delta * (k + 0.5)),
              cy + far * math.sin(a0 + orient * delta * (k + 0.5)))
        for k in range(steps)
    ]  # fmt: skip
    a1 = a0 + orient * sweep
    pts.append(Point(cx + rr * math.cos(a1), cy + rr * math.sin(a1)))
    return pts


def _tangent(
    cix: float, ciy: float, ri: float, oi: int, cjx: float, cjy: float, rj: float, oj: int
) -> tuple[float, float, float, float] | None:
    """Directed common tangent leaving circle i (orientation oi) to circle j (orientation oj).

    Orientation +1 = counter-clockwise travel (centre on the left). Radius 0 = a point.
    Returns the tangent points (tix, tiy, tjx, tjy) or None."""
    dx = cjx - cix
    dy = cjy - ciy
    dist = math.hypot(dx, dy)
    k = oj * rj - oi * ri
    if dist <= 1e-12 or abs(k) > dist + 1e-7:
        return None
    psi = math.atan2(dy, dx) - math.asin(max(-1.0, min(1.0, k / dist)))
    lx = -math.sin(psi)
    ly = math.cos(psi)
    return (cix - oi * ri * lx, ciy - oi * ri * ly, cjx - oj * rj * lx, cjy - oj * rj * ly)
