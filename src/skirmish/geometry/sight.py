"""Line of sight through a corridor (the convex hull of the viewer's base and the target).

Definitions (see the rulings file for the reasons):

- The *corridor* K is the convex hull of the viewer's base and the target (a base, a point, or a
  scenery element's footprint). It is bounded by two *sides*: the segments of the two outer
  common tangents between the viewer's base and the target.
- An element is *in the corridor* when its interior overlaps K by more than ``SIGHT_TOLERANCE``
  (a base merely touching the corridor's edge is not in it).
- An element *cuts the corridor completely* when it separates the viewer's base from the target
  inside K, i.e. every path (in particular every straight sight line) from the viewer's base to
  the target inside K meets the closed element. For a convex element this is exactly: the
  element meets both sides of the corridor (touching counts, within ``SIGHT_TOLERANCE``).
- Elements overlapping the viewer's base or the target are not judged (reported in
  ``standing_in``): a fighter standing inside a wood is not blinded by it geometrically; the
  rules layer decides what such elements do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .shapes import (
    EPS,
    Base,
    Circle,
    Point,
    Polygon,
    Shape,
    convex_hull,
    point_in_polygon,
    polygon_point_sdist,
    seg_point_dist,
    seg_polygon_dist,
    segments_cross,
)
from .table import Element

SIGHT_TOLERANCE = 1e-6
"""cm. Touching within this counts as meeting (for "cuts completely"); overlapping by less than
this does not count as being in the corridor."""

Target = Base | Point | tuple[float, float] | Element


@dataclass(frozen=True, slots=True)
class SightResult:
    """Outcome of a line-of-sight query.

    ``obstacles`` is the number of obstacles (each obstructing element counts its
    ``obstacle_count``, a base counts 1); ``blocking`` lists what cuts the corridor completely
    (opaque), ``obstructing`` what counts as obstacles (``obstacles`` is their total),
    ``standing_in`` the elements overlapping the viewer or the target (not judged).
    """

    visible: bool
    obstacles: int
    blocking: tuple[str, ...] = ()
    obstructing: tuple[str, ...] = ()
    standing_in: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Corridor:
    """The corridor: viewer disc, optional target disc, the convex polygon joining them, and
    its two sides (segments ``(x1, y1, x2, y2)``)."""

    ax: float
    ay: float
    ra: float
    target_disc: tuple[float, float, float] | None
    polygon: tuple[Point, ...]
    side1: tuple[float, float, float, float]
    side2: tuple[float, float, float, float]

    def outline(self, arc_steps: int = 24) -> list[Point]:
        """A polygon outline of the corridor (for drawing)."""
        pts: list[tuple[float, float]] = list(self.polygon)
        for k in range(arc_steps):
            t = 2 * math.pi * k / arc_steps
            pts.append((self.ax + self.ra * math.cos(t), self.ay + self.ra * math.sin(t)))
            if self.target_disc is not None:
                bx, by, rb = self.target_disc
                pts.append((bx + rb * math.cos(t), by + rb * math.sin(t)))
        return convex_hull(pts)


def _target_shape(target: Target) -> tuple[tuple[float, float, float] | None, Polygon | None]:
    if isinstance(target, Base):
        return (target.x, target.y, target.radius), None
    if isinstance(target, Element):
        shape = target.shape
        if isinstance(shape, Circle):
            return (shape.x, shape.y, shape.radius), None
        return None, shape
    return (float(target[0]), float(target[1]), 0.0), None


def _capsule(
    ax: float, ay: float, ra: float, bx: float, by: float, rb: float
) -> tuple[float, ...] | None:
    """Frame and tangent points of conv(disc a, disc b); None if one disc contains the other."""
    dx = bx - ax
    dy = by - ay
    length = math.hypot(dx, dy)
    if length <= abs(ra - rb) + EPS:
        return None
    ux = dx / length
    uy = dy / length
    nx = -uy
    ny = ux
    sa = (rb - ra) / length
    ca = math.sqrt(max(0.0, 1.0 - sa * sa))
    n1x = -sa * ux + ca * nx
    n1y = -sa * uy + ca * ny
    n2x = -sa * ux - ca * nx
    n2y = -sa * uy - ca * ny
    return (
        ux, uy, nx, ny, length, sa, ca,
        ax + ra * n1x, ay + ra * n1y, bx + rb * n1x, by + rb * n1y,
        ax + ra * n2x, ay + ra * n2y, bx + rb * n2x, by + rb * n2y,
    )  # fmt: skip


def _disc_polygon_sides(
    ax: float, ay: float, ra: float, hull: Sequence[Point]
) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]] | None:
    """The two sides of conv(disc, convex polygon): (tangent point on disc, polygon vertex)."""
    best: dict[int, tuple[float, tuple[float, float, float, float]]] = {}
    for vx, vy in hull:
        d = math.hypot(vx - ax, vy - ay)
        if d <= ra + EPS:
            return None
        theta = math.atan2(vy - ay, vx - ax)
        beta = math.acos(ra / d)
        for sign in (1, -1):
            tx = ax + ra * math.cos(theta + sign * beta)
            ty = ay + ra * math.sin(theta + sign * beta)
            ex = vx - tx
            ey = vy - ty
            norm = math.hypot(ex, ey) or 1.0
            ok = True
            for wx, wy in hull:
                side = (ex * (wy - ty) - ey * (wx - tx)) / norm
                # every vertex must lie on the disc's side of the tangent line: for the +
                # tangent the disc centre is on the right (negative), for - on the left
                if side * sign > 1e-7:
                    ok = False
                    break
            if ok and (sign not in best or d < best[sign][0]):
                best[sign] = (d, (tx, ty, vx, vy))
    if 1 not in best or -1 not in best:
        return None
    return best[1][1], best[-1][1]


def corridor(viewer: Base, target: Target) -> Corridor | None:
    """The corridor from the viewer's base to the target (None when one contains the other)."""
    disc, poly = _target_shape(target)
    ax, ay, ra = viewer.x, viewer.y, viewer.radius
    if disc is not None:
        bx, by, rb = disc
        cap = _capsule(ax, ay, ra, bx, by, rb)
        if cap is None:
            return None
        t1ax, t1ay, t1bx, t1by, t2ax, t2ay, t2bx, t2by = cap[7:]
        polygon = convex_hull([(t1ax, t1ay), (t1bx, t1by), (t2bx, t2by), (t2ax, t2ay)])
        return Corridor(
            ax, ay, ra, disc, tuple(polygon),
            (t1ax, t1ay, t1bx, t1by), (t2ax, t2ay, t2bx, t2by),
        )  # fmt: skip
    assert poly is not None
    hull = convex_hull(poly.points)
    sides = _disc_polygon_sides(ax, ay, ra, hull)
    if sides is None:
        return None
    s1, s2 = sides
    polygon = convex_hull([*hull, (s1[0], s1[1]), (s2[0], s2[1])])
    return Corridor(ax, ay, ra, None, tuple(polygon), s1, s2)


