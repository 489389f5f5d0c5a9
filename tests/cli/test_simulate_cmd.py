"""``skirmish simulate`` and ``skirmish matchup`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


# -- reports that answer the question asked ---------------------------------------------------
def test_two_troops_are_played_by_the_heuristic_twice_and_reported_by_troop(
        tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = runner.invoke(app, ["simulate", "--troop-a", "Jokers", "--troop-b", "Bamaka",
                                 "--games", "2", "--rounds", "1", "--workers", "1", "--quiet",
                                 "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Jokers (heuristic)" in result.output and "Bamaka (heuristic)" in result.output
    assert "by agent" not in result.output  # the same bot on both sides: nothing to compare
    report = json.loads(out.read_text())
    assert report["agents"] == ["heuristic", "heuristic"]
    by_troop = report["by_troop"]
    assert by_troop["troops"] == ["Jokers", "Bamaka"]
    assert by_troop["labels"] == ["Jokers (heuristic)", "Bamaka (heuristic)"]
    assert sum(by_troop["wins"]) + report["draws"] == 2
    assert set(by_troop["fighters"].values()) == {"Jokers", "Bamaka"}
    assert "burn" not in report["kills_per_game"]


def test_different_agents_are_reported_by_troop_and_by_agent() -> None:
    result = runner.invoke(app, ["simulate", "--troop-a", "Jokers", "--agents",
                                 "heuristic,random", "--games", "2", "--rounds", "1",
                                 "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "by agent" in result.output and "Jokers" in result.output


def test_troop_names(tmp_path: Path) -> None:
    from skirmish.cli.simulate_cmd import troop_names
    from skirmish.games.eden.content import setup_for

    assert troop_names(setup_for("isc", "stigma:Chaos"), ("isc", "stigma:Chaos")) == (
        "I.S.C.", "Chaos")
    assert troop_names(setup_for("Jokers", "Jokers")) == ("Jokers (A)", "Jokers (B)")
    named, unnamed = tmp_path / "mine.yaml", tmp_path / "raiders.yaml"
    named.write_text("name: Night Shift\ntype: faction\nfighters: [Yuri, Vladd]\n")
    unnamed.write_text("type: faction\nfighters: [Anton, Kostia]\n")
    setup = setup_for(str(named), str(unnamed))
    assert troop_names(setup, (str(named), str(unnamed))) == ("Night Shift", "raiders")


def test_burn_kills_count_for_no_fighter(capsys: pytest.CaptureFixture[str]) -> None:
    from skirmish.cli.simulate_cmd import _print_report
    from skirmish.sim.runner import GameSummary
    from skirmish.sim.stats import BatchReport

    refs = ("A.Yuri", "B.Tarar")
    games = [GameSummary(0, 1, (0, 1), 0, (3, 0), 2, 10, ("A.Yuri",), (("A.Yuri", 1),), refs),
             GameSummary(1, 2, (1, 0), None, (1, 1), 2, 10, (), (), refs,
                         other_kills=(("burn", 2),))]
    report = BatchReport.of(("heuristic", "heuristic"), games, ("Jokers", "Bamaka"))
    assert report.kills == {"A.Yuri": 0.5, "B.Tarar": 0.0}
    assert report.other_kills == {"burn": 1.0}
    assert report.troop_wins == (1, 0) and report.troop_mean_vp == (2.0, 0.5)
    assert report.to_json()["other_kills_per_game"] == {"burn": 1.0}
    _print_report(report, 1.0)
    shown = capsys.readouterr().out
    assert "kills by burn (no fighter): 1.00 per game" in shown
    assert "│ burn " not in shown  # not a row of the fighters table


def test_the_runner_credits_kills_to_fighters_only() -> None:
    from skirmish.games.eden.content import setup_for
    from skirmish.sim.runner import BatchSpec, run_batch

    spec = BatchSpec(setup_for("Jokers", "Bamaka", max_rounds=1), ("heuristic", "heuristic"),
                     games=2, seed=0)
    for summary in run_batch(spec, workers=1):
        assert {ref for ref, _ in summary.kills} <= set(summary.fighters)
        assert {cause for cause, _ in summary.other_kills} <= {"burn"}


def test_the_heat_map_cells_show_games_and_intervals() -> None:
    from skirmish.cli.simulate_cmd import heat_map_figure
    from skirmish.sim.stats import wilson_interval

    fig = heat_map_figure(["Jokers", "Bamaka"], {(0, 1): 0.75, (1, 0): 0.25}, 40)
    texts = [t.get_text() for t in fig.axes[0].texts]
    lo, hi = wilson_interval(30, 40)
    assert "75%" in texts and "25%" in texts
    assert f"40 games\n95%: {100 * lo:.0f}-{100 * hi:.0f}" in texts
    assert len(texts) == 4  # two cells off the diagonal, two lines each
