from __future__ import annotations

import heapq
import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon as SPolygon
from shapely.ops import unary_union

import skirmish.geometry.destinations as destinations_module
import skirmish.geometry.paths as paths_module
from skirmish.geometry.destinations import sample_destinations
from skirmish.geometry.paths import (
    clear_path_memo,
    contact_positions,
    end_position_problem,
    is_legal_move,
    path_cost,
    path_is_clear,
)
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.table import Element, Field, Marker

F = Field(60, 60)


# ------------------------------------------------------------------ rulebook sentences


@pytest.mark.parametrize(("gap", "fits"), [(3.01, True), (3.0, True), (2.99, False)])
def test_base_fits_through_a_gap_only_if_wider_than_its_diameter(gap: float, fits: bool) -> None:
    mover = Base(10, 30, 1.5, "m")  # 30 mm base: 3 cm wide
    walls = [
        Element("a", Polygon.rectangle(19, 0, 21, 30 - gap / 2)),
        Element("b", Polygon.rectangle(19, 30 + gap / 2, 21, 60)),
    ]
    res = path_cost(mover, (30, 30), field=F, elements=walls)
    assert (res is not None) is fits
    if fits:
        assert res is not None and res.cost == pytest.approx(20.0)


def test_gap_between_two_bases() -> None:
    mover = Base(10, 30, 2.0, "m")  # 40 mm
    for gap, fits in ((4.02, True), (3.98, False)):
        a = Base(20, 30 - 1.5 - gap / 2, 1.5, "a")
        b = Base(20, 30 + 1.5 + gap / 2, 1.5, "b")
        field = Field(60, 60)
        wall = [
            Element("w", Polygon.rectangle(19.9, 0, 20.1, a.y - 1.0)),
            Element("w2", Polygon.rectangle(19.9, b.y + 1.0, 20.1, 60)),
        ]
        res = path_cost(mover, (30, 30), field=field, bases=[a, b], elements=wall)
        assert (res is not None) is fits


def test_obstruction_two_halves_the_distance() -> None:
    marsh = Element(
        "marsh", Polygon.rectangle(20, 0, 40, 60), passable=True, move_cost=2.0, can_end_on=True
    )
    mover = Base(20, 30, 1.5, "m")  # centre on the edge of the marsh
    ok = is_legal_move(mover, (25, 30), 10.0, field=F, elements=[marsh])
    assert ok.legal and ok.cost == pytest.approx(10.0)
    too_far = is_legal_move(mover, (25.05, 30), 10.0, field=F, elements=[marsh])
    assert not too_far.legal and too_far.reason == "out_of_allowance"
    # starting 2 cm outside: 2 + 2 * 4 = 10
    mover2 = Base(18, 30, 1.5, "m")
    assert is_legal_move(mover2, (24, 30), 10.0, field=F, elements=[marsh]).legal
    assert not is_legal_move(mover2, (24.1, 30), 10.0, field=F, elements=[marsh]).legal


def test_weighted_path_refracts_within_the_documented_bound() -> None:
    # optimum of |(10,10)-(20,y)| + 2 |(20,y)-(30,20)|, found by dense 1-D search
    marsh = Element("m", Polygon.rectangle(20, 0, 40, 60), passable=True, move_cost=2.0)
    best = min(
        math.hypot(10, y - 10) + 2 * math.hypot(10, 20 - y)
        for y in (10 + 10 * k / 200000 for k in range(200001))
    )
    for step in (0.5, 2.0):
        res = path_cost(Base(10, 10, 1.5), (30, 20), field=F, elements=[marsh], zone_step=step)
        assert res is not None
        # documented bound: one crossing x step x max factor (2) before refinement
        assert best - 1e-6 <= res.cost <= best + 1 * step * 2.0
        assert res.cost == pytest.approx(best, abs=1e-4)  # after refinement


def test_detour_around_a_base_is_exact() -> None:
    mover = Base(10, 30, 1.5, "m")
    other = Base(20, 30, 1.5, "o")
    res = path_cost(mover, (30, 30), field=F, bases=[other])
    big_r, d = 3.0, 10.0
    exact = 2 * math.sqrt(d * d - big_r * big_r) + big_r * (math.pi - 2 * math.acos(big_r / d))
    assert res is not None and res.cost == pytest.approx(exact, abs=1e-9)
    assert path_is_clear(mover, res.points, field=F, bases=[other])


