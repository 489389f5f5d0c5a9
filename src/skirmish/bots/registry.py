"""Agents by name, for the command line and the simulator."""

from __future__ import annotations

from collections.abc import Callable

from skirmish.core.agents import Agent, RandomAgent


def _heuristic(seed: int) -> Agent:
    from skirmish.bots.heuristic import HeuristicAgent

    return HeuristicAgent(seed)


AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "heuristic": _heuristic,
}


def make_agent(name: str, seed: int) -> Agent:
    """An agent by name (``random``, ``heuristic``) with its own seed."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})") from None
