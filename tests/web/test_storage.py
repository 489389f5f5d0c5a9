"""Storage (docs/web.md): matches, seats, actions committed with the match's count in one
guarded transaction, uploaded records; SQLite in WAL mode; PostgreSQL with the same code
where a server is available."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from skirmish.web.storage import (
    ConflictError,
    SeatInfo,
    Store,
    database_url,
    new_id,
    new_token,
    token_hash,
)

SETUP = {"troops": []}


def fill(store: Store) -> str:
    seats = [SeatInfo(0, "human", None, "Ann", token_hash("tok-a")),
             SeatInfo(1, "bot", "heuristic", "heuristic", None)]
    return store.create_match(ruleset="eden", setup=SETUP, dice={"kind": "keyed", "key": "00"},
                              title="t", mode="remote", seats=seats)


def check_store(store: Store) -> None:
    match_id = fill(store)
    info = store.match(match_id)
    assert info is not None and info.status == "open" and info.action_count == 0
    assert [s.kind for s in info.seats] == ["human", "bot"]
    assert info.summary()["seats"][1] == {"seat": 1, "kind": "bot", "agent": "heuristic",
                                          "name": "heuristic"}
    assert "token_hash" not in str(info.summary())
    store.append(match_id, 0, 0, "bid 1")
    store.append(match_id, 1, 1, "bid 2")
    # a stale writer (count no longer 1) stores nothing
    with pytest.raises(ConflictError):
        store.append(match_id, 1, 1, "bid 5")
    with pytest.raises(ConflictError):
        store.append(match_id, 5, 0, "bid 5")
    assert store.actions(match_id) == [(0, "bid 1"), (1, "bid 2")]
    assert match_id in store.open_matches()
    store.append(match_id, 2, 0, "end", outcome={"winner": 0}, over=True)
    info = store.match(match_id)
    assert info is not None
    assert (info.status, info.action_count, info.outcome) == ("over", 3, {"winner": 0})
    assert match_id not in store.open_matches()
    assert [(i.id, seat) for i, seat in store.matches_of({match_id: token_hash("tok-a")})] == [
        (match_id, 0)]
    assert store.matches_of({match_id: token_hash("wrong")}) == []
    assert store.matches_of({"nosuchmatch": token_hash("tok-a")}) == []
    replay = store.add_replay("{}\n")
    assert store.replay(replay) == "{}\n" and store.replay("nope") is None
    assert store.match("nope") is None


def test_sqlite_store_commits_actions_with_the_count(tmp_path: Path) -> None:
    store = Store(database_url(None, tmp_path / "d"))
    try:
        check_store(store)
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert (tmp_path / "d" / "skirmish.db").exists()
    finally:
        store.close()


def test_a_second_store_on_the_same_file_sees_every_commit(tmp_path: Path) -> None:
    url = database_url(None, tmp_path)
    first = Store(url)
    match_id = fill(first)
    first.append(match_id, 0, 0, "bid 1")
    second = Store(url)  # as after a restart
    assert second.actions(match_id) == [(0, "bid 1")]
    first.close()
    second.close()


def test_tokens_ids_and_urls() -> None:
    token = new_token()
    assert len(token) >= 43  # 32 bytes, url-safe base64: 256 bits
    assert new_token() != token and len(new_id()) == 12
    assert token_hash(token) != token and len(token_hash(token)) == 64
    assert database_url("sqlite:///x.db", None) == "sqlite:///x.db"
    try:
        url = database_url("postgresql://u:p@h/db", None)
    except RuntimeError as exc:
        assert "driver" in str(exc)
    else:
        assert url.startswith(("postgresql+psycopg://", "postgresql+psycopg2://"))


# -- PostgreSQL, where a server is available (the postgres_url fixture: conftest.py) ------
def test_postgresql_store_with_the_same_code(postgres_url: str) -> None:
    store = Store(database_url(postgres_url, None))
    try:
        check_store(store)
    finally:
        store.close()


def test_a_match_on_postgresql_is_played_and_restored(postgres_url: str) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web import create_app

    from .conftest import create, next_state, seat_headers, token_of

    rng = random.Random(4)
    with TestClient(create_app(db_url=postgres_url)) as client:
        made = create(client, rounds=1, seats=[{"kind": "human"},
                                               {"kind": "bot", "agent": "random"}])
        token = token_of(made["join"]["0"])
        with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(token)) as ws:
            frame = next_state(ws)
            while frame["count"] < 30 and not frame["over"]:
                if frame["legal"]:
                    ws.send_json({"type": "action", "text": rng.choice(frame["legal"])})
                frame = next_state(ws)
        count = frame["count"]
    with TestClient(create_app(db_url=postgres_url)) as client:
        with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(token)) as ws:
            frame = next_state(ws)
            assert frame["count"] >= count
            while not frame["over"]:
                if frame["legal"]:
                    ws.send_json({"type": "action", "text": rng.choice(frame["legal"])})
                frame = next_state(ws)
        assert client.get(f"/api/matches/{made['id']}/record").status_code == 200


# -- issue 44: expiring and re-issued links, private matches, retention, ping -------------------
def test_links_expire_and_can_be_reissued(tmp_path: Path) -> None:
    store = Store(database_url(None, tmp_path))
    try:
        seats = [SeatInfo(0, "human", None, "Ann", token_hash("a"), token_expires_at=1000.0),
                 SeatInfo(1, "bot", "random", "random", None)]
        match_id = store.create_match(ruleset="eden", setup=SETUP, dice={"k": 1}, title="t",
                                      mode="remote", seats=seats, owner_hash=token_hash("own"),
                                      spectator_hash=token_hash("spy"))
        info = store.match(match_id)
        assert info is not None and info.private and info.finished_at is None
        assert info.owner_hash == token_hash("own") and info.spectator_hash == token_hash("spy")
        assert info.seats[0].token_expires_at == 1000.0 and info.seats[1].token_expires_at is None
        summary = str(info.summary())
        assert info.summary()["private"] is True
        assert token_hash("own") not in summary and token_hash("spy") not in summary
        assert token_hash("a") not in summary
        # an expired link holds no seat when the time is given (the old behaviour when not)
        assert [seat for _, seat in store.matches_of({match_id: token_hash("a")}, now=999.0)] \
            == [0]
        assert store.matches_of({match_id: token_hash("a")}, now=1000.0) == []
        assert len(store.matches_of({match_id: token_hash("a")})) == 1
        # re-issued: the old link stops working, the new one works until its own expiry
        assert store.reissue_seat(match_id, 0, token_hash("b"), 5000.0)
        assert store.matches_of({match_id: token_hash("a")}) == []
        assert [seat for _, seat in store.matches_of({match_id: token_hash("b")}, now=4000.0)] \
            == [0]
        assert store.reissue_seat(match_id, 0, token_hash("c"), None)
        info = store.match(match_id)
        assert info is not None and info.seats[0].token_expires_at is None
        assert info.seats[0].held_by(token_hash("c"), now=1e12)
        assert not store.reissue_seat(match_id, 1, token_hash("d"), None)  # a bot's seat
        assert not store.reissue_seat(match_id, 2, token_hash("d"), None)
        assert not store.reissue_seat("nosuchmatch", 0, token_hash("d"), None)
        # a match made the old way: public, no owner, links that never expire
        old = store.match(fill(store))
        assert old is not None and not old.private and old.owner_hash is None
        assert old.summary()["private"] is False and old.seats[0].token_expires_at is None
    finally:
        store.close()


def test_prune_deletes_old_finished_matches_and_replays_only(tmp_path: Path) -> None:
    store = Store(database_url(None, tmp_path))
    day = 86400.0
    try:
        ended, recent, open_ = fill(store), fill(store), fill(store)
        for match_id in (ended, recent, open_):
            store.append(match_id, 0, 0, "bid 1")
        store.append(ended, 1, 1, "end", outcome={"winner": 0}, over=True)
        store.append(recent, 1, 1, "end", outcome={"winner": 1}, over=True)
        info = store.match(ended)
        assert info is not None and info.finished_at is not None
        now = info.finished_at
        with store.session() as s, s.begin():  # the first ended 10 days ago, the open one too
            s.execute(text("UPDATE matches SET finished_at = :at WHERE id = :id"),
                      {"at": now - 10 * day, "id": ended})
            s.execute(text("UPDATE matches SET created_at = :at WHERE id = :id"),
                      {"at": now - 100 * day, "id": open_})
        old_replay, new_replay = store.add_replay("old\n"), store.add_replay("new\n")
        with store.session() as s, s.begin():
            s.execute(text("UPDATE replays SET created_at = :at WHERE id = :id"),
                      {"at": now - 40 * day, "id": old_replay})
        assert store.prune(now, 0, 0) == (0, 0)  # 0 days: kept for ever
        assert store.prune(now, 30, 50) == (0, 0)
        assert store.prune(now, 7, 30) == (1, 1)
        assert store.match(ended) is None and store.actions(ended) == []
        assert store.replay(old_replay) is None and store.replay(new_replay) == "new\n"
        assert store.match(recent) is not None and store.match(open_) is not None
        assert store.actions(open_) == [(0, "bid 1")]
        assert store.prune(now + 1000 * day, 1, 0) == (1, 0)  # never the open match
        assert store.open_matches() == [open_] and store.count() == 1
        with store.session() as s:
            assert s.execute(text("SELECT count(*) FROM seats")).scalar() == 2
        assert store.prune(now + 1000 * day, 1, 1) == (0, 1)
    finally:
        store.close()


def test_ping_raises_when_the_database_is_gone(tmp_path: Path) -> None:
    store = Store(database_url(None, tmp_path))
    store.ping()
    store.close()
    store.engine = create_engine(f"sqlite:///{tmp_path}/no/such/folder.db")  # unreachable
    with pytest.raises(OperationalError):
        store.ping()
    store.close()
