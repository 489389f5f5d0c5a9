"""A match's chat (docs/web.md, Chat; src/skirmish/web/chat.py): stored, sent to every reader,
its history sent on join, cleaned and capped on the server, rate-limited by its own buckets,
written by the seats only (a spectator reads it), absent in hot-seat, and carried to the
other server processes by a ``chat`` notice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from skirmish.web import chat, create_app
from skirmish.web.fanout import parse_event, parse_notice
from skirmish.web.settings import WebSettings
from skirmish.web.storage import CHANNEL, notice

from .conftest import create, hub_of, next_state, seat_headers, token_of


def connect(client: TestClient, match_id: str, token: str | None = None) -> Any:
    return client.websocket_connect(f"/ws/{match_id}",
                                    headers=seat_headers(token) if token else {})


def chat_frame(ws: Any) -> dict[str, Any]:
    """The next chat frame (state frames before it are skipped)."""
    while True:
        frame = ws.receive_json()
        if frame["type"] == "chat":
            return dict(frame)
        assert frame["type"] == "state", frame


def joined(*sockets: Any) -> None:
    """Each socket has joined: its state frame came, and a ping is answered (a socket's
    messages are read once its join, chat history included, is done)."""
    for ws in sockets:
        next_state(ws)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def two_seats(client: TestClient) -> tuple[str, list[str]]:
    made = create(client, seats=[{"kind": "human", "name": "Ann"},
                                 {"kind": "human", "name": "Bob"}])
    return made["id"], [token_of(made["join"][s]) for s in "01"]


def test_seats_chat_and_every_reader_gets_the_message_as_written(client: TestClient) -> None:
    match_id, tokens = two_seats(client)
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b, \
            connect(client, match_id) as watcher:
        joined(a, b, watcher)
        a.send_json({"type": "chat", "text": "  hi <b>Bob</b> & <script>x()</script>  "})
        frames = [chat_frame(ws) for ws in (a, b, watcher)]
        assert frames[0] == frames[1] == frames[2]
        [message] = frames[0]["messages"]
        # stored and sent as text (the page writes it with textContent), trimmed
        assert (message["seat"], message["name"], message["text"]) == (
            0, "Ann", "hi <b>Bob</b> & <script>x()</script>")
        b.send_json({"type": "chat", "text": "hello"})
        assert chat_frame(a)["messages"][0]["seat"] == 1
    stored = hub_of(client).store.chat(match_id)
    assert [(m["seat"], m["text"]) for m in stored] == [
        (0, "hi <b>Bob</b> & <script>x()</script>"), (1, "hello")]


def test_the_history_is_sent_on_join_to_seats_and_spectators(client: TestClient) -> None:
    match_id, tokens = two_seats(client)
    with connect(client, match_id, tokens[0]) as a:
        next_state(a)
        for text in ("one", "two"):
            a.send_json({"type": "chat", "text": text})
            chat_frame(a)
    for token in (tokens[1], None):
        with connect(client, match_id, token) as late:
            assert next_state(late)["type"] == "state"
            history = chat_frame(late)
            assert history["history"] is True
            assert [m["text"] for m in history["messages"]] == ["one", "two"]


def test_no_history_frame_when_the_chat_is_empty(client: TestClient) -> None:
    """A match nobody chatted in sends no chat frame (the socket's frames are unchanged)."""
    match_id, tokens = two_seats(client)
    with connect(client, match_id, tokens[0]) as a:
        next_state(a)
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}


def test_a_spectator_reads_but_cannot_write(client: TestClient) -> None:
    match_id, _tokens = two_seats(client)
    with connect(client, match_id) as watcher:
        next_state(watcher)
        watcher.send_json({"type": "chat", "text": "go left!"})
        error = watcher.receive_json()
        assert error["type"] == "error" and error["rule"] == "chat"
        assert "spectator" in error["message"]
    assert hub_of(client).store.chat(match_id) == []


def test_messages_are_cleaned_and_capped_on_the_server(client: TestClient) -> None:
    match_id, tokens = two_seats(client)
    with connect(client, match_id, tokens[0]) as a:
        next_state(a)
        # newlines and tabs become spaces; bidirectional overrides and zero-width go
        a.send_json({"type": "chat", "text": "a\n\tb\u202ec\u200bd"})
        assert chat_frame(a)["messages"][0]["text"] == "a bcd"
        for text, words in (("x" * (chat.MAX_CHAT + 1), f"at most {chat.MAX_CHAT}"),
                            ("\u200b\n ", "empty")):
            a.send_json({"type": "chat", "text": text})
            error = a.receive_json()
            assert error["type"] == "error" and error["rule"] == "chat"
            assert words in error["message"]
        a.send_json({"type": "chat", "text": "x" * chat.MAX_CHAT})  # the longest taken
        assert len(chat_frame(a)["messages"][0]["text"]) == chat.MAX_CHAT
    assert len(hub_of(client).store.chat(match_id)) == 2


