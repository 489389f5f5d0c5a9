"""Immutable shapes (points, bases, circles, polygons) and the float primitives used everywhere.

Units are centimetres. The primitives take plain floats so that hot paths avoid allocations.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

EPS = 1e-9
"""Numerical slack for exact-geometry comparisons (not a game tolerance)."""


class Point(NamedTuple):
    """A point of the table, in centimetres."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Base:
    """A fighter's round base: centre (x, y) and radius, all in cm.

    ``id`` names the fighter (used to exclude the viewer/mover from obstacle lists and to
    report which base blocks a line of sight); ``owner`` is only used for drawing.
    """

    x: float
    y: float
    radius: float
    id: str = ""
    owner: str = ""

    @staticmethod
    def from_mm(x: float, y: float, diameter_mm: float, id: str = "", owner: str = "") -> Base:
        """Build a base from its diameter in millimetres (30 mm -> radius 1.5 cm)."""
        return Base(x, y, diameter_mm / 20.0, id, owner)

    @property
    def centre(self) -> Point:
        return Point(self.x, self.y)

    @property
    def diameter_mm(self) -> float:
        return self.radius * 20.0

    def moved_to(self, x: float, y: float) -> Base:
        """The same base at another position."""
        return Base(x, y, self.radius, self.id, self.owner)

    def same_as(self, other: Base) -> bool:
        """True when both describe the same fighter (same non-empty id, or equal values)."""
        if self.id or other.id:
            return self.id == other.id
        return self is other or self == other


@dataclass(frozen=True, slots=True)
class Circle:
    """A disc-shaped scenery footprint."""

    x: float
    y: float
    radius: float

    @property
    def centre(self) -> Point:
        return Point(self.x, self.y)

    def bounds(self) -> tuple[float, float, float, float]:
        r = self.radius
        return (self.x - r, self.y - r, self.x + r, self.y + r)


def _signed_area(pts: Sequence[tuple[float, float]]) -> float:
    s = 0.0
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2.0


