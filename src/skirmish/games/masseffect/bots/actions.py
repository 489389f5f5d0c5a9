"""What each action of the powers, shooting and special-actions phases is worth to the Mass
Effect: Annihilation bot (docs/masseffect.md ME13-ME26, ME33-ME35), in band points.

Shots and damaging powers use the exact odds (:mod:`skirmish.games.masseffect.bots.values`); the
other effects of powers (strip, status, move, heal, modify, restore) get simple rule-of-thumb
values; special actions are worth what they do for the scenario (data above all).
"""

from __future__ import annotations

import math

from skirmish.core.actions import Action
from skirmish.games.masseffect.actions import AreaPower, Shoot, Special, UsePower, token
from skirmish.games.masseffect.bots.table import Fig, Table, touching
from skirmish.games.masseffect.bots.values import (
    chance,
    ends_value,
    kill_bonus,
    may_still_shoot,
    melee_value,
    p_out,
    power_ends,
    power_roll,
    shot_ends,
    threat,
    wound_value,
)
from skirmish.games.masseffect.cards.powers import Power, Target
from skirmish.games.masseffect.cards.weapons import Weapon, WeaponKind
from skirmish.games.masseffect.combat.targeting import figures_in_area
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.geometry import CONTACT_TOLERANCE, Base

#: What the scenario's special actions are worth (ME14, ME37): data wins the game.
EXTRACT, DOWNLOAD, PICK_DATA, HACK = 100.0, 20.0, 20.0, 8.0
#: A Limité (N) item's use is worth keeping for a better moment.
LIMITED_COST = 0.15


def weapon_of(f: Fig, name: str) -> Weapon | None:
    return next((w for w in f.weapons if token(w.name) == name), None)


def power_of(f: Fig, name: str) -> Power | None:
    return next((p for p in f.powers if token(p.name) == name), None)


# -- shots -----------------------------------------------------------------------------------
def shot_value(t: Table, shooter: Fig, weapon: Weapon, target: Fig, at: Base | None = None,
               stayed: bool | None = None, fresh: bool = False) -> float:
    """A shooting action at ``target`` (from ``at``, default where the shooter stands):
    the exact odds of its shots, and what an Explosif weapon does to the figures around."""
    base = at or shooter.base
    contact = touching(base, target.base)
    aim = t.aim(shooter, target, None if contact else weapon.range, at=base, contact=contact)
    if not aim.allowed:
        return 0.0
    stay = shooter.moved == "stay" if stayed is None else stayed
    ends = shot_ends(shooter, weapon, target, stayed=stay, obstacle=aim.obstacle,
                     cover=aim.cover is not None, contact=contact, fresh=fresh)
    value = ends_value(ends, target, kill_bonus(t, target))
    blast = weapon.trait("Explosif")
    if blast:
        value += _blast(t, shooter, weapon, target, base, stay, pas_to_cm(blast), fresh)
    if weapon.per_game is not None:
        value -= LIMITED_COST
    return value


def _blast(t: Table, shooter: Fig, weapon: Weapon, target: Fig, base: Base, stayed: bool,
           radius: float, fresh: bool) -> float:
    """ME32 Explosif: every other figure within the radius of the target takes a hit too."""
    value = 0.0
    for other in t.figs.values():
        if other is target or other is shooter or not other.in_action:
            continue
        if _edge_gap(other.base, target.base) > radius + 1e-9:
            continue
        sight = t.sight(base, other.base)
        ends = shot_ends(shooter, weapon, other, stayed=stayed, obstacle=sight.obstacle,
                         cover=sight.cover is not None, fresh=fresh)
        worth = ends_value(ends, other, 0.0)
        value += worth if other.side != shooter.side else -1.5 * worth
    return value


def _edge_gap(a: Base, b: Base) -> float:
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def best_shot(t: Table, f: Fig, at: Base | None = None, stayed: bool | None = None,
              fresh: bool = True) -> float:
    """The best shooting action ``f`` would have from ``at`` (0: none)."""
    base = at or f.base
    stay = f.moved == "stay" if stayed is None else stayed
    weapons = [w for w in f.ranged if stay or not w.has("Lourd")]
    if not weapons or not f.can_act:
        return 0.0
    reach = max(pas_to_cm(w.range or 0) for w in weapons) + CONTACT_TOLERANCE
    best = 0.0
    for e in t.figs.values():
        if e.side == f.side or not e.in_action or e.engaged:
            continue
        if _edge_gap(base, e.base) > reach:
            continue
        for w in weapons:
            best = max(best, shot_value(t, f, w, e, base, stay, fresh))
    return best


