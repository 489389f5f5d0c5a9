"""``skirmish odds``: exact odds of a roll and of an attack. The commands are the default
game's (its ``"cli"`` part's :meth:`~skirmish.cli.game_parts.GameCommands.odds_app`); a
command another game has too runs that game's with ``--game NAME``
(:mod:`skirmish.cli.game_commands`). A default game without odds leaves one command that
says so."""

from __future__ import annotations

import typer

from skirmish.cli.errors import SkirmishTyper
from skirmish.cli.game_parts import commands_of
from skirmish.core.plugins import GAMES


def make_odds_app() -> typer.Typer:
    """The ``odds`` group: the default game's commands, or a group that says it has none."""
    commands = commands_of(GAMES.default())
    app = commands.odds_app()
    if app is not None:
        return app
    empty = SkirmishTyper(help="Exact odds: what will this roll or attack do?",
                          no_args_is_help=True, add_completion=False)

    @empty.command("roll")
    def roll() -> None:
        """(The default game has no exact odds.)"""
        raise commands.lacks("exact odds")

    return empty


odds_app = make_odds_app()
