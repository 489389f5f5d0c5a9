"""Bots: agents that decide from a player's view and the legal actions only.

The registry's names are imported on first use (:mod:`skirmish.bots.registry` loads the
installed games' bots parts), so that a game's part may import this layer's protocol
(:mod:`skirmish.bots.game_parts`) without loading the registry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.bots.registry import (
        AGENTS,
        Parameter,
        agent_choices,
        check_agent,
        make_agent,
        parse_agent,
        register_agent,
        split_agents,
    )

__all__ = ["AGENTS", "Parameter", "agent_choices", "check_agent", "make_agent", "parse_agent",
           "register_agent", "split_agents"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from skirmish.bots import registry

        return getattr(registry, name)
    raise AttributeError(f"module 'skirmish.bots' has no attribute {name!r}")
