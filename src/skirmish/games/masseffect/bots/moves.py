"""Where the Mass Effect: Annihilation bot deploys and moves (docs/masseffect.md ME2,
ME10-ME12, ME17, ME30, ME37, ME38, ME41).

A destination is scored by what the figure could shoot from there (with the +1 for staying,
ME12; none after a run, ME11), what the enemies could shoot at it there (in cover, ME23, they
need a Défense roll to get through), the melee it would start or leave (ME27-ME30), and the
scenario: objectives to stand near, terminals to reach, the own edge to leave by. Besides the
offered moves it tries spots in base contact with scenery between it and the enemy, steps
toward its goal and spots around its objective, each checked with the rules' path test.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.core.actions import Action, Point
from skirmish.games.masseffect.actions import Deploy, Run, Stay, Walk
from skirmish.games.masseffect.bots.actions import best_shot, power_value
from skirmish.games.masseffect.bots.table import Fig, Table, facing, gap, touching
from skirmish.games.masseffect.bots.values import (
    ends_value,
    melee_value,
    opportunity_value,
    shot_ends,
    threat,
)
from skirmish.games.masseffect.cards.powers import Target
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.phases.movement import widened
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MARKER_RADIUS
from skirmish.geometry import CONTACT_TOLERANCE, Base
from skirmish.geometry.paths import end_position_problem, is_legal_move
from skirmish.geometry.shapes import Circle, Polygon

#: How much the enemies' expected shots at a spot count (each enemy shoots one target).
DANGER = 0.45
#: The pull toward the figure's goal, in points per cm.
PULL = 0.035
#: Being able to score an objective at the end of the turn (hold_objectives).
HOLD_BONUS = 4.0
#: How far from a base's edge a spot "in contact" is placed (within CONTACT_TOLERANCE).
SNUG = 0.02


@dataclass(slots=True)
class Option:
    action: Action
    kind: str  # stay, walk, run
    x: float
    y: float
    offered: bool
    value: float = 0.0


# -- goals -----------------------------------------------------------------------------------
def runner(t: Table) -> Fig | None:
    """extract_data: the figure that fetches the data: a carrier, else the best Qualité."""
    carriers = [f for f in t.mine if f.view["carries"]]
    if carriers:
        return carriers[0]
    if not t.mine:
        return None
    return min(t.mine, key=lambda f: (f.profile.quality, -f.profile.move, f.profile.is_hero,
                                      f.ref))


def data_goal(t: Table, f: Fig) -> tuple[float, float, bool] | None:
    """Where ``f`` should go for the data (x, y, must touch), if it is the runner."""
    if t.victory != "extract_data":
        return None
    if f.view["carries"]:
        return (f.x, t.edge_y(f.radius), True)
    ground = [m for m in t.markers("data") if not m["carrier"]]
    mine = [g for g in t.mine if not g.view["carries"]]
    for m in ground:  # the nearest free figure picks up dropped data
        nearest = min(mine, key=lambda g: t.marker_gap(g.base, m), default=None)
        if nearest is f:
            return (float(m["x"]), float(m["y"]), True)
    if runner(t) is not f:
        return None
    terminals = [m for m in t.markers("terminal") if m["holds"]]
    if not terminals:
        return None
    m = min(terminals, key=lambda m: (bool(m["locked"]), t.marker_gap(f.base, m)))
    return (float(m["x"]), float(m["y"]), True)


def objective_of(t: Table, f: Fig) -> Mapping[str, Any] | None:
    """hold_objectives: the objective ``f`` is sent to (figures shared out evenly)."""
    objectives = t.markers("objective")
    if t.victory != "hold_objectives" or not objectives:
        return None
    room = math.ceil(len(t.mine) / len(objectives))
    pairs = sorted((t.marker_gap(g.base, m), g.ref, i) for g in t.mine
                   for i, m in enumerate(objectives))
    load = [0] * len(objectives)
    done: set[str] = set()
    for _, ref, i in pairs:
        if ref in done or load[i] >= room:
            continue
        done.add(ref)
        load[i] += 1
        if ref == f.ref:
            return objectives[i]
    return None


# -- the worth of a spot ---------------------------------------------------------------------
def exposure(t: Table, f: Fig, base: Base) -> float:
    """What the free enemies could shoot at ``f`` standing at ``base`` (next shooting)."""
    total = 0.0
    for e, shots, reach, walk in _shooters(t):
        d = gap(e.base, base)
        if d > reach + walk:
            continue
        sight = t.sight(e.base, base)
        if not sight.allowed:
            continue
        worst = 0.0
        for w, r in shots:
            if d > r + walk:
                continue
            ends = shot_ends(e, w, f, stayed=False, obstacle=sight.obstacle,
                             cover=sight.cover is not None, fresh=True)
            worst = max(worst, ends_value(ends, f, 0.3 * f.points))
        total += worst * (1.0 if d <= reach else 0.4) * (1.0 if e.moved else 0.8)
    return total


def _shooters(t: Table) -> list[tuple[Fig, tuple[tuple[Weapon, float], ...], float, float]]:
    """The free enemies that may shoot next (:func:`exposure`), with their shots, their
    longest reach and the walk they may still make: read once per table (its views are not
    changed), as the spots of a move are scored against the same enemies."""
    known: list[tuple[Fig, tuple[tuple[Weapon, float], ...], float, float]] | None = (
        t.memo.get("shooters"))
    if known is None:
        known = []
        for e in t.enemies:
            if e.engaged or not e.can_act or e.moved == "run":
                continue
            shots = e.shots
            if not shots:
                continue
            reach = max(r for _, r in shots)
            walk = 0.0 if e.moved else e.walk_cm()
            known.append((e, shots, reach, walk))
        t.memo["shooters"] = known
    return known


def spot_value(t: Table, f: Fig, x: float, y: float, kind: str) -> float:
    """The worth of ``f`` ending its move at (x, y) after a ``kind`` move."""
    base = f.base if (x, y) == (f.x, f.y) else f.base.moved_to(x, y)
    value = 0.0
    if f.engaged and kind != "stay":  # ME30: every enemy in contact strikes first
        value -= sum(opportunity_value(o, f) for o in t.opponents(f.base, f.side))
    foes = t.opponents(base, f.side)
    if foes:
        best = max(melee_value(t, f, o) for o in foes)
        value += best - sum(opportunity_value(o, f) for o in foes[1:])
        value += 0.5 * sum(threat(o, t.mine) for o in foes if not o.view["shot"])
    else:
        stayed = kind == "stay"
        attack = 0.0
        if kind != "run" and f.can_act:
            attack = best_shot(t, f, base, stayed) + 0.7 * best_power(t, f, base, stayed)
        value += 0.8 * attack - DANGER * exposure(t, f, base)
        if attack <= 0.05:
            value -= PULL * _enemy_distance(t, f, base)
        else:
            value -= 0.2 * PULL * _enemy_distance(t, f, base)
    return value + _scenario_value(t, f, base, kind)


def best_power(t: Table, f: Fig, base: Base, stayed: bool) -> float:
    best = 0.0
    for p in f.powers:
        if p.target is not Target.ENEMY or not f.uses_left(p.name, p.per_game):
            continue
        if not any(s.kind == "damage" for s in p.effects):
            continue
        reach = pas_to_cm(p.range or 0)
        for e in t.enemies:
            if not e.engaged and gap(base, e.base) <= reach:
                best = max(best, power_value(t, f, p, e, base, stayed))
    return best


def _enemy_distance(t: Table, f: Fig, base: Base) -> float:
    """How far ``base`` is from shooting range of the nearest enemy (cm, 0 within)."""
    if not t.enemies:
        return 0.0
    known = t.memo.get(("enemy_reach", id(f)))  # the figure kept: its id stays its own
    if known is None or known[0] is not f:
        ranges = [w.range or 0 for w in f.ranged] + [
            p.range or 0 for p in f.powers if p.target is Target.ENEMY]
        known = t.memo[("enemy_reach", id(f))] = (f, pas_to_cm(max(ranges, default=0)) * 0.8)
    reach = known[1]
    return max(0.0, min(gap(base, e.base) for e in t.enemies) - reach)


def _scenario_value(t: Table, f: Fig, base: Base, kind: str) -> float:
    goal = data_goal(t, f)
    if goal is not None:
        gx, gy, _ = goal
        if f.view["carries"]:
            d = abs(base.y - gy)
            return (40.0 if d <= CONTACT_TOLERANCE and kind != "run" else 0.0) - 0.4 * d
        d = max(0.0, math.hypot(base.x - gx, base.y - gy) - base.radius - MARKER_RADIUS)
        return (15.0 if d <= CONTACT_TOLERANCE and kind != "run" else 0.0) - 0.25 * d
    objective = objective_of(t, f)
    if objective is None:
        return 0.0
    d = t.marker_gap(base, objective)
    scoring = t.turn >= int(t.victory_param("from_turn", 2)) - 1
    points = float(t.victory_param("points", 1))
    inside = d <= t.control_cm - 0.1
    return (HOLD_BONUS * points if inside and scoring else 0.0) - 2 * PULL * max(
        0.0, d - t.control_cm + 0.5)


# -- candidate spots -------------------------------------------------------------------------
def _cover_spots(t: Table, f: Fig, reach: float) -> list[tuple[float, float]]:
    """Spots in base contact with low or opaque scenery that stands between the spot and the
    enemies (their centre of mass), within ``reach`` of the figure."""
    if not t.enemies:
        return []
    ex = sum(e.x for e in t.enemies) / len(t.enemies)
    ey = sum(e.y for e in t.enemies) / len(t.enemies)
    out: list[tuple[float, float, float]] = []
    for el in t.elements:
        if el.sight == "flat" or not isinstance(el.shape, Polygon):
            continue
        cx, cy, big = el.shape.bcircle
        if math.hypot(cx - f.x, cy - f.y) > reach + big + f.radius:
            continue
        pts = el.shape.points
        for i, a in enumerate(pts):
            b = pts[(i + 1) % len(pts)]
            dx, dy = b.x - a.x, b.y - a.y
            length = math.hypot(dx, dy)
            if length < 1e-9:
                continue
            nx, ny = dy / length, -dx / length
            if (nx * (a.x - cx) + ny * (a.y - cy)) < 0:
                nx, ny = -nx, -ny  # the outward normal
            for frac in (0.15, 0.5, 0.85):
                px = a.x + dx * frac + nx * (f.radius + SNUG)
                py = a.y + dy * frac + ny * (f.radius + SNUG)
                if nx * (ex - px) + ny * (ey - py) >= 0:
                    continue  # the element is not between this spot and the enemy
                d = math.hypot(px - f.x, py - f.y)
                if d <= reach:
                    out.append((d, px, py))
    out.sort()
    return [(x, y) for _, x, y in out[:12]]


def _steps(t: Table, f: Fig, goal: tuple[float, float], reach: float
           ) -> list[tuple[float, float]]:
    """Straight steps toward ``goal`` (and 35 degrees either side), a walk and a run long."""
    gx, gy = goal
    d = math.hypot(gx - f.x, gy - f.y)
    if d < 1e-6:
        return []
    heading = math.atan2(gy - f.y, gx - f.x)
    out = []
    for length in (f.walk_cm() * 0.97, reach * 0.97):
        step = min(length, max(0.0, d - f.radius))
        for turn in (0.0, 0.6, -0.6):
            a = heading + turn
            out.append((f.x + step * math.cos(a), f.y + step * math.sin(a)))
    return out


def _goal_spots(t: Table, f: Fig) -> list[tuple[float, float]]:
    goal = data_goal(t, f)
    if goal is not None:
        gx, gy, _ = goal
        if f.view["carries"]:
            return [(min(max(f.x + dx, f.radius), t.field.width - f.radius), gy)
                    for dx in (0.0, -5.0, 5.0)]
        ring = f.radius + MARKER_RADIUS + SNUG
        return [(gx + ring * math.cos(k * math.pi / 6), gy + ring * math.sin(k * math.pi / 6))
                for k in range(12)]
    objective = objective_of(t, f)
    if objective is None:
        return []
    ox, oy = float(objective["x"]), float(objective["y"])
    out = []
    for ring in (f.radius + MARKER_RADIUS + t.control_cm * 0.5,
                 f.radius + MARKER_RADIUS + t.control_cm - 0.3):
        out += [(ox + ring * math.cos(k * math.pi / 5), oy + ring * math.sin(k * math.pi / 5))
                for k in range(10)]
    return out


def _goal_point(t: Table, f: Fig) -> tuple[float, float] | None:
    goal = data_goal(t, f)
    if goal is not None:
        return (goal[0], goal[1])
    objective = objective_of(t, f)
    if objective is not None:
        return (float(objective["x"]), float(objective["y"]))
    if not t.enemies:
        return None
    e = min(t.enemies, key=lambda e: gap(f.base, e.base))
    return (e.x, e.y)


# -- choosing a move -------------------------------------------------------------------------
def options(t: Table, f: Fig, legal: Sequence[Action]) -> list[Option]:
    """The offered moves of ``f`` and the spots the bot adds (not yet checked)."""
    out: list[Option] = []
    for a in legal:
        if isinstance(a, Stay):
            out.append(Option(a, "stay", f.x, f.y, True))
        elif isinstance(a, Walk | Run):
            kind = "run" if isinstance(a, Run) else "walk"
            out.append(Option(a, kind, a.to.x, a.to.y, True))
    run = f.walk_cm(True)
    spots = _cover_spots(t, f, run) + _goal_spots(t, f)
    goal = _goal_point(t, f)
    if goal is not None:
        spots += _steps(t, f, goal, run)
    walk = f.walk_cm()
    for x, y in spots:
        x, y = round(x, 3), round(y, 3)
        d = math.hypot(x - f.x, y - f.y)
        if d > run:
            continue
        e = min(t.enemies, key=lambda e: math.hypot(e.x - x, e.y - y), default=None)
        face = facing(x, y, e.x, e.y) if e is not None else t.toward_enemy()
        point = Point(x, y)
        if d <= walk:
            out.append(Option(Walk(f.tag, point, face), "walk", x, y, False))
        out.append(Option(Run(f.tag, point, face), "run", x, y, False))
    return out


def legal_move(t: Table, f: Fig, o: Option) -> bool:
    """The rules' path test (ME17) and, for an engaged figure, ME30's end out of contact."""
    if o.offered:
        return True
    allowance = f.walk_cm(o.kind == "run")
    moved = f.base.moved_to(o.x, o.y)
    bases = t.bases(f.ref)
    if t.stops_at_touch:  # ME43: the path keeps clear of every enemy it does not end touching
        bases = [widened(e.base) if e.side != f.side and not touching(moved, e.base)
                 and not touching(f.base, e.base) else e.base
                 for e in t.figs.values() if e.in_action and e.ref != f.ref]
    check = is_legal_move(f.base, (o.x, o.y), allowance, field=t.field,
                          bases=bases, elements=t.elements, explain=False)
    if not check.legal:
        return False
    return not any(touching(moved, e.base) for e in t.opponents(f.base, f.side))


def choose_move(t: Table, legal: Sequence[Action]) -> Action | None:
    """The best move of the first figure still to move."""
    ranked = ranked_moves(t, legal, 1)
    return ranked[0] if ranked else None


#: Two moves of the ranking are told apart when their ends are this far apart (cm), or
#: one is a stay.
APART = 2.0


def ranked_moves(t: Table, legal: Sequence[Action], k: int) -> list[Action]:
    """The ``k`` best moves of the first figure still to move, best first (ends at least
    :data:`APART` apart): the offered ones and the bot's own spots, by :func:`spot_value`,
    each checked legal (the first is :func:`choose_move`'s)."""
    refs: list[str] = []
    for a in legal:
        if isinstance(a, Stay | Walk | Run) and str(a.figure) not in refs:
            refs.append(str(a.figure))
    if not refs:
        return []
    f = t.figs[refs[0]]
    mine = [a for a in legal if isinstance(a, Stay | Walk | Run) and str(a.figure) == f.ref]
    opts = options(t, f, mine)
    for o in opts:
        o.value = spot_value(t, f, o.x, o.y, o.kind)
    opts.sort(key=lambda o: (-o.value, not o.offered))
    out: list[Option] = []
    for o in opts:
        if any((o.kind == "stay") == (c.kind == "stay")
               and math.hypot(o.x - c.x, o.y - c.y) < APART for c in out):
            continue
        if legal_move(t, f, o):
            out.append(o)
            if len(out) >= k:
                break
    return [o.action for o in out] or list(mine[:1])


# -- deployment ------------------------------------------------------------------------------
def deploy_problem(t: Table, f: Fig, x: float, y: float) -> bool:
    """Is (x, y) a legal deployment spot (deployment.deploy_problem with a margin)?"""
    r, depth = f.radius, t.depth_cm - 0.05
    inside = (y + r <= depth) if t.lower else (y - r >= t.field.height - depth)
    if not inside:
        return True
    placed = [g.base for g in t.figs.values() if g.in_action and g.ref != f.ref]
    base = f.base.moved_to(x, y)
    if end_position_problem(base, (x, y), field=t.field, bases=placed, elements=t.elements):
        return True
    return any(math.hypot(x - float(m["x"]), y - float(m["y"])) - r < MARKER_RADIUS + 0.05
               for m in t.view["markers"])


def choose_deploy(t: Table, legal: Sequence[Action]) -> Action | None:
    """Deploy the first figure offered at the best spot of its zone: near scenery that will
    cover it, toward its goal, apart from its friends; facing the enemy's edge."""
    deploys = [a for a in legal if isinstance(a, Deploy)]
    if not deploys:
        return None
    ref = str(deploys[0].figure)
    f = t.figs[ref]
    face = t.toward_enemy()
    spots: list[tuple[float, float, Action | None]] = [
        (a.at.x, a.at.y, a) for a in deploys if str(a.figure) == ref]
    r = f.radius
    front = t.depth_cm - r - 0.3
    rows = [front, front * 0.5] if t.lower else [t.field.height - front,
                                                 t.field.height - front * 0.5]
    if t.scenario is not None:
        x = r + 0.5
        while x < t.field.width - r - 0.5:
            for y in rows:
                spots.append((round(x, 2), round(y, 2), None))
            x += 4.0
    best: Action | None = None
    best_value = -math.inf
    for x, y, offered in spots:
        if offered is None and deploy_problem(t, f, x, y):
            continue
        value = _deploy_value(t, f, x, y)
        if value > best_value:
            best_value = value
            best = offered if offered is not None else Deploy(f.tag, Point(x, y), face)
    return best


def _deploy_value(t: Table, f: Fig, x: float, y: float) -> float:
    base = f.base.moved_to(x, y)
    value = 0.0
    goal = _goal_point(t, f)
    if goal is not None and (data_goal(t, f) or objective_of(t, f)):
        value -= 0.1 * abs(x - goal[0])
    cover = _nearest_cover(t, base)
    value -= 0.05 * cover
    for g in t.mine:
        if g.ref != f.ref and gap(g.base, base) < pas_to_cm(2):
            value -= 0.5
    forward = y if t.lower else t.field.height - y
    return value + 0.02 * forward


def _nearest_cover(t: Table, base: Base) -> float:
    """The distance to the nearest low scenery (a walk or run will reach its cover)."""
    best = 60.0
    for el in t.elements:
        if el.sight != "low":
            continue
        shape = el.shape
        if isinstance(shape, Circle):
            d = math.hypot(shape.x - base.x, shape.y - base.y) - shape.radius
        else:
            xs = [p.x for p in shape.points]
            ys = [p.y for p in shape.points]
            dx = max(min(xs) - base.x, 0.0, base.x - max(xs))
            dy = max(min(ys) - base.y, 0.0, base.y - max(ys))
            d = math.hypot(dx, dy)
        best = min(best, d)
    return best
