"""Shortcuts of the blast template checks must give the exact tests' answers: the bisection
of :func:`_half_width` (each step answered from the template's frame when far from the
threshold) to the last bit, and :func:`blast_covers`' reach sieve the same bases."""

from __future__ import annotations

import math
import random

from skirmish.geometry.shapes import Base
from skirmish.geometry.templates import (
    COVER_TOLERANCE,
    DEFAULT_BLAST,
    Disc,
    _capsule_sdist,
    _half_width,
)


def _base(i: int, x: float, y: float, radius: float) -> Base:
    return Base(x, y, radius, f"b{i}")


def _reference(rho: float, radius: float) -> float:
    """The plain bisection, every step by the exact test."""
    template = DEFAULT_BLAST
    rn, rw = template.narrow_width / 2, template.wide_width / 2
    a: Disc = (0.0, 0.0, rn)
    b: Disc = (template.length - rn - rw, 0.0, rw)
    limit = radius - COVER_TOLERANCE

    def covered(delta: float) -> bool:
        return _capsule_sdist(rho * math.cos(delta), rho * math.sin(delta), a, b) < limit

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


def test_half_width_matches_the_exact_bisection() -> None:
    rng = random.Random(43)
    reach = DEFAULT_BLAST.length
    for _ in range(3000):
        rho = rng.uniform(0.0, reach + 5.0)
        radius = rng.choice((1.25, 1.5, 2.0, 2.5, rng.uniform(0.5, 4.0)))
        assert _half_width(rho, radius, DEFAULT_BLAST) == _reference(rho, radius)


def test_blast_covers_matches_the_exact_test_on_every_base() -> None:
    """The reach sieve of :func:`blast_covers` passes over only bases the exact test
    rejects: the same bases, in the same order."""
    from skirmish.geometry.templates import blast_covers, blast_discs

    rng = random.Random(4343)
    attacker = _base(0, 0.0, 0.0, 1.25)
    for _ in range(300):
        bases = [_base(i + 1, rng.uniform(-25, 25), rng.uniform(-25, 25),
                       rng.choice((1.25, 2.0, 2.5))) for i in range(12)]
        angle = rng.uniform(-math.pi, math.pi)
        axis = rng.choice((None, angle + rng.uniform(-0.5, 0.5)))
        a, b = blast_discs(attacker, angle, DEFAULT_BLAST, axis=axis)
        expected = [x for x in bases
                    if _capsule_sdist(x.x, x.y, a, b) < x.radius - COVER_TOLERANCE]
        assert blast_covers(attacker, angle, bases, DEFAULT_BLAST, axis=axis) == expected
