"""The ``skirmish`` command: help, version, demo and replay."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skirmish import __version__
from skirmish.cli.main import app

runner = CliRunner()


def test_help_and_version() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0 and "demo" in result.output and "replay" in result.output
    result = runner.invoke(app, ["version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_demo_narrates_and_its_record_verifies(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["demo", "--seed", "3", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "round 1 begins" in result.output and "Result" in result.output
    assert "deploys" in result.output or "deployed" in result.output
    assert "VP A" in result.output
    result = runner.invoke(app, ["replay", str(record), "--verify"])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output


def test_a_tampered_record_fails_verification(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    runner.invoke(app, ["demo", "--seed", "4", "--record", str(record)])
    lines = record.read_text().splitlines()
    end = json.loads(lines[-1])
    end["hash"] = "0" * 64
    lines[-1] = json.dumps(end)
    record.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(record), "--verify"])
    assert result.exit_code == 2
    assert "state hash differs" in result.output


def test_a_broken_record_is_a_clear_error(tmp_path: Path) -> None:
    record = tmp_path / "bad.jsonl"
    record.write_text('{"type": "action"}\n')
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 2 and "first line must be a header" in result.output


def test_the_version_is_the_package_metadata() -> None:
    """The version is the installed distribution's metadata (setuptools-scm, from the git
    tags: issue 48); pyproject.toml writes none by hand."""
    import tomllib
    from importlib.metadata import PackageNotFoundError, version
    from pathlib import Path

    import skirmish

    project = tomllib.loads(Path(__file__).parents[2].joinpath("pyproject.toml").read_text())
    assert project["project"]["dynamic"] == ["version"]
    try:
        expected = version(skirmish.DISTRIBUTION)
    except PackageNotFoundError:
        expected = skirmish.SOURCE_VERSION
    assert skirmish.__version__ == expected
