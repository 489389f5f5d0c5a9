"""Cheapest paths for a round base, move legality, contact positions (destinations are
sampled among the same obstacles by :mod:`.destinations`).

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

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from .sampling_memo import Trace
from .shapes import Base, Circle, Point, polygon_point_within
from .table import Element, Field, Marker
from .tangent_graph import PathResult, finish, search
from .tangent_world import (
    PATH_TOLERANCE,
    TWO_PI,
    ZONE_STEP,
    World,
    build_world,
    in_field,
    segment_free,
    zone_cost,
)


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


#: How many answers of each pure query below (legal move, contact positions, sampled
#: destinations) are remembered, the latest used kept: a search asks them again and again
#: of its copies of one game (the same table, the same bases), and every argument is a value
#: (frozen bases, elements and markers), so a remembered answer is the answer. A search's
#: working set is some hundreds of answers (the cheap search of the bench: 350; hard's
#: round-horizon search lists more, with few repeats); each answer keeps some 35 objects
#: (its key's bases, its path's points), which Python's full garbage collections scan: at
#: 4,096 each, a ladder's process held 289,000 objects after two matches, still growing,
#: and a full collection took up to 360 ms in the middle of a search (docs/bots.md).
MEMO_SIZE = 1024


#: What else forgets remembered answers with :func:`clear_path_memo` (the sampling's
#: memos: :mod:`.destinations` adds them).
_MORE_MEMOS: list[Callable[[], None]] = []


def clear_path_memo() -> None:
    """Forget the remembered answers (for measurements of the queries themselves)."""
    for memo in (_legal_move, _contacts):
        memo.cache_clear()
    for clear in _MORE_MEMOS:
        clear()


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
    w = build_world(mover, field, bases, elements)
    return _path(w, mover.x, mover.y, float(end[0]), float(end[1]), limit, zone_step)


def _path(
    w: World, sx: float, sy: float, ex: float, ey: float, limit: float, zone_step: float
) -> PathResult | None:
    straight = math.hypot(ex - sx, ey - sy)
    if straight > limit + 1e-9:
        return None
    if segment_free(w, sx, sy, ex, ey):
        cost = zone_cost(w, sx, sy, ex, ey)
        if not w.zones or cost == straight:
            if cost > limit + 1e-9:
                return None
            return PathResult(cost, straight, (Point(sx, sy), Point(ex, ey)))
    found = search(w, sx, sy, [(ex, ey)], limit, zone_step)[0]
    if found is None:
        return None
    return finish(w, found, limit)


class StandingRules:
    """Whether :func:`end_position_problem` refuses a point (:meth:`refuses`), for many
    points among the same obstacles: the same tests (any order: only whether one refuses
    counts), their thresholds worked out once, the elements that refuse no end position
    left out."""

    __slots__ = ("discs", "polygons", "r_limit", "x_max", "x_min", "y_max", "y_min")

    def __init__(self, mover: Base, field: Field, bases: Sequence[Base],
                 elements: Sequence[Element], markers: Sequence[Marker],
                 tol: float = PATH_TOLERANCE) -> None:  # fmt: skip
        r = mover.radius
        self.x_min, self.y_min = r - tol, r - tol
        self.x_max, self.y_max = field.width - r + tol, field.height - r + tol
        self.r_limit = r - tol
        discs = [(b.x, b.y, b.radius + r - tol) for b in bases if not b.same_as(mover)]
        polygons: list[tuple[float, float, float, tuple[Point, ...]]] = []
        for e in elements:
            shape = e.shape
            if e.passable and e.can_end_on:
                continue
            if isinstance(shape, Circle):
                discs.append((shape.x, shape.y, shape.radius + r - tol))
            else:
                cx, cy, big = shape.bcircle
                polygons.append((cx, cy, big + r, shape.points))
        discs.extend((m.x, m.y, m.radius + r - tol) for m in markers)
        self.discs = discs
        self.polygons = polygons

    def refuses(self, x: float, y: float) -> bool:
        if x < self.x_min or y < self.y_min or x > self.x_max or y > self.y_max:
            return True
        for cx, cy, limit in self.discs:
            if math.hypot(cx - x, cy - y) < limit:
                return True
        for cx, cy, big, pts in self.polygons:
            if math.hypot(cx - x, cy - y) < big and polygon_point_within(x, y, pts,
                                                                         self.r_limit):
                return True
        return False


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
                and polygon_point_within(x, y, shape.points, r - tol)
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

    With ``explain`` a failed bounded search is followed by a reachability search (zones
    ignored) to tell "unreachable" from "out_of_allowance" (slower; bots may pass
    ``explain=False``, in which case every failed search reports "out_of_allowance").
    The cost of an illegal move is ``inf``. Memoized (:data:`MEMO_SIZE`)."""
    return _legal_move(mover, (float(end[0]), float(end[1])), allowance, field, tuple(bases),
                       tuple(elements), tuple(markers), explain, zone_step)