# -- powers ----------------------------------------------------------------------------------
def power_value(t: Table, user: Fig, power: Power, target: Fig | None, at: Base | None = None,
                stayed: bool | None = None) -> float:
    """A power on ``target`` (an enemy, a friend, or the user itself)."""
    stay = user.moved == "stay" if stayed is None else stayed
    if power.target is Target.SELF or target is None:
        return _self_value(t, user, power)
    if power.target is Target.ALLY:
        return _ally_value(t, user, power, target, stay)
    base = at or user.base
    contact = touching(base, target.base)
    aim = t.aim(user, target, None if contact else power.range, at=base, contact=contact)
    if not aim.allowed:
        return 0.0
    return _on_enemy(t, user, power, target, stay, aim.obstacle, aim.cover is not None)


def _on_enemy(t: Table, user: Fig, power: Power, target: Fig, stayed: bool, obstacle: bool,
              cover: bool, sign: float = 1.0) -> float:
    ends, lands = power_ends(user, power, target, stayed=stayed, obstacle=obstacle, cover=cover)
    damages = any(s.kind == "damage" for s in power.effects)
    value = ends_value(ends, target, kill_bonus(t, target)) if damages else 0.0
    alive = lands * (1.0 - p_out(ends))
    wv = wound_value(target)
    for spec in power.effects:
        kind = spec.kind
        if kind == "strip":
            name = str(spec.param("protection"))
            trait = target.profile.shield if name == "Bouclier" else target.profile.barrier
            if trait is not None and name not in target.view["stripped"]:
                value += alive * chance(trait.save or 6) * 1.5 * wv  # later shots
        elif kind == "status":
            status = str(spec.param("status"))
            if status == "burning":
                value += alive * wv * (0.5 if target.armour else 1.0)
            else:  # stunned, lifted: no shot, power or special action this turn
                foes = t.mine if target.side != t.me else t.enemies
                value += alive * (threat(target, foes) if may_still_shoot(target) else 0.1 * wv)
                if status == "lifted":
                    value += alive * 0.3 * wv
        elif kind == "move":
            if spec.param("who", "target") == "user":
                value += lands * 0.5 * melee_value(t, user, target)
            elif spec.param("impact") is not None:
                value += alive * 0.35 * wv
            else:
                value += alive * 0.1 * wv
    return sign * value


def _self_value(t: Table, user: Fig, power: Power) -> float:
    value = -0.01
    for spec in power.effects:
        if spec.kind == "restore" and str(spec.param("protection")) in user.view["stripped"]:
            value += 0.6 * wound_value(user)
        elif spec.kind == "modify" and spec.param("characteristic") == "Mêlée" and user.engaged:
            value += 0.3 * max(e.points for e in t.opponents(user.base, user.side)) / 3
        elif spec.kind == "modify" and spec.param("characteristic") == "Tir":
            value += 0.3 if will_shoot(t, user) else 0.0
    return value


def will_shoot(t: Table, f: Fig) -> bool:
    """Would a better Tir serve ``f`` this turn (ME33 ``modify``)? It may still shoot and has a
    target in range and sight now: the movement is over when powers are used (ME8), so a
    figure with no shot now gets none this turn, and the bonus would be lost (issue 49:
    bench.waste counted such boosts)."""
    return may_still_shoot(f) and best_shot(t, f, fresh=False) > 0.0


def _ally_value(t: Table, user: Fig, power: Power, friend: Fig, stayed: bool) -> float:
    threshold = power_roll(user, power)
    p = 1.0 if threshold is None else chance(threshold, 1 if stayed else 0, user.naturals)
    value = -0.01
    for spec in power.effects:
        if spec.kind == "heal":
            missing = friend.profile.vitality - friend.vitality
            value += p * min(float(spec.amount().mean), missing) * wound_value(friend) * 1.3
        elif spec.kind == "modify" and spec.param("characteristic") == "Tir":
            value += p * (0.35 if will_shoot(t, friend) else 0.0)
        elif spec.kind == "modify" and spec.param("characteristic") == "Mêlée":
            value += p * (0.3 if friend.engaged else 0.0)
        elif spec.kind == "restore" and str(spec.param("protection")) in friend.view["stripped"]:
            value += p * 0.6 * wound_value(friend)
    return value


