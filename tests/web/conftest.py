"""Helpers of the web table's tests: an app on a temporary SQLite file, matches made through
the API or stored directly (any set-up), and websocket play."""

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
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skirmish.core.dice import KeyedDice
from skirmish.web import create_app
from skirmish.web.hub import Hub
from skirmish.web.storage import SeatInfo, database_url, new_id, new_token, token_hash


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data_dir: Path) -> Iterator[TestClient]:
    with TestClient(create_app(data_dir=data_dir)) as test_client:
        yield test_client


def hub_of(client: TestClient) -> Hub:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert isinstance(hub, Hub)
    return hub


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def stored_match(client: TestClient, setup: dict[str, Any], *, mode: str = "remote",
                 kinds: tuple[str, str] = ("human", "human"),
                 agent: str = "random") -> tuple[str, dict[int, str]]:
    """A match stored directly (any set-up, e.g. the demo's fighters already in contact):
    its id and the tokens of its human seats."""
    hub = hub_of(client)
    token = new_token()
    tokens = {s: (token if mode == "hotseat" else new_token())
              for s in (0, 1) if kinds[s] == "human"}
    seats = [SeatInfo(s, kinds[s], agent if kinds[s] == "bot" else None, "",
                      token_hash(tokens[s]) if s in tokens else None) for s in (0, 1)]
    match_id = hub.store.create_match(ruleset="eden", setup=setup, dice=KeyedDice().to_json(),
                                      title="test", mode=mode, seats=seats)
    return match_id, tokens


def seat_headers(token: str) -> dict[str, str]:
    return {"x-seat-token": token}


def next_state(ws: Any) -> dict[str, Any]:
    """The next state frame (other frames are returned too if they come first)."""
    frame = ws.receive_json()
    assert isinstance(frame, dict)
    return frame


def play_remote(ws_a: Any, ws_b: Any, rng: random.Random, *, max_actions: int = 2000,
                frames: list[tuple[int, dict[str, Any]]] | None = None,
                on_frame: Any = None) -> dict[str, Any]:
    """Play a remote match to its end, both seats choosing uniformly among their legal
    actions; every state frame is recorded in ``frames`` as (seat, frame). Returns the last
    frame of seat A."""
    sockets = (ws_a, ws_b)
    last = [next_state(ws_a), next_state(ws_b)]
    for _ in range(max_actions):
        for seat in (0, 1):
            if frames is not None:
                frames.append((seat, last[seat]))
            if on_frame is not None:
                on_frame(seat, last[seat])
        if last[0]["over"]:
            return last[0]
        decider = last[0]["view"]["decision"]["player"]
        legal = last[decider]["legal"]
        assert legal, "the deciding seat was offered no legal action"
        sockets[decider].send_json({"type": "action", "text": rng.choice(legal)})
        last = [next_state(ws_a), next_state(ws_b)]
        assert last[0]["type"] == last[1]["type"] == "state", last
        assert last[0]["count"] == last[1]["count"]
    raise AssertionError("the match did not end")


# -- PostgreSQL, where a server is available (tests/web/test_storage.py, test_migrations.py) ---
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _postgres_program(name: str) -> str | None:
    """A PostgreSQL program on the PATH, or in Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(versions[-1]) if versions else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """``SKIRMISH_TEST_POSTGRES`` if set (CI: .ci/postgres); else a throw-away local cluster
    when PostgreSQL's programs and a driver are installed; else the test is skipped with the
    reason (on CI, where ``CI`` is set, it fails instead: CI never skips them)."""
    given = os.environ.get("SKIRMISH_TEST_POSTGRES")
    if given:
        yield given
        return
    skip = pytest.fail if os.environ.get("CI") else pytest.skip
    try:
        database_url("postgresql://x@y/z", None)
    except RuntimeError:
        skip("PostgreSQL not tested: no driver (pip install psycopg) and no "
                    "SKIRMISH_TEST_POSTGRES")
    initdb, pg_ctl = _postgres_program("initdb"), _postgres_program("pg_ctl")
    if not (initdb and pg_ctl):
        skip("PostgreSQL not tested: no server (set SKIRMISH_TEST_POSTGRES=URL)")
    # not under pytest's folder: the postgres user must be able to reach it
    folder = Path(tempfile.mkdtemp(prefix="skirmish-pg-"))
    data, port = folder / "data", _free_port()
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        runuser = shutil.which("runuser")
        if runuser is None:
            skip("PostgreSQL not tested: running as root without runuser")
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
        skip(f"PostgreSQL not tested: could not start a local server ({exc})")
    try:
        time.sleep(0.2)
        yield f"postgresql://skirmish@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def fresh_postgres(postgres_url: str) -> Iterator[str]:
    """An empty database of its own on the PostgreSQL server of ``postgres_url`` (dropped
    after the test): its ``postgresql://`` URL."""
    import psycopg

    name = "t_" + new_id().lower().replace("-", "_")
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = postgres_url.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
