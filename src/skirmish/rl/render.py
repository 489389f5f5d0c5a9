"""Rendering an environment's game: ``"rgb_array"`` (the engine's SVG picture of the table,
rasterised by resvg), ``"ansi"`` (a few lines of text from the spectator's view) and
``"human"`` (that text printed).

Both show the table as a spectator sees it (no player's secrets), for people; the agents'
observations are :mod:`.observations`.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from skirmish.core.events import ActionEvent
from skirmish.core.game import Game

if TYPE_CHECKING:
    from skirmish.rl.game_parts import GameRL

RENDER_MODES = ("ansi", "rgb_array", "human")


def rgb_array(game: Game, *, width: int | None = None) -> npt.NDArray[np.uint8]:
    """The table as an RGB image, ``(height, width, 3)`` ``uint8``: the ruleset's SVG
    picture (``game._repr_svg_()``) rasterised by resvg on a white page (a blank page when
    the ruleset draws none)."""
    svg = game._repr_svg_()
    if svg is None:
        return np.full((64, 64, 3), 255, dtype=np.uint8)
    import resvg_py
    from PIL import Image

    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white", width=width))
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()


def ansi(game: Game, part: GameRL, title: str) -> str:
    """The game in a few lines: the title and the game's headline (round, scores ...:
    :meth:`GameRL.headline <skirmish.rl.game_parts.GameRL.headline>`), every piece
    (:meth:`~skirmish.rl.game_parts.GameRL.piece_lines`), the pending decision and the
    last action."""
    view = game.view(None)
    lines = [f"{title}: {part.headline(view)}", *part.piece_lines(view)]
    if game.is_over:
        outcome = game.outcome()
        winner = None if outcome is None else outcome.winner
        lines.append(f"over: {outcome.reason if outcome else ''} "
                     f"(winner: {'none, a draw' if winner is None else 'AB'[winner]})")
    else:
        decision = game.decision()
        lines.append(f"decision: {decision.kind} for player {'AB'[decision.player]}")
    last = next((e for e in reversed(game.log) if isinstance(e, ActionEvent)), None)
    if last is not None:
        shown = last if last.audience is None else last.redacted()  # a bid stays secret
        lines.append(f"last action: {shown.text()}")
    return "\n".join(lines) + "\n"
