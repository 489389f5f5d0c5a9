"""Agents by name, for the command line and the simulator."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from skirmish.core.actions import Action
from skirmish.core.agents import Agent, RandomAgent


def _heuristic(seed: int) -> Agent:
    from skirmish.bots.heuristic import HeuristicAgent

    class AnyRuleset(HeuristicAgent):
        """Eden's heuristic, handing Mass Effect: Annihilation views to the ME:A heuristic
        (made with the same seed on the first such view)."""

        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            self.seed, self.masseffect = seed, cast(Agent | None, None)

        def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
            if view.get("ruleset") != "masseffect":
                return super().act(view, legal_actions)
            if self.masseffect is None:
                from skirmish.bots.masseffect import MassEffectHeuristic

                self.masseffect = MassEffectHeuristic(self.seed)
            return self.masseffect.act(view, legal_actions)

    return AnyRuleset(seed)


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
