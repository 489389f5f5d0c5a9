"""Rolls in play: effective values from the state, dice from the game, a log entry each.

The pure roll procedures live in :mod:`skirmish.eden.rolls`; these wrappers read
the fighters' effective characteristics and write every roll into the log in
full (Rulebook 2.A).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from skirmish.core.events import RollEvent
from skirmish.eden.cards.profile import Characteristic, Limb
from skirmish.eden.fighter import Fighter
from skirmish.eden.rolls import (
    CharacteristicRoll,
    characteristic_roll,
    location_roll,
    opposition_roll,
)

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.eden.state import EdenState


def state_of(game: Game) -> EdenState:
    """The game's Eden state (every procedure of the Eden ruleset runs on one; called
    thousands of times a match, so it checks nothing)."""
    return cast("EdenState", game.state)


def roll_characteristic(
    game: Game,
    fighter: Fighter,
    characteristic: Characteristic,
    difficulty: int,
    *,
    kind: str = "characteristic",
    bonus: int = 0,
) -> CharacteristicRoll:
    """Rulebook 2.A, Characteristic roll, with the fighter's effective value (+ ``bonus``)."""
    value = state_of(game).characteristic(fighter, characteristic) + bonus
    result = characteristic_roll(game.dice, value, difficulty)
    game.emit(
        RollEvent(
            roll=kind,
            fighter=fighter.ref,
            characteristic=characteristic.value,
            value=value,
            difficulty=difficulty,
            dice=result.dice,
            faces=result.faces,
            successes=result.successes,
            detail=result.detail,
        )
    )
    return result


def roll_opposition(game: Game, a: Fighter, b: Fighter, characteristic: Characteristic) -> Fighter:
    """Rulebook 2.A, Opposition roll: returns the winner."""
    state = state_of(game)
    a_value = state.characteristic(a, characteristic)
    b_value = state.characteristic(b, characteristic)
    result = opposition_roll(game.dice, a_value, b_value)
    winner = a if result.winner == 0 else b
    faces = tuple(face for pair in result.rolls for face in pair)
    game.emit(
        RollEvent(
            roll="opposition",
            fighter=a.ref,
            characteristic=characteristic.value,
            value=a_value,
            dice=len(faces),
            faces=faces,
            successes=1 if result.winner == 0 else 0,
            opponent=b.ref,
            opponent_value=b_value,
            detail=f"{winner.ref} wins",
        )
    )
    return winner


def roll_location(game: Game, roller: Fighter, target: Fighter) -> int:
    """Rulebook 2.A, Location roll: one D6 read on the target's location indices."""
    face = location_roll(game.dice)
    limb: Limb = target.profile.location(face)
    game.emit(
        RollEvent(
            roll="location",
            fighter=roller.ref,
            dice=1,
            faces=(face,),
            successes=0,
            opponent=target.ref,
            detail=f"{target.ref}'s {limb.value}",
        )
    )
    return face
