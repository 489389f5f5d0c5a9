"""Delta frames (docs/web.md, Websocket, Delta frames): a client that asks for them rebuilds,
frame after frame, exactly the state frames a whole-frame client receives; a delta for a
base it does not hold is answered by a resync."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from skirmish.web.deltas import apply, diff

from .conftest import create, next_state, seat_headers, token_of

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=2), inner, max_size=3), max_leaves=12)


@given(st.dictionaries(st.text(max_size=2), JSON, max_size=4),
       st.dictionaries(st.text(max_size=2), JSON, max_size=4))
def test_a_delta_turns_the_old_frame_into_the_new(old: dict[str, Any], new: dict[str, Any]
                                                  ) -> None:
    sets, dels = diff(old, new)
    delta = json.loads(json.dumps({"set": [[p, v] for p, v in sets], "del": dels}))
    assert apply(old, delta) == new
    if old == new:
        assert sets == [] and dels == []


def test_unchanged_parts_are_not_sent() -> None:
    old = {"a": {"b": [1, 2, {"c": 3}], "big": "x" * 100}, "gone": 1}
    new = {"a": {"b": [1, 2, {"c": 4}], "big": "x" * 100}, "added": True}
    sets, dels = diff(old, new)
    assert sets == [(["a", "b", 2, "c"], 4), (["added"], True)] and dels == [["gone"]]


class DeltaClient:
    """What the page's script does with the frames of a ``?deltas=1`` socket."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frame: dict[str, Any] | None = None
        self.deltas = 0

    def next_state(self) -> dict[str, Any]:
        while True:
            frame = self.ws.receive_json()
            if frame["type"] == "delta":
                assert self.frame is not None and frame["base"] == self.frame["version"]
                self.frame = apply(self.frame, frame)
                self.deltas += 1
                return self.frame
            if frame["type"] == "state":
                self.frame = frame
                return frame


def test_a_delta_client_sees_exactly_the_whole_frames(client: TestClient) -> None:
    made = create(client, rounds=1)
    tokens = [token_of(made["join"][s]) for s in "01"]
    url = f"/ws/{made['id']}"
    rng = random.Random(11)
    with client.websocket_connect(url, headers=seat_headers(tokens[0])) as whole_a, \
            client.websocket_connect(url + "?deltas=1", headers=seat_headers(tokens[0])) as da, \
            client.websocket_connect(url, headers=seat_headers(tokens[1])) as whole_b, \
            client.websocket_connect(url + "?deltas=1", headers=seat_headers(tokens[1])) as db, \
            client.websocket_connect(url + "?deltas=1") as watcher, \
            client.websocket_connect(url) as whole_watcher:
        deltas = [DeltaClient(da), DeltaClient(db), DeltaClient(watcher)]
        wholes = [whole_a, whole_b, whole_watcher]
        for _ in range(60):
            frames = [next_state(ws) for ws in wholes]
            rebuilt = [d.next_state() for d in deltas]
            for got, want in zip(rebuilt, frames, strict=True):
                assert {k: v for k, v in got.items() if k != "version"} == {
                    k: v for k, v in want.items() if k != "version"}
            if frames[0]["over"]:
                break
            decider = frames[0]["view"]["decision"]["player"]
            (whole_a, whole_b)[decider].send_json(
                {"type": "action", "text": rng.choice(frames[decider]["legal"])})
        assert all(d.deltas > 10 for d in deltas)


def test_a_resync_sends_a_whole_frame(client: TestClient) -> None:
    made = create(client)
    url = f"/ws/{made['id']}?deltas=1"
    with client.websocket_connect(url, headers=seat_headers(token_of(made["join"]["0"]))
                                  ) as ws:
        first = next_state(ws)
        ws.send_json({"type": "action", "text": "bid 1"})
        delta = ws.receive_json()
        assert delta["type"] == "delta" and delta["base"] == first["version"]
        assert len(json.dumps(delta)) < len(json.dumps(first)) / 2
        ws.send_json({"type": "resync"})
        whole = ws.receive_json()
        assert whole["type"] == "state" and whole["log_from"] == 0 and whole["count"] == 1


def test_a_version_names_the_frames_content_only(client: TestClient) -> None:
    made = create(client)
    url = f"/ws/{made['id']}"
    with client.websocket_connect(url) as one:
        first = next_state(one)
        for _ in range(3):  # other readers come and go: nothing to see in the version
            with client.websocket_connect(url) as other:
                assert next_state(other)["version"] == first["version"]
        with client.websocket_connect(url, headers=seat_headers(token_of(made["join"]["0"]))
                                      ) as seat:
            assert next_state(seat)["version"] != first["version"]


@pytest.mark.parametrize("query", ["", "?deltas=0"])
def test_whole_frames_unless_asked(client: TestClient, query: str) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}{query}", headers=seat_headers(
            token_of(made["join"]["0"]))) as ws:
        next_state(ws)
        ws.send_json({"type": "action", "text": "bid 1"})
        assert ws.receive_json()["type"] == "state"
