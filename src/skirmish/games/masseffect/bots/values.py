"""What the Mass Effect: Annihilation bot's choices are worth, in band points.

Attacks use the exact odds of :mod:`skirmish.games.masseffect.odds` (shots and damaging powers:
the roll with its modifiers, natural 1 and 6, the Défense roll in cover, Bouclier then
Barrière with their uses left, armour, the weapon's shots and damage) and are cached, since
the same situations come back all game long. A figure taken out of action is worth its points
plus what it would still do; a wound is worth half its points divided by its Vitalité.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from skirmish.games.masseffect.bots.table import Fig, Table
from skirmish.games.masseffect.cards.powers import Power, Target
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.dice import Amount, success_chance
from skirmish.games.masseffect.odds import (
    MeleeSide,
    ShotSituation,
    melee_odds,
    shot_odds,
)
from skirmish.games.masseffect.rules import (
    COUNTER_CHARGE_PENALTY,
    OBSTACLE_PENALTY,
    STATIONARY_BONUS,
)

#: (Vitalité, armour, probability) after an attack.
Ends = tuple[tuple[int, int, float], ...]

#: What a wound is worth, as a share of the figure's points per point of Vitalité.
WOUND_SHARE = 0.5
#: An armour point lost, as a share of a wound.
ARMOUR_SHARE = 0.3


@functools.lru_cache(maxsize=1024)
def chance(threshold: int, modifier: int = 0, naturals: bool = False) -> float:
    """ME4: D6 + modifier ≥ threshold (a natural 1 fails and a natural 6 succeeds with
    ``naturals``: the house rule me-natural-rolls)."""
    return float(success_chance(threshold, modifier, naturals=naturals))


@functools.lru_cache(maxsize=32768)
def _ends(situation: ShotSituation) -> Ends:
    odds = shot_odds(situation)
    return tuple((s.vitality, s.armour, float(p)) for s, p in odds.end.items())


@functools.lru_cache(maxsize=8192)
def _melee_ends(a: MeleeSide, b: MeleeSide) -> tuple[Ends, Ends]:
    odds = melee_odds(a, b)
    return (tuple((s.vitality, s.armour, float(p)) for s, p in odds.to_a.end.items()),
            tuple((s.vitality, s.armour, float(p)) for s, p in odds.to_b.end.items()))


def wound_value(f: Fig) -> float:
    return WOUND_SHARE * f.points / max(1, f.profile.vitality)


def ends_value(ends: Ends, f: Fig, bonus: float = 0.0) -> float:
    """The worth of ``f`` ending in these states: out of action is its points plus ``bonus``,
    otherwise its wounds and lost armour."""
    wv = wound_value(f)
    total = 0.0
    for vit, arm, p in ends:
        if vit == 0:
            total += p * (f.points + bonus)
        else:
            total += p * ((f.vitality - vit) * wv + (f.armour - arm) * ARMOUR_SHARE * wv)
    return total


def p_out(ends: Ends) -> float:
    return sum(p for vit, _, p in ends if vit == 0)


# -- situations ------------------------------------------------------------------------------
def _protections(target: Fig, ignores: Iterable[str], fresh: bool
                 ) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    out: list[tuple[int, int] | None] = []
    for name, trait, uses in (("Bouclier", target.profile.shield, "shield_uses"),
                              ("Barrière", target.profile.barrier, "barrier_uses")):
        if trait is None or name in ignores or name in target.view["stripped"]:
            out.append(None)
            continue
        left = (trait.value or 0) if fresh else int(target.view[uses])
        out.append((trait.save or 6, max(0, min(6, left))))
    return out[0], out[1]


def _situation(threshold: int | None, modifier: int, shots: int, damage: Amount,
               perforant: bool, ignores: frozenset[str], cover: bool, target: Fig,
               fresh: bool, naturals: bool = False) -> ShotSituation:
    shield, barrier = _protections(target, ignores, fresh)
    return ShotSituation(
        threshold=threshold, modifier=modifier if threshold is not None else 0,
        shots=max(1, min(4, shots)), damage=damage, perforant=perforant, ignores=ignores,
        in_cover=cover and not target.has("lifted"), defence=target.profile.defence,
        shield=shield, barrier=barrier, armour=max(0, min(10, target.armour)),
        vitality=max(1, min(20, target.vitality)), naturals=naturals,
        armour_per_hit=target.armour_per_hit)


def shot_ends(shooter: Fig, weapon: Weapon, target: Fig, *, stayed: bool, obstacle: bool,
              cover: bool, contact: bool = False, fresh: bool = False) -> Ends:
    """The target's states after ``shooter`` fires ``weapon`` at it (ME16, ME21-ME26)."""
    modifier = (STATIONARY_BONUS * stayed + OBSTACLE_PENALTY * obstacle
                + COUNTER_CHARGE_PENALTY * contact)
    incendiary = shooter.profile.incendiary or weapon.has("Incendiaire")
    situation = _situation(shooter.profile.shoot, modifier, weapon.shots,
                           weapon.damage or Amount(1), weapon.has("Perforant"),
                           frozenset({"Bouclier"} if incendiary else ()), cover, target, fresh,
                           shooter.naturals)
    return _ends(situation)


