"""Heights on the table (src/skirmish/geometry/heights.py, Element.height): docs/rulings.md G13."""

from __future__ import annotations

import json
import math

import pytest

from skirmish.geometry.heights import (
    elements_under,
    is_above,
    standing_height,
    standing_on,
)
from skirmish.geometry.shapes import Base, Circle, Point, Polygon
from skirmish.geometry.table import Element, Table


def square(x0: float, y0: float, side: float) -> Polygon:
    return Polygon([(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)])


HILL = Element("hill", Circle(20.0, 20.0, 10.0), sight="low", passable=True, can_end_on=True,
               height=5.0)
TOWER = Element("tower", square(15.0, 15.0, 4.0), passable=True, can_end_on=True, height=12.0)
WALL = Element("wall", square(25.0, 18.0, 2.0), height=30.0)  # cannot be stood on by default
POND = Element("pond", Circle(50.0, 50.0, 5.0), sight="flat", passable=True, can_end_on=True)


def test_height_is_written_only_when_set_and_round_trips() -> None:
    plain = Element("rock", Circle(1.0, 2.0, 3.0))
    assert plain.height == 0.0 and "height" not in plain.to_dict()
    assert Element.from_dict(plain.to_dict()) == plain
    assert HILL.to_dict()["height"] == 5.0
    assert Element.from_dict(HILL.to_dict()) == HILL
    table = Table(elements=(plain, HILL))
    assert Table.from_json(table.to_json()) == table
    assert list(plain.to_dict()) == ["id", "circle", "sight", "passable", "move_cost",
                                     "can_end_on", "obstacle_count"]
    assert "height" not in json.dumps(Table(elements=(plain,)).to_dict()["elements"])


@pytest.mark.parametrize("bad", [-1.0, math.inf, math.nan])
def test_a_height_is_finite_and_not_negative(bad: float) -> None:
    with pytest.raises(ValueError, match="height"):
        Element("x", Circle(0.0, 0.0, 1.0), height=bad)
    with pytest.raises(ValueError, match="height"):
        Element.from_dict({"id": "x", "circle": [0.0, 0.0, 1.0], "height": bad})


def test_the_centre_decides_edge_included() -> None:
    elements = (HILL, TOWER, WALL, POND)
    assert elements_under(Point(20.0, 20.0), elements) == (HILL,)
    assert elements_under(Point(16.0, 16.0), elements) == (HILL, TOWER)
    assert elements_under(Point(30.0, 20.0), elements) == (HILL,)  # on the hill's edge
    # A base overlapping the hill with its centre off it stands on the ground.
    off = Base(31.0, 20.0, 2.0)
    assert elements_under(off, elements) == ()
    assert standing_height(off, elements) == 0.0


def test_the_highest_element_it_may_stand_on() -> None:
    elements = (HILL, TOWER, WALL, POND)
    assert standing_on(Base(20.0, 20.0, 1.5), elements) is HILL
    assert standing_height(Base(20.0, 20.0, 1.5), elements) == 5.0
    assert standing_on(Base(16.0, 16.0, 1.5), elements) is TOWER
    assert standing_height(Base(16.0, 16.0, 1.5), elements) == 12.0
    # The wall is higher but cannot be stood on (can_end_on is False): the hill counts.
    assert standing_height(Base(26.0, 19.0, 1.5), elements) == 5.0
    # The ruleset's own test replaces the default.
    assert standing_height(Base(26.0, 19.0, 1.5), elements, lambda e: True) == 30.0
    assert standing_height(Base(16.0, 16.0, 1.5), elements, lambda e: e.id == "hill") == 5.0
    # An element with no height is ground level; so is the open field.
    assert standing_on(Base(50.0, 50.0, 1.5), elements) is None
    assert standing_height(Base(50.0, 50.0, 1.5), elements) == 0.0
    assert standing_height(Base(5.0, 5.0, 1.5), elements) == 0.0


def test_equally_high_elements_the_first_given() -> None:
    a = Element("a", Circle(0.0, 0.0, 5.0), can_end_on=True, height=3.0)
    b = Element("b", Circle(1.0, 0.0, 5.0), can_end_on=True, height=3.0)
    assert standing_on(Point(0.5, 0.0), (a, b)) is a
    assert standing_on(Point(0.5, 0.0), (b, a)) is b


def test_one_base_above_another() -> None:
    elements = [HILL, TOWER, WALL, POND]
    on_tower, on_hill, below = Base(16.0, 16.0, 1.5), Base(22.0, 22.0, 1.5), Base(5.0, 5.0, 1.5)
    assert is_above(on_tower, on_hill, elements) and is_above(on_hill, below, elements)
    assert not is_above(on_hill, on_tower, elements)
    assert not is_above(below, Base(50.0, 50.0, 1.5), elements)  # both on the ground
    assert not is_above(on_hill, Base(24.0, 24.0, 1.5), elements)  # same height
    # An iterator is read once, for both bases.
    assert is_above(on_tower, below, iter(elements))
