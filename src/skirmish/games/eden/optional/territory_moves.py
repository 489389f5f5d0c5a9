"""Rulebook, optional rules 1, A: the move actions of Territory Management's sceneries -
Climbing (X), Swimming (X), Jump (X) - and Hiding's move action.

Each is a move action of rule 5 (FR "une action de déplacement"): one of the 3 Moves of the
round, allowed under Fear, taken by a free fighter in contact with the element (the base
touching its footprint); Climbing and Swimming cost 2 AP (FR "qui coûte exceptionnellement
2PA"), Jump and Hiding 1 AP. The rolls are procedures on the stack, one step per roll:

- :class:`ClimbAttempt` (``climb A.Yuri Ruined-tower-1 [x,y]``): SPD roll difficulty X; a success
  puts the fighter on the element's elevated point at ``x,y`` (a point of the footprint where
  the base fits; left out, the one nearest to the fighter); no success, it stays and makes a
  VIG roll difficulty X, and without a success every limb takes a wound, protections ignored.
- :class:`SwimAttempt` (``swim A.Yuri Lake-1 x,y``): VIG rolls difficulty X less one per equipment
  carried ("full protection" counts 2) until one succeeds, each failure a head wound,
  protections ignored; then the fighter is put at ``x,y``, touching the element within 20 cm
  of where it started.
- :class:`JumpAttempt` (``jump A.Yuri Ravine-1 x,y``): a straight jump over the element, landing
  touching its far side within the Move's allowance; SPD roll difficulty X, and without a
  success the fighter is incapacitated.
- ``hide A.Yuri Rubble-1 [x,y]`` (:mod:`skirmish.games.eden.optional.hiding`): no roll.

A point given within 1 cm of a position touching the element is put exactly there, as a
Charge's point is put in contact (docs/rulings.md, Optional rules 1). Every choice is ruled in
docs/rulings.md (Optional rules 1: Climbing, Swimming, Jump, Hiding).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Point, Ref
from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Climb, Hide, JumpOver, Swim
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.cards.keywords import (
    Climbing,
    Elevation,
    Hiding,
    Jump,
    Keyword,
    Swimming,
    ValuedKeyword,
)
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.movement import (
    _REASONS,
    MOVE,
    MOVES_PER_ROUND,
    allowance,
    move_refusal,
    relocate,
    touches_an_enemy,
)
from skirmish.games.eden.fighting.wounds import inflict_wounds, take_out
from skirmish.games.eden.modifiers import Modifier
from skirmish.games.eden.optional import hiding
from skirmish.games.eden.optional.elevation import elevated_on
from skirmish.games.eden.optional.terrain import keyword, placed
from skirmish.games.eden.rolling import roll_characteristic, state_of
from skirmish.geometry import Element
from skirmish.geometry.distance import touches_element
from skirmish.geometry.edges import (
    exit_position,
    points_inside,
    rim_positions,
    touching_position,
)
from skirmish.geometry.heights import EDGE_TOLERANCE
from skirmish.geometry.paths import end_position_problem, path_is_clear
from skirmish.geometry.shapes import segment_length_inside, shape_point_sdist

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

CLIMB = "Rulebook, optional rules 1, A: Climbing (X)"
SWIM = "Rulebook, optional rules 1, A: Swimming (X)"
JUMP = "Rulebook, optional rules 1, A: Jump (X)"
HIDE = hiding.RULE
#: FR "une action de déplacement qui coûte 2PA" (Climbing), "qui coûte exceptionnellement
#: 2PA" (Swimming); Jump and Hiding are a move action's 1 AP.
CLIMB_AP, SWIM_AP, JUMP_AP, HIDE_AP = 2, 2, 1, 1
#: EN "within 20 cm from its original position" (centre to centre: docs/rulings.md).
SWIM_REACH = 20.0
#: A point within this (cm) of a position touching the element is put exactly there.
SNAP = 1.0
EPS = 1e-9
#: The actions of this module, for the activation
#: (:mod:`skirmish.games.eden.fighting.fighter_actions`).
TERRITORY_ACTIONS = (Climb, Swim, JumpOver, Hide)
TerritoryAction = Climb | Swim | JumpOver | Hide


# -- what each action needs -----------------------------------------------------------------------
def _element(state: EdenState, ident: str, kind: type[Keyword], rule: str
             ) -> Element | str:
    """The element ``ident`` if it has ``kind`` now, else why not."""
    element = next((e for e in state.scenery if e.id == ident), None)
    if element is None or placed(state, element) is None:
        return f"{rule}: there is no Territory Management scenery {ident!r}"
    if keyword(state, element, kind) is None:
        return f"{rule}: {ident} has no {kind.NAME}"
    return element


def _value(state: EdenState, element: Element, kind: type[ValuedKeyword]) -> int:
    word = keyword(state, element, kind)
    return 0 if word is None else word.value


def _move_action_refusal(state: EdenState, fighter: Fighter, ap: int, rule: str) -> str | None:
    """A move action: Territory Management played, its AP, one of the 3 Moves of the round."""
    if not state.territory:
        return f"{rule}: Territory Management (optional rules 1) is not played"
    if not fighter.on_field:
        return "Rulebook 2.F: an incapacitated fighter has left the field"
    if fighter.ap < ap:
        return f"{rule}: this move action costs {ap} AP"
    if fighter.round_uses.get(MOVE, 0) >= MOVES_PER_ROUND:
        return f"Rulebook 5, Move: 3/round (a move action of {rule.rsplit(': ', 1)[-1]})"
    return None


def _contact_refusal(state: EdenState, fighter: Fighter, element: Element,
                     rule: str) -> str | None:
    """In contact with the element (any point of its edge is a way in), and free."""
    if not touches_element(state.base(fighter), element):
        return f"{rule}: the fighter must be in contact with {element.id}"
    if not state.is_free(fighter):
        return (f"{rule}: the fighter must be free (in contact with an enemy, it withdraws by "
                "a Move first)")
    return None


def _end_refusal(state: EdenState, fighter: Fighter, to: Point, rule: str,
                 leave_out: str = "") -> str | None:
    """The base may stand at ``to`` (the field, other bases, scenery but ``leave_out``,
    markers) and touches no enemy there (Rulebook 5, Move)."""
    elements = [e for e in state.scenery if e.id != leave_out]
    problem = end_position_problem(state.base(fighter), to, field=state.field,
                                   bases=state.bases(fighter), elements=elements,
                                   markers=state.markers)
    if problem:
        return (f"{rule}: the fighter cannot end at {to.x:g},{to.y:g}: "
                f"{_REASONS.get(problem, problem)}")
    if touches_an_enemy(state, fighter, to):
        return f"{rule}: a move action cannot end in contact with an enemy (Rulebook 5, Move)"
    return None


def _snapped(state: EdenState, fighter: Fighter, element: Element, to: Point,
             rule: str) -> Point | str:
    """``to`` put exactly in contact with the element's edge (if within :data:`SNAP`)."""
    radius = fighter.profile.base_mm / 20
    at = touching_position(element.shape, radius, float(to.x), float(to.y))
    if math.hypot(at.x - to.x, at.y - to.y) > SNAP:
        return (f"{rule}: {to.x:g},{to.y:g} is not a position touching {element.id}'s edge "
                f"(the nearest is {at.x:.2f},{at.y:.2f})")
    return Point(at.x, at.y)


