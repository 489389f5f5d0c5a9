"""The framed picture: north up, scale bar, legend, scenery names, notes on bases, greyed
bases, and labels that never overlap; the plain picture (the web table's) unchanged."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from skirmish.geometry.annotations import BaseNote, Picture, Pip
from skirmish.geometry.labels import Anchor, overlap, place, text_width
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.svg import render
from skirmish.geometry.table import Element, Field, Marker, Table
from skirmish.geometry.templates import explosion_outline
from skirmish.geometry.zones import confrontation_zone

NS = "{http://www.w3.org/2000/svg}"


def table() -> Table:
    return Table(
        Field(60, 60),
        (Element("ruin", Polygon.rectangle(25, 25, 35, 28), label="Ruin"),
         Element("pond", Circle(45, 45, 4), sight="flat", passable=True, move_cost=2.0,
                 label="Pond"),
         Element("hedge", Polygon.rectangle(5, 40, 15, 41), sight="low", label="Hedge")),
        (Base.from_mm(30, 10, 30, "Yuri", "A"), Base.from_mm(30, 50, 40, "Vladd", "B")),
        (Marker("objective-1", 50, 10, 1.0, "objective"),),
    )


def picture(t: Table | None = None) -> Picture:
    t = t or table()
    return Picture(
        t,
        notes=(BaseNote("Yuri", ("Yuri", "-3 CP"), (Pip("B2", "#e65100", "2 burn", "B burn"),),
                        damage=0.25),
               BaseNote("Elenia", ("Elenia", "out of action"), greyed=True)),
        ghosts=(Base.from_mm(12, 20, 30, "Elenia", "A"),),
        aside=("A · Elenia: out of action",),
        sides=(("A", "Player A"), ("B", "Player B")),
        title="A test table",
        legend=("-3 CP: checked dots",),
    )


def by_id(svg: str) -> dict[str, ET.Element]:
    return {el.get("id", ""): el for el in ET.fromstring(svg).iter() if el.get("id")}


def boxes(svg: str) -> list[tuple[float, float, float, float]]:
    return [(float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)),
             float(r.get("height", 0)))
            for r in ET.fromstring(svg).iter(NS + "rect") if r.get("class") == "label-box"]


def test_the_plain_picture_is_the_web_tables() -> None:
    svg = render(table())
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 600.00 600.00"  # y down, the field only
    circle = by_id(svg)["base-Yuri"].find(NS + "circle")
    assert circle is not None and circle.get("cy") == "100.00"  # y = 10 cm, near the top
    # the web table recolours each side's bases with this pattern (web/frames.py)
    assert re.search(r'data-owner="A"><title>[^<]*</title><circle [^>]*?style="fill:#', svg)
    assert "label-box" not in svg and "legend" not in svg


def test_the_framed_picture_has_north_up_a_scale_bar_and_a_legend() -> None:
    svg = render(picture())
    ids = by_id(svg)
    circle = ids["base-Yuri"].find(NS + "circle")
    assert circle is not None and circle.get("cy") == "500.00"  # y = 10 cm: near the bottom
    field = ids["field"]
    assert (field.get("x"), field.get("y"), field.get("width")) == ("0", "0", "600.00")
    assert {"legend", "compass", "scale-bar", "title", "aside", "page"} <= set(ids)
    texts = [t.text for t in ET.fromstring(svg).iter(NS + "text")]
    assert "NORTH" in texts and "10 cm" in texts and "N" in texts
    assert any(t and t.startswith("SOUTH") for t in texts)
    bar = [r for r in ids["scale-bar"].iter(NS + "rect")]
    assert sum(float(r.get("width", 0)) for r in bar) == pytest.approx(100.0)  # 10 cm
    for expected in ("Player A", "Player B", "B burn", "Ruin", "Pond", "Hedge", "objective",
                     "opaque scenery: blocks sight", "low scenery: an obstacle",
                     "flat scenery: sight passes", "-3 CP: checked dots", "Off the field",
                     "A · Elenia: out of action", "A test table", "damage taken"):
        assert expected in texts or any(expected in (t or "") for t in texts), expected


def test_notes_pips_damage_and_greyed_bases() -> None:
    svg = render(picture())
    ids = by_id(svg)
    elenia = ids["base-Elenia"]
    assert "greyed" in (elenia.get("class") or "")  # drawn, not vanished
    circle = elenia.find(NS + "circle")
    assert circle is not None and circle.get("cy") == "400.00"  # where it last stood
    assert 'class="damage"' in svg and 'class="pip"' in svg and ">B2<" in svg
    assert 'class="label greyed" data-for="Elenia"' in svg
    labels = {g.get("data-for") for g in ET.fromstring(svg).iter(NS + "g")
              if "label" in (g.get("class") or "").split()}
    assert {"Yuri", "Vladd", "Elenia", "objective-1", "ruin", "pond", "hedge"} <= labels


def test_overlays_are_drawn_north_up_too() -> None:
    t = table()
    svg = render(picture(t), los=(t.base("Yuri"), t.base("Vladd")), path=[(30, 10), (40, 20)],
                 template=explosion_outline((20, 20)),
                 zones=[confrontation_zone(t.field, "south")])
    ids = by_id(svg)
    assert {"los", "path", "template", "zone-0"} <= set(ids)
    # the south zone (y <= 10 cm) lies at the bottom of the framed picture
    assert "600.00" in (ids["zone-0"].get("d") or "")
    assert "deployment zone" in svg and "line of sight" in svg and "template" in svg


def crowded() -> Picture:
    bases = [Base.from_mm(20 + (i % 5) * 3.2, 20 + (i // 5) * 3.2, 30, f"F{i}", "AB"[i % 2])
             for i in range(20)]
    notes = tuple(BaseNote(b.id, (f"Fighter {i}", "-12 CP: H3* A4 T5"),
                           (Pip("B3", "#e65100"), Pip("P", "#2e7d32")), damage=0.5)
                  for i, b in enumerate(bases))
    ghosts = tuple(Base.from_mm(21 + i * 3.1, 19, 30, f"G{i}", "B") for i in range(4))
    t = Table(Field(60, 60),
              (Element("ruin", Polygon.rectangle(22, 22, 30, 26), label="A long ruined wall"),
               Element("pond", Circle(28, 28, 3), sight="flat", label="Pond")),
              tuple(bases), tuple(Marker(f"m{i}", 24 + 4 * i, 36, 1.0, "objective")
                                  for i in range(3)))
    return Picture(t, notes, ghosts)


def test_labels_never_overlap_on_a_crowded_table() -> None:
    svg = render(crowded())
    found = boxes(svg)
    assert len(found) == 20 + 4 + 3 + 2  # bases, greyed bases, markers, scenery
    for a, b in itertools.combinations(found, 2):
        assert overlap(a, b) == 0, (a, b)
    for x, y, w, h in found:  # all on the field
        assert x >= -1e-6 and y >= -1e-6 and x + w <= 600 + 1e-6 and y + h <= 600 + 1e-6


def test_place_is_greedy_nearest_first_and_avoids_other_discs() -> None:
    anchors = [Anchor(100, 100, 15, 60, 20), Anchor(100, 100, 15, 60, 20),
               Anchor(140, 100, 15, 40, 20)]
    placed = place(anchors, (0, 0, 400, 400))
    assert placed[0] == (70.0, 118.0, 60, 20)  # first choice: just below its disc
    assert all(overlap(a, b) == 0 for a, b in itertools.combinations(placed, 2))
    third = placed[2]
    nx = min(max(100, third[0]), third[0] + third[2])
    ny = min(max(100, third[1]), third[1] + third[3])
    assert (nx - 100) ** 2 + (ny - 100) ** 2 >= 15 ** 2  # it covers no other disc


def test_text_width_grows_with_the_text() -> None:
    assert text_width("Abama", 11, bold=True) > text_width("Abama", 11) > 0
    assert text_width("WWWW", 10) > text_width("iiii", 10)


def test_a_picture_round_trips_through_json_and_stays_a_table_file() -> None:
    pic = picture()
    data = pic.to_dict()
    assert Picture.from_dict(data) == pic
    assert Table.from_dict(data) == pic.table  # a table reader ignores the picture's keys
    assert Picture.from_dict(table().to_dict()) == Picture(table())
    with pytest.raises(ValueError, match="damage"):
        BaseNote.from_dict({"id": "x", "damage": 3})
    with pytest.raises(ValueError, match="colour"):  # never anything but a colour in a style
        Pip.from_dict({"text": "B", "colour": 'red" onload="alert(1)'})


def test_a_table_draws_itself_framed_in_notebooks() -> None:
    svg = table()._repr_svg_()
    assert ET.fromstring(svg).tag == NS + "svg" and 'class="framed"' in svg
