"""Quick damage estimates from a view, for the heuristic bot (the exact numbers live in
:mod:`skirmish.games.eden.odds`; a bot deciding in milliseconds uses expectations)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

LIMBS = ("head", "arms", "torso", "legs")


def p_success(threshold: int) -> float:
    """Probability that one D6 reaches ``threshold`` (Rulebook 2.A)."""
    if threshold <= 1:
        return 1.0
    if threshold > 6:
        return 0.0
    return (7 - threshold) / 6


def expected_successes(value: int, difficulty: int) -> float:
    """Rulebook 2.A: a difficulty above 6 lowers the dice by the excess; 0 dice fail."""
    dice = value - max(0, difficulty - 6)
    return max(0, dice) * p_success(min(difficulty, 6))


def cp_left(fighter: Mapping[str, Any], limb: str) -> int:
    card = fighter["profile"]["limbs"][limb]
    return int(card["white_cp"] + card["red_cp"] - fighter["checked"][LIMBS.index(limb)])


def limb_of(fighter: Mapping[str, Any], face: int) -> str:
    for limb in LIMBS:
        if face in fighter["profile"]["limbs"][limb]["faces"]:
            return limb
    return "torso"


def fragility(fighter: Mapping[str, Any]) -> float:
    """How close to incapacitation: the chance that a random location lands on a limb with
    at most 2 CP left, weighted."""
    score = 0.0
    for limb in LIMBS:
        faces = len(fighter["profile"]["limbs"][limb]["faces"])
        left = cp_left(fighter, limb)
        score += faces / 6 * (1.0 / max(1, left))
    return score


def melee_value(attacker: Mapping[str, Any], target: Mapping[str, Any]) -> float:
    """Expected harm of a melee attack: expected successes (CBT vs VIG), weighted by how
    fragile the target is (an attacker may spend successes to aim at a weak limb)."""
    cbt = attacker["characteristics"]["CBT"]
    vig = target["characteristics"]["VIG"]
    hits = expected_successes(cbt, vig)
    return hits * (1.0 + 2.0 * fragility(target))


def distance(a: Mapping[str, Any], b: Mapping[str, Any]) -> float:
    """Edge-to-edge distance between two fighters' bases."""
    ra = a["profile"].get("base_mm", 30) / 20
    rb = b["profile"].get("base_mm", 30) / 20
    return float(math.hypot(a["x"] - b["x"], a["y"] - b["y"]) - ra - rb)


def point_distance(a: Mapping[str, Any], x: float, y: float) -> float:
    return math.hypot(a["x"] - x, a["y"] - y)
