"""Escalader, climbing over scenery (docs/masseffect.md ME14, ME44; house rule
``me-climbing``).

Draft, Profil: «La qualité rend compte de la capacité du personnage à effectuer tous les
autres types d'action, comme réagir à une action adverse, faire une action spéciale comme
escalader…». ME14 gives the special action: a figure in base contact with scenery **at most
2 pas high** rolls a D6 ≥ its Qualité (Effort héroïque may roll a failure again, ME31); on a
success it stands on the far side of the element, in contact with it.

The steps, as ME44 rules them:

1. **Heights.** A scenery element's height is its own ``height`` (cm, given in a set-up's
   scenery) or, when it gives none, its sight class's (:data:`CLASS_HEIGHT_PAS`: a low wall or
   crates 1 pas, an opaque block 3 pas, flat scenery nothing to climb). Closed doors and
   passable scenery are never climbed (a door is opened, passable scenery walked across).
2. **Who.** A figure that may take a special action (ME13: not engaged, has not run, used a
   power or shot this turn), in base contact with a climbable element.
3. **Where.** The player names the point where the figure ends: in base contact with the
   element, on its far side - the straight line between the figure's centre before and after
   crosses the element, and goes no farther than the element's width along that line, the
   base's diameter and :data:`CLIMB_SLACK_PAS` (so the figure goes over, not along) - where
   the base may stand (on the table, on no other base or impassable scenery) and touching
   no enemy (a climb is no charge, ME17). The listing offers the point straight across
   (:func:`across`) when legal and, on each side, the nearest legal point beside it in
   steps of half a base (:data:`CLIMB_FAN` steps): a base standing across hides no free
   stretch of the far side.
4. **The roll.** D6 ≥ Qualité (:class:`~skirmish.games.masseffect.phases.special.QualityRoll`);
   on a success the figure is put at the point, on a failure it stays. Either way it has
   taken its special action.
"""

from __future__ import annotations

import math

from skirmish.core.actions import Point
from skirmish.games.masseffect.actions import Climb
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.house_rules import CLIMBING, reading_of
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MEState
from skirmish.geometry import CONTACT_TOLERANCE, Element, in_contact
from skirmish.geometry.edges import nearest_edge_point
from skirmish.geometry.paths import end_position_problem
from skirmish.geometry.shapes import segment_length_inside, shape_point_sdist

RULE = "ME14, Escalader"
#: ME14: the highest scenery a figure may climb, in pas.
CLIMB_MAX_PAS = 2.0
#: ME44: an element's height by its sight class when it gives none (pas).
CLASS_HEIGHT_PAS: dict[str, float] = {"low": 1.0, "opaque": 3.0, "flat": 0.0}
#: ME44: how much longer than straight over the line of a climb may be (pas).
CLIMB_SLACK_PAS = 1.0
#: ME44: how many half-base steps along the far side the listing tries on each side.
CLIMB_FAN = 4
#: How far past contact the point straight across stands (cm): within contact's tolerance.
ACROSS_GAP = 0.01


def climbing_allowed(state: MEState) -> bool:
    """Whether the match plays ``me-climbing=special-action`` (the default, ME44)."""
    return reading_of(state.house_rules, CLIMBING) == "special-action"


def height_pas(element: Element) -> float:
    """1. The element's height in pas: its own, or its sight class's."""
    if element.height > 0.0:
        return element.height / pas_to_cm(1.0)
    return CLASS_HEIGHT_PAS.get(element.sight, 0.0)


def _gap(element: Element, x: float, y: float, radius: float) -> float:
    """The edge-to-edge gap between a base at (x, y) and the element (negative: overlap)."""
    return shape_point_sdist(element.shape, x, y) - radius


def climbable(state: MEState, figure: Figure) -> list[Element]:
    """1.-2. The elements ``figure`` touches that it may climb, in the table's order."""
    if not climbing_allowed(state):
        return []
    out = []
    for element in state.scenery:  # the table's scenery: closed doors stand in elements() only
        if element.passable:
            continue
        if not 0.0 < height_pas(element) <= CLIMB_MAX_PAS + 1e-9:
            continue
        if abs(_gap(element, figure.x, figure.y, figure.radius)) <= CONTACT_TOLERANCE:
            out.append(element)
    return out


