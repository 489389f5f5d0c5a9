"""Phase de mouvement (docs/masseffect.md ME2, ME10-ME12, ME17, ME30).

The initiative player moves all his figures, one after another in the order he chooses; then
the other player moves all of his. Each figure stays, walks (its move value, 4 pas) or runs
(twice that). A move that ends touching an enemy is a charge. An engaged figure may only stay
or disengage: every enemy in contact makes an opportunity attack first, then it moves and
must end out of contact with them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from skirmish.core.actions import Action, Point
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import Run, Stay, Walk
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.combat.attacks import Opportunity
from skirmish.games.masseffect.events import MoveEvent, Note, PhaseEvent
from skirmish.games.masseffect.figure import RUN, STAY, WALK, Figure
from skirmish.games.masseffect.house_rules import BRUSHING_PAST, reading_of
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import RUN_FACTOR, pas_to_cm
from skirmish.games.masseffect.state import MEState
from skirmish.geometry import CONTACT_TOLERANCE, Base, in_contact
from skirmish.geometry.destinations import sample_destinations
from skirmish.geometry.paths import (
    REACH_MARGIN,
    MoveCheck,
    contact_positions,
    is_legal_move,
)

RULE = "ME10, Phase de mouvement"
#: How many walks and runs are offered per figure (any legal one is accepted).
SAMPLES = 2
#: ME43 (house rule ``me-brushing-past=stops``, the default): how far past contact a walk or
#: run keeps from the base of an enemy it does not end touching (cm): a figure that touches
#: an enemy has engaged it, so a move that goes on keeps clear of it.
BRUSH_CLEARANCE = CONTACT_TOLERANCE + 0.01


def stops_at_touch(state: MEState) -> bool:
    """Whether the match plays ``me-brushing-past=stops`` (ME43, the default)."""
    return reading_of(state.house_rules, BRUSHING_PAST) == "stops"


def widened(base: Base) -> Base:
    """An enemy's base as a move that does not end touching it sees it (ME43)."""
    return replace(base, radius=base.radius + BRUSH_CLEARANCE)


def path_bases(state: MEState, figure: Figure, ending: list[Figure] | None = None
               ) -> list[Base]:
    """The bases a walk or run of ``figure`` is traced among (every other figure in action,
    ME17); under ``me-brushing-past=stops`` (ME43) each enemy widened by
    :data:`BRUSH_CLEARANCE`, but those the move ends touching (``ending``: it charges them)
    and those it touches as it starts (it disengages from them, ME30)."""
    if not stops_at_touch(state):
        return state.bases(figure)
    start = figure.base
    keep = ending or []
    out = []
    for other in state.figures:
        if other is figure or not other.in_action:
            continue
        base = other.base
        if (other.side != figure.side and not any(other is e for e in keep)
                and not in_contact(start, base)):
            base = widened(base)
        out.append(base)
    return out


def allowance(figure: Figure, run: bool) -> float:
    """ME10-ME11: the move value in cm (Déplacement (X) or 4 pas), doubled for a run."""
    profile = figure.profile
    known = _ALLOWANCES.get(id(profile))
    if known is None or known[0] is not profile:
        move = profile.move
        if len(_ALLOWANCES) >= 1024:
            _ALLOWANCES.clear()
        known = _ALLOWANCES[id(profile)] = (profile, pas_to_cm(move), pas_to_cm(move * RUN_FACTOR))
    return known[2] if run else known[1]


#: Walk and run allowances per profile (by identity: the cards are immutable and shared by a
#: game's copies; each entry holds its profile, so the identity stays its own).
_ALLOWANCES: dict[int, tuple[Profile, float, float]] = {}


def facing_toward(state: MEState, figure: Figure, at: tuple[float, float] | None = None
                  ) -> int:
    """A facing (whole degrees) toward the nearest enemy in action, else across the table."""
    x, y = at if at is not None else (figure.x, figure.y)
    return _facing(state, figure, [(e.x, e.y) for e in state.in_action(1 - figure.side)], x, y)


