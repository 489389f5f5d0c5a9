"""ME17, ME37, ME38: the default scenery of a scenario table and scenery in a setup."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence

import pytest

from skirmish.games.masseffect.cards.library import load_library
from skirmish.games.masseffect.rules import cm_to_pas, pas_to_cm
from skirmish.games.masseffect.table.terrain import (
    EDGE_GAP_PAS,
    ELEMENT_GAP_PAS,
    MARKER_GAP_PAS,
    ZONE_GAP_PAS,
    default_scenery,
    scenario_scenery,
    scenery_from_setup,
    scenery_to_setup,
)
from skirmish.geometry.paths import path_cost
from skirmish.geometry.shapes import Base, Polygon, shape_point_sdist, shapes_dist
from skirmish.geometry.table import Element, Field

LIB = load_library()
EPS = 1e-6

CASES: list[tuple[tuple[int, int], int, tuple[tuple[float, float], ...]]] = [
    ((36, 36), 4, ()),
    ((36, 36), 4, ((9, 18), (18, 18), (27, 18))),  # Tenir la position
    ((36, 36), 4, ((10, 18), (26, 18))),  # Extraction de données
    ((30, 30), 3, ((15, 15),)),  # Dernier carré
    ((36, 36), 4, ((5, 8), (13, 10), (31, 30))),  # markers that are not symmetric
    ((72, 72), 12, ()),
    ((72, 24), 4, ()),
    ((24, 72), 6, ((12, 36),)),
    ((12, 12), 1, ()),
    ((12, 12), 5, ()),
    ((13, 17), 2, ((6.5, 8.5),)),
]


def bbox_pas(e: Element) -> tuple[float, ...]:
    assert isinstance(e.shape, Polygon)
    return tuple(cm_to_pas(v) for v in e.shape.bbox)


def half_turn(e: Element, table: tuple[int, int]) -> frozenset[tuple[float, float]]:
    assert isinstance(e.shape, Polygon)
    w, h = pas_to_cm(table[0]), pas_to_cm(table[1])
    return frozenset((round(w - p.x, 6), round(h - p.y, 6)) for p in e.shape.points)


def corners(e: Element) -> frozenset[tuple[float, float]]:
    assert isinstance(e.shape, Polygon)
    return frozenset((round(p.x, 6), round(p.y, 6)) for p in e.shape.points)


def test_the_standard_table() -> None:
    """ME38: on the 36 x 36 pas table with 4-pas zones, 12 elements: low walls and crates
    (thin, 4-6 pas long) to stand behind and a few opaque blocks (3-4 x 3-6 pas), all
    impassable, labelled for pictures, with unique ids."""
    els = default_scenery((36, 36), 4, ())
    assert 10 <= len(els) <= 14
    assert len({e.id for e in els}) == len(els)
    by_label: dict[str, list[Element]] = {}
    for e in els:
        by_label.setdefault(e.label, []).append(e)
        assert not e.passable and not e.can_end_on
        x0, y0, x1, y1 = bbox_pas(e)
        long, thick = max(x1 - x0, y1 - y0), min(x1 - x0, y1 - y0)
        if e.label == "Bloc":
            assert e.sight == "opaque" and e.id.startswith("block-")
            assert thick >= 3 - EPS and long <= 6 + EPS
        else:
            assert e.sight == "low" and e.label in ("Muret", "Caisses")
            assert e.id.startswith("wall-" if e.label == "Muret" else "crates-")
            assert 4 - EPS <= long <= 6 + EPS and 0.5 - EPS <= thick <= 1 + EPS
    assert set(by_label) == {"Muret", "Caisses", "Bloc"}
    assert 2 <= len(by_label["Bloc"]) <= len(els) // 2
    assert default_scenery() == els  # the defaults are this table


@pytest.mark.parametrize(("table", "depth", "markers"), CASES)
def test_the_layout_keeps_its_constraints(
    table: tuple[int, int], depth: int, markers: Sequence[tuple[float, float]]
) -> None:
    """ME17, ME38: inside the table, 3 pas from its sides, outside both deployment zones,
    2 pas from every marker, 3 pas between elements (a 60 mm base passes), symmetric under a
    half-turn about the centre; and the same every time."""
    els = default_scenery(table, depth, markers)
    assert els == default_scenery(table, depth, list(markers))
    w, h = table
    for e in els:
        x0, y0, x1, y1 = bbox_pas(e)
        assert x0 >= EDGE_GAP_PAS - EPS and x1 <= w - EDGE_GAP_PAS + EPS
        assert depth + ZONE_GAP_PAS - EPS <= y0 and y1 <= h - depth - ZONE_GAP_PAS + EPS
        for mx, my in markers:
            gap = cm_to_pas(shape_point_sdist(e.shape, pas_to_cm(mx), pas_to_cm(my)))
            assert gap >= MARKER_GAP_PAS - EPS, (e.id, (mx, my))
    for a, b in itertools.combinations(els, 2):
        assert cm_to_pas(shapes_dist(a.shape, b.shape)) >= ELEMENT_GAP_PAS - EPS, (a.id, b.id)
    shapes = {corners(e): (e.label, e.sight) for e in els}
    for e in els:
        assert shapes.get(half_turn(e, table)) == (e.label, e.sight), e.id


def test_the_count_grows_with_the_area() -> None:
    """About one element per 9 x 9 pas of no-man's land."""
    small = len(default_scenery((30, 30), 3, ()))
    standard = len(default_scenery((36, 36), 4, ()))
    large = len(default_scenery((72, 72), 4, ()))
    assert small < standard < large
    assert 3.5 * standard <= large <= 5 * standard
    assert default_scenery((12, 12), 5, ()) == ()  # a 2-pas no-man's land holds nothing


