"""A match's optional clock (docs/web.md, Clock; src/skirmish/web/clocks.py): set in the lobby,
started once every human seat has opened the table, running only while a human seat decides
(a bot's time counts against nobody), stored with every commit and read back after a
restart; a time-out ends the match with the table's outcome (the seat out of time concedes:
docs/rulings.md, docs/masseffect.md), which the record says and ``replay --verify`` checks.
Every time is the hub's clock, moved by the test: nothing waits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skirmish.core.errors import GameOverError
from skirmish.core.record import Record, verify_jsonl
from skirmish.core.ruleset import RULESETS, Outcome
from skirmish.games.eden.demo import demo_setup
from skirmish.web import clocks, create_app
from skirmish.web.i18n import translate

from .conftest import create, hub_of, seat_headers, token_of

START = 1_000_000.0


@pytest.fixture(autouse=True)
def no_watcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's own watcher looks at the real time: off, the tests look by hand."""
    monkeypatch.setenv("SKIRMISH_CLOCK_WATCH_S", "0")


class FakeTime:
    """The hub's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def fake_time(client: TestClient) -> FakeTime:
    now = FakeTime()
    hub_of(client).clock = now
    return now


def connect(client: TestClient, match_id: str, token: str | None = None) -> Any:
    return client.websocket_connect(f"/ws/{match_id}",
                                    headers=seat_headers(token) if token else {})


def state(ws: Any) -> dict[str, Any]:
    """The next state frame (any other frame before it is skipped)."""
    while True:
        frame = ws.receive_json()
        if frame["type"] == "state":
            return dict(frame)


def check(client: TestClient) -> int:
    """The hub's watcher, once (what it does every half second on a real server)."""
    portal = client.portal  # type: ignore[attr-defined]
    return int(portal.call(clocks.check, hub_of(client)))


def timed(client: TestClient, **body: Any) -> tuple[str, list[str]]:
    made = create(client, clock={"minutes": 1, "increment": 5}, **body)
    return made["id"], [token_of(link) for _, link in sorted(made["join"].items())]


@pytest.mark.parametrize("clock, words", [
    ({"minutes": 0}, "clock.minutes"), ({"minutes": -1}, "clock.minutes"),
    ({"minutes": "5"}, "clock.minutes"), ({"minutes": True}, "clock.minutes"),
    ({"minutes": 5, "increment": -1}, "clock.increment"),
    ({"minutes": 5, "increment": 99999}, "clock.increment"),
    ({"minutes": 5, "extra": 1}, "clock: null"), ("5", "clock: null"),
])
def test_a_bad_clock_is_refused_naming_its_field(client: TestClient, clock: Any,
                                                 words: str) -> None:
    response = client.post("/api/matches", json={"clock": clock})
    assert response.status_code == 400 and words in response.json()["error"]
    assert hub_of(client).store.count() == 0


def test_no_clock_is_the_default(client: TestClient) -> None:
    made = create(client)
    with connect(client, made["id"], token_of(made["join"]["0"])) as a:
        assert "clock" not in state(a)
    info = hub_of(client).store.match(made["id"])
    assert info is not None and info.clock is None


def test_time_runs_only_while_the_seat_decides_and_is_stored_at_each_commit(
        client: TestClient) -> None:
    now = fake_time(client)
    match_id, (ta, tb) = timed(client)
    store = hub_of(client).store
    with connect(client, match_id, ta) as a:
        frame = state(a)
        # B has not opened the table yet: nobody's time runs
        assert frame["clock"] == {"left": [60.0, 60.0], "running": None, "increment": 5.0,
                                  "started": False}
        now.now += 100
        with connect(client, match_id, tb) as b:
            state(b)
            started = state(a)["clock"]  # both at the table: A's time runs (A bids)
            state(b)
            assert started["started"] and started["running"] == 0
            assert started["left"] == [60.0, 60.0]
            now.now += 20
            a.send_json({"type": "action", "text": "bid 1"})
            after = state(a)["clock"]
            state(b)
            # A spent 20 s and got the 5 s increment; B's time runs now
            assert after["left"] == [45.0, 60.0] and after["running"] == 1
            stored = store.clock(match_id)
            assert stored is not None and stored["left"] == [45.0, 60.0]
            assert stored["running"] == 1 and stored["since"] == START + 120
            now.now += 7
            b.send_json({"type": "resync"})
            assert state(b)["clock"]["left"] == [45.0, 53.0]


