"""Takebacks in the kernel (docs/web.md, Takebacks): the game after a takeback is the game
its kept actions made, except that the dice go on from the last draw (never the dice
already seen); the entries keep everything played; records with takebacks verify."""

from __future__ import annotations

import json

import pytest

from skirmish.core import Game, IllegalActionError, RandomAgent
from skirmish.core.dice import KeyedDice, SeededDice
from skirmish.core.errors import RecordMismatchError
from skirmish.core.game import play_entry, takeback_entry
from skirmish.core.record import Record, verify, verify_jsonl
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup


def played(game: Game, seed: int, steps: int) -> Game:
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(agent.act({}, list(game.legal_actions())))
    return game


def without_dice(game: Game) -> dict[str, object]:
    data = game.to_json()
    for key in ("dice", "takebacks"):
        data.pop(key, None)
    return data


def counter(game: Game) -> int:
    return int(game.dice.to_json()["counter"])


@pytest.mark.parametrize("dice", [SeededDice(11), KeyedDice(bytes(range(32)))])
def test_takeback_is_a_fresh_game_of_the_kept_actions_but_the_dice_go_on(dice: object) -> None:
    game = played(EDEN.new_game(demo_setup(), dice=dice.clone()), 5, 120)  # type: ignore[attr-defined]
    assert counter(game) > 0
    to = len(game.history) // 2
    kept = list(game.history[:to])
    drawn = counter(game)
    game.take_back(to, 0)
    fresh = EDEN.new_game(demo_setup(), dice=dice.clone())  # type: ignore[attr-defined]
    for action in kept:
        fresh.apply(action)
    assert without_dice(game) == without_dice(fresh)
    assert game.decision() == fresh.decision()
    # the dice are not rewound: the next draws are ones nobody has seen
    assert counter(game) == drawn > counter(fresh)
    probe, seen = game.dice.clone(), fresh.dice.clone()
    assert [probe.below(1 << 30) for _ in range(4)] != [seen.below(1 << 30) for _ in range(4)]


def test_entries_keep_what_was_played_and_replay_the_same_game() -> None:
    game = played(EDEN.new_game(demo_setup(), dice=SeededDice(3)), 1, 30)
    game.take_back(20, 1)
    played(game, 2, 10)
    game.take_back(25, 0)  # a second takeback, after the dice jumped once
    game.take_back(15, 0)  # and one that goes back before the first
    played(game, 4, 10)
    entries = game.entries()
    assert entries.count((1, takeback_entry(20))) == 1
    assert game.played == len(entries) == 30 + 1 + 10 + 1 + 1 + 10
    again = EDEN.new_game(demo_setup(), dice=SeededDice(3))
    for player, text in entries:
        play_entry(again, player, text)
    assert again.state_hash() == game.state_hash()
    assert Game.from_json(json.loads(json.dumps(game.to_json()))).state_hash() == \
        game.state_hash()
    copy = game.copy()
    assert copy.entries() == entries
    # re-playing the kept actions on a fresh game (what a moment of a record does) follows
    # the dice where they went on
    fresh = game.replayed([])
    for action in game.history:
        fresh.apply(action)
    assert without_dice(fresh) == without_dice(game) and fresh.dice.to_json() == \
        game.dice.to_json()
    assert game.replayed(game.history).dice.to_json() == game.dice.to_json()


def test_a_takeback_out_of_range_changes_nothing_and_undo_stops_at_it() -> None:
    game = played(EDEN.new_game(demo_setup(), dice=SeededDice(3)), 1, 10)
    before = game.state_hash()
    for to in (-1, 10, 11):
        with pytest.raises(IllegalActionError, match="takeback keeps"):
            game.take_back(to, 0)
    assert game.state_hash() == before
    game.take_back(4, 0)
    with pytest.raises(IllegalActionError, match="across a takeback"):
        game.undo()
    played(game, 9, 1)
    hash_before = game.state_hash()
    last = game.history[-1]
    game.undo()
    game.apply(last)
    assert game.state_hash() == hash_before  # undo keeps the dice where the takeback left them


def test_a_record_with_takebacks_says_so_and_verifies() -> None:
    game = played(EDEN.new_game(demo_setup(), dice=KeyedDice(bytes(range(32)))), 7, 30)
    game.take_back(20, 0)
    played(game, 8, 2000)
    assert game.is_over
    record = Record.of(game)
    text = record.to_jsonl()
    lines = [json.loads(line) for line in text.splitlines()]
    takebacks = [line for line in lines if line["type"] == "takeback"]
    assert takebacks == [{"type": "takeback", "player": 0, "to": 20}]
    assert sum(1 for line in lines if line["type"] == "action") == len(game.entries()) - 1
    assert lines[-1]["actions"] == len(game.history)
    assert verify_jsonl(text).state_hash() == game.state_hash()
    assert Record.from_jsonl(text).replay().state_hash() == game.state_hash()
    assert verify(Record.of(game, events=True)).state_hash() == game.state_hash()
    # a takeback moved in the record no longer verifies
    moved = text.replace('"to": 20', '"to": 19')
    with pytest.raises(RecordMismatchError):
        verify_jsonl(moved)
