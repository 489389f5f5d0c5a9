"""``skirmish odds shoot|melee --game masseffect``: Mass Effect: Annihilation odds from the
command line (docs/masseffect.md, ME21-ME29); Eden's ``shoot`` and ``melee`` unchanged."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from skirmish.cli.game_commands import game_of
from skirmish.cli.main import app

runner = CliRunner()
VETERAN, RIFLE, SOLDIER = "Mercenaire vétéran", "Fusil mitrailleur", "Soldat de l'Alliance"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["odds", *args])
    return result.exit_code, result.output


def data(*args: str) -> dict[str, Any]:
    code, output = run(*args, "--json")
    assert code == 0, output
    result: dict[str, Any] = json.loads(output)
    return result


def test_a_shot_with_its_flags() -> None:
    """ME12, ME23, ME24: the veteran stayed (3+), two shots, the soldier in cover (4+), his
    Bouclier ignored by the incendiary ammunition: each shot lands 1/3."""
    shot = data("shoot", "--game", "masseffect", VETERAN, RIFLE, SOLDIER, "--stayed",
                "--cover")
    assert (shot["shooter"], shot["weapon"], shot["target"]) == (VETERAN, RIFLE, SOLDIER)
    assert F(shot["any_hit"]) == F(5, 9) and F(shot["out_of_action"]) == F(1, 9)
    assert {k: F(v) for k, v in shot["wounds"].items()} == {"0": F(4, 9), "1": F(4, 9),
                                                           "2": F(1, 9)}
    assert "Bouclier 5+ (1 left) ignored" in shot["situation"]
    behind = data("shoot", "--game", "masseffect", VETERAN, RIFLE, SOLDIER, "--obstacle",
                  "--counter-charge", "--vitality", "1")
    assert F(behind["any_hit"]) == 1 - F(5, 6) ** 2  # 4+ -2: only a natural 6 hits
    assert behind["out_of_action"] == behind["any_hit"]


def test_the_table_shows_the_situation_and_the_chances() -> None:
    code, output = run("shoot", "--game=masseffect", "veteran", RIFLE, SOLDIER, "--stayed",
                       "--cover")
    assert code == 0, output
    for text in ("Mercenaire vétéran fires Fusil mitrailleur", "situation: roll 4+ +1",
                 "at least one hit", "55.56%", "out of action", "11.11%", "(1/9)",
                 "expected wounds"):
        assert text in output, (text, output)


def test_protections_and_armour_left_are_options() -> None:
    """ME24, ME25: uses and armour left change the odds; out of range is refused."""
    full = data("shoot", "--game", "masseffect", "Soldat de Cerberus", RIFLE,
                "Garde de Cerberus")
    bare = data("shoot", "--game", "masseffect", "Soldat de Cerberus", RIFLE,
                "Garde de Cerberus", "--armour", "0")
    assert F(full["out_of_action"]) == 0 < F(bare["out_of_action"])
    shielded = data("shoot", "--game", "masseffect", "Soldat de Cerberus", RIFLE, SOLDIER)
    spent = data("shoot", "--game", "masseffect", "Soldat de Cerberus", RIFLE, SOLDIER,
                 "--shield-uses", "0")
    assert F(spent["expected_wounds"]) > F(shielded["expected_wounds"])
    code, output = run("shoot", "--game", "masseffect", VETERAN, RIFLE, SOLDIER,
                       "--barrier-uses", "1")
    assert code == 2 and "no Barrière uses" in output


def test_a_melee() -> None:
    """ME27, ME28: the krogan (3+) against the veteran (5+), both with an Arme de mêlée."""
    fight = data("melee", "--game", "masseffect", "Guerrier krogan", VETERAN)
    assert (F(fight["a_hits"]), F(fight["b_hits"]), F(fight["nobody"])) == (
        F(2, 3), F(1, 9), F(2, 9))
    assert F(fight["to_b"]["wounds"]["1"]) == F(2, 3) and fight["to_a"]["wounds"] == {"0": "1"}
    code, output = run("melee", "--game", "masseffect", "krogan", "Drone de combat geth")
    assert code == 0, output
    assert "bare hands" in output and "is put out of action" in output


def test_unknown_names_and_refused_shots_are_one_line() -> None:
    for args, message in [
        (("shoot", VETERAN[:-2] + "x", RIFLE, SOLDIER), "no profile"),
        (("shoot", "Mercenaire vtéran", RIFLE, SOLDIER), "did you mean Mercenaire vétéran"),
        (("shoot", VETERAN, "Fusil", SOLDIER), "ambiguous"),
        (("shoot", VETERAN, "Fusil de précision", SOLDIER), "Lourd"),
        (("shoot", VETERAN, "Omni-lame", SOLDIER), "not a ranged weapon"),
        (("melee", "Krogn", VETERAN), "no profile 'Krogn'"),
    ]:
        code, output = run(args[0], "--game", "masseffect", *args[1:])
        assert code == 2, (args, output)
        assert message in output and len(output.strip().splitlines()) == 1, (args, output)


def test_own_cards_with_content(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        "faction: Mercenaires\nprofiles:\n- |\n  Tireur fou (3 points) :\n  Tir : 2+\n"
        "  Défense : 5+\n  Mêlée : 5+\n  Qualité : 5+\n  Vitalité : 1\n  Héroïsme : -\n"
        "  Traits : -\n  Équipement : Pistolet lourd\n", encoding="utf-8")
    shot = data("shoot", "--game", "masseffect", "Tireur fou", "Pistolet lourd", "Mercenaire",
                "--content", str(tmp_path))
    assert F(shot["any_hit"]) == F(5, 6) * F(5, 6)  # 2+, then the Bouclier (6+, 1)


def test_eden_is_unchanged_and_the_game_is_checked() -> None:
    eden = data("shoot", "--attacker", "Tarar", "--target", "Yuri")
    assert data("shoot", "--game", "eden", "--attacker", "Tarar", "--target", "Yuri") == eden
    assert eden["settings"]["weapon"] == "Spear"
    assert data("melee", "--attacker", "Vladd", "--target", "Tarar")["kind"] == "melee"
    code, output = run("shoot", "--game", "chess", "--attacker", "Tarar", "--target", "Yuri")
    assert code == 2 and "--game: expected eden or masseffect" in output
    code, output = run("shoot", "--game", "masseffect", "--attacker", "Tarar")
    assert code == 2 and "--attacker" in output


def test_help_names_both_games() -> None:
    code, output = run("shoot", "--help")
    assert code == 0 and "--attacker" in output and "masseffect" in output
    code, output = run("shoot", "--game", "masseffect", "--help")
    assert code == 0 and "SHOOTER" in output.upper() and "--shield-uses" in output
    code, output = run("melee", "--game", "masseffect", "--help")
    assert code == 0 and "--attacker" not in output


def test_the_game_is_read_from_the_command_line() -> None:
    assert game_of(["a", "--game", "MassEffect"]) == "masseffect"
    assert game_of(["--game=eden", "--game", "masseffect"]) == "masseffect"
    assert game_of(["--", "--game", "masseffect"]) is None
    assert game_of(["--attacker", "Vladd"]) is None


def test_a_melee_with_the_weapons_named() -> None:
    """ME42, ME50: the player chooses the melee weapon; the odds strike with the one named
    (any melee weapon of the library, with a note when the card lacks it), by default the
    best of the card's. A ranged weapon is refused in one line."""
    best = data("melee", "--game", "masseffect", "Guerrier krogan", SOLDIER)
    named = data("melee", "--game", "masseffect", "Guerrier krogan", SOLDIER,
                 "--weapon-a", "Poing hydraulique", "--weapon-b", "Omni-lame")
    assert best["weapons"] == ["Arme de mêlée", "Arme de mêlée"]
    assert named["weapons"] == ["Poing hydraulique", "Omni-lame"]
    assert named["a_hits"] == best["a_hits"]  # the weapon changes the damage, not the rolls
    assert set(named["to_b"]["wounds"]) == {"0", "1", "2"}  # D3 on Vitalité 2
    assert set(best["to_b"]["wounds"]) == {"0", "1"}
    code, output = run("melee", "--game", "masseffect", "Guerrier krogan", SOLDIER,
                       "--weapon-a", "Poing hydraulique")
    assert code == 0 and "Guerrier krogan's card does not list Poing hydraulique" in output
    code, output = run("melee", "--game", "masseffect", "Guerrier krogan", SOLDIER,
                       "--weapon-a", "Pistolet lourd")
    assert code == 2 and "Pistolet lourd is not a melee weapon" in output
    assert len(output.strip().splitlines()) == 1
