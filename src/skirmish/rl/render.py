"""Rendering an environment's game: ``"rgb_array"`` (the engine's SVG picture of the table,
rasterised by resvg), ``"ansi"`` (a few lines of text from the spectator's view) and
``"human"`` (that text printed).

Both show the table as a spectator sees it (no player's secrets), for people; the agents'
observations are :mod:`.observations`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from skirmish.core.events import ActionEvent
from skirmish.core.game import Game

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


def _round(value: Any) -> str:
    return f"{float(value):.1f}"


def _eden_lines(view: Mapping[str, Any]) -> list[str]:
    lines = [f"Eden: round {view.get('round')}/{view.get('max_rounds')}, VP {view.get('vp')}, "
             f"SP {view.get('sp')}, hands {view.get('hand_sizes')}"]
    for f in view.get("fighters", ()):
        if not f.get("on_field") and not any(f.get("checked", ())):
            where = "off the field"
        elif not f.get("on_field"):
            where = "out"
        else:
            where = f"at {_round(f['x'])},{_round(f['y'])}"
        markers = " ".join(f"{k}:{v}" for k, v in sorted((f.get("markers") or {}).items()))
        lines.append(f"  {f['ref']:<28} {where:<16} CP lost {f.get('checked')} "
                     f"AP {f.get('ap')}{' activated' if f.get('activated') else ''}"
                     f"{' ' + markers if markers else ''}")
    return lines


def _masseffect_lines(view: Mapping[str, Any]) -> list[str]:
    lines = [f"Mass Effect: Annihilation: turn {view.get('turn')}/{view.get('turns')}, phase "
             f"{view.get('phase')}, scores {view.get('scores')}, extracted "
             f"{view.get('extracted')}"]
    for f in view.get("figures", ()):
        if f.get("out"):
            where = "out of action"
        elif f.get("extracted"):
            where = "extracted"
        elif not f.get("placed"):
            where = "not deployed"
        else:
            where = f"at {_round(f['x'])},{_round(f['y'])} facing {round(f.get('facing', 0))}"
        lines.append(f"  {f['ref']:<34} {where:<28} Vitalité {f.get('vitality')}/"
                     f"{f.get('max_vitality')} Armure {f.get('armour')}")
    return lines


def ansi(game: Game) -> str:
    """The game in a few lines: round, scores, every piece, the pending decision and the
    last action."""
    view = game.view(None)
    lines = (_eden_lines(view) if game.ruleset.name == "eden" else _masseffect_lines(view))
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
