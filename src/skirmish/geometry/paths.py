"""Cheapest paths for a round base, move legality, contact positions, destination sampling.

Model: the mover's centre travels among obstacles inflated by the mover's radius r: other bases
(discs of radius R + r), impassable scenery (Minkowski sum of the footprint and a disc of radius r)
and the field edge (the centre stays at least r inside). Touching is allowed (tolerance
``PATH_TOLERANCE``), so the base fits through a gap exactly as wide as its diameter.

Shortest paths without weighted zones are exact: they are searched in the tangent graph
(straight tangent segments between inflated discs and the rounded corners of inflated polygons,
plus arcs along them), with a lazy A* whose states are (circle, orientation, arrival angle).

Weighted zones (passable elements with ``move_cost`` X > 1, cost X per cm of the centre's track
inside them) add Steiner points every ``zone_step`` cm on the zone boundaries; the found path is
then refined by moving each Steiner point along its boundary (golden-section search). The cost
returned is always the exact cost of the returned (legal) path, so it can only over-estimate the
true optimum; the over-estimate is at most ``(X_in + X_out) * zone_step / 2`` per boundary
crossing before refinement (see the rulings).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .shapes import (
    Base,
    Circle,
    Point,
    Polygon,
    point_in_polygon,
    polygon_point_sdist,
    seg_point_dist,
    seg_polygon_dist,
    segment_length_inside,
)
from .table import Element, Field, Marker

PATH_TOLERANCE = 1e-6
"""cm. Closer than the inflated radius minus this = collision; touching is allowed."""

ZONE_STEP = 0.5
"""cm between Steiner points on weighted-zone boundaries."""

TWO_PI = 2.0 * math.pi


@dataclass(frozen=True, slots=True)
class PathResult:
    """A path of the mover's centre: cost (cm of allowance spent), length and vertices.

    Arcs around obstacles are flattened into vertices every few degrees (``points``)."""

    cost: float
    length: float
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class MoveCheck:
    """Result of :func:`is_legal_move`. ``reason`` is "" when legal, else one of
    "off_field", "overlaps_base", "overlaps_element", "cannot_end_on", "on_marker",
    "out_of_allowance", "unreachable"."""

    legal: bool
    reason: str
    cost: float
    path: tuple[Point, ...] = ()
    end: Point | None = None


# ----------------------------------------------------------------------------- world model


@dataclass(frozen=True, slots=True)
class _World:
    """Obstacles inflated for one mover radius."""

    r: float
    xmin: float
    ymin: float
    xmax: float
    ymax: float
    discs: tuple[tuple[float, float, float], ...]  # inflated discs (cx, cy, R)
    polys: tuple[tuple[Point, ...], ...]  # impassable polygons (inflate by r when testing)
    # corner circles: (cx, cy, R, owner polygon index or -1, wedge start, wedge end)
    circles: tuple[tuple[float, float, float, int, float, float], ...]
    zones: tuple[tuple[Element, float], ...]  # (element, extra factor X - 1)


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


def _world(
    mover: Base, field: Field, bases: Sequence[Base], elements: Sequence[Element]
) -> _World:
    r = mover.radius
    discs, polys, circles, zones = _static_scenery(tuple(elements), r)
    bd = [(b.x, b.y, b.radius + r) for b in bases if not b.same_as(mover)]
    bc = [(x, y, rr, -1, 0.0, TWO_PI) for x, y, rr in bd]
    return _World(
        r, r, r, field.width - r, field.height - r,
        tuple(bd) + discs, polys, tuple(bc) + circles, zones,
    )  # fmt: skip


def _point_free(w: _World, x: float, y: float, tol: float = PATH_TOLERANCE) -> bool:
    if x < w.xmin - tol or x > w.xmax + tol or y < w.ymin - tol or y > w.ymax + tol:
        return False
    for cx, cy, rr in w.discs:
        if math.hypot(x - cx, y - cy) < rr - tol:
            return False
    return all(polygon_point_sdist(x, y, pts) >= w.r - tol for pts in w.polys)


def _segment_free(
    w: _World, ax: float, ay: float, bx: float, by: float, tol: float = PATH_TOLERANCE
) -> bool:
    """True when the centre can travel straight from a to b (endpoints assumed in the field)."""
    lo_x = min(ax, bx)
    hi_x = max(ax, bx)
    lo_y = min(ay, by)
    hi_y = max(ay, by)
    for cx, cy, rr in w.discs:
        if cx + rr < lo_x or cx - rr > hi_x or cy + rr < lo_y or cy - rr > hi_y:
            continue
        if seg_point_dist(ax, ay, bx, by, cx, cy) < rr - tol:
            return False
    r = w.r
    for pts in w.polys:
        if seg_polygon_dist(ax, ay, bx, by, pts) < r - tol:
            return False
    return True


def _in_field(w: _World, x: float, y: float, tol: float = PATH_TOLERANCE) -> bool:
    return w.xmin - tol <= x <= w.xmax + tol and w.ymin - tol <= y <= w.ymax + tol


def _arc_free(w: _World, ci: int, a0: float, sweep: float, orient: int) -> bool:
    """Is the arc of corner circle ci from angle a0, sweeping ``sweep`` >= 0 radians in
    direction ``orient``, free of every other obstacle and inside the field?"""
    if sweep <= 1e-12:
        return True
    cx, cy, rr, owner, w0, wlen = w.circles[ci]
    start = a0 if orient > 0 else a0 - sweep  # ccw interval [start, start + sweep]
    if owner >= 0 and ((start - w0) % TWO_PI) + sweep > wlen + 1e-9:
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
        if off < sweep - 1e-9 or off + 2 * half > TWO_PI + 1e-9:
            if half > 1e-7:
                return False
    steps = max(2, int(sweep / 0.12) + 1)
    for k in range(steps + 1):
        t = start + sweep * k / steps
        x = cx + rr * math.cos(t)
        y = cy + rr * math.sin(t)
        if not _in_field(w, x, y):
            return False
        for pi, pts in enumerate(w.polys):
            if pi == owner:
                continue
            if polygon_point_sdist(x, y, pts) < w.r - tol:
                return False
    return True


def _zone_cost(w: _World, ax: float, ay: float, bx: float, by: float) -> float:
    """Exact cost of the straight move a -> b (length plus zone surcharges)."""
    cost = math.hypot(bx - ax, by - ay)
    for e, extra in w.zones:
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


# ----------------------------------------------------------------------------- search


def _zone_nodes(w: _World, step: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for e, _ in w.zones:
        shape = e.shape
        if isinstance(shape, Circle):
            n = max(8, int(TWO_PI * shape.radius / step) + 1)
            out.extend(
                (shape.x + shape.radius * math.cos(TWO_PI * i / n),
                 shape.y + shape.radius * math.sin(TWO_PI * i / n))
                for i in range(n)
            )  # fmt: skip
            continue
        pts = shape.points
        for i in range(len(pts)):
            x1, y1 = pts[i - 1]
            x2, y2 = pts[i]
            n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step + 0.999))
            out.extend((x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n) for k in range(n))
    return [p for p in out if _point_free(w, p[0], p[1])]


def _search(
    w: _World,
    sx: float,
    sy: float,
    goals: Sequence[tuple[float, float]],
    limit: float,
    zone_step: float,
) -> list[tuple[float, list[Point]] | None]:
    """Lazy A* / Dijkstra in the tangent graph from s to every goal (cost <= limit)."""
    circles = w.circles
    ncirc = len(circles)
    # relevance filter: circles that a path of cost <= limit could touch
    if math.isfinite(limit):
        active = [
            i for i, (cx, cy, rr, *_rest) in enumerate(circles)
            if min(math.hypot(cx - sx, cy - sy) + math.hypot(cx - gx, cy - gy)
                   for gx, gy in goals) - 2 * rr <= limit + 1e-9
        ]  # fmt: skip
    else:
        active = list(range(ncirc))
    steiner = _zone_nodes(w, zone_step) if w.zones else []
    if steiner and math.isfinite(limit):
        steiner = [
            (x, y) for x, y in steiner
            if min(math.hypot(x - sx, y - sy) + math.hypot(x - gx, y - gy)
                   for gx, gy in goals) <= limit + 1e-9
        ]  # fmt: skip
    # free points: 0 = start, 1..len(goals) goals, then Steiner points
    free_pts: list[tuple[float, float]] = [(sx, sy), *goals, *steiner]
    ngoal = len(goals)
    results: list[tuple[float, list[Point]] | None] = [None] * ngoal
    remaining = set(range(ngoal))

    def heuristic(x: float, y: float) -> float:
        if ngoal == 1:
            g = goals[0]
            return math.hypot(x - g[0], y - g[1])
        return min(math.hypot(x - goals[i][0], y - goals[i][1]) for i in remaining)

    # a state: ("p", free point index) or ("c", circle, orient, angle)
    counter = 0
    heap: list[tuple[float, float, int, tuple[int, int, float]]] = []
    parents: dict[tuple[int, int, float], tuple[tuple[int, int, float] | None, list[Point]]] = {}
    best: dict[tuple[int, int, float], float] = {}
    start_state = (0, 0, 0.0)  # (0, free point index, 0) for free points
    best[start_state] = 0.0
    parents[start_state] = (None, [Point(sx, sy)])
    heapq.heappush(heap, (heuristic(sx, sy), 0.0, counter, start_state))

    def push(state: tuple[int, int, float], cost: float, parent: tuple[int, int, float],
             pts: list[Point], hx: float, hy: float) -> None:  # fmt: skip
        nonlocal counter
        if cost > limit + 1e-9:
            return
        old = best.get(state)
        if old is not None and old <= cost + 1e-12:
            return
        f = cost + (heuristic(hx, hy) if remaining else 0.0)
        if f > limit + 1e-9:
            return
        best[state] = cost
        parents[state] = (parent, pts)
        counter += 1
        heapq.heappush(heap, (f, cost, counter, state))

    while heap and remaining:
        _f, cost, _, state = heapq.heappop(heap)
        if best.get(state, math.inf) < cost - 1e-12:
            continue
        kind, idx, ang = state
        if kind == 0:
            px, py = free_pts[idx]
            if 1 <= idx <= ngoal and (idx - 1) in remaining:
                remaining.discard(idx - 1)
                results[idx - 1] = (cost, _unwind(parents, state))
                if not remaining:
                    break
                # re-prioritise is unnecessary: heuristic only shrinks the search
            if idx >= 1 and idx <= ngoal:
                continue  # do not route through other goals
            ori = 0
            rad = 0.0
            cx, cy = px, py
        else:
            cx, cy, rad, _owner, _w0, _wl = circles[idx]
            ori = kind
            px = cx + rad * math.cos(ang)
            py = cy + rad * math.sin(ang)
        # successors: free points (goals and Steiner points), then circles
        for j, (qx, qy) in enumerate(free_pts):
            if j == 0 or (kind == 0 and j == idx):
                continue
            if 1 <= j <= ngoal and (j - 1) not in remaining:
                continue
            if kind == 0:
                tx, ty = px, py
                arc = 0.0
            else:
                tan = _tangent(cx, cy, rad, ori, qx, qy, 0.0, 1)
                if tan is None:
                    continue
                tx, ty = tan[0], tan[1]
                dep = math.atan2(ty - cy, tx - cx)
                arc = ((dep - ang) * ori) % TWO_PI
                if arc > TWO_PI - 1e-9:
                    arc = 0.0
            seg = math.hypot(qx - tx, qy - ty)
            if cost + rad * arc + seg > limit + 1e-9:
                continue
            if not _segment_free(w, tx, ty, qx, qy):
                continue
            if kind != 0 and not _arc_free(w, idx, ang, arc, ori):
                continue
            arc_pts = _arc_points(cx, cy, rad, ang, arc, ori) if kind != 0 and arc > 0 else []
            c2 = cost + _arc_cost(w, arc_pts, px, py, rad * arc) + _zone_cost(w, tx, ty, qx, qy)
            push((0, j, 0.0), c2, state, [*arc_pts, Point(qx, qy)], qx, qy)
        for ci in active:
            if kind != 0 and ci == idx:
                continue
            qx, qy, rq, *_ = circles[ci]
            for oj in (1, -1):
                tan = _tangent(cx, cy, rad, ori if kind != 0 else 1, qx, qy, rq, oj)
                if tan is None:
                    continue
                tx, ty, ux, uy = tan
                if not _in_field(w, ux, uy):
                    continue
                if kind == 0:
                    arc = 0.0
                else:
                    dep = math.atan2(ty - cy, tx - cx)
                    arc = ((dep - ang) * ori) % TWO_PI
                    if arc > TWO_PI - 1e-9:
                        arc = 0.0
                seg = math.hypot(ux - tx, uy - ty)
                if cost + rad * arc + seg > limit + 1e-9:
                    continue
                arr = math.atan2(uy - qy, ux - qx)
                nstate = (oj, ci, round(arr, 10))
                old = best.get(nstate)
                if old is not None and old <= cost + rad * arc + seg:
                    continue
                if not _segment_free(w, tx, ty, ux, uy):
                    continue
                if kind != 0 and not _arc_free(w, idx, ang, arc, ori):
                    continue
                arc_pts = (
                    _arc_points(cx, cy, rad, ang, arc, ori) if kind != 0 and arc > 0 else []
                )
                c2 = cost + _arc_cost(w, arc_pts, px, py, rad * arc) + _zone_cost(w, tx, ty, ux, uy)
                push(nstate, c2, state, [*arc_pts, Point(ux, uy)], ux, uy)
    return results


def _arc_cost(w: _World, arc_pts: list[Point], px: float, py: float, exact: float) -> float:
    """Cost of an arc: its exact length without zones, else the cost of its outer polyline."""
    if not w.zones or not arc_pts:
        return exact
    cost = 0.0
    x0, y0 = px, py
    for x1, y1 in arc_pts:
        cost += _zone_cost(w, x0, y0, x1, y1)
        x0, y0 = x1, y1
    return cost


def _unwind(
    parents: dict[tuple[int, int, float], tuple[tuple[int, int, float] | None, list[Point]]],
    state: tuple[int, int, float],
) -> list[Point]:
    chunks: list[list[Point]] = []
    cur: tuple[int, int, float] | None = state
    while cur is not None:
        parent, pts = parents[cur]
        chunks.append(pts)
        cur = parent
    out: list[Point] = []
    for ch in reversed(chunks):
        out.extend(ch)
    return out


def _polyline_cost(w: _World, pts: Sequence[tuple[float, float]]) -> tuple[float, float]:
    cost = 0.0
    length = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length += math.hypot(x1 - x0, y1 - y0)
        cost += _zone_cost(w, x0, y0, x1, y1)
    return cost, length


def _refine(w: _World, pts: list[Point]) -> list[Point]:
    """Slide interior vertices lying on zone boundaries to lower the cost (golden section)."""
    if not w.zones or len(pts) < 3:
        return pts
    pts = list(pts)
    for _ in range(3):
        for i in range(1, len(pts) - 1):
            edge = _boundary_edge_at(w, pts[i])
            if edge is None:
                continue
            (ex0, ey0), (ex1, ey1) = edge
            prev, nxt = pts[i - 1], pts[i + 1]

            def f(t: float, _p: Point = prev, _n: Point = nxt, _e: tuple[float, ...] = (
                    ex0, ey0, ex1, ey1)) -> float:  # fmt: skip
                x = _e[0] + (_e[2] - _e[0]) * t
                y = _e[1] + (_e[3] - _e[1]) * t
                if not (_segment_free(w, _p.x, _p.y, x, y) and _segment_free(w, x, y, _n.x, _n.y)):
                    return math.inf
                return _zone_cost(w, _p.x, _p.y, x, y) + _zone_cost(w, x, y, _n.x, _n.y)

            lo, hi = 0.0, 1.0
            g = (math.sqrt(5) - 1) / 2
            for _k in range(40):
                m1 = hi - g * (hi - lo)
                m2 = lo + g * (hi - lo)
                if f(m1) <= f(m2):
                    hi = m2
                else:
                    lo = m1
            t = (lo + hi) / 2
            cand = Point(ex0 + (ex1 - ex0) * t, ey0 + (ey1 - ey0) * t)
            cur = f(_param_on(edge, pts[i]))
            if f(t) < cur - 1e-12:
                pts[i] = cand
    return pts


def _param_on(edge: tuple[tuple[float, float], tuple[float, float]], p: Point) -> float:
    (x0, y0), (x1, y1) = edge
    ll = (x1 - x0) ** 2 + (y1 - y0) ** 2
    return 0.0 if ll == 0 else ((p.x - x0) * (x1 - x0) + (p.y - y0) * (y1 - y0)) / ll


def _boundary_edge_at(
    w: _World, p: Point
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The zone boundary piece (a polygon edge, or a short chord-free tangent piece of a zone
    circle approximated by its tangent segment) through p, if p lies on a zone boundary."""
    for e, _ in w.zones:
        shape = e.shape
        if isinstance(shape, Circle):
            d = math.hypot(p.x - shape.x, p.y - shape.y)
            if abs(d - shape.radius) < 1e-7:
                a = math.atan2(p.y - shape.y, p.x - shape.x)
                da = ZONE_STEP / max(shape.radius, 1e-9)
                return (
                    (shape.x + shape.radius * math.cos(a - da),
                     shape.y + shape.radius * math.sin(a - da)),
                    (shape.x + shape.radius * math.cos(a + da),
                     shape.y + shape.radius * math.sin(a + da)),
                )  # fmt: skip
            continue
        pts = shape.points
        for i in range(len(pts)):
            x1, y1 = pts[i - 1]
            x2, y2 = pts[i]
            if seg_point_dist(x1, y1, x2, y2, p.x, p.y) < 1e-7:
                return ((x1, y1), (x2, y2))
    return None


