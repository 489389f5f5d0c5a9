"""The effects of powers and gear, as data (docs/masseffect.md ME33-ME35).

:func:`apply_effect` carries out one effect spec other than ``damage`` (which
:class:`~skirmish.games.masseffect.combat.hits.Hit` deals itself, since wounds may call for a heroic
decision). It returns the wounds of an impact (a ``move`` stopped by a figure or scenery),
for the hit to deal.
"""

from __future__ import annotations

import math

from skirmish.core.game import Game
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.events import MoveEvent, Note
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rolling import roll_amount, state_of
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MEState
from skirmish.geometry import Base
from skirmish.geometry.paths import end_position_problem, path_is_clear

#: The step (cm) of the search for how far a pushed or pulled figure goes.
_PUSH_PRECISION = 0.01


def apply_effect(game: Game, user: Figure, target: Figure, spec: Spec) -> int:
    """ME33: one effect on ``target`` (used by ``user``); the impact wounds, if any."""
    state = state_of(game)
    who = str(target.ref)
    if spec.kind == "strip":
        protection = str(spec.param("protection"))
        if protection not in target.stripped:
            target.stripped.append(protection)
        game.emit(Note(figure=who, what=f"loses its {protection} until the end of the turn"))
    elif spec.kind == "restore":
        protection = str(spec.param("protection"))
        if protection in target.stripped:
            target.stripped.remove(protection)
        trait = target.profile.shield if protection == "Bouclier" else target.profile.barrier
        if trait is not None:
            if protection == "Bouclier":
                target.shield_uses = trait.value or 0
            else:
                target.barrier_uses = trait.value or 0
        game.emit(Note(figure=who, what=f"restores its {protection}"))
    elif spec.kind == "status":
        status = str(spec.param("status"))
        if status not in target.statuses:
            target.statuses.append(status)
        game.emit(Note(figure=who, what=f"is {status}", detail="ME34"))
    elif spec.kind == "modify":
        characteristic = str(spec.param("characteristic"))
        by = int(spec.param("by"))
        target.mods[characteristic] = target.mods.get(characteristic, 0) + by
        game.emit(Note(figure=who, what=f"{characteristic} {by:+d} until the end of the turn"))
    elif spec.kind == "heal":
        heal(game, target, spec)
    elif spec.kind == "move":
        return push(game, state, user, target, spec)
    return 0


def heal(game: Game, target: Figure, spec: Spec) -> None:
    """ME35: lost Vitalité back, never above the profile's; armour never comes back. Only a
    ``revive`` effect brings back a figure out of action, where it lies."""
    amount = roll_amount(game, target, "heal", spec.amount())
    if target.out:
        if not spec.param("revive"):
            return
        target.out = False
        target.vitality = 0
        target.revived_turn = state_of(game).turn
        game.emit(Note(figure=str(target.ref), what="is back in action", detail="ME35"))
    before = target.vitality
    target.vitality = min(target.profile.vitality, target.vitality + amount)
    game.emit(Note(figure=str(target.ref), what=f"heals {target.vitality - before}",
                   detail=f"Vitalité {target.vitality}"))


def push(game: Game, state: MEState, user: Figure, target: Figure, spec: Spec) -> int:
    """ME33 ``move``: a straight move of ``who`` away from or toward the other figure, up to
    ``distance`` pas, stopping at figures, scenery and the table's edge (and, toward, at
    contact); if stopped short, ``impact`` wounds (toward the other figure, contact is the
    goal, not an impact). Contact engages but is not a charge (ME17)."""
    mover, other = (user, target) if spec.param("who", "target") == "user" else (target, user)
    if mover is other:
        return 0
    dx, dy = mover.x - other.x, mover.y - other.y
    length = math.hypot(dx, dy)
    if length == 0:
        return 0
    toward = spec.param("direction") == "toward"
    ux, uy = (-dx / length, -dy / length) if toward else (dx / length, dy / length)
    wanted = pas_to_cm(int(spec.param("distance")))
    if toward:  # never past contact with the other figure
        wanted = min(wanted, max(0.0, length - mover.radius - other.radius))
    reach = _farthest(state, mover, ux, uy, wanted)
    start = (mover.x, mover.y)
    if reach > 0:
        mover.x, mover.y = mover.x + ux * reach, mover.y + uy * reach
        game.emit(MoveEvent(figure=str(mover.ref), how="is thrown" if not toward else
                            "is pulled", start=start, end=(mover.x, mover.y),
                            facing=int(mover.facing)))
    stopped = reach < wanted - 2 * _PUSH_PRECISION
    impact = spec.param("impact")
    if stopped and impact is not None:
        game.emit(Note(figure=str(mover.ref), what="is stopped short", detail="impact"))
        if mover is target:
            return roll_amount(game, user, "impact", spec.amount("impact"))
    return 0


def _farthest(state: MEState, mover: Figure, ux: float, uy: float, wanted: float) -> float:
    """How far (cm, at most ``wanted``) the figure goes straight along (ux, uy) before a
    figure, scenery or the table's edge stops it."""
    base = mover.base
    others = state.bases(mover)
    elements = state.elements()

    def fits(d: float) -> bool:
        end = (base.x + ux * d, base.y + uy * d)
        if end_position_problem(base, end, field=state.field, bases=others,
                                elements=elements):
            return False
        return path_is_clear(base, [(base.x, base.y), end], field=state.field, bases=others,
                             elements=elements)

    if fits(wanted):
        return wanted
    lo, hi = 0.0, wanted
    while hi - lo > _PUSH_PRECISION:
        mid = (lo + hi) / 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def moved_base(figure: Figure, x: float, y: float) -> Base:
    return Base(x, y, figure.radius, str(figure.ref))