def test_the_seat_out_of_time_concedes_and_the_record_says_so(client: TestClient) -> None:
    """The ruling: the player whose time runs out concedes, the other wins, scores are not
    counted; the record's end line says the table ended the match, and it verifies."""
    now = fake_time(client)
    match_id, (ta, tb) = timed(client)
    hub = hub_of(client)
    with connect(client, match_id, ta) as a, connect(client, match_id, tb) as b:
        state(a), state(b)
        state(a), state(b)  # the clock started
        a.send_json({"type": "action", "text": "bid 1"})
        state(a), state(b)
        now.now += 59
        assert check(client) == 0  # B has one second left
        now.now += 1
        # B acts too late: refused (the watcher has not looked yet)
        b.send_json({"type": "action", "text": "bid 1"})
        error = b.receive_json()
        assert error["type"] == "error" and error["rule"] == "clock"
        assert check(client) == 1
        end_a, end_b = state(a), state(b)
        for frame in (end_a, end_b):
            assert frame["over"] is True
            assert frame["outcome"] == {"winner": 0, "scores": [],
                                        "reason": "player B ran out of time"}
            assert frame["clock"]["left"][1] == 0 and frame["clock"]["running"] is None
        assert check(client) == 0
    info = hub.store.match(match_id)
    assert info is not None and info.status == "over" and info.finished_at is not None
    assert info.outcome == {"winner": 0, "scores": [], "reason": "player B ran out of time"}
    assert hub.store.actions(match_id) == [(0, "bid 1")]
    record = client.get(f"/api/matches/{match_id}/record")
    assert record.status_code == 200
    end = json.loads(record.text.strip().split("\n")[-1])
    assert end["ended"] == "table" and end["outcome"]["winner"] == 0
    game = verify_jsonl(record.text)
    assert game.is_over and game.outcome() == Outcome(0, (), "player B ran out of time")
    # the replay ends so after its last action, as does an uploaded record's
    uploaded = client.post("/api/replays", content=record.text)
    assert uploaded.status_code == 201, uploaded.text
    for replay_id in (match_id, uploaded.json()["id"]):
        first, last = (client.get(f"/api/replays/{replay_id}/{step}").json() for step in (0, 1))
        assert first["over"] is False and first["outcome"] is None
        assert last["over"] is True and last["outcome"] == info.outcome


def test_the_clock_and_its_end_survive_a_restart(data_dir: Path) -> None:
    with TestClient(create_app(data_dir=data_dir)) as client:
        now = fake_time(client)
        over_id, (tc, td) = timed(client)
        with connect(client, over_id, tc) as c, connect(client, over_id, td):
            state(c), state(c)  # the clock started
            now.now += 61
            assert check(client) == 1
        match_id, (ta, tb) = timed(client)
        with connect(client, match_id, ta) as a, connect(client, match_id, tb) as b:
            state(a), state(b)
            state(a), state(b)  # the clock started
            now.now += 10
            a.send_json({"type": "action", "text": "bid 1"})
            state(a), state(b)
    with TestClient(create_app(data_dir=data_dir)) as client:
        hub = hub_of(client)
        now = fake_time(client)
        now.now = START + 81  # B's time has run since START + 71
        room = hub.rooms[match_id]
        assert room.clock is not None and room.clock.running == 1
        assert room.clock.public(now())["left"] == [55.0, 50.0]
        over = client.portal.call(hub.room, over_id)  # type: ignore[attr-defined]
        assert over is not None and over.game.is_over
        assert over.game.outcome() == Outcome(1, (), "player A ran out of time")


