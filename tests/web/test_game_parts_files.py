"""A game's browser files are its own (``/static/games/<name>/``); the addresses they had
among the generic files answer with a permanent redirect (skirmish.web.game_parts,
``moved_files``)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from skirmish.web import create_app
from skirmish.web.game_parts import web_parts


def test_every_moved_file_redirects_to_the_games_own(tmp_path: Path) -> None:
    moved = [(part.name, old, new) for part in web_parts()
             for old, new in part.moved_files.items()]
    assert len(moved) >= 2
    with TestClient(create_app(data_dir=tmp_path)) as client:
        for name, old, new in moved:
            answer = client.get(f"/static/{old}", follow_redirects=False)
            assert answer.status_code == 301
            assert answer.headers["location"] == f"/static/games/{name}/{new}"
            assert client.get(answer.headers["location"]).status_code == 200
        assert client.get("/static/common.js").status_code == 200