def _shape_blocks_sides(shape: Shape, c: Corridor, tol: float) -> bool:
    """True when the closed shape meets both sides of the corridor (within tol)."""
    for sx1, sy1, sx2, sy2 in (c.side1, c.side2):
        if isinstance(shape, Circle):
            if seg_point_dist(sx1, sy1, sx2, sy2, shape.x, shape.y) > shape.radius + tol:
                return False
        elif seg_polygon_dist(sx1, sy1, sx2, sy2, shape.points) > tol:
            return False
    return True


def _polygon_overlaps_convex(pts: Sequence[Point], conv: Sequence[Point], tol: float) -> bool:
    """True when polygon ``pts`` overlaps convex polygon ``conv`` by more than tol."""
    for x, y in pts:
        if polygon_point_sdist(x, y, conv) < -tol:
            return True
    for x, y in conv:
        if polygon_point_sdist(x, y, pts) < -tol:
            return True
    n, m = len(pts), len(conv)
    for i in range(n):
        ax, ay = pts[i - 1]
        bx, by = pts[i]
        for j in range(m):
            cx, cy = conv[j - 1]
            dx, dy = conv[j]
            ex, ey = bx - ax, by - ay
            fx, fy = dx - cx, dy - cy
            o1 = ex * (cy - ay) - ey * (cx - ax)
            o2 = ex * (dy - ay) - ey * (dx - ax)
            o3 = fx * (ay - cy) - fy * (ax - cx)
            o4 = fx * (by - cy) - fy * (bx - cx)
            le = math.hypot(ex, ey) * tol
            lf = math.hypot(fx, fy) * tol
            if ((o1 > le and o2 < -le) or (o1 < -le and o2 > le)) and (
                (o3 > lf and o4 < -lf) or (o3 < -lf and o4 > lf)
            ):
                return True
    return False