def _facing(state: MEState, figure: Figure, enemies: list[tuple[float, float]], x: float,
            y: float) -> int:
    """:func:`facing_toward` from (x, y), the enemies in action (their centres) given: the
    first nearest one, as ``min`` picks it."""
    if not enemies:
        return 90 if state.edges[figure.side] == "lower" else 270
    ex, ey = enemies[0]
    best = math.hypot(ex - x, ey - y)
    for qx, qy in enemies[1:]:
        d = math.hypot(qx - x, qy - y)
        if d < best:
            best, ex, ey = d, qx, qy
    return round(math.degrees(math.atan2(ey - y, ex - x))) % 360


def in_rear_arc(figure: Figure, x: float, y: float) -> bool:
    """ME2: a point is in the rear arc when it lies behind the line through the base's
    centre perpendicular to the facing."""
    a = math.radians(figure.facing)
    return (x - figure.x) * math.cos(a) + (y - figure.y) * math.sin(a) < 0


def movers(state: MEState, player: int) -> list[Figure]:
    """The player's figures in action that have not made their movement-phase action."""
    return [f for f in state.in_action(player) if not f.moved]


def move_problem(state: MEState, figure: Figure, to: tuple[float, float], run: bool) -> str:
    """Why ``figure`` may not walk (or run) to ``to`` now, or "" (ME17; ME43: under
    ``me-brushing-past=stops`` the path keeps clear of every enemy it does not end
    touching)."""
    ending = None
    if stops_at_touch(state):
        moved = figure.base.moved_to(float(to[0]), float(to[1]))
        ending = [e for e in state.in_action(1 - figure.side) if in_contact(moved, e.base)]
    check = is_legal_move(figure.base, to, allowance(figure, run), field=state.field,
                          bases=path_bases(state, figure, ending), elements=state.elements())
    if not check.legal:
        return f"{RULE}: {figure.ref} cannot {'run' if run else 'walk'} there ({check.reason})"
    return disengage_problem(state, figure, to)


def disengage_problem(state: MEState, figure: Figure, to: tuple[float, float]) -> str:
    """ME30: a disengaging figure ends out of contact with the enemies it was engaged with."""
    moved = figure.base.moved_to(float(to[0]), float(to[1]))
    for e in state.opponents(figure):
        if in_contact(moved, e.base):
            return (f"ME30, Désengagement: {figure.ref} must end out of contact with "
                    f"{e.ref}")
    return ""


