from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import typer
from typer.testing import CliRunner

from skirmish.cli.render_cmd import render as render_cmd
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.svg import render
from skirmish.geometry.table import Element, Field, Marker, Table
from skirmish.geometry.templates import explosion_outline
from skirmish.geometry.zones import ambush_zone

NS = "{http://www.w3.org/2000/svg}"


def table() -> Table:
    return Table(
        Field(60, 60),
        (
            Element("ruin", Polygon.rectangle(25, 25, 35, 28)),
            Element("pond", Circle(45, 45, 4), sight="flat", passable=True, can_end_on=True),
            Element("hedge", Polygon.rectangle(5, 40, 15, 41), sight="low", label="Hedge <1>"),
        ),
        (
            Base.from_mm(30, 10, 30, "Yuri", "A"),
            Base.from_mm(30, 50, 40, "Vladd", "B"),
            Base.from_mm(10, 10, 30, "Elenia", "A"),
        ),
        (Marker("obj", 50, 10, 1.0),),
    )


def ids(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {el.get("id", "") for el in root.iter()} - {""}


def test_svg_parses_and_names_everything() -> None:
    svg = render(
        table(),
        los=(table().base("Yuri"), table().base("Vladd")),
        path=[(30, 10), (40, 20)],
        template=explosion_outline((20, 20)),
        zones=[ambush_zone(Field(60, 60), "south")],
    )
    found = ids(svg)
    assert {
        "field",
        "element-ruin",
        "element-pond",
        "element-hedge",
        "base-Yuri",
        "base-Vladd",
        "base-Elenia",
        "marker-obj",
        "los",
        "path",
        "template",
        "zone-0",
    } <= found
    assert "Yuri" in svg and "Hedge &lt;1&gt;" in svg
    los = next(e for e in ET.fromstring(svg).iter() if e.get("id") == "los")
    assert "blocked" in (los.get("class") or "")  # the ruin is in between


def test_repr_svg() -> None:
    assert ET.fromstring(table()._repr_svg_()).tag == NS + "svg"


def test_render_command(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command("render")(render_cmd)
    app.command("noop")(lambda: None)
    src = tmp_path / "t.json"
    src.write_text(json.dumps(table().to_dict()), encoding="utf-8")
    out = tmp_path / "t.svg"
    res = CliRunner().invoke(
        app,
        [
            "render",
            str(src),
            "--out",
            str(out),
            "--los",
            "Yuri:Vladd",
            "--path",
            "Elenia:20,30",
            "--allowance",
            "25",
            "--blast",
            "Yuri:Vladd",
            "--zones",
            "confrontation",
        ],
    )
    assert res.exit_code == 0, res.output
    # issue 48: a plain line, not the engine's fields (was "move legal=True reason=- ...")
    assert "Elenia to 20,30 with 25 cm of movement: a legal move; the path costs" in res.output
    assert "legal=" not in res.output
    assert {"los", "path", "template", "zone-0", "zone-1"} <= ids(out.read_text())
    bad = CliRunner().invoke(app, ["render", str(src), "--los", "Yuri:Nobody"])
    assert bad.exit_code != 0
