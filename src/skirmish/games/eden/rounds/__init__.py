"""Rulebook 4.B, the round: the match and its rounds, the tactical phase, activations and
interrupts, the intendancy phase.
"""