def movement_options(state: MEState, figure: Figure,
                     standing: list[tuple[Figure, Base]] | None = None) -> list[Action]:
    """Representative legal actions of one figure: stay, a few walks and runs, and a charge
    at each enemy within reach. ``standing``: the figures in action with their bases, in
    order (gathered once for all the figures listed in a decision)."""
    if standing is None:
        standing = [(f, f.base) for f in state.figures if f.in_action]
    ref = figure.ref
    base = figure.base
    side = 1 - figure.side
    enemies = [f for f, _ in standing if f.side == side]  # state.in_action(side)
    centres = [(e.x, e.y) for e in enemies]
    # One distance per enemy, as each test measures it (hypot is the same either way round):
    # the nearest for the facing, the edge-to-edge gaps for contact (ME17) and charges.
    x, y, r = base.x, base.y, base.radius
    gaps: list[float] = []
    nearest, ex, ey = math.inf, 0.0, 0.0
    for e in enemies:
        foe = e.base
        d = math.hypot(foe.x - x, foe.y - y)
        if d < nearest:
            nearest, ex, ey = d, foe.x, foe.y
        gaps.append(d - r - foe.radius)
    facing = (round(math.degrees(math.atan2(ey - y, ex - x))) % 360 if enemies
              else 90 if state.edges[figure.side] == "lower" else 270)  # as _facing
    out: list[Action] = [Stay(ref, facing)]
    engaged = ([e for e, gap in zip(enemies, gaps, strict=True)  # state.opponents(figure)
                if abs(gap) <= CONTACT_TOLERANCE] if figure.in_action else [])
    seed = state.turn * 1009 + state.index[str(ref)] * 7
    bases = [b for f, b in standing if f is not figure]  # state.bases(figure)
    if stops_at_touch(state):  # ME43: the sampled moves keep clear of every enemy
        bases = [widened(b) if f.side == side and not any(f is e for e in engaged) else b
                 for f, b in standing if f is not figure]
    elements = state.elements()
    reaches = (allowance(figure, False), allowance(figure, True))
    for run in (False, True):
        # the first SAMPLES destinations, enough unless some are refused (then all of them)
        checks = sample_destinations(base, reaches[run], SAMPLES + 1, field=state.field,
                                     bases=bases, elements=elements, seed=seed + run,
                                     first=SAMPLES)
        ends = _free_ends(base, checks, engaged)
        if len(ends) < SAMPLES and len(checks) == SAMPLES:
            ends = _free_ends(base, sample_destinations(
                base, reaches[run], SAMPLES + 1, field=state.field, bases=bases,
                elements=elements, seed=seed + run), engaged)
        kind = Run if run else Walk
        out.extend(kind(ref, to, _facing(state, figure, centres, to.x, to.y)) for to in ends)
    for enemy, gap in zip(enemies, gaps, strict=True):
        if gap > reaches[True] or any(enemy is e for e in engaged):
            continue  # out of reach (no charge: what _charge would find), or engaged
        charge = _charge(state, figure, enemy)
        if charge is not None:
            out.append(charge)
    return out


def _free_ends(base: Base, checks: list[MoveCheck], engaged: list[Figure]) -> list[Point]:
    """The first SAMPLES ends of ``checks`` that leave every engaged enemy (ME30)."""
    ends: list[Point] = []
    for check in checks:
        if check.end is None or len(ends) >= SAMPLES:
            continue
        to = Point(check.end.x, check.end.y)
        if engaged and _touches_any(base, to, engaged):
            continue
        ends.append(to)
    return ends


def _touches_any(base: Base, to: tuple[float, float], enemies: list[Figure]) -> bool:
    """ME30: would ``base`` moved to ``to`` still touch one of ``enemies`` (the enemies it is
    engaged with: then :func:`disengage_problem` refuses the move)?"""
    moved = base.moved_to(float(to[0]), float(to[1]))
    return any(in_contact(moved, e.base) for e in enemies)


def _charge(state: MEState, figure: Figure, enemy: Figure) -> Action | None:
    """The nearest legal contact position with ``enemy``: a walk if it is within the move
    value, else a run (ME17)."""
    gap = math.hypot(enemy.x - figure.x, enemy.y - figure.y) - figure.radius - enemy.radius
    if gap > allowance(figure, True):
        return None
    for run in (False, True):
        if gap > allowance(figure, run):
            continue
        checks = contact_positions(figure.base, enemy.base, allowance(figure, run),
                                   field=state.field, bases=path_bases(state, figure, [enemy]),
                                   elements=state.elements(), samples=24)
        for check in sorted(checks, key=lambda c: c.cost):
            if check.end is None:
                continue
            to = Point(round(check.end.x, 3), round(check.end.y, 3))
            if move_problem(state, figure, to, run):
                continue
            facing = round(math.degrees(math.atan2(enemy.y - to.y, enemy.x - to.x))) % 360
            return (Run if run else Walk)(figure.ref, to, facing)
    return None


