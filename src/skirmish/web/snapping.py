"""The nearest legal point to a drop (docs/web.md, The board): when a fighter is dropped
where the rules refuse it (too far, on scenery, on another base, out of its zone), its
``probe`` answer names, as ``instead``, the same action at the legal point nearest the drop
that this search finds; the engine is the judge of every candidate (``Game.check``), so the
page never guesses a rule.

The candidates, nearest the drop first: rings around the drop (0.5 to 3 cm), then the
straight line back from the drop to where the piece stands (its farthest reachable point
along the way it was dragged). At most :data:`MAX_CHECKS` are asked, so an answer is quick
and bounded whatever the drop. When none is legal (a deployment dropped far from its zone),
the nearest of the legal actions the seat is offered for the same piece.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from skirmish.core.errors import GameOverError, IllegalActionError, NotationError
from skirmish.core.game import Game

__all__ = ["MAX_CHECKS", "candidates", "snap"]

#: At most this many candidate points are checked by the engine for one drop.
MAX_CHECKS = 64
#: The rings around the drop (cm) and how many points each holds.
RINGS = ((0.5, 8), (1.0, 8), (2.0, 12), (3.0, 12))
#: How many points of the line back from the drop to the piece.
LINE_STEPS = 24

_POINT = re.compile(r"^-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?$")


def candidates(drop: tuple[float, float], start: tuple[float, float] | None
               ) -> list[tuple[float, float]]:
    """The points tried for a drop at ``drop`` of a piece standing at ``start`` (``None``:
    not on the table yet), nearest the drop first."""
    x, y = drop
    found: list[tuple[float, float]] = []
    for radius, count in RINGS:
        for k in range(count):
            angle = 2 * math.pi * k / count
            found.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    if start is not None:
        sx, sy = start
        for k in range(1, LINE_STEPS):
            f = k / LINE_STEPS
            found.append((x + (sx - x) * f, y + (sy - y) * f))
    found.sort(key=lambda p: math.hypot(p[0] - x, p[1] - y))
    return found


def _legal(game: Game, text: str) -> bool:
    try:
        game.check(game.parse(text))
    except (IllegalActionError, GameOverError, NotationError, KeyError, ValueError):
        return False
    return True


def snap(game: Game, text: str, start: tuple[float, float] | None,
         legal: Callable[[str], bool] | None = None) -> tuple[str, tuple[float, float]] | None:
    """The action ``text`` (whose one point token is where the piece was dropped) moved to
    the nearest legal point found, and that point; ``None`` when there is none (or ``text``
    names no point). ``legal`` judges a text (default: the engine's ``check`` for the
    player deciding now)."""
    tokens = text.split(" ")
    at = next((i for i, tok in enumerate(tokens) if i > 0 and _POINT.match(tok)), None)
    if at is None:
        return None
    px, py = (float(v) for v in tokens[at].split(","))
    judge = legal or (lambda t: _legal(game, t))
    for n, (x, y) in enumerate(candidates((px, py), start)):
        if n >= MAX_CHECKS:
            break
        point = (round(x, 2), round(y, 2))
        tokens[at] = f"{point[0]:g},{point[1]:g}"
        candidate = " ".join(tokens)
        if judge(candidate):
            return candidate, point
    return _nearest_offered(game, tokens[:at], (px, py))


def _nearest_offered(game: Game, prefix: list[str], drop: tuple[float, float]
                     ) -> tuple[str, tuple[float, float]] | None:
    """Of the legal actions listed now, the one of the same verb and piece whose point is
    nearest ``drop``."""
    best: tuple[float, str, tuple[float, float]] | None = None
    for action in game.legal_actions():
        words = str(action).split(" ")
        if words[:len(prefix)] != prefix or len(words) <= len(prefix) \
                or not _POINT.match(words[len(prefix)]):
            continue
        x, y = (float(v) for v in words[len(prefix)].split(","))
        gap = math.hypot(x - drop[0], y - drop[1])
        if best is None or gap < best[0]:
            best = (gap, " ".join(words), (x, y))
    return None if best is None else (best[1], best[2])
