"""The web table under load (issues 12 and 44): concurrent matches on real servers on loopback
(``skirmish serve`` in processes of their own), both seats of each played by a websocket
client that picks a random legal action after thinking, spectators watching. Measured: the
round trip from sending an action to receiving the new frame on the same socket (p50, p95,
p99, max), the actions served, errors, actions lost (acknowledged but not stored), and the CPU
the load generator and the servers used.

``make bench`` runs the small set-up (50 matches on SQLite, one process, 1 s of thought).
The issue-44 set-up: ``python -m bench.web_load --matches 1000 --spectators 2 --think 5,30
--processes 2 --duration 180`` (PostgreSQL: ``--db URL``, or a throw-away cluster from
Debian's packages when ``--processes`` is more than 1). Seat A of match i is served by
process i mod P, seat B by the next, spectators alternate: every action crosses processes
(LISTEN/NOTIFY). The load comes from one address, so the servers run with the rate limits
off and the per-address socket caps raised (``SERVER_ENV``): what is measured is the table's
capacity, not its defences (bench/web_attack.py measures those).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

MATCHES = 50
THINK = (0.0, 2.0)  # seconds a client thinks before each action (uniform)
DURATION = 30.0
MAX_ACTIONS = 120  # per match (make bench's set-up)
ROOT = Path(__file__).resolve().parent.parent
#: The servers' settings under a load generator that is one address (docs/web.md, Limits).
SERVER_ENV = {"SKIRMISH_RATE_LIMITS": "off", "SKIRMISH_SOCKETS_PER_ADDRESS": "1000000",
              "SKIRMISH_SPECTATORS_PER_ADDRESS": "1000000"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``skirmish serve`` in a process of its own (its output to ``log``, if given); ready
    when this returns (tests/web/test_scaleout.py starts its processes with it too)."""

    def __init__(self, data: Path, db: str | None, env: dict[str, str] | None = None, *,
                 log: Path | None = None) -> None:
        self.port = _free_port()
        command = [sys.executable, "-c", "from skirmish.cli.main import app; app()", "serve",
                   "--port", str(self.port), "--data", str(data)]
        if db:
            command += ["--db", db]
        output = log.open("w") if log is not None else subprocess.DEVNULL
        self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT,
                                        env={**os.environ, **SERVER_ENV, **(env or {})})
        if log is not None:
            assert not isinstance(output, int)
            output.close()  # the server holds its own copy
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def cpu_seconds(self) -> float:
        """User + system CPU of the server process so far (Linux /proc)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        """SIGKILL: the process ends at once, as in a crash."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL cluster (.ci/postgres): its URL."""
    out = subprocess.run([str(ROOT / ".ci" / "postgres"), "start"], check=True,
                         capture_output=True, text=True).stdout
    values = dict(line.removeprefix("export ").split("=", 1) for line in out.splitlines())
    try:
        yield values["SKIRMISH_TEST_POSTGRES"]
    finally:
        subprocess.run([str(ROOT / ".ci" / "postgres"), "stop", values["SKIRMISH_CI_PG_DIR"]],
                       check=False, capture_output=True)


class Tally:
    """What the clients saw."""

    def __init__(self, sockets: int, duration: float) -> None:
        #: The clients act once every socket has its first frame (the rooms are loaded in
        #: every process): the run's ``duration`` is counted from then.
        self.sockets = sockets
        self.duration = duration
        self.connected = 0
        self.ready = asyncio.Event()
        self.stop = float("inf")
        self.started = 0.0
        self.latencies: list[float] = []
        self.errors: list[str] = []
        #: match id -> the highest count acknowledged to a seat
        self.acknowledged: dict[str, int] = {}
        self.frames = 0

    def connect(self) -> None:
        """One more socket has its first frame."""
        self.connected += 1
        if self.connected == self.sockets:
            self.started = time.monotonic()
            self.stop = self.started + self.duration
            self.ready.set()


async def _seat(url: str, match_id: str, token: str, rng: random.Random,
                think: tuple[float, float], tally: Tally, max_actions: int) -> None:
    sent: tuple[int, float] | None = None
    counted = False
    try:
        async with connect(url, additional_headers={"X-Seat-Token": token}, proxy=None,
                           max_size=2**22, open_timeout=600) as ws:
            first = await ws.recv()
            counted = True
            tally.connect()
            await tally.ready.wait()
            pending = [first]
            while time.monotonic() < tally.stop:
                try:
                    raw = pending.pop() if pending else await asyncio.wait_for(
                        ws.recv(), timeout=max(0.1, tally.stop - time.monotonic()))
                except TimeoutError:
                    return
                frame: dict[str, Any] = json.loads(raw)
                tally.frames += 1
                if frame["type"] == "error":
                    tally.errors.append(str(frame["message"])[:120])
                    sent = None
                if frame["type"] != "state":
                    continue
                tally.acknowledged[match_id] = max(tally.acknowledged.get(match_id, 0),
                                                   frame["count"])
                if sent is not None and frame["count"] > sent[0]:
                    tally.latencies.append(time.perf_counter() - sent[1])
                    sent = None
                if frame["over"] or frame["count"] >= max_actions:
                    return
                if frame["legal"] and sent is None:
                    await _think(ws, rng, think, tally.stop)
                    if time.monotonic() >= tally.stop:
                        return
                    sent = (frame["count"], time.perf_counter())
                    await ws.send(json.dumps({"type": "action",
                                              "text": rng.choice(frame["legal"])}))
    except Exception as exc:  # a refused or dropped socket is an error of the run
        tally.errors.append(f"{type(exc).__name__}: {exc}"[:120])
        if not counted:  # the others do not wait for it
            tally.connect()


