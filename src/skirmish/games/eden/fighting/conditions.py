"""Rulebook 9, Physical and psychological conditions: giving condition markers.

Rulebook 8.C: an equipment effect Burn(X) (FR Brûlure), Fear(X) (FR Effrayant) and the
card keywords Poison(X), Rage(X), Slowdown(X) give X markers of that condition to the
fighter the equipment is used against. What the markers then do lives elsewhere
(:func:`skirmish.games.eden.modifiers.condition_modifiers`, the intendancy, the actions).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from skirmish.games.eden.cards.equipment import EquipmentPart
from skirmish.games.eden.effects import announce
from skirmish.games.eden.events import MarkerEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.modifiers import Condition

if TYPE_CHECKING:
    from skirmish.core.game import Game

#: Rulebook 8.C: the equipment effect keywords that give condition markers.
CONDITION_EFFECTS: dict[str, Condition] = {
    "Burn": Condition.BURN,
    "Fear": Condition.FEAR,
    "Poison": Condition.POISON,
    "Rage": Condition.RAGE,
    "Slowdown": Condition.SLOWDOWN,
}


def give_markers(
    game: Game, fighter: Fighter, condition: Condition | str, n: int, by: str = "",
    source: str = "",
) -> int:
    """Rulebook 9: give ``fighter`` ``n`` markers of ``condition`` and log it.

    Nothing happens (and nothing is logged) when ``n`` is 0 or less, or when the fighter
    has left the field (Rulebook 2.F: an incapacitated fighter is out of the game).
    Returns the number of markers given.
    """
    condition = Condition(condition)
    if n <= 0 or not fighter.on_field:
        return 0
    fighter.add_markers(condition, n)
    origin = f"{by}'s {source}" if by and source else (by or source)
    announce(
        game,
        MarkerEvent(fighter=fighter.ref, condition=condition.value, change=n,
                    total=fighter.marker_count(condition), reason=origin),
    )
    return n


def apply_condition_effects(
    game: Game, fighters: Iterable[Fighter], part: EquipmentPart, by: str = "", source: str = ""
) -> None:
    """Rulebook 8.C: every condition effect of an equipment part (Burn(X), Fear(X), ...)
    given to each fighter in turn, in the order the part lists its effects."""
    for fighter in fighters:
        for name, value in part.effects:
            condition = CONDITION_EFFECTS.get(name)
            if condition is not None:
                give_markers(game, fighter, condition, value, by=by, source=source)
