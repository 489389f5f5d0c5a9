"""Behaviour is byte-identical across refactors: 101 golden records (both games, every
optional rule of Eden, every ME:A scenario, every bot; made by ``make_records`` on the
reference commit) re-play to the same state hashes, legal actions and views.

After each action the state hash, the deciding seat's legal actions and the three views
(each seat's and the spectator's) are digested; the digest of the whole re-play must be the
recorded one. A difference means the engine no longer plays these matches as it did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmish.core.record import verify_jsonl
from tests.golden.replay import trace

HERE = Path(__file__).parent
TRACES = json.loads((HERE / "traces.json").read_text())


def test_there_are_at_least_100_records_of_both_games() -> None:
    names = sorted(TRACES)
    assert len(names) >= 100
    assert {n.split("-")[0] for n in names} == {"eden", "masseffect"}
    assert sorted(p.name for p in (HERE / "records").glob("*.jsonl")) == names


@pytest.mark.parametrize("name", sorted(TRACES))
def test_a_golden_record_replays_identically(name: str) -> None:
    text = (HERE / "records" / name).read_text()
    verify_jsonl(text, source=name)  # every line as the engine writes it now
    assert trace(text) == TRACES[name]
