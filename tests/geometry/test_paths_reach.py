"""Sampled destinations and contact positions are worked out among the obstacles within reach
only (``paths._within_reach``): the answers are those of the whole table, and a base moving
far away leaves the remembered answer standing."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skirmish.geometry.destinations as destinations_module
import skirmish.geometry.paths as paths_module
from skirmish.geometry.destinations import sample_destinations
from skirmish.geometry.paths import clear_path_memo, contact_positions
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.table import Element, Field, Marker

F = Field(60, 60)

coord = st.floats(min_value=3.0, max_value=57.0, allow_nan=False)


@st.composite
def scenes(draw: st.DrawFn) -> dict[str, Any]:
    """A mover, bases, walls, weighted zones and markers strewn over the whole field."""
    bases = [Base(draw(coord), draw(coord), draw(st.sampled_from([1.25, 1.5, 2.0])), f"b{i}")
             for i in range(draw(st.integers(0, 8)))]
    elements = []
    for i in range(draw(st.integers(0, 6))):
        x, y = draw(coord), draw(coord)
        w, h = draw(st.floats(0.5, 8.0)), draw(st.floats(0.5, 8.0))
        kind = draw(st.sampled_from(["wall", "pillar", "zone", "round zone", "low"]))
        if kind == "wall":
            elements.append(Element(f"e{i}", Polygon.rectangle(x, y, x + w, y + h)))
        elif kind == "pillar":
            elements.append(Element(f"e{i}", Circle(x, y, w / 2)))
        elif kind == "zone":
            elements.append(Element(f"e{i}", Polygon.of([(x, y), (x + w, y), (x, y + h)]),
                                    passable=True, move_cost=2.0, can_end_on=True))
        elif kind == "round zone":
            elements.append(Element(f"e{i}", Circle(x, y, w / 2), passable=True,
                                    move_cost=3.0, can_end_on=True))
        else:
            elements.append(Element(f"e{i}", Polygon.rectangle(x, y, x + w, y + h),
                                    passable=True, can_end_on=False))
    markers = [Marker(f"m{i}", draw(coord), draw(coord), 1.5)
               for i in range(draw(st.integers(0, 3)))]
    mover = Base(draw(coord), draw(coord), 1.5, "mover")
    return {"mover": mover, "bases": bases, "elements": elements, "markers": markers}


def _whole_table(scene: dict[str, Any]) -> tuple[Any, ...]:
    elements = tuple(scene["elements"])
    zoned = any(e.passable and e.move_cost > 1.0 for e in elements)
    return tuple(scene["bases"]), elements, tuple(scene["markers"]), zoned


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.sampled_from([5.0, 10.0, 20.0]), st.integers(0, 50), st.booleans())
def test_destinations_among_what_is_within_reach_are_those_of_the_whole_table(
    scene: dict[str, Any], allowance: float, seed: int, straight: bool
) -> None:
    mover = scene["mover"]
    whole = destinations_module._sample(mover, allowance, 3, F, *_whole_table(scene),
                                 random.Random(seed), 0.5, straight)
    assert sample_destinations(mover, allowance, 3, field=F, bases=scene["bases"],
                               elements=scene["elements"], markers=scene["markers"],
                               seed=seed, straight=straight) == whole


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.sampled_from([5.0, 10.0, 20.0]), st.booleans())
def test_contacts_among_what_is_within_reach_are_those_of_the_whole_table(
    scene: dict[str, Any], allowance: float, straight: bool
) -> None:
    mover, bases = scene["mover"], scene["bases"]
    target = bases[0] if bases else Base(mover.x + 5.0, mover.y, 1.5, "t")
    everything = bases or [target]
    whole = paths_module._contacts.__wrapped__(
        mover, target, allowance, F, tuple(everything), *_whole_table(scene)[1:], 24, 0.5,
        straight)
    assert tuple(contact_positions(mover, target, allowance, field=F, bases=everything,
                                   elements=scene["elements"], markers=scene["markers"],
                                   samples=24, straight=straight)) == whole


def test_a_zone_out_of_reach_still_prices_arcs_as_on_a_zoned_table() -> None:
    """Arcs cost their drawn polyline on a table with weighted zones, wherever they lie."""
    mover = Base(10.0, 30.0, 1.5, "m")
    blocker = Base(15.0, 30.0, 1.5, "b")
    far_zone = Element("z", Polygon.rectangle(50, 50, 58, 58), passable=True, move_cost=2.0)
    goal = contact_positions(mover, Base(20.0, 30.0, 1.5, "t"), 12.0, field=F,
                             bases=[blocker, Base(20.0, 30.0, 1.5, "t")], samples=24)
    zoned = contact_positions(mover, Base(20.0, 30.0, 1.5, "t"), 12.0, field=F,
                              bases=[blocker, Base(20.0, 30.0, 1.5, "t")], samples=24,
                              elements=[far_zone])
    assert [c.end for c in goal] == [c.end for c in zoned]
    detours = [(a.cost, b.cost) for a, b in zip(goal, zoned, strict=True) if len(a.path) > 2]
    assert detours and all(b >= a for a, b in detours)
    assert any(b > a for a, b in detours)


def test_a_base_moving_far_away_leaves_the_remembered_answer_standing() -> None:
    clear_path_memo()
    mover = Base(10.0, 10.0, 1.5, "m")
    near, far = Base(14.0, 10.0, 1.5, "n"), Base(50.0, 50.0, 1.5, "f")
    calls = []
    real = destinations_module._sample

    def counting(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    destinations_module._sample = counting
    try:
        first = sample_destinations(mover, 10, 4, field=F, bases=[near, far], seed=3)
        moved = far.moved_to(45.0, 50.0)
        assert sample_destinations(mover, 10, 4, field=F, bases=[near, moved], seed=3) == first
        assert len(calls) == 1
        onto = first[0].end  # the near base moves onto a destination: worked out again
        assert onto is not None
        again = sample_destinations(mover, 10, 4, field=F, bases=[near.moved_to(*onto), moved],
                                    seed=3)
        assert len(calls) == 2 and onto not in [c.end for c in again]
    finally:
        destinations_module._sample = real
        clear_path_memo()