def test_detour_around_a_wall_corner_is_exact() -> None:
    mover = Base(10, 30, 1.5, "m")
    wall = Element("w", Polygon.rectangle(19, 20, 21, 40))
    res = path_cost(mover, (30, 30), field=F, elements=[wall])
    d = math.hypot(9, 10)
    tangent = math.sqrt(d * d - 1.5**2)
    turn = math.atan2(10, 9) + math.asin(1.5 / d)
    assert res is not None and res.cost == pytest.approx(2 * tangent + 2 + 2 * 1.5 * turn)


def test_end_position_reasons() -> None:
    mover = Base(10, 10, 1.5, "m")
    els = [
        Element("rock", Polygon.rectangle(20, 0, 25, 5)),
        Element("hedge", Polygon.rectangle(0, 20, 5, 25), passable=True),
        Element("hill", Circle(40, 40, 5), passable=True, can_end_on=True),
    ]
    kw = dict(
        field=F,
        bases=[mover, Base(10, 14, 1.5, "x")],
        elements=els,
        markers=[Marker("obj", 14, 10, 0.5)],
    )
    assert end_position_problem(mover, (1.0, 10), **kw) == "off_field"  # type: ignore[arg-type]
    assert end_position_problem(mover, (10, 12), **kw) == "overlaps_base"  # type: ignore[arg-type]
    assert end_position_problem(mover, (10, 11), **kw) == ""  # touching  # type: ignore[arg-type]
    assert end_position_problem(mover, (21, 6), **kw) == "overlaps_element"  # type: ignore[arg-type]
    assert end_position_problem(mover, (4, 22), **kw) == "cannot_end_on"  # type: ignore[arg-type]
    assert end_position_problem(mover, (40, 40), **kw) == ""  # type: ignore[arg-type]
    assert end_position_problem(mover, (13, 10), **kw) == "on_marker"  # type: ignore[arg-type]
    assert end_position_problem(mover, (10, 7), **kw) == ""  # type: ignore[arg-type]


def test_unreachable_and_out_of_allowance() -> None:
    mover = Base(5, 5, 1.5, "m")
    cage = [
        Element("a", Polygon.rectangle(0, 10, 12, 11)),
        Element("b", Polygon.rectangle(11, 0, 12, 11)),
    ]
    r = is_legal_move(mover, (20, 20), 50, field=F, elements=cage)
    assert not r.legal and r.reason == "unreachable"
    r2 = is_legal_move(Base(30, 30, 1.5, "m"), (45, 30), 10, field=F)
    assert not r2.legal and r2.reason == "out_of_allowance"


def test_passing_over_a_marker_is_allowed_but_not_ending_on_it() -> None:
    mover = Base(10, 30, 1.5, "m")
    marker = Marker("obj", 15, 30, 1.0)
    assert is_legal_move(mover, (19, 30), 10, field=F, markers=[marker]).legal
    assert is_legal_move(mover, (16, 30), 10, field=F, markers=[marker]).reason == "on_marker"


def test_contact_positions_touch_and_are_legal() -> None:
    mover = Base(10, 30, 1.5, "m")
    target = Base(18, 30, 2.0, "t")
    blocker = Base(14, 30, 1.5, "x")
    pos = contact_positions(mover, target, 10, field=F, bases=[mover, target, blocker])
    assert pos
    for p in pos:
        assert p.legal and p.end is not None and p.cost <= 10 + 1e-9
        assert math.hypot(p.end.x - target.x, p.end.y - target.y) == pytest.approx(3.5)
        assert path_is_clear(mover, p.path, field=F, bases=[target, blocker])
    # the near side is occupied by the blocker: no contact point straight ahead
    assert all(abs(p.end.y - 30) > 0.5 or p.end.x > target.x for p in pos if p.end)


def test_sample_destinations_is_deterministic() -> None:
    mover = Base(30, 30, 1.5, "m")
    others = [Base(33, 30, 1.5, "a")]
    a = sample_destinations(mover, 10, 8, field=F, bases=others, seed=3)
    b = sample_destinations(mover, 10, 8, field=F, bases=others, seed=3)
    assert [x.end for x in a] == [x.end for x in b] and len(a) == 8
    assert all(x.legal and x.cost <= 10 + 1e-9 for x in a)


