"""Exact odds of the intendancy burn roll (Rulebook 4.B, Intendancy phase, step 3).

"Each player ... chooses a fighter with at least one burn marker and launches 3D6 + 1
location D6. Each result above the fighter VIG value inflicts 1 CP wound to the limb as
indicated by the location dice (protections are taken into account for the total number
of injuries suffered this way)." As in the engine
(:func:`skirmish.games.eden.rounds.intendancy.burn`):
the three dice, then the location die (never shifted), melee-type protections (the wound
is not a ranged attack), at most the CP the limb has left.
"""

from __future__ import annotations

from fractions import Fraction

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
