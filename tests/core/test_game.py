"""The kernel's promises, checked on a toy ruleset and on Eden by random play."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.core import (
    Game,
    GameOverError,
    IllegalActionError,
    RandomAgent,
    ScriptedDice,
    play,
)
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup

from .toy import TOY


def snapshot(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def random_game(ruleset_game: Game, seed: int, steps: int) -> Game:
    agent = RandomAgent(seed)
    for _ in range(steps):
        if ruleset_game.is_over:
            break
        ruleset_game.apply(agent.act({}, list(ruleset_game.legal_actions())))
    return ruleset_game


def test_one_pending_decision_until_the_end() -> None:
    game = TOY.new_game({}, seed=3)
    assert game.decision().player == 0 and game.decision().kind == "secret-pick"
    play(game, [RandomAgent(1), RandomAgent(2)])
    assert game.is_over
    with pytest.raises(GameOverError):
        game.decision()
    with pytest.raises(GameOverError):
        game.apply("pass")
    assert not game.legal_actions()


def test_illegal_action_names_the_rule_and_changes_nothing() -> None:
    game = TOY.new_game({}, seed=3)
    game.apply("pick 2")
    game.apply("pick 1")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="Toy rule 2: 1 to 3 cm"):
        game.apply("step 5")
    with pytest.raises(IllegalActionError, match="action notation"):
        game.apply("teleport")
    assert snapshot(game) == before
    assert "flag 2.5,9.75" in game.legal_actions()  # any legal point, not only the samples
    assert "flag 12,1" not in game.legal_actions()


def test_legal_actions_is_a_lazy_finite_view() -> None:
    game = TOY.new_game({}, seed=3)
    legal = game.legal_actions()
    assert len(legal) == 4 and [str(a) for a in legal] == ["pick 0", "pick 1", "pick 2", "pick 3"]
    assert "pick 3" in legal and "pick 4" not in legal and 42 not in legal
    assert "LegalActions" in repr(legal)


def test_secret_decisions_are_hidden_from_the_other_seat() -> None:
    game = TOY.new_game({}, seed=3)
    game.apply("pick 3")
    view_b = json.dumps(game.view(1))
    assert game.view(0)["my_pick"] == 3 and game.view(1)["my_pick"] is None
    log_b = [e.to_json() for e in game.log_for(1)]
    assert "pick 3" not in json.dumps(log_b) and '"number": 3' not in json.dumps(log_b)
    assert '"my_pick": null' in view_b
    assert any(e["kind"] == "hidden" for e in log_b)
    assert "pick 3" in json.dumps([e.to_json() for e in game.log_for(0)])


def test_copy_is_independent() -> None:
    game = TOY.new_game({}, seed=5)
    random_game(game, 1, 4)
    copy = game.copy()
    before = snapshot(game)
    random_game(copy, 2, 50)
    assert snapshot(game) == before
    assert copy.history[: len(game.history)] == game.history


def test_snapshot_round_trip_and_undo() -> None:
    game = TOY.new_game({}, seed=9)
    random_game(game, 4, 6)
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.state_hash() == game.state_hash()
    assert restored.decision() == game.decision()
    before = game.state_hash()
    last = game.history[-1] if game.history else None
    legal = list(game.legal_actions())
    game.apply(legal[0])
    assert game.undo() == legal[0]
    assert game.state_hash() == before
    assert last is None or game.history[-1] == last


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        TOY.new_game({}).undo()


# -- Eden, by random play --------------------------------------------------------------------

def illegal_candidates(game: Game) -> list[str]:
    """Texts that are plausibly wrong now: other decisions' actions, nonsense, bad refs."""
    return [
        "bid 999", "bid -1", "first C", "activate A.Nobody", "activate B.Ngobo-Quick-Arm",
        "attack A.Yuri A.Vladd", "attack B.Abama-Big-Belly A.Yuri", "react fly", "aim tail",
        "aim head", "end", "pass", "interrupt A.Yuri", "react response", "react dodge",
        "move A.Yuri 1,1", "",
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_illegal_actions_leave_eden_byte_identical(seed: int) -> None:
    game = EDEN.new_game(demo_setup(max_rounds=2), seed=seed)
    agent = RandomAgent(seed)
    while not game.is_over:
        before = snapshot(game)
        legal = {str(a) for a in game.legal_actions()}
        for text in illegal_candidates(game):
            if text in legal or text in game.legal_actions():
                continue
            with pytest.raises(IllegalActionError):
                game.apply(text)
            assert snapshot(game) == before
        game.apply(agent.act(game.view(game.decision().player), list(game.legal_actions())))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_eden_copy_snapshot_and_replay_agree(seed: int) -> None:
    from skirmish.core import Record, verify

    game = EDEN.new_game(demo_setup(), seed=seed)
    random_game(game, seed, 25)
    copy = game.copy()
    assert copy.state_hash() == game.state_hash()
    assert Game.from_json(json.loads(json.dumps(game.to_json()))).state_hash() == game.state_hash()
    play(game, [RandomAgent(seed), RandomAgent(seed + 1)])
    assert copy.state_hash() != game.state_hash() or copy.is_over
    record = Record.from_jsonl(Record.of(game).to_jsonl())
    assert verify(record).state_hash() == game.state_hash()


def test_a_failure_half_way_leaves_the_game_as_it_was() -> None:
    from skirmish.core import DiceExhaustedError

    game = EDEN.new_game(demo_setup(), dice=ScriptedDice([6] * 20))
    game.apply("bid 2")
    before = snapshot(game)
    with pytest.raises(DiceExhaustedError):
        game.apply("bid 2")  # a tie: a D6 each, re-rolled while equal - all sixes run out
    assert snapshot(game) == before


def test_an_interrupt_stays_an_interrupt_where_the_game_cannot_be_put_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game its set-up does not replay (a search's determinization; here, dice that
    cannot be read back) cannot go back after a failure half-way. An error then says so,
    but Ctrl-C or SIGTERM stays KeyboardInterrupt, which no caller skips as an error."""
    game = EDEN.new_game(demo_setup(), dice=ScriptedDice([6] * 20))
    game.initial_dice = {"kind": "no such dice"}

    def interrupted(self: Game) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Game, "advance", interrupted)
    with pytest.raises(KeyboardInterrupt):
        game.apply("bid 2")

    def broken(self: Game) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Game, "advance", broken)
    with pytest.raises(ValueError, match="unknown dice kind"):  # the replay's own error
        game.apply("bid 2")


def test_forced_dice_settle_a_tied_bid() -> None:
    game = EDEN.new_game(demo_setup(), dice=ScriptedDice([3, 3, 2, 5]))
    game.apply("bid 2")
    game.apply("bid 2")
    # Rulebook 4.A step 3: B rolled 5 against 2 and *is* the first player (nobody chooses).
    assert game.state.first_player == 1  # type: ignore[attr-defined]
    assert game.decision().player == 1 and game.decision().kind == "leader"
    assert game.view(0)["sp"] == [game.state.sp_reserve(0) - 2, game.state.sp_reserve(1) - 2]  # type: ignore[attr-defined]


def test_an_offer_holds_the_very_objects_listed_whether_scanned_or_by_id() -> None:
    """``Offer.holds``: the objects listed and no other (an equal one is not one of them),
    the first asks by a scan, the later ones by id."""
    from skirmish.core import Pass
    from skirmish.core.game import Offer

    listed = [Pass(), Pass()]
    offer = Offer(0, listed)
    other = Pass()
    for _ in range(4):  # scanned twice, then by id
        assert offer.holds(listed[0]) and offer.holds(listed[1])
        assert not offer.holds(other) and not offer.holds("pass")
