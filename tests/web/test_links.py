"""Seat and spectator links (docs/web.md, Seats, tokens, links): join links expire, the match's
owner issues new ones (the old stops working, its sockets are closed), a private match's
spectators need its spectator link; and the operations endpoints of a real app."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from skirmish.web import create_app
from skirmish.web.settings import WebSettings

from .conftest import create, hub_of, next_state, seat_headers, token_of


def test_a_join_link_expires_after_its_days(tmp_path: Path) -> None:
    with TestClient(create_app(data_dir=tmp_path, settings=WebSettings(join_link_days=2))
                    ) as client:
        before = time.time()
        made = create(client)
        assert before + 2 * 86400 <= made["expires_at"] <= time.time() + 2 * 86400
        joined = client.get(made["join"]["0"], follow_redirects=False)
        assert joined.status_code == 303
        max_age = int(joined.headers["set-cookie"].split("Max-Age=")[1].split(";")[0])
        assert 2 * 86400 - 60 <= max_age <= 2 * 86400
        hub_of(client).clock = lambda: time.time() + 2 * 86400 + 1  # two days later
        late = client.get(made["join"]["1"], follow_redirects=False)
        assert late.status_code == 410 and "expired" in late.json()["error"]
        # an expired token opens no seat: its socket watches, and is told so
        with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(
                token_of(made["join"]["0"]))) as ws:
            assert "not valid" in ws.receive_json()["message"]
            assert next_state(ws)["seat"] is None


def test_the_owner_issues_a_new_link_and_the_old_one_stops(client: TestClient) -> None:
    made = create(client)
    old = token_of(made["join"]["1"])
    with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(old)) as ws:
        assert next_state(ws)["seat"] == 1
        answer = client.post(f"/api/matches/{made['id']}/seats/1/link").json()
        assert answer["seat"] == 1 and answer["join"] != made["join"]["1"]
        assert "replaced" in ws.receive_json()["message"]  # the old link's socket is closed
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert client.get(made["join"]["1"], follow_redirects=False).status_code == 404
    assert client.get(answer["join"], follow_redirects=False).status_code == 303
    with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(
            token_of(answer["join"]))) as ws:
        assert next_state(ws)["seat"] == 1
    # seat A's link is untouched
    assert client.get(made["join"]["0"], follow_redirects=False).status_code == 303


def test_only_the_owner_issues_links(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    owner = client.cookies.get(f"owner_{made['id']}")
    assert owner
    client.cookies.clear()
    url = f"/api/matches/{made['id']}/seats/0/link"
    refused = client.post(url)
    assert refused.status_code == 403 and "owner" in refused.json()["error"]
    assert client.post(url, headers={"x-owner-token": "guess"}).status_code == 403
    assert client.post(f"/api/matches/{made['id']}/seats/1/link",  # a bot's seat
                       headers={"x-owner-token": owner}).status_code == 404
    assert client.post(url, headers={"x-owner-token": owner}).status_code == 200


def test_a_hot_seat_match_gets_one_new_link_for_both_seats(client: TestClient) -> None:
    made = create(client, mode="hotseat")
    new = client.post(f"/api/matches/{made['id']}/seats/0/link").json()["join"]
    with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(token_of(new))
                                  ) as ws:
        assert ws.receive_json()["type"] in ("state", "handover")
    info = hub_of(client).store.match(made["id"])
    assert info is not None and info.seats[0].token_hash == info.seats[1].token_hash


def test_my_matches_list_the_ones_this_browser_owns(client: TestClient) -> None:
    made = create(client)
    mine = client.get("/api/matches").json()["matches"]
    assert [(m["id"], m["seat"], m["owner"]) for m in mine] == [(made["id"], None, True)]
    assert all("hash" not in key for m in mine for key in m)


def test_a_private_match_is_watched_only_with_its_spectator_link(client: TestClient) -> None:
    made = create(client, private=True)
    assert client.get(f"/api/matches/{made['id']}").json()["private"] is True
    url = f"/ws/{made['id']}"
    with client.websocket_connect(url) as stranger:
        refused = stranger.receive_json()
        assert refused["type"] == "error" and "private" in refused["message"]
        with pytest.raises(WebSocketDisconnect):
            stranger.receive_json()
    watch = token_of(made["watch"])
    with client.websocket_connect(url, headers={"x-watch-token": watch}) as spectator:
        assert next_state(spectator)["seat"] is None
    assert client.get(f"/watch/{made['id']}/wrong", follow_redirects=False).status_code == 404
    went = client.get(made["watch"], follow_redirects=False)
    assert went.status_code == 303 and f"watch_{made['id']}" in went.headers["set-cookie"]
    with client.websocket_connect(url) as spectator:  # the link's cookie
        assert next_state(spectator)["seat"] is None
    # seats never need it
    with client.websocket_connect(url, headers=seat_headers(token_of(made["join"]["0"]))) as a:
        assert next_state(a)["seat"] == 0
    assert "watch" not in create(client)  # public matches have no spectator link


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_private_is_true_or_false(client: TestClient, value: Any) -> None:
    answer = client.post("/api/matches", json={"private": value})
    assert answer.status_code == 400 and "private" in answer.json()["error"]


def test_health_readiness_and_metrics_of_a_running_table(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(
            token_of(made["join"]["0"]))) as a, client.websocket_connect(f"/ws/{made['id']}"
                                                                        ) as watcher:
        next_state(a), next_state(watcher)
        a.send_json({"type": "action", "text": "bid 99"})
        assert a.receive_json()["type"] == "error"
        a.send_json({"type": "action", "text": "bid 1"})
        next_state(a), next_state(watcher)
        text = client.get("/metrics").text
        assert 'skirmish_sockets{kind="seat"} 1.0' in text
        assert 'skirmish_sockets{kind="spectator"} 1.0' in text
    text = client.get("/metrics").text
    assert "skirmish_matches_live 1.0" in text
    assert "skirmish_action_seconds_count 1.0" in text
    assert 'skirmish_rejected_total{reason="illegal"} 1.0' in text
    assert 'skirmish_sockets{kind="seat"} 0.0' in text


def test_metrics_can_be_switched_off(tmp_path: Path) -> None:
    with TestClient(create_app(data_dir=tmp_path, settings=WebSettings(metrics=False))
                    ) as client:
        assert client.get("/metrics").status_code == 404