def area_value(t: Table, user: Fig, power: Power, at: tuple[float, float]) -> float:
    """ME18: a point power hits every figure its area touches, friend or foe, never in cover."""
    radius = pas_to_cm(power.area or 1)
    bases = t.bases()
    hit = set(figures_in_area(at, radius, bases))
    stayed = user.moved == "stay"
    value = 0.0
    for f in t.figs.values():
        if f.ref in hit and f.in_action:
            sign = 1.0 if f.side != user.side else -1.5
            value += _on_enemy(t, user, power, f, stayed, False, False, sign)
    return value


# -- special actions -------------------------------------------------------------------------
def special_value(t: Table, a: Special) -> float:
    """ME14: what a special action does for the scenario (data first)."""
    f = t.figs[str(a.figure)]
    kind = a.action
    if kind == "extract":
        return EXTRACT
    if kind == "download":
        return DOWNLOAD * chance(f.profile.quality)
    if kind == "hack":
        return HACK * chance(f.profile.quality)
    if kind == "pick":
        return PICK_DATA if a.target and a.target[:2] not in ("A.", "B.") else -0.01
    if kind == "heal" and a.target:
        healed = t.figs.get(a.target)
        if healed is None:
            return 0.0
        if not healed.in_action:
            return 0.9 * healed.points
        missing = healed.profile.vitality - healed.vitality
        return min(2.0, missing) * wound_value(healed) * 1.3
    return -0.01  # doors: the sample tables have none worth opening


def special_intent(t: Table, f: Fig) -> float:
    """What ``f`` could still do in this turn's special-actions phase (worth holding its fire
    for): data, terminals, healing with its Médigel."""
    if f.engaged or f.moved == "run" or f.view["special"]:
        return 0.0
    best = 0.0
    for m in t.view["markers"]:
        if m["carrier"] or t.marker_gap(f.base, m) > CONTACT_TOLERANCE:
            continue
        if m["kind"] == "terminal" and m["holds"]:
            best = max(best, (HACK if m["locked"] else DOWNLOAD) * chance(f.profile.quality))
        elif m["kind"] == "data":
            best = max(best, PICK_DATA)
    if f.view["carries"] and abs(f.y - t.edge_y(f.radius)) <= CONTACT_TOLERANCE:
        best = max(best, EXTRACT)
    if _medigel(f):
        for friend in t.mine:
            if (friend is f or touching(f.base, friend.base)) and (
                    friend.vitality < friend.profile.vitality):
                missing = friend.profile.vitality - friend.vitality
                best = max(best, min(2.0, missing) * wound_value(friend) * 1.3)
    return best


def _medigel(f: Fig) -> bool:
    """Does ``f`` carry gear that heals, with a use left (ME14 Soigner, ME35)?"""
    return any(w.kind is WeaponKind.GEAR and any(s.kind == "heal" for s in w.effects)
               and f.uses_left(w.name, w.per_game) for w in f.weapons)


def action_value(t: Table, a: Action) -> float:
    """The worth of an action of the powers, shooting or special-actions phase (0: hold)."""
    if isinstance(a, Shoot):
        shooter, target = t.figs[str(a.figure)], t.figs[str(a.target)]
        weapon = weapon_of(shooter, a.weapon)
        if weapon is None:
            return 0.0
        return shot_value(t, shooter, weapon, target) - special_intent(t, shooter)
    if isinstance(a, UsePower | AreaPower):
        user = t.figs[str(a.figure)]
        power = power_of(user, a.power)
        if power is None:
            return 0.0
        if isinstance(a, AreaPower):
            value = area_value(t, user, power, (a.at.x, a.at.y))
        else:
            aimed = t.figs.get(str(a.target)) if a.target is not None else None
            value = power_value(t, user, power, aimed)
        return value - special_intent(t, user)
    if isinstance(a, Special):
        return special_value(t, a)
    return 0.0
