"""Rulebook 5 and 6, the fighters' actions: moves and charges, melee, ranged attacks and
templates, aiming, wounds, conditions.
"""
