"""The record checkers read the house rules from the header (issue 47): a record made under
a non-default reading verifies (``skirmish replay --verify``, :func:`verify_jsonl`,
:meth:`Record.replay`, the golden records' trace) and re-plays under that reading; the same
record whose header names another reading does not verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.bots.registry import make_agent
from skirmish.cli.main import app
from skirmish.core.agents import view_of
from skirmish.core.errors import RecordError
from skirmish.core.game import Game
from skirmish.core.record import Record, verify_jsonl
from skirmish.core.ruleset import RULESETS
from skirmish.sim.soak import _setup, library_pairings
from tests.golden.replay import trace

READINGS = {"eden-tied-bid": "chooses", "eden-storm-charge": "charge-too"}


def _played(readings: dict[str, str]) -> Game:
    setup = {**_setup(library_pairings("factions", "eden")[1], 1, "eden"),
             "house_rules": readings}
    game = RULESETS.get("eden").new_game(setup, seed=11)
    agents = [make_agent("random", seat + 3) for seat in (0, 1)]
    while not game.is_over:
        player = game.decision().player
        game.apply(agents[player].act(view_of(game, player, agents[player]),
                                      list(game.legal_actions())))
    return game


def _with_header_rules(text: str, readings: dict[str, str] | None) -> str:
    lines = text.split("\n")
    header = json.loads(lines[0])
    if readings is None:
        del header["setup"]["house_rules"]
    else:
        header["setup"]["house_rules"] = readings
    lines[0] = json.dumps(header, sort_keys=True)
    return "\n".join(lines)


def test_a_record_under_other_readings_verifies_and_replays_under_them(tmp_path: Path
                                                                       ) -> None:
    game = _played(READINGS)
    text = Record.of(game, events=True).to_jsonl()
    replayed = verify_jsonl(text)
    assert replayed.state.catalogue.house_rules == READINGS
    assert replayed.state_hash() == game.state_hash()
    assert Record.from_jsonl(text).replay().state.catalogue.house_rules == READINGS
    assert trace(text) == trace(text)  # the golden records' independent re-play reads it
    path = tmp_path / "house.jsonl"
    path.write_text(text)
    result = CliRunner().invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.output
    assert "house rules: eden-storm-charge=charge-too, eden-tied-bid=chooses" in \
        result.output


@pytest.mark.parametrize("header", [None, {"eden-tied-bid": "first"}])
def test_the_header_decides_a_record_with_its_readings_changed_does_not_verify(
        header: dict[str, str] | None) -> None:
    text = Record.of(_played(READINGS), events=True).to_jsonl()
    with pytest.raises(RecordError):
        verify_jsonl(_with_header_rules(text, header))


def test_an_unknown_reading_in_a_header_is_one_line_naming_it() -> None:
    text = Record.of(_played(READINGS), events=True).to_jsonl()
    with pytest.raises(Exception, match=r"eden-tied-bid: unknown reading 'maybe'") as caught:
        verify_jsonl(_with_header_rules(text, {"eden-tied-bid": "maybe"}))
    assert "\n" not in str(caught.value)
