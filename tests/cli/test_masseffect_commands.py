"""Issue 14: what the Eden side has works with ``--game masseffect``: ``replay --table-at
TURN --out``, ``demo --svg-dir``, ``cards list|show|print``, ``troop validate|new``, and
``render`` of the table file a replay writes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from skirmish.bots import make_agent
from skirmish.cli.main import app
from skirmish.core.agents import play
from skirmish.core.record import Record
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.geometry.annotations import Picture
from tests.cli.test_pictures import png_size, svg_size

runner = CliRunner()
NS = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def title_of(svg: str) -> str:
    root = ET.fromstring(svg)
    return next(t.text or "" for t in root.iter(NS + "text") if t.get("id") == "title")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = MASS_EFFECT.new_game(match_setup(load_library(), ["kappa", "lames"], "Dernier"),
                                seed=4)
    play(game, [make_agent("random", 4), make_agent("random", 5)])
    path = tmp_path_factory.mktemp("records") / "me.jsonl"
    Record.of(game).save(path)
    return path


# -- replay --table-at TURN -------------------------------------------------------------------
def test_the_table_as_a_turn_begins(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    code, output = run("replay", str(record), "--table-at", "2", "--out", str(out))
    assert code == 0, output
    assert f"table at 2 drawn in {out}" in output
    svg = out.read_text(encoding="utf-8")
    assert title_of(svg).startswith("Mass Effect: Annihilation \u00b7 Dernier carr\u00e9 "
                                     "\u00b7 Turn 2 of 5, as it begins")
    assert "Grappe Kappa-9" in svg and "Primat" in svg
    png = tmp_path / "t.png"
    assert run("replay", str(record), "--table-at", "2", "--out", str(png))[0] == 0
    assert png_size(png.read_bytes()) == svg_size(svg)


def test_the_final_table_and_its_json_drawn_again_by_render(record: Path,
                                                           tmp_path: Path) -> None:
    table = tmp_path / "t.json"
    code, output = run("replay", str(record), "--out", str(table))
    assert code == 0, output
    picture = Picture.from_dict(json.loads(table.read_text(encoding="utf-8")))
    assert "final table" in picture.title
    assert all(n.facing is not None for n in picture.notes if n.id in
               {b.id for b in picture.table.bases})
    again = tmp_path / "again.svg"
    code, output = run("render", str(table), "--out", str(again))
    assert code == 0, output
    svg = again.read_text(encoding="utf-8")
    assert 'class="facing"' in svg and "Primat" in svg and "objective 1" in svg


@pytest.mark.parametrize(("moment", "message"), [
    ("2.1", "a Mass Effect: Annihilation record's moments are turns (e.g. 2), got '2.1'"),
    ("9", "turn 9 never begins (the game holds turns 1 to"),
])
def test_moments_it_does_not_have_are_one_line_exit_2(record: Path, tmp_path: Path,
                                                       moment: str, message: str) -> None:
    code, output = run("replay", str(record), "--table-at", moment, "--out",
                       str(tmp_path / "t.svg"))
    assert code == 2 and message in output and "Traceback" not in output
    assert not (tmp_path / "t.svg").exists()


# -- demo --svg-dir ---------------------------------------------------------------------------
def test_demo_draws_each_turn_and_the_final_table(tmp_path: Path) -> None:
    folder, final = tmp_path / "pics", tmp_path / "final.svg"
    code, output = run("demo", "--game", "masseffect", "--seed", "4", "--agents",
                       "random,random", "--scenario", "dernier", "--bands", "kappa,lames",
                       "--brief", "--svg-dir", str(folder), "--svg", str(final))
    assert code == 0, output
    names = sorted(p.name for p in folder.iterdir())
    assert "final.svg" in names and "turn-1.svg" in names
    turns = sorted(int(n[5:-4]) for n in names if n.startswith("turn-"))
    assert turns == list(range(1, len(turns) + 1))
    first = (folder / "turn-1.svg").read_text(encoding="utf-8")
    assert "Turn 1 of 5, as it begins" in title_of(first)
    assert "final table" in title_of(final.read_text(encoding="utf-8"))
    assert "turn-N.svg as each turn begins" in output


# -- cards ------------------------------------------------------------------------------------
def test_cards_list_and_show() -> None:
    code, output = run("cards", "--game", "masseffect")
    assert code == 0, output
    assert "profiles:" in output and "bands:" in output
    assert "Primat geth - Geth, 10 pts [sample]" in output
    code, listed = run("cards", "list", "--game", "masseffect", "--kind", "bands")
    assert code == 0 and "Escouade Orion - Alliance, 29 pts [sample]" in listed
    assert "Primat geth" not in listed
    code, rows = run("cards", "--game", "masseffect", "--json", "--faction", "geth")
    assert code == 0
    assert {r["kind"] for r in json.loads(rows)} == {"profiles", "bands"}
    code, shown = run("cards", "--game", "masseffect", "show", "primat")
    assert code == 0, shown
    for line in ("Primat geth (10 points) :", "Traits : Armure (2), Bouclier (4+, 2), "
                 "Consensus (autre), Tacticien (+1)", "Socle : 40 mm",
                 "  Canon d'assaut (Tir) : Port\u00e9e (18), D\u00e9g\u00e2ts (D2), Tirs (2), "
                 "Lourd, Points (3)", "  Consensus (autre) : a friend, 6 pas, auto"):
        assert line in shown.splitlines(), line
    code, card = run("cards", "show", "singularit", "--game", "masseffect", "--json")
    assert code == 0
    assert json.loads(card)["section"] == "powers" and json.loads(card)["kind"] == "biotic"
    code, output = run("cards", "--game", "masseffect", "show", "nobody")
    assert code == 2 and "no card 'nobody'" in output
    code, output = run("cards", "--game", "chess")
    assert code == 2 and "--game: eden or masseffect, got 'chess'" in output


def test_cards_print_a_band_html_and_pdf(tmp_path: Path) -> None:
    html, pdf = tmp_path / "orion.html", tmp_path / "orion.pdf"
    code, output = run("cards", "print", "--game", "masseffect", "--band", "orion", "--out",
                       str(html), "--pdf", str(pdf))
    assert code == 0, output
    assert "6 profile cards written to" in output
    page = html.read_text(encoding="utf-8")
    assert page.count('class="pair"') == 6 and page.count("box vitality") == 3 + 5 * 2
    assert pdf.read_bytes().startswith(b"%PDF")
    band = tmp_path / "band.yaml"
    band.write_text("name: Essai\nfigures: [Primat geth, {profile: Fantassin geth, "
                    "equipment: [Fusil \u00e0 pompe]}]\n", encoding="utf-8")
    code, output = run("cards", "print", "--game", "masseffect", "--band", str(band), "--out",
                       str(html))
    assert code == 0, output
    page = html.read_text(encoding="utf-8")
    assert "Fusil \u00e0 pompe (Tir)" in page and "Fusil \u00e0 impulsions" not in page
    band.write_text("figures: [Nobody]\n", encoding="utf-8")
    code, output = run("cards", "print", "--game", "masseffect", "--band", str(band))
    assert code == 2 and "no profile 'Nobody'" in output
    code, output = run("cards", "print", "--game", "masseffect")
    assert code == 2 and "give --band" in output


# -- troop ------------------------------------------------------------------------------------
def test_troop_new_then_validate(tmp_path: Path) -> None:
    out = tmp_path / "essaim.yaml"
    code, output = run("troop", "new", "--game", "masseffect", "--figures",
                       "primat, fantassin geth, fantassin geth", "--name", "Essaim", "--out",
                       str(out))
    assert code == 0, output
    assert "band Essaim (Geth) - Primat geth, Fantassin geth, Fantassin geth: 16/30" in output
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["figures"] == [
        "Primat geth", "Fantassin geth", "Fantassin geth"]
    code, output = run("troop", "validate", "--game", "masseffect", str(out))
    assert code == 0 and "a legal band" in output and "16/30 points" in output
    code, output = run("troop", "new", "--game", "masseffect", "--figures",
                       "primat, primat, primat, primat", "--out", str(tmp_path / "x.yaml"))
    assert code == 2 and "ME39 (budget): 40 points for a budget of 30" in output
    assert not (tmp_path / "x.yaml").exists()


def test_troop_validate_names_every_broken_rule_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\nbudget: 10\nfigures: [Primat geth, Soldat de Cerberus, "
                   "Nobody]\n", encoding="utf-8")
    code, output = run("troop", "validate", "--game", "masseffect", str(bad))
    assert code == 1
    lines = output.splitlines()
    assert lines[0] == f"{bad}: not a legal band (3 problems):"
    assert lines[1:] == ["  ME39 (figures): no profile 'Nobody'",
                         "  ME39 (faction): a band is of one faction (Geth); Soldat de "
                         "Cerberus is not",
                         "  ME39 (budget): 13 points for a budget of 10 (Primat geth 10, "
                         "Soldat de Cerberus 3, Nobody 0)"]
    bad.write_text("figures: [Primat\n", encoding="utf-8")
    code, output = run("troop", "validate", "--game", "masseffect", str(bad))
    assert code == 2 and "broken band file" in output
    code, output = run("troop", "validate", "--game", "masseffect", str(tmp_path / "no.yaml"))
    assert code == 2 and "cannot read the band file" in output
