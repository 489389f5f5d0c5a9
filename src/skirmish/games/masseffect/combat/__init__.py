"""Shots, powers and blows: attack rolls, hits (Défense, Bouclier, Barrière, Armure), power
effects, who may be targeted (docs/masseffect.md ME18-ME26, ME29, ME33-ME35).
"""
