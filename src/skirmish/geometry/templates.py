"""Explosion (disc) and blast (teardrop) templates: placement and the bases they cover.

Sizes are settings (the rulebook gives none); defaults are documented in the rulings:
explosion diameter 7.5 cm; blast 20 cm long, narrow end 2 cm wide, wide end 8 cm across.

The blast template is the convex hull of two discs on its axis (radius ``narrow_width / 2`` at
the narrow end, ``wide_width / 2`` at the wide end), ``length`` from tip to tip. It is placed
*radially*: its narrow tip touches the attacker's base at the point in direction ``angle`` and its
axis points away from the attacker's centre along ``angle``. A base is covered when it overlaps
the template by more than ``COVER_TOLERANCE`` (touching is not covering).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .shapes import Base, Point, convex_hull

COVER_TOLERANCE = 1e-6


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


def blast_discs(
    attacker: Base, angle: float, template: BlastTemplate = DEFAULT_BLAST
) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The two discs (x, y, r) whose convex hull is the blast template at ``angle``."""
    ux, uy = math.cos(angle), math.sin(angle)
    rn = template.narrow_width / 2
    rw = template.wide_width / 2
    d_n = attacker.radius + rn
    d_w = attacker.radius + template.length - rw
    return (
        (attacker.x + d_n * ux, attacker.y + d_n * uy, rn),
        (attacker.x + d_w * ux, attacker.y + d_w * uy, rw),
    )


def _capsule_sdist(
    px: float, py: float, a: tuple[float, float, float], b: tuple[float, float, float]
) -> float:
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
) -> list[Base]:
    """Every base (other than the attacker) covered, even partly, by the blast at ``angle``."""
    a, b = blast_discs(attacker, angle, template)
    return [
        x for x in bases
        if not x.same_as(attacker) and _capsule_sdist(x.x, x.y, a, b) < x.radius - COVER_TOLERANCE
    ]  # fmt: skip


def blast_outline(
    attacker: Base, angle: float, template: BlastTemplate = DEFAULT_BLAST, steps: int = 32
) -> list[Point]:
    (ax, ay, ra), (bx, by, rb) = blast_discs(attacker, angle, template)
    pts: list[tuple[float, float]] = []
    for k in range(steps):
        t = 2 * math.pi * k / steps
        pts.append((ax + ra * math.cos(t), ay + ra * math.sin(t)))
        pts.append((bx + rb * math.cos(t), by + rb * math.sin(t)))
    return convex_hull(pts)


def _covers(attacker: Base, angle: float, target: Base, template: BlastTemplate) -> bool:
    a, b = blast_discs(attacker, angle, template)
    return _capsule_sdist(target.x, target.y, a, b) < target.radius - COVER_TOLERANCE


def blast_angles(
    attacker: Base, target: Base, template: BlastTemplate = DEFAULT_BLAST
) -> tuple[float, float] | None:
    """The interval [lo, hi] of angles (radians, lo <= direction to target <= hi) at which the
    blast template covers at least part of ``target``; None if it cannot reach it."""
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
    angle: float
    covered: tuple[str, ...]


def blast_options(
    attacker: Base,
    nearest: Base,
    bases: Sequence[Base],
    template: BlastTemplate = DEFAULT_BLAST,
    samples: int = 61,
) -> list[BlastOption]:
    """Allowed orientations (those still covering ``nearest``), sampled evenly over the allowed
    interval, with the ids of the bases each covers. Empty when the blast cannot reach."""
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
