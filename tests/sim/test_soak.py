"""``skirmish soak``: a small sample of the soak runs in CI (the full one is ``make soak``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.sim.soak import (
    MatchResult,
    SoakReport,
    SoakSpec,
    library_pairings,
    parse_pairings,
    run_soak,
    soak_one,
)


def test_a_small_soak_is_clean_and_reproducible() -> None:
    spec = SoakSpec(6, parse_pairings("Jokers:Bamaka,ISC:Matriarchy"), ("random", "heuristic"),
                    seed=5, record_every=2)
    report = run_soak(spec, workers=1)
    assert report.clean, report.examples
    assert (report.matches, report.records_checked) == (6, 3)
    assert report.actions > 100
    assert soak_one(spec, 3) == soak_one(spec, 3)  # match i depends only on (seed, i)


def test_every_faction_pairing_is_soaked_in_both_seats() -> None:
    pairs = library_pairings()
    factions = {a for a, _ in pairs}
    assert len(factions) == 4 and len(pairs) == 16
    assert all((b, a) in pairs for a, b in pairs)


def test_problems_are_counted_not_fatal() -> None:
    report = SoakReport()
    report.add(MatchResult(0, 11, ("Jokers", "Bamaka"), 40))
    report.add(MatchResult(1, 12, ("Jokers", "Bamaka"), 30, ("after action 3: overlap",)))
    report.add(MatchResult(2, 13, ("ISC", "Bamaka"), 5, (), "KeyError: 'x' (a.py:1)"))
    assert not report.clean
    assert (report.matches, report.actions, report.invariant_breaks, report.errors) == (
        3, 75, 1, 1)
    assert [e["seed"] for e in report.examples] == [12, 13]


def test_the_command_writes_a_summary_and_refuses_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "deep" / "soak.json"
    out.parent.mkdir()  # issue 46: an output's folder must exist
    result = runner.invoke(app, ["soak", "--matches", "2", "--pairings", "Jokers:Bamaka",
                                 "--workers", "1", "--quiet", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["matches"] == 2 and data["invariant_breaks"] == 0
    bad = runner.invoke(app, ["soak", "--agents", "random,nobody", "--quiet"])
    assert bad.exit_code == 2 and "unknown agent" in bad.output
    bad = runner.invoke(app, ["soak", "--pairings", "Jokers", "--quiet"])
    assert bad.exit_code == 2 and "is not A:B" in bad.output


def test_a_mass_effect_soak_cycles_bands_and_scenarios_and_replays_records() -> None:
    """Issue 14: ME:A random matches with every invariant checked after every action and
    their records re-played (the 1,000-match run is ``make soak``)."""
    pairs = library_pairings(game="masseffect")
    assert len(pairs) == 16
    spec = SoakSpec(8, pairs[:2], ("random", "random"), seed=3, record_every=2,
                    game="masseffect")
    report = run_soak(spec, workers=1)
    assert report.clean, report.examples
    assert (report.matches, report.records_checked) == (8, 4)
    assert soak_one(spec, 5) == soak_one(spec, 5)


def test_the_mass_effect_soak_command_names_bands(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "me.json"
    result = runner.invoke(app, ["soak", "--game", "masseffect", "--matches", "2",
                                 "--pairings", "escouade orion:cellule", "--workers", "1",
                                 "--quiet", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["spec"]["game"] == "masseffect"
    assert data["spec"]["pairings"] == [["Escouade Orion", "Cellule Tisiphone"]]
    bad = runner.invoke(app, ["soak", "--game", "chess", "--quiet"])
    assert bad.exit_code == 2 and "--game" in bad.output
