"""Pit Duel at the web table with no web part of its own (issue 42): the generic defaults of
:class:`skirmish.web.game_parts.WebPart` make it offered in the lobby and playable at the
table - its view, its legal actions as text, its ruleset's picture, and one clear line for
what it lacks (line of sight, exact odds)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from skirmish.web import create_app
from skirmish.web.game_parts import WebPart, web_part


def _state(ws: Any) -> dict[str, Any]:
    while True:
        frame = ws.receive_json()
        if frame["type"] == "state":
            return dict(frame)


def test_a_game_without_a_web_part_gets_the_defaults() -> None:
    part = web_part("pitduel")
    assert type(part) is WebPart and part.title == "Pit Duel"


def test_the_lobby_offers_it_and_the_table_plays_it(tmp_path: Path) -> None:
    with TestClient(create_app(data_dir=tmp_path)) as client:
        options = client.get("/api/options").json()
        assert "pitduel" in options["rulesets"] and options["pitduel"] == {}
        page = client.get("/?lang=en").text
        assert '<option value="pitduel"' in page and "Pit Duel" in page
        made = client.post("/api/matches", json={"ruleset": "pitduel", "setup": {"rounds": 2}})
        assert made.status_code == 201, made.text
        assert client.post("/api/matches", json={"ruleset": "pitduel",
                                                 "troops": []}).status_code == 400
        join = made.json()["join"]
        tokens = {int(seat): link.rsplit("/", 1)[1] for seat, link in join.items()}
        # the table page asks for no picture: a game without a board sends it anyway
        sockets = [client.websocket_connect(f"/ws/{made.json()['id']}?picture=0",
                                            headers={"x-seat-token": tokens[seat]})
                   for seat in (0, 1)]
        with sockets[0] as ws_a, sockets[1] as ws_b:
            frames = [_state(ws_a), _state(ws_b)]
            decider = frames[0]["view"]["attacker"] ^ 1  # the defender guards first
            mine = frames[decider]
            assert mine["legal"] and all(text.startswith("guard ") for text in mine["legal"])
            assert mine["svg"].startswith("<svg") and frames[1 - decider]["legal"] == []
            ws = (ws_a, ws_b)[decider]
            ws.send_json({"type": "odds", "text": mine["legal"][0]})
            assert ws.receive_json()["message"] == "Pit Duel (pitduel) has no exact odds"
            ws.send_json({"type": "sight", "from": "A.Ash", "to": "B.Dane"})
            assert "has no line of sight" in ws.receive_json()["message"]
            ws.send_json({"type": "probe", "text": mine["legal"][0]})
            assert ws.receive_json()["legal"] is True
            ws.send_json({"type": "action", "text": mine["legal"][0]})
            after = _state((ws_a, ws_b)[1 - decider])
            assert after["count"] == 1 and after["legal"]
            assert after["view"]["guard"] == "?"  # the attacker does not see the guard (rule 3)
        page = client.get(f"/match/{made.json()['id']}").text
        assert "/static/common.js" in page
