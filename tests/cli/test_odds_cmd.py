"""``skirmish odds``: roll, melee, shoot and burn from the command line (issue 6)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli.odds_cmd import odds_app
from skirmish.games.eden.cli.odds import default_setup, find_profile
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.odds.dice import successes

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
    from skirmish.games.eden.demo import match_setup

    with pytest.raises(KeyError, match="no fighter"):
        find_profile("Elenia", match_setup())
    jokers = {"troops": [match_setup()["troops"][0]]}
    assert find_profile("a", jokers).name == "Anton"
    assert successes(4, 5)  # the module is importable alongside the CLI


# -- every attack the engine has: charge, throw, blast, explosion ----------------------------------
def fail_line(*args: str) -> str:
    """The one error line of a refused ``skirmish odds`` command (exit code 2)."""
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def test_a_charge_is_the_melee_from_contact_with_no_bonus() -> None:
    charge = odds("charge", "--attacker", "Vladd", "--target", "Tarar", "--distance", "6")
    melee = odds("melee", "--attacker", "Vladd", "--target", "Tarar")
    assert charge["kind"] == "charge" and charge["settings"]["distance"] == 6
    assert charge["fighters"] == melee["fighters"]  # Rulebook 5: no bonus of its own
    assert any("Rulebook 5, Charge" in note for note in charge["notes"])
    worst = odds("charge", "--attacker", "Vladd", "--target", "Tarar", "--reaction", "worst")
    assert worst["settings"]["reaction_asked"] == "worst"
    assert worst["settings"]["reaction"] in ("passive", "dodge", "response")
    assert "within 10 cm" in fail_line("charge", "--attacker", "Vladd", "--target", "Tarar",
                                       "--distance", "12")
    assert "Fear" in fail_line("charge", "--attacker", "Vladd", "--target", "Tarar",
                               "--attacker-markers", "fear=1")


def test_a_grenade_is_the_explosion_of_its_power_on_everyone_covered() -> None:
    thrown = odds("throw", "--attacker", "Agent Sorensen", "--target", "Tarar", "--covered",
                  "Abama,Ngobo")
    assert thrown["kind"] == "explosion" and thrown["settings"]["weapon"] == "Grenade"
    refs = [f["ref"] for f in thrown["fighters"]]
    assert refs[0] == "B.Tarar" == thrown["target"]
    assert sorted(refs) == ["B.Abama-Big-Belly", "B.Ngobo-Quick-Arm", "B.Tarar"]
    bare = odds("explosion", "--power", "2", "--target", "Tarar", "--covered", "Abama",
                "--covered", "Ngobo")
    assert bare["attacker"] is None and bare["settings"]["explosive"] == 2
    assert {f["ref"]: f for f in bare["fighters"]} == {f["ref"]: f for f in thrown["fighters"]}


def test_a_molotov_gives_burn_markers_and_a_spear_hits_allies_too() -> None:
    molotov = odds("throw", "--attacker", "Yuri", "--target", "Tarar")
    assert molotov["kind"] == "projectile" and molotov["markers"] == {"burn": 1}
    assert molotov["p_markers"] == {"B.Tarar": 1.0}
    assert molotov["fighters"][0]["p_any_cp_lost"] == 0
    spear = odds("throw", "--attacker", "Tarar", "--target", "Yuri", "--covered", "Vladd",
                 "--ally", "Abama")
    assert spear["settings"]["weapon"] == "Spear" and spear["settings"]["explosive"] == 1
    assert spear["fighters"][0]["ref"] == spear["target"] == "B.Yuri"
    assert {f["ref"] for f in spear["fighters"]} == {"B.Yuri", "B.Vladd", "A.Abama-Big-Belly"}


def test_a_blast_wounds_every_limb_of_everyone_under_the_template() -> None:
    data = odds("blast", "--attacker", "Vladd", "--target", "Tarar", "--covered", "Abama",
                "--ally", "Yuri")
    assert data["kind"] == "blast" and data["settings"]["weapon"] == "Flamethrower"
    assert data["fighters"][0]["ref"] == data["target"] == "B.Tarar"
    assert {f["ref"] for f in data["fighters"]} == {"B.Tarar", "B.Abama-Big-Belly", "A.Yuri"}
    for fighter in data["fighters"]:
        assert fighter["cp_lost_total"] == {"4": 1.0}  # one wound to each limb (6.B)
    assert data["p_markers"] == {f["ref"]: 1.0 for f in data["fighters"]}  # Burn(1)


def test_template_commands_refuse_what_cannot_be() -> None:
    assert "no blast equipment called 'pistol'" in fail_line(
        "blast", "--attacker", "Vladd", "--target", "Tarar", "--weapon", "pistol")
    assert "no projectile equipment" in fail_line("throw", "--attacker", "Vladd",
                                                  "--target", "Tarar")
    assert "named twice" in fail_line("blast", "--attacker", "Vladd", "--target", "Tarar",
                                      "--covered", "Tarar")
    assert "same fighter" in fail_line("throw", "--attacker", "Yuri", "--target", "Yuri")
    crowd = "Ngobo,Vladd,Yuri,Anton,Sekongo,Dacke,Elenia,Folayan,Henrich,Mirka,Kostia"
    assert "cannot place" in fail_line("explosion", "--power", "1", "--target", "Tarar",
                                       "--covered", crowd)
    assert "Explosive(X)" in fail_line("explosion", "--power", "0", "--target", "Tarar")


def test_names_by_the_one_matcher_and_content_folders(tmp_path: Path) -> None:
    assert odds("throw", "--attacker", "Agent", "--target", "Abama")["target"] == \
        "B.Abama-Big-Belly"
    assert "did you mean Yuri?" in fail_line("melee", "--attacker", "Yuiri", "--target", "Tarar")
    (tmp_path / "gus.yaml").write_text("""faction: Jokers
