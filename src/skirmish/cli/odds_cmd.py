"""``skirmish odds``: the commands live in the package :mod:`skirmish.games.eden.cli.odds`; this
module keeps the names that tests and other modules import from here."""

from __future__ import annotations

from skirmish.games.eden.cli.odds import (
    default_setup,
    duel,
    duel_game,
    find_profile,
    load_setup,
    odds_app,
)

__all__ = ["default_setup", "duel", "duel_game", "find_profile", "load_setup", "odds_app"]
