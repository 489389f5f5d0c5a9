"""``skirmish replay``: re-play a game record, verify it line by line, narrate it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

console = Console()


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (.jsonl).")],
    verify_hash: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Re-play and check every line: header, actions, events, end line "
            "(outcome, count, state hash). Exit 2 at the first difference.",
        ),
    ] = False,
    show: Annotated[bool, typer.Option(help="Narrate the re-played game.")] = False,
) -> None:
    """Re-play a game record from its header and actions."""
    from skirmish.cli.narrate import narrate
    from skirmish.core.errors import RecordError
    from skirmish.core.record import Record, verify_file

    try:
        game = verify_file(file) if verify_hash else Record.load(file).replay()
    except (RecordError, KeyError, ValueError) as exc:
        # One line on stderr, no traceback: the first difference and its line number.
        typer.echo("error: " + str(exc).replace("\n", " "), err=True)
        raise typer.Exit(2) from None
    if show:
        narrate(console, game.log)
    state = "verified: every line matches the re-play" if verify_hash else "re-played"
    console.print(f"{file}: {len(game.history)} actions {state} ({game.state_hash()[:16]})")
