"""A tactical test suite for the bots (issue 16): hand-built positions of a game, each with
the move a strong player makes (finish off a wounded fighter rather than attack a fresh
one; do not charge into a response you lose; dodge when AP allow and the odds say so; take
an objective on the last round ...), and :func:`score`, which runs an agent on every one.

Each :class:`~.positions.Position` has a name, a category, the expected move in words, why
it is right (the exact odds of the game), a builder returning the game at the decision, and
a predicate over the chosen action (destinations are continuous: "a move ending within
7.5 cm of the marker", "not a charge on B.Sekongo", "react dodge"). The agent decides as in
a match: it is given :func:`skirmish.core.agents.view_of` the game (its view, and its
observation if it reads one) and the legal actions.

A game's positions are its bots part's (:attr:`skirmish.bots.game_parts.GameBots.positions`);
:func:`score` runs the default game's suite, whose score is the issue's measure (``make
bench`` prints it: ``bench/tactics.py``), unless it is given another game or positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.bots.game_parts import positions_of
from skirmish.bots.tactics.positions import Position
from skirmish.core.agents import view_of

__all__ = ["Position", "Result", "positions_of", "score", "share", "solve"]


@dataclass(frozen=True, slots=True)
class Result:
    """An agent's answer to one position: the action it chose and whether it is the
    expected one; ``explanation`` is the agent's own account, when it gives one (the MCTS
    agent's ``explain()``)."""

    position: str
    category: str
    hit: bool
    action: str
    expects: str
    explanation: dict[str, Any] | None = None


def solve(position: Position, agent_name: str, seed: int = 0) -> Result:
    """``agent_name``'s choice at ``position`` (a fresh agent, seeded ``seed``)."""
    from skirmish.bots.registry import make_agent  # which loads the games' bots parts

    game = position.build()
    agent = make_agent(agent_name, seed)
    player = game.decision().player
    action = agent.act(view_of(game, player, agent), list(game.legal_actions()))
    explain = getattr(agent, "explain", None)
    explanation = explain() if callable(explain) else None
    return Result(position.name, position.category, position.expected(game, action),
                  str(action), position.expects, explanation)


def score(agent_name: str, seed: int = 0, positions: Sequence[Position] | None = None,
          game: str | None = None) -> list[Result]:
    """``agent_name`` (a registry name: ``heuristic``, ``mcts:iterations=1200`` ...) on every
    position of ``game``'s suite (the default game's when ``None``), or of ``positions``, a
    fresh agent for each."""
    chosen = positions_of(game) if positions is None else positions
    return [solve(p, agent_name, seed) for p in chosen]


def share(results: list[Result]) -> float:
    """The share of positions solved."""
    return sum(r.hit for r in results) / len(results) if results else 0.0