def _crossing(state: EdenState, fighter: Fighter, ident: str, kind: type[Keyword], ap: int,
              to: Point, rule: str) -> tuple[Element, Point] | str:
    """What Swimming and Jump check first, in the rule's order: the element has the
    keyword, the move action may be taken, the fighter touches the element (and is free),
    and ``to`` touches its edge (snapped onto it). The element and the landing point, or
    why not."""
    found = _element(state, ident, kind, rule)
    if isinstance(found, str):
        return found
    refusal = (_move_action_refusal(state, fighter, ap, rule)
               or _contact_refusal(state, fighter, found, rule))
    if refusal:
        return refusal
    landing = _snapped(state, fighter, found, to, rule)
    return landing if isinstance(landing, str) else (found, landing)


# -- Climbing (X) ---------------------------------------------------------------------------------
def spot_refusal(state: EdenState, fighter: Fighter, element: Element, at: Point) -> str | None:
    """Why the climber may not be put at ``at`` on the element's elevated point: the centre
    on its footprint, the base fitting there (nothing else under it but the element)."""
    if shape_point_sdist(element.shape, at.x, at.y) > EDGE_TOLERANCE:
        return f"{CLIMB}: {at.x:g},{at.y:g} is not on {element.id} (its elevated point)"
    return _end_refusal(state, fighter, at, CLIMB, leave_out=element.id)


def climb_spot(state: EdenState, fighter: Fighter, element: Element) -> Point | None:
    """The point of the element's footprint nearest to the fighter where its base fits (on a
    0.25 cm grid), or ``None`` when there is no room."""
    me = state.base(fighter)
    spots = sorted({Point(round(p.x, 2), round(p.y, 2))
                    for p in points_inside(element.shape, 0.25)},
                   key=lambda p: (math.hypot(p.x - me.x, p.y - me.y), p))
    return next((p for p in spots if spot_refusal(state, fighter, element, p) is None), None)


