"""Label placement with a spatial index places the same boxes as the scan of all boxes it
replaced (issue 43, "render linear"): :func:`reference_place` below is that scan, kept
word for word as it stood before the index (labels.py at 65a7eb3), and :func:`place` must
give the very same floats on seeded random tables (crowded clusters, coincident bases,
points, markers, labels pushed off the field) and the very same SVG bytes for whole
pictures."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import svg_frame
from skirmish.geometry.annotations import BaseNote, Picture, Pip
from skirmish.geometry.labels import (
    ANGLES,
    GAPS,
    Anchor,
    Box,
    Grid,
    candidates,
    hits_disc,
    inside,
    overlap,
    place,
    text_width,
)
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.svg import render
from skirmish.geometry.table import Element, Field, Marker, Table


# -- the algorithm before the index (a quadratic scan), as it stood -----------------------------
def reference_candidates(anchor: Anchor) -> Iterator[tuple[float, Box]]:
    """(gap, box) positions around the anchor, nearest first: the box's nearest corner (or
    the middle of its nearest side) on a ray from the centre, ``gap`` px beyond the disc."""
    w, h = anchor.width, anchor.height
    if anchor.centred:
        yield 0.0, (anchor.x - w / 2, anchor.y - h / 2, w, h)
    for gap in GAPS:
        d = anchor.r + gap
        for angle in ANGLES:
            ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            px, py = anchor.x + d * ux, anchor.y + d * uy
            x0 = px - w / 2 if abs(ux) < 0.3 else (px if ux > 0 else px - w)
            y0 = py - h / 2 if abs(uy) < 0.3 else (py if uy > 0 else py - h)
            yield gap, (x0, y0, w, h)


def reference_place(anchors: Sequence[Anchor], bounds: Box,
                    discs: Sequence[tuple[float, float, float]] = ()) -> list[Box]:
    """A box for each anchor, in order (greedy): inside ``bounds`` and overlapping no box
    placed before it. Among those, the nearest that covers none of ``discs`` (x, y, r) and
    of the other anchors' discs; failing that, the one covering fewest discs. When every
    candidate overlaps a label, the one overlapping least is kept."""
    placed: list[Box] = []
    avoid = [*discs, *((a.x, a.y, a.r) for a in anchors if a.r > 0)]
    for anchor in anchors:
        own = (anchor.x, anchor.y, anchor.r)
        def covered(box: Box, own: tuple[float, float, float] = own) -> int:
            return sum(1 for d in avoid if d != own and hits_disc(box, *d))

        # The first candidate (nearest first) that is clear and covers nothing wins at once;
        # the others are kept only for the fall-backs.
        options: list[tuple[float, Box]] = []
        clear: list[tuple[float, Box]] = []
        chosen: Box | None = None
        for gap, box in reference_candidates(anchor):
            if not inside(box, bounds):
                continue
            options.append((gap, box))
            if not any(overlap(box, p) for p in placed):
                clear.append((gap, box))
                if not covered(box):
                    chosen = box
                    break
        if chosen is None and clear:
            chosen = min(clear, key=lambda o: covered(o[1]))[1]
        elif chosen is None:
            pool = options or [next(reference_candidates(anchor))]
            chosen = min(pool, key=lambda o: sum(overlap(o[1], p) for p in placed))[1]
        placed.append(chosen)
    return placed


# -- random inputs ------------------------------------------------------------------------------
def random_anchors(rng: random.Random, count: int, width: float,
                   height: float) -> list[Anchor]:
    """``count`` labels on a ``width`` x ``height`` px field: half in a few tight clusters,
    some on the very spot of an earlier one, some points (scenery names, centred), some
    near or past the edges, names of 1 to 14 characters with one to three lines."""
    clusters = [(rng.uniform(0, width), rng.uniform(0, height))
                for _ in range(rng.randint(1, 4))]
    anchors: list[Anchor] = []
    for _ in range(count):
        roll = rng.random()
        if anchors and roll < 0.08:
            a = rng.choice(anchors)
            x, y = a.x, a.y
        elif roll < 0.55:
            cx, cy = rng.choice(clusters)
            x, y = cx + rng.gauss(0, 25), cy + rng.gauss(0, 25)
        else:
            x, y = rng.uniform(-20, width + 20), rng.uniform(-20, height + 20)
        r = rng.choice((0.0, 12.5, 12.5, 15.0, 20.0, 25.0))
        name = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm il.") for _ in
                       range(rng.randint(1, 14)))
        lines = rng.randint(1, 3)
        w = text_width(name, 11, bold=True) + 6
        h = 13.0 + 12.0 * (lines - 1) + rng.choice((0.0, 15.0)) + 5
        anchors.append(Anchor(x, y, r, w, h, centred=r == 0 and rng.random() < 0.7))
    return anchors


def random_discs(rng: random.Random, count: int, width: float,
                 height: float) -> list[tuple[float, float, float]]:
    return [(rng.uniform(0, width), rng.uniform(0, height), rng.choice((4.0, 10.0, 30.0)))
            for _ in range(count)]


@pytest.mark.parametrize("seed", range(10))
def test_place_gives_the_references_boxes_on_random_crowded_tables(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(30, 200)
    side = rng.choice((300.0, 600.0, 1200.0, 2000.0))  # labels everywhere to roomy
    width, height = side, side * rng.choice((0.5, 1.0))
    anchors = random_anchors(rng, count, width, height)
    discs = random_discs(rng, rng.randint(0, 6), width, height)
    bounds = (0.0, 0.0, width, height)
    assert place(anchors, bounds, discs) == reference_place(anchors, bounds, discs)


coordinate = st.floats(-50, 250, allow_nan=False)
anchor_strategy = st.builds(
    Anchor, coordinate, coordinate, st.sampled_from((0.0, 5.0, 12.5, 40.0)),
    st.floats(1, 120), st.floats(1, 60), st.booleans())


@settings(max_examples=150, deadline=None)
@given(st.lists(anchor_strategy, max_size=25),
       st.lists(st.tuples(coordinate, coordinate, st.floats(0.1, 80)), max_size=4),
       st.sampled_from(((0.0, 0.0, 200.0, 200.0), (0.0, 0.0, 60.0, 40.0),
                        (-100.0, 50.0, 400.0, 100.0))),
       st.sampled_from((0.0, 0.0, 12345.678, -3e7)))
def test_place_gives_the_references_boxes_whatever_the_anchors(
        anchors: list[Anchor], discs: list[tuple[float, float, float]], bounds: Box,
        shift: float) -> None:
    """Small fields (no candidate inside: the nearest is kept), labels bigger than a cell
    of the index, coincident anchors and discs, all far from the origin (where a float's
    steps are coarse): the same boxes all the same."""
    anchors = [Anchor(a.x + shift, a.y - shift, a.r, a.width, a.height, a.centred)
               for a in anchors]
    doubled = anchors + anchors[: len(anchors) // 3]
    discs = [(x + shift, y - shift, r) for x, y, r in discs]
    bounds = (bounds[0] + shift, bounds[1] - shift, bounds[2], bounds[3])
    assert place(doubled, bounds, discs) == reference_place(doubled, bounds, discs)


def test_the_candidates_are_the_references() -> None:
    for anchor in (Anchor(10.5, -3.25, 12.5, 40, 18), Anchor(0, 0, 0, 33.3, 20, centred=True)):
        assert list(candidates(anchor)) == list(reference_candidates(anchor))


# -- the index ----------------------------------------------------------------------------------
box_strategy = st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3), st.floats(0, 3e3),
                         st.floats(0, 300))


@settings(max_examples=200, deadline=None)
@given(st.lists(box_strategy, max_size=30), box_strategy)
def test_the_grid_answers_every_box_that_overlaps(boxes: list[Box], asked: Box) -> None:
    grid = Grid()
    for x, y, w, h in boxes:
        grid.add(x, y, x + w, y + h)
    near = set(grid.near(asked[0], asked[1], asked[0] + asked[2], asked[1] + asked[3]))
    assert {k for k, b in enumerate(boxes) if overlap(asked, b)} <= near
    assert len(near) == len(list(grid.near(asked[0], asked[1], asked[0] + asked[2],
                                           asked[1] + asked[3])))  # each once


def test_the_grid_answers_everything_for_boxes_it_cannot_file() -> None:
    grid = Grid()
    assert grid.add(0, 0, 10, 10) == 0
    assert grid.add(-math.inf, 0, 10, 10) == 1  # not finite: in every answer
    assert grid.add(0, 0, 1e9, 10) == 2  # too many cells: in every answer
    assert set(grid.near(500, 500, 510, 510)) == {1, 2}
    assert set(grid.near(5, 5, 6, 6)) == {0, 1, 2}
    assert set(grid.near(math.nan, 0, 1, 1)) == {0, 1, 2}  # asked about the unfileable
    assert set(grid.near(10, 10, 0, 0)) == {0, 1, 2}  # corners either way round


# -- whole pictures: the same SVG bytes ---------------------------------------------------------
def random_picture(seed: int) -> Picture:
    """A picture of 30-200 bases of two sides, some in tight clusters, with notes (lines,
    pips), greyed bases, ghosts, markers and scenery."""
    rng = random.Random(seed)
    side = rng.choice((60.0, 90.0, 120.0))
    clusters = [(rng.uniform(5, side - 5), rng.uniform(5, side - 5)) for _ in range(3)]
    bases: list[Base] = []
    for i in range(rng.randint(30, 200)):
        if rng.random() < 0.5:
            cx, cy = rng.choice(clusters)
            x, y = cx + rng.gauss(0, 3), cy + rng.gauss(0, 3)
        else:
            x, y = rng.uniform(0, side), rng.uniform(0, side)
        bases.append(Base.from_mm(min(max(x, 1), side - 1), min(max(y, 1), side - 1),
                                  rng.choice((25, 30, 40)), f"{'AB'[i % 2]}{i}", "AB"[i % 2]))
    notes = tuple(
        BaseNote(b.id, (f"Fighter {b.id}",) + (("-3 CP",) if rng.random() < 0.3 else ()),
                 (Pip("B2", "#e65100"),) if rng.random() < 0.3 else (),
                 damage=rng.choice((0.0, 0.5)), greyed=rng.random() < 0.1)
        for b in bases if rng.random() < 0.5)
    ghosts = tuple(Base.from_mm(rng.uniform(2, side - 2), rng.uniform(2, side - 2), 30,
                                f"G{i}", "B") for i in range(rng.randint(0, 5)))
    elements = (Element("ruin", Polygon.rectangle(10, 10, 20, 14), label="A long ruined wall"),
                Element("pond", Circle(side / 2, side / 2, 3), sight="flat", label="Pond"))
    markers = tuple(Marker(f"m{i}", rng.uniform(1, side - 1), rng.uniform(1, side - 1), 1.0,
                           "objective") for i in range(rng.randint(0, 4)))
    return Picture(Table(Field(side, side), elements, tuple(bases), markers), notes, ghosts,
                   sides=(("A", "Player A"), ("B", "Player B")), title=f"seed {seed}")


@pytest.mark.parametrize("seed", range(4))
def test_the_svg_of_a_random_picture_is_the_references(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    pic = random_picture(seed)
    svg = render(pic)
    monkeypatch.setattr(svg_frame, "place", reference_place)
    assert render(pic) == svg


def test_the_svg_of_the_test_pictures_is_the_references(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.geometry.test_svg_picture import crowded, picture

    pictures = [picture(), crowded()]
    svgs = [render(p) for p in pictures]
    monkeypatch.setattr(svg_frame, "place", reference_place)
    assert [render(p) for p in pictures] == svgs
