"""How one decision is searched: the :class:`Settings` of a
:class:`~skirmish.bots.mcts.search.Search` (the registry's ``mcts`` parameters, each game's
own among them) and its budget."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skirmish.bots.game_parts import GameSearch, game_search, search_parameters
from skirmish.bots.parameters import Value

#: The iteration budget when neither iterations nor seconds are given.
DEFAULT_ITERATIONS = 200


@dataclass(frozen=True, slots=True)
class Settings:
    """How one decision is searched (see :mod:`skirmish.bots.mcts.search`).

    ``iterations``/``seconds``: the budget; ``exploration``: UCB1's constant; ``widening``
    and ``alpha``: progressive widening's C and exponent; ``rollout``: the most decisions a
    rollout plays (to its ``horizon``); ``greedy``: the cheap policy's share
    of preferred moves; ``determinizations``: the pool's size; ``plies``: the explained
    line's length; ``bias``: the heuristic's bonus at the root (and where it guides);
    ``guide``: the levels below the root where the heuristic adds its choice;
    ``confidence``: how many standard errors an action must beat the heuristic's choice
    by; ``policy``: "cheap" or "heuristic", who plays the rollouts' decisions;
    ``horizon``: where a rollout stops - "settle" (at the first decision that does not
    settle an exchange), "round" (at the end of the current round, or a game's turn),
    "two-rounds" (at the end of the next one) or "game" (at its end), ``rollout`` decisions
    at most; ``scope``: "all" (every decision with a choice is searched) or "fights" (only
    those the game's :attr:`~skirmish.bots.game_parts.GameSearch.searched` says, the others
    left to the heuristic); ``paired``: the root's children are sampled with common random
    numbers (their k-th visits share the dice and the determinization) and compared by
    paired differences; ``halving``: when above 0, the root's first ``halving`` actions are
    compared by sequential halving (:mod:`.halving`) instead of UCB1 and progressive
    widening; ``sparse``: the search's games list fewer representatives of the continuous
    choices below the root (in the tree and the rollouts: one sampled move destination,
    fewer contact points, no pivoted blast: :meth:`Game.legal_actions
    <skirmish.core.game.Game.legal_actions>`), cheaper; the heuristic still adds its own
    step where it moves, and the root keeps every legal action; ``pick``: the root action
    that may take the place of the heuristic's choice, "visits" the most visited
    (:func:`.tree.confident_choice`), "margin" the one that beats it by most standard
    errors of the paired differences (:func:`.tree.margin_choice`, with ``paired``);
    ``student``: the paired margins read through Student's t
    (:func:`.tree.normal_equivalent`: a margin over few pairs counts for less).

    ``extra``: the parameters the games add to the agent (their leaf's weights, their own
    horizons and budgets ...: :attr:`skirmish.bots.game_parts.SearchKnowledge.parameters`),
    as given; each game's search reads its own (:func:`skirmish.bots.game_parts.given`).
    They read as attributes too (``settings.NAME``: the value given, else the parameter's
    default)."""

    iterations: int | None = None
    seconds: float | None = None
    exploration: float = 0.7
    widening: float = 1.0
    alpha: float = 0.5
    rollout: int = 8
    greedy: float = 0.8
    determinizations: int = 8
    plies: int = 6
    bias: float = 0.1
    guide: int = 1
    confidence: float = 1.0
    policy: str = "cheap"
    horizon: str = "settle"
    scope: str = "all"
    paired: bool = False
    halving: int = 0
    sparse: bool = False
    pick: str = "visits"
    student: bool = False
    extra: Mapping[str, Value] = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        """A game's parameter (``settings.NAME``): its value given, else its default."""
        if name.startswith("_"):
            raise AttributeError(name)
        extra = object.__getattribute__(self, "extra")
        if name in extra:
            return extra[name]
        parameter = search_parameters().get(name)
        if parameter is None:
            raise AttributeError(f"'Settings' object has no attribute {name!r}")
        return parameter.default

    def budget(self, ruleset: str = "") -> tuple[int | None, float | None]:
        """The iterations and seconds of a search in ``ruleset`` (the game's own iterations
        when it has them)."""
        return self.budget_in(game_search(ruleset, self))

    def budget_in(self, game: GameSearch) -> tuple[int | None, float | None]:
        """The iterations and seconds of a search of what ``game`` says."""
        iterations = self.iterations if game.iterations is None else game.iterations
        if iterations is None and self.seconds is None:
            return DEFAULT_ITERATIONS, None
        return iterations, self.seconds


__all__ = ["DEFAULT_ITERATIONS", "Settings"]
