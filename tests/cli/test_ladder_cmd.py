"""``skirmish ladder`` from the command line: the tables, the JSON and PNG files, the
history kept across runs, and bad input refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from tests.cli.test_lazy_imports import rules_modules

runner = CliRunner()
TINY = ["ladder", "--agents", "random,heuristic", "--games", "2", "--rounds", "1",
        "--seed", "4", "--quiet"]


def test_a_tiny_ladder_writes_json_png_and_history_reproducibly(tmp_path: Path) -> None:
    history = tmp_path / "history.jsonl"
    outputs = []
    for run, workers in enumerate(("1", "2")):
        out, png = tmp_path / f"ladder{run}.json", tmp_path / f"ladder{run}.png"
        result = runner.invoke(app, [*TINY, "--workers", workers, "--json", str(out),
                                     "--png", str(png), "--history", str(history)])
        assert result.exit_code == 0, result.output
        assert "Ratings (Bradley-Terry, Elo scale, random = 0)" in result.output
        assert "95% interval" in result.output and "Score % of the row agent" in result.output
        assert "(the slowest one, ms: " in result.output
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        outputs.append(json.loads(out.read_text()))
    first, second = outputs
    assert first["agents"] == ["random", "heuristic"] and first["games_per_pair"] == 2
    assert first["seed"] == 4 and first["engine_version"]
    assert [r["agent"] for r in first["ratings"]] == ["random", "heuristic"]
    assert first["ratings"][0]["elo"] == 0 and first["ratings"][0]["games"] == 2
    assert first["pairwise"][0]["games"] == 2 and len(first["win_rate"]) == 2
    assert set(first["timing"]) == {"date", "seconds", "ms_per_decision",
                                    "ms_slowest_decision"}
    first.pop("timing")
    second.pop("timing")
    assert json.dumps(first) == json.dumps(second)  # byte-identical apart from timings
    # each run appended a line; --show-history prints them side by side
    runs = [json.loads(line) for line in history.read_text().splitlines()]
    assert len(runs) == 2 and runs[0]["ratings"] == runs[1]["ratings"]
    shown = runner.invoke(app, ["ladder", "--show-history", str(history)])
    assert shown.exit_code == 0, shown.output
    assert "#1" in shown.output and "#2" in shown.output and "heuristic" in shown.output
    shown = runner.invoke(app, ["ladder", "--show-history", "--history", str(history),
                                "--last", "1"])
    assert shown.exit_code == 0 and "#2" in shown.output and "#1" not in shown.output


def test_compare_pairs_a_run_with_an_earlier_one_game_by_game(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    result = runner.invoke(app, [*TINY, "--workers", "1", "--json", str(old),
                                 "--no-history"])
    assert result.exit_code == 0, result.output
    new = tmp_path / "new.json"  # heuristic now sits where random sat
    result = runner.invoke(app, ["ladder", "--agents", "heuristic,random", "--games", "2",
                                 "--rounds", "1", "--seed", "4", "--quiet", "--workers", "1",
                                 "--no-history", "--compare", str(old), "--json", str(new)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Paired with" in text and "change (95%)" in text
    compared = json.loads(new.read_text())["compared"]
    assert [(row["agent"], row["was"], row["games"]) for row in compared] == [
        ("heuristic", "random", 2), ("random", "heuristic", 2)]
    assert compared[0]["difference"] == -compared[1]["difference"]


def _games_of(path: Path) -> list[dict[str, Any]]:
    """A report's games without their timings (which vary from run to run)."""
    data = json.loads(path.read_text())
    return [{k: v for k, v in g.items() if k not in ("seconds", "slowest")}
            for g in data["games"]]


