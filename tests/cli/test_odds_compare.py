"""``skirmish odds compare``: reactions, or attackers, side by side (issue: odds for every
attack)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli.odds_cmd import odds_app
from skirmish.games.eden.cli.odds import default_setup

runner = CliRunner()
app = typer.Typer()
app.add_typer(odds_app, name="odds")


@app.callback()
def _root() -> None:
    """The odds commands as ``skirmish odds`` registers them."""


def run_json(*args: str) -> Any:
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def refused(*args: str) -> str:
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def test_reactions_side_by_side_are_the_single_commands_odds() -> None:
    data = run_json("compare", "--attacker", "Vladd", "--target", "Tarar")
    assert data["compare"] == "reactions" and data["attack"] == "melee"
    assert [c["label"] for c in data["columns"]] == ["passive", "dodge", "response"]
    for column in data["columns"]:
        single = run_json("melee", "--attacker", "Vladd", "--target", "Tarar", "--reaction",
                          column["label"])
        target = single["fighters"][0]
        assert column["p_incapacitated"] == target["p_incapacitated"]
        assert column["expected_cp_lost"] == target["expected_cp_lost"]
        assert column["at_least"]["2"] == target["at_least"]["2"]
    passive, dodge, response = data["columns"]
    assert dodge["at_least"]["1"] < passive["at_least"]["1"]  # a dodge cancels successes
    assert passive["attacker_p_incapacitated"] is None
    assert response["attacker_p_incapacitated"] > 0  # the loser strikes back


def test_attackers_side_by_side_with_one_reaction() -> None:
    data = run_json("compare", "--attacker", "Vladd,Yuri", "--attacker", "Abama",
                    "--target", "Tarar", "--reactions", "dodge")
    assert data["compare"] == "attackers" and data["target"] == "B.Tarar"
    assert [c["label"] for c in data["columns"]] == ["Vladd", "Yuri", "Abama Big-Belly"]
    assert {c["reaction"] for c in data["columns"]} == {"dodge"}
    shots = run_json("compare", "--attacker", "Tarar,Yuri", "--target", "Vladd",
                     "--attack", "shoot")
    assert [c["label"] for c in shots["columns"]] == ["Tarar (Spear)", "Yuri (Throwing knives)"]
    charges = run_json("compare", "--attacker", "Vladd", "--target", "Tarar", "--attack",
                       "charge", "--reactions", "passive,response")
    assert [c["odds"]["kind"] for c in charges["columns"]] == ["charge", "charge"]


def test_a_frightened_target_and_wrong_requests() -> None:
    data = run_json("compare", "--attacker", "Vladd", "--target", "Tarar", "--target-markers",
                    "fear=1")
    assert [c["label"] for c in data["columns"]] == ["passive", "dodge"]
    assert "Fear" in data["skipped"]["response"]
    assert "Fear" in refused("compare", "--attacker", "Vladd", "--target", "Tarar",
                             "--target-markers", "fear=1", "--reactions", "response")
    assert "one reaction" in refused("compare", "--attacker", "Vladd,Yuri", "--target", "Tarar",
                                     "--reactions", "passive,dodge")
    assert "no reaction" in refused("compare", "--attacker", "Tarar", "--target", "Vladd",
                                    "--attack", "shoot", "--reactions", "passive")
    assert "named twice" in refused("compare", "--attacker", "Vladd,vladd", "--target", "Tarar")
    assert "--attack" in refused("compare", "--attacker", "Vladd", "--target", "Tarar",
                                 "--attack", "bite")
    assert "reaction" in refused("compare", "--attacker", "Vladd", "--target", "Tarar",
                                 "--reactions", "flee")


def test_the_table_and_the_grouped_bars(tmp_path: Path) -> None:
    chart = tmp_path / "compare.png"
    result = runner.invoke(app, ["odds", "compare", "--attacker", "Vladd", "--target", "Tarar",
                                 "--chart", str(chart)])
    assert result.exit_code == 0, result.output
    for text in ("passive", "dodge", "response", "target incapacitated", "at least 3 CP lost",
                 "attacker incapacitated", "chart drawn"):
        assert text in result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_grouped_bars_have_whole_number_ticks() -> None:
    from skirmish.games.eden.cli.odds.compare import columns_of
    from skirmish.games.eden.odds.chart import compare_figure

    comparison = columns_of(default_setup(), ["Vladd", "Yuri"], "Tarar")
    fig = compare_figure(comparison.columns, "by attacker")
    ax = fig.axes[0]
    ticks = ax.get_xticks()
    assert len(ticks) >= 3 and all(float(t).is_integer() for t in ticks)
    assert len(ax.patches) == 2 * 4  # two attackers, "at least 1..4 CP" (Tarar has 4 CP)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0].startswith("Vladd (incapacitated") and labels[1].startswith("Yuri")


@pytest.mark.parametrize("reactions", ["all", "passive,dodge,response"])
def test_all_is_every_reaction(reactions: str) -> None:
    data = run_json("compare", "--attacker", "Yuri", "--target", "Abama", "--reactions",
                    reactions)
    assert [c["label"] for c in data["columns"]] == ["passive", "dodge", "response"]