# ----------------------------------------------------------------------------- public API


def path_cost(
    mover: Base,
    end: tuple[float, float],
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    limit: float = math.inf,
    zone_step: float = ZONE_STEP,
) -> PathResult | None:
    """Cheapest path of the mover's centre to ``end`` (None if none costs <= ``limit``).

    Ignores what lies at the end point (see :func:`is_legal_move` for end-position rules)."""
    w = _world(mover, field, bases, elements)
    return _path(w, mover.x, mover.y, float(end[0]), float(end[1]), limit, zone_step)


def _path(
    w: _World, sx: float, sy: float, ex: float, ey: float, limit: float, zone_step: float
) -> PathResult | None:
    straight = math.hypot(ex - sx, ey - sy)
    if straight > limit + 1e-9:
        return None
    if _segment_free(w, sx, sy, ex, ey):
        cost = _zone_cost(w, sx, sy, ex, ey)
        if not w.zones or cost == straight:
            if cost > limit + 1e-9:
                return None
            return PathResult(cost, straight, (Point(sx, sy), Point(ex, ey)))
    found = _search(w, sx, sy, [(ex, ey)], limit, zone_step)[0]
    if found is None:
        return None
    return _finish(w, found, limit)


def _finish(
    w: _World, found: tuple[float, list[Point]], limit: float
) -> PathResult | None:
    """Turn a search result into a PathResult: exact cost without zones; with zones the exact
    cost of the refined polyline (never below the optimum)."""
    if not w.zones:
        pts = _simplify(found[1])
        cost = found[0]
        length = cost
    else:
        pts = _simplify(_refine(w, found[1]))
        cost, length = _polyline_cost(w, pts)
        cost = min(cost, found[0])
    if cost > limit + 1e-9:
        return None
    return PathResult(cost, length, tuple(pts))


