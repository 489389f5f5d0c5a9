"""The cheap threshold tests of :mod:`skirmish.geometry.shapes` answer exactly as the distances
they stand for: ``polygon_point_within`` as ``polygon_point_sdist(...) < limit``,
``seg_polygon_within`` as ``seg_polygon_dist(...) < limit``, and ``line_clears_polygon`` only
when the distance is more than the clearance. The points are drawn on a coarse grid and on the
polygons' own edges and vertices, so touching, collinear and boundary cases come up often."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry.shapes import (
    Point,
    Polygon,
    line_clears_polygon,
    polygon_point_sdist,
    polygon_point_within,
    seg_polygon_dist,
    seg_polygon_within,
)

grid = st.integers(0, 12).map(lambda v: v * 0.5)
fine = st.floats(0.0, 6.0, allow_nan=False)


@st.composite
def polygons(draw: st.DrawFn) -> tuple[Point, ...]:
    """Triangles to hexagons, rectangles and thin slivers (any that :class:`Polygon` takes)."""
    kind = draw(st.sampled_from(["rectangle", "free", "sliver"]))
    if kind == "rectangle":
        x0, y0 = draw(grid), draw(grid)
        return Polygon.rectangle(x0, y0, x0 + draw(st.sampled_from([0.5, 1.0, 2.5])),
                                 y0 + draw(st.sampled_from([0.5, 1.5, 3.0]))).points
    if kind == "sliver":
        x0, y0, x1, y1 = draw(fine), draw(fine), draw(fine), draw(fine)
        return Polygon.of([(x0, y0), (x1, y1), (x1 + 1e-7, y1 + 1e-7)]).points
    pts = draw(st.lists(st.tuples(st.one_of(grid, fine), st.one_of(grid, fine)),
                        min_size=3, max_size=6, unique=True))
    return Polygon.of(pts).points


def point_near(draw: st.DrawFn, pts: tuple[Point, ...], limit: float) -> tuple[float, float]:
    """A point of the grid, anywhere, on a vertex or an edge, or just about ``limit`` off an
    edge (where a threshold test could go wrong)."""
    how = draw(st.sampled_from(["grid", "fine", "vertex", "edge", "off"]))
    if how == "grid":
        return draw(grid), draw(grid)
    if how == "fine":
        return draw(fine), draw(fine)
    i = draw(st.integers(0, len(pts) - 1))
    if how == "vertex":
        return pts[i]
    t = draw(st.floats(0.0, 1.0))
    (ax, ay), (bx, by) = pts[i - 1], pts[i]
    x, y = ax + t * (bx - ax), ay + t * (by - ay)
    if how == "edge":
        return x, y
    length = math.hypot(bx - ax, by - ay)
    if length == 0.0:
        return x, y
    off = limit * draw(st.sampled_from([1.0 - 1e-4, 1.0 - 1e-12, 1.0, 1.0 + 1e-12, 1.0 + 1e-4]))
    side = draw(st.sampled_from([1.0, -1.0]))
    return x + side * off * (by - ay) / length, y - side * off * (bx - ax) / length


def segment_near(draw: st.DrawFn, pts: tuple[Point, ...], limit: float
                 ) -> tuple[float, float, float, float]:
    """Two points as :func:`point_near` draws them, or a segment passing just about ``limit``
    off a vertex."""
    if draw(st.booleans()):
        return (*point_near(draw, pts, limit), *point_near(draw, pts, limit))
    vx, vy = pts[draw(st.integers(0, len(pts) - 1))]
    a = draw(st.floats(0.0, 2 * math.pi))
    off = limit * draw(st.sampled_from([1.0 - 1e-4, 1.0 - 1e-12, 1.0, 1.0 + 1e-12, 1.0 + 1e-4]))
    qx, qy = vx + off * math.cos(a), vy + off * math.sin(a)
    u, w = draw(st.floats(0.0, 3.0)), draw(st.floats(0.0, 3.0))
    return (qx - u * math.sin(a), qy + u * math.cos(a), qx + w * math.sin(a),
            qy - w * math.cos(a))


limits = st.sampled_from([1e-8, 1e-6, 0.3, 1.0 - 1e-6, 1.5 - 1e-6, 2.0, 3.25])


@settings(max_examples=600, deadline=None)
@given(st.data(), polygons(), limits)
def test_polygon_point_within_answers_as_the_signed_distance(
    data: st.DataObject, pts: tuple[Point, ...], limit: float
) -> None:
    x, y = data.draw(st.composite(lambda draw: point_near(draw, pts, limit))())
    assert polygon_point_within(x, y, pts, limit) == (polygon_point_sdist(x, y, pts) < limit)


@settings(max_examples=600, deadline=None)
@given(st.data(), polygons(), limits)
def test_seg_polygon_within_answers_as_the_distance(
    data: st.DataObject, pts: tuple[Point, ...], limit: float
) -> None:
    ax, ay, bx, by = data.draw(st.composite(lambda draw: segment_near(draw, pts, limit))())
    assert seg_polygon_within(ax, ay, bx, by, pts, limit) == \
        (seg_polygon_dist(ax, ay, bx, by, pts) < limit)


@settings(max_examples=600, deadline=None)
@given(st.data(), polygons(), limits)
def test_a_line_clears_a_polygon_only_farther_than_the_clearance(
    data: st.DataObject, pts: tuple[Point, ...], clearance: float
) -> None:
    ax, ay, bx, by = data.draw(st.composite(
        lambda draw: segment_near(draw, pts, clearance))())
    if line_clears_polygon(ax, ay, bx, by, pts, clearance):
        assert seg_polygon_dist(ax, ay, bx, by, pts) > clearance - 1e-12


def test_the_threshold_tests_on_a_square() -> None:
    square = Polygon.rectangle(0, 0, 2, 2).points
    assert polygon_point_within(1, 1, square, 0.5)  # inside
    assert polygon_point_within(2.4, 1, square, 0.5) and not polygon_point_within(2.6, 1, square,
                                                                                   0.5)
    assert not polygon_point_within(2.5, 1, square, 0.5)  # exactly at the limit: not under
    assert seg_polygon_within(-1, 1, 3, 1, square, 0.5)  # straight through
    assert seg_polygon_within(-1, 2.4, 3, 2.4, square, 0.5)  # grazing along the top
    assert not seg_polygon_within(-1, 2.6, 3, 2.6, square, 0.5)
    assert line_clears_polygon(-1, 2.6, 3, 2.6, square, 0.5)
    assert not line_clears_polygon(-1, 2.4, 3, 2.4, square, 0.5)
    assert not line_clears_polygon(5, 1, 6, 1, square, 0.5)  # on the line, far beyond the end
