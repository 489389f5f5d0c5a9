"""``zone_cost`` leaves out the weighted zones whose bounding circle lies clear of a
segment's box: the cost is bit for bit the plain sum (length plus every zone's surcharge),
on segments far from, near, along, tangent to and across round and polygonal zones."""

from __future__ import annotations

import math
import random

from skirmish.geometry import Base, Element, Field
from skirmish.geometry.shapes import Circle, Polygon, segment_length_inside
from skirmish.geometry.tangent_graph import World, build_world, zone_cost


def plain_cost(w: World, ax: float, ay: float, bx: float, by: float) -> float:
    cost = math.hypot(bx - ax, by - ay)
    for e, extra in w.zones:
        cost += extra * segment_length_inside(e.shape, ax, ay, bx, by)
    return cost


ZONES = (
    Element("marsh", Circle(20.0, 20.0, 4.0), "flat", True, 2.0),
    Element("mud", Polygon.of([(30, 5), (38, 5), (38, 9), (30, 9)]), "flat", True, 3.0),
    Element("ford", Polygon.of([(5, 30), (12, 34), (7, 40)]), "flat", True, 1.5),
    Element("pond", Circle(40.0, 35.0, 2.5), "flat", True, 1.25),
)


def test_the_zone_cost_is_the_plain_sum() -> None:
    w = build_world(Base(0.0, 0.0, 1.25, "m"), Field(50, 50), (), ZONES)
    rnd = random.Random(7)
    points = [(rnd.uniform(0, 50), rnd.uniform(0, 50)) for _ in range(400)]
    for e in ZONES:  # on and just around every zone's boundary and bounding box
        cx, cy, big = e.bcircle
        for k in range(24):
            a = 2 * math.pi * k / 24
            for d in (big - 1e-7, big, big + 1e-7, big + 1e-6, big + 2e-6):
                points.append((cx + d * math.cos(a), cy + d * math.sin(a)))
        points += [(cx + big, cy + big), (cx - big - 1e-6, cy), (cx, cy + big + 1e-6)]
        if isinstance(e.shape, Polygon):
            points += list(e.shape.points)
    compared = 0
    for i, (ax, ay) in enumerate(points):
        for bx, by in points[i::7]:
            assert zone_cost(w, ax, ay, bx, by) == plain_cost(w, ax, ay, bx, by)
            compared += 1
    assert compared > 10_000
