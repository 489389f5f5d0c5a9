"""Among weighted zones the search refuses a step on its straight floor (the step's length
less ``ZONED_SLACK``) before testing it: the same paths, costs and destinations as when it
tests every step (``ZONED_SLACK`` infinite: no floor refuses anything), on random tables
with marshes, walls, rocks and bases."""

from __future__ import annotations

import math
import random

import pytest

import skirmish.geometry.tangent_graph as tangent_graph
from skirmish.geometry.destinations import sample_destinations
from skirmish.geometry.paths import (
    clear_path_memo,
    contact_positions,
    is_legal_move,
    path_cost,
)
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.table import Element, Field


def table(seed: int) -> tuple[Base, list[Base], list[Element]]:
    rnd = random.Random(seed)
    elements: list[Element] = []
    for i in range(rnd.randint(1, 3)):  # weighted zones near the middle
        x, y = rnd.uniform(15, 35), rnd.uniform(15, 35)
        shape = Circle(x, y, rnd.uniform(2, 5)) if rnd.random() < 0.5 else \
            Polygon.of([(x - 4, y - 3), (x + 4, y - 2), (x + 3, y + 4), (x - 3, y + 3)])
        elements.append(Element(f"zone{i}", shape, "flat", True, rnd.choice((2.0, 3.0))))
    for i in range(rnd.randint(0, 2)):  # walls and rocks
        x, y = rnd.uniform(10, 40), rnd.uniform(10, 40)
        shape = Circle(x, y, rnd.uniform(1, 3)) if rnd.random() < 0.5 else \
            Polygon.of([(x, y), (x + 6, y + 1), (x + 5, y + 3)])
        elements.append(Element(f"wall{i}", shape))
    bases = [Base(rnd.uniform(5, 45), rnd.uniform(5, 45), 1.25, f"b{i}") for i in range(4)]
    mover = Base(rnd.uniform(18, 32), rnd.uniform(18, 32), rnd.choice((1.25, 2.0)), "m")
    return mover, bases, elements


def answers(seed: int) -> list[object]:
    clear_path_memo()
    mover, bases, elements = table(seed)
    field = Field(50, 50)
    rnd = random.Random(seed + 1)
    out: list[object] = []
    for _ in range(8):
        end = (mover.x + rnd.uniform(-10, 10), mover.y + rnd.uniform(-10, 10))
        out.append(path_cost(mover, end, field=field, bases=bases, elements=elements,
                             limit=12.0))
        out.append(is_legal_move(mover, end, 10.0, field=field, bases=bases,
                                 elements=elements))
    out.append(sample_destinations(mover, 10.0, 8, field=field, bases=bases,
                                   elements=elements, seed=seed))
    out.append(contact_positions(mover, bases[0], 10.0, field=field, bases=bases,
                                 elements=elements, samples=24))
    return out


@pytest.mark.parametrize("seed", range(30))
def test_the_floor_refuses_only_what_the_search_would(seed: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    with_floor = answers(seed)
    monkeypatch.setattr(tangent_graph, "ZONED_SLACK", math.inf)
    assert answers(seed) == with_floor