def test_a_message_over_the_size_of_any_text_closes_the_socket(client: TestClient) -> None:
    match_id, tokens = two_seats(client)
    with connect(client, match_id, tokens[0]) as a:
        next_state(a)
        a.send_json({"type": "chat", "text": "x" * 401})
        assert "malformed" in a.receive_json()["message"]
        try:
            a.receive_json()
            raise AssertionError("the socket stayed open")
        except WebSocketDisconnect as exc:
            assert exc.code == 1008


def test_chat_has_its_own_rate_limit(data_dir: Path) -> None:
    """Five messages at once, then one a second (the clock of the buckets stands still)."""
    with TestClient(create_app(data_dir=data_dir, settings=WebSettings())) as client:
        hub = hub_of(client)
        hub.limits.buckets.clock = lambda: 1000.0
        burst = hub.settings.socket_rate("chat").burst
        assert burst == 5 and hub.settings.address_rate("chat").burst == 10
        match_id, tokens = two_seats(client)
        rate_limited(client, match_id, tokens[0], burst)
        assert len(hub.store.chat(match_id)) == burst


def rate_limited(client: TestClient, match_id: str, token: str, burst: int) -> None:
    with connect(client, match_id, token) as a:
        next_state(a)
        for n in range(burst):
            a.send_json({"type": "chat", "text": f"m{n}"})
            chat_frame(a)
        a.send_json({"type": "chat", "text": "one too many"})
        error = a.receive_json()
        assert error["type"] == "error" and "too many 'chat' messages" in error["message"]
        a.send_json({"type": "ping"})  # the other kinds are not spent
        assert a.receive_json() == {"type": "pong"}


def test_hot_seat_has_no_chat(client: TestClient) -> None:
    made = create(client, mode="hotseat")
    token = token_of(made["join"]["0"])
    with connect(client, made["id"], token) as device:
        device.receive_json()  # the first handover or state
        device.send_json({"type": "chat", "text": "hi me"})
        while True:
            frame = device.receive_json()
            if frame["type"] == "error":
                break
        assert frame["rule"] == "chat" and "hot-seat" in frame["message"]
    assert hub_of(client).store.chat(made["id"]) == []


def test_a_message_from_another_process_is_shown_and_ones_own_is_not_shown_twice(
        client: TestClient) -> None:
    """Scale-out at the hub's level: a ``chat`` notice of another process is shown to this
    process's readers; this process's own notice (PostgreSQL delivers it here too) is not."""
    hub = hub_of(client)
    match_id, tokens = two_seats(client)
    with connect(client, match_id, tokens[0]) as a:
        next_state(a)
        other = {"id": 41, "seat": 1, "text": "from afar", "at": 1.0, "origin": "elsewhere"}
        own = {**other, "id": 42, "text": "mine", "origin": chat.ORIGIN}
        portal = client.portal  # type: ignore[attr-defined]
        for payload in (own, other):
            parsed = parse_event(f"{match_id}:chat:{json.dumps(payload)}")
            assert parsed is not None and parsed[:2] == (match_id, "chat")
            portal.call(hub.event, *parsed)
        frame = chat_frame(a)
        assert [m["text"] for m in frame["messages"]] == ["from afar"]
        assert frame["messages"][0]["name"] == "Bob"


def test_chat_notices_are_not_actions() -> None:
    assert parse_notice('m1:chat:{"id":1}') is None
    assert parse_event("m1:5:0:bid 1") is None and parse_event("m1:5") is None
    assert parse_event("m1:end") == ("m1", "end", "")
    assert parse_event("m1:clock") == ("m1", "clock", "")
    payload = 'm1:chat:{"text":"a:b"}'
    assert parse_event(payload) == ("m1", "chat", '{"text":"a:b"}')
    assert CHANNEL and notice("m1", 0, 0, "bid 1") == "m1:0:0:bid 1"


def test_the_chat_is_deleted_with_its_match(client: TestClient) -> None:
    """Retention deletes a finished match's chat with it (the chat's rows name the match)."""
    store = hub_of(client).store
    match_id, _tokens = two_seats(client)
    store.add_chat(match_id, 0, "gg", 5.0)
    assert store.end_match(match_id, 0, {"winner": 0, "scores": [], "reason": "test"}) is not None
    info = store.match(match_id)
    assert info is not None and info.finished_at is not None
    assert store.prune(info.finished_at + 2 * 86400, 1, 0) == (1, 0)
    assert store.chat(match_id) == [] and store.match(match_id) is None
