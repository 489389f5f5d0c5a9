"""``bench.peers``, the side by side against botbowl: it measures nothing without a checkout,
its Eden worker plays, its arguments parse and its figures are medians of interleaved rounds.
botbowl itself is not needed (its side is stood in for); no timing is asserted."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import peers


def test_without_a_checkout_run_returns_nothing_and_says_so_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("BOTBOWL_CHECKOUT", raising=False)
    assert peers.run() == {}
    printed = capsys.readouterr().out.strip().splitlines()
    assert len(printed) == 1 and "botbowl" in printed[0]


def test_the_eden_worker_plays_a_match_with_and_without_views() -> None:
    totals = peers.eden_worker(matches=1, first_seed=3)
    assert set(totals) == {"views", "no_views"}
    for way in totals.values():
        assert way["games"] == 1 and way["decisions"] > 0 and way["cpu_s"] > 0
    # Building views reads the game only: the same seed plays the same match.
    assert totals["views"]["decisions"] == totals["no_views"]["decisions"]


def test_arguments_and_their_environment_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOTBOWL_CHECKOUT", raising=False)
    args = peers.parse_args([])
    assert args.botbowl is None and args.rounds == 3 and args.worker is None
    assert args.botbowl_agent == "random_bot" and not args.botbowl_pathfinding
    monkeypatch.setenv("BOTBOWL_CHECKOUT", "/somewhere/botbowl")
    assert peers.parse_args([]).botbowl == "/somewhere/botbowl"
    args = peers.parse_args(["--botbowl", "/bb", "--python", "/py", "--rounds", "5",
                             "--botbowl-agent", "uniform", "--botbowl-pathfinding"])
    assert (args.botbowl, args.python, args.rounds) == ("/bb", "/py", 5)
    assert args.botbowl_agent == "uniform" and args.botbowl_pathfinding


def test_botbowls_python_from_the_environment_or_a_venv_beside_the_checkout(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOTBOWL_PYTHON", "/their/python")
    assert peers.default_python(str(tmp_path / "botbowl")) == "/their/python"
    monkeypatch.delenv("BOTBOWL_PYTHON")
    assert peers.default_python(str(tmp_path / "botbowl")) == sys.executable
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.touch()
    assert peers.default_python(str(tmp_path / "botbowl")) == str(python)


def test_rounds_interleave_and_the_figures_are_their_medians(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Stand-in workers: botbowl 100 decisions and 1 game a CPU second; Eden 50 / 2 with
    views and 200 / 8 without."""
    sides: list[str] = []

    def spawn(command: list[str]) -> dict[str, Any]:
        side = command[command.index("--worker") + 1]
        sides.append(side)
        if side == "botbowl":
            return {"games": 2, "decisions": 200, "cpu_s": 2.0, "compiled_pathfinding": True}
        return {"views": {"games": 2, "decisions": 50, "cpu_s": 1.0},
                "no_views": {"games": 2, "decisions": 50, "cpu_s": 0.25}}

    monkeypatch.setattr(peers, "_spawn", spawn)
    out = tmp_path / "peers.json"
    figures = peers.measure(peers.parse_args(
        ["--botbowl", str(tmp_path), "--python", "/py", "--rounds", "2", "--out", str(out)]))
    assert sides == ["botbowl", "eden", "eden", "botbowl"]
    assert figures["peer_botbowl_decisions_per_s"] == 100
    assert figures["peer_eden_decisions_per_s"] == 50
    assert figures["peer_decisions_x"] == 0.5 and figures["peer_games_x"] == 2
    assert figures["peer_noview_decisions_x"] == 2 and figures["peer_noview_games_x"] == 8
    written = json.loads(out.read_text())
    assert written["figures"] == figures and len(written["rounds"]) == 2
    assert "goal >= 2x: met" in capsys.readouterr().out
