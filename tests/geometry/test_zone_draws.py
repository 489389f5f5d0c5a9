"""Deployment zones draw the same centres as the plain reading of their rules: the sampling
of :meth:`DeploymentZone.iter_points` (its bounds worked out once per call) against a
reference that calls ``random.uniform`` and :meth:`DeploymentZone.contains_disc` at every
draw, on fields, halves, kinds and base sizes of every sort."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest

from skirmish.geometry import Field
from skirmish.geometry.shapes import Point
from skirmish.geometry.zones import HALVES, DeploymentZone, ambush_zone, confrontation_zone


def plain_points(zone: DeploymentZone, n: int, radius: float, seed: int) -> Iterator[Point]:
    """The draws as the rules read: a uniform point of the half (less the radius), kept
    when the whole disc lies in the zone."""
    rnd = random.Random(seed)
    x0, y0, x1, y1 = zone.half_rect()
    found = tries = 0
    while found < n and tries < 200 * max(n, 1):
        tries += 1
        x = rnd.uniform(x0 + radius, x1 - radius) if x1 - x0 > 2 * radius else x0
        y = rnd.uniform(y0 + radius, y1 - radius) if y1 - y0 > 2 * radius else y0
        if zone.contains_disc(x, y, radius):
            found += 1
            yield Point(x, y)


def plain_contains_disc(zone: DeploymentZone, x: float, y: float, r: float,
                        tol: float = 1e-9) -> bool:
    w, h = zone.field.width, zone.field.height
    x0, y0, x1, y1 = {"south": (0.0, 0.0, w, h / 2), "north": (0.0, h / 2, w, h),
                      "west": (0.0, 0.0, w / 2, h), "east": (w / 2, 0.0, w, h)}[zone.half]
    if x - r < x0 - tol or x + r > x1 + tol or y - r < y0 - tol or y + r > y1 + tol:
        return False
    if zone.kind == "band":
        gap = abs(y - h / 2) - r if zone.half in ("south", "north") else abs(x - w / 2) - r
        return gap >= zone.distance - tol
    c = zone.centre()
    return math.hypot(x - c.x, y - c.y) - r >= zone.distance - tol


FIELDS = [Field(60, 60), Field(120, 60), Field(60, 90), Field(72.5, 41.3), Field(30, 30)]


def zones() -> Iterator[DeploymentZone]:
    for field, half in itertools.product(FIELDS, HALVES):
        yield confrontation_zone(field, half)
        yield confrontation_zone(field, half, 7.5)
        yield ambush_zone(field, half)
        yield ambush_zone(field, half, 12.0, "half")


@pytest.mark.parametrize("radius", [1.25, 1.5, 2.0, 2.5, 16.0])
def test_the_zone_draws_the_same_points_as_the_plain_reading(radius: float) -> None:
    for i, zone in enumerate(zones()):
        for seed in (0, 7, 1009 * 3 + 2, 12345 + i):
            for n in (1, 3, 24):
                assert list(zone.iter_points(n, radius, seed=seed)) == \
                    list(plain_points(zone, n, radius, seed))


def test_the_disc_test_is_contains_disc() -> None:
    rnd = random.Random(5)
    for zone in zones():
        for radius in (0.0, 1.5, 2.5):
            inside = zone._disc_test(radius)
            for _ in range(200):
                x = rnd.uniform(-5, zone.field.width + 5)
                y = rnd.uniform(-5, zone.field.height + 5)
                assert inside(x, y) == zone.contains_disc(x, y, radius) == \
                    plain_contains_disc(zone, x, y, radius)
