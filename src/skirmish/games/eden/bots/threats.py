"""The threats on an Eden table, for the search's leaf evaluation: for each fighter, the
best melee attack it could make on an enemy within its reach before long, scored by the
exact chance of taking that enemy out (:func:`skirmish.games.eden.bots.view_odds.melee_outlook`, the
target reacting passively) times the enemy's share of its troop's points.

Reach: an enemy in contact, or within a Charge (10 cm, edge to edge) for a fighter with
2 AP or more, or a Move and a Charge (20 cm) with 3 AP; a fighter that has acted this round
threatens as it will next round (3 AP), for half. Values are the fighters' own (white or
red by wounds, condition markers), not the card effects in play: a quick estimate, cached
by what changes (CP checked, markers).
"""

from __future__ import annotations

import math
from typing import Any

from skirmish.games.eden.bots.view_odds import melee_outlook
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.odds.attacks import Combatant

#: A Move's and a Charge's reach, in cm (Rulebook 5, without optional rules or cards).
STEP_CM = 10.0
#: Contact, edge to edge (docs/rulings.md's contact tolerance, rounded up).
CONTACT_CM = 0.2
#: A threat that must wait for the next round counts for this share.
LATER = 0.5
_LIMBS = tuple(Limb)


_PROTECTION: dict[tuple[int, str], tuple[int, int, int, int]] = {}


def _protection(profile: Any, catalogue: Any) -> tuple[int, int, int, int]:
    """The Pr of each limb against melee wounds, from the equipment on the card."""
    key = (id(catalogue), profile.name)
    known = _PROTECTION.get(key)
    if known is not None:
        return known
    protection = [0, 0, 0, 0]
    for item in catalogue.equipment_of(profile):
        part = item.part(Category.PR)
        if part is not None:
            for limb in part.protects:
                protection[_LIMBS.index(limb)] += part.protection
    made = (protection[0], protection[1], protection[2], protection[3])
    if len(_PROTECTION) > 4096:
        _PROTECTION.clear()
    _PROTECTION[key] = made
    return made


_COMBATANTS: dict[tuple[Any, ...], Combatant] = {}


def combatant(state: Any, fighter: Any) -> Combatant:
    """The odds model of a fighter as it stands (cached by profile, CP and markers)."""
    markers = tuple(sorted(fighter.markers.items())) if fighter.markers else ()
    key = (fighter.ref, fighter.profile, tuple(fighter.checked), markers)
    known = _COMBATANTS.get(key)
    if known is not None:
        return known
    profile = fighter.profile
    faces = tuple(tuple(profile.limb(limb).faces) for limb in _LIMBS)
    location = tuple(next(i for i, fs in enumerate(faces) if face in fs) for face in range(1, 7))
    left = [fighter.cp_left(limb) for limb in _LIMBS]
    made = Combatant(ref=fighter.ref, side=fighter.side,
                     cbt=fighter.characteristic(Characteristic.CBT),
                     vig=fighter.characteristic(Characteristic.VIG),
                     spd=fighter.characteristic(Characteristic.SPD),
                     cp_left=(left[0], left[1], left[2], left[3]), location=location,
                     limb_faces=faces, protection=_protection(profile, state.catalogue))
    if len(_COMBATANTS) > 20_000:
        _COMBATANTS.clear()
    _COMBATANTS[key] = made
    return made


def _reach(fighter: Any) -> tuple[float, float]:
    """(reach now, the share it counts for)."""
    if fighter.activated or fighter.ap <= 0:
        return 2 * STEP_CM, LATER
    if fighter.ap >= 3:
        return 2 * STEP_CM, 1.0
    if fighter.ap == 2:
        return STEP_CM, 1.0
    return CONTACT_CM, 1.0


def threats(state: Any) -> tuple[float, float]:
    """Each player's threat: the sum over his fighters of the best chance-weighted share of
    an enemy troop it could take out (see the module's description)."""
    fighters = [f for f in state.fighters if f.on_field and f.side < 2 and not f.incapacitated]
    totals = [0.0, 0.0]
    for f in state.fighters:
        if f.side < 2:
            totals[f.side] += float(f.profile.value) or 1.0
    out = [0.0, 0.0]
    for attacker in fighters:
        reach, share = _reach(attacker)
        ra = attacker.profile.base_mm / 20
        best = 0.0
        for target in fighters:
            if target.side == attacker.side:
                continue
            gap = math.hypot(attacker.x - target.x, attacker.y - target.y) - ra \
                - target.profile.base_mm / 20
            if gap > reach:
                continue
            p_kill = melee_outlook(combatant(state, attacker), combatant(state, target),
                                   "passive")[0]
            worth = p_kill * (float(target.profile.value) or 1.0) / totals[target.side]
            best = max(best, worth * share)
        out[attacker.side] += best
    return out[0], out[1]


__all__ = ["combatant", "threats"]
