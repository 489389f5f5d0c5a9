"""One command line, several games: a command that hands its whole command line over to
another game's command of the same name when the line says ``--game NAME``.

``skirmish odds shoot`` is the default game's ``shoot``; ``skirmish odds shoot --game
NAME ...`` is game NAME's own (its arguments differ). The default game registers its
commands with :func:`game_command` (its own name as ``owner``); the other game's command is
found in its ``"cli"`` part (:meth:`skirmish.cli.game_parts.GameCommands.odds_app`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

from skirmish.core.plugins import GAMES

if TYPE_CHECKING:
    from typer._click.core import Command, Context


def choices() -> str:
    """The installed games, ``a or b``."""
    return " or ".join(GAMES.names())


GameOpt = Annotated[str, typer.Option(
    "--game", help=f"The game: {choices()} (the default: {GAMES.default().name}). Another "
    "game's command takes that game's names as arguments (see '--game NAME --help').")]


def check_game(game: str) -> str:
    """``--game``: an installed game (case ignored)."""
    word = game.strip().lower()
    if word not in GAMES:
        raise ValueError(f"--game: expected {choices()}, got {game!r}")
    return word


def game_of(args: Sequence[str]) -> str | None:
    """The value of ``--game`` in a command line (``--game X`` or ``--game=X``; the last one,
    as click reads it), if any."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--game" and i + 1 < len(args):
            found = args[i + 1].strip().lower()
        elif arg.startswith("--game="):
            found = arg.partition("=")[2].strip().lower()
    return found


@functools.cache
def odds_command(game: str, name: str) -> Command | None:
    """Game ``game``'s ``odds`` command called ``name`` as click sees it, if it has one."""
    from skirmish.cli.game_parts import commands_of

    app = commands_of(game).odds_app()
    if app is None:
        return None
    group: Any = typer.main.get_command(app)
    commands = getattr(group, "commands", {group.name: group})
    command: Command | None = commands.get(name)
    return command


def game_command(owner: str) -> type[TyperCommand]:
    """The command class of ``owner``'s ``odds`` commands: a line saying ``--game NAME``
    (another installed game with a command of that name) runs that game's command."""

    class GameCommand(TyperCommand):
        def make_context(self, info_name: str | None, args: list[str],
                         parent: Context | None = None, **extra: Any) -> Context:
            game = game_of(args)
            if game is not None and game != owner and game in GAMES and self.name:
                other = odds_command(game, self.name)
                if other is not None:
                    return other.make_context(info_name, args, parent, **extra)
            return super().make_context(info_name, args, parent, **extra)

    return GameCommand
