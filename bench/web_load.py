"""The web table under load (issue 12): 50 concurrent matches on a real server on loopback
(``skirmish serve`` in its own process), both seats of each played by a websocket client
that picks a random legal action after a short think. Measured: the latency from sending an
action to receiving the new view (p50, p95) and the actions served per second. Bounded: at
most ``duration`` seconds and ``max_actions`` actions per match.

Run alone: ``python -m bench.web_load [--matches 50] [--think 0.25] [--duration 30]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

import httpx
from websockets.asyncio.client import connect

MATCHES = 50
THINK = 1.0  # seconds a client thinks before each action (mean; uniform 0..2x)
DURATION = 30.0
MAX_ACTIONS = 120  # per match


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(data: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from skirmish.cli.main import app; app()", "serve",
               "--port", str(port), "--data", str(data)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


async def _seat(url: str, token: str, rng: random.Random, think: float, stop: float,
                latencies: list[float], counts: list[int]) -> None:
    sent: tuple[int, float] | None = None
    actions = 0
    async with connect(url, additional_headers={"X-Seat-Token": token}, proxy=None,
                       max_size=2**22) as ws:
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            frame: dict[str, Any] = json.loads(raw)
            if frame["type"] != "state":
                continue
            if sent is not None and frame["count"] > sent[0]:
                latencies.append(time.perf_counter() - sent[1])
                counts[0] += 1
                sent = None
            if frame["over"] or frame["count"] >= MAX_ACTIONS:
                return
            if frame["legal"] and sent is None:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                sent = (frame["count"], time.perf_counter())
                await ws.send(json.dumps({"type": "action", "text": rng.choice(frame["legal"])}))
                actions += 1


async def _load(port: int, matches: int, think: float, duration: float) -> dict[str, float]:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        made = [(await client.post("/api/matches", json={"rounds": 2})).json()
                for _ in range(matches)]
    latencies: list[float] = []
    counts = [0]
    start = time.monotonic()
    stop = start + duration
    seats = [_seat(f"ws://127.0.0.1:{port}/ws/{m['id']}", link.rsplit("/", 1)[1],
                   random.Random(i * 2 + int(s)), think, stop, latencies, counts)
             for i, m in enumerate(made) for s, link in sorted(m["join"].items())]
    await asyncio.gather(*seats)
    elapsed = time.monotonic() - start
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")
    return {"web_matches": float(matches), "web_actions": float(counts[0]),
            "web_p50_ms": 1000 * median(ordered) if ordered else float("nan"),
            "web_p95_ms": 1000 * p95, "web_actions_per_s": counts[0] / elapsed}


def run(matches: int = MATCHES, think: float = THINK, duration: float = DURATION,
        port: int | None = None) -> dict[str, float]:
    """The figures (a server of our own, or the one already listening on ``port``)."""
    if port is not None:
        return asyncio.run(_load(port, matches, think, duration))
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        process = _start(Path(folder), port)
        try:
            return asyncio.run(_load(port, matches, think, duration))
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--think", type=float, default=THINK)
    parser.add_argument("--duration", type=float, default=DURATION)
    parser.add_argument("--port", type=int, default=None,
                        help="load a server already listening on this port")
    args = parser.parse_args()
    for key, value in run(args.matches, args.think, args.duration, args.port).items():
        print(f"{key}: {value:,.3g}")


if __name__ == "__main__":
    main()
