"""Exact odds of the intendancy burn roll (Rulebook 4.B, Intendancy phase, step 3).

"Each player ... chooses a fighter with at least one burn marker and launches 3D6 + 1
location D6. Each result above the fighter VIG value inflicts 1 CP wound to the limb as
indicated by the location dice (protections are taken into account for the total number
of injuries suffered this way)." As in the engine
(:func:`skirmish.games.eden.rounds.intendancy.burn`):
the three dice, then the location die (never shifted), melee-type protections (the wound
is not a ranged attack), at most the CP the limb has left.

:func:`next_burn`: what the burn markers an attack places (Burn (X): the Molotov, a fire
grenade, a flamethrower) do at the next intendancy (issue 47: the odds show them beside the
markers, rather than an incendiary attack that "never loses CP").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from skirmish.games.eden.odds.attacks import Combatant, delta_on, wounds_lost
from skirmish.games.eden.odds.dice import FACES, SIXTH, ZERO, burn_wounds
from skirmish.games.eden.odds.results import Delta


def burn(fighter: Combatant) -> dict[Delta, Fraction]:
    """The distribution of the CP one burn roll takes from ``fighter``."""
    wounds = dict(burn_wounds(fighter.vig))
    out: dict[Delta, Fraction] = {}
    for face in FACES:
        limb = fighter.location[face - 1]
        for n, p in wounds_lost(wounds, fighter.protection[limb], fighter.cp_left[limb]).items():
            d = delta_on(limb, n)
            out[d] = out.get(d, ZERO) + p * SIXTH
    return out


@dataclass(frozen=True, slots=True)
class NextBurn:
    """What the burn markers an attack places do at the next intendancy phase (Rulebook 4.B
    step 3), if nothing changes before it (no marker removed for 1 AP, no other wound):
    ``p_roll`` the probability that the fighter makes the burn roll, ``expected`` the CP it
    is expected to take, ``p_incapacitated`` the probability that it incapacitates him;
    ``already``: he held a burn marker before the attack (he makes that roll whatever the
    attack does); ``vp``: for a non-player fighter under house rule
    ``eden-npf-burn-score=burner``, the VP the attacker's player expects from the burn."""

    p_roll: Fraction
    expected: Fraction
    p_incapacitated: Fraction
    already: bool = False
    vp: Fraction | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"p_roll": float(self.p_roll), "expected_cp_lost":
                               float(self.expected),
                               "p_incapacitated": float(self.p_incapacitated),
                               "already_burning": self.already}
        if self.vp is not None:
            out["expected_vp"] = float(self.vp)
        return out

    def text(self) -> str:
        vp = f", expected VP {float(self.vp):.3f}" if self.vp is not None else ""
        already = " (already burning)" if self.already else ""
        return (f"next intendancy burn{already}: rolls {float(self.p_roll):.2%}, expected CP "
                f"lost {float(self.expected):.3f}, incapacitated "
                f"{float(self.p_incapacitated):.2%}{vp}")


def next_burn(fighter: Combatant, incapacitated_by: Callable[[Delta], bool],
              lost: Mapping[Delta, Fraction], p_markers: Fraction, *, already: bool = False,
              level: int | None = None) -> NextBurn:
    """The next intendancy's burn roll of a fighter an attack may give burn markers:
    ``lost`` is his marginal CP loss from the attack, ``p_markers`` the probability that he
    receives the markers (and stands), ``incapacitated_by`` whether a loss incapacitates
    him. Every loss comes from a hit, so the markers land with each loss he survives, and,
    for the rest of ``p_markers``, with no loss. ``level``: an NPF's level, when its burn
    scores for the attacker's player (house rule ``eden-npf-burn-score=burner``)."""
    survive = {d: p for d, p in lost.items() if not incapacitated_by(d)}
    landed = {d: p for d, p in survive.items() if any(d)}
    unhurt = p_markers - sum(landed.values(), ZERO)
    if unhurt > 0:
        landed[(0, 0, 0, 0)] = unhurt
    rolls = survive if already else landed
    expected = p_incapacitated = vp = ZERO
    for d, p in rolls.items():
        after = fighter.after(d)
        dist = burn(after)
        expected += p * sum((sum(x) * q for x, q in dist.items()), ZERO)
        killed = sum((q for x, q in dist.items() if after.incapacitated_by(x)), ZERO)
        p_incapacitated += p * killed
        if level is not None and d in landed:
            vp += landed[d] * killed * level
    return NextBurn(sum(rolls.values(), ZERO), expected, p_incapacitated, already,
                    vp if level is not None else None)