@dataclass(slots=True)
class MovementPhase(Procedure):
    """ME10: Phase de mouvement: each player moves all his figures, initiative first."""

    name: ClassVar[str] = "me.movement"
    player: int = -1
    turns_taken: int = 0
    started: bool = False

    def _current(self, game: Game) -> int | None:
        state = state_of(game)
        if state.ended or not self.started:
            return None
        first = state.initiative
        for player in (first, 1 - first)[self.turns_taken:]:
            if movers(state, player):
                return player
        return None

    def decision(self, game: Game) -> Decision | None:
        player = self._current(game)
        if player is None:
            return None
        refs = [str(f.ref) for f in movers(state_of(game), player)]
        return Decision(player, "move", f"Phase de mouvement: stay, walk or run with one of "
                        f"{', '.join(refs)}", context={"figures": refs})

    def legal_actions(self, game: Game) -> list[Action]:
        player = self._current(game)
        if player is None:
            return []
        state = state_of(game)
        out: list[Action] = []
        standing = [(f, f.base) for f in state.figures if f.in_action]
        listing = _Listing.of(state, standing)
        for figure in movers(state, player):
            out.extend(listing.options_of(state, figure, standing))
        global _LATEST_LISTING
        _LATEST_LISTING = listing
        return out

    def check(self, game: Game, action: Action) -> None:
        player = self._current(game)
        state = state_of(game)
        if not isinstance(action, Stay | Walk | Run):
            raise IllegalActionError(f"'{action}' is not a movement (stay, walk or run)", RULE)
        figure = _own_figure(state, action.figure, player)
        if figure.moved:
            raise IllegalActionError(f"{figure.ref} has already moved this turn", RULE)
        if not 0 <= action.facing < 360:
            raise IllegalActionError("a facing is 0 to 359 degrees", "ME2, facing")
        if isinstance(action, Walk | Run):
            problem = move_problem(state, figure, action.to, isinstance(action, Run))
            if problem:
                raise IllegalActionError(problem, RULE)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        assert isinstance(action, Stay | Walk | Run)
        figure = state.figure(action.figure)
        if isinstance(action, Stay):
            figure.moved = STAY
            figure.facing = float(action.facing)
            game.emit(MoveEvent(figure=str(figure.ref), how="stays", start=(figure.x, figure.y),
                                end=(figure.x, figure.y), facing=action.facing))
            return
        figure.moved = RUN if isinstance(action, Run) else WALK
        if state.engaged(figure):
            figure.disengaged = True
            game.push(*[Opportunity(str(e.ref), str(figure.ref))
                        for e in state.opponents(figure)],
                      Relocate(str(figure.ref), action.to, action.facing, figure.moved))
            return
        relocate(game, figure, action.to, action.facing, figure.moved)

    def run(self, game: Game) -> None:
        state = state_of(game)
        if state.ended:
            game.pop()
            return
        if not self.started:  # ME8: the phase begins (it is in the log like the others)
            state.phase = "mouvement"
            game.emit(PhaseEvent(phase="mouvement"))
            self.started = True
            return
        first = state.initiative
        if self.turns_taken < 2 and not movers(state, (first, 1 - first)[self.turns_taken]):
            self.turns_taken += 1
            return
        game.pop()


#: A figure's options as listed: its place in the bands, walk and run allowances, base, and
#: the options.
_Known = tuple[int, tuple[float, float], Base, tuple[Action, ...]]


