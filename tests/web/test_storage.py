"""Storage (docs/web.md): matches, seats, actions committed with the match's count in one
guarded transaction, uploaded records; SQLite in WAL mode; PostgreSQL with the same code
where a server is available."""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

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


# -- PostgreSQL, where a server is available ---------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """``SKIRMISH_TEST_POSTGRES`` if set; else a throw-away local cluster when PostgreSQL's
    programs and a driver are installed; else the test is skipped with the reason."""
    given = os.environ.get("SKIRMISH_TEST_POSTGRES")
    if given:
        yield given
        return
    try:
        database_url("postgresql://x@y/z", None)
    except RuntimeError:
        pytest.skip("PostgreSQL not tested: no driver (pip install psycopg) and no "
                    "SKIRMISH_TEST_POSTGRES")
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if not (initdb and pg_ctl):
        pytest.skip("PostgreSQL not tested: no server (set SKIRMISH_TEST_POSTGRES=URL)")
    # not under pytest's folder: the postgres user must be able to reach it
    folder = Path(tempfile.mkdtemp(prefix="skirmish-pg-"))
    data, port = folder / "data", _free_port()
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("PostgreSQL not tested: running as root without runuser")
        prefix = [runuser, "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
        folder.chmod(0o777)
    try:
        subprocess.run([*prefix, initdb, "-D", str(data), "-U", "skirmish", "--auth=trust"],
                       check=True, capture_output=True, timeout=120)
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w",
                        "-o", f"-p {port} -k {folder} -h 127.0.0.1", "start"],
                       check=True, capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"PostgreSQL not tested: could not start a local server ({exc})")
    try:
        time.sleep(0.2)
        yield f"postgresql://skirmish@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


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
