"""The leak test (issue 12): a whole match between two remote seats and a spectator, every
frame each one receives recorded and checked field by field against the engine's own list
of secrets (EdenState: pending bids, tactical hands, secret missions with their effects and
objective markers; the dice key and counter; the full state)."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from skirmish.core.dice import KeyedDice
from skirmish.core.fair_dice import PendingDice
from skirmish.core.game import Game
from skirmish.games.eden.preparation.deployment import zone_of
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.state import EdenState
from skirmish.games.eden.web.frames import knowledge, picture_for, svg_of
from skirmish.web.game_parts import web_part
from skirmish.web.sentences import sentence

from .conftest import create, hub_of, next_state, seat_headers, token_of

#: Keys that only the full state or the dice have: no frame may hold one.
FULL_STATE_KEYS = {"key", "seed", "counter", "initial_dice", "stack", "hands", "bids",
                   "history", "counters", "state", "server_key", "nonces", "held", "rolled"}
#: ``version`` (issue 44, delta frames) is a digest of the frame's own content: it tells its
#: reader nothing the frame does not (tests/web/test_deltas.py pins that it is the same for
#: the same content whoever else is served).
STATE_FRAME_KEYS = {"type", "seat", "mode", "count", "over", "outcome", "view", "log_from",
                    "log", "legal", "svg", "version", "board", "takeback",
                    "glossary",
                    # issue 47: the house rules in force, agreed when the match was made:
                    # public, the same for every seat (tests/web/test_house_rules_table.py)
                    "house_rules"}


def keys_in(value: Any) -> set[str]:
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.update(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def names_of(cards: Any) -> set[str]:
    return {card.name for card in cards}


def check_secrets(game: Game, seat: int | None, frame: dict[str, Any]) -> None:
    """Everything secret from ``seat`` now is absent from ``frame`` (a state frame or an
    answer), field by field."""
    state = state_of(game)
    text = json.dumps(frame)
    dice = game.dice
    # keyed dice: the key; fair dice (docs/dice.md): also the server's key and every nonce,
    # pending or drawn
    assert isinstance(dice, KeyedDice | PendingDice)
    full = dice.to_json()
    secrets = [full.get("key"), full.get("server_key"), *(full.get("nonces") or []),
               *(full.get("held") or {}).values()]
    if isinstance(dice, KeyedDice):
        secrets.append(dice.key.hex())
    for secret in filter(None, secrets):
        assert secret not in text and secret.upper() not in text
    assert not keys_in(frame) & FULL_STATE_KEYS, keys_in(frame) & FULL_STATE_KEYS
    others = [side for side in (0, 1) if side != seat]
    own_decks = (names_of(state.catalogue.tactical[seat]) | names_of(
        state.catalogue.missions[seat])) if seat is not None else set()
    public = {name for played in state.played for name in played}
    for side in others:
        hidden_cards = set(state.hands[side]) - own_decks - public
        if seat is not None:
            hidden_cards -= set(state.hands[seat])
        secret_missions = {m for m in state.missions[side] if state._secret_mission(side, m)}
        for name in hidden_cards | (secret_missions - own_decks):
            assert name not in text, f"{name!r} leaks to seat {seat}"
    if frame["type"] != "state":
        return
    # a reaction's options not offered, with the rule's reason: the deciding seat's only
    assert set(frame) - {"unavailable"} == STATE_FRAME_KEYS
    assert "unavailable" not in frame or (
        not game.is_over and game.decision().player == seat
        and game.decision().kind == "reaction")
    view = frame["view"]
    # the abilities' texts (docs/web.md, Cards at hand): only those the view names
    assert set(frame["glossary"]) == {a["name"] for f in view["fighters"] for a in f["abilities"]}
    assert view["dice"] == dice.public()
    assert set(view) == set(game.view(seat))
    if seat is None:
        assert view["my_bid"] is None and view["my_hand"] == [] and view["my_tactical_cards"] == []
        assert view["bids_made"] == [b is not None for b in state.bids]
        assert view["hand_sizes"] == [len(h) for h in state.hands]
    else:
        other = 1 - seat
        assert view["my_bid"] == state.bids[seat]
        assert view["opponent_has_bid"] is (state.bids[other] is not None)
        assert view["my_hand"] == state.hands[seat]
        assert view["opponent_hand_size"] == len(state.hands[other])
        assert names_of_dicts(view["my_tactical_cards"]) == names_of(
            state.catalogue.tactical[seat])
        assert names_of_dicts(view["my_mission_cards"]) == names_of(
            state.catalogue.missions[seat])
    for side in others:
        assert view["missions"][side] == [
            "(secret mission)" if state._secret_mission(side, m) else m
            for m in state.missions[side]]
    assert view["effects"] == [e.to_json() for e in state.effects
                               if state._effect_public(e, seat)]
    assert view["objectives"] == state._objectives_seen(seat)
    for fighter, seen in zip(state.fighters, view["fighters"], strict=True):
        assert seen["characteristics"] == state._characteristics_seen(fighter, seat)
    start = frame["log_from"]
    for line, event in zip(frame["log"], game.log[start:], strict=True):
        visible = event.audience is None or (seat is not None and seat in event.audience)
        if not visible:
            # the line a player reads is the sentence of the stand-in, nothing more
            assert line == {"kind": event.redacted().kind, "text": event.redacted().text(),
                            "line": sentence(web_part("eden"), event.redacted().text())}
            assert line["text"] != event.text()
    decider = None if game.is_over else game.decision().player
    assert (frame["legal"] != []) <= (seat is not None and seat == decider)
    # the picture holds public things only: the spectator's, but for the deploying seat's zone
    picture = picture_for(game, None)
    if 'id="zone-0"' in frame["svg"]:
        assert seat is not None and seat == decider and game.decision().kind == "deploy"
        assert frame["svg"] == svg_of(picture, zones=[zone_of(state, seat)])
    else:
        assert frame["svg"] == svg_of(picture)


def names_of_dicts(cards: list[dict[str, Any]]) -> set[str]:
    return {str(card["name"]) for card in cards}


def check_knowledge(game: Game, seat: int | None) -> None:
    known = knowledge(game, seat)
    state, full = state_of(known), state_of(game)
    assert isinstance(state, EdenState)
    assert isinstance(known.dice, KeyedDice) and known.dice.counter == 0
    assert isinstance(game.dice, KeyedDice | PendingDice)  # pending: fair dice (docs/dice.md)
    assert not isinstance(game.dice, KeyedDice) or known.dice.key != game.dice.key
    for side in (0, 1):
        if side == seat:
            continue
        assert state.hands[side] == [] and state.bids[side] is None
        assert not any(full._secret_mission(side, m) for m in state.missions[side])
    assert all(full._effect_public(e, seat) for e in state.effects)


def test_no_frame_holds_the_other_seats_secrets(client: TestClient) -> None:
    # only secret missions to choose from, so that each side holds one
    made = create(client, rounds=2, missions=[["Hunt"], ["Infiltration"]])
    match_id = made["id"]
    game = hub_of(client).rooms[match_id].game
    rng = random.Random(2026)
    covered = {"pending bid": 0, "hand": 0, "secret mission": 0, "answers": 0}
    with client.websocket_connect(f"/ws/{match_id}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as a, \
            client.websocket_connect(f"/ws/{match_id}",
                                     headers=seat_headers(token_of(made["join"]["1"]))) as b, \
            client.websocket_connect(f"/ws/{match_id}") as watcher:
        sockets = {0: a, 1: b, None: watcher}
        frames = {seat: next_state(ws) for seat, ws in sockets.items()}
        for _ in range(3000):
            state = state_of(game)
            covered["pending bid"] += any(bid is not None for bid in state.bids)
            covered["hand"] += any(state.hands)
            covered["secret mission"] += any(state._secret_mission(side, m)
                                             for side in (0, 1) for m in state.missions[side])
            for seat, frame in frames.items():
                assert frame["type"] == "state" and frame["seat"] == seat
                check_secrets(game, seat, frame)
            if frames[0]["over"]:
                break
            decider = game.decision().player
            if rng.random() < 0.05:  # questions, answered from each asker's knowledge only
                for seat, ws in sockets.items():
                    check_knowledge(game, seat)
                    ws.send_json({"type": "odds", "text": "attack A.Yuri B.Abama-Big-Belly"})
                    ws.send_json({"type": "probe", "text": rng.choice(frames[decider]["legal"])})
                    for _ in range(2):
                        answer = ws.receive_json()
                        check_secrets(game, seat, answer)
                        covered["answers"] += 1
            sockets[decider].send_json({"type": "action",
                                        "text": rng.choice(frames[decider]["legal"])})
            frames = {seat: next_state(ws) for seat, ws in sockets.items()}
        assert frames[0]["over"]
    assert all(covered.values()), covered
