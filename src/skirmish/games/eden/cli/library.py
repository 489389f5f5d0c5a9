"""Eden's card library for the commands: the sample cards, the content folders that troop
files name, then ``--content``; a malformed or missing file ends the command with one line
(:mod:`skirmish.cli.errors`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library


def library_or_exit(content: list[Path] | tuple[Path, ...] | None = None,
                    troop_files: list[Path] | tuple[Path, ...] = ()) -> Library:
    """The card library: the sample cards, the content folders that ``troop_files`` name
    (their ``content:`` list, relative to the troop file) and then ``content``. A malformed
    or missing file ends the command with one line (cli/errors.py)."""
    from skirmish.cli.errors import fail
    from skirmish.games.eden.cards.library import ContentError
    from skirmish.games.eden.cards.troop_files import content_of_troop_files
    from skirmish.games.eden.content import load_library

    try:
        folders = [*content_of_troop_files(troop_files), *(content or ())]
        return load_library(folders)
    except ContentError as exc:
        raise fail(str(exc)) from None