def _shape_overlaps_disc(shape: Shape, x: float, y: float, r: float, tol: float) -> bool:
    if isinstance(shape, Circle):
        return math.hypot(shape.x - x, shape.y - y) < shape.radius + r - tol
    return polygon_point_sdist(x, y, shape.points) < r - tol


def _shape_in_corridor(shape: Shape, c: Corridor, tol: float) -> bool:
    if _shape_overlaps_disc(shape, c.ax, c.ay, c.ra, tol):
        return True
    if c.target_disc is not None and _shape_overlaps_disc(shape, *c.target_disc, tol):
        return True
    if isinstance(shape, Circle):
        return polygon_point_sdist(shape.x, shape.y, c.polygon) < shape.radius - tol
    return _polygon_overlaps_convex(shape.points, c.polygon, tol)


def _separates(shape: Polygon, c: Corridor, target_poly: Polygon | None) -> bool:
    """Slow test (shapely) for a non-convex element: does it split the corridor?"""
    from .reference import corridor_separated_by

    return corridor_separated_by(c, shape, target_poly)


def _judge(
    shape: Shape,
    c: Corridor,
    target_poly: Polygon | None,
    tol: float,
) -> str:
    """'standing_in', 'out', 'partial' or 'cut' for one occluding shape (general path)."""
    if _shape_overlaps_disc(shape, c.ax, c.ay, c.ra, tol):
        return "standing_in"
    if c.target_disc is not None:
        bx, by, rb = c.target_disc
        if _shape_overlaps_disc(shape, bx, by, rb, tol):
            return "standing_in"
    elif target_poly is not None:
        if isinstance(shape, Circle):
            if polygon_point_sdist(shape.x, shape.y, target_poly.points) < shape.radius - tol:
                return "standing_in"
        elif _polygon_overlaps_convex(shape.points, convex_hull(target_poly.points), tol):
            return "standing_in"
    if not _shape_in_corridor(shape, c, tol):
        return "out"
    if _shape_blocks_sides(shape, c, tol):
        if (
            isinstance(shape, Polygon)
            and not shape.convex
            and not _separates(shape, c, target_poly)
        ):
            return "partial"
        return "cut"
    return "partial"


def line_of_sight(
    viewer: Base,
    target: Target,
    *,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    tol: float = SIGHT_TOLERANCE,
) -> SightResult:
    """Can ``viewer`` see ``target``, and through how many obstacles?

    ``bases`` and ``elements`` are everything on the field; the viewer and the target (if it is
    a base or an element) are skipped. Markers never matter, so they are not an input.
    """
    if isinstance(target, Base) and not isinstance(target, Element):
        cap = _capsule(viewer.x, viewer.y, viewer.radius, target.x, target.y, target.radius)
        if cap is None:
            return SightResult(True, 0)
        return _los_discs(viewer, target.x, target.y, target.radius, target, cap, bases,
                          elements, None, tol)  # fmt: skip
    if isinstance(target, Element):
        shape = target.shape
        if isinstance(shape, Circle):
            cap = _capsule(viewer.x, viewer.y, viewer.radius, shape.x, shape.y, shape.radius)
            if cap is None:
                return SightResult(True, 0)
            return _los_discs(viewer, shape.x, shape.y, shape.radius, None, cap, bases,
                              elements, target, tol)  # fmt: skip
        return _los_general(viewer, target, bases, elements, tol)
    px, py = float(target[0]), float(target[1])
    cap = _capsule(viewer.x, viewer.y, viewer.radius, px, py, 0.0)
    if cap is None:
        return SightResult(True, 0)
    return _los_discs(viewer, px, py, 0.0, None, cap, bases, elements, None, tol)


