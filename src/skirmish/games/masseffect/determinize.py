"""Mass Effect: Annihilation's part of observations and determinizations
(:mod:`skirmish.core.observation`).

The draft hides nothing: the table, every figure, every card and the scores are public, and
the procedures on the stack hold only what has been rolled and announced (a brawl's faces,
the efforts spent). What a seat does not know is the dice to come, which the kernel handles
(an observation keeps only their public part; a determinization gets fresh dice). So the
snapshot is the observation as it is, and there is nothing to sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.core.dice import Dice

if TYPE_CHECKING:
    from skirmish.core.game import Game


def redact(game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
    """Nothing to take out: ME:A has no hidden information (the dice apart)."""
    return snapshot


def fill(game: Game, player: int, rng: Dice) -> None:
    """Nothing to sample (the kernel gives the determinization fresh dice)."""


__all__ = ["fill", "redact"]
