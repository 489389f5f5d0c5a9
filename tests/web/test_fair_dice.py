"""The web table's fair dice (web/fair.py, docs/dice.md): each browser commits to a nonce of
its own, reveals it once every seat has committed, and the match's record carries every
commitment and every reveal; a wrong nonce is refused; the first die waits for a seat that
committed and has not revealed."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from fastapi.testclient import TestClient

from skirmish.core.fair_dice import SCHEME, FairDice, seat_commitment
from skirmish.core.record import verify_jsonl
from skirmish.games.eden.demo import demo_setup
from skirmish.verify_dice import check
from skirmish.web import create_app
from skirmish.web.fair import new_dice
from skirmish.web.i18n import translate
from skirmish.web.storage import SeatInfo, new_token, token_hash

from .conftest import create, hub_of, next_state, seat_headers, token_of


def state(ws: Any) -> dict[str, Any]:
    """The next state frame (errors are returned too)."""
    frame = next_state(ws)
    while frame["type"] not in ("state", "error"):
        frame = next_state(ws)
    return frame


def test_both_browsers_commit_then_reveal_and_the_record_checks(client: TestClient) -> None:
    made = create(client, rounds=1)
    match_id = made["id"]
    nonces = [secrets.token_bytes(32), secrets.token_bytes(32)]
    with client.websocket_connect(f"/ws/{match_id}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as a, \
            client.websocket_connect(f"/ws/{match_id}",
                                     headers=seat_headers(token_of(made["join"]["1"]))) as b:
        sockets = (a, b)
        dice = state(a)["view"]["dice"]
        state(b)
        assert dice["kind"] == "fair" and dice["scheme"] == SCHEME and dice["pending"]
        server = dice["commitments"]["server"]
        # a reveal before every seat has committed is refused, one line, nothing changed
        a.send_json({"type": "reveal", "nonce": nonces[0].hex()})
        refused = state(a)
        assert refused["type"] == "error" and refused["rule"] == "dice"
        assert "once every seat has committed" in refused["message"]
        for seat in (0, 1):
            sockets[seat].send_json({"type": "commit",
                                     "commitment": seat_commitment(seat, nonces[seat])})
            frames = [state(a), state(b)]
        assert frames[0]["view"]["dice"]["revealing"]
        assert frames[0]["view"]["dice"]["commitments"]["seats"] == [
            seat_commitment(0, nonces[0]), seat_commitment(1, nonces[1])]
        # a wrong nonce is refused
        b.send_json({"type": "reveal", "nonce": nonces[0].hex()})
        refused = state(b)
        assert refused["type"] == "error" and "does not match seat 1's commitment" in \
            refused["message"]
        for seat in (0, 1):
            sockets[seat].send_json({"type": "reveal", "nonce": nonces[seat].hex()})
            last = [state(a), state(b)]
        public = last[0]["view"]["dice"]
        assert "pending" not in public and public["commitments"]["server"] == server
        game = hub_of(client).rooms[match_id].game
        assert isinstance(game.dice, FairDice) and game.dice.nonces == tuple(nonces)
        assert hub_of(client).store.dice(match_id)["kind"] == "fair"  # stored
        text = json.dumps(last)
        assert all(n.hex() not in text for n in nonces)
        rng = random.Random(4)
        while not last[0]["over"]:
            decider = last[0]["view"]["decision"]["player"]
            sockets[decider].send_json({"type": "action", "text": rng.choice(last[decider]
                                                                              ["legal"])})
            last = [state(a), state(b)]
            assert last[0]["type"] == "state", last[0]
    record = client.get(f"/api/matches/{match_id}/record").text
    verify_jsonl(record)
    header, end = json.loads(record.splitlines()[0]), json.loads(record.splitlines()[-1])
    assert header["dice"]["commitments"]["seats"] == [seat_commitment(i, n)
                                                       for i, n in enumerate(nonces)]
    assert end["reveal"]["seats"] == [n.hex() for n in nonces]
    assert check(record, [server])[0].startswith("dice verified")


def test_the_first_die_waits_for_a_seat_that_committed(client: TestClient) -> None:
    """Seat 0 commits, seat 1 never does: the first die closes the commitments; it waits
    for seat 0's nonce (the action is refused, every seat is shown the table again), then
    seat 1 is absent and the match plays on."""
    # the demo's fighters: dice are drawn in the first round
    hub = hub_of(client)
    tokens = {0: new_token(), 1: new_token()}
    seats = [SeatInfo(s, "human", None, "", token_hash(tokens[s])) for s in (0, 1)]
    dice = new_dice([{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "human"}])
    match_id = hub.store.create_match(ruleset="eden", setup=demo_setup(max_rounds=1),
                                      dice=dice.to_json(), title="fair", mode="remote",
                                      seats=seats)
    nonce = secrets.token_bytes(32)
    with client.websocket_connect(f"/ws/{match_id}", headers=seat_headers(tokens[0])) as a, \
            client.websocket_connect(f"/ws/{match_id}", headers=seat_headers(tokens[1])) as b:
        sockets = (a, b)
        last = [state(a), state(b)]
        a.send_json({"type": "commit", "commitment": seat_commitment(0, nonce)})
        last = [state(a), state(b)]
        assert not last[0]["view"]["dice"]["revealing"]  # seat 1 has not committed
        rng = random.Random(6)
        waited = False
        while not last[0]["over"]:
            decider = last[0]["view"]["decision"]["player"]
            sockets[decider].send_json({"type": "action", "text": rng.choice(last[decider]
                                                                              ["legal"])})
            answer = state(sockets[decider])
            if answer["type"] == "error":
                assert answer["rule"] == "dice" and not waited
                assert "waits for the nonce of seat 0" in answer["message"]
                waited = True
                last = [state(a), state(b)]  # shown again: the commitments are closed
                assert last[0]["view"]["dice"]["closed"]
                b.send_json({"type": "commit", "commitment": seat_commitment(1, nonce)})
                assert "too late" in state(b)["message"]
                a.send_json({"type": "reveal", "nonce": nonce.hex()})
                last = [state(a), state(b)]
                continue
            last = [answer, state(sockets[1 - decider])] if decider == 0 else \
                [state(sockets[0]), answer]
    assert waited, "the match drew no die"
    record = client.get(f"/api/matches/{match_id}/record").text
    verify_jsonl(record)
    end = json.loads(record.splitlines()[-1])
    assert end["reveal"]["seats"] == [nonce.hex(), None]
    assert check(record)[0].startswith("dice verified")


def test_a_message_sent_again_is_answered_with_the_table(client: TestClient) -> None:
    """A browser sends again a commitment or a nonce that no frame has confirmed (a socket
    lost on the way, static/fair_dice.js): the server answers the repeat with the table as
    it stands, to that seat alone, and changes nothing; any other message stays refused."""
    made = create(client, rounds=1)
    match_id = made["id"]
    nonces = [secrets.token_bytes(32), secrets.token_bytes(32)]
    commits = [{"type": "commit", "commitment": seat_commitment(seat, nonces[seat])}
               for seat in (0, 1)]
    with client.websocket_connect(f"/ws/{match_id}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as a, \
            client.websocket_connect(f"/ws/{match_id}",
                                     headers=seat_headers(token_of(made["join"]["1"]))) as b:
        state(a), state(b)
        a.send_json(commits[0])
        state(a), state(b)
        a.send_json({**commits[0], "commitment": commits[0]["commitment"].upper()})
        again = state(a)
        assert again["type"] == "state"
        assert again["view"]["dice"]["commitments"]["seats"] == [commits[0]["commitment"],
                                                                 None]
        a.send_json({"type": "commit", "commitment": seat_commitment(0, nonces[1])})
        assert "already committed" in state(a)["message"]
        b.send_json(commits[1])
        state(a), state(b)
        for seat, ws in enumerate((a, b)):
            ws.send_json({"type": "reveal", "nonce": nonces[seat].hex()})
            last = [state(a), state(b)]
        assert "pending" not in last[0]["view"]["dice"]
        for message in (commits[0], {"type": "reveal", "nonce": nonces[0].hex()}):
            a.send_json(message)  # the dice are drawn: the repeat is shown the table
            again = state(a)
            assert again["type"] == "state" and "pending" not in again["view"]["dice"]
        a.send_json({"type": "reveal", "nonce": nonces[1].hex()})
        assert "already drawn" in state(a)["message"]
        b.send_json({"type": "ping"})  # seat 1 was sent nothing for seat 0's repeats
        assert next_state(b)["type"] == "pong"
    game = hub_of(client).rooms[match_id].game
    assert isinstance(game.dice, FairDice) and game.dice.nonces == tuple(nonces)


def test_a_spectator_has_no_nonce(client: TestClient) -> None:
    made = create(client, rounds=1)
    with client.websocket_connect(f"/ws/{made['id']}") as watcher:
        state(watcher)
        watcher.send_json({"type": "commit", "commitment": "ab" * 32})
        refused = state(watcher)
        assert refused["type"] == "error" and "spectator" in refused["message"]


def test_a_hot_seat_device_commits_and_reveals_for_both_seats(client: TestClient) -> None:
    made = create(client, rounds=1, mode="hotseat")
    match_id = made["id"]
    nonces = [secrets.token_bytes(32), secrets.token_bytes(32)]
    with client.websocket_connect(f"/ws/{match_id}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as ws:
        if next_state(ws)["type"] == "handover":  # the secret bid: the device is handed over
            ws.send_json({"type": "ready"})
            assert state(ws)["type"] == "state"
        ws.send_json({"type": "commit", "commitment": seat_commitment(0, nonces[0])})
        refused = state(ws)
        assert refused["type"] == "error" and "names the seat" in refused["message"]
        for seat in (0, 1):
            ws.send_json({"type": "commit", "seat": str(seat),
                          "commitment": seat_commitment(seat, nonces[seat])})
            frame = state(ws)
        assert frame["view"]["dice"]["revealing"]
        for seat in (0, 1):
            ws.send_json({"type": "reveal", "seat": str(seat), "nonce": nonces[seat].hex()})
            frame = state(ws)
        assert "pending" not in frame["view"]["dice"]
    game = hub_of(client).rooms[match_id].game
    assert isinstance(game.dice, FairDice) and game.dice.nonces == tuple(nonces)


def test_a_restart_goes_on_from_the_stored_commitments(data_dir: Any) -> None:
    nonce = secrets.token_bytes(32)
    with TestClient(create_app(data_dir=data_dir)) as client:
        made = create(client, rounds=1, seats=[{"kind": "human"},
                                               {"kind": "bot", "agent": "random"}])
        with client.websocket_connect(
                f"/ws/{made['id']}", headers=seat_headers(token_of(made["join"]["0"]))) as ws:
            server = state(ws)["view"]["dice"]["commitments"]["server"]
            ws.send_json({"type": "commit", "commitment": seat_commitment(0, nonce)})
            assert state(ws)["view"]["dice"]["revealing"]  # the bot had committed already
    with TestClient(create_app(data_dir=data_dir)) as client:
        with client.websocket_connect(
                f"/ws/{made['id']}", headers=seat_headers(token_of(made["join"]["0"]))) as ws:
            dice = state(ws)["view"]["dice"]
            assert dice["commitments"]["server"] == server and dice["revealing"]
            ws.send_json({"type": "reveal", "nonce": nonce.hex()})
            assert "pending" not in state(ws)["view"]["dice"]
        game = hub_of(client).rooms[made["id"]].game
        assert isinstance(game.dice, FairDice) and game.dice.nonces[0] == nonce


def test_the_dice_refusals_in_french() -> None:
    assert translate("the first die waits for the nonce of seats 0 and 1 (a seat's browser "
                     "sends it)", "fr") == ("le premier dé attend les nonces des places 0 et 1 "
                                            "(leurs navigateurs les envoient)")
    for english in ("the first die waits for the nonce of seat 0 (a seat's browser sends it)",
                    "nonce: it does not match seat 1's commitment",
                    "commitment: too late, the first die was drawn without seat 1's nonce",
                    "a spectator has no nonce to commit or reveal"):
        assert translate(english, "fr") != english
