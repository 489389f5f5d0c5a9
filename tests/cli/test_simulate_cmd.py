"""``skirmish simulate`` and ``skirmish matchup`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core import Record, verify

runner = CliRunner()


def test_simulate_reports_and_writes_json_and_records(tmp_path: Path) -> None:
    out, logs = tmp_path / "report.json", tmp_path / "logs"
    result = runner.invoke(app, ["simulate", "--games", "4", "--workers", "1", "--seed", "5",
                                 "--rounds", "2", "--json", str(out), "--log-dir", str(logs),
                                 "--quiet"])
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.output and "survival %" in result.output
    report = json.loads(out.read_text())
    assert report["games"] == 4 and report["agents"] == ["heuristic", "random"]
    records = sorted(logs.glob("*.jsonl"))
    assert len(records) == 4
    verify(Record.load(records[0]))


def test_simulate_with_named_troops_and_a_troop_error() -> None:
    result = runner.invoke(app, ["simulate", "--troop-a", "isc", "--troop-b", "stigma:Chaos",
                                 "--games", "2", "--rounds", "1", "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["simulate", "--troop-a", "elves", "--games", "2", "--quiet"])
    assert result.exit_code == 2 and "neither a troop file nor a faction" in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["simulate", "--agents", "heuristic", "--quiet"])
    assert result.exit_code == 2


def test_matchup_table_json_and_heat_map(tmp_path: Path) -> None:
    out, png = tmp_path / "m.json", tmp_path / "m.png"
    result = runner.invoke(app, ["matchup", "--troops", "Jokers,Bamaka,isc", "--games", "2",
                                 "--rounds", "1", "--workers", "1", "--json", str(out),
                                 "--png", str(png), "--quiet"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    rates = data["win_rate"]
    assert rates[0][0] is None and abs(rates[0][1] + rates[1][0] - 1) < 1e-9
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
