"""Pit Duel through the command line, found by its entry point alone: ``simulate`` (its
records kept), ``replay --verify`` and ``--show``, ``ladder`` with the MCTS bot, ``soak``
with its invariants, ``demo``; and one clear line for what it lacks (skirmish.cli)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skirmish.cli.main import app


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_keeps_records_that_replay_verifies(tmp_path: Path) -> None:
    out = run("simulate", "--game", "pitduel", "--games", "4", "--agents", "random,heuristic",
              "--workers", "1", "--log-dir", str(tmp_path))
    assert "Ash" in out and "4 game records" in out
    records = sorted(tmp_path.glob("game-*.jsonl"))
    assert len(records) == 4
    assert "12 actions verified" in run("replay", str(records[0]), "--verify")
    assert "strikes" in run("replay", str(records[1]), "--show")


def test_the_ladder_rates_the_search_bot(tmp_path: Path) -> None:
    report = tmp_path / "ladder.json"
    run("ladder", "--game", "pitduel", "--agents", "random,mcts:iterations=20", "--games",
        "4", "--workers", "1", "--json", str(report), "--history", str(tmp_path / "h.jsonl"))
    data = json.loads(report.read_text())
    assert data["game"] == "pitduel" and data["games_per_pair"] == 4
    assert data["agents"] == ["random", "mcts:iterations=20"] and len(data["ratings"]) == 2


def test_the_soak_checks_its_invariants_and_replays_every_record() -> None:
    out = run("soak", "--game", "pitduel", "--matches", "12", "--record-every", "1",
              "--workers", "1", "--quiet")
    assert "invariant breaks: 0; exceptions: 0; records re-played: 12 (0 problems)" in out


def test_demo_plays_and_narrates_a_match() -> None:
    assert "strikes" in run("demo", "--game", "pitduel")


def test_what_it_lacks_is_one_clear_line() -> None:
    result = CliRunner().invoke(app, ["cards", "list", "--game", "pitduel"])
    assert result.exit_code == 2
    assert "Pit Duel (pitduel) has no" in result.output


def test_play_in_the_terminal_against_the_random_bot_to_the_end() -> None:
    result = CliRunner().invoke(app, ["play", "--game", "pitduel", "--vs", "random", "--seed",
                                      "3"], input="1\n" * 12 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Pit Duel: A side A against B side B" in result.output
    assert "the match ends" in result.output or "game over" in result.output
