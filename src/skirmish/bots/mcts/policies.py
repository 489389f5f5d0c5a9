"""What the search knows of each game, asked of the game's bots part
(:class:`skirmish.bots.game_parts.GameSearch`): a leaf evaluation and a cheap preference among
actions (the rollout policy and the prior of progressive widening); and the cheap policy
itself.

The search plays on games of its own (determinizations built from the observer's
observation), so a game's leaf may read their states directly: nothing here can reach the
real game. Values are player A's reward in [0, 1]; a finished game scores 1, 0.5 or 0. A
game that gives no leaf is valued by :func:`~skirmish.bots.game_parts.generic_leaf` (the
outcome, else the scores its view shows, else even).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skirmish.bots.game_parts import (
    GameSearch,
    game_search,
    generic_leaf,
    outcome_value,
    round_counter,
    search_parameters,
)
from skirmish.bots.parameters import Value
from skirmish.core.actions import Action
from skirmish.core.dice import Dice
from skirmish.core.game import Game


def preference_of(ruleset: str) -> Callable[[Action], float]:
    """The cheap preference of a game's actions, by verb (1 for verbs it does not rank)."""
    table = _configured(ruleset, {}).preference

    def preference(action: Action) -> float:
        return table.get(action.verb, 1.0)

    return preference


def unknown_value(game: Game) -> float:
    """A game the search has no evaluation for: :func:`generic_leaf`."""
    return generic_leaf(game)


def value_of(ruleset: str, **values: Value) -> Callable[[Game], float]:
    """The leaf evaluation of a game (:func:`unknown_value` for one that gives none) for
    the search's games, thrown away once evaluated; ``values``: the game's own search
    parameters (those it adds to the ``mcts`` agent), their defaults when not given."""
    return _configured(ruleset, values).leaf or unknown_value


def settling_of(ruleset: str) -> frozenset[str] | None:
    """The decision kinds a rollout plays through (``None``: every kind, for a game that
    does not say)."""
    return _configured(ruleset, {}).settling


def round_of(game: Game) -> int:
    """The round (or turn) under way, for a rollout's horizon (0 for a game without
    either): :func:`~skirmish.bots.game_parts.round_counter`."""
    return round_counter(game)


def _configured(ruleset: str, values: dict[str, Value]) -> GameSearch:
    from skirmish.bots.mcts.settings import Settings

    unknown = sorted(set(values) - set(search_parameters()))
    if unknown:
        raise ValueError(f"unknown search parameter(s) {', '.join(unknown)}")
    return game_search(ruleset, Settings(extra=values))


def ordered(items: Sequence[Any], scores: Sequence[float], rng: Dice) -> list[Any]:
    """``items`` by decreasing score, ties in a seeded random order."""
    jitter = [rng.below(1 << 30) for _ in items]
    order = sorted(range(len(items)), key=lambda i: (-scores[i], jitter[i]))
    return [items[i] for i in order]


def cheap_choice(actions: Sequence[Action], preference: Callable[[Action], float],
                 rng: Dice, greedy: float) -> Action:
    """The rollout policy: with probability ``greedy`` one of the most preferred actions,
    else any, uniformly (seeded)."""
    if len(actions) == 1:
        return actions[0]
    if greedy > 0 and rng.below(1_000_000) < greedy * 1_000_000:
        scores = [preference(a) for a in actions]
        top = max(scores)
        best = [a for a, s in zip(actions, scores, strict=True) if s == top]
        return best[rng.below(len(best))]
    return actions[rng.below(len(actions))]


__all__ = [
    "cheap_choice",
    "ordered",
    "outcome_value",
    "preference_of",
    "round_of",
    "settling_of",
    "unknown_value",
    "value_of",
]
