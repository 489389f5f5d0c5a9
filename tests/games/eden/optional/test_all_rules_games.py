"""The three optional rules together (issue 15's acceptance, at CI scale; ``make soak`` plays
1,000 matches of each rule alone and 300 with all three): ``simulate`` names them, ``demo``
narrates steps 6 and 6 bis and the NPFs' activations, and a soak sample is clean with every
record re-played."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.sim.soak import SoakSpec, describe, run_soak

runner = CliRunner()
ALL = "territory,infestation:3,climate:roll"


def test_simulate_with_all_three_rules_names_them() -> None:
    result = runner.invoke(app, ["simulate", "--rules", ALL, "--games", "2", "--workers", "1",
                                 "--quiet", "--seed", "1"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert ("optional rules: Territory Management; Infestation (level 3); climatic "
            "conditions rolled (2D6) as each match starts") in text


def test_demo_narrates_the_scenery_points_and_the_npfs() -> None:
    result = runner.invoke(app, ["demo", "--rules", ALL, "--seed", "3", "--rounds", "2"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "each player has 8 scenery points to buy and place scenery" in out
    assert "every scenery point is spent: the scenery step ends" in out
    assert "preparation step 6bis: infestation" in out
    assert "(level 3)" in out and "prowls from" in out


def test_a_soak_sample_with_all_three_rules_is_clean() -> None:
    spec = SoakSpec(6, (("Jokers", "Bamaka"), ("Bamaka", "Jokers")), seed=11, record_every=1,
                    rules=json.dumps({"territory": True, "infestation": "random",
                                      "climate": ["roll"]}))
    report = run_soak(spec, workers=1)
    assert report.clean, report
    assert report.records_checked == 6
    assert describe(report, spec)[1].startswith(
        "optional rules: Territory Management; Infestation (a random level, rolled at "
        "preparation step 6 bis)")