_OUT, _PARTIAL, _CUT, _STANDING = 0, 1, 2, 3


def _los_discs(
    viewer: Base,
    bx: float,
    by: float,
    rb: float,
    target_base: Base | None,
    cap: tuple[float, ...],
    bases: Sequence[Base],
    elements: Sequence[Element],
    target_element: Element | None,
    tol: float,
) -> SightResult:
    """Hot path: the target is a disc (base, circle element) or a point.

    Hand-written float code: an occluder's bounding disc is first placed in the corridor's frame
    (s along the axis, h across it) and rejected cheaply; the exact tests follow.
    """
    ax = viewer.x
    ay = viewer.y
    ra = viewer.radius
    ux, uy, nx, ny, length, sa, ca, t1ax, t1ay, t1bx, t1by, t2ax, t2ay, t2bx, t2by = cap
    lca = length * ca
    reach = (ra if ra > rb else rb) + tol
    hypot = math.hypot
    blocking: list[str] = []
    obstructing: list[str] = []
    standing: list[str] = []
    obstacles = 0
    vid = viewer.id
    tid = target_base.id if target_base is not None else ""

    for b in bases:
        if b is viewer or b is target_base:
            continue
        bid = b.id
        if bid:
            if bid in (vid, tid):
                continue
        elif b in (viewer, target_base):
            continue
        cx = b.x
        cy = b.y
        rc = b.radius
        px = cx - ax
        py = cy - ay
        s = px * ux + py * uy
        h = px * nx + py * ny
        if h < 0.0:
            h = -h
        if s < -ra - rc or s > length + rb + rc or h > reach + rc:
            continue
        q = s * ca + h * sa
        if q < 0.0:
            sd = hypot(px, py) - ra
        elif q > lca:
            sd = hypot(cx - bx, cy - by) - rb
        else:
            sd = -s * sa + h * ca - ra
        if sd >= rc - tol:
            continue
        if hypot(px, py) < ra + rc - tol or hypot(cx - bx, cy - by) < rb + rc - tol:
            standing.append(bid)
        elif (
            seg_point_dist(t1ax, t1ay, t1bx, t1by, cx, cy) <= rc + tol
            and seg_point_dist(t2ax, t2ay, t2bx, t2by, cx, cy) <= rc + tol
        ):
            blocking.append(bid)
        else:
            obstructing.append(bid)
            obstacles += 1

    frame: tuple[float, ...] | None = None
    for e in elements:
        if e.sight == "flat" or e is target_element:
            continue
        if target_element is not None and e.id == target_element.id:
            continue
        cx, cy, rc = e.bcircle
        px = cx - ax
        py = cy - ay
        s = px * ux + py * uy
        h = px * nx + py * ny
        if h < 0.0:
            h = -h
        if s < -ra - rc or s > length + rb + rc or h > reach + rc:
            continue
        q = s * ca + h * sa
        if q < 0.0:
            sd = hypot(px, py) - ra
        elif q > lca:
            sd = hypot(cx - bx, cy - by) - rb
        else:
            sd = -s * sa + h * ca - ra
        if sd >= rc - tol:
            continue
        shape = e.shape
        if isinstance(shape, Circle):
            if hypot(px, py) < ra + rc - tol or hypot(cx - bx, cy - by) < rb + rc - tol:
                verdict = _STANDING
            elif (
                seg_point_dist(t1ax, t1ay, t1bx, t1by, cx, cy) <= rc + tol
                and seg_point_dist(t2ax, t2ay, t2bx, t2by, cx, cy) <= rc + tol
            ):
                verdict = _CUT
            else:
                verdict = _PARTIAL
        else:
            if frame is None:
                frame = (ax, ay, ra, bx, by, rb, *cap)
            verdict = _polygon_verdict(shape, e.bcircle, frame, tol)
        if verdict == _OUT:
            continue
        if verdict == _STANDING:
            standing.append(e.id)
        elif verdict == _CUT and e.sight == "opaque":
            blocking.append(e.id)
        else:
            obstructing.append(e.id)
            obstacles += e.obstacle_count
    return SightResult(not blocking, obstacles, tuple(blocking), tuple(obstructing),
                       tuple(standing))  # fmt: skip


