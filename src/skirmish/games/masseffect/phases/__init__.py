"""The phases of a turn: deployment, movement, the alternating powers/shooting/special-actions
phases, melee (docs/masseffect.md ME8-ME17, ME27-ME30, ME38).
"""
