"""Rulebook 4.B: every round ends. Whatever the players choose - here agents that pass or end
whenever they may, against random ones - no round takes more than a bounded number of
decisions, and every match reaches its intendancy and its end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.core import Game, RandomAgent
from skirmish.core.actions import Action
from skirmish.core.dice import SeededDice
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.state import EdenState

#: A generous bound: a round is a bid, two tactical cards, at most six activations of at most
#: a few dozen decisions each (actions, reactions, aims), and the intendancy's choices.
MAX_DECISIONS_PER_ROUND = 400


class Passer:
    """Passes (or ends, declines) whenever that is legal, with probability ``eager``."""

    def __init__(self, seed: int, eager: float) -> None:
        self._rng = SeededDice(seed)
        self._random = RandomAgent(seed + 1)
        self._eager = eager

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        lazy = [a for a in legal_actions if str(a) in ("pass", "end")]
        if lazy and self._rng.below(1000) < self._eager * 1000:
            return lazy[0]
        return self._random.act(view, legal_actions)


def decisions_per_round(game: Game, agents: Sequence[Any]) -> Counter[int]:
    state = game.state
    assert isinstance(state, EdenState)
    counts: Counter[int] = Counter()
    while not game.is_over:
        player = game.decision().player
        counts[state.round] += 1
        assert counts[state.round] <= MAX_DECISIONS_PER_ROUND, f"round {state.round} loops"
        game.apply(agents[player].act(game.view(player), list(game.legal_actions())))
    return counts


@settings(max_examples=12, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32), eager=st.sampled_from([0.5, 0.9, 1.0]),
       passer_seat=st.sampled_from([0, 1, 2]))
def test_no_round_exceeds_a_bounded_number_of_decisions(seed: int, eager: float,
                                                        passer_seat: int) -> None:
    game = EDEN.new_game(match_setup(), seed=seed)
    agents: list[Any] = [RandomAgent(seed), RandomAgent(seed + 7)]
    for seat in (0, 1):
        if passer_seat in (seat, 2):
            agents[seat] = Passer(seed + seat, eager)
    counts = decisions_per_round(game, agents)
    assert game.outcome() is not None
    assert max(counts.values()) <= MAX_DECISIONS_PER_ROUND
