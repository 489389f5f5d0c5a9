"""Attacker against victim (issue 44): a victim match played on a real server, its action
round trip measured alone, then again while an attacker floods the same server from other
addresses: 500 spectator sockets on its own match, odds requests and pings as fast as 4
sockets each can send them. Goal: the victim's p95 stays within 2x its own baseline.

The server runs with its default settings (limits on): the attacker's addresses are other
loopback addresses (127.0.0.2 ...; Linux routes all of 127/8 to the loopback) so that the
per-address limits see it as another client. ``python -m bench.web_attack [--seconds 20]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from bench.web_load import Server, _percentile

SPECTATORS = 500
FLOODERS = 4
#: The attacker's addresses: its spectators' and its flooding sockets'.
ATTACKERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")
FLOOD_FROM = ("127.0.0.6", "127.0.0.7", "127.0.0.8", "127.0.0.9")


async def _victim(base: str, seconds: float, rng: random.Random) -> list[float]:
    """Play the victim's match (both seats, 0.1-0.3 s of thought) for ``seconds``: the round
    trips of its actions."""
    async with httpx.AsyncClient(timeout=30) as client:
        made = (await client.post(base + "/api/matches", json={"rounds": 5})).json()
    ws_base = base.replace("http://", "ws://")
    sockets = [await connect(f"{ws_base}/ws/{made['id']}", proxy=None, max_size=2**22,
                             additional_headers={"X-Seat-Token": made["join"][s].rsplit(
                                 "/", 1)[1]}) for s in "01"]
    latencies: list[float] = []
    try:
        frames = [await _state(ws) for ws in sockets]
        stop = time.monotonic() + seconds
        while time.monotonic() < stop and not frames[0]["over"]:
            decider = frames[0]["view"]["decision"]["player"]
            await asyncio.sleep(rng.uniform(0.1, 0.3))
            count = frames[0]["count"]
            sent = time.perf_counter()
            await sockets[decider].send(json.dumps(
                {"type": "action", "text": rng.choice(frames[decider]["legal"])}))
            frames[decider] = await _state(sockets[decider], count + 1)
            latencies.append(time.perf_counter() - sent)
            other = 1 - decider
            frames[other] = await _state(sockets[other], count + 1)
    finally:
        for ws in sockets:
            await ws.close()
    return latencies


async def _state(ws: ClientConnection, count: int = 0) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(await ws.recv())
        if frame["type"] == "state" and frame["count"] >= count:
            return frame


class Attack:
    """The attacker's floods, until stopped; what it got is counted."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.ws_base = base.replace("http://", "ws://")
        self.counts = {"spectators_open": 0, "spectators_refused": 0, "odds_answered": 0,
                       "pongs": 0, "throttled": 0, "sent": 0}
        self.stop = False

    async def run(self) -> None:
        async with httpx.AsyncClient(timeout=30) as client:
            made = (await client.post(self.base + "/api/matches", json={"rounds": 5})).json()
        url = f"{self.ws_base}/ws/{made['id']}"
        held: list[ClientConnection] = []
        for i in range(SPECTATORS):
            try:
                ws = await connect(url, proxy=None, max_size=2**22,
                                   local_addr=(ATTACKERS[i % len(ATTACKERS)], 0))
                frame = json.loads(await ws.recv())
            except Exception:
                self.counts["spectators_refused"] += 1
                continue
            if frame["type"] == "state":
                self.counts["spectators_open"] += 1
                held.append(ws)
            else:
                self.counts["spectators_refused"] += 1
                await ws.close()
        flooders = [self._flood(url, kind, FLOOD_FROM[i % len(FLOOD_FROM)])
                    for kind in ("odds", "ping") for i in range(FLOODERS)]
        try:
            await asyncio.gather(*flooders)
        finally:
            for ws in held:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def _flood(self, url: str, kind: str, address: str) -> None:
        try:
            async with connect(url, proxy=None, max_size=2**22, local_addr=(address, 0)) as ws:
                first = json.loads(await ws.recv())
                refs = [f["ref"] for f in first.get("view", {}).get("fighters", [])]
                text = f"attack {refs[0]} {refs[-1]}" if len(refs) > 1 else "attack A.x B.y"
                message = json.dumps({"type": "odds", "text": text} if kind == "odds"
                                     else {"type": "ping"})
                reader = asyncio.get_running_loop().create_task(self._read(ws))
                while not self.stop:
                    await ws.send(message)
                    self.counts["sent"] += 1
                    await asyncio.sleep(0)  # as fast as the socket takes them
                reader.cancel()
        except Exception:
            return

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            await self._count(ws)

    async def _count(self, ws: ClientConnection) -> None:
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind == "pong":
                self.counts["pongs"] += 1
            elif kind == "odds":
                self.counts["odds_answered"] += 1
            elif kind == "error" and frame.get("rule") == "limits":
                self.counts["throttled"] += 1


async def _measure(base: str, seconds: float) -> dict[str, float]:
    baseline = await _victim(base, seconds, random.Random(1))
    attack = Attack(base)
    flood = asyncio.get_running_loop().create_task(attack.run())
    await asyncio.sleep(min(10.0, seconds / 2))  # the spectators are in, the floods run
    attacked = await _victim(base, seconds, random.Random(1))
    attack.stop = True
    with contextlib.suppress(Exception):
        await asyncio.wait_for(flood, 30)
    before = 1000 * _percentile(sorted(baseline), 0.95)
    during = 1000 * _percentile(sorted(attacked), 0.95)
    return {"victim_p95_ms_alone": before, "victim_p95_ms_attacked": during,
            "victim_p95_ratio": during / before, "victim_actions_alone": float(len(baseline)),
            "victim_actions_attacked": float(len(attacked)),
            **{f"attacker_{k}": float(v) for k, v in attack.counts.items()}}


def run(seconds: float = 20.0) -> dict[str, float]:
    """The figures, on a server of our own with its default settings."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), None, env={"SKIRMISH_RATE_LIMITS": "on",
                                                 "SKIRMISH_SOCKETS_PER_ADDRESS": "64",
                                                 "SKIRMISH_SPECTATORS_PER_ADDRESS": "8"})
        try:
            return asyncio.run(_measure(server.base, seconds))
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    for key, value in run(args.seconds).items():
        print(f"{key}: {value:,.4g}")


if __name__ == "__main__":
    main()
