"""Mass Effect: Annihilation's moves in words (issue 45; :mod:`skirmish.core.words`): the
``"words"`` part.

In the movement phase (ME10-ME12) a figure walks (its move value) or runs (twice that):
``walk Soldat toward Sentinelle 6``, ``run Soldat 12 north``, ``move Soldat contact
Sentinelle`` (``move``: a walk when the distance allows it, else a run) and ``charge Soldat
Sentinelle`` (ME17: a move ending in contact with an enemy is a charge) become a
:class:`~skirmish.games.masseffect.actions.Walk` or
:class:`~skirmish.games.masseffect.actions.Run` at the legal point nearest the one asked
for (written to 0.1 cm when that point is legal), facing the target (or the nearest enemy),
checked by the engine itself.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.core.actions import Action, Point
from skirmish.core.words import (
    Request,
    Resolved,
    WordMoves,
    WordsError,
    aim,
    cm,
    end_point,
    is_legal,
    pick_name,
)

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.masseffect.figure import Figure
    from skirmish.games.masseffect.state import MEState

RULE = "ME10, Phase de mouvement"


class MassEffectWords(WordMoves):
    """ME:A's moves in words: ``move`` (walk or run), ``walk``, ``run`` and ``charge``."""

    verbs = frozenset({"move", "walk", "run", "charge"})
    charge_verbs = frozenset({"charge"})

    def resolve(self, game: Game, request: Request) -> Resolved:
        from skirmish.games.masseffect.rolling import state_of

        state = state_of(game)
        if game.is_over:
            raise WordsError("the game is over", RULE)
        if game.decision().kind != "move":
            raise WordsError(f"nobody moves now: the decision is '{game.decision().kind}'",
                             RULE)
        refs = [str(f.ref) for f in state.figures]
        mine = [str(f.ref) for f in state.figures if f.side == game.decision().player]
        figure = state.figure(pick_name(request.actor, refs, "figure", mine))
        others = [r for r in refs if r != str(figure.ref)]
        theirs = [r for r in others if r not in mine]
        target = (state.figure(pick_name(request.target, others, "figure",
                                         mine if request.form == "contact" else theirs))
                  if request.target is not None else None)
        if figure.side != game.decision().player or not figure.in_action or figure.moved:
            raise WordsError(f"{figure.ref} cannot move now (it is not one of player "
                             f"{'AB'[game.decision().player]}'s figures still to move)", RULE)
        runs = _runs(request.verb)
        if request.form in ("charge", "contact"):
            assert target is not None
            if request.form == "charge" and target.side == figure.side:
                raise WordsError(f"{target.ref} is no enemy of {figure.ref}",
                                 "ME17, a charge ends in contact with an enemy")
            return _contact(game, state, figure, target, request, runs)
        return _move(game, state, figure, target, request, runs)


def _runs(verb: str) -> tuple[bool, ...]:
    """The kinds tried, in order: a walk, then a run (``move``, ``charge``)."""
    return {"walk": (False,), "run": (True,)}.get(verb, (False, True))


def _kind(run: bool) -> type[Action]:
    """A run's action, or a walk's."""
    from skirmish.games.masseffect.actions import Run, Walk

    return Run if run else Walk


def _facing(x: float, y: float, at: tuple[float, float]) -> int:
    return round(math.degrees(math.atan2(at[1] - y, at[0] - x))) % 360


def _gap(figure: Figure, other: Figure) -> float:
    return math.hypot(other.x - figure.x, other.y - figure.y) - figure.radius - other.radius


def _limits(figure: Figure) -> str:
    from skirmish.games.masseffect.phases.movement import allowance

    return f"walk {cm(allowance(figure, False))} cm, run {cm(allowance(figure, True))} cm"


def _move(game: Game, state: MEState, figure: Figure, target: Figure | None,
          request: Request, runs: tuple[bool, ...]) -> Resolved:
    from skirmish.games.masseffect.phases.movement import allowance, facing_toward

    ref = figure.ref
    longest = allowance(figure, runs[-1])
    if request.form == "toward":
        assert target is not None
        dx, dy = target.x - figure.x, target.y - figure.y
        centres = math.hypot(dx, dy)
        if centres == 0:
            raise WordsError(f"{figure.ref} stands on {target.ref}", RULE)
        room = max(0.0, centres - figure.radius - target.radius
                   - (0.2 if target.side != figure.side else 0.0))
        distance, wanted, angle, how = aim(request, dx, dy, room, longest, target.ref)
    else:
        distance, wanted, angle, how = aim(request, 0.0, 0.0, 0.0, longest)
    if wanted > longest + 1e-9 and request.distance is not None:
        raise WordsError(f"{figure.ref} cannot move {cm(wanted)} cm ({_limits(figure)})", RULE)
    if distance <= 0:
        raise WordsError(f"{figure.ref} has no room to move that way", RULE)
    for run in runs:
        if distance > allowance(figure, run) + 1e-9:
            continue
        kind = _kind(run)

        def make(px: float, py: float, kind: type[Action] = kind) -> Action:
            at = (target.x, target.y) if target is not None else None
            facing = _facing(px, py, at) if at else facing_toward(state, figure, (px, py))
            return kind(ref, Point(px, py), facing)  # type: ignore[call-arg]

        found = end_point(game, make, figure.x, figure.y, angle, distance,
                          allowance(figure, run), request.quick)
        if found is not None:
            action, note = found
            return Resolved(action, f"'{request.text}' -> {action} ({how}"
                            f"{'; ' + note if note else ''})")
    from skirmish.games.masseffect.phases.movement import move_problem

    x, y = figure.x + distance * math.cos(angle), figure.y + distance * math.sin(angle)

    problem = move_problem(state, figure, (x, y), runs[-1]) or "no legal point near it"
    raise WordsError(f"{figure.ref} cannot move {how}: {problem}", RULE)


def _contact(game: Game, state: MEState, figure: Figure, target: Figure, request: Request,
             runs: tuple[bool, ...]) -> Resolved:
    from skirmish.games.masseffect.phases.movement import allowance, path_bases
    from skirmish.geometry.paths import contact_positions

    ref = figure.ref
    for run in runs:
        limit = allowance(figure, run)
        if _gap(figure, target) > limit:
            continue
        checks = contact_positions(figure.base, target.base, limit, field=state.field,
                                   bases=path_bases(state, figure, [target]),
                                   elements=state.elements(), samples=24)
        kind = _kind(run)
        for check in sorted(checks, key=lambda c: (c.cost, c.end)):
            if check.end is None:
                continue
            for to in (Point(round(check.end.x, 1), round(check.end.y, 1)),
                       Point(round(check.end.x, 3), round(check.end.y, 3))):
                action = kind(ref, to, _facing(to.x, to.y, (target.x, target.y)))  # type: ignore[call-arg]
                if is_legal(game, action) and _touches(figure, target, to):
                    what = "charging" if target.side != figure.side else "into contact with"
                    return Resolved(action, f"'{request.text}' -> {action} ({what} "
                                    f"{target.ref}, {cm(check.cost)} cm)")
    how = "run" if runs[-1] else "walk"
    raise WordsError(f"{figure.ref} cannot reach contact with {target.ref} this {how} "
                     f"({_limits(figure)}, {cm(_gap(figure, target))} cm away)", RULE)


def _touches(figure: Figure, target: Figure, to: Point) -> bool:
    from skirmish.geometry import in_contact

    return bool(in_contact(figure.base.moved_to(to.x, to.y), target.base))


#: The part the plugin names (``"words"``).
WORDS = MassEffectWords()
