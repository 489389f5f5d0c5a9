"""Explosion (disc) and blast (teardrop) templates: placement and the bases they cover.

Sizes are settings (the rulebook gives none); defaults are documented in the rulings:
explosion diameter 7.5 cm; blast 20 cm long, narrow end 2 cm wide, wide end 8 cm across.

The blast template is the convex hull of two discs on its axis (radius ``narrow_width / 2`` at
the narrow end, ``wide_width / 2`` at the wide end), ``length`` from tip to tip. A placement is a
*contact angle* and an *axis* (radians, 0 = +x, counter-clockwise):

- the narrow disc touches the attacker's base from outside at the point of the base in
  direction ``angle`` (its centre is at ``radius + narrow_width / 2`` from the base's centre
  in that direction);
- the axis points from the narrow disc's centre to the wide disc's centre along ``axis``.

``axis=None`` (or ``axis == angle``) is the *radial* placement: the axis goes through the
base's centre and the narrow tip touches the base. Turning the axis about the narrow disc's
centre keeps the narrow end touching the base at the same point: this is the pivot. The
narrow end (and only it) touches the base, without overlapping it, exactly while the axis is
at most :func:`blast_pivot_limit` from the contact direction (:func:`blast_pivot_allowed`).

A base is covered when it overlaps the template by more than ``COVER_TOLERANCE`` (touching is
not covering). Coverage is an exact signed distance to the hull of two discs (no polygons).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .shapes import Base, Point, convex_hull

COVER_TOLERANCE = 1e-6
#: How far (radians) past :func:`blast_pivot_limit` an axis is still accepted.
PIVOT_TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class ExplosionTemplate:
    diameter: float = 7.5


@dataclass(frozen=True, slots=True)
class BlastTemplate:
    length: float = 20.0
    narrow_width: float = 2.0
    wide_width: float = 8.0

    def __post_init__(self) -> None:
        if not 0 < self.narrow_width <= self.wide_width < self.length + self.narrow_width:
            raise ValueError("need 0 < narrow_width <= wide_width and a long enough template")


DEFAULT_EXPLOSION = ExplosionTemplate()
DEFAULT_BLAST = BlastTemplate()


def explosion_covers(
    centre: tuple[float, float],
    bases: Sequence[Base],
    template: ExplosionTemplate = DEFAULT_EXPLOSION,
) -> list[Base]:
    """Every base covered, even partly, by the explosion template centred on ``centre``."""
    r = template.diameter / 2
    cx, cy = float(centre[0]), float(centre[1])
    return [b for b in bases if math.hypot(b.x - cx, b.y - cy) < r + b.radius - COVER_TOLERANCE]


def explosion_outline(
    centre: tuple[float, float], template: ExplosionTemplate = DEFAULT_EXPLOSION, sides: int = 48
) -> list[Point]:
    r = template.diameter / 2
    return [
        Point(centre[0] + r * math.cos(2 * math.pi * k / sides),
              centre[1] + r * math.sin(2 * math.pi * k / sides))
        for k in range(sides)
    ]  # fmt: skip


def blast_pivot_limit(template: BlastTemplate = DEFAULT_BLAST) -> float:
    """The largest angle (radians) between the axis and the contact direction.

    The narrow end is the arc of the narrow disc that lies on the template's outline: the
    directions from the narrow disc's centre more than ``pi/2 + beta`` away from the axis,
    where ``sin(beta) = (rw - rn) / d`` (``d`` the distance between the discs' centres, ``rn``
    and ``rw`` their radii). The contact point is on that arc, and then the template does not
    overlap the base, exactly when the axis turns at most ``pi/2 - beta`` from the contact
    direction; beyond, the template's straight side cuts into the base. Defaults: about 78.46
    degrees. 0 when the wide disc swallows the narrow one (only the radial placement is left).
    """
    rn, rw = template.narrow_width / 2, template.wide_width / 2
    gap = template.length - rn - rw
    if gap <= rw - rn:
        return 0.0
    return math.pi / 2 - math.asin((rw - rn) / gap)


def _turn(angle: float) -> float:
    """``angle`` brought into [-pi, pi]."""
    return math.remainder(angle, 2 * math.pi)


def blast_pivot_allowed(
    angle: float, axis: float | None, template: BlastTemplate = DEFAULT_BLAST
) -> bool:
    """Whether the placement (contact ``angle``, ``axis``) touches the base with its narrow end
    without overlapping the base: the axis at most :func:`blast_pivot_limit` from ``angle``
    (plus ``PIVOT_TOLERANCE``). ``axis=None``, the radial placement, is always allowed."""
    if axis is None:
        return True
    return abs(_turn(axis - angle)) <= blast_pivot_limit(template) + PIVOT_TOLERANCE


Disc = tuple[float, float, float]


def blast_discs(
    attacker: Base, angle: float, template: BlastTemplate = DEFAULT_BLAST, *,
    axis: float | None = None,
) -> tuple[Disc, Disc]:
    """The two discs (x, y, r) whose convex hull is the blast template with its narrow end
    touching ``attacker`` at contact ``angle`` and its axis along ``axis`` (radial when
    ``None``). The pivot is not checked here (:func:`blast_pivot_allowed`)."""
    ux, uy = math.cos(angle), math.sin(angle)
    rn = template.narrow_width / 2
    rw = template.wide_width / 2
    d_n = attacker.radius + rn
    narrow = (attacker.x + d_n * ux, attacker.y + d_n * uy, rn)
    if axis is None or axis == angle:
        d_w = attacker.radius + template.length - rw
        return narrow, (attacker.x + d_w * ux, attacker.y + d_w * uy, rw)
    gap = template.length - rn - rw
    return narrow, (narrow[0] + gap * math.cos(axis), narrow[1] + gap * math.sin(axis), rw)


def _capsule_sdist(px: float, py: float, a: Disc, b: Disc) -> float:
    """Signed distance from a point to conv(disc a, disc b) (exact outside, negative inside)."""
    ax, ay, ra = a
    bx, by, rb = b
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length <= abs(rb - ra):
        big = a if ra >= rb else b
        return math.hypot(px - big[0], py - big[1]) - big[2]
    ux, uy = dx / length, dy / length
    sa = (rb - ra) / length
    ca = math.sqrt(max(0.0, 1 - sa * sa))
    qx, qy = px - ax, py - ay
    s = qx * ux + qy * uy
    h = abs(-qx * uy + qy * ux)
    q = s * ca + h * sa
    if q < 0:
        return math.hypot(qx, qy) - ra
    if q > length * ca:
        return math.hypot(px - bx, py - by) - rb
    return -s * sa + h * ca - ra


def blast_covers(
    attacker: Base,
    angle: float,
    bases: Sequence[Base],
    template: BlastTemplate = DEFAULT_BLAST,
    *,
    axis: float | None = None,
) -> list[Base]:
    """Every base (other than the attacker) covered, even partly, by the blast placed at
    contact ``angle`` with its axis along ``axis`` (radial when ``None``).

    A base whose centre lies farther from the narrow disc's centre than the template's
    reach (the wide disc's far edge) plus its radius and :data:`SHORTCUT_MARGIN` cannot be
    covered and is passed over without the exact test; the exact test decides the rest."""
    a, b = blast_discs(attacker, angle, template, axis=axis)
    ax, ay, ra = a
    reach = max(ra, math.hypot(b[0] - ax, b[1] - ay) + b[2]) + SHORTCUT_MARGIN
    hypot = math.hypot
    return [
        x for x in bases
        if not x.same_as(attacker) and hypot(x.x - ax, x.y - ay) < reach + x.radius
        and _capsule_sdist(x.x, x.y, a, b) < x.radius - COVER_TOLERANCE
    ]  # fmt: skip


def blast_outline(
    attacker: Base, angle: float, template: BlastTemplate = DEFAULT_BLAST, steps: int = 32, *,
    axis: float | None = None,
) -> list[Point]:
    """The template's outline as a polygon (for drawing), placed as in :func:`blast_discs`."""
    (ax, ay, ra), (bx, by, rb) = blast_discs(attacker, angle, template, axis=axis)
    pts: list[tuple[float, float]] = []
    for k in range(steps):
        t = 2 * math.pi * k / steps
        pts.append((ax + ra * math.cos(t), ay + ra * math.sin(t)))
        pts.append((bx + rb * math.cos(t), by + rb * math.sin(t)))
    return convex_hull(pts)


def _covers(attacker: Base, angle: float, target: Base, template: BlastTemplate,
            axis: float | None = None) -> bool:
    a, b = blast_discs(attacker, angle, template, axis=axis)
    return _capsule_sdist(target.x, target.y, a, b) < target.radius - COVER_TOLERANCE


def blast_placement_ok(
    attacker: Base,
    angle: float,
    must_cover: Sequence[Base],
    template: BlastTemplate = DEFAULT_BLAST,
    *,
    axis: float | None = None,
) -> bool:
    """Whether the placement (contact ``angle``, ``axis``) has its narrow end touching the
    attacker's base without overlapping it (:func:`blast_pivot_allowed`) and covers at least
    part of one of ``must_cover``."""
    if not blast_pivot_allowed(angle, axis, template):
        return False
    return any(_covers(attacker, angle, t, template, axis) for t in must_cover)


def blast_angles(
    attacker: Base, target: Base, template: BlastTemplate = DEFAULT_BLAST
) -> tuple[float, float] | None:
    """The interval [lo, hi] of angles (radians, lo <= direction to target <= hi) at which the
    *radial* blast template covers at least part of ``target``; None if it cannot reach it."""
    centre = math.atan2(target.y - attacker.y, target.x - attacker.x)
    if not _covers(attacker, centre, target, template):
        return None

    def edge(sign: int) -> float:
        inside = 0.0
        outside = math.pi
        step = math.radians(0.5)
        off = step
        while off < math.pi:
            if not _covers(attacker, centre + sign * off, target, template):
                outside = off
                break
            inside = off
            off += step
        for _ in range(50):
            mid = (inside + outside) / 2
            if _covers(attacker, centre + sign * mid, target, template):
                inside = mid
            else:
                outside = mid
        return inside

    return (centre - edge(-1), centre + edge(1))


def _half_width(rho: float, radius: float, template: BlastTemplate) -> float:
    """For a disc of ``radius`` whose centre is ``rho`` from the narrow disc's centre: the
    largest angle between the axis and the direction of the disc's centre at which the
    template still covers the disc (0 if it covers it at no angle, pi if at every angle).

    The template's outline seen from the narrow disc's centre gets nearer as the direction
    turns away from the axis (on the narrow arc, the straight sides and the wide arc alike),
    so the angles that cover are one interval centred on the axis: found by bisection.

    Each step first reckons the distance in the template's frame (:meth:`_Frame.sdist`,
    no discs to unpack); only within :data:`SHORTCUT_MARGIN` of the threshold does the
    exact :func:`_capsule_sdist` answer, so every step takes the exact test's answer."""
    rn, rw = template.narrow_width / 2, template.wide_width / 2
    a: Disc = (0.0, 0.0, rn)
    b: Disc = (template.length - rn - rw, 0.0, rw)
    limit = radius - COVER_TOLERANCE
    surely_in, surely_out = limit - SHORTCUT_MARGIN, limit + SHORTCUT_MARGIN
    frame = _Frame.of(template)
    sdist = frame.sdist if rn <= rw else None  # the frame assumes the wide disc is wider
    cos, sin = math.cos, math.sin

    def covered(delta: float) -> bool:
        px, py = rho * cos(delta), rho * sin(delta)
        if sdist is not None:
            gap = sdist(px, abs(py))
            if gap < surely_in:
                return True
            if gap >= surely_out:
                return False
        return _capsule_sdist(px, py, a, b) < limit

    if not covered(0.0):
        return 0.0
    if covered(math.pi):
        return math.pi
    inside, outside = 0.0, math.pi
    for _ in range(44):
        mid = (inside + outside) / 2
        if covered(mid):
            inside = mid
        else:
            outside = mid
    return inside


def blast_axes(
    attacker: Base, angle: float, target: Base, template: BlastTemplate = DEFAULT_BLAST
) -> list[tuple[float, float]]:
    """With the narrow end touching ``attacker`` at contact ``angle``: the intervals [lo, hi]
    of allowed axes (within :func:`blast_pivot_limit` of ``angle``, ascending, radians near
    ``angle``) at which the template covers at least part of ``target``. At most two
    intervals (two when the target is close behind the pivot); empty if none."""
    limit = blast_pivot_limit(template)
    (nx, ny, _), _ = blast_discs(attacker, angle, template)
    rho = math.hypot(target.x - nx, target.y - ny)
    toward = _turn(math.atan2(target.y - ny, target.x - nx) - angle)
    width = _half_width(rho, target.radius, template)
    if width <= 0.0:
        return []
    if width >= math.pi:
        return [(angle - limit, angle + limit)]
    out: list[tuple[float, float]] = []
    for k in (-1, 0, 1):
        lo = max(-limit, toward - width + 2 * math.pi * k)
        hi = min(limit, toward + width + 2 * math.pi * k)
        if lo <= hi:
            out.append((angle + lo, angle + hi))
    return out


#: Slack (cm) of :func:`_contact_test`'s own reckoning: it answers only when the distance
#: it finds is this far from the threshold (its rounding, and the exact test's, are some
#: 1e-13 cm); nearer, the exact test answers.
SHORTCUT_MARGIN = 1e-6


@dataclass(frozen=True, slots=True)
class _Frame:
    """A blast template seen from its narrow disc's centre, its axis along +x: the narrow
    disc's radius ``rn``, the wide disc's ``rw`` at ``gap`` along the axis, the reach
    (``gap + rw``: the template lies within it), and the sine and cosine of the angle its
    straight sides make with the axis (as :func:`_capsule_sdist` works them out)."""

    rn: float
    rw: float
    gap: float
    reach: float
    sa: float
    ca: float

    @staticmethod
    @functools.lru_cache(maxsize=64)
    def of(template: BlastTemplate) -> _Frame:
        rn, rw = template.narrow_width / 2, template.wide_width / 2
        gap = template.length - rn - rw
        sa = (rw - rn) / gap if gap > abs(rw - rn) else 0.0
        return _Frame(rn, rw, gap, gap + rw, sa, math.sqrt(max(0.0, 1 - sa * sa)))

    def sdist(self, s: float, h: float) -> float:
        """The signed distance from the point ``s`` along the axis and ``h`` (>= 0) across
        it to the template (:func:`_capsule_sdist` in this frame)."""
        if self.gap <= abs(self.rw - self.rn):  # the wide disc swallows the narrow one
            return math.hypot(s - self.gap, h) - self.rw
        q = s * self.ca + h * self.sa
        if q < 0:
            return math.hypot(s, h) - self.rn
        if q > self.gap * self.ca:
            return math.hypot(s - self.gap, h) - self.rw
        return -s * self.sa + h * self.ca - self.rn


def _contact_test(attacker: Base, target: Base, template: BlastTemplate, limit: float
                  ) -> Callable[[float], bool]:
    """Whether some allowed axis at a contact angle covers part of ``target``: the axis
    nearest the direction from the narrow disc's centre to the target's does (the covering
    axes are an interval centred on that direction). What does not depend on the angle is
    worked out once.

    The target's distance to the template is first worked out in the template's own frame
    (:class:`_Frame`: the target's distance from the narrow disc's centre and its angle off
    the axis): it answers when it is :data:`SHORTCUT_MARGIN` or more from the threshold
    (and a target farther than the template's reach from the narrow disc's centre is never
    covered); nearer, the exact test of :func:`blast_covers` answers, so the answer is
    always the exact test's."""
    frame = _Frame.of(template)
    sdist = frame.sdist
    ax, ay = attacker.x, attacker.y
    rn, rw = template.narrow_width / 2, template.wide_width / 2  # as blast_discs places them
    d_n, d_w = attacker.radius + rn, attacker.radius + template.length - rw
    bx, by = target.x, target.y
    threshold = target.radius - COVER_TOLERANCE
    covered, missed = threshold - SHORTCUT_MARGIN, threshold + SHORTCUT_MARGIN
    out_of_reach = frame.reach + missed
    cos, sin, atan2, hypot = math.cos, math.sin, math.atan2, math.hypot

    def reaches(angle: float) -> bool:
        nx, ny = ax + d_n * cos(angle), ay + d_n * sin(angle)
        tx, ty = bx - nx, by - ny
        rho = hypot(tx, ty)
        if rho >= out_of_reach:
            return False
        toward = _turn(atan2(ty, tx) - angle)
        turned = max(-limit, min(limit, toward))
        off = toward - turned
        gap = sdist(rho, 0.0) if off == 0.0 else sdist(rho * cos(off), abs(rho * sin(off)))
        if gap < covered:
            return True
        if gap >= missed:
            return False
        axis = angle + turned  # the exact test: blast_discs and _capsule_sdist, as _covers
        if axis == angle:
            wide = (ax + d_w * cos(angle), ay + d_w * sin(angle), rw)
        else:
            wide = (nx + frame.gap * cos(axis), ny + frame.gap * sin(axis), rw)
        return _capsule_sdist(bx, by, (nx, ny, rn), wide) < threshold

    return reaches


def blast_contacts(
    attacker: Base,
    target: Base,
    template: BlastTemplate = DEFAULT_BLAST,
    step: float = math.radians(3.0),
) -> list[tuple[float, float]]:
    """:func:`_blast_contacts` (remembered: the same bases and template give the same
    intervals, and bots ask again while nothing has moved)."""
    return list(_remembered_contacts(attacker, target, template, step))


@functools.lru_cache(maxsize=4096)
def _remembered_contacts(attacker: Base, target: Base, template: BlastTemplate, step: float
                         ) -> tuple[tuple[float, float], ...]:
    return tuple(_blast_contacts(attacker, target, template, step))


def _blast_contacts(
    attacker: Base,
    target: Base,
    template: BlastTemplate = DEFAULT_BLAST,
    step: float = math.radians(3.0),
) -> list[tuple[float, float]]:
    """The intervals [lo, hi] of contact angles (radians, lo in [-pi, pi), ascending) at which
    some allowed axis covers at least part of ``target``. Found on a scan every ``step``
    around the base, each end refined by bisection: a piece narrower than ``step`` may be
    missed. One interval of length 2 pi when every contact angle works; empty when the
    template cannot reach."""
    limit = blast_pivot_limit(template)
    apart = math.hypot(target.x - attacker.x, target.y - attacker.y)
    if apart - target.radius >= attacker.radius + template.length + SHORTCUT_MARGIN:
        return []  # out of the template's reach at every contact angle (_contact_test)
    start = math.atan2(target.y - attacker.y, target.x - attacker.x) + math.pi
    n = max(8, math.ceil(2 * math.pi / step))

    def at(k: float) -> float:
        return start + 2 * math.pi * k / n

    reaches = _contact_test(attacker, target, template, limit)
    flags = [reaches(at(k)) for k in range(n)]
    if all(flags):
        return [(at(0), at(n))]
    if not any(flags):
        return []

    def edge(inside: float, outside: float) -> float:
        for _ in range(44):
            mid = (inside + outside) / 2
            if reaches(at(mid)):
                inside = mid
            else:
                outside = mid
        return at(inside)

    first = flags.index(False)
    out: list[tuple[float, float]] = []
    k = first
    while k < first + n:
        if not flags[k % n]:
            k += 1
            continue
        begin = k
        while k < first + n and flags[k % n]:
            k += 1
        lo, hi = edge(begin, begin - 1), edge(k - 1, k)
        shift = 2 * math.pi * math.floor((lo + math.pi) / (2 * math.pi))
        out.append((lo - shift, hi - shift))
    return sorted(out)


def nearest_base(attacker: Base, candidates: Sequence[Base]) -> Base | None:
    """The candidate whose edge is closest to the attacker's edge (ties: first in order)."""
    best: Base | None = None
    best_d = math.inf
    for b in candidates:
        if b.same_as(attacker):
            continue
        d = math.hypot(b.x - attacker.x, b.y - attacker.y) - b.radius - attacker.radius
        if d < best_d - 1e-12:
            best, best_d = b, d
    return best


@dataclass(frozen=True, slots=True)
class BlastOption:
    """A placement (contact ``angle``, ``axis``; radial when ``axis`` is None) and the ids of
    the bases it covers."""

    angle: float
    covered: tuple[str, ...]
    axis: float | None = None


def blast_options(
    attacker: Base,
    nearest: Base,
    bases: Sequence[Base],
    template: BlastTemplate = DEFAULT_BLAST,
    samples: int = 61,
) -> list[BlastOption]:
    """Allowed *radial* orientations (those still covering ``nearest``), sampled evenly over
    the allowed interval, with the ids of the bases each covers. Empty when the blast cannot
    reach."""
    interval = blast_angles(attacker, nearest, template)
    if interval is None:
        return []
    lo, hi = interval
    out: list[BlastOption] = []
    for k in range(samples):
        ang = lo + (hi - lo) * k / max(1, samples - 1)
        out.append(BlastOption(ang, tuple(b.id for b in blast_covers(attacker, ang, bases,
                                                                       template))))  # fmt: skip
    return out


def _spread(intervals: Sequence[tuple[float, float]], count: int) -> list[float]:
    """``count`` points spread evenly over the union of ``intervals`` (midpoints of equal
    shares of their total length, so never on an end); the middle of each interval when
    they have no length."""
    total = sum(hi - lo for lo, hi in intervals)
    if total <= 0.0:
        return [(lo + hi) / 2 for lo, hi in intervals]
    out: list[float] = []
    for k in range(count):
        at = total * (k + 0.5) / count
        for i, (lo, hi) in enumerate(intervals):
            if at <= hi - lo or i == len(intervals) - 1:
                out.append(lo + min(at, hi - lo))
                break
            at -= hi - lo
    return out


def blast_placements(
    attacker: Base,
    target: Base,
    bases: Sequence[Base],
    template: BlastTemplate = DEFAULT_BLAST,
    contacts: int = 9,
    axes: int = 7,
) -> list[BlastOption]:
    """Representative placements over the whole two-dimensional set of allowed placements
    covering at least part of ``target``: ``contacts`` contact angles spread over
    :func:`blast_contacts`, and at each ``axes`` axes spread over :func:`blast_axes`, in that
    order, with the ids of the ``bases`` each covers. Deterministic; every placement returned
    passes :func:`blast_placement_ok` for ``target`` (checked). Empty when the template
    cannot reach ``target``."""
    out: list[BlastOption] = []
    for angle in _spread(blast_contacts(attacker, target, template), contacts):
        for axis in _spread(blast_axes(attacker, angle, target, template), axes):
            if not blast_placement_ok(attacker, angle, (target,), template, axis=axis):
                continue
            covered = blast_covers(attacker, angle, bases, template, axis=axis)
            out.append(BlastOption(angle, tuple(b.id for b in covered), axis))
    return out
