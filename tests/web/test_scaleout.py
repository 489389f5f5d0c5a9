"""Several server processes on one PostgreSQL database (docs/web.md, Scale-out): any process
serves any match, an action committed by one reaches the readers of another (LISTEN/NOTIFY),
exactly one applies a match's next action, and killing one (SIGKILL) mid-match loses nothing
acknowledged: its clients reconnect to the other."""

from __future__ import annotations

import json
import random
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import web_load as bench_load

from skirmish.core.dice import KeyedDice
from skirmish.games.eden.demo import demo_setup
from skirmish.web.fanout import libpq_url, parse_notice
from skirmish.web.rooms import STALE, Room
from skirmish.web.storage import (
    SeatInfo,
    Store,
    database_url,
    new_token,
    notice,
    token_hash,
)

from .conftest import token_of


class Server(bench_load.Server):
    """``skirmish serve`` in a process of its own on ``url``'s database (bench.web_load's),
    its output kept in ``folder``."""

    def __init__(self, url: str, folder: Path) -> None:
        super().__init__(folder, url, log=folder / f"server-{len(list(folder.glob('*.log')))}"
                                                   ".log")

    def socket(self, match_id: str, token: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{match_id}",
                       additional_headers={"x-seat-token": token}, open_timeout=10)


@pytest.fixture
def two_servers(fresh_postgres: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
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


def state(ws: ClientConnection, count: int | None = None) -> dict[str, Any]:
    """The next state frame (with ``count`` actions, when given)."""
    while True:
        frame = json.loads(ws.recv(timeout=20))
        assert frame["type"] != "error", frame
        if frame["type"] == "state" and (count is None or frame["count"] >= count):
            assert count is None or frame["count"] == count, frame["count"]
            return dict(frame)


def play(sockets: list[ClientConnection], frames: list[dict[str, Any]], rng: random.Random,
         actions: int) -> list[dict[str, Any]]:
    """``actions`` random legal actions, each acknowledged by a state frame on both
    sockets."""
    for _ in range(actions):
        if frames[0]["over"]:
            break
        decider = frames[0]["view"]["decision"]["player"]
        sockets[decider].send(json.dumps({"type": "action",
                                          "text": rng.choice(frames[decider]["legal"])}))
        count = frames[0]["count"] + 1
        frames = [state(ws, count) for ws in sockets]
    return frames


def test_a_match_played_across_two_processes_survives_killing_one(
        two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    made = httpx.post(first.base + "/api/matches", json={"rounds": 1}, timeout=30).json()
    tokens = [token_of(made["join"][s]) for s in "01"]
    rng = random.Random(5)
    # seat A on the first process, seat B on the second: each sees the other's actions
    a, b = first.socket(made["id"], tokens[0]), second.socket(made["id"], tokens[1])
    frames = play([a, b], [state(a), state(b)], rng, 12)
    acknowledged = frames[0]["count"]
    assert acknowledged >= 12 and frames[0]["count"] == frames[1]["count"]
    # SIGKILL the first process: seat A reconnects to the second, nothing acknowledged lost
    first.kill()
    a.close()
    a = second.socket(made["id"], tokens[0])
    again = state(a)
    assert again["seat"] == 0 and again["count"] == acknowledged
    assert again["view"] == frames[0]["view"]
    frames = play([a, b], [again, frames[1]], rng, 6)
    summary = httpx.get(f"{second.base}/api/matches/{made['id']}", timeout=10).json()
    assert summary["count"] == frames[0]["count"] == acknowledged + 6
    a.close()
    b.close()


# -- one process applies a match's next action ---------------------------------------------------
def two_rooms(url: str) -> tuple[Room, Room, Store, Store]:
    """One remote match, loaded by two stores (two server processes' views of it)."""
    stores = Store(database_url(url, None)), Store(database_url(url, None))
    token = new_token()
    seats = [SeatInfo(s, "human", None, "", token_hash(token)) for s in (0, 1)]
    setup = demo_setup(max_rounds=1)
    match_id = stores[0].create_match(ruleset="eden", setup=setup,
                                      dice=KeyedDice().to_json(), title="two", mode="remote",
                                      seats=seats)
    rooms = []
    for store in stores:
        info = store.match(match_id)
        assert info is not None
        rooms.append(Room.restore(info, store.actions(match_id), store))
    return rooms[0], rooms[1], stores[0], stores[1]


def test_a_room_behind_catches_up_inside_its_commit(fresh_postgres: str) -> None:
    one, other, *stores = two_rooms(fresh_postgres)
    assert one._commit(0, "bid 2", None) is None
    # the other process has not heard of it: its own commit first reads it, and A has bid
    assert other._commit(0, "bid 3", None) == ("not your turn: player B decides now", "")
    assert other.game.state_hash() == one.game.state_hash()
    assert other._commit(1, "bid 1", expected=0) == STALE  # chosen on the old table
    assert other._commit(1, "bid 1", None) is None
    assert stores[0].actions(one.id) == [(0, "bid 2"), (1, "bid 1")]
    for store in stores:
        store.close()


def test_exactly_one_of_two_processes_commits_the_same_decision(fresh_postgres: str) -> None:
    one, other, *stores = two_rooms(fresh_postgres)
    answers: list[Any] = [None, None]
    start = threading.Barrier(2)

    def commit(i: int, room: Room, text: str) -> None:
        start.wait()
        answers[i] = room._commit(0, text, None)

    threads = [threading.Thread(target=commit, args=(0, one, "bid 2")),
               threading.Thread(target=commit, args=(1, other, "bid 4"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(answer is None for answer in answers) == [False, True]
    stored = stores[0].actions(one.id)
    assert len(stored) == 1 and stored[0][0] == 0
    for store in stores:
        store.close()


def test_notices_name_the_match_and_the_action() -> None:
    assert parse_notice(notice("abc_DEF-12", 41, 1, "move B.x 3:4,5")) == (
        "abc_DEF-12", 41, (1, "move B.x 3:4,5"))
    assert parse_notice("abc_DEF-12:41") == ("abc_DEF-12", 41, None)
    assert notice("m", 3, 0, "x" * 9000) == "m:3"  # too long to ride along: read back
    assert parse_notice("garbage") is None and parse_notice("x:-1") is None
    assert libpq_url("postgresql+psycopg://u:p@h:5/db") == "postgresql://u:p@h:5/db"