def climb_refusal(state: EdenState, fighter: Fighter, action: Climb) -> str | None:
    found = _element(state, action.element, Climbing, CLIMB)
    if isinstance(found, str):
        return found
    if keyword(state, found, Elevation) is None:
        return f"{CLIMB}: {found.id} has no Elevation, no elevated point to reach"
    refusal = (_move_action_refusal(state, fighter, CLIMB_AP, CLIMB)
               or _contact_refusal(state, fighter, found, CLIMB))
    if refusal:
        return refusal
    on = elevated_on(state, fighter)
    if on is not None and on.id == found.id:
        return f"{CLIMB}: the fighter already stands on {found.id}"
    if action.to is None:
        if climb_spot(state, fighter, found) is None:
            return f"{CLIMB}: there is no room for the fighter's base on {found.id}"
        return None
    return spot_refusal(state, fighter, found, action.to)


@dataclass(slots=True)
class ClimbAttempt(Procedure):
    """Rulebook, optional rules 1, A: Climbing (X): the SPD roll, then a failed climb's VIG
    roll."""

    name: ClassVar[str] = "eden.climb"
    fighter: Ref
    element: str
    to: Point
    difficulty: int
    step: str = "speed"

    def run(self, game: Game) -> None:
        fighter = state_of(game).fighter(self.fighter)
        if not fighter.on_field:
            game.pop()
            return
        if self.step == "speed":
            roll = roll_characteristic(game, fighter, Characteristic.SPD, self.difficulty,
                                       kind="climbing")
            if roll.successes:
                game.pop()
                relocate(game, fighter, self.to, "climbs")
                return
            game.emit(NoteEvent(message=f"{self.fighter}'s climb fails: it stays where it is"))
            self.step = "fall"
            return
        game.pop()
        roll = roll_characteristic(game, fighter, Characteristic.VIG, self.difficulty,
                                   kind="climbing fall")
        if roll.successes:
            return
        for limb in Limb:  # EN "all of his limbs are injured (1 wound)", in card order
            if not fighter.on_field:
                break
            inflict_wounds(game, fighter, limb, 1, ignore_protection=True,
                           by=f"{self.element} (Climbing ({self.difficulty}))")


# -- Swimming (X) ---------------------------------------------------------------------------------
def equipment_count(state: EdenState, fighter: Fighter) -> int:
    """EN "a penalty equal to the number of equipment the fighter carries where "full
    protection" equipment counts as 2": each item of its card, 2 for a protection covering
    every limb (FR "Une protection complète compte comme 2 équipements")."""
    count = 0
    for item in state.catalogue.equipment_of(fighter.profile):
        part = item.part(Category.PR)
        count += 2 if part is not None and set(part.protects) == set(Limb) else 1
    return count


def swim_refusal(state: EdenState, fighter: Fighter, action: Swim) -> str | None:
    start = _crossing(state, fighter, action.element, Swimming, SWIM_AP, action.to, SWIM)
    if isinstance(start, str):
        return start
    _, to = start
    gap = math.hypot(to.x - fighter.x, to.y - fighter.y)
    if gap > SWIM_REACH + EPS:
        return (f"{SWIM}: the fighter is put at the edge within {SWIM_REACH:g} cm of where it "
                f"started ({to.x:.2f},{to.y:.2f} is {gap:.2f} cm away)")
    return _end_refusal(state, fighter, to, SWIM)


@dataclass(slots=True)
class SwimAttempt(Procedure):
    """Rulebook, optional rules 1, A: Swimming (X): VIG rolls until one succeeds, a head wound
    for each failure; then the fighter is put at the edge."""

    name: ClassVar[str] = "eden.swim"
    fighter: Ref
    element: str
    to: Point
    difficulty: int
    penalty: int = 0

    def run(self, game: Game) -> None:
        fighter = state_of(game).fighter(self.fighter)
        if not fighter.on_field:  # incapacitated by a head wound: it never reaches the edge
            game.pop()
            return
        penalty = ([Modifier.penalty(f"Swimming ({self.penalty} equipment)",
                                     Characteristic.VIG, self.penalty)]
                   if self.penalty else [])
        roll = roll_characteristic(game, fighter, Characteristic.VIG, self.difficulty,
                                   kind="swimming", modifiers=penalty)
        if roll.successes:
            game.pop()
            relocate(game, fighter, self.to, "swims")
            return
        inflict_wounds(game, fighter, Limb.HEAD, 1, ignore_protection=True,
                       by=f"{self.element} (Swimming ({self.difficulty}))")


