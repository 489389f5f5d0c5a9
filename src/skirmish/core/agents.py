"""Agents: whatever decides for a seat sees only its view and the legal actions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol

from skirmish.core.actions import Action
from skirmish.core.dice import SeededDice
from skirmish.core.game import Game


class Agent(Protocol):
    """Chooses one of the legal actions from what its player may know."""

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action: ...


#: What an agent that never reads its view is given: nothing at all.
NO_VIEW: Mapping[str, Any] = MappingProxyType({})


def view_of(game: Game, player: int, agent: object = None) -> Mapping[str, Any]:
    """What ``agent`` is shown for ``player``: ``game.view(player)``, a plain JSON-like dict
    that holds no reference to the game (issue 11: an agent in the same process cannot reach
    the opponent's hand or the dice through it). An agent that declares
    ``reads_view = False`` (the random agent) is given :data:`NO_VIEW` instead, so building
    views costs nothing in random play. An agent that declares ``reads_observation = True``
    (a search bot) also finds, under ``"observation"``, the game's snapshot as ``player`` may
    know it (:func:`skirmish.core.observation.observe`: plain data, the secrets and the dice
    to come left out), from which it builds games of its own."""
    if agent is not None and not getattr(agent, "reads_view", True):
        return NO_VIEW
    view = game.view(player)
    if agent is not None and getattr(agent, "reads_observation", False):
        from skirmish.core.observation import observe

        view["observation"] = observe(game, player)
    return view


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    reads_view = False

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
        agent = agents[player]
        action = agent.act(view_of(game, player, agent), list(game.legal_actions()))
        game.apply(action)
    raise RuntimeError(f"game not over after {max_actions} actions")