fighters:
- name: Grenadier Gus
  stigma: Chaos
  types: [Human]
  value: 20
  limbs:
    head: {white_cp: 1, red_cp: 1, white: 4, red: 3, faces: [1]}
    arms: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [4, 5]}
    legs: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [6]}
  equipment: [Grenade]
  abilities: []
""", encoding="utf-8")
    data = odds("throw", "--attacker", "Grenadier", "--target", "Tarar", "--content",
                str(tmp_path))
    assert data["attacker"] == "A.Grenadier-Gus"
    assert "no fighter 'Grenadier'" in fail_line("throw", "--attacker", "Grenadier",
                                                 "--target", "Tarar")
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(match_setup()))
    assert "--content and --setup" in fail_line(
        "melee", "--attacker", "Yuri", "--target", "Tarar", "--setup", str(setup),
        "--content", str(tmp_path))


def test_text_output_of_a_template_names_the_markers() -> None:
    result = runner.invoke(app, ["odds", "explosion", "--power", "1", "--target", "Tarar"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("explosion (") and "B.Tarar: incapacitated" in result.output
    result = runner.invoke(app, ["odds", "throw", "--attacker", "Yuri", "--target", "Tarar"])
    assert "markers burn(1) (Rulebook 8.C): B.Tarar 100.00%" in result.output


def test_the_charts_have_whole_number_ticks_on_the_cp_axis(tmp_path: Path) -> None:
    from skirmish.games.eden.cli.odds.single import melee_of
    from skirmish.games.eden.odds.chart import figure, roll_figure

    cards = default_setup()
    fig = figure(melee_of(cards, "Vladd", "Tarar", "response"))
    ticks = fig.axes[0].get_xticks()
    assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks)
    fig = roll_figure(successes(2, 4), "2 dice")
    assert all(float(t).is_integer() for t in fig.axes[0].get_xticks())
    chart = tmp_path / "blast.svg"
    result = runner.invoke(app, ["odds", "blast", "--attacker", "Vladd", "--target", "Tarar",
                                 "--chart", str(chart)])
    assert result.exit_code == 0 and chart.read_text().startswith("<?xml")
