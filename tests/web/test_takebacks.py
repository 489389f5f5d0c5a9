"""Takebacks at the web table (docs/web.md, Takebacks), through the websocket: at once
against a bot and in hot-seat, by request and consent between people; append-only (the
stored entries stay; a restart re-derives the same game); the dice go on; the record of a
match with takebacks verifies (``skirmish replay --verify`` too)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from skirmish.cli.main import app as cli_app
from skirmish.core.dice import dice_from_json
from skirmish.core.game import Game
from skirmish.core.record import verify_jsonl
from skirmish.games.eden.demo import demo_setup
from skirmish.web import create_app
from skirmish.web import takebacks as tb
from skirmish.web.rooms import Room

from .conftest import create, hub_of, seat_headers, stored_match, token_of


def connect(client: TestClient, match_id: str, token: str | None = None) -> Any:
    return client.websocket_connect(f"/ws/{match_id}",
                                    headers=seat_headers(token) if token else {})


def state(ws: Any) -> dict[str, Any]:
    """The next state frame (handovers answered, other frames skipped)."""
    while True:
        frame = ws.receive_json()
        if frame["type"] == "state":
            return dict(frame)
        if frame["type"] == "handover":
            ws.send_json({"type": "ready"})


def my_turn(ws: Any, seat: int) -> dict[str, Any]:
    """State frames until ``seat`` decides (or the match is over)."""
    while True:
        frame = state(ws)
        if frame["over"] or frame["view"]["decision"]["player"] == seat:
            return frame


def room_of(client: TestClient, match_id: str) -> Room:
    return hub_of(client).rooms[match_id]


def fresh(room: Room, actions: list[Any]) -> Game:
    game = room.game.ruleset.new_game(room.info.setup, dice=dice_from_json(room.info.dice))
    for action in actions:
        game.apply(action)
    return game


def without_dice(game: Game) -> dict[str, Any]:
    data = game.to_json()
    for key in ("dice", "takebacks"):
        data.pop(key, None)
    return data


def counter(game: Game) -> int:
    return int(game.dice.to_json()["counter"])


def takeable(room: Room, seats: set[int]) -> bool:
    """Whether ``seats`` may take back now (no secret choice in the way)."""
    return tb.refusal(room.game, tb.target(room.game, seats)) is None


def past_the_secrets(ws: Any, seat: int, rng: random.Random, room: Room,
                     actions: int, frame: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``seat``'s decisions at random until the match holds ``actions`` actions,
    ``seat`` decides and may take back (no secret choice in the way)."""
    if frame is None or frame["over"] or frame["view"]["decision"]["player"] != seat:
        frame = my_turn(ws, seat)
    while len(room.game.history) < actions or not takeable(room, {seat}):
        ws.send_json({"type": "action", "text": rng.choice(frame["legal"])})
        frame = my_turn(ws, seat)
        assert not frame["over"]
    return frame


def test_against_a_bot_a_takeback_is_free_and_undoes_the_bots_reply(client: TestClient
                                                                    ) -> None:
    match_id, tokens = stored_match(client, demo_setup(), kinds=("human", "bot"))
    rng = random.Random(4)
    with connect(client, match_id, tokens[0]) as ws:
        frame = state(ws)
        room = room_of(client, match_id)
        frame = past_the_secrets(ws, 0, rng, room, 12, frame)
        assert frame["takeback"] == {"pending": None, "can": True, "free": True}
        before = list(room.game.history)
        players = [e.player for e in room.game.log if getattr(e, "action", None) is not None]
        mine = max(i for i, p in enumerate(players) if p == 0)
        drawn, stored = counter(room.game), room.stored
        ws.send_json({"type": "takeback"})
        frame = state(ws)
        game = room.game
        # back to the human's last decision: its action and the bot's reply are gone
        assert frame["count"] == mine == len(game.history) and frame["log_from"] == 0
        assert game.decision().player == 0 and list(game.history) == before[:mine]
        assert without_dice(game) == without_dice(fresh(room, before[:mine]))
        assert counter(game) == drawn  # the dice go on: none already seen comes again
        # append-only: every action stays stored, the takeback is one more entry
        entries = hub_of(client).store.actions(match_id)
        assert len(entries) == stored + 1 == room.stored
        assert entries[-1] == (0, f"#takeback {mine}")
        assert [text for _, text in entries[:len(before)]] == [str(a) for a in before]