@dataclass(slots=True)
class _Listing:
    """The movement options listed at a decision, to list them again at the next: one
    figure moves at a time. A figure's options depend only on its base, move value and seed
    (turn and place in the bands), the table (field, scenery, edges), the enemies in action
    (facings, contacts, charges) and what stands within its run's reach (the path queries
    answer from that alone: :func:`~skirmish.geometry.destinations.sample_destinations`). So they
    stand while no enemy came, went or moved, and every friend that did stands out of that
    reach, before and after. Only the options of the figures listed are kept, so each
    stands for the listing just before."""

    table: tuple[Any, ...]  # turn, field, scenery, edges, the figures' order
    standing: dict[str, tuple[int, Base]]  # the figures in action: side and base, by ref
    options: dict[str, _Known] = field(default_factory=dict)
    before: dict[str, _Known] = field(default_factory=dict)  # listed at the decision before
    changed: list[tuple[int, Base]] = field(default_factory=list)  # since then: side, base

    @staticmethod
    def of(state: MEState, standing: list[tuple[Figure, Base]]) -> _Listing:
        now = _Listing((state.turn, state.field, state.elements(), tuple(state.edges),
                        tuple(state.index)), {str(f.ref): (f.side, b) for f, b in standing})
        was = _LATEST_LISTING
        if was is not None and was.table == now.table:
            before, after = was.standing, now.standing
            now.before = was.options
            now.changed = ([sb for ref, sb in before.items() if after.get(ref) != sb]
                           + [sb for ref, sb in after.items() if before.get(ref) != sb])
        return now

    def options_of(self, state: MEState, figure: Figure,
                   standing: list[tuple[Figure, Base]]) -> list[Action]:
        """:func:`movement_options`, as listed before when they stand."""
        ref = str(figure.ref)
        index, base = state.index[ref], figure.base
        reaches = (allowance(figure, False), allowance(figure, True))
        known = self.before.get(ref)
        if known is None or not self._stands(known, figure.side, index, reaches, base):
            known = (index, reaches, base, tuple(movement_options(state, figure, standing)))
        self.options[ref] = known
        return list(known[3])

    def _stands(self, known: _Known, side: int, index: int, reaches: tuple[float, float],
                base: Base) -> bool:
        if known[0] != index or known[1] != reaches or known[2] != base:
            return False
        reach = reaches[True] + base.radius + REACH_MARGIN  # as paths._within_reach
        for other_side, other in self.changed:
            if other_side != side:
                return False  # an enemy came, went or moved: facings, contacts, charges
            if math.hypot(other.x - base.x, other.y - base.y) < reach + other.radius:
                return False  # a friend within reach, before or after
        return True


_LATEST_LISTING: _Listing | None = None


def _own_figure(state: MEState, ref: str, player: int | None) -> Figure:
    try:
        figure = state.figure(ref)
    except KeyError:
        raise IllegalActionError(f"there is no figure {ref}", RULE) from None
    if player is None or figure.side != player:
        raise IllegalActionError(f"{ref} is not one of player "
                                 f"{'AB'[player or 0]}'s figures", RULE)
    if not figure.in_action:
        raise IllegalActionError(f"{ref} is not in action", RULE)
    return figure


def relocate(game: Game, figure: Figure, to: tuple[float, float], facing: int, how: str
             ) -> None:
    """Carry out a walk or run, and record a charge on every enemy it ends touching (ME17)."""
    state = state_of(game)
    start = (figure.x, figure.y)
    figure.x, figure.y = float(to[0]), float(to[1])
    figure.facing = float(facing)
    game.emit(MoveEvent(figure=str(figure.ref), how="runs" if how == RUN else "walks",
                        start=start, end=(figure.x, figure.y), facing=facing))
    for enemy in state.opponents(figure):
        ref = str(figure.ref)
        if ref not in enemy.chargers:
            enemy.chargers.append(ref)
            rear = in_rear_arc(enemy, figure.x, figure.y)
            if rear:
                enemy.rear_chargers.append(ref)
            game.emit(Note(figure=ref, what=f"charges {enemy.ref}",
                           detail="from its rear arc" if rear else ""))


@dataclass(slots=True)
class Relocate(Procedure):
    """ME30: after the opportunity attacks, a disengaging figure still in action moves."""

    name: ClassVar[str] = "me.relocate"
    figure: str
    to: Point
    facing: int
    how: str

    def run(self, game: Game) -> None:
        game.pop()
        figure = state_of(game).figure(self.figure)
        if not figure.in_action:
            return
        relocate(game, figure, self.to, self.facing, self.how)
