"""Rulebook 4.A steps 6-7 on the table: placing scenery and deploying fighters.

Pure helpers (no procedure) and the public narration events of these two steps: the
preparation phase in :mod:`skirmish.games.eden.preparation.preparation` asks them whether a
placement is
allowed and for a deterministic sample of allowed ones. Every refusal is a sentence that
names the rule; "" means allowed.

- Step 6 (FR "à plus de 5 cm"; EN "5 cm or more"): a scenery element stands 5 cm or more
  from every other element, from the field edges and from mission objectives (markers);
  it may not overlap a fighter already on the field.
- 2.J Markers (FR only): a marker placed during the preparation phase stands 5 cm or more
  from every other marker, from the field edges and from every scenery element.
- Step 7: a fighter is deployed entirely inside its player's zone (Confrontation: 20 cm or
  more from the centre line; Ambush: 20 cm or more from the centre of the field), in his
  half, without overlapping a base, impassable scenery, scenery it cannot stop on, or a
  marker.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
from numpy.typing import NDArray

from skirmish.core.actions import Point
from skirmish.core.events import Event
from skirmish.games.eden.actions import Half, Place, key
from skirmish.games.eden.cards.cards import SceneryCard
from skirmish.geometry import Base, Circle, Element, Field, Marker, Polygon
from skirmish.geometry.paths import StandingRules, end_position_problem
from skirmish.geometry.shapes import (
    Shape,
    polygon_point_within,
    shape_point_sdist,
    shapes_dist,
)
from skirmish.geometry.vectorized import FloatArray, points_sdist
from skirmish.geometry.zones import DeploymentZone, ambush_zone, confrontation_zone
from skirmish.geometry.zones import Half as ZoneHalf

if TYPE_CHECKING:
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

#: Rulebook 4.A step 6 and 2.J: the clearance around scenery and markers, in cm.
CLEARANCE = 5.0
#: Rulebook 4.A step 7: the distance from the centre line (Confrontation) or the centre
#: of the field (Ambush), in cm.
DEPLOYMENT_DISTANCE = 20.0
#: Numerical slack: "5 cm or more" includes exactly 5 cm (docs/rulings.md G6).
TOLERANCE = 1e-9
#: Spacing of the fine grid used to decide that no room is left for a fighter (cm).
ROOM_GRID = 0.5

STEP6 = "Rulebook 4.A step 6: scenery 5 cm or more from other scenery, the field edges " \
        "and mission objectives"
MARKERS = "Rulebook 2.J (FR 'Marqueurs'): a marker placed during the preparation phase stands " \
          "5 cm or more from other markers, the field edges and scenery"
STEP7 = "Rulebook 4.A step 7"


# -- step 6: scenery ---------------------------------------------------------------------------
def scenery_shape(card: SceneryCard, at: tuple[float, float], angle: float | None) -> Shape:
    """The card's footprint centred on ``at``: a polygon's points (given around (0, 0))
    turned by ``angle`` degrees counter-clockwise, or a circle (the angle is irrelevant).
    Made once per card, point and angle (shapes never change): the placements offered in
    step 6 try the same points again at every decision."""
    key = (id(card), at[0], at[1], angle)
    known = _SHAPES.get(key)
    if known is not None and known[0] is card:
        return known[1]
    shape = _scenery_shape(card, at, angle)
    if len(_SHAPES) >= 16384:
        _SHAPES.clear()
    _SHAPES[key] = (card, shape)
    return shape


#: :func:`scenery_shape`'s shapes, by card (kept with the entry, so that its ``id`` is not
#: reused while the entry lives), point and angle.
_SHAPES: dict[tuple[int, float, float, float | None], tuple[SceneryCard, Shape]] = {}


def _scenery_shape(card: SceneryCard, at: tuple[float, float], angle: float | None) -> Shape:
    if isinstance(card.shape, float | int):
        return Circle(float(at[0]), float(at[1]), float(card.shape))
    turn = math.radians(angle or 0.0)
    c, s = math.cos(turn), math.sin(turn)
    return Polygon.of((at[0] + x * c - y * s, at[1] + x * s + y * c) for x, y in card.shape)


def scenery_element(card: SceneryCard, at: tuple[float, float], angle: float | None,
                    ident: str) -> Element:
    """The geometry element of a placed scenery card (its label is the card's name)."""
    return Element(ident, scenery_shape(card, at, angle), card.sight, card.passable,
                   card.move_cost, card.can_end_on, card.obstacle_count, card.name)


def element_id(state: EdenState, name: str) -> str:
    """A new unique id for an element of this name: ``Dark-wood-1``, ``Dark-wood-2``...
    never one that reads as a fighter's reference (``A.Yuri``): a card named so gets
    ``Scenery-`` before it (an Attack action names fighters and elements alike)."""
    stem = key(name)
    if len(stem) > 1 and stem[1] == "." and stem[0].isupper() and stem[0].isascii():
        stem = f"Scenery-{stem}"
    taken = {e.id for e in state.scenery}
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def _edge_gap(shape: Shape, field: Field) -> float:
    x0, y0, x1, y1 = shape.bounds()
    return min(x0, y0, field.width - x1, field.height - y1)


def scenery_problem(state: EdenState, shape: Shape, clearance: float = CLEARANCE) -> str:
    """Why this footprint may not be placed now (Rulebook 4.A step 6), or "".

    ``clearance``: step 6's 5 cm, or less where Territory Management's "obligé de placer"
    makes it yield (house rule ``eden-scenery-no-room=closer``)."""
    gap = _edge_gap(shape, state.field)
    if gap < clearance - TOLERANCE:
        return f"it is {max(gap, 0.0):.2f} cm from a field edge ({_spacing(clearance)})"
    x0, y0, x1, y1 = shape.bounds()
    for other in state.scenery:
        ox0, oy0, ox1, oy1 = other.shape.bounds()
        if max(ox0 - x1, x0 - ox1, oy0 - y1, y0 - oy1) >= clearance:
            continue  # the boxes alone are far enough apart
        d = shapes_dist(shape, other.shape)
        if d < clearance - TOLERANCE:
            return f"it is {d:.2f} cm from {other.label or other.id} ({_spacing(clearance)})"
    for marker in state.markers:
        d = max(0.0, shape_point_sdist(shape, marker.x, marker.y) - marker.radius)
        if d < clearance - TOLERANCE:
            name = marker.label or marker.id
            return f"it is {d:.2f} cm from the objective marker {name} ({_spacing(clearance)})"
    for fighter in state.on_field():
        base = state.base(fighter)
        if shape_point_sdist(shape, base.x, base.y) < base.radius - TOLERANCE:
            return (f"it overlaps {fighter.ref}'s base ({STEP6}; a scenery element cannot "
                    "stand on a fighter)")
    return ""


def _spacing(clearance: float) -> str:
    """The rule a spacing refusal names."""
    if clearance >= CLEARANCE:
        return STEP6
    return (f"Territory Management, no room left at 5 cm: {clearance:g} cm or more from "
            "scenery, the field edges and objectives (house rule eden-scenery-no-room)")


class SceneryRoom:
    """:func:`scenery_problem`'s verdict alone (:meth:`allows`: whether it has nothing
    against a footprint), for the many footprints a listing tries on one table: the table's
    elements, markers and bases read once, and a marker or base far enough from the
    footprint's bounding circle (by :data:`SIEVE_MARGIN` more than the spacing, far more than
    any rounding) passed without the exact distance, which it could not fail."""

    __slots__ = ("bases", "field", "markers", "others")

    def __init__(self, state: EdenState) -> None:
        self.field = state.field
        self.others = [(other.shape, other.shape.bounds()) for other in state.scenery]
        self.markers = [(m.x, m.y, m.radius) for m in state.markers]
        self.bases = [(b.x, b.y, b.radius) for b in (state.base(f) for f in state.on_field())]

    def allows(self, shape: Shape) -> bool:
        """``not scenery_problem(state, shape)``: the same tests, any order."""
        if _edge_gap(shape, self.field) < CLEARANCE - TOLERANCE:
            return False
        x0, y0, x1, y1 = shape.bounds()
        for other, (ox0, oy0, ox1, oy1) in self.others:
            if max(ox0 - x1, x0 - ox1, oy0 - y1, y0 - oy1) >= CLEARANCE:
                continue  # the boxes alone are far enough apart
            if _surely_too_near(shape, other) or \
                    shapes_dist(shape, other) < CLEARANCE - TOLERANCE:
                return False
        round_ = isinstance(shape, Circle)
        cx, cy, big = (shape.x, shape.y, shape.radius) if isinstance(shape, Circle) \
            else shape.bcircle
        hypot = math.hypot
        for mx, my, mr in self.markers:
            if not round_ and hypot(mx - cx, my - cy) - big - mr >= CLEARANCE + SIEVE_MARGIN:
                continue  # the footprint lies in its bounding circle, far enough
            if max(0.0, shape_point_sdist(shape, mx, my) - mr) < CLEARANCE - TOLERANCE:
                return False
        for bx, by, br in self.bases:
            if not round_ and hypot(bx - cx, by - cy) - big >= br + SIEVE_MARGIN:
                continue
            if shape_point_sdist(shape, bx, by) < br - TOLERANCE:
                return False
        return True


def _surely_too_near(shape: Shape, other: Shape) -> bool:
    """For two polygons: whether a vertex of either lies nearer to the other than the 5 cm
    of step 6, by more than :data:`SIEVE_MARGIN` - the distance between them is no more, so
    :func:`~skirmish.geometry.shapes.shapes_dist` would refuse them; a vertex near at once
    spares measuring every pair of edges. False when it cannot tell (or for a circle)."""
    if not isinstance(shape, Polygon) or not isinstance(other, Polygon):
        return False
    limit = CLEARANCE - TOLERANCE - SIEVE_MARGIN
    mine, theirs = shape.points, other.points
    for x, y in mine:
        if polygon_point_within(x, y, theirs, limit):
            return True
    for x, y in theirs:  # noqa: SIM110 - the same loop as above, read alike
        if polygon_point_within(x, y, mine, limit):
            return True
    return False


def scenery_grid(field: Field) -> list[Point]:
    """Deterministic candidate centres for scenery: a grid of about 12 x 12 points, at
    least 5 cm apart, inside the 5 cm margin."""
    step = max(CLEARANCE, min(field.width, field.height) / 12)
    xs = _axis(field.width, step)
    ys = _axis(field.height, step)
    return [Point(x, y) for y in ys for x in xs]


def _axis(length: float, step: float) -> list[float]:
    n = int((length - 2 * CLEARANCE) // step)
    if n < 0:
        return []
    start = (length - n * step) / 2
    return [round(start + i * step, 6) for i in range(n + 1)]


def marker_problem(state: EdenState, marker: Marker) -> str:
    """Why a marker may not be put down during the preparation phase (Rulebook 2.J), or "".

    For mission effects that place objectives (their ``on_play``)."""
    x, y, r = marker.x, marker.y, marker.radius
    gap = min(x - r, y - r, state.field.width - x - r, state.field.height - y - r)
    if gap < CLEARANCE - TOLERANCE:
        return f"it is {max(gap, 0.0):.2f} cm from a field edge ({MARKERS})"
    for other in state.markers:
        d = max(0.0, math.hypot(other.x - x, other.y - y) - other.radius - r)
        if other.id != marker.id and d < CLEARANCE - TOLERANCE:
            return f"it is {d:.2f} cm from the marker {other.label or other.id} ({MARKERS})"
    for element in state.scenery:
        d = max(0.0, shape_point_sdist(element.shape, x, y) - r)
        if d < CLEARANCE - TOLERANCE:
            return f"it is {d:.2f} cm from {element.label or element.id} ({MARKERS})"
    return ""


#: Slack (cm) of the sieve of candidate centres: it never drops a centre the exact test
#: would accept.
SIEVE_MARGIN = 1e-6
#: How many placements of each card and angle are offered (any legal one is accepted).
PLACEMENTS_PER_CARD = 6


def _not_too_near(card: SceneryCard, angle: float | None, near: list[FloatArray],
                  count: int) -> list[int]:
    """The indexes of the candidate centres (in order) that step 6's spacing test may
    accept: a centre nearer to an element (``near``: each element's signed distances to the
    centres) than the card's inner disc plus 5 cm cannot be, since that disc lies in the
    footprint. Only a sieve: the exact test (:func:`scenery_problem`) decides the rest."""
    proto = scenery_shape(card, (0.0, 0.0), angle)
    inner = max(0.0, -shape_point_sdist(proto, 0.0, 0.0))
    keep = np.ones(count, dtype=bool)
    for distances in near:
        keep &= distances >= inner + CLEARANCE - TOLERANCE - SIEVE_MARGIN
    return np.flatnonzero(keep).tolist()


@functools.lru_cache(maxsize=64)
def _grid_order(field: Field, placed: int) -> tuple[list[Point], NDArray[np.intp]]:
    """:func:`scenery_grid`'s points in the order :func:`scenery_samples` visits them once
    ``placed`` elements are on the table, and each one's index in the grid (made once per
    field and count: read-only)."""
    grid = scenery_grid(field)
    stride = next(k for k in (37, 41, 43, 47, 53, 59, 61, 1) if math.gcd(k, len(grid) or 1) == 1)
    start = (placed * 53) % max(1, len(grid))
    index = np.array([(start + i * stride) % len(grid) for i in range(len(grid))],
                     dtype=np.intp)
    return [grid[i] for i in index.tolist()], index


@functools.lru_cache(maxsize=8)
def _grid_arrays(field: Field) -> tuple[FloatArray, FloatArray]:
    """:func:`scenery_grid`'s coordinates in the grid's own order."""
    grid = scenery_grid(field)
    return (np.array([p[0] for p in grid], dtype=np.float64),
            np.array([p[1] for p in grid], dtype=np.float64))


#: Each element's signed distances to the grid's points (in the grid's own order), by
#: element and field (the element kept with the entry, so that its ``id`` is not reused
#: meanwhile): each count of elements placed visits them in another order.
_DISTANCES: dict[tuple[int, Field], tuple[Element, FloatArray]] = {}
#: How many elements' distances are kept (one array of the whole grid each, some 30 KB:
#: a few matches' scenery, and a search's copies share their match's elements).
DISTANCES_KEPT = 256


def _distances(element: Element, field: Field, index: NDArray[np.intp]) -> FloatArray:
    """The element's signed distances to the grid's points in a visiting order (``index``:
    each visited point's index in the grid). Each distance is worked out point by point,
    whatever the order (and only sifts, with a margin)."""
    entry = (id(element), field)
    known = _DISTANCES.get(entry)
    if known is None or known[0] is not element:
        gx, gy = _grid_arrays(field)
        if len(_DISTANCES) >= DISTANCES_KEPT:
            _DISTANCES.clear()
        known = _DISTANCES[entry] = (element, points_sdist(element.shape, gx, gy))
    ordered: FloatArray = known[1][index]
    return ordered


def scenery_samples(state: EdenState, pool: Sequence[SceneryCard],
                    limit: int | None = None) -> list[Place]:
    """Deterministic legal placements: for each card left and 0 or 90 degrees, the first
    few legal points of the grid, visited in an order that depends on the scenery already
    placed (so that the offers spread over the field).

    Remembered (:data:`PLACEMENTS_KEPT` tables) by everything they depend on, as values:
    the field, each card's token and footprint, the footprints placed, the markers and the
    bases on the field (matches of the same set-up list the same first placements)."""
    cards = {key(c.name): c for c in pool}
    question = (state.field, tuple((token, c.shape, isinstance(c.shape, float))
                                  for token, c in cards.items()),
                tuple(e.shape for e in state.scenery),
                tuple((m.x, m.y, m.radius) for m in state.markers),
                tuple((b.x, b.y, b.radius) for b in (state.base(f) for f in state.on_field())),
                limit)
    known = _PLACEMENTS.get(question)
    if known is None:
        if len(_PLACEMENTS) >= PLACEMENTS_KEPT:
            del _PLACEMENTS[next(iter(_PLACEMENTS))]
        known = _PLACEMENTS[question] = tuple(_scenery_samples(state, cards, limit))
    return list(known)


#: :func:`scenery_samples`'s answers, by their question (values only).
_PLACEMENTS: dict[Hashable, tuple[Place, ...]] = {}
PLACEMENTS_KEPT = 256


def _scenery_samples(state: EdenState, cards: dict[str, SceneryCard],
                     limit: int | None) -> list[Place]:
    order, index = _grid_order(state.field, len(state.scenery))
    near = [_distances(e, state.field, index) for e in state.scenery]
    room = SceneryRoom(state)
    out: list[Place] = []
    for token, card in sorted(cards.items()):
        angles: tuple[float | None, ...] = (None,) if isinstance(card.shape, float) \
            else (None, 90.0)
        for angle in angles:
            found = 0
            for i in _not_too_near(card, angle, near, len(order)):
                at = order[i]
                if room.allows(scenery_shape(card, at, angle)):
                    out.append(Place(token, at, angle))
                    found += 1
                    if limit is not None and len(out) >= limit:
                        return out
                    if found >= PLACEMENTS_PER_CARD:
                        break
    return out


# -- step 7: deployment ------------------------------------------------------------------------
def halves_allowed(field: Field) -> tuple[Half, ...]:
    """Rulebook 4.A step 7 (FR): the field is split in two equal parts "dans le sens de la
    largeur" - the centre line runs across the field's width, so the halves share its long
    dimension; on a square field the first player chooses the direction."""
    if field.width > field.height:
        return (Half.WEST, Half.EAST)
    if field.height > field.width:
        return (Half.SOUTH, Half.NORTH)
    return (Half.SOUTH, Half.NORTH, Half.WEST, Half.EAST)


def deployment_type(state: EdenState, player: int) -> str:
    """The deployment his own mission requires; Confrontation without a mission."""
    for name in state.missions[player]:
        return state.catalogue.mission(player, name).deployment
    return "confrontation"


def zone_of(state: EdenState, player: int) -> DeploymentZone:
    """The player's deployment zone (Rulebook 4.A step 7; docs/rulings.md G5, G6)."""
    half = state.halves[player]
    if half is None:
        raise ValueError(f"player {'AB'[player]} has no half of the field yet")
    side: ZoneHalf = Half(half).value
    if deployment_type(state, player) == "ambush":
        return ambush_zone(state.field, side, DEPLOYMENT_DISTANCE)
    return confrontation_zone(state.field, side, DEPLOYMENT_DISTANCE)


def zone_text(zone: DeploymentZone) -> str:
    if zone.kind == "disc":
        return (f"Ambush zone: the {zone.half} half, 20 cm or more from the centre of the "
                "field")
    return f"Confrontation zone: the {zone.half} half, 20 cm or more from the centre line"


_REASONS = {
    "off_field": "its base would be off the field",
    "overlaps_base": "its base would overlap another fighter's base",
    "overlaps_element": "its base would overlap impassable scenery",
    "cannot_end_on": "its base would stand on scenery a fighter cannot stop on",
    "on_marker": "its base would stand on a marker (Rulebook 2.J)",
}


def deploy_problem(state: EdenState, fighter: Fighter, at: tuple[float, float]) -> str:
    """Why ``fighter`` may not be deployed with its centre at ``at`` (Rulebook 4.A step 7),
    or ""."""
    zone = zone_of(state, fighter.side)
    at = Point(float(at[0]), float(at[1]))
    base = Base.from_mm(at.x, at.y, fighter.profile.base_mm, fighter.ref)
    kind = "Ambush" if zone.kind == "disc" else "Confrontation"
    if not zone.contains(base):
        return (f"{STEP7}, {kind} deployment: {fighter.ref} at {at.x:g},{at.y:g} is not "
                f"entirely inside player {'AB'[fighter.side]}'s {zone_text(zone)}")
    problem = end_position_problem(base, at, field=state.field, bases=state.bases(fighter),
                                   elements=state.scenery, markers=state.markers)
    if problem:
        return (f"{STEP7}: {fighter.ref} cannot be deployed at {at.x:g},{at.y:g}: "
                f"{_REASONS.get(problem, problem)}")
    return ""


def deploy_points(state: EdenState, fighter: Fighter, n: int = 8) -> list[Point]:
    """Up to ``n`` deterministic legal centres for ``fighter``; when random sampling finds
    none, the first legal points of a fine grid (so an empty list means no room is left,
    to the grid's resolution of 0.5 cm).

    The sampled centres come from :func:`zone_candidates` (drawn once per zone, base size
    and seed); each is kept when :func:`~skirmish.geometry.paths.end_position_problem` has
    nothing against it (asked as :class:`~skirmish.geometry.paths.StandingRules` asks it:
    the same tests, the same thresholds)."""
    zone = zone_of(state, fighter.side)
    base_mm = fighter.profile.base_mm
    seed = state.index[fighter.ref] * 1009 + sum(1 for _ in state.on_field())
    refuses = StandingRules(Base.from_mm(0.0, 0.0, base_mm, fighter.ref), state.field,
                            state.bases(fighter), state.scenery, state.markers).refuses
    found = []
    for p in zone_candidates(zone, base_mm, seed, 3 * n):
        if not refuses(p.x, p.y):
            found.append(p)
            if len(found) >= n:
                return found
    if found:
        return found
    radius = base_mm / 20
    for p in _grid(zone, radius):
        if not deploy_problem(state, fighter, p):
            found.append(p)
            if len(found) >= n:
                break
    return found


class _Candidates:
    """The centres :meth:`DeploymentZone.iter_points` draws for one zone, base size and
    seed, rounded (:func:`_rounded`) and still inside the zone, in their order: drawn only
    as far as they are asked for, remembered for the next asker."""

    __slots__ = ("_source", "points")

    def __init__(self, zone: DeploymentZone, base_mm: float, seed: int, count: int) -> None:
        self.points: list[Point] = []
        self._source: Iterator[Point] | None = self._draw(zone, base_mm, seed, count)

    @staticmethod
    def _draw(zone: DeploymentZone, base_mm: float, seed: int, count: int) -> Iterator[Point]:
        radius = base_mm / 20
        inside = zone._disc_test(radius)  # zone.contains(Base.from_mm(x, y, base_mm))
        for sample in zone.iter_points(count, radius, seed=seed):
            p = _rounded(sample)
            if inside(p.x, p.y):
                yield p

    def __iter__(self) -> Iterator[Point]:
        i = 0
        while True:
            if i < len(self.points):
                yield self.points[i]
            elif self._source is None:
                return
            else:
                p = next(self._source, None)
                if p is None:
                    self._source = None
                    return
                self.points.append(p)
                yield p
            i += 1


#: :func:`zone_candidates`'s draws, by zone, base diameter (mm), seed and count (values
#: all: a zone is its field, half, kind and distances); at most :data:`CANDIDATES_KEPT`.
_CANDIDATES: dict[tuple[DeploymentZone, float, int, int], _Candidates] = {}
CANDIDATES_KEPT = 1024


def zone_candidates(zone: DeploymentZone, base_mm: float, seed: int, count: int
                    ) -> Iterator[Point]:
    """The rounded centres, inside ``zone`` for a base of ``base_mm``, that ``count`` draws
    of :meth:`DeploymentZone.iter_points` from ``seed`` give, in order. A deployment's
    listings draw the same seeds again (one per fighter and number of fighters on the
    field, the same in every match of the same troops): each is drawn once, remembered."""
    key_ = (zone, base_mm, seed, count)
    known = _CANDIDATES.get(key_)
    if known is None:
        if len(_CANDIDATES) >= CANDIDATES_KEPT:
            del _CANDIDATES[next(iter(_CANDIDATES))]
        known = _CANDIDATES[key_] = _Candidates(zone, base_mm, seed, count)
    return iter(known)


def _rounded(p: tuple[float, float]) -> Point:
    """A point with a short notation (0.01 cm), still inside the zone it was sampled in."""
    return Point(round(p[0], 2), round(p[1], 2))


def _grid(zone: DeploymentZone, radius: float) -> Iterator[Point]:
    x0, y0, x1, y1 = zone.half_rect()
    nx = int((x1 - x0 - 2 * radius) / ROOM_GRID + 1e-9)
    ny = int((y1 - y0 - 2 * radius) / ROOM_GRID + 1e-9)
    for j in range(ny + 1):
        for i in range(nx + 1):
            p = Point(round(x0 + radius + i * ROOM_GRID, 6), round(y0 + radius + j * ROOM_GRID, 6))
            if zone.contains_disc(p.x, p.y, radius):
                yield p


# -- narration (public: the table is seen by both players) -----------------------------------
@dataclass(frozen=True, slots=True)
class SceneryPlacedEvent(Event):
    """Rulebook 4.A step 6: a scenery element is placed."""

    kind: ClassVar[str] = "eden.scenery-placed"
    player: int = 0
    scenery: str = ""
    element: str = ""
    at: tuple[float, ...] = ()
    angle: float | None = None

    def text(self) -> str:
        turned = f", turned {self.angle:g} degrees" if self.angle else ""
        return (f"player {_letter(self.player)} places {self.scenery} ({self.element}) at "
                f"({self.at[0]:g}, {self.at[1]:g}){turned}")


@dataclass(frozen=True, slots=True)
class HalvesEvent(Event):
    """Rulebook 4.A step 7: the first player chooses his half; his opponent gets the other."""

    kind: ClassVar[str] = "eden.halves"
    player: int = 0
    half: str = ""
    other: str = ""

    def text(self) -> str:
        return (f"player {_letter(self.player)} takes the {self.half} half; player "
                f"{_letter(1 - self.player)} gets the {self.other} half")


@dataclass(frozen=True, slots=True)
class DeployedEvent(Event):
    """Rulebook 4.A step 7: a fighter is deployed."""

    kind: ClassVar[str] = "eden.deployed"
    fighter: str = ""
    at: tuple[float, ...] = ()
    zone: str = ""

    def text(self) -> str:
        return f"{self.fighter} is deployed at ({self.at[0]:g}, {self.at[1]:g}) ({self.zone})"


@dataclass(frozen=True, slots=True)
class NotDeployedEvent(Event):
    """Rulebook 4.A step 7 (ruling): fighters for whom no room is left stay off the field."""

    kind: ClassVar[str] = "eden.not-deployed"
    player: int = 0
    fighters: tuple[str, ...] = ()

    def text(self) -> str:
        return (f"no room is left in player {_letter(self.player)}'s zone: "
                f"{', '.join(self.fighters)} stay off the field")


def _letter(player: int) -> str:
    return "AB"[player]
