"""``skirmish serve``: the card libraries it hands the web table, read and checked before
the server starts (uvicorn is not started here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()

GETH = """faction: Geth
profiles:
- |
  Sentinelle geth (4 points) :
  Tir : 4+
  Défense : 5+
  Mêlée : 5+
  Qualité : 5+
  Vitalité : 2
  Héroïsme : -
  Traits : Bouclier (5+, 1)
  Équipement : Fusil à impulsions
"""


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    import uvicorn

    import skirmish.web.server as server

    seen: dict[str, Any] = {}

    def create_app(*args: Any, **kwargs: Any) -> str:
        seen.update(kwargs)
        return "app"

    monkeypatch.setattr(server, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.setdefault("ran", app))
    return seen


def test_both_games_own_cards_reach_the_web_table(tmp_path: Path,
                                                  started: dict[str, Any]) -> None:
    (tmp_path / "geth.yaml").write_text(GETH, encoding="utf-8")
    result = runner.invoke(app, ["serve", "--masseffect-content", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert started["ran"] == "app" and started["library"] is not None
    assert "Sentinelle geth" in started["masseffect_library"].profiles


def test_without_them_the_sample_cards_are_read_when_needed(started: dict[str, Any]) -> None:
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 0, result.output
    assert started["masseffect_library"] is None


def test_a_broken_card_stops_the_server_before_it_starts(tmp_path: Path,
                                                         started: dict[str, Any]) -> None:
    (tmp_path / "geth.yaml").write_text(GETH.replace("Tir : 4+", "Tir : 9+"), encoding="utf-8")
    result = runner.invoke(app, ["serve", "--masseffect-content", str(tmp_path)])
    assert result.exit_code == 2 and "ran" not in started
    assert "geth.yaml" in result.output and "Traceback" not in result.output


def test_flags_and_environment_make_the_settings(started: dict[str, Any],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_SPECTATORS_PER_MATCH", "3")
    result = runner.invoke(app, ["serve", "--public-origin", "https://table.example",
                                 "--log-format", "json"])
    assert result.exit_code == 0, result.output
    settings = started["settings"]
    assert settings.public_origins == ("https://table.example",)
    assert settings.log_format == "json" and settings.spectators_per_match == 3


def test_a_bad_setting_stops_the_server_in_one_line(started: dict[str, Any],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_SPECTATORS_PER_MATCH", "lots")
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2 and "ran" not in started
    assert "SKIRMISH_SPECTATORS_PER_MATCH" in result.output
    assert len(result.output.strip().splitlines()) == 1
    monkeypatch.delenv("SKIRMISH_SPECTATORS_PER_MATCH")
    result = runner.invoke(app, ["serve", "--public-origin", "table.example"])
    assert result.exit_code == 2 and "public_origins" in result.output
