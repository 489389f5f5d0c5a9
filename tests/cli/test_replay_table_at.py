"""``skirmish replay FILE --table-at ROUND[.ACTIVATION] --out table.svg|png|json``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.record import Record
from skirmish.geometry.annotations import Picture
from tests.cli.test_pictures import png_size, svg_size
from tests.games.eden.test_picture import activations, played

runner = CliRunner()


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.jsonl"
    Record.of(played()).save(path)
    return path


def replay(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["replay", *args])
    return result.exit_code, result.output


def test_the_table_as_a_round_begins(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    code, output = replay(str(record), "--table-at", "2", "--out", str(out))
    assert code == 0, output
    assert f"table at 2 drawn in {out}" in output
    svg = out.read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    title = next(t for t in root.iter("{http://www.w3.org/2000/svg}text")
                 if t.get("id") == "title")
    assert title.text is not None and "Round 2 of 3, as it begins" in title.text


def test_after_an_activation_as_png(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.png"
    code, output = replay(str(record), "--table-at", "1.2", "--out", str(out))
    assert code == 0, output
    width, height = png_size(out.read_bytes())
    svg = tmp_path / "t.svg"
    assert replay(str(record), "--table-at", "1.2", "--out", str(svg))[0] == 0
    assert (width, height) == svg_size(svg.read_text(encoding="utf-8"))


def test_json_round_trip_through_render(record: Path, tmp_path: Path) -> None:
    table = tmp_path / "t.json"
    code, output = replay(str(record), "--table-at", "1.1", "--out", str(table))
    assert code == 0, output
    picture = Picture.from_dict(json.loads(table.read_text(encoding="utf-8")))
    assert "after activation 1" in picture.title
    again = tmp_path / "again.svg"
    result = runner.invoke(app, ["render", str(table), "--out", str(again)])
    assert result.exit_code == 0, result.output
    svg = again.read_text(encoding="utf-8")
    assert "after activation 1" in svg and "label-box" in svg
    assert all(f'id="base-{b.id}"' in svg for b in picture.table.bases)


def test_the_final_table_without_table_at(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "final.svg"
    code, output = replay(str(record), "--out", str(out))
    assert code == 0, output
    assert "final table" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("moment", "message"), [
    ("9", "round 9 never begins"),
    ("1.99", "round 1 has"),
    ("abc", "expected ROUND or ROUND.ACTIVATION"),
    ("0", "expected ROUND or ROUND.ACTIVATION"),
])
def test_moments_out_of_range_are_one_line_and_exit_2(record: Path, tmp_path: Path,
                                                       moment: str, message: str) -> None:
    out = tmp_path / "t.svg"
    code, output = replay(str(record), "--table-at", moment, "--out", str(out))
    assert code == 2
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], output
    assert not out.exists()


def test_a_bad_picture_suffix_is_refused_before_the_replay(record: Path,
                                                           tmp_path: Path) -> None:
    code, output = replay(str(record), "--table-at", "1", "--out", str(tmp_path / "t.gif"))
    assert code == 2 and ".svg, .png or .json" in output and "re-played" not in output


def test_activations_counted_as_the_log_shows_them_begin(record: Path,
                                                         tmp_path: Path) -> None:
    last = activations(played(), 1)
    out = tmp_path / "last.json"
    assert replay(str(record), "--table-at", f"1.{last}", "--out", str(out))[0] == 0
    code, output = replay(str(record), "--table-at", f"1.{last + 1}", "--out", str(out))
    assert code == 2 and f"1.1 to 1.{last}" in output