# -- Jump (X) -------------------------------------------------------------------------------------
def jump_refusal(state: EdenState, fighter: Fighter, action: JumpOver) -> str | None:
    start = _crossing(state, fighter, action.element, Jump, JUMP_AP, action.to, JUMP)
    if isinstance(start, str):
        return start
    found, to = start
    length = math.hypot(to.x - fighter.x, to.y - fighter.y)
    if segment_length_inside(found.shape, fighter.x, fighter.y, to.x, to.y) <= 1e-6:
        return f"{JUMP}: the jump goes over {found.id} to its far side, in a straight line"
    reach = allowance(state, fighter)
    if length > reach + EPS:
        return (f"{JUMP}: the jump is a move action of at most {reach:g} cm "
                f"({length:.2f} cm)")
    refusal = _end_refusal(state, fighter, to, JUMP)
    if refusal:
        return refusal
    others = [e for e in state.scenery if e.id != found.id]
    if not path_is_clear(state.base(fighter), [(fighter.x, fighter.y), (to.x, to.y)],
                         field=state.field, bases=state.bases(fighter), elements=others):
        return f"{JUMP}: another base or impassable scenery is in the way"
    return None


@dataclass(slots=True)
class JumpAttempt(Procedure):
    """Rulebook, optional rules 1, A: Jump (X): the SPD roll; without a success the fighter is
    incapacitated."""

    name: ClassVar[str] = "eden.jump"
    fighter: Ref
    element: str
    to: Point
    difficulty: int

    def run(self, game: Game) -> None:
        game.pop()
        fighter = state_of(game).fighter(self.fighter)
        if not fighter.on_field:
            return
        roll = roll_characteristic(game, fighter, Characteristic.SPD, self.difficulty,
                                   kind="jump")
        if roll.successes:
            relocate(game, fighter, self.to, "jumps")
            return
        game.emit(NoteEvent(message=f"{self.fighter}'s jump over {self.element} fails: no "
                                    "success, it is incapacitated"))
        take_out(game, fighter, by=f"{self.element} (Jump ({self.difficulty}))")


# -- Hiding ---------------------------------------------------------------------------------------
def hide_refusal(state: EdenState, fighter: Fighter, action: Hide) -> str | None:
    found = _element(state, action.element, Hiding, HIDE)
    if isinstance(found, str):
        return found
    if action.to is None:
        refusal = _move_action_refusal(state, fighter, HIDE_AP, HIDE)
        if refusal:
            return refusal
        if hiding.hiding_place(state, fighter) == found.id:
            return f"{HIDE}: the fighter already hides in {found.id}"
        return hiding.hide_here_refusal(state, fighter, found, fighter.x, fighter.y)
    if not state.territory:
        return f"{HIDE}: Territory Management (optional rules 1) is not played"
    refusal = move_refusal(state, fighter, action.to)
    if refusal:
        return refusal
    return hiding.hide_here_refusal(state, fighter, found, float(action.to.x),
                                    float(action.to.y))


# -- the activation's side ------------------------------------------------------------------------
def territory_move_refusal(game: Game, fighter: Fighter, action: Action) -> str | None:
    """Why ``fighter`` may not take this move action of a Territory scenery now, or None."""
    state = state_of(game)
    if isinstance(action, Climb):
        return climb_refusal(state, fighter, action)
    if isinstance(action, Swim):
        return swim_refusal(state, fighter, action)
    if isinstance(action, JumpOver):
        return jump_refusal(state, fighter, action)
    assert isinstance(action, Hide)
    return hide_refusal(state, fighter, action)


def _pay(fighter: Fighter, ap: int) -> None:
    fighter.ap -= ap
    fighter.record_use(MOVE)


