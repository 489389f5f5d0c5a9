"""Issue 14: the commands that play games take ``--game masseffect``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.record import verify_file

runner = CliRunner()


def test_demo_narrates_a_whole_game_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "me.jsonl"
    result = runner.invoke(app, ["demo", "--game", "masseffect", "--seed", "4", "--agents",
                                 "random,random", "--scenario", "dernier", "--bands",
                                 "kappa,lames", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "Grappe Kappa-9 against Compagnie des Lames grises" in result.output
    assert "Turn 1: initiative to player" in result.output
    assert "Phase de tir" in result.output and "Result:" in result.output
    game = verify_file(record)
    assert game.ruleset.name == "masseffect" and game.is_over


def test_demo_refuses_an_unknown_band_in_one_line() -> None:
    result = runner.invoke(app, ["demo", "--game", "masseffect", "--bands", "Orion,Nobody",
                                 "--seed", "1"])
    assert result.exit_code == 2
    assert "Nobody" in result.output and "Traceback" not in result.output


def test_simulate_reports_by_band(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    result = runner.invoke(app, ["simulate", "--game", "masseffect", "--troop-a", "kappa",
                                 "--troop-b", "orion", "--agents", "random,random",
                                 "--games", "4", "--workers", "1", "--quiet", "--json",
                                 str(out)])
    assert result.exit_code == 0, result.output
    assert "Grappe Kappa-9 (random) vs Escouade Orion (random)" in result.output
    data = json.loads(out.read_text())
    assert data["games"] == 4


def test_matchup_plays_every_pair_of_bands(tmp_path: Path) -> None:
    out = tmp_path / "matchup.json"
    result = runner.invoke(app, ["matchup", "--game", "masseffect", "--troops",
                                 "orion,kappa,lames", "--agents", "random", "--games", "2",
                                 "--workers", "1", "--quiet", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert len(data["win_rate"]) == 3 and data["win_rate"][0][0] is None
