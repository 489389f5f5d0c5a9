"""The options that several commands share, and the card library they read.

Kept light on purpose: ``skirmish --help`` imports every command module, so a command
module imports the engine only inside its functions (tests/cli/test_lazy_imports.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library
    from skirmish.games.masseffect.cards.library import Library as MELibrary

ContentOpt = Annotated[list[Path] | None, typer.Option(
    "--content", help="A folder (or file) of your own cards (YAML/JSON), on top of the "
                      "sample cards; repeatable.")]

RulesOpt = Annotated[str | None, typer.Option(
    "--rules", help="Eden's optional rules, comma-separated: territory (Territory "
                    "Management), infestation:LEVEL (1-10, or infestation:random), climate "
                    "(rolled with 2D6 as the match starts), climate:3, climate:2+12 "
                    "(combined), climate:roll+roll; e.g. territory,infestation:3,climate.")]

GAMES = ("eden", "masseffect")
GameOpt = Annotated[str | None, typer.Option(
    "--game", help="The game: eden (the default) or masseffect (Mass Effect: Annihilation).")]


def game_or_exit(*choices: str | None) -> str:
    """The first game given of ``choices`` (a command's ``--game``, then its group's), else
    "eden"; an unknown game ends the command with one line."""
    from skirmish.cli.errors import fail

    game = next((c for c in choices if c is not None), "eden")
    if game not in GAMES:
        raise fail(f"--game: eden or masseffect, got {game!r}")
    return game


def library_or_exit(content: list[Path] | tuple[Path, ...] | None = None,
                    troop_files: list[Path] | tuple[Path, ...] = ()) -> Library:
    """The card library: the sample cards, the content folders that ``troop_files`` name
    (their ``content:`` list, relative to the troop file) and then ``content``. A malformed
    or missing file ends the command with one line (cli/errors.py)."""
    from skirmish.cli.errors import fail
    from skirmish.games.eden.cards.library import ContentError, load_library
    from skirmish.games.eden.cards.troops import content_of_troop_files

    try:
        folders = [*content_of_troop_files(troop_files), *(content or ())]
        return load_library(folders)
    except ContentError as exc:
        raise fail(str(exc)) from None


def me_library_or_exit(content: list[Path] | tuple[Path, ...] | None = None) -> MELibrary:
    """Mass Effect: Annihilation's card library: its sample cards, then the ``content``
    folders. A malformed or missing file ends the command with one line."""
    from skirmish.cli.errors import fail
    from skirmish.games.masseffect.cards.library import ContentError, load_library

    try:
        return load_library(content or ())
    except ContentError as exc:
        raise fail(str(exc)) from None


def rules_setup(setup: dict[str, Any], rules: str | None, game: str = "eden") -> dict[str, Any]:
    """``setup`` playing the optional rules of ``--rules`` (they replace a set-up file's own);
    ``setup`` itself when the option is not given. Raises ValueError naming the part at
    fault."""
    if rules is None:
        return setup
    if game != "eden":
        raise ValueError(f"--rules: Eden's optional rules; --game {game} has none")
    from skirmish.games.eden.optional.options import parse_rules, with_options

    return with_options(setup, parse_rules(rules))


def rules_text(setup: Mapping[str, Any]) -> str:
    """The optional rules a set-up plays, in words ("none (the basic rules only)")."""
    from skirmish.games.eden.optional.options import options_of

    return options_of(setup).describe()