def _polygon_verdict(
    poly: Polygon, bcircle: tuple[float, float, float], frame: tuple[float, ...], tol: float
) -> int:
    """Exact verdict for a polygon against a disc-to-disc corridor (see the module doc)."""
    (ax, ay, ra, bx, by, rb, ux, uy, nx, ny, length, sa, ca,
     t1ax, t1ay, t1bx, t1by, t2ax, t2ay, t2bx, t2by) = frame  # fmt: skip
    pts = poly.points
    bcx, bcy, big_r = bcircle
    hypot = math.hypot
    if hypot(bcx - ax, bcy - ay) < big_r + ra and polygon_point_sdist(ax, ay, pts) < ra - tol:
        return _STANDING
    if hypot(bcx - bx, bcy - by) < big_r + rb + tol and polygon_point_sdist(bx, by, pts) < rb - tol:
        return _STANDING
    lca = length * ca
    inside = False
    for x, y in pts:
        px = x - ax
        py = y - ay
        s = px * ux + py * uy
        h = px * nx + py * ny
        if h < 0.0:
            h = -h
        q = s * ca + h * sa
        if q < 0.0:
            sd = hypot(px, py) - ra
        elif q > lca:
            sd = hypot(x - bx, y - by) - rb
        else:
            sd = -s * sa + h * ca - ra
        if sd < -tol:
            inside = True
            break
    if not inside:
        # no vertex inside: an edge must cross the corridor shrunk by tol
        n1x = (t1ax - ax) / ra if ra > 0 else 0.0
        n1y = (t1ay - ay) / ra if ra > 0 else 0.0
        n2x = (t2ax - ax) / ra if ra > 0 else 0.0
        n2y = (t2ay - ay) / ra if ra > 0 else 0.0
        s1 = (t1ax - tol * n1x, t1ay - tol * n1y, t1bx - tol * n1x, t1by - tol * n1y)
        s2 = (t2ax - tol * n2x, t2ay - tol * n2y, t2bx - tol * n2x, t2by - tol * n2y)
        x1, y1 = pts[-1]
        for x2, y2 in pts:
            if (
                seg_point_dist(x1, y1, x2, y2, ax, ay) < ra - tol
                or seg_point_dist(x1, y1, x2, y2, bx, by) < rb - tol
                or segments_cross(x1, y1, x2, y2, *s1)
                or segments_cross(x1, y1, x2, y2, *s2)
            ):
                inside = True
                break
            x1, y1 = x2, y2
        if not inside:
            return _OUT
    if seg_polygon_dist(t1ax, t1ay, t1bx, t1by, pts) > tol:
        return _PARTIAL
    if seg_polygon_dist(t2ax, t2ay, t2bx, t2by, pts) > tol:
        return _PARTIAL
    if not poly.convex:
        c = Corridor(
            ax, ay, ra, (bx, by, rb),
            tuple(convex_hull([(t1ax, t1ay), (t1bx, t1by), (t2bx, t2by), (t2ax, t2ay)])),
            (t1ax, t1ay, t1bx, t1by), (t2ax, t2ay, t2bx, t2by),
        )  # fmt: skip
        return _CUT if _separates(poly, c, None) else _PARTIAL
    return _CUT


