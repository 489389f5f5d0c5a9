"""Exact odds of Eden's rolls and attacks (issue 6): what will this attack do?

- :mod:`skirmish.odds.dice`: characteristic, opposition and location rolls (Rulebook 2.A);
- :mod:`skirmish.odds.attacks`: melee with each reaction (6.A), shooting (6.B), explosions
  (8.C) and blasts (6.B) on :class:`~skirmish.odds.attacks.Combatant` models;
- :mod:`skirmish.odds.burn`: the intendancy burn roll (4.B step 3);
- :mod:`skirmish.odds.results`: :class:`~skirmish.odds.results.AttackOdds`, the result;
- :mod:`skirmish.odds.game`: :func:`~skirmish.odds.game.odds_of`, the odds of a legal
  attack from a game's state, and the matching agent choices;
- :mod:`skirmish.odds.chart`: the "at least X" curve (matplotlib).

Every probability is an exact :class:`~fractions.Fraction`.
"""

from skirmish.odds.attacks import AimPolicy, Combatant, parse_aim
from skirmish.odds.dice import opposition, successes
from skirmish.odds.game import burn_odds, melee_odds, odds_of, shooting_odds
from skirmish.odds.results import AttackOdds, FighterOdds

__all__ = [
    "AimPolicy",
    "AttackOdds",
    "Combatant",
    "FighterOdds",
    "burn_odds",
    "melee_odds",
    "odds_of",
    "opposition",
    "parse_aim",
    "shooting_odds",
    "successes",
]