def test_a_secret_choice_cannot_be_taken_back(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup(), kinds=("human", "bot"))
    with connect(client, match_id, tokens[0]) as ws:
        frame = my_turn(ws, 0)
        assert frame["view"]["decision"]["kind"] == "secret-bid"
        assert not frame["takeback"]["can"]
        ws.send_json({"type": "takeback"})
        assert "none of your actions" in ws.receive_json()["message"]
        ws.send_json({"type": "action", "text": "bid 1"})
        frame = state(ws)
        while frame["count"] < 2:
            frame = state(ws)
        ws.send_json({"type": "takeback"})
        error = ws.receive_json()
        while error["type"] != "error":
            error = ws.receive_json()
        assert "secret choice cannot be taken back" in error["message"]
        assert len(room_of(client, match_id).game.history) >= 2


def test_in_hot_seat_a_takeback_is_free(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup(), mode="hotseat")
    rng = random.Random(5)
    with connect(client, match_id, tokens[0]) as ws:
        frame = state(ws)
        room = room_of(client, match_id)
        while len(room.game.history) < 10 or not takeable(room, {0, 1}):
            ws.send_json({"type": "action", "text": rng.choice(frame["legal"])})
            frame = state(ws)
        before = list(room.game.history)
        assert frame["takeback"]["free"] and frame["takeback"]["can"]
        ws.send_json({"type": "takeback"})
        frame = state(ws)
        assert list(room.game.history) == before[:-1] and frame["count"] == len(before) - 1
        stored = hub_of(client).store.actions(match_id)
        assert stored[-1][1] == f"#takeback {len(before) - 1}"


def test_between_people_a_takeback_needs_the_other_seats_consent(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup())
    rng = random.Random(6)
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b, \
            connect(client, match_id) as watcher:
        frames = [state(a), state(b)]
        state(watcher)
        room = room_of(client, match_id)
        while len(room.game.history) < 10 or room.game.decision().player != 1 or \
                tb.target(room.game, {0}) != len(room.game.history) - 1 or \
                not takeable(room, {0}):
            decider = room.game.decision().player
            (a, b)[decider].send_json({"type": "action",
                                       "text": rng.choice(frames[decider]["legal"])})
            frames = [state(a), state(b)]
            state(watcher)
        assert frames[0]["takeback"] == {"pending": None, "can": True, "free": False}
        before, hashed = len(room.game.history), room.game.state_hash()
        # a spectator may not ask; a request waits for the other seat
        watcher.send_json({"type": "takeback"})
        assert "spectator" in watcher.receive_json()["message"]
        a.send_json({"type": "takeback"})
        asked = [state(a), state(b)]
        state(watcher)
        assert all(f["takeback"]["pending"] == {"seat": 0, "to": before - 1} for f in asked)
        assert room.game.state_hash() == hashed
        a.send_json({"type": "takeback", "answer": "accept"})
        assert "other seat answers" in a.receive_json()["message"]
        a.send_json({"type": "takeback"})
        assert "already waiting" in a.receive_json()["message"]
        # refused: nothing changes
        b.send_json({"type": "takeback", "answer": "refuse"})
        refused = [state(a), state(b)]
        state(watcher)
        assert all(f["takeback"]["pending"] is None for f in refused)
        assert room.game.state_hash() == hashed
        # withdrawn: nothing changes; only the asker withdraws
        a.send_json({"type": "takeback"})
        state(a), state(b), state(watcher)
        b.send_json({"type": "takeback", "answer": "withdraw"})
        assert "only the seat that asked" in b.receive_json()["message"]
        a.send_json({"type": "takeback", "answer": "withdraw"})
        state(a), state(b), state(watcher)
        assert room.game.state_hash() == hashed and room.ledger.current(room.game) is None
        # accepted: A's last action is taken back
        a.send_json({"type": "takeback"})
        state(a), state(b), state(watcher)
        b.send_json({"type": "takeback", "answer": "accept"})
        done = [state(a), state(b), state(watcher)]
        assert all(f["count"] == before - 1 and f["log_from"] == 0 for f in done)
        assert room.game.decision().player == 0
        texts = [text.split(" ")[0] for _, text in hub_of(client).store.actions(match_id)]
        assert texts[before:] == ["#ask", "#refuse", "#ask", "#withdraw", "#ask",
                                  "#takeback"]


