"""``skirmish replay FILE --verify``: exit 0 when every line matches the re-play; exit 2
with the first difference and its line number, one line on stderr, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core import RandomAgent, Record, play
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup

runner = CliRunner()


@pytest.fixture
def record(tmp_path: Path) -> Path:
    game = EDEN.new_game(demo_setup(max_rounds=1), seed=3)
    play(game, [RandomAgent(3), RandomAgent(4)])
    path = tmp_path / "game.jsonl"
    Record.of(game, events=True).save(path)
    return path


def test_an_intact_record_is_verified(record: Path) -> None:
    result = runner.invoke(app, ["replay", str(record), "--verify"])
    assert result.exit_code == 0, result.output
    assert "verified" in result.stdout and result.stderr == ""


def assert_one_line_error(result_stderr: str, line: int) -> str:
    lines = result_stderr.splitlines()
    assert len(lines) == 1, result_stderr
    assert "Traceback" not in result_stderr
    assert f", line {line}: " in lines[0]
    return lines[0]


def test_an_edited_die_face_is_reported_at_its_line(record: Path) -> None:
    lines = record.read_text(encoding="utf-8").split("\n")[:-1]
    number = next(n for n, text in enumerate(lines, start=1)
                  if json.loads(text).get("kind") == "roll" and json.loads(text)["faces"])
    event = json.loads(lines[number - 1])
    event["faces"][0] = 1 if event["faces"][0] != 1 else 2
    lines[number - 1] = json.dumps(event)
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(record), "--verify"])
    assert result.exit_code == 2
    message = assert_one_line_error(result.stderr, number)
    assert "'faces' differs" in message and message.startswith("error: ")
    # Without --verify the actions alone still re-play.
    assert runner.invoke(app, ["replay", str(record)]).exit_code == 0


def test_a_forged_winner_and_a_duplicate_end_line(record: Path) -> None:
    lines = record.read_text(encoding="utf-8").split("\n")[:-1]
    end = json.loads(lines[-1])
    end["outcome"]["winner"] = 1
    forged = [*lines[:-1], json.dumps(end)]
    record.write_text("\n".join(forged) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(record), "--verify"])
    assert result.exit_code == 2
    assert "'outcome.winner' differs" in assert_one_line_error(result.stderr, len(lines))

    record.write_text("\n".join([*lines, lines[-1]]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(record), "--verify"])
    assert result.exit_code == 2
    assert "second end line" in assert_one_line_error(result.stderr, len(lines) + 1)


def test_a_non_json_line_in_a_subprocess(record: Path) -> None:
    import subprocess
    import sys

    lines = record.read_text(encoding="utf-8").split("\n")[:-1]
    lines[2] = lines[2][:10]
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = "from skirmish.cli.main import main; main()"
    done = subprocess.run([sys.executable, "-c", code, "replay", str(record), "--verify"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert "not JSON" in assert_one_line_error(done.stderr, 3)
