"""Between people on several server processes (docs/web.md, Scale-out; Chat; Clock): a chat
message written on one process reaches the readers of another (a ``chat`` notice) and is shown
once to its writer's; a clock that runs out in one process ends the match in the other (an
``end`` notice makes it read the match again), and the match takes no action after."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection

from skirmish.core.dice import KeyedDice
from skirmish.core.ruleset import Outcome
from skirmish.games.eden.demo import demo_setup
from skirmish.web import clocks
from skirmish.web.rooms import Room
from skirmish.web.storage import (
    ConflictError,
    SeatInfo,
    Store,
    database_url,
    new_token,
    token_hash,
)

from .conftest import token_of
from .test_scaleout import Server


@pytest.fixture
def two_servers(fresh_postgres: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two ``skirmish serve`` processes on one fresh PostgreSQL database."""
    first = Server(fresh_postgres, tmp_path)
    try:
        second = Server(fresh_postgres, tmp_path)
    except BaseException:
        first.stop()
        raise
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def next_chat(ws: ClientConnection) -> dict[str, Any]:
    """The next chat frame (state frames before it are skipped)."""
    while True:
        frame = json.loads(ws.recv(timeout=20))
        assert frame["type"] != "error", frame
        if frame["type"] == "chat":
            return dict(frame)


def test_chat_crosses_processes_and_is_shown_once(two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    made = httpx.post(first.base + "/api/matches", json={"rounds": 1}, timeout=30).json()
    tokens = [token_of(made["join"][s]) for s in "01"]
    a, b = first.socket(made["id"], tokens[0]), second.socket(made["id"], tokens[1])
    try:
        a.send(json.dumps({"type": "chat", "text": "one"}))
        assert [m["text"] for m in next_chat(a)["messages"]] == ["one"]
        assert [m["text"] for m in next_chat(b)["messages"]] == ["one"]
        b.send(json.dumps({"type": "chat", "text": "two"}))
        assert [m["text"] for m in next_chat(b)["messages"]] == ["two"]
        # A's next chat frame is B's message: its own came once, not again by its notice
        assert [m["text"] for m in next_chat(a)["messages"]] == ["two"]
    finally:
        a.close()
        b.close()


def timed_rooms(url: str, now: float) -> tuple[Room, Room, Store, Store]:
    """One remote match with a started clock (A's minute running since ``now``), loaded by
    two stores (two server processes' views of it)."""
    stores = Store(database_url(url, None)), Store(database_url(url, None))
    token = new_token()
    seats = [SeatInfo(s, "human", None, "", token_hash(token)) for s in (0, 1)]
    clock = clocks.Clock(60.0, 0.0, [60.0, 60.0], running=0, since=now, started=True,
                         joined=[0, 1])
    match_id = stores[0].create_match(ruleset="eden", setup=demo_setup(max_rounds=1),
                                      dice=KeyedDice().to_json(), title="timed",
                                      mode="remote", seats=seats, clock=clock.to_json())
    rooms = []
    for store in stores:
        info = store.match(match_id)
        assert info is not None
        room = Room.restore(info, store.actions(match_id), store)
        room.now = lambda: now + 61  # A's time has run out
        rooms.append(room)
    return rooms[0], rooms[1], stores[0], stores[1]


def test_a_time_out_in_one_process_ends_the_match_in_the_other(fresh_postgres: str) -> None:
    one, other, *stores = timed_rooms(fresh_postgres, 1000.0)
    try:
        assert asyncio.run(clocks.time_out(one)) is True
        ended = Outcome(1, (), "player A ran out of time")
        assert one.game.outcome() == ended
        # the other process, told by the end notice, reads the match again
        # its own watcher finds the same: the match ended already, it adopts the stored end
        assert asyncio.run(clocks.time_out(other)) is True
        assert other.game.outcome() == ended
        info = stores[1].match(one.id)
        assert info is not None and info.status == "over" and info.outcome == ended.to_json()
        # an over match takes no action, whoever commits it
        with pytest.raises(ConflictError):
            stores[1].append(one.id, 0, 0, "bid 1")
        assert stores[1].actions(one.id) == []
    finally:
        for store in stores:
            store.close()


def test_a_process_told_of_the_end_reads_it(fresh_postgres: str) -> None:
    one, other, *stores = timed_rooms(fresh_postgres, 1000.0)
    try:
        assert asyncio.run(clocks.time_out(one)) is True
        asyncio.run(clocks.reload(other))
        assert other.game.is_over and other.game.outcome() == one.game.outcome()
        assert other.clock is not None and other.clock.running is None
    finally:
        for store in stores:
            store.close()
