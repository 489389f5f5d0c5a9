"""The heuristic bot's rules of thumb for Territory Management (Eden's optional rules 1), read
only from its view (``territory``, ``terrain`` and the scenery's heights):

- Elevation: a Move ending on an elevated point is worth more when an enemy is within melee
  reach (+2 CBT against it) or when the fighter shoots or throws, and more again when the
  +5 cm of Range bring an enemy within reach; the bot also tries a Move of its own onto the
  nearest elevated point it may stop on (Occupation). Its melee odds count +2 CBT for the
  fighter above the other.
- Cover: a Move ending behind an Obstacle (X) or Impenetrable element, as seen from the
  enemies that shoot or throw, is worth a little more per enemy covered.
- Hostile Presence (X): a Move ending in contact with (or inside) such an element costs X
  wounds' worth, so the bot's steps avoid it.
- Climbing, Swimming, Jump: weighed by their exact chances (SPD or VIG dice at difficulty
  X): a climb when the elevated point is worth it; a swim or a jump only toward its goal,
  and a jump only when the chance of being incapacitated is small. Hiding: when enemies
  shoot.

Mixed into :class:`skirmish.games.eden.bots.heuristic.HeuristicAgent`. Cheap on purpose: a few
footprint tests per candidate, no path search but the engine's own for the extra Move.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skirmish.core.actions import Action, Point
from skirmish.games.eden.actions import Climb, Hide, JumpOver, Swim
from skirmish.games.eden.bots.estimates import cp_left, point_distance
from skirmish.games.eden.bots.view_table import elements_in
from skirmish.games.eden.cards.equipment import Category, Equipment
from skirmish.games.eden.cards.keywords import (
    Climbing,
    Elevation,
    HostilePresence,
    Impenetrable,
    Jump,
    Keyword,
    Obstacle,
    Occupation,
    Swimming,
    ValuedKeyword,
)
from skirmish.games.eden.odds.attacks import Combatant
from skirmish.geometry import Base, Element, Field, Marker, is_legal_move
from skirmish.geometry.distance import touches_element
from skirmish.geometry.edges import nearest_edge_point
from skirmish.geometry.heights import standing_height
from skirmish.geometry.shapes import segment_length_inside, shape_bcircle, shape_point_sdist

#: What one wound is worth to the bot (as in its melee values: a CP lost).
WOUND = 1.0
#: What being incapacitated costs (as a melee value counts taking a fighter out).
OUT = 6.0
#: Melee reach: an enemy this close (cm, edge to edge) may soon be fought.
MELEE_REACH = 12.0
#: Elevation: +5 cm of Range on an elevated point.
ELEVATION_RANGE = 5.0


@functools.lru_cache(maxsize=512)
def _parse(text: str) -> Keyword:
    return Keyword.parse(text)


def p_roll(value: int, difficulty: int) -> float:
    """Rulebook 2.A: the chance of at least one success (a difficulty above 6 lowers the
    dice, below 1 every die succeeds)."""
    dice = value - max(0, difficulty - 6)
    if dice <= 0:
        return 0.0
    threshold = min(max(difficulty, 1), 6)
    return 1.0 - ((threshold - 1) / 6) ** dice


class Terrain:
    """Territory Management as a view shows it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.on = bool(view.get("territory"))
        self.elements = list(elements_in(view)) if self.on else []
        terrain = view.get("terrain", {})
        self.words: dict[str, tuple[Keyword, ...]] = {
            e.id: tuple(_parse(str(k)) for k in terrain.get(e.id, {}).get("keywords", ()))
            for e in self.elements}

    def has(self, element: Element, kind: type[Keyword]) -> Keyword | None:
        return next((k for k in self.words.get(element.id, ()) if isinstance(k, kind)), None)

    def value(self, element: Element, kind: type[ValuedKeyword]) -> int:
        word = self.has(element, kind)
        return word.value if isinstance(word, ValuedKeyword) else 0

    def _stands(self, element: Element) -> bool:
        return self.has(element, Elevation) is not None and (
            self.has(element, Occupation) is not None or self.has(element, Climbing) is not None)

    def height(self, x: float, y: float) -> float:
        if not self.on:
            return 0.0
        return standing_height(Base(x, y, 0.0), self.elements, self._stands)

    def hostile(self, x: float, y: float, radius: float) -> int:
        """The wounds Hostile Presence elements touching a base at (x, y) would cause."""
        base = Base(x, y, radius)
        return sum(self.value(e, HostilePresence) for e in self.elements
                   if self.has(e, HostilePresence) is not None and touches_element(base, e))

    def covered(self, x: float, y: float, shooters: Sequence[Mapping[str, Any]]) -> int:
        """How many of ``shooters`` see (x, y) across an Obstacle or Impenetrable element."""
        screens = [e for e in self.elements if self.has(e, Obstacle) is not None
                   or self.has(e, Impenetrable) is not None]
        count = 0
        for s in shooters:
            if any(segment_length_inside(e.shape, s["x"], s["y"], x, y) > 0.5
                   and shape_point_sdist(e.shape, x, y) > 0 for e in screens):
                count += 1
        return count


