"""Issue 46: a Mass Effect: Annihilation web match derives its dice key from every seat's
nonce too (web/fair.py, WebPart.seats_first; docs/dice.md). ME:A rolls at once (the
roll-off), so its web match opens with each seat's "begin" (games/masseffect/phases/
begin.py): the first die waits for every seat that committed, and the record carries every
commitment, checked by ``replay --verify`` and the stand-alone verifier. The Eden test it
mirrors: tests/web/test_fair_dice.py."""

from __future__ import annotations

import json
import random
import secrets
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.fair_dice import FairDice, PendingDice, seat_commitment
from skirmish.core.record import verify_jsonl
from skirmish.verify_dice import check

from .conftest import create, hub_of, next_state, seat_headers, token_of

ME = {"ruleset": "masseffect"}


def state(ws: Any) -> dict[str, Any]:
    frame = next_state(ws)
    while frame["type"] not in ("state", "error"):
        frame = next_state(ws)
    return frame


def test_a_masseffect_match_waits_for_every_seats_nonce_and_the_record_checks(
        client: TestClient, tmp_path: Path) -> None:
    made = create(client, **ME)
    match_id = made["id"]
    room = hub_of(client).rooms[match_id]
    # no die yet: the dice are pending and each seat begins first (player A, then B)
    assert isinstance(room.game.dice, PendingDice) and not room.game.history
    assert room.game.setup["begin"] is True
    assert hub_of(client).store.match(match_id).setup["begin"] is True  # stored with it
    nonces = [secrets.token_bytes(32), secrets.token_bytes(32)]
    with client.websocket_connect(f"/ws/{match_id}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as a, \
            client.websocket_connect(f"/ws/{match_id}",
                                     headers=seat_headers(token_of(made["join"]["1"]))) as b:
        sockets = (a, b)
        first = state(a)
        state(b)
        assert first["view"]["dice"]["pending"]
        assert first["view"]["decision"]["kind"] == "begin" and first["legal"] == ["pass"]
        server = first["view"]["dice"]["commitments"]["server"]
        for seat in (0, 1):
            sockets[seat].send_json({"type": "commit",
                                     "commitment": seat_commitment(seat, nonces[seat])})
            frames = [state(a), state(b)]
        assert frames[0]["view"]["dice"]["revealing"]
        for seat in (0, 1):
            sockets[seat].send_json({"type": "reveal", "nonce": nonces[seat].hex()})
            last = [state(a), state(b)]
        assert "pending" not in last[0]["view"]["dice"]
        game = room.game
        assert isinstance(game.dice, FairDice) and game.dice.nonces == tuple(nonces)
        assert game.dice.counter == 0  # not a die drawn before every seat's nonce was in
        rng = random.Random(5)
        while not last[0]["over"]:
            decider = last[0]["view"]["decision"]["player"]
            sockets[decider].send_json({"type": "action", "text": rng.choice(last[decider]
                                                                              ["legal"])})
            last = [state(a), state(b)]
            assert last[0]["type"] == "state", last[0]
    record = client.get(f"/api/matches/{match_id}/record").text
    verify_jsonl(record)
    lines = record.splitlines()
    header, end = json.loads(lines[0]), json.loads(lines[-1])
    assert header["ruleset"] == "masseffect" and header["setup"]["begin"] is True
    assert header["dice"]["commitments"]["seats"] == [seat_commitment(i, n)
                                                       for i, n in enumerate(nonces)]
    assert end["reveal"]["seats"] == [n.hex() for n in nonces]
    assert [json.loads(line)["action"] for line in lines[1:3]] == ["pass", "pass"]
    assert check(record, [server])[0].startswith("dice verified")
    # replay --verify checks every commitment against its reveal and prints them
    path = tmp_path / "me.jsonl"
    path.write_text(record, encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", "--verify", str(path), "--commitment", server,
                                      "--commitment", seat_commitment(1, nonces[1])])
    assert result.exit_code == 0, result.output
    assert f"server commitment {server}" in result.stdout
    for seat, nonce in enumerate(nonces):
        assert f"seat {seat} commitment {seat_commitment(seat, nonce)}" in result.stdout
    # a forged reveal is refused
    forged = record.replace(nonces[1].hex(), secrets.token_bytes(32).hex())
    path.write_text(forged, encoding="utf-8")
    refused = CliRunner().invoke(app, ["replay", "--verify", str(path)])
    assert refused.exit_code == 2


def test_a_bot_seat_begins_at_once_and_the_first_die_waits_for_the_human(
        client: TestClient) -> None:
    """Player A a bot: it begins at once; the first die comes with player B's "begin",
    after B's browser committed and revealed: B's nonce is in the key."""
    made = create(client, **ME, seats=[{"kind": "bot", "agent": "random"},
                                       {"kind": "human"}])
    nonce = secrets.token_bytes(32)
    with client.websocket_connect(f"/ws/{made['id']}",
                                  headers=seat_headers(token_of(made["join"]["1"]))) as b:
        frame = state(b)
        while frame["view"]["decision"]["player"] != 1:  # the bot's "begin"
            frame = state(b)
        assert frame["view"]["decision"]["kind"] == "begin"
        b.send_json({"type": "commit", "commitment": seat_commitment(1, nonce)})
        assert state(b)["view"]["dice"]["revealing"]  # the bot had committed already
        b.send_json({"type": "reveal", "nonce": nonce.hex()})
        assert "pending" not in state(b)["view"]["dice"]
        b.send_json({"type": "action", "text": "pass"})
        assert state(b)["type"] == "state"
    game = hub_of(client).rooms[made["id"]].game
    assert isinstance(game.dice, FairDice) and game.dice.nonces[1] == nonce
    assert game.dice.counter > 0  # the roll-off, after both seats began


def test_the_begin_prompt_in_french() -> None:
    from skirmish.web.i18n import translate

    english = "Begin the match: the first die is rolled once both players have begun"
    assert translate(english, "fr").startswith("Commencez la partie")
