"""The players' own cards at the web table (``skirmish serve --content DIR``): the server is
given its card library; the lobby offers the new faction, troops may name the new fighters,
a match is played with them; a broken content folder stops ``serve`` before it starts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from skirmish.games.eden.content import load_library
from skirmish.web import create_app

from .conftest import create, hub_of, next_state, seat_headers, token_of

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
  abilities: [Street fighter]
- name: Oleg Stonehand
  stigma: Chaos
  types: [Human]
  value: 20
  limbs:
    head: {white_cp: 1, red_cp: 1, white: 3, red: 2, faces: [1]}
    arms: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [4, 5]}
    legs: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [6]}
  equipment: [Machete]
"""
MINE = {"name": "Mine", "type": "faction", "budget": 100,
        "fighters": ["Nadia Longstride", "Oleg Stonehand"]}


@pytest.fixture
def content(tmp_path: Path) -> Path:
    folder = tmp_path / "my-cards"
    folder.mkdir()
    (folder / "wanderers.yaml").write_text(WANDERERS, encoding="utf-8")
    return folder


@pytest.fixture
def own(content: Path, data_dir: Path) -> Iterator[TestClient]:
    app = create_app(data_dir=data_dir, library=load_library([content]))
    with TestClient(app) as test_client:
        yield test_client


def test_the_lobby_offers_the_players_own_faction(own: TestClient) -> None:
    options = own.get("/api/options").json()
    assert "Wanderers" in options["factions"] and "Jokers" in options["factions"]
    page = own.get("/").text
    assert '<option value="Wanderers"' in page and '<option value="Jokers"' in page
    answer = own.post("/api/troops/validate", json=MINE)
    assert answer.status_code == 200, answer.text
    assert answer.json()["summary"].startswith(
        "a legal faction troop - Nadia Longstride, Oleg Stonehand: 45/100 points")


def test_a_match_with_the_players_own_fighters(own: TestClient) -> None:
    made = create(own, troops=[MINE, "Wanderers"], rounds=1)
    game = hub_of(own).rooms[made["id"]].game
    with own.websocket_connect(f"/ws/{made['id']}",
                               headers=seat_headers(token_of(made["join"]["0"]))) as ws:
        frame = next_state(ws)
    names = {f["name"] for f in frame["view"]["fighters"]}
    assert names == {"Nadia Longstride", "Oleg Stonehand"}
    assert frame["svg"].startswith("<svg") and "Nadia Longstride" in frame["svg"]
    assert game.view(0)["fighters"] == frame["view"]["fighters"]


def test_without_them_the_sample_cards_only(client: TestClient) -> None:
    assert "Wanderers" not in client.get("/api/options").json()["factions"]
    answer = client.post("/api/troops/validate", json=MINE)
    assert answer.status_code == 422 and "Nadia Longstride" in answer.json()["error"]


def test_serve_reads_the_content_before_it_starts(content: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from skirmish.cli.main import app

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda application, **_: served.append(application))
    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--data", str(tmp_path / "data"),
                                 "--content", str(content)])
    assert result.exit_code == 0, result.output
    hub = served[0].state.hub
    hub.store.close()
    assert "Wanderers" in hub.library.factions()
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "bad.yaml").write_text("fighters: [\n", encoding="utf-8")
    result = runner.invoke(app, ["serve", "--data", str(tmp_path / "data"),
                                 "--content", str(broken)])
    assert result.exit_code == 2 and "bad.yaml" in result.output, result.output
    assert "Traceback" not in result.output and len(served) == 1


def test_a_match_keeps_its_cards_without_the_content(content: Path, data_dir: Path) -> None:
    with TestClient(create_app(data_dir=data_dir, library=load_library([content]))) as first:
        made = create(first, troops=[MINE, "Bamaka"], rounds=1)
    # the server starts again with the sample cards only: the match is restored from its set-up
    with TestClient(create_app(data_dir=data_dir)) as again, again.websocket_connect(
            f"/ws/{made['id']}", headers=seat_headers(token_of(made["join"]["0"]))) as ws:
        frame = next_state(ws)
    assert {"Nadia Longstride", "Oleg Stonehand"} <= {f["name"] for f in frame["view"]["fighters"]}