def test_markers_push_the_scenery_aside() -> None:
    """A marker where an element would stand moves it (or drops it and its twin)."""
    plain = default_scenery((36, 36), 4, ())
    first = plain[0]
    x0, y0, x1, y1 = bbox_pas(first)
    moved = default_scenery((36, 36), 4, [((x0 + x1) / 2, (y0 + y1) / 2)])
    assert moved != plain and first not in moved
    assert len(moved) >= len(plain) - 2


@pytest.mark.parametrize(("table", "depth", "markers"), CASES[:5])
@pytest.mark.parametrize("diameter_mm", [30, 60])
def test_the_table_can_be_crossed(
    table: tuple[int, int], depth: int, markers: Sequence[tuple[float, float]], diameter_mm: int
) -> None:
    """ME17: a base reaches the other zone's centre and every free point of a 3-pas grid of
    the no-man's land from the centre of its own zone (paths of skirmish.geometry.paths)."""
    els = default_scenery(table, depth, markers)
    field = Field(pas_to_cm(table[0]), pas_to_cm(table[1]))
    start = Base.from_mm(field.width / 2, pas_to_cm(depth / 2), diameter_mm, "A")
    goal = (field.width / 2, field.height - pas_to_cm(depth / 2))
    assert path_cost(start, goal, field=field, elements=els) is not None
    r = start.radius
    reached = 0
    for gx in range(3, table[0], 3):
        for gy in range(depth + 1, table[1] - depth, 3):
            x, y = pas_to_cm(gx), pas_to_cm(gy)
            if min(x, y, field.width - x, field.height - y) < r:
                continue
            if any(
                shapes_dist(e.shape, Polygon.rectangle(x - r, y - r, x + r, y + r)) == 0
                for e in els
            ):
                continue  # too close to scenery to stand there
            assert path_cost(start, (x, y), field=field, elements=els) is not None, (gx, gy)
            reached += 1
    assert reached >= 20


def test_the_sample_scenarios_get_their_scenery() -> None:
    """ME37: every sample scenario's table, zones and markers give a legal layout."""
    for scenario in LIB.scenarios.values():
        els = scenario_scenery(scenario)
        depth = int(scenario.deployment.param("depth", 4))
        assert els == default_scenery(scenario.table, depth, [m.at for m in scenario.markers])
        assert len(els) >= 8


# ----------------------------------------------------------------------------- setup form


def test_the_setup_form_round_trips() -> None:
    els = default_scenery((36, 36), 4, ())
    setup = scenery_to_setup(els)
    assert setup[0] == els[0].to_dict()
    assert scenery_from_setup(json.loads(json.dumps(setup))) == els
    small = default_scenery((30, 30), 3, ())
    assert scenery_from_setup(scenery_to_setup(small), (30, 30)) == small


GOOD = {"id": "wall-1", "polygon": [[10, 10], [20, 10], [20, 12], [10, 12]], "sight": "low"}


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({**GOOD, "sight": "tall"}, "scenery[1].sight: 'tall' is not one of opaque, low, flat"),
        (
            {**GOOD, "polygon": [[80, 10], [95, 10], [95, 12]]},
            "scenery[1].polygon: the point (95, 10) cm is off the 90 x 90 cm table",
        ),
        (
            {"id": "pilier", "circle": [89, 45, 2]},
            "scenery[1].circle: the circle at (89, 45) cm, radius 2, is not all on the 90 x 90 cm",
        ),
        ({"id": "pilier", "circle": [45, 45]}, "scenery[1].circle: "),
        (
            {**GOOD, "polygon": [[1, 1], [2, 2]]},
            "scenery[1].polygon: a polygon needs at least 3 vertices",
        ),
        ({**GOOD, "circle": [45, 45, 1]}, "scenery[1]: needs exactly one shape"),
        ({"id": "x", "sight": "low"}, "scenery[1]: needs exactly one shape"),
        ({**GOOD, "id": "wall-0"}, "scenery[1].id: 'wall-0' is used twice"),
        ({**GOOD, "id": ""}, "scenery[1].id: expected a non-empty text, got ''"),
        ({**GOOD, "colour": "grey"}, "scenery[1].colour: unknown field"),
        ({**GOOD, "passable": "no"}, "scenery[1].passable: expected true or false, got 'no'"),
        ({**GOOD, "move_cost": 0.5}, "scenery[1].move_cost: expected a number >= 1"),
        ({**GOOD, "obstacle_count": 1.5}, "scenery[1].obstacle_count: expected a whole number"),
        ({**GOOD, "label": 3}, "scenery[1].label: expected a text, got 3"),
        ("wall", "scenery[1]: expected a mapping"),
    ],
)
def test_setup_errors_name_the_index_and_field(item: object, message: str) -> None:
    first = {**GOOD, "id": "wall-0"}
    with pytest.raises(ValueError) as err:
        scenery_from_setup([first, item])  # type: ignore[list-item]
    assert str(err.value).startswith(message)


def test_setup_checks_the_table_it_is_given() -> None:
    big = [{"id": "bloc", "polygon": [[70, 70], [80, 70], [80, 80], [70, 80]]}]
    assert len(scenery_from_setup(big)) == 1
    with pytest.raises(
        ValueError,
        match=r"scenery\[0\]\.polygon: the point \(80, 70\) cm is "
        r"off the 75 x 75 cm table",
    ):
        scenery_from_setup(big, (30, 30))