# ------------------------------------------------------------------ property tests


@st.composite
def worlds(draw: st.DrawFn) -> tuple[Base, list[Base], list[Element], float, float]:
    r = draw(st.sampled_from([1.5, 2.0]))
    mover = Base(draw(st.floats(5, 55)), draw(st.floats(5, 55)), r, "m")
    bases: list[Base] = []
    elements: list[Element] = []
    # obstacles mostly near the segment towards a goal, so that detours are common
    gx, gy = draw(st.floats(3, 57)), draw(st.floats(3, 57))
    for i in range(draw(st.integers(0, 7))):
        t = draw(st.floats(0.1, 0.9))
        x = mover.x + (gx - mover.x) * t + draw(st.floats(-4, 4))
        y = mover.y + (gy - mover.y) * t + draw(st.floats(-4, 4))
        if draw(st.booleans()):
            b = Base(x, y, draw(st.sampled_from([1.5, 2.0])), f"b{i}")
            if math.hypot(b.x - mover.x, b.y - mover.y) < b.radius + r:
                continue
            bases.append(b)
        else:
            w, h = draw(st.floats(0.5, 6)), draw(st.floats(0.5, 6))
            p = Polygon.rectangle(x - w, y - h, x + w, y + h)
            if SPolygon(p.points).distance(SPoint(mover.x, mover.y)) < r:
                continue
            elements.append(Element(f"e{i}", p))
    return mover, bases, elements, gx, gy


def _inflated(mover: Base, bases: list[Base], elements: list[Element], grow: float) -> object:
    shapes = [SPoint(b.x, b.y).buffer(b.radius + mover.radius + grow, quad_segs=32) for b in bases]
    shapes += [
        SPolygon(e.shape.points).buffer(mover.radius + grow, quad_segs=32)  # type: ignore[union-attr]
        for e in elements
    ]
    return unary_union(shapes)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(worlds())
def test_paths_are_clear_and_never_shorter_than_straight(
    world: tuple[Base, list[Base], list[Element], float, float],
) -> None:
    mover, bases, elements, gx, gy = world
    res = path_cost(mover, (gx, gy), field=F, bases=bases, elements=elements, limit=60)
    if res is None:
        return
    event(f"vertices={min(len(res.points), 3)}")
    assert res.cost >= math.hypot(gx - mover.x, gy - mover.y) - 1e-9
    assert path_is_clear(mover, res.points, field=F, bases=bases, elements=elements)
    obstacles = _inflated(mover, bases, elements, -1e-4)
    line = LineString(res.points)
    assert line.intersection(obstacles).length < 1e-6  # type: ignore[attr-defined]


