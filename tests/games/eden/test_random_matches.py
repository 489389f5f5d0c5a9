"""Whole matches by the basic rules, played by random agents (Rulebook 4: preparation to the
final VP count): no exception, invariants after every action, records that replay."""

from __future__ import annotations

import os

import pytest

from skirmish.core import Game, RandomAgent, Record, verify
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup

from .invariants import check_invariants

SEEDS = int(os.environ.get("SKIRMISH_MATCH_SEEDS", "1000"))


def play_checked(seed: int) -> Game:
    game = EDEN.new_game(match_setup(), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 10_000)]
    check_invariants(game)
    while not game.is_over:
        player = game.decision().player
        action = agents[player].act(game.view(player), list(game.legal_actions()))
        game.apply(action)
        check_invariants(game)
    return game


@pytest.mark.parametrize("seed", range(5))
def test_a_few_whole_matches(seed: int) -> None:
    game = play_checked(seed)
    assert game.outcome() is not None
    assert verify(Record.from_jsonl(Record.of(game).to_jsonl())).state_hash() == game.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(20))
def test_a_thousand_matches_replay_to_the_same_hash(chunk: int) -> None:
    per_chunk = max(1, SEEDS // 20)
    for seed in range(100 + chunk * per_chunk, 100 + (chunk + 1) * per_chunk):
        game = play_checked(seed)
        record = Record.from_jsonl(Record.of(game).to_jsonl())
        assert verify(record).state_hash() == game.state_hash(), f"seed {seed}"