def _simplify(pts: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in pts:
        if out and math.hypot(p.x - out[-1].x, p.y - out[-1].y) < 1e-12:
            continue
        out.append(p)
    return out


def end_position_problem(
    mover: Base,
    end: tuple[float, float],
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    markers: Sequence[Marker] = (),
    tol: float = PATH_TOLERANCE,
) -> str:
    """Why the mover's base may not stand at ``end`` ("" when it may)."""
    x, y = float(end[0]), float(end[1])
    r = mover.radius
    if x < r - tol or y < r - tol or x > field.width - r + tol or y > field.height - r + tol:
        return "off_field"
    for b in bases:
        if b.same_as(mover):
            continue
        if math.hypot(b.x - x, b.y - y) < b.radius + r - tol:
            return "overlaps_base"
    for e in elements:
        shape = e.shape
        if isinstance(shape, Circle):
            over = math.hypot(shape.x - x, shape.y - y) < shape.radius + r - tol
        else:
            cx, cy, big = shape.bcircle
            over = (
                math.hypot(cx - x, cy - y) < big + r
                and polygon_point_sdist(x, y, shape.points) < r - tol
            )
        if over:
            if not e.passable:
                return "overlaps_element"
            if not e.can_end_on:
                return "cannot_end_on"
    for m in markers:
        if math.hypot(m.x - x, m.y - y) < m.radius + r - tol:
            return "on_marker"
    return ""


def is_legal_move(
    mover: Base,
    end: tuple[float, float],
    allowance: float,
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    markers: Sequence[Marker] = (),
    explain: bool = True,
    zone_step: float = ZONE_STEP,
) -> MoveCheck:
    """Can ``mover`` move its centre to ``end`` spending at most ``allowance`` cm?

    With ``explain`` a failed bounded search is followed by an unbounded one to tell
    "unreachable" from "out_of_allowance" (slower; bots may pass ``explain=False``, in which
    case every failed search reports "out_of_allowance")."""
    e = Point(float(end[0]), float(end[1]))
    problem = end_position_problem(
        mover, e, field=field, bases=bases, elements=elements, markers=markers
    )
    if problem:
        return MoveCheck(False, problem, math.inf, (), e)
    w = _world(mover, field, bases, elements)
    found = _path(w, mover.x, mover.y, e.x, e.y, allowance, zone_step)
    if found is not None:
        return MoveCheck(True, "", found.cost, found.points, e)
    if explain:
        anyway = _path(w, mover.x, mover.y, e.x, e.y, math.inf, zone_step)
        if anyway is None:
            return MoveCheck(False, "unreachable", math.inf, (), e)
        return MoveCheck(False, "out_of_allowance", anyway.cost, anyway.points, e)
    return MoveCheck(False, "out_of_allowance", math.inf, (), e)


def contact_positions(
    mover: Base,
    target: Base,
    allowance: float,
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    markers: Sequence[Marker] = (),
    samples: int = 72,
    zone_step: float = ZONE_STEP,
) -> list[MoveCheck]:
    """Legal end positions exactly in contact with ``target`` reachable within the allowance.

    Candidates are ``samples`` evenly spaced angles around the target; each returned check is
    legal, with its ``end`` (the mover's new centre), cost and path."""
    d = mover.radius + target.radius
    cands: list[Point] = []
    for k in range(samples):
        a = TWO_PI * k / samples
        p = Point(target.x + d * math.cos(a), target.y + d * math.sin(a))
        if math.hypot(p.x - mover.x, p.y - mover.y) > allowance + 1e-9:
            continue
        if end_position_problem(mover, p, field=field, bases=bases, elements=elements,
                                markers=markers):  # fmt: skip
            continue
        cands.append(p)
    return _reach_many(mover, cands, allowance, field, bases, elements, zone_step)


def _reach_many(
    mover: Base,
    cands: list[Point],
    allowance: float,
    field: Field,
    bases: Sequence[Base],
    elements: Sequence[Element],
    zone_step: float,
) -> list[MoveCheck]:
    if not cands:
        return []
    w = _world(mover, field, bases, elements)
    out: list[MoveCheck] = []
    rest: list[Point] = []
    for p in cands:
        if _segment_free(w, mover.x, mover.y, p.x, p.y):
            cost = _zone_cost(w, mover.x, mover.y, p.x, p.y)
            if cost <= allowance + 1e-9:
                out.append(MoveCheck(True, "", cost, (Point(mover.x, mover.y), p), p))
                continue
        rest.append(p)
    if rest:
        for p, res in zip(rest, _search(w, mover.x, mover.y, rest, allowance, zone_step),
                          strict=True):  # fmt: skip
            if res is None:
                continue
            fin = _finish(w, res, allowance)
            if fin is not None:
                out.append(MoveCheck(True, "", fin.cost, fin.points, p))
    order = {p: i for i, p in enumerate(cands)}
    out.sort(key=lambda m: order[m.end] if m.end is not None else 0)
    return out


def sample_destinations(
    mover: Base,
    allowance: float,
    n: int,
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    markers: Sequence[Marker] = (),
    seed: int = 0,
    rng: random.Random | None = None,
    zone_step: float = ZONE_STEP,
) -> list[MoveCheck]:
    """Up to ``n`` deterministic, representative legal destinations within the allowance.

    Candidates are drawn uniformly in the disc of radius ``allowance`` around the mover (from
    ``rng`` or ``random.Random(seed)``), filtered by end-position rules and reachability."""
    rnd = rng if rng is not None else random.Random(seed)
    out: list[MoveCheck] = []
    for _round in range(6):
        cands: list[Point] = []
        tries = 0
        while len(cands) < 2 * (n - len(out)) and tries < 40 * n:
            tries += 1
            a = rnd.uniform(0.0, TWO_PI)
            rad = allowance * math.sqrt(rnd.random())
            p = Point(mover.x + rad * math.cos(a), mover.y + rad * math.sin(a))
            if end_position_problem(mover, p, field=field, bases=bases, elements=elements,
                                    markers=markers):  # fmt: skip
                continue
            cands.append(p)
        out.extend(_reach_many(mover, cands, allowance, field, bases, elements, zone_step))
        if len(out) >= n:
            break
    return out[:n]


def path_is_clear(
    mover: Base,
    points: Sequence[tuple[float, float]],
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    tol: float = 1e-5,
) -> bool:
    """Does the polyline keep the mover's base off every obstacle and on the field?"""
    w = _world(mover, field, bases, elements)
    for x, y in points:
        if not _in_field(w, x, y, tol):
            return False
    return all(
        _segment_free(w, x0, y0, x1, y1, tol)
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False)
    )


def point_inside_polygon(pts: Sequence[Point], x: float, y: float) -> bool:
    return point_in_polygon(x, y, pts)


__all__ = [
    "PATH_TOLERANCE",
    "ZONE_STEP",
    "MoveCheck",
    "PathResult",
    "Polygon",
    "contact_positions",
    "end_position_problem",
    "is_legal_move",
    "path_cost",
    "path_is_clear",
    "sample_destinations",
]
