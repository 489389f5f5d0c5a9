"""Helpers of the web table's tests: an app on a temporary SQLite file, matches made through
the API or stored directly (any set-up), and websocket play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skirmish.core.dice import KeyedDice
from skirmish.web import create_app
from skirmish.web.server import Hub
from skirmish.web.storage import SeatInfo, new_token, token_hash


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