def _radius(fighter: Mapping[str, Any]) -> float:
    return float(fighter["profile"].get("base_mm", 30)) / 20


@functools.lru_cache(maxsize=512)
def _item_reach(text: str) -> float:
    """The longest Range of an item's shooting or throwing part (0: none; 60: no limit)."""
    item = Equipment.parse(text)
    best = 0.0
    for category in (Category.SHOOTING, Category.PROJECTILE):
        part = item.part(category)
        if part is not None:
            best = max(best, part.range if part.range is not None else 60.0)
    return best


def ranged_reach(fighter: Mapping[str, Any], equipment: Mapping[str, str]) -> float:
    """The longest Range of the fighter's shooting and throwing equipment (0: none)."""
    texts = (equipment.get(name, "") for name in fighter["profile"].get("equipment", []))
    return max((_item_reach(text) for text in texts if text), default=0.0)


class TerritoryHeuristics:
    """The Territory decisions; the agent supplies ``_me``, ``_enemies`` and
    ``_move_value``."""

    def _terrain_bonus(self, terrain: Terrain, view: Mapping[str, Any],
                       actor: Mapping[str, Any], x: float, y: float,
                       enemies: Sequence[Mapping[str, Any]]) -> float:
        """What standing at (x, y) is worth beyond getting nearer the goal."""
        if not terrain.on:
            return 0.0
        value = -WOUND * terrain.hostile(x, y, _radius(actor))
        equipment = view.get("equipment", {})
        if terrain.height(x, y) > 0.0:
            reach = ranged_reach(actor, equipment)
            gaps = [math.hypot(e["x"] - x, e["y"] - y) - _radius(actor) - _radius(e)
                    for e in enemies]
            if reach or any(g <= MELEE_REACH for g in gaps):
                value += 0.5
            if reach and any(reach < g <= reach + ELEVATION_RANGE for g in gaps):
                value += 0.8  # a shot the +5 cm of Range allows
        shooters = [e for e in enemies if ranged_reach(e, equipment)]
        if shooters:
            value += 0.15 * terrain.covered(x, y, shooters)
        return value

    def _elevated_move(self, terrain: Terrain, view: Mapping[str, Any],
                       actor: Mapping[str, Any], limit: float) -> Point | None:
        """A legal Move of the actor onto the nearest elevated point it may stop on
        (Elevation and Occupation) within its allowance, checked on its own table."""
        if not terrain.on or terrain.height(actor["x"], actor["y"]) > 0.0:
            return None
        me = Base(actor["x"], actor["y"], _radius(actor), actor["ref"])
        spots = []
        for e in terrain.elements:
            if not (terrain.has(e, Elevation) and terrain.has(e, Occupation)):
                continue
            if terrain.hostile(*shape_bcircle(e.shape)[:2], 0.0):
                continue
            edge = nearest_edge_point(e.shape, me.x, me.y)
            cx, cy, _ = shape_bcircle(e.shape)
            d = math.hypot(cx - edge.x, cy - edge.y) or 1.0
            inward = min(0.5, d)
            spot = Point(round(edge.x + (cx - edge.x) / d * inward, 2),
                         round(edge.y + (cy - edge.y) / d * inward, 2))
            if math.hypot(spot.x - me.x, spot.y - me.y) <= limit - 0.2:
                spots.append(spot)
        if not spots:
            return None
        field = Field(*view["field_size"])
        bases = [Base(f["x"], f["y"], _radius(f), f["ref"]) for f in view["fighters"]
                 if f["on_field"] and f["ref"] != actor["ref"]]
        markers = [Marker.from_dict(m) for m in view["markers"]]
        enemies = [f for f in view["fighters"] if f["on_field"] and f["side"] != actor["side"]]
        for spot in sorted(spots, key=lambda p: math.hypot(p.x - me.x, p.y - me.y)):
            if any(math.hypot(f["x"] - spot.x, f["y"] - spot.y) <= me.radius + _radius(f) + 0.3
                   for f in enemies):
                continue
            check = is_legal_move(me, spot, limit - 0.2, field=field, bases=bases,
                                  elements=terrain.elements, markers=markers, explain=False)
            if check.legal:
                return spot
        return None

    def _territory_move_value(self, terrain: Terrain, view: Mapping[str, Any],
                              actor: Mapping[str, Any], action: Action,
                              goal: tuple[float, float] | None,
                              enemies: Sequence[Mapping[str, Any]]) -> float:
        """A climb, a swim, a jump or hiding, by its chances and what it gains."""
        element = next((e for e in terrain.elements
                        if e.id == getattr(action, "element", None)), None)
        if element is None:
            return -1.0
        values = actor["characteristics"]
        shooters = [e for e in enemies if ranged_reach(e, view.get("equipment", {}))]
        if isinstance(action, Hide):
            return 0.15 + 0.3 * len(shooters)
        to = getattr(action, "to", None)
        if to is None:
            return -1.0
        gained = 0.0 if goal is None else (
            point_distance(actor, *goal) - math.hypot(to.x - goal[0], to.y - goal[1]))
        if isinstance(action, Climb):
            x = terrain.value(element, Climbing)
            p = p_roll(values["SPD"], x)
            fall = (1 - p) * (1 - p_roll(values["VIG"], x))
            worth = 1.2 * self._terrain_bonus(terrain, view, actor, to.x, to.y, enemies)
            return 0.1 + p * worth - fall * 4 * WOUND
        if isinstance(action, Swim):
            x = terrain.value(element, Swimming)
            penalty = len(actor["profile"].get("equipment", []))
            p = p_roll(values["VIG"] - penalty, x)
            if p <= 0.0:
                return -OUT
            p_out = (1 - p) ** cp_left(actor, "head")
            return 0.1 + 0.08 * gained - WOUND * (1 - p) / p - OUT * p_out
        if isinstance(action, JumpOver):
            p = p_roll(values["SPD"], terrain.value(element, Jump))
            return 0.1 + 0.08 * gained - OUT * 2 * (1 - p)
        return 0.0

    def _safe_step(self, terrain: Terrain, actor: Mapping[str, Any], x: float,
                   y: float) -> bool:
        """A step the bot takes of its own: not into Hostile Presence."""
        return not terrain.on or terrain.hostile(x, y, _radius(actor)) == 0


    def _above(self, terrain: Terrain, model: Combatant, fighter: Mapping[str, Any],
               other: Mapping[str, Any]) -> Combatant:
        """Elevation: the fighter's odds model with +2 CBT when it stands above ``other``."""
        if terrain.on and terrain.height(fighter["x"], fighter["y"]) > terrain.height(
                other["x"], other["y"]) + 1e-6:
            return replace(model, cbt=model.cbt + 2)
        return model
