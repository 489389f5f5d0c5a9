"""Every command that takes a card's name reads it with the one matcher
(skirmish.core.names): "Abama" is Abama Big-Belly and "Yuiri" gets "did you mean Yuri?"
in ``cards show``, ``troop new`` and ``odds`` alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def commands(name: str, tmp: Path) -> dict[str, list[str]]:
    return {
        "cards show": ["cards", "show", name],
        "troop new": ["troop", "new", "--faction", "Bamaka", "--fighters",
                      f"{name},Tarar", "--out", str(tmp / "t.yaml")],
        "odds melee": ["odds", "melee", "--attacker", "Vladd", "--target", name],
    }


@pytest.mark.parametrize("command", ["cards show", "troop new", "odds melee"])
def test_a_short_name_is_found_by_every_command(command: str, tmp_path: Path) -> None:
    code, output = run(*commands("abama", tmp_path)[command])
    assert code == 0, output
    assert "Abama Big-Belly" in output or "Abama-Big-Belly" in output


@pytest.mark.parametrize("command", ["cards show", "troop new", "odds melee"])
def test_a_typo_gets_the_same_suggestion_everywhere(command: str, tmp_path: Path) -> None:
    args = commands("Tarr", tmp_path)[command]
    code, output = run(*args)
    assert code == 2
    assert "'Tarr'" in output and "did you mean Tarar" in output
    assert len(output.strip().splitlines()) == 1
