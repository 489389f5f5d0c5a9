"""``skirmish troop``: check a troop file, or build a new one (Rulebook 3; a band file in a
game of bands): the ``"cli"`` part of the game ``--game`` names does the work
(:meth:`skirmish.cli.game_parts.GameCommands.validate_troop`,
:meth:`~skirmish.cli.game_parts.GameCommands.new_troop`).

Add to the main app: ``app.add_typer(troop_app, name="troop")``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from skirmish.cli.errors import SkirmishTyper
from skirmish.cli.options import ContentOpt, GameOpt, game_or_exit

#: Rulebook 3 (the default game's largest budget, checked by a test).
MAX_BUDGET = 200
#: The longest troop (band) name.
MAX_NAME = 200
console = Console(soft_wrap=True)

troop_app = SkirmishTyper(help="Check or build a troop (Rulebook 3) or, with --game, the "
                               "game's own (a band ...).", no_args_is_help=True,
                          add_completion=False)


@troop_app.command("validate")
def validate(
    file: Annotated[Path, typer.Argument(help="A troop file (YAML or JSON), or the game's "
                                              "own (a band file ...).")],
    content: ContentOpt = None,
    game: GameOpt = None,
) -> None:
    """Check a troop against Rulebook 3; exit code 2 with every broken rule named (a game
    of bands: every broken rule on its own line and exit code 1 when it breaks one)."""
    from skirmish.cli.game_parts import commands_of

    commands_of(game_or_exit(game)).validate_troop(console, file, content)


@troop_app.command("new")
def new(
    out: Annotated[Path, typer.Option(help="The troop file to write (.yaml or .json).")] =
    Path("troop.yaml"),
    faction: Annotated[str | None, typer.Option(help="A faction troop of this faction.")] =
    None,
    stigma: Annotated[str | None, typer.Option(help="A stigma troop of this stigma.")] = None,
    fighters: Annotated[str | None, typer.Option(help="Comma-separated fighter names.")] =
    None,
    budget: Annotated[int | None, typer.Option(
        help=f"Points (100; agreed up to {MAX_BUDGET}; a game of bands: its own, e.g. 30, "
             "10 to 200).")] = None,
    leader: Annotated[str | None, typer.Option(help="The troop leader.")] = None,
    name: Annotated[str, typer.Option(help="A name for the troop.")] = "",
    content: ContentOpt = None,
    game: GameOpt = None,
    figures: Annotated[str | None, typer.Option(
        help="A game of bands: comma-separated profile names (a name twice: two "
             "figures).")] = None,
) -> None:
    """Build a troop from --fighters, or interactively (prompts), and write it (a game of
    bands: a band file from --figures, or prompts, in --faction)."""
    from skirmish.cli.errors import fail
    from skirmish.cli.game_parts import commands_of

    if budget is not None and not 1 <= budget <= MAX_BUDGET:  # each game narrows it
        raise fail(f"--budget: 1 to {MAX_BUDGET} points, got {budget}")
    if len(name) > MAX_NAME:
        raise fail(f"--name: at most {MAX_NAME} characters, got {len(name)}")
    commands_of(game_or_exit(game)).new_troop(
        console, out, faction=faction, stigma=stigma, fighters=fighters, budget=budget,
        leader=leader, name=name, content=content, figures=figures)
