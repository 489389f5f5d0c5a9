"""Pit Duel's part for the learning environments (skirmish.rl.game_parts): what the
generic flat encoder reads of its view."""

from __future__ import annotations

from skirmish.rl.game_parts import GameRL


class PitDuelRL(GameRL):
    numbers = ("round", "rounds", "attacker", "scores")
    piece_numbers = ("wounds",)
    kinds = ("secret-guard", "strike")


RL = PitDuelRL()
