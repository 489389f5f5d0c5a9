"""The numpy sieves of :mod:`skirmish.geometry.vectorized` against the exact functions of
:mod:`skirmish.geometry.shapes`, which stay the reference: a sieve may keep too much, never
leave out a position the exact test accepts."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import Circle, Polygon
from skirmish.geometry.shapes import Shape, shape_point_sdist, shapes_dist
from skirmish.geometry.vectorized import points_sdist, surely_nearer, vertex_gaps

coord = st.floats(-20, 20, allow_nan=False)


@st.composite
def shapes(draw: st.DrawFn) -> Shape:
    """A circle, or a convex or concave polygon around (0, 0) (a star of 3 to 7 points)."""
    if draw(st.booleans()):
        return Circle(draw(coord), draw(coord), draw(st.floats(0.5, 8)))
    n = draw(st.integers(3, 7))
    radii = draw(st.lists(st.floats(1, 8), min_size=n, max_size=n))
    cx, cy = draw(coord), draw(coord)
    return Polygon.of((cx + r * math.cos(2 * math.pi * i / n),
                       cy + r * math.sin(2 * math.pi * i / n)) for i, r in enumerate(radii))


def moved(shape: Shape, dx: float, dy: float) -> Shape:
    if isinstance(shape, Circle):
        return Circle(shape.x + dx, shape.y + dy, shape.radius)
    assert isinstance(shape, Polygon)
    return Polygon.of((x + dx, y + dy) for x, y in shape.points)


@settings(max_examples=150, deadline=None)
@given(shapes(), st.lists(st.tuples(coord, coord), min_size=1, max_size=6))
def test_points_sdist_is_the_exact_signed_distance(shape: Shape,
                                                   points: list[tuple[float, float]]) -> None:
    px = np.array([p[0] for p in points])
    py = np.array([p[1] for p in points])
    got = points_sdist(shape, px, py)
    for (x, y), d in zip(points, got.tolist(), strict=True):
        assert d == pytest.approx(shape_point_sdist(shape, x, y), abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(shapes(), shapes(), st.lists(st.tuples(coord, coord), min_size=1, max_size=6))
def test_vertex_gaps_never_understate_the_distance(shape: Shape, other: Shape,
                                                   points: list[tuple[float, float]]) -> None:
    px = np.array([p[0] for p in points])
    py = np.array([p[1] for p in points])
    gaps = vertex_gaps(shape, other, px, py)
    for (x, y), gap in zip(points, gaps.tolist(), strict=True):
        assert shapes_dist(moved(shape, x, y), other) <= gap + 1e-9


def test_vertex_gaps_of_two_squares_side_by_side() -> None:
    square = Polygon.of([(-1, -1), (1, -1), (1, 1), (-1, 1)])
    other = Polygon.of([(4, -1), (6, -1), (6, 1), (4, 1)])
    gaps = vertex_gaps(square, other, np.array([0.0, 2.0, 10.0]), np.array([0.0, 0.0, 0.0]))
    assert gaps.tolist() == [3.0, 1.0, 3.0]  # 3 cm apart, 1 cm, then beyond on the far side


@settings(max_examples=60, deadline=None)
@given(shapes(), st.lists(st.tuples(coord, coord), min_size=6, max_size=6))
def test_points_sdist_takes_arrays_of_any_shape(shape: Shape,
                                                points: list[tuple[float, float]]) -> None:
    """A grid of points (2 x 3) gives the same distances as the same points in a row."""
    px = np.array([p[0] for p in points])
    py = np.array([p[1] for p in points])
    flat = points_sdist(shape, px, py)
    grid = points_sdist(shape, px.reshape(2, 3), py.reshape(2, 3))
    assert grid.shape == (2, 3)
    assert grid.ravel().tolist() == flat.tolist()


@settings(max_examples=150, deadline=None)
@given(shapes(), shapes(), st.lists(st.tuples(coord, coord), min_size=1, max_size=8),
       st.floats(0, 6))
def test_surely_nearer_marks_only_points_the_exact_spacing_refuses(
        shape: Shape, other: Shape, points: list[tuple[float, float]], spacing: float) -> None:
    px = np.array([p[0] for p in points])
    py = np.array([p[1] for p in points])
    marked = surely_nearer(shape, other, px, py, spacing)
    for (x, y), near in zip(points, marked.tolist(), strict=True):
        if near:
            assert shapes_dist(moved(shape, x, y), other) < spacing - 1e-7


def test_surely_nearer_of_two_squares_side_by_side() -> None:
    square = Polygon.of([(-1, -1), (1, -1), (1, 1), (-1, 1)])
    other = Polygon.of([(4, -1), (6, -1), (6, 1), (4, 1)])
    marked = surely_nearer(square, other, np.array([0.0, 2.0, 10.0]), np.array([0.0] * 3), 2.0)
    assert marked.tolist() == [False, True, False]  # 3 cm, 1 cm, 3 cm apart


@settings(max_examples=150, deadline=None)
@given(shapes(), shapes(), st.lists(st.tuples(coord, coord), min_size=1, max_size=8),
       st.floats(0.01, 6))
def test_surely_nearer_marks_every_near_point_when_a_shape_is_round_or_both_convex(
        shape: Shape, other: Shape, points: list[tuple[float, float]], spacing: float) -> None:
    # Then it measures the distance itself (from a centre, or to the Minkowski difference
    # of the two convex polygons): every point clearly nearer than the spacing is marked.
    convex = all(isinstance(s, Circle) or s.convex for s in (shape, other))
    if not (isinstance(shape, Circle) or isinstance(other, Circle) or convex):
        return
    px = np.array([p[0] for p in points])
    py = np.array([p[1] for p in points])
    marked = surely_nearer(shape, other, px, py, spacing)
    for (x, y), near in zip(points, marked.tolist(), strict=True):
        gap = shapes_dist(moved(shape, x, y), other)
        if gap < spacing - 1e-5:
            assert near
        elif gap > spacing + 1e-5:
            assert not near
