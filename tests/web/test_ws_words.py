"""Issue 45: the web table's notation box takes moves in words too (web/rooms.py ``act``
resolves them with :mod:`skirmish.core.words` before applying): the action played is the one
the words became, its player is told it in a ``resolved`` frame, and an impossible request
is one error line that changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from skirmish.games.eden.demo import demo_setup

from .conftest import hub_of, next_state, seat_headers, stored_match


def connect(client: TestClient, match_id: str, token: str) -> Any:
    return client.websocket_connect(f"/ws/{match_id}", headers=seat_headers(token))


def test_a_move_in_words_through_the_websocket(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup())
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b:
        frames = [next_state(a), next_state(b)]
        sockets = (a, b)
        while not any(t.startswith("move ") for t in frames[0]["legal"] + frames[1]["legal"]):
            decider = frames[0]["view"]["decision"]["player"]
            sockets[decider].send_json({"type": "action", "text": frames[decider]["legal"][0]})
            frames = [next_state(a), next_state(b)]
        decider = frames[0]["view"]["decision"]["player"]
        me = sockets[decider]
        ref = next(t for t in frames[decider]["legal"] if t.startswith("move ")).split()[1]
        name = ref.split(".", 1)[1].lower()
        game = hub_of(client).rooms[match_id].game
        before = game.state_hash()
        me.send_json({"type": "action", "text": f"move {name} 12 north"})
        error = me.receive_json()
        assert error["type"] == "error" and "allowance is 10 cm" in error["message"]
        assert game.state_hash() == before and len(game.history) == frames[0]["count"]
        me.send_json({"type": "action", "text": f"move {name} 2 north"})
        frame = next_state(me)
        resolved = me.receive_json()
        assert resolved["type"] == "resolved" and resolved["text"] == f"move {name} 2 north"
        assert resolved["action"].startswith(f"move {ref} ") and "2 cm north" in resolved["said"]
        assert frame["count"] == frames[0]["count"] + 1
        assert str(game.history[-1]) == resolved["action"]
        stored = hub_of(client).store.actions(match_id)
        assert stored[-1] == (decider, resolved["action"])  # the record keeps the notation
