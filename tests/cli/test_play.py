"""``skirmish play`` driven through its input stream, as the command line runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.record import Record

runner = CliRunner()
BASE = ["play", "--rounds", "1", "--seed", "1"]


def play(*args: str, lines: list[str]) -> str:
    result = runner.invoke(app, [*BASE, *args], input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    return result.output


def end_hash(path: Path) -> str:
    return str(json.loads(path.read_text().splitlines()[-1])["hash"])


def test_hot_seat_by_number_and_notation_with_bad_input_save_and_undo(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    out = play(lines=["", "1", "", "bid 1", "bogus", "42", f"save {one}", "undo",
                      f"save {two}", "quit"])
    assert "Secret bid for the first player: 0 to 17 SP" in out and " 1. bid 0" in out
    assert "error: unknown action 'bogus' in eden" in out
    assert "error: no legal action numbered 42 (1 to 2)" in out
    assert "took back player B's 'bid 1'" in out
    first = Record.load(one)
    assert [a for _, a in first.actions] == ["bid 0", "bid 1"]  # by number, by notation
    second = Record.load(two)
    # the record keeps what was played and the takeback (issue 46: Game.take_back)
    assert [a for _, a in second.actions] == ["bid 0", "bid 1", "#takeback 1"]
    # the undone game is the game before B's bid, its dice going on where they were
    game, undone = first.replay(), second.replay()
    before = game.replayed(game.history[:1])
    assert undone.history == before.history and undone.view(1) == before.view(1)
    assert undone.dice.to_json() == game.dice.to_json()
    assert "the game was not finished (1 decisions played)" in out


def test_pass_the_device_before_the_other_seats_secret_decision() -> None:
    out = play(lines=["", "1", "", "1"])
    a_screen, _, rest = out.partition("Pass the device to player B.")
    b_screen, _, public = rest.partition("(screen cleared)")
    assert "Pass the device to player A." in a_screen  # before A's secret bid
    assert "Hunt, Hold the crossroads, Raid, Infiltration, Burn it all" in a_screen
    assert "(screen cleared)" in a_screen.rsplit("A> ", 1)[1]  # cleared before B's handover
    assert "Secret bid for the first player: 0 to 12 SP" in b_screen  # B's own decision
    assert "player A has placed a secret bid" in b_screen
    assert "Burn it all" not in b_screen and "bids 0 SP" not in b_screen  # A's secrets
    # then the screen is cleared for A's public decision, which B may watch
    assert "Retreat to contaminated areas" not in public
    assert "bids revealed: A 0 SP, B 0 SP" in public
    assert "-- player A: leader" in public


def test_save_then_resume_continues_the_same_game(tmp_path: Path) -> None:
    saved, again = tmp_path / "game.jsonl", tmp_path / "again.jsonl"
    out = play("--vs", "heuristic", lines=["1", "1", "1", f"save {saved}", "quit"])
    assert f"continue with: skirmish play --resume {saved} --vs heuristic --seat A" in out
    result = runner.invoke(app, ["play", "--resume", str(saved), "--vs", "heuristic"],
                           input=f"save {again}\n")
    assert result.exit_code == 0, result.output
    assert f"resumed {saved}: " in result.output
    assert end_hash(again) == end_hash(saved)
    assert Record.load(again).actions == Record.load(saved).actions


def test_odds_and_the_table_as_svg_and_png(tmp_path: Path) -> None:
    svg, png = tmp_path / "t.svg", tmp_path / "pics" / "t.png"
    png.parent.mkdir()  # issue 46: an output's folder must exist
    out = play(lines=["", "1", "", "odds attack A.Vladd B.Sabaka dodge", f"table {svg}",
                      f"table {png}", f"table {tmp_path / 't.txt'}", "odds pass"])
    assert "odds of attack A.Vladd B.Sabaka: melee (reaction dodge" in out
    assert "B.Sabaka: incapacitated " in out and "CP lost at least" in out
    assert "not legal now" in out  # nobody is on the field yet
    assert "error: no odds for 'pass'" in out
    assert svg.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert f"table drawn in {svg}" in out
    assert f"error: {tmp_path / 't.txt'}: " in out and not (tmp_path / "t.txt").exists()


def test_against_a_bot_its_moves_are_applied_and_its_secrets_kept() -> None:
    out = play("--vs", "heuristic", lines=["1"] * 25)
    assert "you play A, the heuristic bot plays B" in out
    assert "-- player A (you): secret-bid" in out
    assert "> player B (heuristic): (secret)" in out  # its bid, mission and hand
    assert "> player B (heuristic): hand " not in out
    assert "> player B (heuristic): deploy B." in out  # its public moves are shown
    assert "Pass the device" not in out
    assert "Your tactical hand: " in out  # the person's own secrets are theirs to see


def test_a_whole_game_to_its_result_hot_seat_and_against_a_bot(tmp_path: Path) -> None:
    record = tmp_path / "auto.jsonl"
    out = play("--autosave", str(record), lines=["1"] * 400)
    assert "Result: " in out and "decisions." in out
    assert "end of input: the game is over." in out
    assert Record.load(record).end is not None
    assert Record.load(record).end["outcome"] is not None  # type: ignore[index]
    out = play("--vs", "random", "--seat", "B", lines=["end", "pass"] + ["1"] * 300)
    assert "Result: " in out and "-- player B (you)" in out


def test_the_end_of_input_saves_with_autosave_and_quit_offers_to_save(tmp_path: Path) -> None:
    auto, offered = tmp_path / "auto.jsonl", tmp_path / "offered.jsonl"
    out = play("--vs", "heuristic", "--autosave", str(auto), lines=["1", "1"])
    assert "end of input: the game was not finished" in out
    assert f"Saved to {auto}; continue with: skirmish play --resume {auto}" in out
    assert len([a for p, a in Record.load(auto).actions if p == 0]) == 2
    out = play("--vs", "heuristic", lines=["1", "quit", str(offered)])
    assert "Save the game before leaving?" in out and f"decisions to {offered}" in out
    assert Record.load(offered).actions[0] == (0, "bid 0")
    assert "bye: the game was not finished" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "C"], "--seat: A or B"),
    (["--vs", "nobody"], "unknown agent 'nobody'"),
    (["--troop-a", "Nobody"], "'Nobody' is neither a troop file nor a faction"),
])
def test_bad_options_are_one_error_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*BASE, *args], input="")
    assert result.exit_code == 2
    assert message in result.output


def test_optional_rules_are_played_and_named(tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    out = play("--rules", "climate:3", lines=["", f"save {saved}", "quit"])
    assert "optional rules: climatic conditions 3 (Storm)" in out
    assert Record.load(saved).header["setup"]["rules"] == {"climate": [3]}
    bad = runner.invoke(app, [*BASE, "--rules", "weather"], input="quit\n")
    assert bad.exit_code != 0 and "no optional rule 'weather'" in bad.output


def test_another_game_by_its_name_with_its_own_sample_sides(tmp_path: Path) -> None:
    saved = tmp_path / "me.jsonl"
    out = play("--game", "masseffect", lines=["", "1", f"save {saved}", "quit"])
    assert "Mass Effect: Annihilation: A Escouade Orion against B Cellule Tisiphone" in out
    record = Record.load(saved)
    assert record.header["ruleset"] == "masseffect" and len(record.actions) == 1
    result = runner.invoke(app, [*BASE, "--game", "masseffect", "--troop-a", "Nobody"],
                           input="")
    assert result.exit_code == 2 and "Nobody" in result.output
    result = runner.invoke(app, [*BASE, "--game", "nope"], input="")
    assert result.exit_code == 2 and "--game: eden or masseffect, got 'nope'" in result.output


@pytest.mark.parametrize("game", ["eden", "masseffect"])
def test_without_a_seed_the_dice_are_fair_and_no_seed_is_shown(tmp_path: Path, game: str
                                                                ) -> None:
    """Issue 46: a match between people (or against a bot) without ``--seed`` plays fair dice
    both seats contribute a nonce to; the intro names the server's commitment, never a seed
    from which the dice to come follow; the saved record verifies."""
    saved = tmp_path / "match.jsonl"
    result = runner.invoke(app, ["play", "--rounds", "1", "--game", game, "--vs", "random"],
                           input=f"save {saved}\nquit\n")
    assert result.exit_code == 0, result.output
    intro = result.output.splitlines()[0]
    assert "fair dice (server commitment " in intro and "seed" not in intro
    record = Record.load(saved)
    assert record.header["dice"]["kind"] == "fair" and record.header.get("seed") is None
    verified = runner.invoke(app, ["replay", str(saved), "--verify"])
    assert verified.exit_code == 0, verified.output
