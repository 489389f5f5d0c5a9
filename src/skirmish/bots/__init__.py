"""Bots: agents that decide from a player's view and the legal actions only."""

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
