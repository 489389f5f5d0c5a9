"""Pit Duel's rules (tests/toygame/site/skirmish_pitduel/rules.py) as scenarios: given this
table and these dice, then this state."""

from __future__ import annotations

import pytest

from skirmish.core.dice import ScriptedDice
from skirmish.core.errors import IllegalActionError
from skirmish.core.observation import HIDDEN, Determinizer, observe
from skirmish.core.plugins import GAMES
from skirmish.core.record import Record, verify_jsonl
from skirmish.core.ruleset import RULESETS


def duel(*rolls: int):  # type: ignore[no-untyped-def]
    return RULESETS.get("pitduel").new_game({}, dice=ScriptedDice(list(rolls)))


def test_the_registry_finds_the_game_by_its_entry_point() -> None:
    assert "pitduel" in GAMES.names()
    assert GAMES.get("pitduel").title == "Pit Duel"


def test_rule_3_and_5_a_strike_on_the_guarded_fighter_needs_5() -> None:
    game = duel(4)
    assert game.decision().player == 1  # B defends in round 1
    game.apply("guard B.Eve")
    game.apply("strike A.Ash B.Eve")
    assert game.view(0)["fighters"][4]["wounds"] == 2  # 4 misses the guarded Eve
    assert game.view(0)["scores"] == [0, 0]


def test_rule_5_a_strike_elsewhere_hits_on_3_and_the_fighter_goes_out() -> None:
    game = duel(3, 1, 3)  # round 1 hits Dane, round 2 (B attacks) misses, round 3 hits
    for action in ("guard B.Eve", "strike A.Ash B.Dane", "guard A.Ash", "strike B.Eve A.Ash",
                   "guard B.Eve", "strike A.Cole B.Dane"):
        game.apply(action)
    dane = game.view(None)["fighters"][3]
    assert dane["wounds"] == 0 and not dane["on_field"]
    assert game.view(None)["scores"] == [2, 0]
    with pytest.raises(IllegalActionError, match="Pit Duel 3"):
        game.apply("guard B.Dane")  # out: he cannot guard


def test_rule_3_the_attacker_does_not_see_the_guard() -> None:
    game = RULESETS.get("pitduel").new_game({}, seed=5)
    game.apply("guard B.Fitz")
    assert game.view(1)["guard"] == "B.Fitz"
    assert game.view(0)["guard"] == HIDDEN and game.view(None)["guard"] == HIDDEN
    seen_by = [[e.for_player(p).to_json() for e in game.log] for p in (0, 1)]
    assert "B.Fitz" in str(seen_by[1]) and "B.Fitz" not in str(seen_by[0])
    observation = observe(game, 0)
    assert observation["state"]["guard"] == HIDDEN
    sample = Determinizer(observation).sample(ScriptedDice([1, 5]))
    assert sample.view(0) == game.view(0)


def test_rule_6_the_match_ends_and_records_replay() -> None:
    game = RULESETS.get("pitduel").new_game({"rounds": 2}, seed=3)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    outcome = game.outcome()
    assert outcome is not None and len(game.history) == 4
    verify_jsonl(Record.of(game).to_jsonl())


def test_rule_3_two_tables_differing_only_in_the_guard_look_alike_to_the_attacker() -> None:
    games = []
    for guard in ("guard B.Dane", "guard B.Eve"):
        game = RULESETS.get("pitduel").new_game({}, seed=8)
        game.apply(guard)
        games.append(game)
    first, second = games
    assert first.view(0) == second.view(0) and first.view(None) == second.view(None)
    assert observe(first, 0) == observe(second, 0)
    assert [e.to_json() for e in first.log_for(0)] == [e.to_json() for e in second.log_for(0)]
    assert first.view(1) != second.view(1)