def test_a_bots_time_is_counted_against_nobody(client: TestClient) -> None:
    fake_time(client)
    made = create(client, clock={"minutes": 1}, seats=[{"kind": "human"},
                                                       {"kind": "bot", "agent": "random"}])
    hub = hub_of(client)
    with connect(client, made["id"], token_of(made["join"]["0"])) as a:
        frame = state(a)
        while frame["clock"]["started"] is False:
            frame = state(a)
        assert frame["clock"]["running"] == 0
        a.send_json({"type": "action", "text": "bid 1"})
        frame = state(a)
        while not frame["legal"]:  # the bot decides: nobody's time runs
            assert frame["clock"]["running"] is None and frame["view"]["decision"]["player"] == 1
            frame = state(a)
        assert frame["clock"]["running"] == 0 and frame["clock"]["left"] == [60.0, 60.0]
        room = hub.rooms[made["id"]]
        assert room.clock is not None and room.clock.remaining(1, 1e12) == 60.0


def test_time_passing_while_nobody_decides_is_counted_against_nobody() -> None:
    clock = clocks.Clock(60.0, 2.0, [60.0, 60.0], started=True)
    clock.run(0, 100.0)
    clock.decided(0, 110.0)  # 10 s spent, 2 s back
    clock.run(None, 110.0)  # a bot decides for 1000 s
    clock.run(0, 1110.0)
    assert clock.remaining(0, 1110.0) == 52.0 and clock.remaining(1, 1110.0) == 60.0
    assert clock.out(1161.0) is None and clock.out(1162.0) == 0


def test_hot_seat_may_use_a_clock(client: TestClient) -> None:
    now = fake_time(client)
    made = create(client, mode="hotseat", clock={"minutes": 2})
    hub = hub_of(client)
    with connect(client, made["id"], token_of(made["join"]["0"])) as device:
        device.send_json({"type": "ping"})  # answered once the device has joined
        while device.receive_json()["type"] != "pong":
            pass
        room = hub.rooms[made["id"]]
        clock = room.clock
        assert clock is not None and clock.started and clock.running == 0
        now.now += 121
        assert check(client) == 1
        assert room.game.outcome() == Outcome(1, (), "player A ran out of time")


def test_a_game_its_table_ends_keeps_its_outcome_in_copies_snapshots_and_records() -> None:
    """The kernel's generic end (core/game.py ``Game.end``): no game named."""
    game = RULESETS.get("eden").new_game(demo_setup(1), seed=3)
    game.apply("bid 1")
    outcome = Outcome(None, (), "both players agreed to a draw")
    game.end(outcome)
    assert game.is_over and game.outcome() == outcome and list(game.legal_actions()) == []
    with pytest.raises(GameOverError):
        game.end(outcome)
    with pytest.raises(GameOverError):
        game.apply("bid 1")
    assert game.copy().outcome() == outcome
    snapshot = game.to_json()
    assert snapshot["ended"] == outcome.to_json()
    assert type(game).from_json(snapshot).outcome() == outcome
    text = Record.of(game).to_jsonl()
    assert verify_jsonl(text).outcome() == outcome
    assert Record.from_jsonl(text).replay().outcome() == outcome
    # an end line that claims another table outcome does not verify
    forged = text.replace("both players agreed", "player B gave up")
    with pytest.raises(Exception, match="end line"):
        verify_jsonl(forged)


def test_a_masseffect_player_out_of_time_concedes_too(client: TestClient) -> None:
    """The same ruling in Mass Effect: Annihilation (docs/masseffect.md, ME51): the seat out
    of time concedes, the other wins, no scores; the record verifies."""
    now = fake_time(client)
    made = create(client, ruleset="masseffect", mode="hotseat", clock={"minutes": 1})
    hub = hub_of(client)
    with connect(client, made["id"], token_of(made["join"]["0"])) as device:
        device.send_json({"type": "ping"})
        while device.receive_json()["type"] != "pong":
            pass
        room = hub.rooms[made["id"]]
        seat = room.game.decision().player
        assert room.clock is not None and room.clock.running == seat
        now.now += 60
        assert check(client) == 1
        side = "AB"[seat]
        assert room.game.outcome() == Outcome(1 - seat, (), f"player {side} ran out of time")
    record = client.get(f"/api/matches/{made['id']}/record")
    assert verify_jsonl(record.text).outcome() == Outcome(1 - seat, (),
                                                          f"player {side} ran out of time")


def test_the_time_out_reason_reads_in_french() -> None:
    for side in "AB":
        reason = clocks.REASON.format(side=side)
        assert translate(reason, "fr") == f"le joueur {side} n'a plus de temps"
