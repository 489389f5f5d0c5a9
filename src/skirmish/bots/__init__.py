"""Bots: agents that decide from a player's view and the legal actions only."""

from skirmish.bots.registry import AGENTS, make_agent

__all__ = ["AGENTS", "make_agent"]
