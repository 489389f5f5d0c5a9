"""Mass Effect: Annihilation's card library for the commands: its sample cards, then the
``--content`` folders; a malformed or missing file ends the command with one line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmish.games.masseffect.cards.library import Library


def me_library_or_exit(content: list[Path] | tuple[Path, ...] | None = None) -> Library:
    """The card library: its sample cards, then the ``content`` folders. A malformed or
    missing file ends the command with one line."""
    from skirmish.cli.errors import fail
    from skirmish.games.masseffect.cards.library import ContentError, load_library

    try:
        return load_library(content or ())
    except ContentError as exc:
        raise fail(str(exc)) from None
