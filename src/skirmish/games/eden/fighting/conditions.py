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
from skirmish.games.eden.house_rules import NPF_BURN_SCORE, reading_of
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rolling import state_of

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
    if fighter.npf and condition is Condition.BURN:
        note_burner(game, fighter, by)
    origin = f"{by}'s {source}" if by and source else (by or source)
    announce(
        game,
        MarkerEvent(fighter=fighter.ref, condition=condition.value, change=n,
                    total=fighter.marker_count(condition), reason=origin),
    )
    return n


def burner_key(npf: Fighter) -> str:
    """The state counter naming the player whose fighter gave ``npf`` its last burn marker
    (1 for A, 2 for B; house rule ``eden-npf-burn-score=burner``)."""
    return f"burner:{npf.ref}"


def note_burner(game: Game, npf: Fighter, by: str) -> None:
    """Under ``eden-npf-burn-score=burner``, remember whose fighter set the NPF on fire: the
    player of ``by`` when it is a troop's fighter; a marker from anything else (a burning
    scenery element, an NPF) leaves the last marker to no fighter. Under the default reading
    nothing is kept (the snapshots keep their form)."""
    state = state_of(game)
    if reading_of(state.catalogue.house_rules, NPF_BURN_SCORE) != "burner":
        return
    if by in state.index and not state.fighter(by).npf:
        state.counters[burner_key(npf)] = state.fighter(by).side + 1
    else:
        state.counters.pop(burner_key(npf), None)


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
