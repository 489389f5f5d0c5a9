"""``write_picture``: SVG, PNG (a valid PNG whose text is drawn) and JSON (a table file that
``skirmish render`` draws again); ``skirmish demo --svg-dir``."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.cli.pictures import png_of, write_picture
from skirmish.geometry.annotations import Picture
from skirmish.geometry.shapes import Base
from skirmish.geometry.table import Field, Table
from tests.games.eden.test_picture import wounded_table

runner = CliRunner()


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height in a PNG's IHDR chunk (after checking the signature)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def svg_size(svg: str) -> tuple[int, int]:
    root = ET.fromstring(svg)
    return round(float(root.get("width", 0))), round(float(root.get("height", 0)))


def test_svg_png_and_json_by_suffix(tmp_path: Path) -> None:
    game = wounded_table()
    svg = write_picture(game, tmp_path / "t.svg").read_text(encoding="utf-8")
    assert 'id="base-A.Yuri"' in svg and "NORTH" in svg
    (tmp_path / "sub").mkdir()  # issue 46: an output's folder must exist
    png = (write_picture(game, tmp_path / "sub" / "t.png")).read_bytes()
    assert png_size(png) == svg_size(svg)
    data = json.loads(write_picture(game, tmp_path / "t.json").read_text(encoding="utf-8"))
    assert {"field", "elements", "bases", "markers", "notes", "ghosts", "sides"} <= set(data)
    assert Picture.from_dict(data).note_of["A.Yuri"].lines[0] == "Yuri"
    with pytest.raises(ValueError, match=r"\.svg, \.png or \.json"):
        write_picture(game, tmp_path / "t.txt")
    table = Table(Field(30, 20), bases=(Base(5, 5, 1.5, "x", "A"),))
    assert 'class="framed"' in write_picture(table, tmp_path / "plain.svg").read_text()


def test_the_json_is_a_table_file_that_render_draws_again(tmp_path: Path) -> None:
    picture = write_picture(wounded_table(), tmp_path / "t.json")
    out = tmp_path / "again.svg"
    result = runner.invoke(app, ["render", str(picture), "--out", str(out),
                                 "--los", "A.Yuri:A.Vlädd"])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert "\u22123 CP: A2* T1" in svg and 'class="base greyed"' in svg and 'id="los"' in svg
    plain = tmp_path / "plain.svg"
    result = runner.invoke(app, ["render", str(picture), "--out", str(plain), "--plain"])
    assert result.exit_code == 0 and "label-box" not in plain.read_text(encoding="utf-8")
    png = tmp_path / "again.png"
    assert runner.invoke(app, ["render", str(picture), "--out", str(png)]).exit_code == 0
    png_size(png.read_bytes())
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"field": {"width": 60, "height": 60}, "notes": [3]}))
    result = runner.invoke(app, ["render", str(broken), "--out", str(out)])
    assert result.exit_code == 2 and "not a picture" in result.output


def test_resvg_draws_the_text() -> None:
    if not shutil.which("fc-list") or not subprocess.run(
            ["fc-list"], capture_output=True, text=True).stdout.strip():
        pytest.skip("no system fonts: resvg would draw no text")
    page = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">{}</svg>')
    text = ('<text x="5" y="25" font-size="16" '
            'font-family="DejaVu Sans, Verdana, Arial, Helvetica, sans-serif">Yuri</text>')
    assert png_of(page.format(text)) != png_of(page.format(""))


def test_demo_draws_each_round(tmp_path: Path) -> None:
    folder = tmp_path / "pics"
    result = runner.invoke(app, ["demo", "--seed", "1", "--rounds", "2", "--svg-dir",
                                 str(folder)])
    assert result.exit_code == 0, result.output
    names = {p.name for p in folder.iterdir()}
    assert {"final.svg", "round-1.svg"} <= names
    first = (folder / "round-1.svg").read_text(encoding="utf-8")
    assert "Round 1 of 2, as it begins" in first
    assert "final table" in (folder / "final.svg").read_text(encoding="utf-8")


def test_the_pictures_module_loads_no_engine() -> None:
    code = ("import sys, json; import skirmish.cli.pictures; "
            "print(json.dumps(sorted(sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True).stdout)
    assert not [m for m in loaded if m.startswith(("skirmish.games.eden", "skirmish.geometry",
                                                   "skirmish.core.game", "resvg_py"))]