def _occluders(
    bases: Sequence[Base],
    elements: Sequence[Element],
    viewer: Base,
    target_base: Base | None,
    target_element: Element | None,
) -> list[tuple[bool, str, float, float, float, Base | Element]]:
    out: list[tuple[bool, str, float, float, float, Base | Element]] = []
    vid = viewer.id
    tid = target_base.id if target_base is not None else None
    for b in bases:
        if b is viewer or b is target_base:
            continue
        if vid and b.id == vid:
            continue
        if tid and b.id == tid:
            continue
        if not b.id and (b in (viewer, target_base)):
            continue
        out.append((True, b.id, b.x, b.y, b.radius, b))
    for e in elements:
        if e.sight == "flat" or e is target_element:
            continue
        if target_element is not None and e.id == target_element.id:
            continue
        cx, cy, r = e.bcircle
        out.append((False, e.id, cx, cy, r, e))
    return out


def _los_general(
    viewer: Base,
    target: Element,
    bases: Sequence[Base],
    elements: Sequence[Element],
    tol: float,
) -> SightResult:
    """Slower path: the target is a polygonal element."""
    assert isinstance(target.shape, Polygon)
    c = corridor(viewer, target)
    if c is None:
        return SightResult(True, 0)
    blocking: list[str] = []
    obstructing: list[str] = []
    standing: list[str] = []
    obstacles = 0
    for is_base, ident, _, _, _, item in _occluders(bases, elements, viewer, None, target):
        shape: Shape = Circle(item.x, item.y, item.radius) if isinstance(item, Base) else item.shape
        verdict = _judge(shape, c, target.shape, tol)
        if verdict == "out":
            continue
        if verdict == "standing_in":
            standing.append(ident)
            continue
        opaque = is_base or (isinstance(item, Element) and item.sight == "opaque")
        if verdict == "cut" and opaque:
            blocking.append(ident)
        else:
            obstructing.append(ident)
            obstacles += 1 if isinstance(item, Base) else item.obstacle_count
    return SightResult(not blocking, obstacles, tuple(blocking), tuple(obstructing),
                       tuple(standing))  # fmt: skip


def visible_bases(
    viewer: Base, bases: Sequence[Base], elements: Sequence[Element] = ()
) -> dict[str, SightResult]:
    """Line of sight from ``viewer`` to every other base, keyed by base id."""
    return {
        b.id: line_of_sight(viewer, b, bases=bases, elements=elements)
        for b in bases
        if not b.same_as(viewer)
    }


def point_in_shape(shape: Shape, x: float, y: float) -> bool:
    if isinstance(shape, Circle):
        return math.hypot(x - shape.x, y - shape.y) <= shape.radius
    return point_in_polygon(x, y, shape.points)


def between_bases(viewer: Base, target: Base, shape: Shape, tol: float = SIGHT_TOLERANCE) -> bool:
    """True when the shape's interior overlaps the middle of the corridor from ``viewer`` to
    ``target``: the convex polygon joining the four tangent points (``Corridor.polygon``).

    Rulesets use it for an element that overlaps the viewer's or the target's base, which
    :func:`line_of_sight` reports in ``standing_in`` without judging (G3): such an element lies
    between the two bases when it reaches into that polygon, and only under or behind a base
    when it overlaps nothing but the far side of the base's disc. Touching the polygon's edge
    is not overlapping (within ``tol``). False when one base contains the other.
    """
    c = corridor(viewer, target)
    if c is None:
        return False
    if isinstance(shape, Circle):
        return polygon_point_sdist(shape.x, shape.y, c.polygon) < shape.radius - tol
    return _polygon_overlaps_convex(shape.points, c.polygon, tol)