def power_roll(user: Fig, power: Power) -> int | None:
    """ME19: the power's threshold (None: no roll)."""
    if power.roll == "auto":
        return None
    if power.roll == "Tir":
        return user.profile.shoot
    if power.roll == "Qualité":
        return user.profile.quality
    return int(power.roll.rstrip("+"))


def power_ignores(power: Power) -> frozenset[str]:
    out: set[str] = set()
    for spec in power.effects:
        if spec.kind == "strip":
            out.add(str(spec.param("protection")))
        elif spec.kind == "damage":
            out.update(str(p) for p in spec.param("ignores", ()) or ())
    return frozenset(out)


def power_ends(user: Fig, power: Power, target: Fig, *, stayed: bool, obstacle: bool,
               cover: bool, fresh: bool = False) -> tuple[Ends, float]:
    """The target's states after a power aimed at it, and the chance that the power's hit
    lands (past the roll, the Défense roll and the protections, ME19)."""
    damages = [s for s in power.effects if s.kind == "damage"]
    ignores = power_ignores(power)
    enemy = power.target is Target.ENEMY
    modifier = STATIONARY_BONUS * stayed + OBSTACLE_PENALTY * (obstacle and enemy)
    cover = cover and enemy and not power.ignores_cover
    amount = damages[0].amount() if damages else Amount(1)
    pierce = bool(damages) and "Armure" in ignores
    situation = _situation(power_roll(user, power), modifier, 1, amount, pierce, ignores,
                           cover, target, fresh, user.naturals)
    landing = _situation(power_roll(user, power), modifier, 1, Amount(1), True, ignores,
                         cover, _sturdy(target), fresh, user.naturals)
    lands = 1.0 - sum(p for vit, _, p in _ends(landing) if vit == _sturdy(target).vitality)
    return (_ends(situation) if damages else ((target.vitality, target.armour, 1.0),)), lands


def _sturdy(target: Fig) -> Fig:
    """The target with 20 Vitalité: a hit never takes it out (to read the landing chance)."""
    view = dict(target.view)
    view["vitality"] = 20
    return Fig(view, target.profile, target.weapons, target.powers, target.base)


# -- threats ---------------------------------------------------------------------------------
def threat(f: Fig, against: Iterable[Fig]) -> float:
    """Roughly what ``f`` deals in a shooting phase: its best weapon's expected wounds, worth
    the average wound of ``against``."""
    foes = list(against)
    if not foes:
        return 0.0
    wv = sum(wound_value(e) for e in foes) / len(foes)
    best = 0.0
    for w in f.ranged:
        mean = float(w.damage.mean) if w.damage else 1.0
        best = max(best, w.shots * chance(f.profile.shoot) * mean * 0.45)
    for p in f.powers:
        if p.target is Target.ENEMY and any(s.kind == "damage" for s in p.effects):
            best = max(best, chance(f.profile.shoot) * 0.5)
    melee = f.melee_weapon
    reach = chance(f.profile.melee) * (float(melee.damage.mean) if melee and melee.damage
                                       else 1.0) * 0.5
    return max(best, reach) * wv


def may_still_shoot(f: Fig) -> bool:
    """Can ``f`` still shoot this turn (it did not shoot or run, is free and not held)?"""
    return (not f.view["shot"] and f.moved != "run" and f.can_act and not f.engaged
            and bool(f.ranged))


def kill_bonus(t: Table, target: Fig) -> float:
    """What taking ``target`` out adds beyond its points: what it would do this turn and in
    the turns left."""
    known = t.memo.get(("kill_bonus", id(target)))
    if known is not None and known[0] is target:  # the same figure of this view
        return float(known[1])
    foes = t.mine if target.side != t.me else t.enemies
    now = threat(target, foes) if may_still_shoot(target) else 0.0
    bonus = now + 0.15 * target.points * min(3, t.turns_left)
    t.memo[("kill_bonus", id(target))] = (target, bonus)
    return bonus


# -- melee -----------------------------------------------------------------------------------
def melee_side(f: Fig) -> MeleeSide:
    weapon = f.melee_weapon
    return MeleeSide(melee=f.profile.melee, damage=weapon.damage if weapon else None,
                     perforant=bool(weapon and weapon.has("Perforant")),
                     armour=max(0, min(10, f.armour)), vitality=max(1, min(20, f.vitality)),
                     bare_penalty=f.bare_penalty, one_wound=f.one_wound,
                     armour_per_hit=f.armour_per_hit)


def melee_value(t: Table, me: Fig, foe: Fig) -> float:
    """A normal melee between my ``me`` and ``foe`` (ME27): what I deal minus what I take."""
    to_me, to_foe = _melee_ends(melee_side(me), melee_side(foe))
    return ends_value(to_foe, foe, kill_bonus(t, foe)) - ends_value(to_me, me, 0.3 * me.points)


def opportunity_value(attacker: Fig, target: Fig) -> float:
    """ME29: what ``attacker``'s opportunity attack costs ``target`` (positive)."""
    side = melee_side(attacker)
    hit = chance(side.threshold)
    worst = 0.0
    for amount, p in side.blow.probabilities().items():
        soaked = 0 if side.perforant else min(target.armour, amount)
        wounds = amount - soaked
        if wounds >= target.vitality:
            worst += float(p) * target.points * 1.3
        else:
            worst += float(p) * (wounds * wound_value(target) + soaked * ARMOUR_SHARE
                                 * wound_value(target))
    return hit * worst
