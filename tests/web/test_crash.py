"""The crash test (issue 12): a match against the bot on a real server (uvicorn in a
subprocess, `skirmish serve`), the server killed with SIGKILL at random moments several
times and restarted: every action acknowledged to the client is still there after each
restart, and the match finishes. The server's log never shows the seat token."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from skirmish.core.record import verify_jsonl
from skirmish.web.storage import Store, database_url

KILLS = 3
START_TIMEOUT = 30.0
TEST_TIMEOUT = 120.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``skirmish serve`` in a subprocess, killed and restarted on demand."""

    def __init__(self, data: Path, port: int, log: Path) -> None:
        self.data, self.port, self.log = data, port, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-c", "from skirmish.cli.main import app; app()", "serve",
                   "--port", str(self.port), "--data", str(self.data)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            try:
                if httpx.get(f"{self.url}/api/options", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def test_acknowledged_actions_survive_sigkill(tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("SKIRMISH_CRASH_SEED", "12")))
    server = Server(tmp_path / "data", free_port(), tmp_path / "server.log")
    server.start()
    try:
        made = httpx.post(f"{server.url}/api/matches", json={
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}]}).json()
        match_id, link = made["id"], made["join"]["0"]
        token = link.rsplit("/", 1)[1]
        joined = httpx.get(f"{server.url}{link}", follow_redirects=False)
        assert joined.status_code == 303 and token not in joined.headers["location"]
        acked: dict[int, str] = {}  # my actions the server acknowledged: index -> text
        seen = 0  # the most actions any state frame showed
        kills = 0
        started = time.monotonic()
        over = False
        while not over:
            assert time.monotonic() - started < TEST_TIMEOUT, "the crash test took too long"
            timer = None
            if kills < KILLS:
                timer = threading.Timer(rng.uniform(0.02, 0.2), server.kill)
            try:
                with connect(f"ws://127.0.0.1:{server.port}/ws/{match_id}",
                             additional_headers={"X-Seat-Token": token},
                             open_timeout=10, proxy=None) as ws:
                    if timer is not None:
                        timer.start()
                    over, seen = play(ws, rng, acked, seen)
            except (WebSocketException, OSError):
                pass  # the server died under the client
            if timer is not None:
                timer.cancel()
                if timer.is_alive():
                    timer.join()  # the kill has begun: let it end
                if server.process is not None and server.process.poll() is not None:
                    kills += 1
                    check_stored(server, match_id, acked, seen)
                    server.start()
        assert kills == KILLS, f"only {kills} kills happened during the match"
        record = httpx.get(f"{server.url}/api/matches/{match_id}/record").text
        game = verify_jsonl(record)
        assert game.is_over and len(game.history) >= seen
        lines = [json.loads(line) for line in record.splitlines()[1:] if '"action"' in line]
        for idx, text in acked.items():
            assert (lines[idx]["player"], lines[idx]["action"]) == (0, text)
        assert token not in server.log.read_text(errors="replace")
    finally:
        server.kill()


def play(ws: ClientConnection, rng: random.Random, acked: dict[int, str], seen: int
         ) -> tuple[bool, int]:
    """Play seat A until the match is over (or the connection dies): record each of its
    actions once a state frame shows it committed."""
    pending: tuple[int, str] | None = None
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if frame["type"] != "state":
            assert frame["type"] != "error", frame
            continue
        count = frame["count"]
        seen = max(seen, count)
        if pending is not None and count > pending[0]:
            acked[pending[0]] = pending[1]
            pending = None
        if frame["over"]:
            return True, seen
        if frame["legal"] and pending is None:
            text = rng.choice(frame["legal"])
            pending = (count, text)
            time.sleep(0.004)  # a client that thinks a little
            ws.send(json.dumps({"type": "action", "text": text}))


def check_stored(server: Server, match_id: str, acked: dict[int, str], seen: int) -> None:
    """After a kill: the database holds every action a client saw accepted."""
    store = Store(database_url(None, server.data))
    try:
        stored = store.actions(match_id)
    finally:
        store.close()
    assert len(stored) >= seen, f"{seen} actions were shown, {len(stored)} are stored"
    for idx, text in acked.items():
        assert stored[idx] == (0, text), f"acknowledged action {idx} {text!r} is lost"