@lru_cache(maxsize=MEMO_SIZE)
def _legal_move(
    mover: Base,
    end: tuple[float, float],
    allowance: float,
    field: Field,
    bases: tuple[Base, ...],
    elements: tuple[Element, ...],
    markers: tuple[Marker, ...],
    explain: bool,
    zone_step: float,
) -> MoveCheck:
    e = Point(end[0], end[1])
    problem = end_position_problem(
        mover, e, field=field, bases=bases, elements=elements, markers=markers
    )
    if problem:
        return MoveCheck(False, problem, math.inf, (), e)
    w = build_world(mover, field, bases, elements)
    found = _path(w, mover.x, mover.y, e.x, e.y, allowance, zone_step)
    if found is not None:
        return MoveCheck(True, "", found.cost, found.points, e)
    if explain and not _reachable(w, mover.x, mover.y, e.x, e.y):
        return MoveCheck(False, "unreachable", math.inf, (), e)
    return MoveCheck(False, "out_of_allowance", math.inf, (), e)


def _reachable(w: World, sx: float, sy: float, ex: float, ey: float) -> bool:
    """Is there any path at all? (Zones change costs, never reachability, so drop them.)"""
    if segment_free(w, sx, sy, ex, ey):
        return True
    bare = replace(w, zones=(), zoned=False)
    return search(bare, sx, sy, [(ex, ey)], math.inf, ZONE_STEP)[0] is not None


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
    straight: bool = False,
) -> list[MoveCheck]:
    """Legal end positions exactly in contact with ``target`` reachable within the allowance.

    Candidates are ``samples`` evenly spaced angles around the target; each returned check is
    legal, with its ``end`` (the mover's new centre), cost and path. ``straight``: only those
    reached in a straight line (no path search: cheaper, and fewer). Memoized
    (:data:`MEMO_SIZE`) on what stands within reach (:func:`_within_reach`)."""
    near = _within_reach(mover, allowance, bases, elements, markers)
    return list(_contacts(mover, target, allowance, field, *near, samples, zone_step, straight))


@lru_cache(maxsize=MEMO_SIZE)
def _contacts(
    mover: Base,
    target: Base,
    allowance: float,
    field: Field,
    bases: tuple[Base, ...],
    elements: tuple[Element, ...],
    markers: tuple[Marker, ...],
    zoned: bool,
    samples: int,
    zone_step: float,
    straight: bool,
) -> tuple[MoveCheck, ...]:
    d = mover.radius + target.radius
    cands: list[Point] = []
    refuses = StandingRules(mover, field, bases, elements, markers).refuses
    for k in range(samples):
        a = TWO_PI * k / samples
        p = Point(target.x + d * math.cos(a), target.y + d * math.sin(a))
        if math.hypot(p.x - mover.x, p.y - mover.y) > allowance + 1e-9:
            continue
        if refuses(p.x, p.y):
            continue
        cands.append(p)
    if not cands:
        return ()
    w = build_world(mover, field, bases, elements, zoned)
    if straight:
        return tuple(_reach_straight(mover, cands, allowance, w))
    return tuple(_reach_many(mover, cands, allowance, w, zone_step))


def _reach_many(
    mover: Base, cands: list[Point], allowance: float, w: World, zone_step: float,
    needed: int | None = None,
    trace: Trace | None = None,
) -> list[MoveCheck]:
    """The candidates reachable within the allowance, each with its cheapest path (in the
    candidates' order). With ``needed``, only the first ``needed`` of those count: when that
    many lie in a straight line before any that does not, they are the answer, no search
    (the searched ones, later in the order, would be cut off)."""
    if not cands:
        return []
    out: list[MoveCheck] = []
    rest: list[Point] = []
    for p in cands:
        if trace is not None:
            trace.ends.append(p.x)
            trace.ends.append(p.y)
        if segment_free(w, mover.x, mover.y, p.x, p.y):
            cost = zone_cost(w, mover.x, mover.y, p.x, p.y)
            if cost <= allowance + 1e-9:
                out.append(MoveCheck(True, "", cost, (Point(mover.x, mover.y), p), p))
                if not rest and needed is not None and len(out) >= needed:
                    return out
                continue
        rest.append(p)
    if rest:
        if trace is not None:
            trace.searched = True
        for p, res in zip(rest, search(w, mover.x, mover.y, rest, allowance, zone_step),
                          strict=True):  # fmt: skip
            if res is None:
                continue
            fin = finish(w, res, allowance)
            if fin is not None:
                out.append(MoveCheck(True, "", fin.cost, fin.points, p))
    order = {p: i for i, p in enumerate(cands)}
    out.sort(key=lambda m: order[m.end] if m.end is not None else 0)
    return out


