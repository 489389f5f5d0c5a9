"""Agents: whatever decides for a seat sees only its view and the legal actions."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from skirmish.core.actions import Action
from skirmish.core.dice import SeededDice
from skirmish.core.game import Game


class Agent(Protocol):
    """Chooses one of the legal actions from what its player may know."""

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action: ...


class LazyView(Mapping[str, Any]):
    """``game.view(player)``, built only when an agent first reads it (a random agent never
    does). It holds the view's builder, not the game."""

    __slots__ = ("__build", "__view")

    def __init__(self, build: Callable[[], dict[str, Any]]) -> None:
        self.__build = build
        self.__view: dict[str, Any] | None = None

    def _data(self) -> dict[str, Any]:
        if self.__view is None:
            self.__view = self.__build()
        return self.__view

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


def view_of(game: Game, player: int) -> LazyView:
    return LazyView(lambda: game.view(player))


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = SeededDice(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self._rng.below(len(legal_actions))]


def play(game: Game, agents: Sequence[Agent], *, max_actions: int = 100_000) -> Game:
    """Let the agents play ``game`` to its end (each sees only its own view)."""
    for _ in range(max_actions):
        if game.is_over:
            return game
        player = game.decision().player
        action = agents[player].act(view_of(game, player), list(game.legal_actions()))
        game.apply(action)
    raise RuntimeError(f"game not over after {max_actions} actions")
