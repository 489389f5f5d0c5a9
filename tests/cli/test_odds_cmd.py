"""``skirmish odds``: roll, melee, shoot and burn from the command line (issue 6)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli.odds_cmd import find_profile, odds_app
from skirmish.eden.demo import match_setup
from skirmish.odds.dice import successes

runner = CliRunner()
app = typer.Typer()
app.add_typer(odds_app, name="odds")


@app.callback()
def _root() -> None:
    """The odds commands as ``skirmish odds`` registers them (see the report for main.py)."""


def odds(*args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_roll_known_values() -> None:
    data = odds("roll", "--dice", "4", "--difficulty", "5")
    assert data["at_least"]["1"] == pytest.approx(1 - (4 / 6) ** 4, abs=1e-15)
    assert Fraction(data["exact"]["0"]) == Fraction(4, 6) ** 4
    abama = odds("roll", "--dice", "4", "--difficulty", "7")
    assert (abama["dice"], abama["threshold"]) == (3, 6)
    result = runner.invoke(app, ["odds", "roll", "--dice", "4", "--difficulty", "7"])
    assert result.exit_code == 0 and "3D6 at 6+" in result.output


def test_melee_json_reads_wounds_and_markers() -> None:
    plain = odds("melee", "--attacker", "Vladd", "--target", "Tarar")
    assert plain["kind"] == "melee" and plain["target"] == "B.Tarar"
    assert [f["ref"] for f in plain["fighters"]] == ["B.Tarar"]
    hurt = odds("melee", "--attacker", "Vladd", "--target", "Tarar", "--target-wounds",
                "arms=2", "--target-markers", "poison=1")
    assert hurt["settings"]["target_values"]["VIG"] == 4  # Poison: 5 - 1
    assert hurt["fighters"][0]["cp_left"]["arms"] == 2  # 2 + 2 CP, 2 lost
    assert hurt["fighters"][0]["p_incapacitated"] > plain["fighters"][0]["p_incapacitated"]
    response = odds("melee", "--attacker", "Vladd", "--target", "Tarar", "--reaction",
                    "response", "--aim", "none", "--exact")
    assert [f["ref"] for f in response["fighters"]] == ["B.Tarar", "A.Vladd"]
    assert response["settings"]["aim"] == "none"
    assert "exact" in response["fighters"][1]["p_incapacitated"]


def test_shoot_with_obstacles_weapon_and_redirect() -> None:
    base = odds("shoot", "--attacker", "Tarar", "--target", "Yuri")
    assert base["settings"]["weapon"] == "Spear" and base["settings"]["bonus"] == 1
    behind = odds("shoot", "--attacker", "Tarar", "--target", "Yuri", "--obstacles", "2")
    assert behind["fighters"][0]["p_any_cp_lost"] < base["fighters"][0]["p_any_cp_lost"]
    redirected = odds("shoot", "--attacker", "Anton", "--target", "Ngobo", "--weapon",
                      "pistol", "--redirect", "Yuri")
    assert [f["ref"] for f in redirected["fighters"]] == ["B.Ngobo-Quick-Arm", "A.Yuri"]


def test_burn_command() -> None:
    data = odds("burn", "--fighter", "Abama", "--markers", "burn=1")
    assert data["kind"] == "burn" and data["fighters"][0]["ref"] == "A.Abama-Big-Belly"


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_chart_is_drawn(tmp_path: Path, suffix: str) -> None:
    chart = tmp_path / f"curve{suffix}"
    result = runner.invoke(app, ["odds", "melee", "--attacker", "Vladd", "--target", "Abama",
                                 "--reaction", "response", "--chart", str(chart)])
    assert result.exit_code == 0, result.output
    assert chart.stat().st_size > 1000 and "chart drawn" in result.output
    roll = tmp_path / f"roll{suffix}"
    result = runner.invoke(app, ["odds", "roll", "--dice", "5", "--difficulty", "4",
                                 "--chart", str(roll)])
    assert result.exit_code == 0 and roll.exists()


def test_a_set_up_file_and_errors(tmp_path: Path) -> None:
    setup = match_setup()
    setup["troops"][0]["fighters"] = setup["troops"][0]["fighters"][:1]  # Yuri only
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(setup))
    data = odds("melee", "--attacker", "Yuri", "--target", "Tarar", "--setup", str(path))
    assert data["attacker"] == "A.Yuri"
    for args, message in [
        (["--attacker", "Vladd", "--target", "Tarar", "--setup", str(path)], "no fighter"),
        (["--attacker", "Yuri", "--target", "Tarar", "--aim", "tail"], "--aim must be"),
        (["--attacker", "Yuri", "--target", "Tarar", "--target-wounds", "arms"], "NAME=N"),
        (["--attacker", "Yuri", "--target", "Tarar", "--target-wounds", "arms=9"], "CP"),
        (["--attacker", "Yuri", "--target", "Tarar", "--reaction", "flee"], "reaction"),
        (["--attacker", "Yuri", "--target", "Tarar", "--target-markers", "gloom=1"],
         "condition"),
    ]:
        result = runner.invoke(app, ["odds", "melee", *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
    result = runner.invoke(app, ["odds", "shoot", "--attacker", "Vladd", "--target", "Tarar"])
    assert result.exit_code == 2 and "no shooting equipment" in result.output


def test_find_profile() -> None:
    # by default: every fighter of the card library
    assert find_profile("ngobo").name == "Ngobo Quick-Arm"
    assert find_profile("Abama-Big-Belly").name == "Abama Big-Belly"
    assert find_profile("Elenia").faction == "Matriarchy"
    with pytest.raises(KeyError, match="no fighter"):
        find_profile("Gandalf")
    with pytest.raises(KeyError, match="ambiguous"):
        find_profile("a")
    # or in a given set-up
    from skirmish.eden.demo import match_setup

    with pytest.raises(KeyError, match="no fighter"):
        find_profile("Elenia", match_setup())
    jokers = {"troops": [match_setup()["troops"][0]]}
    assert find_profile("a", jokers).name == "Anton"
    assert successes(4, 5)  # the module is importable alongside the CLI
