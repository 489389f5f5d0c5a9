"""Shortcuts of the tangent graph give the plain answers, bit for bit. ``zone_cost``
leaves out the weighted zones whose bounding circle lies clear of a segment's box: the cost
is the plain sum (length plus every zone's surcharge), on segments far from, near, along,
tangent to and across round and polygonal zones. ``point_free`` passes the polygons whose
grown box leaves the point out."""

from __future__ import annotations

import math
import random

import skirmish.geometry.tangent_graph as tangent_graph
from skirmish.geometry import Base, Element, Field
from skirmish.geometry.shapes import Circle, Polygon, polygon_point_within, segment_length_inside
from skirmish.geometry.tangent_world import World, build_world, point_free, zone_cost


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


def plain_point_free(w: World, x: float, y: float, tol: float = 1e-6) -> bool:
    if x < w.xmin - tol or x > w.xmax + tol or y < w.ymin - tol or y > w.ymax + tol:
        return False
    for cx, cy, rr in w.discs:
        if math.hypot(x - cx, y - cy) < rr - tol:
            return False
    return not any(polygon_point_within(x, y, pts, w.r - tol) for pts in w.polys)


WALLS = (
    Element("wall", Polygon.of([(10, 10), (25, 10), (25, 12), (10, 12)])),
    Element("ruin", Polygon.of([(30, 30), (36, 28), (40, 35), (33, 41)])),
    Element("rock", Circle(12.0, 38.0, 3.0)),
)


def test_point_free_is_the_plain_test() -> None:
    """``point_free`` passes the polygons whose box (grown by the mover's radius) leaves the
    point out: the answer is the plain test's, around, on and inside every obstacle."""
    rnd = random.Random(11)
    for radius in (0.5, 1.25, 2.5):
        mover = Base(1.0, 1.0, radius, "m")
        w = build_world(mover, Field(50, 50), (Base(20.0, 25.0, 1.5, "x"),), WALLS + ZONES)
        points = [(rnd.uniform(-1, 51), rnd.uniform(-1, 51)) for _ in range(3000)]
        for x0, y0, x1, y1 in w.boxes:  # along the grown boxes' edges
            for k in range(41):
                t = k / 40
                for d in (-1e-7, 0.0, 1e-7):
                    points += [(x0 + d, y0 + t * (y1 - y0)), (x1 + d, y0 + t * (y1 - y0)),
                               (x0 + t * (x1 - x0), y0 + d), (x0 + t * (x1 - x0), y1 + d)]
        for x, y in points:
            assert point_free(w, x, y) == plain_point_free(w, x, y)


def plain_zone_nodes(w: World, step: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for e, _ in w.zones:
        shape = e.shape
        if isinstance(shape, Circle):
            n = max(8, int(2.0 * math.pi * shape.radius / step) + 1)
            out += [(shape.x + shape.radius * math.cos(2.0 * math.pi * i / n),
                     shape.y + shape.radius * math.sin(2.0 * math.pi * i / n)) for i in range(n)]
            continue
        pts = shape.points
        for i in range(len(pts)):
            (x1, y1), (x2, y2) = pts[i - 1], pts[i]
            n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step + 0.999))
            out += [(x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n) for k in range(n)]
    return [p for p in out if plain_point_free(w, p[0], p[1])]


def test_the_zones_steiner_points_are_the_plain_ones() -> None:
    """The boundary points are made once per zones and step, then filtered per world: the
    same points, in the same order, for every mover and set of bases; a relevance test
    given keeps those of them it accepts."""
    rnd = random.Random(3)
    for radius in (0.5, 1.25, 2.5):
        for _ in range(5):
            bases = tuple(Base(rnd.uniform(0, 50), rnd.uniform(0, 50), 1.5, f"b{i}")
                          for i in range(6))
            w = build_world(Base(1.0, 1.0, radius, "m"), Field(50, 50), bases, WALLS + ZONES)
            for step in (0.5, 1.0):
                plain = plain_zone_nodes(w, step)
                assert tangent_graph._zone_nodes(w, step) == plain
                assert tangent_graph._zone_nodes(w, step, lambda x, _y: x < 25.0) == \
                    [p for p in plain if p[0] < 25.0]
