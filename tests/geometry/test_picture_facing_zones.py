"""A picture's facing ticks and deployment zones: drawn, in its JSON, checked when read, and
the renderer's own zones drawn instead of the picture's."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from skirmish.geometry.annotations import BaseNote, Picture
from skirmish.geometry.shapes import Base
from skirmish.geometry.svg import render
from skirmish.geometry.table import Field, Table
from skirmish.geometry.zones import confrontation_zone, zone_from_dict, zone_to_dict

NS = "{http://www.w3.org/2000/svg}"


def picture(facing: float | None = 45.0, greyed: bool = False) -> Picture:
    table = Table(Field(60, 40), bases=(Base(20, 10, 1.5, "x", "A"),))
    return Picture(table, (BaseNote("x", ("x",), facing=facing, greyed=greyed),),
                   zones=(confrontation_zone(table.field, "south", 12.0),))


def tick(svg: str) -> ET.Element | None:
    return next((e for e in ET.fromstring(svg).iter(NS + "line")
                 if e.get("class") == "facing"), None)


def test_the_tick_points_along_the_facing_north_up() -> None:
    svg = render(picture(45.0))
    line = tick(svg)
    assert line is not None
    dx = float(line.get("x2", 0)) - float(line.get("x1", 0))
    dy = float(line.get("y2", 0)) - float(line.get("y1", 0))
    assert dx > 0 and dy < 0 and math.isclose(dx, -dy, rel_tol=1e-3)  # north-east
    assert math.hypot(dx, dy) == pytest.approx(15 + 6, abs=0.05)  # past the base's edge
    assert "tick: the way it faces" in svg
    assert tick(render(picture(None))) is None and tick(render(picture(90, True))) is None
    plain = tick(render(picture(90.0), frame=False))  # the plain picture: y grows downwards
    assert plain is not None and float(plain.get("y2", 0)) > float(plain.get("y1", 0))


def test_zones_are_the_pictures_unless_the_renderer_gets_others() -> None:
    ids = {e.get("id") for e in ET.fromstring(render(picture())).iter() if e.get("id")}
    assert "zone-0" in ids and "zone-1" not in ids
    other = confrontation_zone(Field(60, 40), "north", 5.0)
    svg = render(picture(), zones=[other, other])
    ids = {e.get("id") for e in ET.fromstring(svg).iter() if e.get("id")}
    assert "zone-1" in ids
    bare = render(picture(), zones=[])
    assert 'id="zone-0"' not in bare


def test_json_round_trip_and_checks() -> None:
    pic = picture(123.5)
    data = pic.to_dict()
    assert data["notes"][0]["facing"] == 123.5
    assert data["zones"] == [{"half": "south", "kind": "band", "distance": 12.0,
                              "centre_mode": "field"}]
    assert Picture.from_dict(data) == pic
    assert "facing" not in picture(None).to_dict()["notes"][0]
    for bad in ("east", True, float("nan"), 1e9):
        with pytest.raises(ValueError, match="facing must be degrees"):
            BaseNote.from_dict({"id": "x", "facing": bad})
    field = Field(60, 40)
    zone = confrontation_zone(field, "north", 7.0)
    assert zone_from_dict(zone_to_dict(zone), field) == zone
    with pytest.raises(ValueError, match="zone half: one of south, north, west, east"):
        zone_from_dict({"half": "up"}, field)
    with pytest.raises(ValueError, match="zone distance"):
        zone_from_dict({"distance": -1}, field)
