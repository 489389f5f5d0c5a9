"""The table as an attacker meets it (docs/web.md, Hardening): pages of another origin, floods
of messages and requests, too many spectators, the security headers, and one frame per
distinct view however many read it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from skirmish.web import create_app
from skirmish.web.guards import Buckets, Limits, origin_allowed
from skirmish.web.middleware import CSP
from skirmish.web.settings import Rate, SettingsError, WebSettings

from .conftest import create, hub_of, next_state, seat_headers, token_of

HOST = "testserver"  # the Host TestClient sends


def app_with(tmp_path: Path, **changes: Any) -> TestClient:
    return TestClient(create_app(data_dir=tmp_path, settings=WebSettings(**changes)))


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[TestClient]:
    """An app with the default settings (rate limits on)."""
    with app_with(tmp_path) as client:
        yield client


# -- origins ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("origin", "allowed"), [
    (None, True),  # not a browser page: it carries no victim's cookie
    ("http://testserver", True),
    ("http://TestServer/", True),
    ("http://testserver:80", True),  # the default port
    ("http://testserver:8001", False),  # another port of the same host
    ("https://testserver", False),  # another scheme
    ("http://evil.testserver", False),  # a sibling subdomain
    ("null", False),  # a sandboxed frame or a file
    ("", False),
])
def test_only_the_tables_own_origin_may_act(origin: str | None, allowed: bool) -> None:
    assert origin_allowed(origin, scheme="ws", host=HOST, settings=WebSettings()) is allowed


def test_configured_origins_replace_the_requests_own() -> None:
    settings = WebSettings(public_origins=("https://table.example",))
    assert origin_allowed("https://table.example", scheme="http", host="10.0.0.5:8000",
                          settings=settings)
    assert origin_allowed("https://table.example:443", scheme="http", host="x",
                          settings=settings)
    assert not origin_allowed("http://10.0.0.5:8000", scheme="http", host="10.0.0.5:8000",
                              settings=settings)


def test_a_websocket_from_another_origin_is_refused_before_it_reads(guarded: TestClient
                                                                    ) -> None:
    made = create(guarded)
    token = token_of(made["join"]["0"])
    with pytest.raises(WebSocketDisconnect), guarded.websocket_connect(
            f"/ws/{made['id']}", headers={**seat_headers(token),
                                          "origin": "http://testserver:9999"}) as ws:
        ws.receive_json()
    with guarded.websocket_connect(f"/ws/{made['id']}", headers={
            **seat_headers(token), "origin": "http://testserver"}) as ws:
        assert next_state(ws)["seat"] == 0


def test_a_state_changing_request_from_another_origin_is_refused(guarded: TestClient) -> None:
    refused = guarded.post("/api/matches", json={}, headers={"origin": "http://evil.example"})
    assert refused.status_code == 403 and "another origin" in refused.json()["error"]
    assert hub_of(guarded).store.count() == 0
    assert guarded.post("/api/matches", json={},
                        headers={"origin": "http://testserver"}).status_code == 201


# -- headers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "value"), [
    ("content-security-policy", CSP),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("x-content-type-options", "nosniff"),
    ("cross-origin-opener-policy", "same-origin"),
])
@pytest.mark.parametrize("path", ["/", "/api/options", "/static/table.js", "/api/matches/nope"])
def test_every_answer_carries_the_security_headers(guarded: TestClient, path: str, name: str,
                                                   value: str) -> None:
    assert guarded.get(path).headers[name] == value


def test_the_policy_allows_only_the_tables_own_scripts() -> None:
    policy = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert policy["script-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in CSP and policy["object-src"] == "'none'"


# -- rate limits -----------------------------------------------------------------------------------
def test_a_token_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    buckets = Buckets(clock=lambda: now[0])
    rate = Rate(2.0, 3)
    assert [buckets.take("k", rate) for _ in range(4)] == [True, True, True, False]
    assert buckets.retry_after("k", rate) == pytest.approx(0.5)
    now[0] = 0.5
    assert buckets.take("k", rate) and not buckets.take("k", rate)
    now[0] = 100.0  # refills to its burst, no more
    assert sum(buckets.take("k", rate) for _ in range(10)) == 3
    assert all(buckets.take("other", Rate(0, 0)) for _ in range(100))  # off


def test_a_socket_flood_is_dropped_and_other_sockets_are_served(tmp_path: Path) -> None:
    rates = {"ping": Rate(1.0, 3), "odds": Rate(1.0, 1)}
    with app_with(tmp_path, socket_rates=rates, address_rates={}) as client:
        made = create(client)
        tokens = [token_of(made["join"][s]) for s in "01"]
        with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(tokens[0])) \
                as flood, client.websocket_connect(f"/ws/{made['id']}",
                                                   headers=seat_headers(tokens[1])) as calm:
            next_state(flood), next_state(calm)
            for _ in range(20):
                flood.send_json({"type": "ping"})
            answers = [flood.receive_json() for _ in range(4)]
            assert [a["type"] for a in answers] == ["pong", "pong", "pong", "error"]
            assert answers[3]["rule"] == "limits" and "'ping'" in answers[3]["message"]
            calm.send_json({"type": "ping"})
            assert calm.receive_json() == {"type": "pong"}
            flood.send_json({"type": "action", "text": "bid 2"})  # actions have their own
            assert next_state(flood)["count"] == 1


def test_a_socket_that_keeps_flooding_is_closed(tmp_path: Path) -> None:
    with app_with(tmp_path, socket_rates={"message": Rate(1.0, 5)}, address_rates={},
                  drops_before_close=10) as client:
        made = create(client)
        with client.websocket_connect(f"/ws/{made['id']}") as flood:
            next_state(flood)
            for _ in range(15):  # 5 answered, 10 dropped in a row: closed
                flood.send_json({"type": "ping"})
            kinds = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    kinds.append(flood.receive_json()["type"])
            assert kinds[:5] == ["pong"] * 5 and kinds[-1] == "error"
            assert closed.value.code == 1008
        assert not hub_of(client).limits.sockets


def test_new_sockets_of_one_address_are_rate_limited(tmp_path: Path) -> None:
    with app_with(tmp_path, address_rates={"connect": Rate(0.01, 2)}) as client:
        made = create(client)
        for _ in range(2):
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                next_state(ws)
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(
                f"/ws/{made['id']}") as ws:
            ws.receive_json()


def test_an_address_flood_is_limited_over_all_its_sockets(tmp_path: Path) -> None:
    # each ping is answered before the next is sent: the two sockets are served concurrently,
    # so pings sent together may be counted in any order; the bucket barely refills
    with app_with(tmp_path, socket_rates={}, address_rates={"ping": Rate(0.01, 2)}) as client:
        made = create(client)
        with client.websocket_connect(f"/ws/{made['id']}") as one, \
                client.websocket_connect(f"/ws/{made['id']}") as two:
            next_state(one), next_state(two)
            answers = []
            for ws in (one, two, one):
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json())
            assert answers[:2] == [{"type": "pong"}] * 2
            assert answers[2]["rule"] == "limits"


def test_api_floods_get_429_with_a_retry_after(tmp_path: Path) -> None:
    with app_with(tmp_path, address_rates={"http": Rate(0.01, 100), "create": Rate(0.01, 2)}
                  ) as client:
        assert [client.post("/api/matches", json={}).status_code for _ in range(3)] == [
            201, 201, 429]
        refused = client.post("/api/matches", json={})
        assert refused.headers["retry-after"].isdigit() and "create" in refused.json()["error"]
        assert client.get("/api/options").status_code == 200  # other requests still served


# -- spectators ------------------------------------------------------------------------------------
def test_spectators_are_capped_per_match(tmp_path: Path) -> None:
    with app_with(tmp_path, spectators_per_match=2) as client:
        made = create(client)
        url = f"/ws/{made['id']}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            next_state(one), next_state(two)
            with client.websocket_connect(url) as three:
                refused = three.receive_json()
                assert refused["type"] == "error" and "spectators_per_match" in refused[
                    "message"]
            # seats are never refused for spectators
            with client.websocket_connect(url, headers=seat_headers(
                    token_of(made["join"]["0"]))) as seat:
                assert next_state(seat)["seat"] == 0
        with client.websocket_connect(url) as later:  # room again once they left
            assert next_state(later)["type"] == "state"


def test_one_address_cannot_hold_more_sockets_than_allowed(tmp_path: Path) -> None:
    with app_with(tmp_path, spectators_per_address=1, sockets_per_address=2) as client:
        first, second = create(client), create(client)
        with client.websocket_connect(f"/ws/{first['id']}") as watching:
            next_state(watching)
            with client.websocket_connect(f"/ws/{second['id']}") as refused:
                assert "spectators_per_address" in refused.receive_json()["message"]
            with client.websocket_connect(f"/ws/{second['id']}", headers=seat_headers(
                    token_of(second["join"]["0"]))) as seat:
                next_state(seat)
                with client.websocket_connect(f"/ws/{second['id']}", headers=seat_headers(
                        token_of(second["join"]["1"]))) as third:
                    assert "sockets_per_address" in third.receive_json()["message"]
        assert not hub_of(client).limits.sockets  # every socket uncounted once closed


def test_limits_count_sockets_and_forget_closed_ones() -> None:
    limits = Limits(WebSettings(spectators_per_address=1, sockets_per_address=2))
    assert limits.open_socket("a", spectator=True) == ""
    assert "spectators_per_address" in limits.open_socket("a", spectator=True)
    assert limits.open_socket("a", spectator=False) == ""
    assert "sockets_per_address" in limits.open_socket("a", spectator=False)
    assert limits.open_socket("b", spectator=True) == ""
    limits.close_socket("a", spectator=True)
    limits.close_socket("a", spectator=False)
    assert "a" not in limits.sockets and "a" not in limits.spectators


# -- frames ----------------------------------------------------------------------------------------
def test_one_frame_per_distinct_view_whoever_reads_it(client: TestClient) -> None:
    made = create(client)
    tokens = [token_of(made["join"][s]) for s in "01"]
    url = f"/ws/{made['id']}"
    room = hub_of(client).rooms[made["id"]]
    with client.websocket_connect(url, headers=seat_headers(tokens[0])) as a, \
            client.websocket_connect(url, headers=seat_headers(tokens[1])) as b, \
            client.websocket_connect(url) as w1, client.websocket_connect(url) as w2, \
            client.websocket_connect(url) as w3:
        sockets = (a, b, w1, w2, w3)
        for ws in sockets:
            next_state(ws)
        before = room.frames_built
        a.send_json({"type": "action", "text": "bid 1"})
        got = [next_state(ws) for ws in sockets]
        assert room.frames_built - before == 3  # seat A's, seat B's, the spectators' one
        assert got[2] == got[3] == got[4] and got[2]["seat"] is None
        assert got[0]["view"]["my_bid"] == 1 and got[1]["view"]["my_bid"] is None


# -- settings --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("env", "named"), [
    ({"SKIRMISH_SPECTATORS_PER_MATCH": "many"}, "SKIRMISH_SPECTATORS_PER_MATCH"),
    ({"SKIRMISH_PUBLIC_ORIGINS": "table.example"}, "public_origins"),
    ({"SKIRMISH_SOCKET_RATE_ODDS": "fast"}, "SKIRMISH_SOCKET_RATE_ODDS"),
    ({"SKIRMISH_ADDRESS_RATE_NOPE": "1/s:2"}, "SKIRMISH_ADDRESS_RATE_NOPE"),
    ({"SKIRMISH_LOG_FORMAT": "xml"}, "log_format"),
    ({"SKIRMISH_JOIN_LINK_DAYS": "0"}, "join_link_days"),
])
def test_a_bad_setting_is_refused_in_one_line_naming_it(env: dict[str, str], named: str
                                                        ) -> None:
    with pytest.raises(SettingsError, match=named) as caught:
        WebSettings.from_env(env)
    assert "\n" not in str(caught.value)


def test_settings_come_from_defaults_then_environment_then_flags() -> None:
    env = {"SKIRMISH_SOCKET_RATE_ODDS": "30/m:5", "SKIRMISH_SPECTATORS_PER_MATCH": "7",
           "SKIRMISH_PUBLIC_ORIGINS": "https://a.example, https://b.example",
           "SKIRMISH_RATE_LIMITS": "off"}
    settings = WebSettings.from_env(env, spectators_per_match=9, log_format=None)
    assert settings.spectators_per_match == 9 and settings.log_format == "text"
    assert settings.origins == {"https://a.example", "https://b.example"}
    assert settings.socket_rates["odds"] == Rate(0.5, 5)
    assert settings.socket_rate("odds").off  # rate limits switched off as a whole
    assert WebSettings.from_env({}).socket_rate("odds") == Rate(1, 10)


def test_pages_are_rate_limited_but_not_static_files_or_probes(tmp_path: Path) -> None:
    with app_with(tmp_path, address_rates={"http": Rate(0.01, 3)}) as client:
        assert [client.get("/").status_code for _ in range(4)] == [200, 200, 200, 429]
        assert all(client.get(path).status_code == 200 for path in
                   ["/static/table.js", "/healthz", "/readyz", "/metrics"] * 3)
