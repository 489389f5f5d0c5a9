"""The blast template pivoted about its contact point (geometry G8): coverage against a shapely
polygon oracle, the set of allowed placements, and the deterministic sampler."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon as SPolygon
from shapely.ops import unary_union

from skirmish.geometry.shapes import Base
from skirmish.geometry.templates import (
    DEFAULT_BLAST,
    BlastTemplate,
    blast_angles,
    blast_axes,
    blast_contacts,
    blast_covers,
    blast_discs,
    blast_outline,
    blast_pivot_allowed,
    blast_pivot_limit,
    blast_placement_ok,
    blast_placements,
)

#: How far (cm) a case must be from a coverage boundary for the polygon oracle to decide it
#: (the oracle's discs are polygons with 4 x 256 sides: off by at most 4 cm x 2e-5).
MARGIN = 2e-3


def oracle_template(attacker: Base, angle: float, axis: float | None,
                    template: BlastTemplate = DEFAULT_BLAST) -> SPolygon:
    """The template as a shapely polygon: the convex hull of its two discs."""
    discs = blast_discs(attacker, angle, template, axis=axis)
    hull = unary_union([SPoint(x, y).buffer(r, quad_segs=256) for x, y, r in discs]).convex_hull
    assert isinstance(hull, SPolygon)
    return hull


def oracle_gap(polygon: SPolygon, base: Base) -> float:
    """How far the base's edge is from the polygon (negative: it overlaps by that much, as
    measured from its centre; -radius when the centre is inside)."""
    return float(polygon.distance(SPoint(base.x, base.y))) - base.radius


# -- the pivot: narrow end in contact, no overlap --------------------------------------------
def test_pivot_limit_is_where_the_straight_side_meets_the_base() -> None:
    # Defaults: discs of radius 1 and 4, 15 cm apart: sin(beta) = 3/15.
    assert blast_pivot_limit() == pytest.approx(math.pi / 2 - math.asin(0.2))
    assert math.degrees(blast_pivot_limit()) == pytest.approx(78.463, abs=1e-3)
    assert blast_pivot_limit(BlastTemplate(20, 2, 2)) == pytest.approx(math.pi / 2)  # capsule
    assert blast_pivot_limit(BlastTemplate(8, 2, 8)) == 0.0  # the wide disc swallows the narrow
    att = Base(10, 10, 1.5, "a")
    limit = blast_pivot_limit()
    for angle in (0.0, 1.0, -2.5):
        for turn in (0.0, 0.3, -0.9, limit - 1e-4, -(limit - 1e-4)):
            hull = oracle_template(att, angle, angle + turn)
            # the narrow end touches the base (at the point in direction angle) without overlap
            assert hull.distance(SPoint(att.x, att.y)) == pytest.approx(att.radius, abs=1e-3)
            contact = SPoint(att.x + att.radius * math.cos(angle),
                             att.y + att.radius * math.sin(angle))
            assert hull.distance(contact) < 1e-3
            assert blast_pivot_allowed(angle, angle + turn)
        for turn in (limit + math.radians(5), -(limit + math.radians(5)), math.pi):
            # beyond the limit the straight side (or the whole template) cuts into the base
            hull = oracle_template(att, angle, angle + turn)
            assert hull.distance(SPoint(att.x, att.y)) < att.radius - 5e-3
            assert not blast_pivot_allowed(angle, angle + turn)
    assert blast_pivot_allowed(0.0, None) and blast_pivot_allowed(0.0, 2 * math.pi + limit)
    assert not blast_pivot_allowed(0.0, limit + 1e-6)


def test_radial_is_the_axis_along_the_contact_angle() -> None:
    att = Base(10, 10, 1.5, "a")
    bases = [Base(10 + 3 * k, 10 + 2 * j, 1.5, f"b{k}{j}") for k in range(-6, 8)
             for j in range(-6, 8) if (k, j) != (0, 0)]
    for angle in (0.0, 0.7, -2.0, 3.0):
        assert blast_discs(att, angle, axis=angle) == blast_discs(att, angle)
        assert blast_covers(att, angle, bases, axis=angle) == blast_covers(att, angle, bases)
        discs = blast_discs(att, angle, axis=angle + 2 * math.pi)
        for got, want in zip(discs, blast_discs(att, angle), strict=True):
            assert got == pytest.approx(want, abs=1e-12)
        assert blast_outline(att, angle, axis=angle) == blast_outline(att, angle)
    # a pivot keeps the narrow disc (so the contact point) and turns the wide one about it
    narrow, wide = blast_discs(att, 0.0, axis=0.5)
    assert narrow == blast_discs(att, 0.0)[0]
    assert math.hypot(wide[0] - narrow[0], wide[1] - narrow[1]) == pytest.approx(15.0)
    assert math.atan2(wide[1] - narrow[1], wide[0] - narrow[0]) == pytest.approx(0.5)


# -- coverage against the oracle ---------------------------------------------------------------
def check_against_oracle(att: Base, angle: float, axis: float | None, bases: list[Base],
                         template: BlastTemplate = DEFAULT_BLAST) -> int:
    """blast_covers agrees with the polygon oracle on every base not within MARGIN of the
    boundary; returns how many bases were decided."""
    hull = oracle_template(att, angle, axis, template)
    covered = {b.id for b in blast_covers(att, angle, bases, template, axis=axis)}
    decided = 0
    for b in bases:
        gap = oracle_gap(hull, b)
        if abs(gap) < MARGIN:
            continue
        decided += 1
        assert (b.id in covered) == (gap < 0), (b, angle, axis, gap)
    return decided


def test_pivoted_coverage_matches_a_shapely_polygon_oracle() -> None:
    rng = random.Random(8)
    att = Base(30, 30, 1.5, "a")
    limit = blast_pivot_limit()
    decided = 0
    for _ in range(150):
        angle = rng.uniform(-math.pi, math.pi)
        axis = angle + rng.uniform(-limit, limit)
        bases = [Base(rng.uniform(5, 55), rng.uniform(5, 55), rng.choice((1.5, 2.0, 2.5)),
                      f"b{k}") for k in range(12)]
        decided += check_against_oracle(att, angle, axis, bases)
    assert decided > 1700
    # a base straddling the straight side of a pivoted template: covered, and just beyond it
    # (the oracle's side is exact: no arc there) not covered
    narrow, wide = blast_discs(att, 0.0, axis=0.6)
    side = oracle_template(att, 0.0, 0.6)
    mid = ((narrow[0] + wide[0]) / 2, (narrow[1] + wide[1]) / 2)
    normal = (-math.sin(0.6), math.cos(0.6))
    half = (narrow[2] + wide[2]) / 2  # the side is this far (square to it) from the middle
    slope = (wide[2] - narrow[2]) / math.hypot(wide[0] - narrow[0], wide[1] - narrow[1])
    cos_side = math.sqrt(1 - slope * slope)  # the side's angle with the axis
    for extra, inside in ((1.5 - 1e-3, True), (1.5 + 1e-3, False)):
        t = (half + extra) / cos_side
        b = Base(mid[0] + normal[0] * t, mid[1] + normal[1] * t, 1.5, "s")
        assert (blast_covers(att, 0.0, [b], axis=0.6) == [b]) is inside
        assert (oracle_gap(side, b) < 0) is inside


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    radius=st.sampled_from((1.25, 1.5, 2.0, 2.5)),
    angle=st.floats(-math.pi, math.pi),
    turn=st.floats(-1.0, 1.0),
    bx=st.floats(-25.0, 25.0),
    by=st.floats(-25.0, 25.0),
    br=st.sampled_from((1.25, 1.5, 2.0, 2.5)),
    length=st.floats(12.0, 25.0),
    narrow=st.floats(1.0, 3.0),
    wide=st.floats(3.0, 10.0),
)
def test_property_coverage_and_legality_agree_with_the_oracle(
    radius: float, angle: float, turn: float, bx: float, by: float, br: float,
    length: float, narrow: float, wide: float,
) -> None:
    template = BlastTemplate(length, narrow, wide)
    att = Base(0.0, 0.0, radius, "a")
    limit = blast_pivot_limit(template)
    axis = angle + turn * limit
    target = Base(bx, by, br, "t")
    if math.hypot(bx, by) < radius + br:
        return  # bases never overlap
    check_against_oracle(att, angle, axis, [target], template)
    hull = oracle_template(att, angle, axis, template)
    assert hull.distance(SPoint(0.0, 0.0)) >= radius - 1e-3  # never over the attacker's base
    ok = blast_placement_ok(att, angle, [target], template, axis=axis)
    assert ok == bool(blast_covers(att, angle, [target], template, axis=axis))
    # the allowed axes at this contact angle that cover the target are blast_axes' intervals
    intervals = blast_axes(att, angle, target, template)
    inside = any(lo - 1e-9 <= axis <= hi + 1e-9 for lo, hi in intervals)
    gap = oracle_gap(hull, target)
    if abs(gap) > MARGIN:
        assert inside == (gap < 0)
    for lo, hi in intervals:
        assert angle - limit - 1e-9 <= lo <= hi <= angle + limit + 1e-9


@settings(derandomize=True, max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    gap=st.floats(0.0, 24.0),
    direction=st.floats(-math.pi, math.pi),
    br=st.sampled_from((1.25, 1.5, 2.0, 2.5)),
)
def test_property_the_contacts_are_one_interval_around_the_target(
    gap: float, direction: float, br: float
) -> None:
    """The set is in one piece: the contact angles that work are one interval, and it holds
    the direction of the target (so every legal placement can be reached by moving the
    template from the one pointing at the target, docs/rulings.md G8)."""
    att = Base(0.0, 0.0, 1.5, "a")
    distance = att.radius + br + gap
    target = Base(distance * math.cos(direction), distance * math.sin(direction), br, "t")
    contacts = blast_contacts(att, target)
    if not contacts:
        assert blast_angles(att, target) is None
        return
    (lo, hi), = contacts
    assert -math.pi <= lo < hi
    assert lo <= direction <= hi or lo <= direction + 2 * math.pi <= hi
    for k in range(1, 10):  # and some axis works all along it
        assert blast_axes(att, lo + (hi - lo) * k / 10, target)


# -- the set of allowed placements ---------------------------------------------------------------
ATT = Base(10, 10, 1.5, "a")
NEAR = Base(14.5, 10, 1.5, "n")  # 1.5 cm from the attacker's edge
FAR = Base(14, 20, 1.5, "e")  # no radial placement covering NEAR reaches it


def test_axes_and_contacts_bound_the_set_that_covers_the_target() -> None:
    limit = blast_pivot_limit()
    contacts = blast_contacts(ATT, NEAR)
    assert len(contacts) == 1
    c_lo, c_hi = contacts[0]
    assert c_lo < 0.0 < c_hi  # straight at the target is inside
    for angle in [c_lo + (c_hi - c_lo) * k / 20 for k in range(1, 20)]:
        axes = blast_axes(ATT, angle, NEAR)
        assert axes, angle
        for lo, hi in axes:
            for axis in (lo + 1e-7, (lo + hi) / 2, hi - 1e-7):
                assert blast_placement_ok(ATT, angle, [NEAR], axis=axis)
            for axis, edge in ((lo - 1e-6, lo), (hi + 1e-6, hi)):
                if abs(edge - angle) < limit - 1e-9:  # an end set by the target, not the pivot
                    assert not blast_covers(ATT, angle, [NEAR], axis=axis)
    for angle in (c_lo - 1e-5, c_hi + 1e-5):  # beyond the contact interval no axis covers
        assert blast_axes(ATT, angle, NEAR) == []
        assert not any(blast_placement_ok(ATT, angle, [NEAR], axis=angle + limit * k / 50)
                       for k in range(-50, 51))
    # the radial interval is the cut of the set along axis = angle
    lo, hi = blast_angles(ATT, NEAR) or (0.0, 0.0)
    assert c_lo < lo and hi < c_hi
    assert blast_placement_ok(ATT, hi - 1e-6, [NEAR], axis=hi - 1e-6)
    assert not blast_placement_ok(ATT, hi + 1e-4, [NEAR], axis=hi + 1e-4)
    # out of reach
    assert blast_contacts(ATT, Base(40, 10, 1.5)) == []


def test_a_pivot_reaches_what_no_radial_placement_does() -> None:
    lo, hi = blast_angles(ATT, NEAR) or (0.0, 0.0)
    assert not any(blast_covers(ATT, lo + (hi - lo) * k / 4000, [FAR]) for k in range(4001))
    angle, axis = math.radians(20.0), math.radians(64.8)
    assert blast_placement_ok(ATT, angle, [NEAR], axis=axis)
    assert {b.id for b in blast_covers(ATT, angle, [NEAR, FAR], axis=axis)} == {"n", "e"}
    assert check_against_oracle(ATT, angle, axis, [NEAR, FAR]) == 2
    # turning further than the pivot limit is not allowed, whatever it covers
    assert not blast_placement_ok(ATT, angle, [NEAR, FAR], axis=math.radians(100.0))
    # touching higher up and turned toward FAR, the template loses NEAR
    angle, axis = math.radians(60.0), math.radians(80.0)
    assert blast_pivot_allowed(angle, axis)
    assert blast_covers(ATT, angle, [NEAR, FAR], axis=axis) == [FAR]
    assert not blast_placement_ok(ATT, angle, [NEAR], axis=axis)
    assert check_against_oracle(ATT, angle, axis, [NEAR, FAR]) == 2


def test_every_allowed_axis_covers_a_target_hugging_the_narrow_end() -> None:
    # The target's edge is within the narrow disc's reach whichever way the template turns.
    att = Base(0, 0, 1.5, "a")
    target = Base(4.9, 0, 1.5, "t")  # 2.4 cm from the narrow disc's centre (< 1 + 1.5)
    limit = blast_pivot_limit()
    assert blast_axes(att, 0.0, target) == [(-limit, limit)]
    assert all(blast_covers(att, 0.0, [target], axis=limit * k / 10) for k in range(-10, 11))


# -- the sampler ---------------------------------------------------------------------------------
def test_sampler_is_deterministic_legal_and_spans_the_set() -> None:
    bases = [ATT, NEAR, FAR, Base(24, 6, 1.5, "x"), Base(8, 16, 2.0, "f")]
    first = blast_placements(ATT, NEAR, bases)
    assert first == blast_placements(ATT, NEAR, list(bases))
    assert 40 <= len(first) <= 9 * 7
    for option in first:
        assert option.axis is not None
        assert blast_placement_ok(ATT, option.angle, [NEAR], axis=option.axis)
        assert "n" in option.covered and "a" not in option.covered
        assert set(option.covered) == {b.id for b in blast_covers(ATT, option.angle, bases,
                                                                  axis=option.axis)}
    (c_lo, c_hi), = blast_contacts(ATT, NEAR)
    angles = sorted({o.angle for o in first})
    assert len(angles) == 9
    assert angles[0] - c_lo < (c_hi - c_lo) / 9 and c_hi - angles[-1] < (c_hi - c_lo) / 9
    turns = [o.axis - o.angle for o in first if o.axis is not None]
    assert min(turns) < -0.5 and max(turns) > 0.5  # pivoted both ways
    assert any(set(o.covered) == {"n", "e"} for o in first)
    assert blast_placements(ATT, Base(40, 10, 1.5), bases) == []
    assert len(blast_placements(ATT, NEAR, bases, contacts=3, axes=2)) <= 6
