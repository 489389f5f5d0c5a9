"""Pictures of a table for the commands: :func:`write_picture` draws a game (through its
``"cli"`` part), a game's state, a picture or a table into a ``.svg``, ``.png`` or
``.json`` file, chosen by the suffix.

- ``.svg``: the framed, north-up picture (:func:`skirmish.geometry.svg.render`).
- ``.png``: the same picture rasterised by resvg (``resvg_py``), on a white page, with the
  system's fonts (its text needs a sans-serif font such as DejaVu Sans: see ``fc-list``).
- ``.json``: the table file ``skirmish render`` reads (field, elements, bases, markers),
  with the picture's notes, greyed bases and legend as extra keys, so that
  ``skirmish render FILE.json --out x.svg`` draws the same picture again.

The engine is imported inside the functions only (the command line loads fast).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.geometry.annotations import Picture

#: The suffixes :func:`write_picture` knows.
SUFFIXES = (".svg", ".png", ".json")


def picture_of(subject: Any, *, title: str | None = None, when: str = "") -> Picture:
    """The picture of a game, a game's state, a picture or a table: a game's own picture
    comes from its ``"cli"`` part (:meth:`skirmish.cli.game_parts.GameCommands.picture`).
    ``title`` replaces the default title; ``when`` is added to the title's round or turn."""
    from skirmish.cli.game_parts import commands_of
    from skirmish.core.game import Game
    from skirmish.core.plugins import GAMES
    from skirmish.geometry.annotations import Picture
    from skirmish.geometry.table import Table

    if isinstance(subject, Game):
        owners = [GAMES.get(subject.ruleset.name)] if subject.ruleset.name in GAMES else []
    else:
        owners = list(GAMES)
    for plugin in owners:
        made = commands_of(plugin).picture(subject, title=title, when=when)
        if made is not None:
            picture: Picture = made
            return picture
    if isinstance(subject, Game):
        subject = subject.state
    if isinstance(subject, Picture):
        return subject
    if isinstance(subject, Table):
        return Picture(subject, title=title or "")
    raise TypeError(f"no picture of a {type(subject).__name__}")


def png_of(svg: str) -> bytes:
    """The SVG text rasterised to PNG bytes (1 px per picture unit, white background)."""
    import resvg_py

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white"))


def write_picture(subject: Any, path: Path, *, title: str | None = None, when: str = ""
                  ) -> Path:
    """Draw ``subject`` (see :func:`picture_of`) into ``path``: SVG, PNG or JSON by its
    suffix. A bad suffix or an unwritable file is a ValueError naming the path."""
    from skirmish.geometry.svg import render

    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"{path}: a picture is a .svg, .png or .json file, not "
                         f"{suffix or 'a file without a suffix'!r}")
    picture = picture_of(subject, title=title, when=when)
    data: bytes
    if suffix == ".json":
        data = (json.dumps(picture.to_dict(), indent=1) + "\n").encode()
    else:
        svg = render(picture)
        data = png_of(svg) if suffix == ".png" else svg.encode()
    from skirmish.cli.errors import write_output

    write_output(path, data, "picture")
    return path
