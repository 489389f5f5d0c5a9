"""What a newcomer met on a fresh clone (issue 48), each fixed and pinned here."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()

WANDERERS = """faction: Wanderers
fighters:
- name: Nadia Longstride
  stigma: Chaos
  types: [Human]
  value: 25
  limbs:
    head: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [1]}
    arms: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 3, red_cp: 1, white: 4, red: 3, faces: [4, 5]}
    legs: {white_cp: 2, red_cp: 1, white: 5, red: 4, faces: [6]}
  equipment: [Pistol]
"""


def test_troop_new_with_content_writes_a_file_validate_accepts(tmp_path: Path) -> None:
    """`troop new --content DIR` names DIR in the troop file (relative to it), so `troop
    validate` (and every command) finds the players' own cards without --content."""
    cards = tmp_path / "my-cards"
    cards.mkdir()
    (cards / "wanderers.yaml").write_text(WANDERERS, encoding="utf-8")
    out = tmp_path / "troops" / "mine.yaml"
    out.parent.mkdir()
    result = runner.invoke(app, ["troop", "new", "--content", str(cards), "--faction",
                                 "Wanderers", "--fighters", "Nadia Longstride",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(out.read_text())["content"] == ["../my-cards"]
    result = runner.invoke(app, ["troop", "validate", str(out)])
    assert result.exit_code == 0, result.output
    assert "a legal faction troop - Nadia Longstride" in result.output


def test_troop_new_without_content_writes_no_content_field(tmp_path: Path) -> None:
    out = tmp_path / "jokers.yaml"
    result = runner.invoke(app, ["troop", "new", "--faction", "jokers", "--fighters",
                                 "Yuri,Vladd", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "content" not in yaml.safe_load(out.read_text())


def test_the_readme_band_is_legal_and_an_illegal_band_exits_1(tmp_path: Path) -> None:
    """The README's `troop validate --game masseffect band.yaml`: the band `troop new` built
    is legal (exit 0, as the README now says); an illegal one exits 1, each broken rule named
    (the command's contract: its help)."""
    band = tmp_path / "band.yaml"
    result = runner.invoke(app, ["troop", "new", "--game", "masseffect", "--figures",
                                 "primat,fantassin geth", "--out", str(band)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["troop", "validate", "--game", "masseffect", str(band)])
    assert result.exit_code == 0 and "a legal band" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nfaction: Geth\nbudget: 10\nfigures: [Primat geth, Primat geth]\n",
                   encoding="utf-8")
    result = runner.invoke(app, ["troop", "validate", "--game", "masseffect", str(bad)])
    assert result.exit_code == 1 and "ME39 (budget)" in result.output
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    assert "band.yaml                  # exit 1: illegal" not in readme