def start_territory_move(game: Game, fighter: Fighter, action: Action) -> None:
    """Pay the move action (its AP, one of the round's Moves) and push its rolls."""
    state = state_of(game)
    ref = Ref(fighter.ref)
    if isinstance(action, Climb):
        element = next(e for e in state.scenery if e.id == action.element)
        spot = action.to or climb_spot(state, fighter, element)
        assert spot is not None
        _pay(fighter, CLIMB_AP)
        x = _value(state, element, Climbing)
        game.emit(NoteEvent(message=f"{fighter.ref} climbs {element.id} (Climbing ({x}): "
                                    f"{CLIMB_AP} AP, SPD roll difficulty {x})"))
        game.push(ClimbAttempt(ref, element.id, Point(float(spot.x), float(spot.y)), x))
    elif isinstance(action, Swim):
        element = next(e for e in state.scenery if e.id == action.element)
        shore = _snapped(state, fighter, element, action.to, SWIM)
        assert not isinstance(shore, str)
        _pay(fighter, SWIM_AP)
        x, n = _value(state, element, Swimming), equipment_count(state, fighter)
        game.emit(NoteEvent(message=f"{fighter.ref} swims across {element.id} (Swimming ({x}): "
                                    f"{SWIM_AP} AP, VIG rolls difficulty {x}, -{n} for "
                                    f"{n} equipment)"))
        game.push(SwimAttempt(ref, element.id, shore, x, n))
    elif isinstance(action, JumpOver):
        element = next(e for e in state.scenery if e.id == action.element)
        landing = _snapped(state, fighter, element, action.to, JUMP)
        assert not isinstance(landing, str)
        _pay(fighter, JUMP_AP)
        x = _value(state, element, Jump)
        game.emit(NoteEvent(message=f"{fighter.ref} jumps over {element.id} (Jump ({x}): SPD "
                                    f"roll difficulty {x})"))
        game.push(JumpAttempt(ref, element.id, landing, x))
    else:
        assert isinstance(action, Hide)
        _pay(fighter, HIDE_AP)
        if action.to is not None:
            relocate(game, fighter, Point(float(action.to.x), float(action.to.y)))
        if fighter.on_field:
            hiding.hide(game, fighter, action.element)


# -- representative options (bots, the legal actions' list) ---------------------------------------
def _rounded(x: float, y: float) -> Point:
    """A point as a player writes it (0.01 cm)."""
    return Point(round(x, 2), round(y, 2))


def swim_landings(state: EdenState, fighter: Fighter, element: Element,
                  count: int = 3) -> list[Point]:
    """Up to ``count`` legal landings of a swim, the farthest from the start first (across)."""
    radius = fighter.profile.base_mm / 20
    out = []
    for p in rim_positions(element.shape, radius, 48):
        at = _rounded(p.x, p.y)
        d = math.hypot(at.x - fighter.x, at.y - fighter.y)
        if d <= SWIM_REACH - 0.05 and swim_refusal(
                state, fighter, Swim(Ref(fighter.ref), element.id, at)) is None:
            out.append((d, at))
    out.sort(key=lambda t: (-t[0], t[1]))
    return [at for _, at in out[:count]]


def jump_landings(state: EdenState, fighter: Fighter, element: Element,
                  count: int = 2) -> list[Point]:
    """Up to ``count`` legal landings of a jump straight across, the shortest first: across
    the nearest edge, then 15 and 30 degrees either side."""
    radius = fighter.profile.base_mm / 20
    edge = touching_position(element.shape, 0.0, fighter.x, fighter.y)
    straight = math.atan2(edge.y - fighter.y, edge.x - fighter.x)
    reach = allowance(state, fighter)
    out = []
    for turn in (0, 15, -15, 30, -30):
        beyond = exit_position(element.shape, radius, (fighter.x, fighter.y),
                               straight + math.radians(turn), reach)
        if beyond is None:
            continue
        at = _rounded(beyond.x, beyond.y)
        if jump_refusal(state, fighter, JumpOver(Ref(fighter.ref), element.id, at)) is None:
            out.append((math.hypot(at.x - fighter.x, at.y - fighter.y), at))
    out.sort()
    return [at for _, at in out[:count]]


def territory_move_options(game: Game, fighter: Fighter) -> list[Action]:
    """Representative legal move actions of the sceneries the fighter touches: a climb to the
    nearest spot, a few swims and jumps, hiding where it stands."""
    state = state_of(game)
    if (not state.territory or not fighter.on_field or fighter.ap < 1
            or fighter.round_uses.get(MOVE, 0) >= MOVES_PER_ROUND):
        return []
    ref = Ref(fighter.ref)
    base = state.base(fighter)
    out: list[Action] = []
    for element in state.scenery:
        record = placed(state, element)
        if record is None or not touches_element(base, element):
            continue
        if record.has(Climbing) and record.has(Elevation) and fighter.ap >= CLIMB_AP:
            spot = climb_spot(state, fighter, element)
            climb = Climb(ref, element.id, spot)
            if spot is not None and climb_refusal(state, fighter, climb) is None:
                out.append(climb)
        if record.has(Swimming) and fighter.ap >= SWIM_AP and state.is_free(fighter):
            out.extend(Swim(ref, element.id, at) for at in swim_landings(state, fighter, element))
        if record.has(Jump) and state.is_free(fighter):
            out.extend(JumpOver(ref, element.id, at)
                       for at in jump_landings(state, fighter, element))
        if record.has(Hiding):
            hide = Hide(ref, element.id)
            if hide_refusal(state, fighter, hide) is None:
                out.append(hide)
    return out
