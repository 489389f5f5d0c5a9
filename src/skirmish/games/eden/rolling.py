"""Rolls in play: effective values from the state, dice from the game, a log entry each.

The pure roll procedures live in :mod:`skirmish.games.eden.rolls`; these wrappers read
the fighters' effective characteristics and write every roll into the log in
full (Rulebook 2.A).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from skirmish.core.events import RollEvent
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.modifiers import Modifier, effective_value
from skirmish.games.eden.rolls import (
    CharacteristicRoll,
    characteristic_roll,
    location_roll,
    opposition_roll,
)

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState


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
    modifiers: Sequence[Modifier] = (),
) -> CharacteristicRoll:
    """Rulebook 2.A, Characteristic roll, with the fighter's effective value (+ ``bonus``).
    ``modifiers`` are added to the fighter's own for this roll only (a situation: Elevation's
    +2 CBT against an opponent below); the roll's detail names them."""
    value = _value(state_of(game), fighter, characteristic, modifiers) + bonus
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
            detail=_named(modifiers, result.detail),
        )
    )
    return result


def _value(state: EdenState, fighter: Fighter, characteristic: Characteristic,
           modifiers: Sequence[Modifier]) -> int:
    """The effective value, with ``modifiers`` added to the fighter's own (2.G)."""
    if not modifiers:
        return state.characteristic(fighter, characteristic)
    return effective_value(fighter.base_value(characteristic),
                           [*state.modifiers(fighter), *modifiers], characteristic)


def _named(modifiers: Sequence[Modifier], detail: str) -> str:
    """A roll's detail, after the situational modifiers it counted (``Elevation (above
    B.Ngobo) +2 CBT``)."""
    shown = [f"{m.source} {m.delta:+d} {m.characteristic.value if m.characteristic else 'all'}"
             for m in modifiers if m.delta]
    return "; ".join([*shown, detail]) if shown else detail


def roll_opposition(game: Game, a: Fighter, b: Fighter, characteristic: Characteristic, *,
                    a_modifiers: Sequence[Modifier] = (),
                    b_modifiers: Sequence[Modifier] = ()) -> Fighter:
    """Rulebook 2.A, Opposition roll: returns the winner. ``a_modifiers`` and ``b_modifiers``
    are situational modifiers of each side for this roll only (Elevation)."""
    state = state_of(game)
    a_value = _value(state, a, characteristic, a_modifiers)
    b_value = _value(state, b, characteristic, b_modifiers)
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
            detail=_named([*a_modifiers, *b_modifiers], f"{winner.ref} wins"),
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