def test_a_request_lapses_when_an_action_is_played(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup())
    rng = random.Random(7)
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b:
        frames = [state(a), state(b)]
        room = room_of(client, match_id)
        while len(room.game.history) < 10 or room.game.decision().player != 1 or \
                room.game.decision().kind.startswith("secret") or not takeable(room, {0}):
            decider = room.game.decision().player
            (a, b)[decider].send_json({"type": "action",
                                       "text": rng.choice(frames[decider]["legal"])})
            frames = [state(a), state(b)]
        a.send_json({"type": "takeback"})
        frames = [state(a), state(b)]
        b.send_json({"type": "action", "text": rng.choice(frames[1]["legal"])})
        frames = [state(a), state(b)]
        assert frames[0]["takeback"]["pending"] is None
        b.send_json({"type": "takeback", "answer": "accept"})
        assert "no takeback request" in b.receive_json()["message"]


def test_a_restart_re_derives_the_match_after_takebacks_and_its_record_verifies(
        data_dir: Path, tmp_path: Path) -> None:
    rng = random.Random(9)
    with TestClient(create_app(data_dir=data_dir)) as client:
        made = create(client, rounds=1, seats=[{"kind": "human"},
                                               {"kind": "bot", "agent": "random"}])
        with connect(client, made["id"], token_of(made["join"]["0"])) as ws:
            first = state(ws)
            room = room_of(client, made["id"])
            past_the_secrets(ws, 0, rng, room, 14, first)
            ws.send_json({"type": "takeback"})
            frame = past_the_secrets(ws, 0, rng, room, 16, state(ws))
            ws.send_json({"type": "takeback"})
            frame = state(ws)
        hashed, stored = room.game.state_hash(), room.stored
    with TestClient(create_app(data_dir=data_dir)) as client:
        room = room_of(client, made["id"])  # restored at start, from the stored entries
        assert room.game.state_hash() == hashed and room.stored == stored
        assert len(room.game.trail) > 0
        with connect(client, made["id"], token_of(made["join"]["0"])) as ws:
            frame = state(ws)
            while not frame["over"]:
                if frame["legal"]:
                    ws.send_json({"type": "action", "text": rng.choice(frame["legal"])})
                frame = state(ws)
        text = client.get(f"/api/matches/{made['id']}/record").text
        assert text.count('"type": "takeback"') == 2
        assert verify_jsonl(text).state_hash() == room.game.state_hash()
        # the replay page steps through the takebacks too
        count = client.get(f"/api/replays/{made['id']}/0").json()["count"]
        last = client.get(f"/api/replays/{made['id']}/{count}").json()
        assert last["over"] and last["step"] == count
        # an uploaded record with takebacks verifies and steps to the same end
        uploaded = client.post("/api/replays", content=text.encode())
        assert uploaded.status_code == 201, uploaded.text
        end = client.get(f"/api/replays/{uploaded.json()['id']}/{count}").json()
        assert end["over"] and end["view"] == last["view"]
    path = tmp_path / "takebacks.jsonl"
    path.write_text(text)
    result = CliRunner().invoke(cli_app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output and "kept after 2 takebacks" in result.output
    # a moment of the record is drawn from the kept actions, the dice where they went on
    drawn = tmp_path / "round1.json"
    result = CliRunner().invoke(cli_app, ["replay", str(path), "--table-at", "1",
                                          "--out", str(drawn)])
    assert result.exit_code == 0, result.output
    assert drawn.exists()


def test_another_process_re_derives_the_takebacks_from_the_notices(client: TestClient) -> None:
    """Scale-out: a second room on the same store (another server process) applies the
    stored entries, requests and takebacks included, as the fan-out notices hand them over
    (:meth:`Room.catch_up` with ``match:idx:player:text``), and reaches the same game."""
    import asyncio

    match_id, tokens = stored_match(client, demo_setup())
    hub = hub_of(client)
    info = hub.store.match(match_id)
    assert info is not None
    other = Room.restore(info, [], hub.store)
    rng = random.Random(12)
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b:
        frames = [state(a), state(b)]
        room = room_of(client, match_id)
        while len(room.game.history) < 10 or room.game.decision().player != 1 or \
                tb.target(room.game, {0}) != len(room.game.history) - 1 or \
                not takeable(room, {0}):
            decider = room.game.decision().player
            (a, b)[decider].send_json({"type": "action",
                                       "text": rng.choice(frames[decider]["legal"])})
            frames = [state(a), state(b)]
        a.send_json({"type": "takeback"})
        state(a), state(b)
        b.send_json({"type": "takeback", "answer": "accept"})
        state(a), state(b)
    entries = hub.store.actions(match_id)
    assert entries[-1][1].startswith("#takeback")

    async def notices() -> None:
        for idx, entry in enumerate(entries):
            await other.catch_up(idx, entry)

    asyncio.run(notices())
    assert other.stored == room.stored == len(entries)
    assert other.game.state_hash() == room.game.state_hash()


def test_takeback_messages_are_checked_and_rate_limited(tmp_path: Path) -> None:
    """``takeback`` is a message kind of its own: its ``answer`` is one of three words, and
    its bucket (docs/web.md, Limits) drops a flood; refused requests store nothing."""
    from starlette.websockets import WebSocketDisconnect

    from skirmish.web.settings import Rate, WebSettings

    settings = WebSettings(socket_rates={"takeback": Rate(1.0, 3)}, address_rates={})
    with TestClient(create_app(data_dir=tmp_path, settings=settings)) as client:
        made = create(client)
        with connect(client, made["id"], token_of(made["join"]["0"])) as ws:
            state(ws)
            for _ in range(8):
                ws.send_json({"type": "takeback"})
            answers = [ws.receive_json() for _ in range(4)]
            assert all("none of your actions" in a["message"] for a in answers[:3])
            assert answers[3]["rule"] == "limits" and "'takeback'" in answers[3]["message"]
            assert hub_of(client).store.actions(made["id"]) == []
        with connect(client, made["id"], token_of(made["join"]["0"])) as ws:
            state(ws)
            ws.send_json({"type": "takeback", "answer": "maybe"})
            error = ws.receive_json()
            assert "'answer' is one of accept, refuse, withdraw" in error["message"]
            try:
                ws.receive_json()
            except WebSocketDisconnect as closed:
                assert closed.code == 1008


def test_a_takeback_runs_the_clock_of_whoever_decides_after_it_with_no_increment(
        client: TestClient) -> None:
    """With a clock (docs/web.md, Clock), a takeback entry is stored with the clock: nobody
    decided, so nobody gets the increment; the seat that decides after it is the one whose
    time runs (web/clocks.py ``reran``)."""
    now = [1_000_000.0]
    hub_of(client).clock = lambda: now[0]
    made = create(client, clock={"minutes": 10, "increment": 5})
    match_id = made["id"]
    tokens = [token_of(link) for _, link in sorted(made["join"].items())]
    rng = random.Random(6)
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b:
        state(a), state(b)
        frames = [state(a), state(b)]  # both at the table: the clock starts
        room = room_of(client, match_id)
        while len(room.game.history) < 10 or room.game.decision().player != 1 or \
                tb.target(room.game, {0}) != len(room.game.history) - 1 or \
                not takeable(room, {0}):
            decider = room.game.decision().player
            (a, b)[decider].send_json({"type": "action",
                                       "text": rng.choice(frames[decider]["legal"])})
            frames = [state(a), state(b)]
        assert room.clock is not None and room.clock.running == 1
        left = list(room.clock.left)
        now[0] += 30  # B thinks; A asks to take back
        a.send_json({"type": "takeback"})
        state(a), state(b)
        now[0] += 7  # B accepts: A decides again
        b.send_json({"type": "takeback", "answer": "accept"})
        done = [state(a), state(b)]
        assert room.game.decision().player == 0
        for frame in done:
            assert frame["clock"]["running"] == 0
            assert frame["clock"]["left"][0] == pytest.approx(left[0], abs=0.11)
            assert frame["clock"]["left"][1] == pytest.approx(left[1] - 37, abs=0.11)
        stored = hub_of(client).store.clock(match_id)
        assert stored is not None and stored["running"] == 0
