"""Issue 47 made the draft's readings Mass Effect: Annihilation's defaults and kept the
engine's former readings as house rules (``FORMER_READINGS``). Under them every ME:A golden
record plays the very game it played before: after each action the same state, the same
legal actions and the same three views, as digested at 8f12784, before the change
(``masseffect_former_digests.json``; the views' new ``house_rules`` line left out). The
records' traces cannot show it alone: the set-up, now naming the readings, is part of the
state hash."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from skirmish.core.dice import dice_from_json
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS
from skirmish.games.masseffect.house_rules import FORMER_READINGS

HERE = Path(__file__).parent
FORMER = json.loads((HERE / "masseffect_former_digests.json").read_text())


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str).encode()


def digest(text: str) -> tuple[str, str]:
    record = Record.from_jsonl(text)
    header = record.header
    game = RULESETS.get(header["ruleset"]).new_game(header["setup"],
                                                     dice=dice_from_json(header["dice"]))
    out = hashlib.sha256()

    def step() -> None:
        out.update(_dump(game.state.to_json()))
        if not game.is_over:
            out.update(_dump([game.decision().player,
                              sorted(str(a) for a in game.legal_actions())]))
        for seat in (0, 1, None):
            view = dict(game.view(seat))
            view.pop("house_rules", None)
            out.update(_dump(view))

    step()
    for _player, action in record.actions:
        game.apply(action)
        step()
    outcome = game.outcome()
    return out.hexdigest()[:16], str(outcome.to_json() if outcome else None)


@pytest.mark.parametrize("name", sorted(FORMER))
def test_the_former_readings_play_the_former_games(name: str) -> None:
    text = (HERE / "records" / name).read_text()
    assert Record.from_jsonl(text).header["setup"]["house_rules"] == FORMER_READINGS
    assert digest(text) == (FORMER[name]["digest"], FORMER[name]["outcome"])
