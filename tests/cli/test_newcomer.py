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


def _command_paths() -> list[list[str]]:
    import typer

    def walk(command: object, path: list[str]) -> list[list[str]]:
        out = [path]
        for name, sub in getattr(command, "commands", {}).items():
            out += walk(sub, [*path, name])
        return out

    return walk(typer.main.get_command(app), [])


def test_help_shows_no_bool_tag_and_no_emoji() -> None:
    """Every command's help, for both games: an on/off flag shows no `<bool>` (it takes no
    value) and no text turns into an emoji (rich reads `:a:` in "ME:A:" as one)."""
    import re

    emoji = re.compile("[\U0001f000-\U0001ffff\u2600-\u27bf]")
    paths = _command_paths()
    assert len(paths) > 20
    for path in paths:
        for game in ([], ["--game", "masseffect"]):
            result = runner.invoke(app, [*path, *game, "--help"], terminal_width=120)
            if game and result.exit_code != 0:  # a command without --game
                continue
            assert result.exit_code == 0, (path, result.output)
            assert "<bool>" not in result.output, path
            assert not emoji.search(result.output), (path, emoji.findall(result.output))
    assert "--version" in runner.invoke(app, ["--help"]).output


def test_demo_refuses_bad_agents_before_its_banner() -> None:
    for game in ("eden", "masseffect"):
        for agents in ("foo,bar", "heuristic"):
            result = runner.invoke(app, ["demo", "--game", game, "--agents", agents])
            assert result.exit_code == 2, result.output
            assert result.output.startswith("error: "), result.output
            assert "demo:" not in result.output and "seed" not in result.output


def test_odds_roll_says_1_success() -> None:
    result = runner.invoke(app, ["odds", "roll", "--dice", "3", "--difficulty", "4"])
    assert result.exit_code == 0, result.output
    assert "  1 success:" in result.output and "1 successes" not in result.output
    assert "  2 successes:" in result.output


def test_the_first_player_is_told_once_a_round() -> None:
    """The narration tells the first player when the tactical phase names him, not at each
    activation's hand-over (the next "... begins its activation" line says who acts)."""
    from rich.console import Console

    from skirmish.games.eden.cli.narrate import HAND_OVERS, narrate
    from skirmish.games.eden.events import FirstPlayerEvent

    source = (Path(__file__).parents[2] / "src/skirmish/games/eden/rounds/activation.py"
              ).read_text()
    assert all(f'"{reason}"' in source for reason in HAND_OVERS)  # the engine's own words
    console = Console(record=True, width=200)
    narrate(console, [FirstPlayerEvent(player=1, reason="higher tie-break roll"),
                      *(FirstPlayerEvent(player=i % 2, reason=reason)
                        for i, reason in enumerate(sorted(HAND_OVERS)))])
    text = console.export_text()
    assert text.count("is the first player") == 1 and "tie-break" in text
    demo = runner.invoke(app, ["demo", "--seed", "1", "--rounds", "2"])
    assert demo.exit_code == 0, demo.output
    # the preparation's first player, then each round's tactical phase
    assert demo.output.count("is the first player") <= 3
    assert "has finished its activation" not in demo.output


def test_masseffect_reports_speak_of_turns_and_points() -> None:
    result = runner.invoke(app, ["simulate", "--game", "masseffect", "--games", "2",
                                 "--seed", "1", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "mean points" in result.output and "mean turns" in result.output
    assert "VP" not in result.output and "mean rounds" not in result.output
    eden = runner.invoke(app, ["simulate", "--games", "2", "--seed", "1", "--workers", "1",
                               "--rounds", "1"])
    assert eden.exit_code == 0, eden.output
    assert "mean VP" in eden.output and "mean rounds" in eden.output


def test_render_path_prints_a_plain_line(tmp_path: Path) -> None:
    """`render --path` says what the path is in words, not the engine's fields."""
    import json

    from skirmish.geometry import Base, Field, Table

    table = Table(Field(60, 60), (), (Base.from_mm(10, 10, 30, "Yuri", "A"),))
    src = tmp_path / "t.json"
    src.write_text(json.dumps(table.to_dict()), encoding="utf-8")
    result = runner.invoke(app, ["render", str(src), "--out", str(tmp_path / "t.svg"),
                                 "--path", "Yuri:20,10"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Yuri to 20,10: the cheapest path is 10.0 cm long")
    assert "cost=" not in result.output


def test_a_mass_effect_band_built_with_content_names_it_and_validates(tmp_path: Path) -> None:
    """The same for ME:A band files (issue 48): `troop new --game masseffect --content DIR`
    writes `content:`, so `troop validate` and `cards print` find the players' own profiles
    without --content; a band file that names a folder that is not there is one line."""
    cards = tmp_path / "my-cards"
    cards.mkdir()
    (cards / "geth.yaml").write_text(
        "faction: Geth\nprofiles:\n- |\n  Zed (3 points) :\n  Tir : 4+\n  Défense : 5+\n"
        "  Mêlée : 5+\n  Qualité : 5+\n  Vitalité : 2\n  Héroïsme : -\n  Traits : -\n"
        "  Équipement : Pistolet lourd\n", encoding="utf-8")
    (tmp_path / "bands").mkdir()
    out = tmp_path / "bands" / "zeds.yaml"
    result = runner.invoke(app, ["troop", "new", "--game", "masseffect", "--content",
                                 str(cards), "--figures", "Zed,Zed", "--budget", "10",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(out.read_text())["content"] == ["../my-cards"]
    result = runner.invoke(app, ["troop", "validate", "--game", "masseffect", str(out)])
    assert result.exit_code == 0 and "a legal band" in result.output, result.output
    html = tmp_path / "cards.html"
    result = runner.invoke(app, ["cards", "print", "--game", "masseffect", "--band", str(out),
                                 "--out", str(html)])
    assert result.exit_code == 0, result.output
    assert "Zed" in html.read_text(encoding="utf-8")
    gone = tmp_path / "gone.yaml"
    gone.write_text(out.read_text().replace("../my-cards", "nowhere"), encoding="utf-8")
    result = runner.invoke(app, ["troop", "validate", "--game", "masseffect", str(gone)])
    assert result.exit_code == 2 and "nowhere" in result.output
    assert len(result.output.strip().splitlines()) == 1
