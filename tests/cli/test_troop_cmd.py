"""``skirmish troop``: validate a troop file, build one from names or interactively."""

from __future__ import annotations

from pathlib import Path

import typer
import yaml
from typer.testing import CliRunner

from skirmish.cli.cards_cmd import cards_app
from skirmish.cli.troop_cmd import troop_app

app = typer.Typer()
app.add_typer(cards_app, name="cards")
app.add_typer(troop_app, name="troop")
runner = CliRunner()


def test_new_from_names_then_validate(tmp_path: Path) -> None:
    out = tmp_path / "jokers.yaml"
    result = runner.invoke(app, ["troop", "new", "--faction", "jokers", "--fighters",
                                 "Yuri,Vladd,Anton,Ievgeni,Mirka", "--leader", "yuri",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "95/100 points, SP reserve 17" in result.output
    data = yaml.safe_load(out.read_text())
    assert data["fighters"] == ["Yuri", "Vladd", "Anton", "Ievgeni", "Mirka"]
    assert data["leader"] == "Yuri" and data["type"] == "faction"
    result = runner.invoke(app, ["troop", "validate", str(out)])
    assert result.exit_code == 0 and "a legal faction troop" in result.output


def test_broken_troops_exit_2_naming_the_rule(tmp_path: Path) -> None:
    result = runner.invoke(app, ["troop", "new", "--stigma", "chaos", "--fighters",
                                 "Vladd,Tarar", "--out", str(tmp_path / "x.yaml")])
    assert result.exit_code == 2
    assert ("Rulebook 3, Stigma troop: every fighter must share one stigma symbol: Vladd is "
            "Chaos, Tarar is Order") in result.output
    assert not (tmp_path / "x.yaml").exists()
    bad = tmp_path / "bad.yaml"
    bad.write_text("type: faction\nfighters: [Sabaka, Ngwane, Tarar]\n")
    result = runner.invoke(app, ["troop", "validate", str(bad)])
    assert result.exit_code == 2 and "Rulebook 3, Budget: 110 points > 100" in result.output
    bad.write_text("fighters: [Yuri\n")
    result = runner.invoke(app, ["troop", "validate", str(bad)])
    assert result.exit_code == 2 and "broken troop file" in result.output
    result = runner.invoke(app, ["troop", "validate", str(tmp_path / "none.yaml")])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_new_interactively(tmp_path: Path) -> None:
    out = tmp_path / "isc.json"
    result = runner.invoke(app, ["troop", "new", "--out", str(out)],
                           input="isc\nColonel Vance, Agent Sorensen, Mark\nMark\n")
    assert result.exit_code == 0, result.output
    assert "Colonel Vance (40 pts" in result.output
    assert '"leader": "Mark"' in out.read_text()
