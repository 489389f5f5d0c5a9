"""Eden's moves in words (issue 45; :mod:`skirmish.core.words`): the ``"words"`` part.

``move Vladd toward Sabaka 6``, ``move Vladd 6 north``, ``move Vladd contact Yuri`` (a
friend: Rulebook 5, a Move never ends in contact with an enemy) and ``charge Vladd Sabaka``
become a :class:`~skirmish.games.eden.actions.Move` or
:class:`~skirmish.games.eden.actions.Charge` of the activated fighter, at the point the
rules allow nearest to the one asked for (written to 0.1 cm when that point is legal),
checked by the engine itself. What cannot be done is one line saying why, with the
allowance and the distance when they are the reason.
"""

from __future__ import annotations

import contextlib
import math
from typing import TYPE_CHECKING

from skirmish.core.actions import Action, Point, Ref
from skirmish.core.words import (
    Request,
    Resolved,
    WordMoves,
    WordsError,
    aim,
    cm,
    end_point,
    is_legal,
    nearest_legal,
    pick_name,
)

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

RULE = "moves in words"


class EdenWords(WordMoves):
    """Eden's moves in words: ``move`` and ``charge`` of the activated fighter."""

    verbs = frozenset({"move"})
    charge_verbs = frozenset({"charge"})

    def resolve(self, game: Game, request: Request) -> Resolved:
        from skirmish.games.eden.rolling import state_of

        if game.is_over:
            raise WordsError("the game is over", RULE)
        state = state_of(game)
        refs = [f.ref for f in state.fighters]
        player = game.decision().player
        mine = [f.ref for f in state.fighters if f.side == player]
        fighter = state.fighter(pick_name(request.actor, refs, prefer=mine))
        others = [r for r in refs if r != fighter.ref]
        theirs = [r for r in others if r not in mine]
        target = (state.fighter(pick_name(request.target, others, prefer=mine if
                                          request.form == "contact" else theirs))
                  if request.target is not None else None)
        acting = _activated(game)
        if acting is None:
            raise WordsError(f"nobody moves now: the decision is '{game.decision().kind}'",
                             RULE)
        if acting != fighter.ref:
            raise WordsError(f"{fighter.ref} is not the activated fighter ({acting})",
                             "Rulebook 5: only the activated fighter acts")
        if request.form == "charge":
            assert target is not None
            return _charge(game, state, fighter, target, request)
        if request.form == "contact":
            assert target is not None
            return _contact(game, state, fighter, target, request)
        return _move(game, state, fighter, target, request)


def _activated(game: Game) -> str | None:
    """The activated fighter's ref at an action decision, else None."""
    from skirmish.games.eden.fighting.fighter_actions import Activation

    if game.is_over or game.decision().kind != "action":
        return None
    top = game.stack[-1]
    return str(top.fighter) if isinstance(top, Activation) else None


def _gap(fighter: Fighter, other: Fighter) -> float:
    """Edge to edge, in cm."""
    return (math.hypot(other.x - fighter.x, other.y - fighter.y)
            - (fighter.profile.base_mm + other.profile.base_mm) / 20)


def _engine_refusal(game: Game, action: object) -> str:
    from skirmish.core.errors import SkirmishError

    try:
        game.check(action)  # type: ignore[arg-type]
    except SkirmishError as exc:
        return str(exc)
    return ""


def _said(request: Request, action: object, how: str) -> str:
    return f"'{request.text}' -> {action} ({how})"