def test_a_ladder_played_in_parts_reports_what_one_run_would(tmp_path: Path) -> None:
    """--log-dir keeps every game's record; --resume reuses them: a ladder stopped after two
    games and resumed with four reuses the first two and plays the others, and its report's
    games are those of one uninterrupted run."""
    logs, whole = tmp_path / "logs", tmp_path / "whole.json"
    four = [arg if arg != "2" else "4" for arg in TINY]
    result = runner.invoke(app, [*four, "--workers", "1", "--no-history", "--json", str(whole)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, [*TINY, "--workers", "1", "--no-history",
                                 "--log-dir", str(logs)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in logs.iterdir()) == [
        "batch.ndjson", "game-00000.jsonl", "game-00001.jsonl"]
    header = json.loads((logs / "game-00001.jsonl").read_text().splitlines()[0])
    assert header["type"] == "header" and header["ruleset"] == "eden"
    parts = tmp_path / "parts.json"
    result = runner.invoke(app, [*four, "--workers", "1", "--no-history", "--log-dir",
                                 str(logs), "--resume", "--json", str(parts)])
    assert result.exit_code == 0, result.output
    assert "2 game(s) reused, 2 played" in result.output
    assert _games_of(parts) == _games_of(whole)
    assert len(list(logs.glob("game-*.jsonl"))) == 4
    # a record that no longer matches its manifest line is played again, not trusted
    (logs / "game-00003.jsonl").write_text("{}\n")
    result = runner.invoke(app, [*four, "--workers", "1", "--no-history", "--log-dir",
                                 str(logs), "--resume", "--json", str(parts)])
    assert result.exit_code == 0, result.output
    assert "3 game(s) reused, 1 played" in result.output
    assert _games_of(parts) == _games_of(whole)


def test_an_interrupted_ladder_reports_the_games_it_finished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C during game 2 of 4: the report (tables and JSON) is on the two finished, and
    says so."""
    import skirmish.sim.ladder as ladder

    play = ladder.play_ladder_game

    def playing(spec: Any, index: int) -> Any:
        if index == 2:
            raise KeyboardInterrupt
        return play(spec, index)

    monkeypatch.setattr(ladder, "play_ladder_game", playing)
    out = tmp_path / "ladder.json"
    four = [arg if arg != "2" else "4" for arg in TINY]
    result = runner.invoke(app, [*four, "--workers", "1", "--no-history", "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "interrupted (Ctrl-C or SIGTERM): 2 of 4 games finished" in text
    assert "2 games in " in text and "4 games in " not in text
    data = json.loads(out.read_text())
    assert data["interrupted"] == {"games_planned": 4, "games_finished": 2}
    assert len(data["games"]) == 2


def test_a_ladder_in_the_background_stopped_by_kill_reports_and_keeps_its_games(
        tmp_path: Path) -> None:
    """A ladder started as ``nohup ... &`` starts it (SIGINT ignored, so Ctrl-C's signal
    cannot stop it) and stopped with ``kill`` (SIGTERM): it prints the games it finished,
    writes its JSON on them and exits 0; its log folder keeps them for ``--resume``."""
    import signal
    import time

    logs, out = tmp_path / "logs", tmp_path / "ladder.json"
    command = [sys.executable, "-m", "skirmish", *TINY[:4], "1000000", *TINY[5:], "--workers",
               "1", "--no-history", "--log-dir", str(logs), "--json", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, preexec_fn=lambda: signal.signal(
                                   signal.SIGINT, signal.SIG_IGN))
    try:
        deadline = time.monotonic() + 60
        while not list(logs.glob("game-00001.jsonl")) and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)  # ignored, as in the background
        time.sleep(0.3)
        assert process.poll() is None
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 0, output
    text = " ".join(output.split())
    data = json.loads(out.read_text())
    finished = data["interrupted"]["games_finished"]
    assert f"interrupted (Ctrl-C or SIGTERM): {finished} of 1000000 games finished" in text
    assert finished >= 2 and len(data["games"]) == finished
    lines = (logs / "batch.ndjson").read_text().splitlines()
    assert len(lines) == 1 + finished  # every finished game kept for --resume


def test_a_log_folder_of_another_ladder_is_refused_in_one_line(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    result = runner.invoke(app, [*TINY, "--workers", "1", "--no-history", "--log-dir",
                                 str(logs)])
    assert result.exit_code == 0, result.output
    before = sorted((p.name, p.stat().st_mtime_ns) for p in logs.iterdir())
    other = [arg if arg != "4" else "5" for arg in TINY]  # another seed
    result = runner.invoke(app, [*other, "--workers", "1", "--no-history", "--log-dir",
                                 str(logs), "--resume"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("error: --resume: ") and "another batch (seed 4, not 5)" in (
        lines[-1]), result.output
    assert sorted((p.name, p.stat().st_mtime_ns) for p in logs.iterdir()) == before


def test_the_commit_recorded_is_the_one_the_games_were_played_with(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long ladder names the code it ran, read before the games: a commit made while it
    plays is not the one measured."""
    import skirmish.sim.ladder as ladder

    played: list[int] = []
    play = ladder.play_ladder_game

    def playing(spec: Any, index: int) -> Any:
        played.append(index)
        return play(spec, index)

    monkeypatch.setattr(ladder, "play_ladder_game", playing)
    monkeypatch.setattr(ladder, "git_commit",
                        lambda: ("after", True) if played else ("before", False))
    out = tmp_path / "ladder.json"
    result = runner.invoke(app, [*TINY, "--workers", "1", "--json", str(out), "--no-history"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert played and data["commit"] == "before" and data["dirty"] is False


def test_no_history_writes_no_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                      ) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*TINY, "--workers", "1", "--no-history"])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--agents", "random,clever"], "--agents: unknown agent 'clever' (known: heuristic, "
                                    "mcts, random)"),
    (["--agents", "random"], "--agents: a ladder needs at least two agents"),
    (["--agents", "random,random"], "--agents: 'random' is named twice"),
    (["--agents", "random,heuristic:hard"], "agent 'heuristic' takes no preset or parameter"),
    ([], "--agents: name at least two agents"),
    (["--agents", "random,heuristic", "--games", "0"], "--games"),
    (["--agents", "random,heuristic", "--game", "chess"], "--game: eden or masseffect"),
    (["--agents", "random,heuristic", "--troops", "elves"], "--troops: 'elves' is neither"),
    (["--agents", "random,heuristic", "--game", "masseffect", "--scenarios", "Nope"],
     "--scenarios: no scenario 'Nope'; the scenarios: Escarmouche"),
    (["--agents", "random,heuristic", "--scenarios", "Escarmouche"],
     "--scenarios: Eden's matches have no scenario to choose"),
    (["--agents", "random,heuristic", "--game", "masseffect", "--scenarios", " , "],
     "--scenarios: name at least one scenario"),
    (["--agents", "random,heuristic", "--workers", "0"], "--workers"),
    (["--agents", "random,heuristic", "--resume"], "--resume: reuses the games of --log-dir"),
    (["--agents", "random,heuristic", "--log-dir", "history.jsonl"],
     "history.jsonl: the record folder is a file, not a folder"),
    (["--show-history", "nowhere.jsonl"], "nowhere.jsonl: no ladder history yet"),
    (["stray.jsonl", "--agents", "random,heuristic"], "only with --show-history"),
    (["--agents", "random,heuristic", "--compare", "gone.json"],
     "--compare: gone.json: no such file"),
    (["--agents", "random,heuristic", "--compare", "history.jsonl"],
     "--compare: history.jsonl: not JSON"),
    (["--agents", "random,heuristic", "--compare", "other.json"],
     "--compare: other.json: its seed differs from this run's (9 against 0)"),
])
def test_bad_input_is_refused_in_one_line(args: list[str], message: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "history.jsonl").write_text('{"ratings": {}}\n{"ratings": {}}\n')
    (tmp_path / "other.json").write_text(json.dumps({"ladder": 1, "games": [], "game": "eden",
                                                       "seed": 9}))
    result = runner.invoke(app, ["ladder", *args, "--no-history", "--quiet"])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()  # refused before any game


