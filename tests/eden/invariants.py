"""Invariants that hold after every action of any Eden match (skirmish.eden.invariants)."""

from skirmish.eden.invariants import check_invariants, invariant_problems

__all__ = ["check_invariants", "invariant_problems"]