def _visgraph_length(
    start: tuple[float, float],
    goal: tuple[float, float],
    obstacles: object,
    nodes: list[tuple[float, float]],
    free_box: object,
) -> float:
    if start == goal:
        return 0.0
    pts = [start, goal, *nodes]
    dist = {0: 0.0}
    heap = [(0.0, 0)]
    done: set[int] = set()
    while heap:
        d, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if i == 1:
            return d
        for j, q in enumerate(pts):
            if j in done:
                continue
            seg = LineString([pts[i], q])
            if seg.length == 0 or not free_box.covers(seg):  # type: ignore[attr-defined]
                continue
            if seg.relate_pattern(obstacles, "T********"):  # interiors meet
                continue
            nd = d + seg.length
            if nd < dist.get(j, math.inf):
                dist[j] = nd
                heapq.heappush(heap, (nd, j))
    return math.inf


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(worlds())
def test_unweighted_cost_is_between_polygonal_bounds(
    world: tuple[Base, list[Base], list[Element], float, float],
) -> None:
    """The exact optimum lies between the visibility-graph lengths around obstacles whose
    round parts are polygonised inside (lower bound) and outside (upper bound)."""
    mover, bases, elements, gx, gy = world
    bases, elements = bases[:3], elements[:2]
    assume(not end_position_problem(mover, (gx, gy), field=F, bases=bases, elements=elements))
    res = path_cost(mover, (gx, gy), field=F, bases=bases, elements=elements)
    r = mover.radius
    box = SPolygon([(r, r), (60 - r, r), (60 - r, 60 - r), (r, 60 - r)]).buffer(1e-7)
    inner = unary_union(
        [SPoint(b.x, b.y).buffer(b.radius + r - 1e-6, quad_segs=6) for b in bases]
        + [
            SPolygon(e.shape.points).buffer(r - 1e-6, quad_segs=6)  # type: ignore[union-attr]
            for e in elements
        ]
    )
    k = 1 / math.cos(math.pi / (4 * 6))  # a quad_segs=6 buffer scaled by k circumscribes
    outer_shapes = [SPoint(b.x, b.y).buffer((b.radius + r) * k + 1e-6, quad_segs=6) for b in bases]
    outer_shapes += [
        SPolygon(e.shape.points).buffer(r * k + 1e-6, quad_segs=6)  # type: ignore[union-attr]
        for e in elements
    ]
    outer = unary_union(outer_shapes)

    def corners(geom: object) -> list[tuple[float, float]]:
        polys = getattr(geom, "geoms", [geom])
        out: list[tuple[float, float]] = []
        for p in polys:
            out.extend(list(p.exterior.coords)[:-1])  # type: ignore[attr-defined]
        return out

    lower = _visgraph_length((mover.x, mover.y), (gx, gy), inner, corners(inner), box)
    upper = _visgraph_length((mover.x, mover.y), (gx, gy), outer, corners(outer), box)
    if res is None:
        assert upper == math.inf
        return
    assert lower - 1e-6 <= res.cost <= upper + 1e-6


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(worlds(), st.integers(0, 1000))
def test_sampled_destinations_are_legal(
    world: tuple[Base, list[Base], list[Element], float, float], seed: int
) -> None:
    mover, bases, elements, _gx, _gy = world
    dests = sample_destinations(mover, 10, 6, field=F, bases=bases, elements=elements, seed=seed)
    for d in dests:
        assert d.end is not None and d.legal and d.cost <= 10 + 1e-9
        end = mover.moved_to(d.end.x, d.end.y)
        assert F.contains_base(end, 1e-9)
        for b in bases:
            assert math.hypot(b.x - end.x, b.y - end.y) >= b.radius + end.radius - 1e-6
        for e in elements:
            assert (
                SPolygon(e.shape.points).distance(  # type: ignore[union-attr]
                    SPoint(end.x, end.y)
                )
                >= end.radius - 1e-6
            )
        assert path_is_clear(mover, d.path, field=F, bases=bases, elements=elements)


def test_a_path_squeezing_along_the_field_edge_is_drawn_legally_or_refused() -> None:
    """Regression (found by the property test): a gap between a base and the field edge
    exactly as wide as the mover; the drawn path must never leave the field."""
    mover = Base(5.0, 5.0, 1.5, "m")
    bases = [Base(8.0, 4.5, 1.5, "b0")]
    res = path_cost(mover, (11.0, 3.0), field=F, bases=bases, elements=[], limit=60)
    assert res is None or path_is_clear(mover, res.points, field=F, bases=bases, elements=[])


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(worlds(), st.integers(0, 1000))
def test_straight_only_destinations_and_contacts_are_reached_in_a_straight_line(
    world: tuple[Base, list[Base], list[Element], float, float], seed: int
) -> None:
    """A sparse listing's samplers (``straight``): no path search, every point reached by
    a straight segment within the allowance, among those the full sampler would accept."""
    mover, bases, elements, _gx, _gy = world
    for d in sample_destinations(mover, 10, 4, field=F, bases=bases, elements=elements,
                                 seed=seed, straight=True):
        assert d.legal and d.end is not None and len(d.path) == 2
        assert d.cost == pytest.approx(math.hypot(d.end.x - mover.x, d.end.y - mover.y))
        check = is_legal_move(mover, (d.end.x, d.end.y), 10, field=F, bases=bases,
                              elements=elements)
        assert check.legal and check.cost == pytest.approx(d.cost)
    if bases:
        target = bases[0]
        full = contact_positions(mover, target, 10, field=F, bases=bases, elements=elements,
                                 samples=24)
        straight = contact_positions(mover, target, 10, field=F, bases=bases,
                                     elements=elements, samples=24, straight=True)
        assert {p.end for p in straight} <= {p.end for p in full}
        assert all(len(p.path) == 2 for p in straight)



