from __future__ import annotations

import json
import math

import pytest

from skirmish.geometry.distance import (
    CONTACT_TOLERANCE,
    base_distance,
    distance,
    in_contact,
    place_in_contact,
    place_in_contact_towards,
)
from skirmish.geometry.shapes import Base, Circle, Point, Polygon
from skirmish.geometry.table import Element, Field, Marker, Table


def sample_table() -> Table:
    return Table(
        Field(60, 60),
        (
            Element("ruin", Polygon.rectangle(20, 20, 30, 25)),
            Element("pond", Circle(45, 45, 4), sight="flat", passable=True, can_end_on=True),
            Element(
                "marsh",
                Polygon.rectangle(5, 40, 15, 50),
                sight="low",
                passable=True,
                move_cost=2.0,
                can_end_on=True,
                obstacle_count=3,
            ),
        ),
        (Base.from_mm(10, 10, 30, "A1", "A"), Base.from_mm(50, 50, 40, "B1", "B")),
        (Marker("obj", 30, 30, 1.0),),
    )


def test_base_from_mm() -> None:
    b = Base.from_mm(1, 2, 30, "x")
    assert b.radius == 1.5 and b.diameter_mm == pytest.approx(30)
    assert Base.from_mm(0, 0, 40).radius == 2.0


def test_polygon_normalised_ccw_and_convexity() -> None:
    p = Polygon.of([(0, 0), (0, 1), (1, 1), (1, 0)])  # clockwise given
    assert p.area > 0 and p.convex
    lshape = Polygon.of([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])
    assert not lshape.convex


def test_table_json_round_trip() -> None:
    t = sample_table()
    again = Table.from_json(t.to_json())
    assert again == t
    assert json.loads(t.to_json())["bases"][1]["diameter_mm"] == 40


def test_table_with_base_replaces_by_id() -> None:
    t = sample_table()
    moved = t.with_base(t.base("A1").moved_to(12, 12))
    assert moved.base("A1").x == 12 and len(moved.bases) == 2
    assert t.base("A1").x == 10  # immutable


def test_element_rejects_bad_values() -> None:
    with pytest.raises(ValueError):
        Element("x", Circle(0, 0, 1), sight="glass")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Element("x", Circle(0, 0, 1), move_cost=0.5)


def test_distances_are_edge_to_edge() -> None:
    a = Base(0, 0, 1.5)
    b = Base(10, 0, 2.0)
    assert base_distance(a, b) == pytest.approx(6.5)
    assert distance(a, Point(5, 0)) == pytest.approx(3.5)
    wall = Element("w", Polygon.rectangle(4, -1, 5, 1))
    assert distance(a, wall) == pytest.approx(2.5)
    assert distance(a, Element("c", Circle(0, 5, 1))) == pytest.approx(2.5)
    assert distance(a, Marker("m", 0, -4, 0.5)) == pytest.approx(2.0)


def test_contact_tolerance() -> None:
    a = Base(0, 0, 1.5)
    assert in_contact(a, Base(3.0, 0, 1.5))
    assert in_contact(a, Base(3.0 + CONTACT_TOLERANCE * 0.99, 0, 1.5))
    assert not in_contact(a, Base(3.0 + CONTACT_TOLERANCE * 1.01, 0, 1.5))


@pytest.mark.parametrize("angle", [0.0, 0.7, math.pi, -2.0])
def test_place_in_contact_is_exact(angle: float) -> None:
    target = Base(20, 20, 2.0, "t")
    mover = Base(0, 0, 1.5, "m")
    placed = place_in_contact(mover, target, angle)
    assert base_distance(placed, target) == pytest.approx(0.0, abs=1e-12)
    assert math.hypot(placed.x - target.x, placed.y - target.y) == pytest.approx(3.5)
    towards = place_in_contact_towards(mover, target)
    assert in_contact(towards, target, 1e-9)
