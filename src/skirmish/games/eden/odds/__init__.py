"""Exact odds of Eden's rolls and attacks (issue 6): what will this attack do?

- :mod:`skirmish.games.eden.odds.dice`: characteristic, opposition and location rolls (Rulebook
2.A);
- :mod:`skirmish.games.eden.odds.attacks`: melee with each reaction (6.A), shooting (6.B),
explosions
  (8.C) and blasts (6.B) on :class:`~skirmish.games.eden.odds.attacks.Combatant` models;
- :mod:`skirmish.games.eden.odds.burn`: the intendancy burn roll (4.B step 3);
- :mod:`skirmish.games.eden.odds.results`: :class:`~skirmish.games.eden.odds.results.AttackOdds`,
the result;
- :mod:`skirmish.games.eden.odds.game`: :func:`~skirmish.games.eden.odds.game.odds_of`, the odds of
a legal
  attack from a game's state, and the matching agent choices;
- :mod:`skirmish.games.eden.odds.chart`: the "at least X" curve (matplotlib).

Every probability is an exact :class:`~fractions.Fraction`.
"""

from skirmish.games.eden.odds.attacks import AimPolicy, Combatant, parse_aim
from skirmish.games.eden.odds.dice import opposition, successes
from skirmish.games.eden.odds.game import burn_odds, melee_odds, odds_of, shooting_odds
from skirmish.games.eden.odds.results import AttackOdds, FighterOdds

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
