"""Rulebook 1 and 3, the cards as data: fighter profiles, equipment, abilities, missions,
tactical and scenery cards, the sample library and troops, inputs read with bounded
resources, printable cards.
"""
