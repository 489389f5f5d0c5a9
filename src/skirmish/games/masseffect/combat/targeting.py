"""Who a figure may shoot or aim a power at, and with what (docs/masseffect.md ME18, ME21-ME23,
ME26).

Pure geometry on the continuous table (cm, ME1), built on :func:`skirmish.geometry.sight.
line_of_sight` (the corridor of docs/rulings.md G1-G3). The turn engine calls
:func:`targeting` for every shooter-target pair at every decision, so it makes at most three
corridor queries (scenery, enemies, friends) on the geometry layer's float fast path, and
nothing else costly (no shapely for convex scenery). It knows nothing of engagement, running or
facing: the engine filters those (ME21, ME26, ME2) and passes only figures in action (ME25).

Decisions the rulings leave open, cited by the docstrings and tests:

- T1. Checks run in a fixed order and the first failure is the reason: range, scenery sight,
  a nearer enemy, a friend. Ranges are edge to edge and inclusive. A refused target carries
  no obstacle and no cover.
- T2. A figure hides the target when its base overlaps the sight corridor (G2): touching the
  corridor's side does not, cutting it completely does too.
- T3. Scenery the target's base overlaps (``standing_in``, G3) is in the corridor when it
  reaches between the two bases (:func:`~skirmish.geometry.sight.between_bases`).
- T4. Opaque scenery touching the target that cuts the whole corridor hides it (no shot).
- T5. Low scenery across the whole corridor, away from the target, is an obstacle.
- T6. Only contact with the *target* turns scenery into cover; scenery the shooter stands
  against or in is no obstacle either: a figure shoots over its own cover (ME22).
- T7. A counter-charge shot (ME26) judges sight, obstacle and cover like any shot: scenery
  between two bases in contact is cover if it touches the target, else an obstacle.
- T8. A point inside opaque scenery is out of sight unless the shooter touches that scenery.
- T9. An area touches a base within the contact tolerance (ME1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from skirmish.games.masseffect.rules import cm_to_pas
from skirmish.geometry.distance import (
    CONTACT_TOLERANCE,
    base_distance,
    in_contact,
    point_distance,
    touches_element,
)
from skirmish.geometry.shapes import Base
from skirmish.geometry.sight import SightResult, between_bases, line_of_sight
from skirmish.geometry.table import Element

RANGE_SLACK = 1e-9
"""cm. A range is met when the edge-to-edge distance is at most the range plus this (T1)."""

MEMO_SIZE = 2048
"""How many answers of :func:`targeting` are remembered. Every argument is a value (frozen
bases and elements), so a remembered answer is the answer; a search asks the same pairs again
and again on its copies of one table (in a turn played out with the figures staying, every
shooting phase sees the same positions)."""


@dataclass(frozen=True, slots=True)
class Targeting:
    """Whether a target (a figure or a point) may be chosen, and how the roll is modified.

    ``reason`` is "" when ``allowed``, else a sentence starting with the ruling. ``obstacle``
    is ME22's −1 (once, however many obstacles); ``cover`` the id of the scenery element that
    gives ME23's Défense roll. Both are False/None whenever the target is not allowed (T1).
    ``distance_cm`` is the edge-to-edge distance (ME1), always filled in.
    """

    allowed: bool
    reason: str
    obstacle: bool = False
    cover: str | None = None
    distance_cm: float = 0.0


def _pas(cm: float) -> str:
    """A distance in pas for a reason sentence: "12", "13.4"."""
    return f"{round(cm_to_pas(cm), 1):g}"


def _name(base: Base) -> str:
    return base.id or "a figure"


def targeting(
    shooter: Base,
    target: Base,
    *,
    enemies: Sequence[Base],
    friends: Sequence[Base],
    elements: Sequence[Element],
    range_cm: float | None,
    contact: bool = False,
) -> Targeting:
    """May ``shooter`` shoot (or aim an ``enemy`` power, ME18) at ``target``? ME21-ME23, ME26.

    ``enemies`` are the shooter's other enemies in action (not the target), ``friends`` its
    friends in action (not the shooter); figures out of action are not passed (ME25).
    ``range_cm`` None means no range limit. Checks, in this order, the first failure giving the
    reason (T1): range (edge to edge, inclusive); real line of sight (ME21: the corridor is not
    cut completely by scenery; figures never cut it for this check); another enemy in the
    corridor (ME21: the nearer enemy must be targeted; the nearest such enemy is named); a
    friend in the corridor (ME21). A figure is "in the corridor" when its base overlaps it
    (G2: touching its edge is not; T2). Then ME22 and ME23 on the scenery (see
    :func:`_scenery_modifiers`).

    ``contact=True`` is a counter-charge shot (ME26): the target must be in base contact
    (ME1 tolerance), the range is met, the two ME21 figure rules do not apply; line of sight,
    obstacle and cover are judged as for any shot (T7).

    Memoized (:data:`MEMO_SIZE`).
    """
    return _targeting(shooter, target, tuple(enemies), tuple(friends), _scenery(elements),
                      range_cm, contact)


class _Elements(tuple):  # type: ignore[type-arg]
    """A table's scenery elements as a tuple that works out its hash once: the memo's key
    hashes the same table's elements at every query (equal to, and hashed as, the plain
    tuple of the same elements)."""

    def __hash__(self) -> int:
        known: int | None = self.__dict__.get("hash")
        if known is None:
            known = self.__dict__["hash"] = tuple.__hash__(self)
        return known


def _scenery(elements: Sequence[Element]) -> tuple[Element, ...]:
    """``elements`` as an :class:`_Elements`, the same one while the very same tuple is
    asked again (a table's elements are an immutable tuple, kept in the entry)."""
    last = _LAST_SCENERY[0]
    if last is not None and last[0] is elements:
        return last[1]
    if not isinstance(elements, tuple):
        return tuple(elements)
    wrapped = _Elements(elements)
    _LAST_SCENERY[0] = (elements, wrapped)
    return wrapped


#: The elements :func:`_scenery` wrapped last, and their wrapping.
_LAST_SCENERY: list[tuple[tuple[Element, ...], _Elements] | None] = [None]


def clear_targeting_memo() -> None:
    """Forget the remembered answers (for measurements of the query itself)."""
    _targeting.cache_clear()


@lru_cache(maxsize=MEMO_SIZE)
def _targeting(shooter: Base, target: Base, enemies: tuple[Base, ...],
               friends: tuple[Base, ...], elements: tuple[Element, ...],
               range_cm: float | None, contact: bool) -> Targeting:
    """:func:`targeting`'s answer, computed."""
    dist = base_distance(shooter, target)
    if contact:
        if not in_contact(shooter, target):
            return Targeting(
                False,
                f"ME26: a counter-charge shot needs {_name(target)} in base contact "
                f"({_pas(dist)} pas away)",
                distance_cm=dist,
            )
    elif range_cm is not None and dist > range_cm + RANGE_SLACK:
        return Targeting(
            False,
            f"ME21: {_name(target)} is {_pas(dist)} pas away, beyond the range of "
            f"{_pas(range_cm)} pas",
            distance_cm=dist,
        )
    sight = line_of_sight(shooter, target, elements=elements)
    if sight.blocking:
        return Targeting(
            False,
            f"ME21: no real line of sight to {_name(target)}; "
            f"{', '.join(sight.blocking)} cuts it completely",
            distance_cm=dist,
        )
    if not contact:
        enemy = _nearest_in_corridor(shooter, target, enemies)
        if enemy is not None:
            return Targeting(
                False,
                f"ME21: {_name(enemy)} partly hides the target; the nearer enemy must be targeted",
                distance_cm=dist,
            )
        friend = _nearest_in_corridor(shooter, target, friends)
        if friend is not None:
            return Targeting(
                False,
                f"ME21: friend {_name(friend)} partly hides the target, so it cannot be targeted",
                distance_cm=dist,
            )
    obstacle, cover = _scenery_modifiers(shooter, target, sight, elements)
    return Targeting(True, "", obstacle, cover, dist)


def _nearest_in_corridor(shooter: Base, target: Base, bases: Sequence[Base]) -> Base | None:
    """ME21, T2: the base nearest the shooter (edge to edge; first given on a tie) among those
    in the sight corridor, whether they cut it completely or only partly."""
    if not bases:
        return None
    res = line_of_sight(shooter, target, bases=bases)
    inside = set(res.blocking) | set(res.obstructing) | set(res.standing_in)
    if not inside:
        return None
    best: Base | None = None
    best_d = math.inf
    for b in bases:
        if b.id in inside and not b.same_as(shooter) and not b.same_as(target):
            d = base_distance(shooter, b)
            if d < best_d:
                best, best_d = b, d
    return best


def _scenery_modifiers(
    shooter: Base, target: Base, sight: SightResult, elements: Sequence[Element]
) -> tuple[bool, str | None]:
    """ME22 and ME23 from the scenery in the sight corridor: (obstacle, cover id).

    An element is in the corridor when :func:`line_of_sight` lists it as obstructing (it
    overlaps the corridor without cutting it completely, or it is low: low scenery never cuts
    sight, G2, so a low wall across the whole corridor is still an obstacle, T5). An element
    listed in ``standing_in`` overlaps the shooter's or the target's base and is not judged by
    the geometry (G3); it is in the corridor when it reaches between the two bases
    (:func:`between_bases`), not when it lies only under or behind one of them (T3).

    Each element in the corridor that the target's base touches (ME1 tolerance) is cover (ME23;
    the first in ``elements`` order is reported); every other one is an obstacle (ME22),
    except one the shooter's base touches or stands in: a figure shoots over its own cover
    without a penalty, as in the video games (T6).
    """
    if not sight.obstructing and not sight.standing_in:
        return False, None
    obstructing = set(sight.obstructing)
    under = set(sight.standing_in)
    obstacle = False
    cover: str | None = None
    for e in elements:  # flat elements are never in a SightResult (G2)
        in_corridor = e.id in obstructing or (
            e.id in under and between_bases(shooter, target, e.shape))
        if not in_corridor:
            continue
        if touches_element(target, e):
            if cover is None:
                cover = e.id
        elif not touches_element(shooter, e):
            obstacle = True  # (the shooter's own cover is no obstacle: T6)
    return obstacle, cover


def point_targeting(
    shooter: Base,
    point: tuple[float, float],
    elements: Sequence[Element],
    range_cm: float | None,
) -> Targeting:
    """May ``shooter`` aim a ``point`` power at ``point`` (cm)? ME18.

    The point must be in range (from the edge of the shooter's base, inclusive; None = no
    limit) and in real line of sight: no scenery cuts the corridor from the base to the point.
    Figures never block it: the area is not aimed at any figure (ME18). A point inside an
    opaque element is not in sight unless the shooter's base touches or stands in that element
    too (T8). ``obstacle`` and ``cover`` are always False/None: point powers take no −1 and
    allow no Défense roll (ME19).
    """
    px, py = float(point[0]), float(point[1])
    dist = point_distance(shooter, (px, py))
    if range_cm is not None and dist > range_cm + RANGE_SLACK:
        return Targeting(
            False,
            f"ME18: the point is {_pas(dist)} pas away, beyond the range of {_pas(range_cm)} pas",
            distance_cm=dist,
        )
    sight = line_of_sight(shooter, (px, py), elements=elements)
    if sight.blocking:
        return Targeting(
            False,
            f"ME18: no real line of sight to the point; {', '.join(sight.blocking)} cuts it "
            "completely",
            distance_cm=dist,
        )
    if sight.standing_in:  # elements under the shooter's base or around the point (G3)
        under = set(sight.standing_in)
        for e in elements:
            if e.id in under and e.sight == "opaque" and not touches_element(shooter, e):
                return Targeting(
                    False,
                    f"ME18: the point lies inside opaque scenery {e.id}, out of sight",
                    distance_cm=dist,
                )
    return Targeting(True, "", distance_cm=dist)


def figures_in_area(
    point: tuple[float, float], radius_cm: float, bases: Sequence[Base]
) -> list[str]:
    """ME18: the ids of the bases an area of ``radius_cm`` around ``point`` touches, friend or
    foe, in the order given. Touching within the contact tolerance counts (ME1, T9)."""
    px, py = float(point[0]), float(point[1])
    reach = radius_cm + CONTACT_TOLERANCE
    return [b.id for b in bases if math.hypot(b.x - px, b.y - py) - b.radius <= reach]
