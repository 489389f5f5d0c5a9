"""No secret shown by timing (issue 46): a bot's move is held to a whole number of the
table's pace after its decision came, so a lone Pass and a weighed card, a quick bid and a
long one, reach the opponent in the same time class."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skirmish.web import rooms
from skirmish.web.pacing import pace_wait
from skirmish.web.settings import SettingsError, WebSettings

from .conftest import create, hub_of


def test_every_quick_answer_falls_in_the_first_class() -> None:
    # a lone Pass answered at once and a card weighed for 0.2 s: both sent 0.25 s after
    for thought in (0.0, 0.001, 0.05, 0.2, 0.25):
        assert thought + pace_wait(thought, 0.25) == pytest.approx(0.25)
    # a think past the pace is held to the next whole multiple, never cut short
    assert 0.3 + pace_wait(0.3, 0.25) == pytest.approx(0.5)
    assert 0.74 + pace_wait(0.74, 0.25) == pytest.approx(0.75)
    assert pace_wait(0.3, 0.0) == 0.0  # pace 0: at once


def test_the_pace_is_a_setting_with_a_default_and_a_bound() -> None:
    assert WebSettings().bot_pace_s == 0.25
    assert WebSettings.from_env({"SKIRMISH_BOT_PACE_S": "0.5"}).bot_pace_s == 0.5
    with pytest.raises(SettingsError, match="bot_pace_s"):
        WebSettings(bot_pace_s=-1)


def test_each_bot_move_waits_for_its_class(client: TestClient,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    hub = hub_of(client)
    monkeypatch.setattr(hub, "settings", hub.settings.with_(bot_pace_s=0.25))
    held: list[tuple[float, float]] = []

    def recorded(thought: float, pace: float) -> float:
        held.append((thought, pace))
        return 0.0  # the test does not wait

    monkeypatch.setattr(rooms, "pace_wait", recorded)
    made = create(client, rounds=1, seats=[{"kind": "bot", "agent": "random"},
                                           {"kind": "bot", "agent": "random"}])
    room = hub.rooms[made["id"]]
    assert room.bot_pace == 0.25  # the hub hands its setting to every room
    deadline = time.monotonic() + 60
    while not room.game.is_over and time.monotonic() < deadline:
        time.sleep(0.05)
    played: Any = room.game.played
    assert room.game.is_over and played > 10
    # every bot move was held (one record per move, the table's pace each time)
    assert len(held) == played and {pace for _, pace in held} == {0.25}
    assert all(thought >= 0 for thought, _ in held)