#: cm added to the allowance and the mover's radius in :func:`_within_reach`: far more than
#: the rounding of any distance, and than the drawn arcs' bulge outside their circles.
REACH_MARGIN = 1.0


def _within_reach(
    mover: Base,
    allowance: float,
    bases: Sequence[Base],
    elements: Sequence[Element],
    markers: Sequence[Marker],
) -> tuple[tuple[Base, ...], tuple[Element, ...], tuple[Marker, ...], bool]:
    """The bases (not the mover's), elements and markers that a base of the mover's size
    could touch when its centre stays within ``allowance`` of where it stands (their order
    kept), and whether the table has weighted zones at all.

    Nothing else can change a move within the allowance: every point of a path that costs at
    most the allowance lies within it of the start, so an obstacle farther than the mover's
    radius plus :data:`REACH_MARGIN` from that disc neither blocks a segment or an arc, nor
    refuses an end position, nor lends a useful corner to the search (its tangent circles
    fail the search's relevance filter), nor adds to a cost (a zone's surcharge out there is
    exactly 0.0). Zones change how arcs are costed (:attr:`World.zoned`), hence the flag."""
    x, y, reach = mover.x, mover.y, allowance + mover.radius + REACH_MARGIN
    hypot = math.hypot
    near_bases = tuple([b for b in bases if hypot(b.x - x, b.y - y) < reach + b.radius
                        and not b.same_as(mover)])
    circles, zoned = _scenery_facts(elements)
    near_elements = tuple([e for cx, cy, big, e in circles if hypot(cx - x, cy - y) < reach + big])
    near_markers = tuple([m for m in markers if hypot(m.x - x, m.y - y) < reach + m.radius])
    return near_bases, near_elements, near_markers, zoned


#: The facts of the latest scenery tuples seen, by identity (each entry holds its tuple, so
#: the identity stays its own): a game's copies share one tuple of elements.
_SCENERY: dict[int, tuple[Sequence[Element], tuple[tuple[float, float, float, Element], ...],
                          bool]] = {}


def _scenery_facts(elements: Sequence[Element]
                   ) -> tuple[tuple[tuple[float, float, float, Element], ...], bool]:
    """The elements' bounding circles (each with its element), and whether any is a
    weighted zone."""
    known = _SCENERY.get(id(elements))
    if known is not None and known[0] is elements:
        return known[1], known[2]
    circles = tuple((*e.bcircle, e) for e in elements)
    zoned = any(e.passable and e.move_cost > 1.0 for e in elements)
    if isinstance(elements, tuple):
        if len(_SCENERY) >= 64:
            del _SCENERY[next(iter(_SCENERY))]
        _SCENERY[id(elements)] = (elements, circles, zoned)
    return circles, zoned


def _reach_straight(
    mover: Base, cands: list[Point], allowance: float, w: World
) -> list[MoveCheck]:
    """The candidates reachable along a straight segment within the allowance (exact: a
    straight path is the shortest, and its cost includes any weighted zone crossed)."""
    out: list[MoveCheck] = []
    for p in cands:
        if segment_free(w, mover.x, mover.y, p.x, p.y):
            cost = zone_cost(w, mover.x, mover.y, p.x, p.y)
            if cost <= allowance + 1e-9:
                out.append(MoveCheck(True, "", cost, (Point(mover.x, mover.y), p), p))
    return out


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
    w = build_world(mover, field, bases, elements)
    for x, y in points:
        if not in_field(w, x, y, tol):
            return False
    return all(
        segment_free(w, x0, y0, x1, y1, tol) for (x0, y0), (x1, y1) in itertools.pairwise(points)
    )


__all__ = [
    "PATH_TOLERANCE",
    "ZONE_STEP",
    "MoveCheck",
    "PathResult",
    "StandingRules",
    "clear_path_memo",
    "contact_positions",
    "end_position_problem",
    "is_legal_move",
    "path_cost",
    "path_is_clear",
]
