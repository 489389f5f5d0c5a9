"""What holds after every action of any Eden match, whatever the players chose.

Used by the random-match tests and by ``skirmish soak``: each invariant names the rule it
follows from."""

from __future__ import annotations

import math

from skirmish.core.game import Game
from skirmish.eden.fighting.melee import ATTACKS_PER_ROUND
from skirmish.eden.fighting.movement import CHARGES_PER_ROUND, MOVES_PER_ROUND
from skirmish.eden.state import EdenState

TOLERANCE = 1e-6


def invariant_problems(game: Game) -> list[str]:
    """Every broken invariant of the game's current state, in words (empty when all hold)."""
    state = game.state
    if not isinstance(state, EdenState):
        return [f"not an Eden game: {type(state).__name__}"]
    problems: list[str] = []
    if not 0 <= state.round <= state.max_rounds:
        problems.append(f"Rulebook 4.A: round {state.round} outside 0..{state.max_rounds}")
    if any(vp < 0 for vp in state.vp):
        problems.append(f"VP below 0: {state.vp}")
    if any(sp < 0 for sp in state.sp):
        problems.append(f"Rulebook 4.A step 2: SP below 0: {state.sp}")
    for f in state.fighters:
        uses = f.round_uses
        if f.ap < 0:
            problems.append(f"Rulebook 5: {f.ref} has {f.ap} AP")
        if uses.get("move", 0) > MOVES_PER_ROUND:
            problems.append(f"Rulebook 5, Move: {f.ref} moved {uses['move']} times this round")
        if uses.get("charge", 0) > CHARGES_PER_ROUND:
            problems.append(f"Rulebook 5, Charge: {f.ref} charged {uses['charge']} times")
        if uses.get("attack", 0) > ATTACKS_PER_ROUND:
            problems.append(f"Rulebook 5, Attack: {f.ref} attacked {uses['attack']} times")
        if f.on_field and f.incapacitated:
            problems.append(f"Rulebook 2.F: {f.ref} is incapacitated but on the field")
    on_field = [f for f in state.fighters if f.on_field]
    w, h = state.field.width, state.field.height
    for f in on_field:
        r = f.profile.base_mm / 20
        if not (r - TOLERANCE <= f.x <= w - r + TOLERANCE
                and r - TOLERANCE <= f.y <= h - r + TOLERANCE):
            problems.append(f"Rulebook 2.D: {f.ref} is off the field at ({f.x}, {f.y})")
    for i, a in enumerate(on_field):
        for b in on_field[i + 1:]:
            d = math.hypot(a.x - b.x, a.y - b.y)
            reach = (a.profile.base_mm + b.profile.base_mm) / 20
            if d < reach - 1e-3:
                problems.append(f"Rulebook 2.D: {a.ref} and {b.ref} overlap "
                                f"({d:.3f} < {reach})")
    return problems


def check_invariants(game: Game) -> None:
    """Raise ``AssertionError`` naming every broken invariant."""
    problems = invariant_problems(game)
    assert not problems, "; ".join(problems)
