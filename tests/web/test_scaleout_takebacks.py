"""Takebacks across two server processes on one PostgreSQL database (docs/web.md,
Takebacks and Scale-out): the request, its answer and the takeback are stored entries, so
the process that serves the other seat learns them from the notices, and both re-derive the
same game."""

from __future__ import annotations

import json
import random

import httpx

from .conftest import token_of
from .test_scaleout import Server, play, state, two_servers

__all__ = ["two_servers"]


def test_a_takeback_asked_on_one_process_is_accepted_on_the_other(
        two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    made = httpx.post(first.base + "/api/matches", json={"rounds": 1}, timeout=30).json()
    tokens = [token_of(made["join"][s]) for s in "01"]
    rng = random.Random(8)
    a, b = first.socket(made["id"], tokens[0]), second.socket(made["id"], tokens[1])
    frames = [state(a), state(b)]
    for _ in range(300):
        if frames[0]["count"] >= 8 and frames[0]["view"]["decision"]["player"] == 1 and \
                frames[0]["takeback"]["can"]:
            break
        frames = play([a, b], frames, rng, 1)
    count = frames[0]["count"]
    a.send(json.dumps({"type": "takeback"}))
    asked = [state(a), state(b)]
    assert all(f["takeback"]["pending"] is not None for f in asked)
    assert asked[1]["takeback"]["pending"]["seat"] == 0
    b.send(json.dumps({"type": "takeback", "answer": "accept"}))
    done = [state(a), state(b)]
    assert done[0]["count"] == done[1]["count"] < count
    assert done[0]["view"]["decision"]["player"] == 0
    frames = play([a, b], done, rng, 6)
    assert frames[0]["count"] == frames[1]["count"]
    summary = httpx.get(f"{second.base}/api/matches/{made['id']}", timeout=10).json()
    assert summary["count"] > frames[0]["count"]  # entries: the actions kept and taken back
    a.close()
    b.close()
