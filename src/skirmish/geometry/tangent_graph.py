"""The tangent-graph search behind :mod:`paths` (internal; see its docstring for the model).

States of the lazy A* are free points (start, goals, Steiner points on weighted zones) and
(circle, orientation, arrival angle) on the "corner circles": inflated bases and round scenery,
and discs of the mover's radius at the convex corners of impassable polygons. Edges are directed
common tangents (straight, collision-checked) preceded by an arc along the current circle.
This module holds the search and the finishing of its paths (refinement, costs, checks); the
world it reads (obstacles, free-space tests, zone costs, tangents) is in :mod:`tangent_world`,
whose public names are re-exported here.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .shapes import Circle, Point, Shape, seg_point_dist
from .tangent_world import (
    PATH_TOLERANCE,
    TWO_PI,
    ZONE_SKIP_MARGIN,
    ZONE_STEP,
    World,
    _arc_free,
    _arc_points,
    _tangent,
    build_world,
    in_field,
    point_free,
    segment_free,
    zone_cost,
)

__all__ = [
    "PATH_TOLERANCE",
    "TWO_PI",
    "ZONED_SLACK",
    "ZONE_SKIP_MARGIN",
    "ZONE_STEP",
    "PathResult",
    "World",
    "build_world",
    "finish",
    "in_field",
    "point_free",
    "polyline_clear",
    "polyline_cost",
    "refine",
    "search",
    "segment_free",
    "simplify",
    "zone_cost",
]

ZONED_SLACK = 1e-9
"""cm taken off the straight floor of a step's cost among weighted zones before
:func:`search` refuses the step on it: far more than the rounding by which an arc's outer
polyline (a cost of its own) could come out shorter than the arc."""


@dataclass(frozen=True, slots=True)
class PathResult:
    """A path of the mover's centre: cost (cm of allowance spent), length and vertices.

    Arcs around obstacles are drawn as polylines lying on tangents of the arc (outside it)."""

    cost: float
    length: float
    points: tuple[Point, ...]


# ----------------------------------------------------------------------------- search


def _zone_nodes(w: World, step: float,
                relevant: Callable[[float, float], bool] | None = None,
                ) -> list[tuple[float, float]]:  # fmt: skip
    """The Steiner points on the zones' boundaries where the mover's centre stands free
    (and, given ``relevant``, those it accepts: it is asked first, the cheaper test)."""
    out = _zone_points(tuple(e.shape for e, _ in w.zones), step)
    if relevant is not None:
        out = [p for p in out if relevant(p[0], p[1])]
    return [p for p in out if point_free(w, p[0], p[1])]


@lru_cache(maxsize=256)
def _zone_points(shapes: tuple[Shape, ...], step: float) -> list[tuple[float, float]]:
    """Points every ``step`` cm along the boundaries of the zones' shapes (read-only: made
    once per shapes and step)."""
    out: list[tuple[float, float]] = []
    for shape in shapes:
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
    return out


def search(
    w: World,
    sx: float,
    sy: float,
    goals: Sequence[tuple[float, float]],
    limit: float,
    zone_step: float,
) -> list[tuple[float, list[Point]] | None]:
    """Lazy A* / Dijkstra in the tangent graph from s to every goal (cost <= limit)."""
    circles = w.circles
    ncirc = len(circles)
    # relevance filter: circles that a path of cost <= limit could touch (some goal's
    # detour through it within the limit: the least detour's test, goal by goal)
    bound = limit + 1e-9
    hypot = math.hypot

    def detour_within(x: float, y: float, less: float = 0.0) -> bool:
        start = hypot(x - sx, y - sy)
        for gx, gy in goals:  # noqa: SIM110 - a loop: any() over a generator costs more
            if start + hypot(x - gx, y - gy) - less <= bound:
                return True
        return False

    if math.isfinite(limit):
        active = [i for i, (cx, cy, rr, *_rest) in enumerate(circles)
                  if detour_within(cx, cy, 2 * rr)]
    else:
        active = list(range(ncirc))
    if not w.zones:
        steiner: list[tuple[float, float]] = []
    elif math.isfinite(limit):
        steiner = _zone_nodes(w, zone_step, detour_within)
    else:
        steiner = _zone_nodes(w, zone_step)
    # free points: 0 = start, 1..len(goals) goals, then Steiner points
    free_pts: list[tuple[float, float]] = [(sx, sy), *goals, *steiner]
    ngoal = len(goals)
    results: list[tuple[float, list[Point]] | None] = [None] * ngoal
    remaining = set(range(ngoal))

    def heuristic(x: float, y: float) -> float:
        if ngoal == 1:
            g = goals[0]
            return math.hypot(x - g[0], y - g[1])
        least = math.inf  # min() over the goals left, in a plain loop (cheaper)
        for i in remaining:
            gx, gy = goals[i]
            d = hypot(x - gx, y - gy)
            if d < least:
                least = d
        return least

    # a state: ("p", free point index) or ("c", circle, orient, angle)
    counter = 0
    heap: list[tuple[float, float, int, tuple[int, int, float]]] = []
    parents: dict[tuple[int, int, float], tuple[tuple[int, int, float] | None, _Leg]] = {}
    best: dict[tuple[int, int, float], float] = {}
    start_state = (0, 0, 0.0)  # (0, free point index, 0) for free points
    best[start_state] = 0.0
    parents[start_state] = (None, (None, Point(sx, sy)))
    heapq.heappush(heap, (heuristic(sx, sy), 0.0, counter, start_state))

    exact: dict[tuple[int, int, float], float] = {}

    def push(state: tuple[int, int, float], cost: float, parent: tuple[int, int, float],
             leg: _Leg, hx: float, hy: float, angle: float = 0.0) -> None:  # fmt: skip
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
        exact[state] = angle
        parents[state] = (parent, leg)
        counter += 1
        heapq.heappush(heap, (f, cost, counter, state))

    # Without zones the cost pushed is cost + arc + segment, known before the collision tests:
    # what push would refuse (a state reached as cheaply, or the goals out of reach) is
    # refused first, the same refusals on the same numbers (and no test has side effects).
    # With zones that sum, less ZONED_SLACK, is a floor of the cost pushed (a segment's cost
    # is its length plus surcharges of 0 or more, an arc's its outer polyline's, never
    # shorter than the arc): what push would refuse even at that floor, it refuses at the
    # cost itself, so it is refused first too (the tests of the segment and the arc and
    # the zones' costs spared).
    plain = not w.zoned

    def refused(state: tuple[int, int, float], cost: float, hx: float, hy: float) -> bool:
        old = best.get(state)
        if old is not None and old <= cost + 1e-12:
            return True
        return cost + heuristic(hx, hy) > limit + 1e-9

    while heap and remaining:
        _f, cost, _, state = heapq.heappop(heap)
        if best.get(state, math.inf) < cost - 1e-12:
            continue
        kind, idx, _key = state
        ang = exact.get(state, 0.0)
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
            low = cost + rad * arc + seg
            if low > limit + 1e-9:
                continue
            if refused((0, j, 0.0), low if plain else low - ZONED_SLACK, qx, qy):
                continue
            if not segment_free(w, tx, ty, qx, qy):
                continue
            if kind != 0 and not _arc_free(w, idx, ang, arc, ori):
                continue
            turn = (cx, cy, rad, ang, arc, ori) if kind != 0 and arc > 0 else None
            arc_cost = _arc_cost(w, _arc_points(*turn), px, py, rad * arc) if turn and w.zoned \
                else rad * arc
            c2 = cost + arc_cost + zone_cost(w, tx, ty, qx, qy)
            push((0, j, 0.0), c2, state, (turn, Point(qx, qy)), qx, qy)
        for ci in active:
            if kind != 0 and ci == idx:
                continue
            qx, qy, rq, *_ = circles[ci]
            for oj in (1, -1):
                tan = _tangent(cx, cy, rad, ori if kind != 0 else 1, qx, qy, rq, oj)
                if tan is None:
                    continue
                tx, ty, ux, uy = tan
                if not in_field(w, ux, uy):
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
                nstate = (oj, ci, round(arr, 9))
                old = best.get(nstate)
                if old is not None and old <= cost + rad * arc + seg:
                    continue
                low = cost + rad * arc + seg
                if refused(nstate, low if plain else low - ZONED_SLACK, ux, uy):
                    continue
                if not segment_free(w, tx, ty, ux, uy):
                    continue
                if kind != 0 and not _arc_free(w, idx, ang, arc, ori):
                    continue
                turn = (cx, cy, rad, ang, arc, ori) if kind != 0 and arc > 0 else None
                arc_cost = _arc_cost(w, _arc_points(*turn), px, py, rad * arc) \
                    if turn and w.zoned else rad * arc
                c2 = cost + arc_cost + zone_cost(w, tx, ty, ux, uy)
                push(nstate, c2, state, (turn, Point(ux, uy)), ux, uy, arr)
    return results


def _arc_cost(w: World, arc_pts: list[Point], px: float, py: float, exact: float) -> float:
    """Cost of an arc: its exact length without zones, else the cost of its outer polyline."""
    if not w.zoned or not arc_pts:
        return exact
    cost = 0.0
    x0, y0 = px, py
    for x1, y1 in arc_pts:
        cost += zone_cost(w, x0, y0, x1, y1)
        x0, y0 = x1, y1
    return cost


#: A leg of a path in the search: the arc turned along a circle before it (centre, radius,
#: start angle, sweep, orientation; None when none), then the point reached. Its points are
#: drawn (:func:`_arc_points`) only for the paths found.
_Leg = tuple[tuple[float, float, float, float, float, int] | None, Point]


def _unwind(
    parents: dict[tuple[int, int, float], tuple[tuple[int, int, float] | None, _Leg]],
    state: tuple[int, int, float],
) -> list[Point]:
    legs: list[_Leg] = []
    cur: tuple[int, int, float] | None = state
    while cur is not None:
        parent, leg = parents[cur]
        legs.append(leg)
        cur = parent
    out: list[Point] = []
    for turn, end in reversed(legs):
        if turn is not None:
            out.extend(_arc_points(*turn))
        out.append(end)
    return out


def polyline_cost(w: World, pts: Sequence[tuple[float, float]]) -> tuple[float, float]:
    cost = 0.0
    length = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        length += math.hypot(x1 - x0, y1 - y0)
        cost += zone_cost(w, x0, y0, x1, y1)
    return cost, length


def refine(w: World, pts: list[Point]) -> list[Point]:
    """Slide interior vertices lying on zone boundaries to lower the cost (golden section)."""
    if not w.zones or len(pts) < 3:
        return pts
    pts = list(pts)
    for _ in range(2):
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
                if not (segment_free(w, _p.x, _p.y, x, y) and segment_free(w, x, y, _n.x, _n.y)):
                    return math.inf
                return zone_cost(w, _p.x, _p.y, x, y) + zone_cost(w, x, y, _n.x, _n.y)

            lo, hi = 0.0, 1.0
            g = (math.sqrt(5) - 1) / 2
            for _k in range(32):
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


def _boundary_edge_at(w: World, p: Point) -> tuple[tuple[float, float], tuple[float, float]] | None:
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


def finish(w: World, found: tuple[float, list[Point]], limit: float) -> PathResult | None:
    """Turn a search result into a PathResult: exact cost without zones; with zones the exact
    cost of the refined polyline (never below the optimum)."""
    if not w.zoned:
        pts = simplify(found[1])
        cost = found[0]
        length = cost
    else:
        pts = simplify(refine(w, found[1]))
        cost, length = polyline_cost(w, pts)
        cost = min(cost, found[0])
    if cost > limit + 1e-9 or not polyline_clear(w, pts):
        return None
    return PathResult(cost, length, tuple(pts))


def polyline_clear(w: World, pts: list[Point]) -> bool:
    """The drawn path itself must be legal. Arcs are drawn as circumscribed polygons, so a
    path squeezing along an obstacle *and* the field edge through a gap no wider than the
    base (within the polygon's error, under 0.01 cm) has no legal drawing: it is refused
    (docs/rulings.md, G9)."""
    return all(in_field(w, p.x, p.y) for p in pts) and all(
        segment_free(w, a.x, a.y, b.x, b.y) for a, b in itertools.pairwise(pts)
    )


def simplify(pts: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in pts:
        if out and math.hypot(p.x - out[-1].x, p.y - out[-1].y) < 1e-12:
            continue
        out.append(p)
    return out
