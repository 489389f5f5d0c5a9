"""Hot-seat handovers only before a decision that needs one (docs/web.md, Hot-seat): whole
hot-seat matches of both games played through the websocket, every handover counted and
justified, and no frame showing a seat's secret to the other."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skirmish.web import frames as web_frames
from skirmish.web.handovers import needs_handover

from .conftest import create, hub_of, seat_headers, token_of

ME = {"ruleset": "masseffect", "bands": ["Grappe Kappa-9", "Escouade Orion"]}


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("decision", "player")}


def play_hotseat(client: TestClient, made: dict[str, Any], seed: int) -> Counter[str]:
    """Play a hot-seat match to its end, choosing at random; check each frame as it comes.
    Returns the counts: handovers, secret decisions, the handovers before one, and the other
    handovers (each one justified: its decision's prompt or actions show a secret of the
    deciding seat). Secret decisions in a row by one seat need one handover."""
    rng = random.Random(seed)
    room = hub_of(client).rooms[made["id"]]
    counts: Counter[str] = Counter()
    handed: int | None = None  # the seat the device was last handed to, until a public frame
    asked = False  # this device asked for the handover (to see a public frame's other choices)
    with client.websocket_connect(f"/ws/{made['id']}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as ws:
        while True:
            frame = ws.receive_json()
            if frame["type"] == "handover":
                counts["handovers"] += 1
                # never to the seat that holds the device with its own frame already
                assert handed != frame["seat"]
                handed = frame["seat"]
                game = room.game
                assert game.decision().player == handed and (asked or needs_handover(game))
                if asked:
                    counts["asked"] += 1
                elif game.decision().kind.startswith("secret"):
                    counts["before secret"] += 1
                else:
                    counts["shown"] += 1  # a secret would show: justified by needs_handover
                ws.send_json({"type": "ready"})
                continue
            assert frame["type"] == "state", frame
            game = room.game
            if frame["over"]:
                break
            decision = frame["view"]["decision"]
            assert decision["player"] == frame["seat"] == game.decision().player
            if decision["kind"].startswith("secret"):
                counts["secret"] += 1
            if frame.get("public"):
                # what both players see: the spectator's view and log, nothing more
                handed = None
                spectator = json.loads(json.dumps(game.view(None)))
                assert public_view(frame["view"]) == public_view(spectator)
                assert frame["log"] == web_frames.log_lines(game, None, frame["log_from"])
                assert not decision["kind"].startswith("secret")
                # the choices left out show a secret: the device is asked for, now and then
                legal = set(frame["legal"])
                assert legal <= {str(a) for a in game.legal_actions()}
                if frame["more"] and (not counts["asked"] or rng.random() < 0.3):
                    ws.send_json({"type": "handover"})
                    asked = True
                    continue
            else:
                if asked:  # after a handover asked for: every choice, those left out too
                    assert set(legal) < set(frame["legal"])
                asked = False
                # a seat's own frame: only in its hands, after a handover to it
                assert handed == frame["seat"]
            ws.send_json({"type": "action", "text": rng.choice(frame["legal"])})
    return counts


def secret_decisions(client: TestClient, match_id: str) -> int:
    """How many actions of the match answered a secret decision (their log line is seen by
    their player only)."""
    game = hub_of(client).rooms[match_id].game
    return sum(1 for e in game.log if getattr(e, "action", None) is not None
               and e.audience is not None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_eden_hotseat_match_hands_over_only_before_secret_decisions(
        client: TestClient, seed: int) -> None:
    made = create(client, mode="hotseat", rounds=2)
    counts = play_hotseat(client, made, seed)
    secret = secret_decisions(client, made["id"])
    assert secret > 0 and counts["secret"] == secret
    # a handover before each secret decision (one for a seat's secret decisions in a row),
    # and when the device is asked for (to see the cards a public frame leaves out); none
    # other: no decision of Eden's shows a secret in its prompt or in all its actions
    assert 0 < counts["before secret"] <= counts["secret"]
    assert counts["asked"] > 0 and counts["shown"] == 0
    assert counts["handovers"] == counts["before secret"] + counts["asked"]
    print(dict(counts), len(hub_of(client).rooms[made["id"]].game.history))


def test_a_masseffect_hotseat_match_never_hands_over(client: TestClient) -> None:
    made = create(client, **ME, mode="hotseat")
    counts = play_hotseat(client, made, 3)
    assert counts["handovers"] == 0 == secret_decisions(client, made["id"])