def _is_convex(pts: Sequence[tuple[float, float]]) -> bool:
    """True for a counter-clockwise polygon whose turns are all left (or straight)."""
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        cx, cy = pts[(i + 2) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -EPS:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Polygon:
    """A simple polygon (vertices in any orientation; stored counter-clockwise)."""

    points: tuple[Point, ...]
    convex: bool = field(init=False, compare=False, repr=False)
    bbox: tuple[float, float, float, float] = field(init=False, compare=False, repr=False)
    bcircle: tuple[float, float, float] = field(init=False, compare=False, repr=False)
    #: The hash of its vertices, worked out once: scenery is a memo key of the path queries.
    _hash: int = field(init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # unpickled from before it was kept
            object.__setattr__(self, "_hash", hash((self.points,)))
            return self._hash

    def __post_init__(self) -> None:
        pts = [Point(float(x), float(y)) for x, y in self.points]
        if len(pts) < 3:
            raise ValueError("a polygon needs at least 3 vertices")
        if _signed_area(pts) < 0:
            pts.reverse()
        object.__setattr__(self, "points", tuple(pts))
        object.__setattr__(self, "convex", _is_convex(pts))
        xs = [p.x for p in pts]
        ys = [p.y for p in pts]
        bb = (min(xs), min(ys), max(xs), max(ys))
        object.__setattr__(self, "bbox", bb)
        cx, cy = (bb[0] + bb[2]) / 2, (bb[1] + bb[3]) / 2
        rad = max(math.hypot(p.x - cx, p.y - cy) for p in pts)
        object.__setattr__(self, "bcircle", (cx, cy, rad))
        object.__setattr__(self, "_hash", hash((self.points,)))

    @staticmethod
    def of(points: Iterable[tuple[float, float]]) -> Polygon:
        return Polygon(tuple(Point(x, y) for x, y in points))

    @staticmethod
    def rectangle(x0: float, y0: float, x1: float, y1: float) -> Polygon:
        return Polygon.of([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])

    def bounds(self) -> tuple[float, float, float, float]:
        return self.bbox

    @property
    def area(self) -> float:
        return _signed_area(self.points)


Shape = Circle | Polygon


def shape_bcircle(shape: Shape) -> tuple[float, float, float]:
    """Bounding circle (cx, cy, radius) of a shape."""
    if isinstance(shape, Circle):
        return (shape.x, shape.y, shape.radius)
    return shape.bcircle


# --------------------------------------------------------------------------- primitives


def seg_point_dist(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    """Distance from point p to segment [a, b]."""
    dx = bx - ax
    dy = by - ay
    ll = dx * dx + dy * dy
    if ll <= 0.0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / ll
    if t < 0.0:
        t = 0.0
    elif t > 1.0:
        t = 1.0
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def segments_cross(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float
) -> bool:
    """True when closed segments [a, b] and [c, d] share a point."""
    o1 = _orient(ax, ay, bx, by, cx, cy)
    o2 = _orient(ax, ay, bx, by, dx, dy)
    o3 = _orient(cx, cy, dx, dy, ax, ay)
    o4 = _orient(cx, cy, dx, dy, bx, by)
    if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
        return True
    # collinear / touching cases
    return (
        seg_point_dist(ax, ay, bx, by, cx, cy) <= EPS
        or seg_point_dist(ax, ay, bx, by, dx, dy) <= EPS
        or seg_point_dist(cx, cy, dx, dy, ax, ay) <= EPS
        or seg_point_dist(cx, cy, dx, dy, bx, by) <= EPS
    )


def seg_seg_dist(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float
) -> float:
    """Distance between closed segments [a, b] and [c, d] (0 when they meet)."""
    if segments_cross(ax, ay, bx, by, cx, cy, dx, dy):
        return 0.0
    return min(
        seg_point_dist(ax, ay, bx, by, cx, cy),
        seg_point_dist(ax, ay, bx, by, dx, dy),
        seg_point_dist(cx, cy, dx, dy, ax, ay),
        seg_point_dist(cx, cy, dx, dy, bx, by),
    )


def point_in_polygon(px: float, py: float, pts: Sequence[tuple[float, float]]) -> bool:
    """Even-odd ray casting (points exactly on the boundary may go either way)."""
    inside = False
    n = len(pts)
    x1, y1 = pts[n - 1]
    for i in range(n):
        x2, y2 = pts[i]
        if (y2 > py) != (y1 > py) and px < (x1 - x2) * (py - y2) / (y1 - y2) + x2:
            inside = not inside
        x1, y1 = x2, y2
    return inside


def polygon_boundary_dist(px: float, py: float, pts: Sequence[tuple[float, float]]) -> float:
    """Distance from a point to the boundary of a polygon."""
    best = math.inf
    n = len(pts)
    x1, y1 = pts[n - 1]
    for i in range(n):
        x2, y2 = pts[i]
        d = seg_point_dist(x1, y1, x2, y2, px, py)
        if d < best:
            best = d
        x1, y1 = x2, y2
    return best


def polygon_point_sdist(px: float, py: float, pts: Sequence[tuple[float, float]]) -> float:
    """Signed distance from a point to a polygon (negative inside)."""
    d = polygon_boundary_dist(px, py, pts)
    return -d if point_in_polygon(px, py, pts) else d


def line_clears_polygon(
    ax: float, ay: float, bx: float, by: float, pts: Sequence[tuple[float, float]],
    clearance: float,
) -> bool:
    """True when every vertex lies more than ``clearance`` away on one side of the line
    through a and b, so that the segment [a, b] is farther than ``clearance`` from the
    polygon. False when it cannot tell (a cheap test before :func:`seg_polygon_dist`: it
    proves only clear cases, by far more than the rounding of either)."""
    dx = bx - ax
    dy = by - ay
    lim = clearance * math.hypot(dx, dy)
    if lim <= 0.0:
        return False
    above = below = False
    for vx, vy in pts:
        s = (vx - ax) * dy - (vy - ay) * dx
        if s > lim:
            above = True
        elif s < -lim:
            below = True
        else:
            return False
    return above != below


def polygon_point_within(
    px: float, py: float, pts: Sequence[tuple[float, float]], limit: float
) -> bool:
    """``polygon_point_sdist(px, py, pts) < limit`` for ``limit > 0``, always the same answer
    with less work: inside, or some edge nearer than ``limit`` (edges whose box, grown by
    ``limit``, leaves the point out are never measured)."""
    if limit <= 0.0:
        return polygon_point_sdist(px, py, pts) < limit
    reach = limit + EPS  # an edge this far off (box apart) measures more than limit
    n = len(pts)
    x1, y1 = pts[n - 1]
    for i in range(n):
        x2, y2 = pts[i]
        if ((x1 if x1 > x2 else x2) + reach >= px and (x1 if x1 < x2 else x2) - reach <= px
                and (y1 if y1 > y2 else y2) + reach >= py
                and (y1 if y1 < y2 else y2) - reach <= py
                and seg_point_dist(x1, y1, x2, y2, px, py) < limit):
            return True
        x1, y1 = x2, y2
    return point_in_polygon(px, py, pts)


def seg_polygon_within(
    ax: float, ay: float, bx: float, by: float, pts: Sequence[tuple[float, float]],
    limit: float,
) -> bool:
    """``seg_polygon_dist(ax, ay, bx, by, pts) < limit`` for ``limit > EPS``, always the same
    answer with less work. There the distance is under ``limit`` when a lies inside, or when
    an edge crosses the segment properly (the orientation test of :func:`segments_cross`), or
    when one of the four end-to-segment distances of :func:`seg_seg_dist` is under ``limit``
    (those also decide the touching cases of :func:`segments_cross`, at ``EPS``). The
    distances of an edge whose box, grown by ``limit``, misses the segment's box are never
    measured (every edge still has its orientation test, as there)."""
    if limit <= EPS:
        return seg_polygon_dist(ax, ay, bx, by, pts) < limit
    if point_in_polygon(ax, ay, pts):
        return True
    reach = limit + EPS
    lo_x = (ax if ax < bx else bx) - reach
    hi_x = (ax if ax > bx else bx) + reach
    lo_y = (ay if ay < by else by) - reach
    hi_y = (ay if ay > by else by) + reach
    n = len(pts)
    cx, cy = pts[n - 1]
    for i in range(n):
        dx, dy = pts[i]
        o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
        o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
        o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
        if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
            return True
        if ((cx if cx > dx else dx) < lo_x or (cx if cx < dx else dx) > hi_x
                or (cy if cy > dy else dy) < lo_y or (cy if cy < dy else dy) > hi_y):
            cx, cy = dx, dy
            continue
        if (seg_point_dist(ax, ay, bx, by, cx, cy) < limit
                or seg_point_dist(ax, ay, bx, by, dx, dy) < limit
                or seg_point_dist(cx, cy, dx, dy, ax, ay) < limit
                or seg_point_dist(cx, cy, dx, dy, bx, by) < limit):
            return True
        cx, cy = dx, dy
    return False


def seg_polygon_dist(
    ax: float, ay: float, bx: float, by: float, pts: Sequence[tuple[float, float]]
) -> float:
    """Distance from a closed segment to a closed polygon (0 when they meet)."""
    if point_in_polygon(ax, ay, pts):
        return 0.0
    best = math.inf
    n = len(pts)
    x1, y1 = pts[n - 1]
    for i in range(n):
        x2, y2 = pts[i]
        d = seg_seg_dist(ax, ay, bx, by, x1, y1, x2, y2)
        if d < best:
            best = d
            if d == 0.0:
                return 0.0
        x1, y1 = x2, y2
    return best


def shape_point_sdist(shape: Shape, px: float, py: float) -> float:
    """Signed distance from a point to a shape (negative inside)."""
    if isinstance(shape, Circle):
        return math.hypot(px - shape.x, py - shape.y) - shape.radius
    return polygon_point_sdist(px, py, shape.points)


def shape_seg_dist(shape: Shape, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from a closed segment to a closed shape (0 when they meet)."""
    if isinstance(shape, Circle):
        return max(0.0, seg_point_dist(ax, ay, bx, by, shape.x, shape.y) - shape.radius)
    return seg_polygon_dist(ax, ay, bx, by, shape.points)


def polygons_dist(pa: Sequence[tuple[float, float]], pb: Sequence[tuple[float, float]]) -> float:
    """Distance between two closed polygons (0 when they meet or one contains the other)."""
    if point_in_polygon(pa[0][0], pa[0][1], pb) or point_in_polygon(pb[0][0], pb[0][1], pa):
        return 0.0
    best = math.inf
    n = len(pa)
    x1, y1 = pa[n - 1]
    for i in range(n):
        x2, y2 = pa[i]
        d = seg_polygon_dist(x1, y1, x2, y2, pb)
        if d < best:
            best = d
            if d == 0.0:
                return 0.0
        x1, y1 = x2, y2
    return best


def shapes_dist(a: Shape, b: Shape) -> float:
    """Edge-to-edge distance between two closed shapes (0 when they meet)."""
    if isinstance(a, Circle) and isinstance(b, Circle):
        return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)
    if isinstance(a, Circle):
        return max(0.0, shape_point_sdist(b, a.x, a.y) - a.radius)
    if isinstance(b, Circle):
        return max(0.0, shape_point_sdist(a, b.x, b.y) - b.radius)
    return polygons_dist(a.points, b.points)


#: How far apart (cm) two bounding boxes must be for :func:`shapes_meet` to answer from them:
#: far beyond the rounding of the exact distance on a table's coordinates.
BOXES_APART = 1e-6


def shapes_meet(a: Shape, b: Shape) -> bool:
    """Whether two closed shapes meet (touch, cross or contain one another): exactly
    ``shapes_dist(a, b) <= 0``, worked out only when their bounding boxes are not apart
    (shapes whose boxes are apart cannot meet)."""
    ax0, ay0, ax1, ay1 = a.bounds()
    bx0, by0, bx1, by1 = b.bounds()
    if (ax0 > bx1 + BOXES_APART or bx0 > ax1 + BOXES_APART
            or ay0 > by1 + BOXES_APART or by0 > ay1 + BOXES_APART):
        return False
    return shapes_dist(a, b) <= 0.0


def segment_length_inside(shape: Shape, ax: float, ay: float, bx: float, by: float) -> float:
    """Length of the part of segment [a, b] lying inside the shape."""
    dx = bx - ax
    dy = by - ay
    length = math.hypot(dx, dy)
    if length <= 0.0:
        return 0.0
    if isinstance(shape, Circle):
        fx = ax - shape.x
        fy = ay - shape.y
        a2 = dx * dx + dy * dy
        b2 = 2 * (fx * dx + fy * dy)
        c2 = fx * fx + fy * fy - shape.radius * shape.radius
        disc = b2 * b2 - 4 * a2 * c2
        if disc <= 0:
            return 0.0
        sq = math.sqrt(disc)
        t0 = max(0.0, (-b2 - sq) / (2 * a2))
        t1 = min(1.0, (-b2 + sq) / (2 * a2))
        return max(0.0, t1 - t0) * length
    x0, y0, x1, y1 = shape.bbox
    if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
        return 0.0
    ts = [0.0, 1.0]
    pts = shape.points
    n = len(pts)
    px1, py1 = pts[n - 1]
    for i in range(n):
        px2, py2 = pts[i]
        ex = px2 - px1
        ey = py2 - py1
        den = dx * ey - dy * ex
        if den != 0.0:
            t = ((px1 - ax) * ey - (py1 - ay) * ex) / den
            u = ((px1 - ax) * dy - (py1 - ay) * dx) / den
            if 0.0 < t < 1.0 and -EPS <= u <= 1.0 + EPS:
                ts.append(t)
        px1, py1 = px2, py2
    ts.sort()
    inside = 0.0
    for t0, t1 in itertools.pairwise(ts):
        if t1 - t0 <= 1e-12:
            continue
        tm = (t0 + t1) / 2
        if point_in_polygon(ax + tm * dx, ay + tm * dy, pts):
            inside += t1 - t0
    return inside * length


def convex_hull(points: Iterable[tuple[float, float]]) -> list[Point]:
    """Counter-clockwise convex hull (Andrew's monotone chain)."""
    pts = sorted({(float(x), float(y)) for x, y in points})
    if len(pts) <= 2:
        return [Point(x, y) for x, y in pts]

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while len(out) >= 2 and _orient(*out[-2], *out[-1], *p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower = half(pts)
    upper = half(pts[::-1])
    return [Point(x, y) for x, y in lower[:-1] + upper[:-1]]


def circle_polygon(x: float, y: float, r: float, sides: int = 48) -> list[Point]:
    """A regular polygon inscribed in the circle (for drawing and oracles)."""
    return [
        Point(x + r * math.cos(2 * math.pi * i / sides), y + r * math.sin(2 * math.pi * i / sides))
        for i in range(sides)
    ]
