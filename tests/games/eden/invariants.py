"""Invariants that hold after every action of any Eden match (skirmish.games.eden.invariants)."""

from skirmish.games.eden.invariants import check_invariants, invariant_problems

__all__ = ["check_invariants", "invariant_problems"]
