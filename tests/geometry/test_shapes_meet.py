"""``shapes_meet`` (the bounding boxes compared first) answers exactly as the distance it
stands for, ``shapes_dist(a, b) <= 0``: polygons and discs drawn on a coarse grid, some just
touching, some a hair apart, some one inside the other."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry.shapes import BOXES_APART, Circle, Polygon, Shape, shapes_dist, shapes_meet

from .test_shapes_within import polygons

grid = st.integers(0, 12).map(lambda v: v * 0.5)
gaps = st.sampled_from([0.0, 1e-12, BOXES_APART / 2, BOXES_APART, 2 * BOXES_APART, 0.25, 1.0])


@st.composite
def shapes(draw: st.DrawFn) -> Shape:
    """A polygon of :func:`polygons`, or a disc on the grid."""
    if draw(st.booleans()):
        return Polygon.of(draw(polygons()))
    return Circle(draw(grid), draw(grid), draw(st.sampled_from([0.5, 1.0, 2.5])))


def shifted(shape: Shape, dx: float, dy: float) -> Shape:
    if isinstance(shape, Circle):
        return Circle(shape.x + dx, shape.y + dy, shape.radius)
    return Polygon.of([(x + dx, y + dy) for x, y in shape.points])


@settings(max_examples=400, deadline=None)
@given(shapes(), shapes())
def test_two_shapes_meet_exactly_when_their_distance_is_nought(a: Shape, b: Shape) -> None:
    assert shapes_meet(a, b) is (shapes_dist(a, b) <= 0.0)
    assert shapes_meet(b, a) is (shapes_dist(b, a) <= 0.0)


@settings(max_examples=300, deadline=None)
@given(shapes(), shapes(), gaps, st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
def test_shapes_set_just_beside_one_another_meet_as_their_distance_says(
        a: Shape, b: Shape, gap: float, side: tuple[int, int]) -> None:
    """``b`` moved so that its box lies ``gap`` beyond ``a``'s on one side: the boxes' test
    decides only where the exact distance is sure to be positive."""
    ax0, ay0, ax1, ay1 = a.bounds()
    bx0, by0, bx1, by1 = b.bounds()
    dx = {1: ax1 + gap - bx0, -1: ax0 - gap - bx1, 0: 0.0}[side[0]]
    dy = {1: ay1 + gap - by0, -1: ay0 - gap - by1, 0: 0.0}[side[1]]
    moved = shifted(b, dx, dy)
    assert shapes_meet(a, moved) is (shapes_dist(a, moved) <= 0.0)


def test_a_blast_beside_a_ruin_does_not_meet_it_and_one_over_its_corner_does() -> None:
    ruin = Polygon.rectangle(10.0, 10.0, 14.0, 13.0)
    assert not shapes_meet(Circle(20.0, 11.0, 3.0), ruin)
    assert shapes_meet(Circle(15.0, 14.0, 1.5), ruin)
    assert shapes_meet(Circle(12.0, 11.5, 0.5), ruin)  # inside