async def _think(ws: ClientConnection, rng: random.Random, think: tuple[float, float],
                 stop: float) -> None:
    """Think like a person at a table (the frames that come meanwhile are read later)."""
    await asyncio.sleep(min(rng.uniform(*think), max(0.0, stop - time.monotonic())))


async def _spectator(url: str, tally: Tally) -> None:
    counted = False
    try:
        async with connect(url, proxy=None, max_size=2**22, open_timeout=600) as ws:
            await ws.recv()
            counted = True
            tally.connect()
            await tally.ready.wait()
            while time.monotonic() < tally.stop:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=max(0.1, tally.stop -
                                                                  time.monotonic()))
                except TimeoutError:
                    return
                tally.frames += 1
    except Exception as exc:
        tally.errors.append(f"spectator {type(exc).__name__}: {exc}"[:120])
        if not counted:
            tally.connect()


async def _load(bases: list[str], matches: int, spectators: int, think: tuple[float, float],
                duration: float, max_actions: int) -> tuple[Tally, list[dict[str, Any]], float]:
    async with httpx.AsyncClient(timeout=60) as client:
        made = []
        for i in range(matches):
            answer = await client.post(bases[i % len(bases)] + "/api/matches",
                                       json={"rounds": 5})
            answer.raise_for_status()
            made.append(answer.json())
    tally = Tally(matches * (2 + spectators), duration)
    ws_bases = [b.replace("http://", "ws://") for b in bases]
    tasks = []
    for i, m in enumerate(made):
        for s, link in sorted(m["join"].items()):
            base = ws_bases[(i + int(s)) % len(ws_bases)]
            tasks.append(_seat(f"{base}/ws/{m['id']}", m["id"], link.rsplit("/", 1)[1],
                               random.Random(i * 2 + int(s)), think, tally, max_actions))
        for k in range(spectators):
            tasks.append(_spectator(f"{ws_bases[(i + k) % len(ws_bases)]}/ws/{m['id']}",
                                    tally))
    await asyncio.gather(*tasks)
    if not tally.ready.is_set():
        raise RuntimeError(f"only {tally.connected} of {tally.sockets} sockets connected: "
                           f"{tally.errors[:3]}")
    return tally, made, time.monotonic() - tally.started


def _percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run(matches: int = MATCHES, think: tuple[float, float] = THINK,
        duration: float = DURATION, *, processes: int = 1, spectators: int = 0,
        db: str | None = None, max_actions: int = MAX_ACTIONS) -> dict[str, float]:
    """The figures: ``processes`` servers on ``db`` (default: SQLite for one process, a
    throw-away PostgreSQL for more)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory() as folder, contextlib_db(db, processes) as url:
        servers = [Server(Path(folder), url) for _ in range(processes)]
        try:
            cpu0 = [s.cpu_seconds() for s in servers]
            own0 = time.process_time()
            tally, made, elapsed = asyncio.run(_load([s.base for s in servers], matches,
                                                     spectators, think, duration,
                                                     max_actions))
            own = time.process_time() - own0
            cpu = sum(s.cpu_seconds() - c for s, c in zip(servers, cpu0, strict=True))
            lost = 0
            for m in made:  # every acknowledged action is stored
                stored = httpx.get(f"{servers[0].base}/api/matches/{m['id']}",
                                   timeout=30).json()["count"]
                lost += max(0, tally.acknowledged.get(m["id"], 0) - stored)
        finally:
            for server in servers:
                server.stop()
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    ordered = sorted(tally.latencies)
    return {"web_matches": float(matches), "web_processes": float(processes),
            "web_sockets": float(matches * (2 + spectators)),
            "web_actions": float(len(ordered)),
            "web_p50_ms": 1000 * _percentile(ordered, 0.5),
            "web_p95_ms": 1000 * _percentile(ordered, 0.95),
            "web_p99_ms": 1000 * _percentile(ordered, 0.99),
            "web_max_ms": 1000 * (ordered[-1] if ordered else float("nan")),
            "web_actions_per_s": len(ordered) / elapsed, "web_errors": float(len(tally.errors)),
            "web_lost": float(lost), "web_frames": float(tally.frames),
            "web_client_cpu_s": own, "web_server_cpu_s": cpu, "web_seconds": elapsed}


@contextmanager
def contextlib_db(db: str | None, processes: int) -> Iterator[str | None]:
    """The database URL: ``db``, or none (SQLite) for one process, or a throw-away
    PostgreSQL."""
    if db or processes == 1:
        yield db
    else:
        with postgres() as url:
            yield url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--think", default="0,2", help="seconds of thought: MIN,MAX")
    parser.add_argument("--duration", type=float, default=DURATION)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--spectators", type=int, default=0, help="spectators per match")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL")
    parser.add_argument("--max-actions", type=int, default=100_000)
    args = parser.parse_args()
    low, high = (float(v) for v in args.think.split(","))
    figures = run(args.matches, (low, high), args.duration, processes=args.processes,
                  spectators=args.spectators, db=args.db, max_actions=args.max_actions)
    for key, value in figures.items():
        print(f"{key}: {value:,.4g}")


if __name__ == "__main__":
    main()