def test_a_broken_history_line_is_named(tmp_path: Path) -> None:
    history = tmp_path / "h.jsonl"
    history.write_text('{"ratings": {"random": {"elo": 0, "interval": [0, 0]}}}\n[1, 2]\n')
    result = runner.invoke(app, ["ladder", "--show-history", str(history)])
    assert result.exit_code == 2 and "h.jsonl, line 2: not a ladder run" in result.output


def test_ladder_help_loads_no_engine_module() -> None:
    code = ("import sys, json; from typer.testing import CliRunner; "
            "from skirmish.cli.main import app; "
            "out = CliRunner().invoke(app, ['ladder', '--help']).output; "
            "assert 'Bradley-Terry' in out, out; print(json.dumps(sorted(sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True).stdout)
    heavy = ("skirmish.sim", "skirmish.bots", "numpy", "matplotlib")
    assert not [m for m in loaded if m.startswith(heavy)]
    assert rules_modules(loaded) == []


def test_a_batch_whose_output_is_not_a_terminal_reports_plain_progress_lines() -> None:
    """A long ladder sent to a file (nohup, a CI log) says how far it is at every tenth;
    a terminal gets the progress bar, --quiet nothing."""
    import io

    from rich.console import Console

    from skirmish.cli.backend_options import play_batch
    from skirmish.sim.backends import Collected

    def run(tick: Any) -> Collected[int]:
        for game in range(20):
            if tick is not None:
                tick(game)
        return Collected(list(range(20)), 20)

    out = io.StringIO()
    play_batch("ladder", 20, run, Console(file=out, force_terminal=False, width=100))
    lines = [line for line in out.getvalue().splitlines() if line.startswith("ladder: ")]
    assert [line.split()[1] for line in lines] == [f"{n}/20" for n in range(2, 21, 2)]
    assert "games/s" in lines[-1]
    quiet = io.StringIO()
    play_batch("ladder", 20, run, Console(file=quiet, force_terminal=False), quiet=True)
    assert quiet.getvalue() == ""


def test_a_junk_history_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """Issue 46: a ``--history`` file that is not a ladder history was appended to."""
    junk = tmp_path / "notes.txt"
    junk.write_text("my notes, not a ladder run\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["ladder", "--agents", "random,heuristic", "--games", "2",
                                      "--history", str(junk), "--quiet"])
    assert result.exit_code == 2
    assert "--history" in result.output and "notes.txt, line 1" in result.output
    assert junk.read_text(encoding="utf-8") == "my notes, not a ladder run\n"


def test_balance_bootstrap_is_bounded() -> None:
    result = CliRunner().invoke(app, ["balance", "--bootstrap", "1000000000", "--quiet"])
    assert result.exit_code == 2 and "--bootstrap" in result.output
