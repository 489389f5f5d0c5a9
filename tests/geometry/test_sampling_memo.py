"""The latest answer of a sampling is given again among other bases only when it is the answer
there (``skirmish.geometry.sampling_memo``): differential tests against a fresh sampling."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skirmish.geometry.destinations as destinations_module
from skirmish.geometry.destinations import sample_destinations
from skirmish.geometry.paths import clear_path_memo
from skirmish.geometry.sampling_memo import Latest, Trace, unchanged_by
from skirmish.geometry.shapes import Base
from skirmish.geometry.table import Field
from tests.geometry.test_paths_reach import scenes

F = Field(60, 60)
coord = st.floats(min_value=3.0, max_value=57.0, allow_nan=False)


def _fresh(scene: dict[str, Any], bases: list[Base], allowance: float, seed: int,
           trace: Trace | None = None) -> tuple[Any, ...]:
    """The sampling among ``bases`` worked out from scratch, on the whole table."""
    elements = tuple(scene["elements"])
    zoned = any(e.passable and e.move_cost > 1.0 for e in elements)
    return tuple(destinations_module._sample(
        scene["mover"], allowance, 3, F, tuple(bases), elements, tuple(scene["markers"]), zoned,
        random.Random(seed), 0.5, False, True, trace))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.sampled_from([5.0, 10.0, 20.0]), st.integers(0, 50), st.data())
def test_an_answer_said_to_stand_among_other_bases_is_the_answer_there(
    scene: dict[str, Any], allowance: float, seed: int, data: st.DataObject
) -> None:
    mover, bases = scene["mover"], scene["bases"]
    trace = Trace()
    before = _fresh(scene, bases, allowance, seed, trace)
    now = list(bases)
    for _ in range(data.draw(st.integers(1, 3))):  # bases move, come or go
        how = data.draw(st.sampled_from(["move", "come", "go", "in the way"]))
        if how == "in the way" and trace.ends:  # on a straight move tried, not at its end
            i = 2 * data.draw(st.integers(0, len(trace.ends) // 2 - 1))
            t = data.draw(st.floats(0.3, 0.7))
            now.append(Base(mover.x + t * (trace.ends[i] - mover.x),
                            mover.y + t * (trace.ends[i + 1] - mover.y), 0.5, f"w{len(now)}"))
        elif how in ("come", "in the way") or not now:
            now.append(Base(data.draw(coord), data.draw(coord), 1.5, f"c{len(now)}"))
        elif how == "go":
            now.pop(data.draw(st.integers(0, len(now) - 1)))
        else:
            i = data.draw(st.integers(0, len(now) - 1))
            now[i] = now[i].moved_to(data.draw(coord), data.draw(coord))
    if unchanged_by(mover, bases, now, trace):
        assert _fresh(scene, now, allowance, seed) == before


def test_latest_recalls_only_the_same_question_among_the_same_rest() -> None:
    latest, mover = Latest(), Base(10.0, 10.0, 1.5, "m")
    latest.keep(("q",), ("rest",), (), Trace(), ("answer",))
    assert latest.recall(("q",), ("rest",), mover, ()) == ("answer",)
    assert latest.recall(("q",), ("other rest",), mover, ()) is None
    assert latest.recall(("other q",), ("rest",), mover, ()) is None
    searched = Trace(searched=True)
    latest.keep(("q",), ("rest",), (), searched, ("answer",))
    assert latest.recall(("q",), ("rest",), mover, (Base(50.0, 50.0, 1.5, "far"),)) is None


def test_a_figure_moving_elsewhere_leaves_the_latest_answer_standing() -> None:
    clear_path_memo()
    mover = Base(10.0, 10.0, 1.5, "m")
    friend = Base(20.0, 10.0, 1.5, "f")
    first = sample_destinations(mover, 10, 3, field=F, bases=[friend], seed=5)
    steps = [friend.moved_to(friend.x + dx, friend.y) for dx in (0.1, 0.2, 0.3)]
    fresh = [list(_fresh({"mover": mover, "elements": [], "markers": []}, [s], 10, 5))
             for s in steps]
    calls: list[Any] = []
    real = destinations_module._sample

    def counting(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    destinations_module._sample = counting
    try:
        # the friend steps a little: still near, but in the way of nothing the sampling tried
        for stepped, expected in zip(steps, fresh, strict=True):
            got = sample_destinations(mover, 10, 3, field=F, bases=[stepped], seed=5)
            assert got == expected == first
        assert not calls
    finally:
        destinations_module._sample = real
        clear_path_memo()
