"""The websocket (docs/web.md): every message kind, each bad input, hot-seat handovers,
bots, a failed commit, and restore after a restart."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from skirmish.games.eden.demo import demo_setup
from skirmish.web import create_app

from .conftest import create, hub_of, next_state, play_remote, seat_headers, stored_match, token_of


def connect(client: TestClient, match_id: str, token: str | None = None) -> Any:
    return client.websocket_connect(f"/ws/{match_id}",
                                    headers=seat_headers(token) if token else {})


def test_each_seat_gets_its_own_state_and_actions_are_acknowledged(client: TestClient) -> None:
    made = create(client)
    tokens = [token_of(made["join"][s]) for s in "01"]
    with connect(client, made["id"], tokens[0]) as a, connect(client, made["id"], tokens[1]) as b:
        fa, fb = next_state(a), next_state(b)
        assert (fa["type"], fa["seat"], fb["seat"]) == ("state", 0, 1)
        assert fa["count"] == 0 and fa["log_from"] == 0 and fa["svg"].startswith("<svg")
        assert fa["view"]["decision"]["kind"] == "secret-bid" and "bid 0" in fa["legal"]
        assert fb["legal"] == [] and "prompt" not in fb["view"]["decision"]
        a.send_json({"type": "action", "text": "bid 1"})
        fa, fb = next_state(a), next_state(b)
        assert fa["count"] == fb["count"] == 1
        assert fa["view"]["my_bid"] == 1 and fb["view"]["my_bid"] is None
        assert fb["view"]["opponent_has_bid"] is True
        assert fa["log_from"] > 0 and all("bid 1" not in line["text"] for line in fb["log"])
        assert hub_of(client).store.actions(made["id"]) == [(0, "bid 1")]


def test_bad_actions_get_an_error_and_change_nothing(client: TestClient) -> None:
    made = create(client)
    tokens = [token_of(made["join"][s]) for s in "01"]
    game = hub_of(client).rooms[made["id"]].game
    before = game.state_hash()
    with connect(client, made["id"], tokens[0]) as a, connect(client, made["id"], tokens[1]) as b, \
            connect(client, made["id"]) as watcher:
        next_state(a), next_state(b), next_state(watcher)
        for text, words in (("bid 99", "bid"), ("fly away", "action notation"),
                            ("move A.Yuri 1e999,3", "")):
            a.send_json({"type": "action", "text": text})
            error = a.receive_json()
            assert error["type"] == "error" and words in error["message"] + error["rule"]
        b.send_json({"type": "action", "text": "bid 1"})
        assert "not your turn: player A decides" in b.receive_json()["message"]
        watcher.send_json({"type": "action", "text": "bid 1"})
        assert watcher.receive_json()["message"] == "a spectator cannot act"
        assert game.state_hash() == before and hub_of(client).store.actions(made["id"]) == []
        a.send_json({"type": "action", "text": "bid 2"})  # the match goes on
        assert next_state(a)["count"] == 1 and next_state(b)["count"] == 1
        assert next_state(watcher)["count"] == 1


def test_spectators_and_wrong_tokens_see_no_secret(client: TestClient) -> None:
    made = create(client)
    with connect(client, made["id"], token_of(made["join"]["0"])) as a:
        next_state(a)
        a.send_json({"type": "action", "text": "bid 3"})
        next_state(a)
        with connect(client, made["id"], "not-a-token") as stranger:
            error = stranger.receive_json()
            assert error["type"] == "error" and "spectator" in error["message"]
            frame = next_state(stranger)
        assert frame["seat"] is None and frame["legal"] == []
        view = frame["view"]
        assert view["my_bid"] is None and view["my_hand"] == [] and view["bids_made"] == [
            True, False]
        assert all("bid 3" not in line["text"] for line in frame["log"])


def test_the_seat_cookie_identifies_the_seat(client: TestClient) -> None:
    made = create(client)
    client.get(made["join"]["1"], follow_redirects=False)
    with client.websocket_connect(f"/ws/{made['id']}") as b:
        assert next_state(b)["seat"] == 1


def test_probe_sight_odds_and_ping(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup())
    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b:
        frames = [next_state(a), next_state(b)]
        sockets = (a, b)
        while not any(t.startswith("move ") for t in frames[0]["legal"] + frames[1]["legal"]):
            decider = frames[0]["view"]["decision"]["player"]
            sockets[decider].send_json({"type": "action", "text": frames[decider]["legal"][0]})
            frames = [next_state(a), next_state(b)]
        decider = frames[0]["view"]["decision"]["player"]
        me, other = sockets[decider], sockets[1 - decider]
        move = next(t for t in frames[decider]["legal"] if t.startswith("move "))
        me.send_json({"type": "probe", "text": move})
        answer = me.receive_json()
        assert answer["type"] == "probe" and answer["legal"] is True
        assert 0 < answer["length"] <= answer["allowance"] == 10
        assert answer["left"] == pytest.approx(10 - answer["length"], abs=1e-3)
        assert len(answer["path"]) >= 2
        fighter = move.split()[1]
        me.send_json({"type": "probe", "text": f"move {fighter} 59,59"})
        far = me.receive_json()
        assert far["legal"] is False and far["reason"] and far["length"] is None
        other.send_json({"type": "probe", "text": move})
        assert "decision, not yours" in other.receive_json()["reason"]
        me.send_json({"type": "probe", "text": "wibble"})
        assert me.receive_json()["type"] == "error"
        throw = next((t for t in frames[decider]["legal"] if t.startswith("throw ")), None)
        if throw:
            me.send_json({"type": "probe", "text": throw})
            assert "covered" in me.receive_json()
        me.send_json({"type": "sight", "from": "A.Yuri", "to": "B.Ngobo-Quick-Arm"})
        seen = me.receive_json()
        assert seen["type"] == "sight" and isinstance(seen["visible"], bool)
        assert 'id="los"' in seen["svg"]
        me.send_json({"type": "sight", "from": "A.Yuri", "to": "30,30"})
        assert me.receive_json()["type"] == "sight"
        me.send_json({"type": "sight", "from": "A.Nobody", "to": "30,30"})
        assert me.receive_json()["type"] == "error"
        me.send_json({"type": "sight", "from": "A.Yuri", "to": "nowhere"})
        assert me.receive_json()["type"] == "error"
        for request in ({"type": "odds", "text": "attack A.Vladd B.Abama-Big-Belly"},
                        {"type": "odds", "text": "attack A.Vladd B.Abama-Big-Belly",
                         "reaction": "dodge"}):
            other.send_json(request)
            odds = other.receive_json()
            assert odds["type"] == "odds" and odds["odds"]["fighters"][0]["ref"] == (
                "B.Abama-Big-Belly")
            assert 0 < odds["odds"]["fighters"][0]["p_incapacitated"] < 1 and odds["summary"]
        other.send_json({"type": "odds", "text": "attack A.Nobody B.Abama-Big-Belly"})
        assert other.receive_json()["type"] == "error"
        other.send_json({"type": "odds", "text": "bid 1"})
        assert other.receive_json()["type"] == "error"
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}
        a.send_json({"type": "ready"})
        assert "handover" in a.receive_json()["message"]


@pytest.mark.parametrize(("raw", "code"), [
    (b"\x00binary", 1008),
    ("not json", 1008),
    ("[1, 2]", 1008),
    ('{"type": "dance"}', 1008),
    ('{"type": 7}', 1008),
    ('{"type": "action"}', 1008),
    ('{"type": "action", "text": 12}', 1008),
    ('{"type": "action", "text": ""}', 1008),
    ('{"type": "action", "text": "bid 1", "seat": 1}', 1008),
    ('{"type": "odds", "text": "attack A.x B.y", "reaction": "flee"}', 1008),
    ('{"type": "action", "text": "' + "x" * 401 + '"}', 1008),
    ('{"type": "ping", "pad": "' + "x" * 20_000 + '"}', 1009),
])
def test_a_malformed_message_closes_only_its_connection(client: TestClient, raw: str | bytes,
                                                        code: int) -> None:
    made = create(client)
    with connect(client, made["id"], token_of(made["join"]["0"])) as a, \
            connect(client, made["id"], token_of(made["join"]["1"])) as b:
        next_state(a), next_state(b)
        if isinstance(raw, bytes):
            b.send_bytes(raw)
        else:
            b.send_text(raw)
        assert b.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            b.receive_json()
        assert closed.value.code == code
        a.send_json({"type": "action", "text": "bid 1"})  # the match goes on
        assert next_state(a)["count"] == 1


def test_an_unknown_match_is_an_error(client: TestClient) -> None:
    with connect(client, "nosuchmatch1") as ws:
        assert ws.receive_json()["message"] == "no such match"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1008


def test_hotseat_hands_over_before_each_change_of_seat(client: TestClient) -> None:
    made = create(client, mode="hotseat")
    assert made["join"]["0"] == made["join"]["1"]
    with connect(client, made["id"], token_of(made["join"]["0"])) as ws:
        assert ws.receive_json() == {"type": "handover", "seat": 0}
        ws.send_json({"type": "action", "text": "bid 1"})
        assert "pass the device" in ws.receive_json()["message"]
        ws.send_json({"type": "ready"})
        frame = next_state(ws)
        assert (frame["seat"], frame["mode"], frame["log_from"]) == (0, "hotseat", 0)
        ws.send_json({"type": "action", "text": "bid 2"})
        assert ws.receive_json() == {"type": "handover", "seat": 1}  # B's secret bid next
        ws.send_json({"type": "ready"})
        frame = next_state(ws)
        assert frame["seat"] == 1 and frame["view"]["my_bid"] is None
        assert frame["view"]["opponent_has_bid"] and "bid 0" in frame["legal"]
        assert all("bid 2" not in line["text"] for line in frame["log"])
        ws.send_json({"type": "ready"})
        assert ws.receive_json()["type"] == "error"


def test_a_bot_seat_plays_its_decisions(client: TestClient) -> None:
    made = create(client, rounds=1, seats=[{"kind": "human"}, {"kind": "bot",
                                                               "agent": "heuristic"}])
    rng = random.Random(3)
    with connect(client, made["id"], token_of(made["join"]["0"])) as a:
        frame = next_state(a)
        while not frame["over"]:
            if frame["legal"]:
                a.send_json({"type": "action", "text": rng.choice(frame["legal"])})
            frame = next_state(a)
    actions = hub_of(client).store.actions(made["id"])
    assert {player for player, _ in actions} == {0, 1}
    assert client.get(f"/api/matches/{made['id']}").json()["status"] == "over"


def test_a_failed_commit_undoes_the_action(client: TestClient,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    made = create(client)
    hub = hub_of(client)
    game = hub.rooms[made["id"]].game
    with connect(client, made["id"], token_of(made["join"]["0"])) as a:
        next_state(a)
        before = game.state_hash()

        def broken(*_args: object, **_kwargs: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(hub.store, "append", broken)
        a.send_json({"type": "action", "text": "bid 1"})
        error = a.receive_json()
        assert error["type"] == "error" and "could not save" in error["message"]
        assert game.state_hash() == before and not game.history
        monkeypatch.undo()
        a.send_json({"type": "action", "text": "bid 1"})
        assert next_state(a)["count"] == 1


def test_unfinished_matches_are_restored_at_start(data_dir: Path) -> None:
    rng = random.Random(11)
    with TestClient(create_app(data_dir=data_dir)) as client:
        made = create(client, rounds=1)
        tokens = [token_of(made["join"][s]) for s in "01"]
        with connect(client, made["id"], tokens[0]) as a, \
                connect(client, made["id"], tokens[1]) as b:
            frames = [next_state(a), next_state(b)]
            for _ in range(20):
                decider = frames[0]["view"]["decision"]["player"]
                (a, b)[decider].send_json({"type": "action",
                                           "text": rng.choice(frames[decider]["legal"])})
                frames = [next_state(a), next_state(b)]
        count, view = frames[0]["count"], frames[0]["view"]
    with TestClient(create_app(data_dir=data_dir)) as client:
        assert made["id"] in hub_of(client).rooms  # restored before anyone asks
        with connect(client, made["id"], tokens[0]) as a, \
                connect(client, made["id"], tokens[1]) as b:
            frame = next_state(a)
            assert frame["count"] == count and frame["view"] == view
            next_state(b)
            a.send_json({"type": "ping"})
            assert a.receive_json()["type"] == "pong"
            b.close()
        with connect(client, made["id"], tokens[0]) as a, \
                connect(client, made["id"], tokens[1]) as b:
            last = play_remote(a, b, rng)
        assert last["over"] and last["count"] > count


def test_the_deploying_seat_sees_its_own_zone() -> None:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import match_setup
    from skirmish.web.frames import state_frame

    game = EDEN.new_game(match_setup(), seed=5)
    while game.decision().kind != "deploy":
        game.apply(game.legal_actions()[0])
    decider = game.decision().player
    assert 'id="zone-0"' in state_frame(game, decider, mode="remote")["svg"]
    assert 'id="zone-0"' not in state_frame(game, 1 - decider, mode="remote")["svg"]


def test_the_table_page_asks_for_no_server_picture_where_the_game_draws_a_board(
        client: TestClient) -> None:
    """``?picture=0``: an Eden frame without ``svg`` (the page draws the ``board``), the same
    frame otherwise; a socket without it on the same seat still gets the picture."""
    made = create(client)
    token = token_of(made["join"]["0"])
    with client.websocket_connect(f"/ws/{made['id']}?picture=0", headers=seat_headers(token)
                                  ) as lean, connect(client, made["id"], token) as full:
        slim, whole = next_state(lean), next_state(full)
        assert "svg" not in slim and whole["svg"].startswith("<svg") and slim["board"]
        whole.pop("svg")
        assert {k: v for k, v in slim.items() if k != "version"} == {
            k: v for k, v in whole.items() if k != "version"}
        lean.send_json({"type": "action", "text": "bid 1"})
        next_frame = next_state(lean)
        assert "svg" not in next_frame and next_frame["count"] == 1
