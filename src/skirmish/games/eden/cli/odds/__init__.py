"""``skirmish odds``: exact odds of a roll and of every attack the engine has (issue 6).

- :mod:`~skirmish.games.eden.cli.odds.common`: the app, the options, fighters by name on an empty
  table (:func:`find_profile`, :func:`duel`), the output;
- :mod:`~skirmish.games.eden.cli.odds.single`: ``roll``, ``melee``, ``charge``, ``shoot``, ``burn``;
- :mod:`~skirmish.games.eden.cli.odds.templates`: ``throw``, ``blast``, ``explosion``;
- :mod:`~skirmish.games.eden.cli.odds.compare`: ``compare`` (reactions or attackers side by side);
- ``shoot`` and ``melee`` with ``--game NAME`` hand over to that game's own command
  (:mod:`skirmish.cli.game_commands`).

Importing the package registers every command on :data:`odds_app`.
"""

from __future__ import annotations

# The commands are registered (and listed by --help) in this order.
# isort: off
from skirmish.games.eden.cli.odds import single, templates, compare  # noqa: F401
# isort: on
from skirmish.games.eden.cli.odds.common import (
    default_setup,
    duel,
    duel_game,
    find_profile,
    load_setup,
    odds_app,
)

__all__ = ["default_setup", "duel", "duel_game", "find_profile", "load_setup", "odds_app"]