def _move(game: Game, state: EdenState, fighter: Fighter, target: Fighter | None,
          request: Request) -> Resolved:
    from skirmish.games.eden.actions import Move
    from skirmish.games.eden.fighting.movement import allowance, move_refusal

    limit = allowance(state, fighter)
    ref = Ref(fighter.ref)
    if request.form == "toward":
        assert target is not None
        dx, dy = target.x - fighter.x, target.y - fighter.y
        centres = math.hypot(dx, dy)
        if centres == 0:
            raise WordsError(f"{fighter.ref} stands on {target.ref}", RULE)
        # stop short of the target: in contact with a friend, 0.2 cm away from an enemy
        margin = 0.2 if state.is_enemy(fighter, target) else 0.0
        room = max(0.0, centres - (fighter.profile.base_mm + target.profile.base_mm) / 20
                   - margin)
        distance, wanted, angle, how = aim(request, dx, dy, room, limit, target.ref)
    else:
        distance, wanted, angle, how = aim(request, 0.0, 0.0, 0.0, limit)
    if wanted > limit + 1e-9 and request.distance is not None:
        raise WordsError(f"{fighter.ref} cannot move {cm(wanted)} cm: the Move's allowance is "
                         f"{cm(limit)} cm", "Rulebook 5, Move")
    if distance <= 0:
        raise WordsError(f"{fighter.ref} has no room to move toward {target.ref if target else ''}"
                         .strip(), "Rulebook 5, Move")
    found = end_point(game, lambda px, py: Move(ref, Point(px, py)), fighter.x, fighter.y,
                      angle, distance, limit, request.quick)
    if found is None:
        x, y = fighter.x + distance * math.cos(angle), fighter.y + distance * math.sin(angle)
        problem = move_refusal(state, fighter, Point(x, y)) or _engine_refusal(
            game, Move(ref, Point(x, y)))
        raise WordsError(f"{fighter.ref} cannot move {how}: {problem}", "Rulebook 5, Move")
    action, note = found
    return Resolved(action, _said(request, action, f"{how}; {note}" if note else how))


def _contact(game: Game, state: EdenState, fighter: Fighter, target: Fighter,
             request: Request) -> Resolved:
    from skirmish.games.eden.actions import Move
    from skirmish.games.eden.fighting.movement import allowance, path_elements
    from skirmish.geometry.paths import contact_positions

    if state.is_enemy(fighter, target):
        raise WordsError(f"a Move cannot end in contact with an enemy: type 'charge "
                         f"{request.actor} {request.target}'", "Rulebook 5, Move")
    limit = allowance(state, fighter)
    elements, _ = path_elements(state, fighter)
    options = contact_positions(state.base(fighter), state.base(target), limit,
                                field=state.field, bases=state.bases(fighter),
                                elements=elements, markers=state.markers, samples=36)
    ref = Ref(fighter.ref)
    for check in sorted(options, key=lambda c: (c.cost, c.end)):
        if check.end is None:
            continue
        for to in (Point(round(check.end.x, 1), round(check.end.y, 1)),
                   Point(check.end.x, check.end.y)):
            action = Move(ref, to)
            if is_legal(game, action):
                return Resolved(action, _said(request, action, f"into contact with "
                                              f"{target.ref}, {cm(check.cost)} cm"))
    raise WordsError(f"{fighter.ref} cannot reach contact with {target.ref} this move "
                     f"(allowance {cm(limit)} cm, {cm(_gap(fighter, target))} cm away)",
                     "Rulebook 5, Move")


def _charge(game: Game, state: EdenState, fighter: Fighter, target: Fighter,
            request: Request) -> Resolved:
    from skirmish.games.eden.actions import Charge
    from skirmish.games.eden.fighting.movement import allowance, charge_position, charge_refusal

    refusal = charge_refusal(state, fighter, target, None, check_reach=False)
    if refusal:
        raise WordsError(f"{fighter.ref} cannot charge {target.ref}", refusal)
    end = charge_position(state, fighter, target, None)
    if end is None:
        raise WordsError(f"{fighter.ref} cannot reach contact with {target.ref} this charge "
                         f"(allowance {cm(allowance(state, fighter, charge=True))} cm, "
                         f"{cm(_gap(fighter, target))} cm away)", "Rulebook 5, Charge")
    ref, aim = Ref(fighter.ref), Ref(target.ref)
    for to in (Point(round(end.x, 1), round(end.y, 1)), end):
        action = Charge(ref, aim, to)
        if is_legal(game, action) and _lands(state, fighter, target, to, end):
            return Resolved(action, _said(request, action, f"into contact with {target.ref}"))
    raise WordsError(f"{fighter.ref} cannot charge {target.ref}",
                     _engine_refusal(game, Charge(ref, aim, end)) or "Rulebook 5, Charge")


