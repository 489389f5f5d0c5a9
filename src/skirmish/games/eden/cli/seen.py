"""What a seat may know, for the ``table`` and ``odds`` commands of ``skirmish play``.

Both are answered from :func:`known_game` (:func:`skirmish.games.eden.knowledge.knowledge`, the
web table's too), a copy of the game without anything the seat may not know, so that
neither a picture nor an odds table can reveal the other seat's secrets.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from skirmish.cli.errors import write_output
from skirmish.cli.play.prompts import rounded
from skirmish.core.errors import IllegalActionError, NotationError
from skirmish.core.game import Game
from skirmish.games.eden.knowledge import knowledge as known_game
from skirmish.games.eden.rolling import state_of

REACTIONS = ("passive", "dodge", "response")


def write_table(game: Game, seat: int | None, path: Path) -> None:
    """Draw the table as ``seat`` knows it into ``path``: with
    ``skirmish.cli.pictures.write_picture`` when that module exists (.svg, .png or .json),
    else the plain drawing of :func:`skirmish.geometry.svg.render` (.svg, or .png through
    resvg). A bad suffix is a ValueError naming the path."""
    known = known_game(game, seat)
    try:
        pictures = importlib.import_module("skirmish.cli.pictures")
    except ImportError:
        pictures = None
    writer = getattr(pictures, "write_picture", None)
    if writer is not None:
        writer(known, path)
        return
    suffix = path.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise ValueError(f"{path}: the table is drawn as a .svg or .png file")
    from skirmish.geometry.svg import render

    svg = render(state_of(known).table())
    if suffix == ".png":
        import resvg_py

        write_output(path, bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white")),
                     "picture")
    else:
        write_output(path, svg, "picture")


def odds_lines(game: Game, seat: int | None, text: str) -> list[str]:
    """The exact odds of the attack ``text`` (an optional last word: the target's reaction)
    as ``seat`` knows the game, as lines; raises ValueError with the reason when there are
    none."""
    from skirmish.games.eden.odds import odds_of

    tokens = text.split()
    reaction = tokens.pop() if len(tokens) > 1 and tokens[-1] in REACTIONS else None
    known = known_game(game, seat)
    try:
        action = known.parse(" ".join(tokens))
    except NotationError as exc:
        raise ValueError(str(exc)) from None
    note = ""
    try:
        result = odds_of(known, action, reaction=reaction, check=True)
    except IllegalActionError as exc:
        note = f"(not legal now: {exc})"
        try:
            result = odds_of(known, action, reaction=reaction, check=False)
        except (IllegalActionError, KeyError, ValueError) as again:
            raise ValueError(f"no odds for '{rounded(str(action))}': {again}") from None
    except (KeyError, ValueError) as exc:
        raise ValueError(f"no odds for '{rounded(str(action))}': {exc}") from None
    settings = ", ".join(f"{k} {v}" for k, v in result.settings.items()
                         if not isinstance(v, dict) and v not in (None, ""))
    lines = [f"odds of {rounded(str(action))}: {result.kind} ({settings})"]
    if note:
        lines.append(note)
    lines.extend(result.summary().splitlines() if result.fighters else ["nobody is affected"])
    return lines