def across(figure: Figure, element: Element) -> tuple[float, float] | None:
    """3. The point straight across ``element`` from ``figure``: along the line from the
    figure's centre to the nearest point of the element, just past where it leaves the
    element, in contact."""
    x, y, r = figure.x, figure.y, figure.radius
    near = nearest_edge_point(element.shape, x, y)
    dx, dy = near.x - x, near.y - y
    d = math.hypot(dx, dy)
    if d <= 1e-9:
        return None
    ux, uy = dx / d, dy / d
    big = element.bcircle[2]
    reach = d + 2 * big + 2 * r
    inside = segment_length_inside(element.shape, x, y, x + ux * reach, y + uy * reach)
    if inside <= 0.0:
        return None
    step = d + inside + r + ACROSS_GAP
    return (round(x + ux * step, 2), round(y + uy * step, 2))


def climb_problem(state: MEState, figure: Figure, action: Climb) -> str:
    """Why ``figure`` may not climb as ``action`` says, or "" (3.)."""
    element = next((e for e in state.scenery if e.id == action.element), None)
    if element is None or element not in climbable(state, figure):
        names = ", ".join(e.id for e in climbable(state, figure)) or "none"
        return (f"{RULE}: {figure.ref} touches no scenery {action.element} at most "
                f"{CLIMB_MAX_PAS:g} pas high to climb (climbable now: {names})")
    x, y, r = float(action.to.x), float(action.to.y), figure.radius
    gap = _gap(element, x, y, r)
    if gap > CONTACT_TOLERANCE:
        return f"{RULE}: the figure ends in contact with {element.id} ({gap:.2f} cm away)"
    length = math.hypot(x - figure.x, y - figure.y)
    inside = segment_length_inside(element.shape, figure.x, figure.y, x, y)
    if inside <= 0.0:
        return f"{RULE}: the figure ends on the far side of {element.id}, over it"
    if length > inside + 2 * r + pas_to_cm(CLIMB_SLACK_PAS) + 1e-9:
        return (f"{RULE}: a climb goes over {element.id}, not along it ({length:.2f} cm, "
                f"at most {inside + 2 * r + pas_to_cm(CLIMB_SLACK_PAS):.2f})")
    others = [f.base for f in state.in_action() if f is not figure]
    where = end_position_problem(figure.base, (x, y), field=state.field, bases=others,
                                 elements=state.elements())
    if where:
        return f"{RULE}: the figure cannot stand there ({where.replace('_', ' ')})"
    moved = figure.base.moved_to(x, y)
    for enemy in state.in_action(1 - figure.side):
        if in_contact(moved, enemy.base):
            return f"{RULE}: a climb may not end in contact with {enemy.ref} (ME17: charge)"
    return ""


def climb_options(state: MEState, figure: Figure) -> list[Climb]:
    """3. The climbs offered: for each element ``figure`` may climb, the point straight
    across, when legal, and on each side the nearest legal point beside it, half a base,
    a base, one and a half… along the element (:data:`CLIMB_FAN` steps at most), so that a
    base standing across does not hide the rest of the far side."""
    out: list[Climb] = []
    for element in climbable(state, figure):
        point = across(figure, element)
        if point is None:
            continue
        ux, uy = point[0] - figure.x, point[1] - figure.y
        norm = math.hypot(ux, uy) or 1.0
        tx, ty = -uy / norm * figure.radius, ux / norm * figure.radius
        fans: tuple[tuple[tuple[float, float], ...], ...] = (
            ((0.0, 0.0),),
            tuple((tx * k, ty * k) for k in range(1, CLIMB_FAN + 1)),
            tuple((-tx * k, -ty * k) for k in range(1, CLIMB_FAN + 1)))
        for fan in fans:
            for sx, sy in fan:
                to = Point(round(point[0] + sx, 2), round(point[1] + sy, 2))
                action = Climb(figure.ref, element.id, to)
                if action not in out and not climb_problem(state, figure, action):
                    out.append(action)
                    break
    return out


__all__ = ["CLASS_HEIGHT_PAS", "CLIMB_FAN", "CLIMB_MAX_PAS", "CLIMB_SLACK_PAS", "RULE", "across",
           "climb_options", "climb_problem", "climbable", "climbing_allowed", "height_pas"]
