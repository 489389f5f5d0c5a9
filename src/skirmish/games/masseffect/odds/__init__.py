"""Exact odds of Mass Effect: Annihilation's attacks (docs/masseffect.md), independent of the
turn engine: pure functions over a small description of the situation, exact with
``fractions.Fraction``.

- shots and damaging powers (ME4, ME12, ME19, ME22-ME26, ME32-ME34):
  :class:`ShotSituation` (``from_cards``, ``from_power``), :func:`shot_odds`,
  :func:`power_odds`, giving :class:`ShotOdds` (:mod:`.shooting`);
- melee and opportunity attacks (ME27-ME29): :class:`MeleeSide`, :func:`melee_odds`,
  :func:`melee_from_cards`, :func:`opportunity_odds`, giving :class:`MeleeOdds`, and the
  weapon a figure fights with, :func:`melee_weapon` (the one named, ME42) or
  :func:`best_melee_weapon` (:mod:`.melee`).

The turn engine and the command line (``skirmish odds shoot|melee --game masseffect``) import
from here.
"""

from __future__ import annotations

from skirmish.games.masseffect.odds.melee import (
    BARE_HANDS,
    MeleeOdds,
    MeleeSide,
    bare_handed,
    best_melee_weapon,
    melee_from_cards,
    melee_odds,
    melee_weapon,
    opportunity_odds,
)
from skirmish.games.masseffect.odds.shooting import (
    Blow,
    ShotOdds,
    ShotSituation,
    TargetState,
    power_odds,
    shot_odds,
    strike,
    target_state,
    wound,
)

__all__ = ["BARE_HANDS", "Blow", "MeleeOdds", "MeleeSide", "ShotOdds", "ShotSituation",
           "TargetState", "bare_handed", "best_melee_weapon", "melee_from_cards", "melee_odds",
           "melee_weapon", "opportunity_odds", "power_odds", "shot_odds", "strike",
           "target_state", "wound"]
