"""The bisection of :func:`_half_width` answers each step from the template's frame when it
is far from the threshold; its result must be the exact test's to the last bit."""

from __future__ import annotations

import math
import random

from skirmish.geometry.templates import (
    COVER_TOLERANCE,
    DEFAULT_BLAST,
    Disc,
    _capsule_sdist,
    _half_width,
)


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
