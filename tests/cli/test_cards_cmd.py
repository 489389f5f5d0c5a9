"""``skirmish cards``: listing, showing in the rulebook's notation, printing, and content
errors (exit code 2, a precise message, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli.cards_cmd import cards_app
from skirmish.cli.troop_cmd import troop_app

app = typer.Typer()
app.add_typer(cards_app, name="cards")
app.add_typer(troop_app, name="troop")
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_list_by_faction_marks_sample_cards() -> None:
    result = run("cards", "--faction", "clan bamaka")
    assert result.exit_code == 0
    assert "ORIGINAL SAMPLE CONTENT" in result.output
    assert "Sabaka - Bamaka, Order, 50 pts [sample]" in result.output
    assert "Yuri" not in result.output
    assert "Retreat to contaminated areas [sample]" in result.output


def test_list_as_json() -> None:
    result = run("cards", "--json", "--kind", "scenery")
    rows = json.loads(result.output)
    assert len(rows) == 17 and all(r["sample"] for r in rows)  # the rulebook's 13, 4 ORIGINAL


def test_show_in_the_rulebooks_notation() -> None:
    result = run("cards", "show", "yuri")
    assert result.exit_code == 0
    assert "Fighter: Yuri - Jokers, stigma Chaos, Human, value 25" in result.output
    assert "head   oo**     PSI 4/3  faces 1" in result.output
    assert "Molotov (Projectile): Burn(1), Range(15), 1/match" in result.output
    result = run("cards", "show", "Contaminated Area")
    assert "Tactical card: Contaminated Area - Tactical, First round [sample]" in result.output
    assert "Cancellation (2)" in run("cards", "show", "fire bomb").output
    assert "Field medic (Action: 1 AP, 1/round)" in run("cards", "show", "Field medic").output


def test_unknown_card_or_faction_exit_2() -> None:
    result = run("cards", "show", "Nobody")
    assert result.exit_code == 2 and "no card 'Nobody'" in result.output
    result = run("cards", "--faction", "Elves")
    assert result.exit_code == 2 and "no faction 'Elves'" in result.output


@pytest.mark.parametrize(("text", "message"), [
    ("abilities:\n- {name: Odd, effects: [{effect: teleport}]}\n",
     "ability 'Odd': field 'effects[0]': unknown effect 'teleport'"),
    ("missions:\n- {name: Odd, secret: 3}\n",
     "mission 'Odd': field 'secret': expected a valid boolean, got 3"),
    ("tactical: [\n", "broken YAML: line"),
    ("missions:\n- {name: Odd}\n- {name: Odd}\n", "duplicate name: 'Odd'"),
])
def test_malformed_content_exit_2_without_traceback(tmp_path: Path, text: str,
                                                    message: str) -> None:
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    result = run("cards", "--content", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "bad.yaml" in result.output and message in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


def test_own_cards_are_shown_unmarked(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        "tactical:\n- {name: Lucky break, text: 'You gain 1 SP.', "
        "effects: [{effect: instant, sp: 1}]}\n", encoding="utf-8")
    result = run("cards", "--content", str(tmp_path), "show", "lucky break")
    assert result.exit_code == 0
    assert "Tactical card: Lucky break - Tactical" in result.output
    assert "[sample]" not in result.output


def test_print_profile_cards(tmp_path: Path) -> None:
    troop = tmp_path / "troop.yaml"
    troop.write_text("type: faction\nfighters: [Yuri, Vladd]\n", encoding="utf-8")
    out = tmp_path / "cards.html"
    result = run("cards", "print", "--troop", str(troop), "--out", str(out))
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert html.count('class="card front"') == 2 and html.count('class="card back"') == 2
    assert html.count('box white') == 2 + 2 + 3 + 2 + 1 + 3 + 3 + 2
    assert "Pyromaniac (Permanent)" in html and "SAMPLE CARD" in html
    assert html.count('<tr class="limb limb-') == 8
    assert html.count('box red') == 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1
    pdf = tmp_path / "cards.pdf"
    result = run("cards", "print", "--troop", str(troop), "--out", str(out), "--pdf", str(pdf))
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF") and out.read_text(encoding="utf-8") == html
    troop.write_text("fighters: [Bob]\n", encoding="utf-8")
    result = run("cards", "print", "--troop", str(troop), "--out", str(out))
    assert result.exit_code == 2 and "no fighter 'Bob'" in result.output