@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(worlds(), st.integers(0, 1000), st.floats(0.0, 60.0), st.floats(0.0, 60.0))
def test_the_memo_of_path_queries_answers_as_a_fresh_query_does(
    world: tuple[Base, list[Base], list[Element], float, float], seed: int, x: float, y: float
) -> None:
    """The memo of the pure queries (``MEMO_SIZE``): an answer remembered is the answer the
    query computes afresh, and a caller changing the list it got changes nothing kept."""
    mover, bases, elements, _gx, _gy = world
    clear_path_memo()
    kwargs = {"field": F, "bases": bases, "elements": elements}
    fresh = sample_destinations(mover, 10, 4, rng=random.Random(seed), **kwargs)  # no memo
    first = sample_destinations(mover, 10, 4, seed=seed, **kwargs)
    assert first == fresh
    first.clear()
    assert sample_destinations(mover, 10, 4, seed=seed, **kwargs) == fresh
    legal = is_legal_move(mover, (x, y), 10, **kwargs)
    assert is_legal_move(mover, (x, y), 10, **kwargs) == legal
    clear_path_memo()
    assert is_legal_move(mover, (x, y), 10, **kwargs) == legal
    if bases:
        contacts = contact_positions(mover, bases[0], 10, samples=24, **kwargs)
        contacts.clear()
        clear_path_memo()
        assert contact_positions(mover, bases[0], 10, samples=24, **kwargs) == \
            contact_positions(mover, bases[0], 10, samples=24, **kwargs)
    # another base anywhere is another question, not a remembered answer
    moved = [b.moved_to(b.x + 0.5, b.y) for b in bases]
    assert sample_destinations(mover, 10, 4, seed=seed, field=F, bases=moved,
                               elements=elements) == \
        sample_destinations(mover, 10, 4, rng=random.Random(seed), field=F, bases=moved,
                            elements=elements)


def test_the_memo_answers_a_repeated_query_without_computing_it_again() -> None:
    clear_path_memo()
    mover, bases = Base(10.0, 10.0, 1.5, "m"), [Base(20.0, 10.0, 1.5, "b")]
    calls = []
    real = destinations_module._sample

    def counting(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    destinations_module._sample = counting
    try:
        for _ in range(3):
            sample_destinations(mover, 10, 4, field=F, bases=bases, seed=7)
        assert len(calls) == 1
        sample_destinations(mover, 10, 4, field=F, bases=bases, seed=8)
        assert len(calls) == 2
    finally:
        destinations_module._sample = real
        clear_path_memo()


def test_remembered_draws_are_the_seeded_generators_own_past_those_kept() -> None:
    # destinations._Draws gives random.Random(seed).random()'s values in order: the first
    # DRAWS_KEPT remembered, then the generator's next ones.
    import random

    kept = destinations_module.DRAWS_KEPT
    for seed in (0, 7, 123_456):
        for _ in range(2):  # worked out, then remembered
            draws, rng = destinations_module._Draws(seed), random.Random(seed)
            assert [draws.random() for _ in range(kept + 50)] == [
                rng.random() for _ in range(kept + 50)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds(), st.integers(0, 9), st.integers(0, 50), st.booleans())
def test_the_first_destinations_are_the_whole_answers_first(
    world: tuple[Base, list[Base], list[Element], float, float], first: int, seed: int,
    straight: bool,
) -> None:
    # sample_destinations(first=k) stops early, yet gives exactly the first k of the answer
    # (cold and remembered alike), with or without path searches.
    mover, bases, elements, _gx, _gy = world
    paths_module.clear_path_memo()
    for _ in range(2):
        whole = sample_destinations(mover, 12, 8, field=F, bases=bases, elements=elements,
                                    seed=seed, straight=straight)
        some = sample_destinations(mover, 12, 8, field=F, bases=bases, elements=elements,
                                   seed=seed, straight=straight, first=first)
        assert [(c.end, c.cost, c.path) for c in some] == [
            (c.end, c.cost, c.path) for c in whole[:first]]