def _lands(state: EdenState, fighter: Fighter, target: Fighter, to: Point, end: Point) -> bool:
    """Does a charge given ``to`` end where the engine's own contact point ``end`` is (the
    engine snaps ``to`` onto the target's contact circle)?"""
    from skirmish.games.eden.fighting.movement import snap_to_contact

    snapped = snap_to_contact(fighter, target, to)
    return math.hypot(snapped.x - end.x, snapped.y - end.y) < 0.2


def suggested_moves(game: Game) -> list[tuple[Action, str]]:
    """The activated fighter's Moves worth listing first, each with its purpose (issue 45):
    a full Move toward each of the two nearest enemies (stopping short of contact), toward
    each objective marker, and into cover (the Move in eight directions, full or half,
    ending in sight of the fewest enemies, when fewer than now). Each one legal (the engine
    checked it); none when the fighter cannot Move."""
    from skirmish.games.eden.fighting.movement import MOVE, MOVES_PER_ROUND, allowance
    from skirmish.games.eden.rolling import state_of

    ref = _activated(game)
    if ref is None:
        return []
    state = state_of(game)
    fighter = state.fighter(ref)
    if fighter.ap < 1 or fighter.round_uses.get(MOVE, 0) >= MOVES_PER_ROUND:
        return []
    out: list[tuple[Action, str]] = []

    def add(action: Action | None, label: str) -> None:
        if action is not None and all(action != a for a, _ in out):
            out.append((action, label))

    enemies = sorted(state.enemies(fighter), key=lambda e: _gap(fighter, e))
    for enemy in enemies[:2]:
        with contextlib.suppress(WordsError):
            add(_move(game, state, fighter, enemy, Request("", "move", ref, "toward",
                                                           enemy.ref, quick=True)).action,
                f"toward enemy {enemy.ref}, {cm(_gap(fighter, enemy))} cm away")
    for marker in state.markers:
        if marker.id in state.objectives:
            add(_toward_point(game, fighter, marker.x, marker.y, allowance(state, fighter)),
                f"toward objective {marker.label or marker.id}")
    add(*_cover(game, state, fighter, enemies))
    return out


def _toward_point(game: Game, fighter: Fighter, x: float, y: float, limit: float
                  ) -> Action | None:
    from skirmish.games.eden.actions import Move

    dx, dy = x - fighter.x, y - fighter.y
    far = math.hypot(dx, dy)
    if far < 0.5:
        return None
    step = min(limit, far)
    return nearest_legal(game, lambda px, py: Move(Ref(fighter.ref), Point(px, py)),
                         fighter.x + dx / far * step, fighter.y + dy / far * step, reach=2.0,
                         within=(fighter.x, fighter.y, limit))


def _cover(game: Game, state: EdenState, fighter: Fighter, enemies: list[Fighter]
           ) -> tuple[Action | None, str]:
    """The Move ending in sight of the fewest enemies (Rulebook 2.B), if fewer than now."""
    from skirmish.games.eden.actions import Move
    from skirmish.games.eden.fighting.movement import allowance

    if not enemies:
        return None, ""

    def seen(x: float, y: float) -> int:
        return sum(1 for e in enemies if state.sight(e, (x, y)).visible)

    now = seen(fighter.x, fighter.y)
    best: tuple[int, float, Action] | None = None
    limit = allowance(state, fighter)
    for k in range(8):
        for part in (1.0, 0.5):
            a = math.tau * k / 8
            x = fighter.x + limit * part * math.cos(a)
            y = fighter.y + limit * part * math.sin(a)
            action = nearest_legal(game, lambda px, py: Move(Ref(fighter.ref), Point(px, py)),
                                   x, y, reach=0.5, within=(fighter.x, fighter.y, limit))
            if action is None:
                continue
            to = action.to  # type: ignore[attr-defined]
            count = seen(to.x, to.y)
            if count < now and (best is None or (count, -part) < (best[0], -best[1])):
                best = (count, part, action)
    if best is None:
        return None, ""
    return best[2], f"cover: in sight of {best[0]} of {len(enemies)} enemies (now {now})"


#: The part the plugin names (``"words"``).
WORDS = EdenWords()
