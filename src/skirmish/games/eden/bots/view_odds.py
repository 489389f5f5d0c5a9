"""Exact attack odds from a player's view (the bot has no game state, only its view):
:class:`skirmish.games.eden.odds.attacks.Combatant` models built from the view's public data."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from skirmish.games.eden.cards.equipment import Category, Equipment
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.fighter import NPF_SIDE
from skirmish.games.eden.odds.attacks import Combatant, melee, shooting
from skirmish.games.eden.odds.results import Delta

LIMBS = ("head", "arms", "torso", "legs")


def _d(values: list[int]) -> Delta:
    return (values[0], values[1], values[2], values[3])


def combatant(fighter: Mapping[str, Any], equipment: Mapping[str, str]) -> Combatant:
    """The odds model of a fighter from the view: effective values, CP left, location
    faces, and melee protection from the equipment written on its card."""
    limbs = fighter["profile"]["limbs"]
    faces = tuple(tuple(limbs[limb]["faces"]) for limb in LIMBS)
    location = tuple(next(i for i, fs in enumerate(faces) if face in fs) for face in range(1, 7))
    cp_left = _d([limbs[limb]["white_cp"] + limbs[limb]["red_cp"] - fighter["checked"][i]
                  for i, limb in enumerate(LIMBS)])
    protection = [0, 0, 0, 0]
    for name in fighter["profile"].get("equipment", []):
        text = equipment.get(name, name if "(" in name else "")
        if not text:
            continue
        part = Equipment.parse(text).part(Category.PR)
        if part is not None:
            for limb in part.protects:
                protection[LIMBS.index(limb.value)] += part.protection
    values = fighter["characteristics"]
    # protective equipment covers its limbs against melee and ranged wounds alike (8.A)
    return Combatant(ref=fighter["ref"], side=fighter["side"], cbt=values["CBT"],
                     vig=values["VIG"], spd=values["SPD"], cp_left=cp_left, location=location,
                     limb_faces=faces, protection=_d(protection),
                     ranged_protection=_d(protection))


@functools.lru_cache(maxsize=20_000)
def melee_outlook(attacker: Combatant, target: Combatant, reaction: str) -> tuple[float, ...]:
    """(P(target incapacitated), expected CP the target loses, P(attacker incapacitated),
    expected CP the attacker loses) for one melee attack, exactly (odds.attacks.melee)."""
    joint = melee(attacker, target, reaction)
    p_target = p_attacker = Fraction(0)
    lost_target = lost_attacker = Fraction(0)
    for (d_target, d_attacker), p in joint.items():
        if any(n >= left for n, left in zip(d_target, target.cp_left, strict=True) if n):
            p_target += p
        if any(n >= left for n, left in zip(d_attacker, attacker.cp_left, strict=True) if n):
            p_attacker += p
        lost_target += p * sum(d_target)
        lost_attacker += p * sum(d_attacker)
    return float(p_target), float(lost_target), float(p_attacker), float(lost_attacker)


def attack_value(attacker: Combatant, target: Combatant) -> float:
    """What a melee attack is worth to the attacker, assuming a passive target: the chance
    to take the target out counts most, then the expected CP it loses."""
    p_kill, lost, _, _ = melee_outlook(attacker, target, "passive")
    return 4.0 * p_kill + lost


def reaction_values(attacker: Combatant, target: Combatant,
                    allowed: set[str]) -> dict[str, float]:
    """For the target: the value of each allowed reaction (harm dealt minus harm taken;
    dodging and responding cost an AP, worth a little)."""
    out: dict[str, float] = {}
    for reaction in ("passive", "dodge", "response"):
        if reaction not in allowed:
            continue
        p_kill_me, lost_me, p_kill_them, lost_them = melee_outlook(attacker, target, reaction)
        ap_cost = 0.0 if reaction == "passive" else 0.4
        out[reaction] = (4.0 * p_kill_them + lost_them) - (4.0 * p_kill_me + lost_me) - ap_cost
    return out


def open_reactions(target: Mapping[str, Any]) -> set[str]:
    """The reactions ``target`` may announce to a melee attack, as its view entry tells:
    passive always; a dodge and a response cost 1 AP (Rulebook 6.A); a frightened fighter
    does not respond (Rulebook 9, Fear); a non-player fighter always responds unless
    frightened (Optional rules 2, C). A response also counts among the round's two attacks,
    which the view does not show: it is taken as open while the fighter has AP."""
    frightened = bool(target["markers"].get("fear", 0))
    if target["side"] == NPF_SIDE:
        return {"passive"} if frightened else {"response"}
    if target["ap"] < 1:
        return {"passive"}
    return {"passive", "dodge"} if frightened else {"passive", "dodge", "response"}


def strike_value(attacker: Combatant, target: Combatant, reactions: set[str]) -> float:
    """What a melee attack is worth to the attacker when the target answers with the
    reaction best for itself (:func:`reaction_values`) among ``reactions``: the chance to
    take the target out counts most, then the CP it loses, less the same for the attacker
    (a response strikes back). Against a target that can only take it, :func:`attack_value`."""
    if reactions == {"passive"}:
        return attack_value(attacker, target)
    values = reaction_values(attacker, target, reactions)
    answer = max(values, key=lambda r: values[r])
    p_target, lost_target, p_attacker, lost_attacker = melee_outlook(attacker, target, answer)
    return 4.0 * p_target + lost_target - (4.0 * p_attacker + lost_attacker)


def shot_outlook(attacker: Combatant, target: Combatant, bonus: int, strength: int
                 ) -> tuple[float, float]:
    """(P(target incapacitated), expected CP the target loses) for one shot with a weapon
    of this CBT ``bonus`` and ``strength``, exactly (odds.attacks.shooting): no obstacle
    counted, the target taken as free. Of the shooter a free target's shot reads the CBT
    alone (Rulebook 6.B step 2), so the answer is remembered by it (:func:`_shot_outlook`):
    shooters of equal CBT share it."""
    return _shot_outlook(attacker.cbt + bonus, target, strength)


@functools.lru_cache(maxsize=20_000)
def _shot_outlook(skill: int, target: Combatant, strength: int) -> tuple[float, float]:
    """:func:`shot_outlook` for a shooter of CBT ``skill``, the weapon's bonus added."""
    attacker = replace(target, cbt=skill)  # only its CBT is read: no redirect
    p_target = lost_target = Fraction(0)
    for (d_target, _), p in shooting(attacker, target, strength=strength).items():
        if any(n >= left for n, left in zip(d_target, target.cp_left, strict=True) if n):
            p_target += p
        lost_target += p * sum(d_target)
    return float(p_target), float(lost_target)


def shot_value(attacker: Combatant, target: Combatant, weapon: str | None) -> float:
    """What a shot is worth to the shooter, as :func:`attack_value` counts a melee attack
    (the chance to take the target out counts most, then the CP it loses): the shooting
    part of ``weapon``, its notation (Rulebook 6.B: CBT and the weapon's bonus against
    SPD, then Str against VIG, ranged protections applying)."""
    part = Equipment.parse(weapon).part(Category.SHOOTING) if weapon else None
    bonus = part.bonus if part is not None and part.characteristic is Characteristic.CBT else 0
    strength = (part.effect("Str") or 0) if part is not None else 0
    p_kill, lost = shot_outlook(attacker, target, bonus, strength)
    return 4.0 * p_kill + lost
