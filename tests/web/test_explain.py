""""Why?": a bot's explanation of its latest move (docs/web.md), redacted for every other
reader while the match goes on."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from skirmish.games.eden.demo import demo_setup
from skirmish.games.eden.ruleset import EdenRuleset
from skirmish.web.explanations import SECRET, Explained, for_reader

from .conftest import create, hub_of, next_state, seat_headers, token_of

EXPLANATION: dict[str, Any] = {
    "action": "activate B.Yuri", "win": 0.62, "iterations": 40, "seconds": 0.1,
    "line": [{"player": 1, "action": "activate B.Yuri"},
             {"player": 0, "action": "bid 2"},
             {"player": 1, "action": "play Ambush B.Yuri"},
             {"player": 1, "action": "move B.Yuri 10,10"}],
    "options": [{"action": "activate B.Yuri", "visits": 30, "win": 0.62},
                {"action": "play Ambush", "visits": 10, "win": 0.5}],
}


def test_a_reader_other_than_the_bot_sees_no_private_action_of_its_own() -> None:
    game = EdenRuleset().new_game(demo_setup(), seed=1)
    item = Explained(5, 1, "mcts:easy", False, EXPLANATION)
    other = for_reader(game, item, 0)
    assert other["redacted"] and other["action"] == "activate B.Yuri"
    assert [s["action"] for s in other["line"]] == [
        "activate B.Yuri", "bid 2", SECRET, "move B.Yuri 10,10"]  # the reader's own bid stays
    assert [o["action"] for o in other["options"]] == ["activate B.Yuri", SECRET]
    assert other["win"] == 0.62 and other["iterations"] == 40
    assert for_reader(game, item, None) == other  # a spectator likewise
    own = for_reader(game, item, 1)
    assert not own["redacted"] and own["line"][2]["action"] == "play Ambush B.Yuri"


def test_a_secret_decision_is_a_secret_in_the_explanation_until_the_end() -> None:
    game = EdenRuleset().new_game(demo_setup(), seed=1)
    bid = {**EXPLANATION, "action": "bid 3", "line": [{"player": 1, "action": "bid 3"}],
           "options": [{"action": "bid 3", "visits": 5, "win": 0.5}]}
    item = Explained(0, 1, "mcts:easy", True, bid)
    other = for_reader(game, item, 0)
    assert other["action"] == SECRET and other["line"][0]["action"] == SECRET
    assert "bid 3" not in str(other)
    rng = random.Random(2)
    while not game.is_over:  # once over, everything is public
        game.apply(rng.choice(list(game.legal_actions())))
    assert for_reader(game, item, 0)["action"] == "bid 3"
    assert not for_reader(game, item, None)["redacted"]


def test_why_answers_with_the_bots_latest_explanation(client: TestClient) -> None:
    made = create(client, rounds=1, seats=[{"kind": "bot", "agent": "mcts:iterations=12"},
                                           {"kind": "human"}])
    room = hub_of(client).rooms[made["id"]]
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/{made['id']}",
                                  headers=seat_headers(token_of(made["join"]["1"]))) as b:
        frame = next_state(b)  # only state frames come until "explain" is sent
        for _ in range(200):
            if frame.get("explained") or frame["over"]:
                break
            if frame["legal"]:
                b.send_json({"type": "action", "text": rng.choice(frame["legal"])})
            frame = next_state(b)
        assert frame.get("explained", 0) > 0
        b.send_json({"type": "explain"})
        answer = b.receive_json()
        while answer["type"] != "explanation":  # the bot may go on playing meanwhile
            assert answer["type"] == "state", answer
            answer = b.receive_json()
        assert answer["seat"] == 0 and answer["agent"] == "mcts:iterations=12"
        assert answer["redacted"] is True and 0 <= answer["win"] <= 1
        assert answer["iterations"] >= 0
        item = next(e for e in room.explanations if e.index == answer["index"])
        if item.secret:  # the bot's bid: never told
            assert answer["action"] == SECRET
            assert str(item.data["action"]) not in str(answer["line"])
        else:
            assert answer["action"] == item.data["action"]


def test_a_match_without_bots_has_nothing_to_explain(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/{made['id']}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as a:
        frame = next_state(a)
        assert "explained" not in frame
        a.send_json({"type": "explain"})
        error = a.receive_json()
        assert error["type"] == "error" and "no bot has explained" in error["message"]
