"""Greedy placement of label boxes so that no two of them overlap (picture pixels, y down).

Each label belongs to an :class:`Anchor`: a disc (a base, a marker) or a point (the middle
of a scenery element) with the label's width and height. Labels are placed in the order
given; each takes the first candidate position, nearest first, that stays inside the bounds,
overlaps no label placed before it and covers no other disc (or the fewest). Widths of
texts are estimated from their character counts (:func:`text_width`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

#: A box: x, y of its top-left corner, width, height.
Box = tuple[float, float, float, float]

#: Gaps (px) between a disc's edge and its label, nearest first.
GAPS = (3.0, 9.0, 16.0, 25.0, 36.0, 50.0, 68.0, 90.0, 120.0, 160.0, 210.0, 270.0, 340.0)
#: Directions tried at each gap (degrees, screen: 90 is straight down), in that order.
ANGLES = (90, 270, 0, 180, 45, 315, 135, 225, 67.5, 112.5, 292.5, 247.5, 22.5, 337.5,
          157.5, 202.5)


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """An estimate (px) of the width of ``text`` in a wide sans-serif font (DejaVu Sans)
    at ``size`` px: a little more than the font's average advance, so that boxes fit."""
    per = 0.72 if bold else 0.64
    narrow = sum(1 for c in text if c in "iljtf.,:;'!|I ()")
    return (len(text) - 0.4 * narrow) * size * per


@dataclass(frozen=True, slots=True)
class Anchor:
    """What a label names: a disc of radius ``r`` centred on (x, y) (``r`` = 0: a point),
    and the label's size. ``centred``: the label may sit on the anchor itself (a name
    written across a scenery element)."""

    x: float
    y: float
    r: float
    width: float
    height: float
    centred: bool = False


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def hits_disc(box: Box, x: float, y: float, r: float) -> bool:
    """True when the box and the disc overlap."""
    nx = min(max(x, box[0]), box[0] + box[2])
    ny = min(max(y, box[1]), box[1] + box[3])
    return (nx - x) ** 2 + (ny - y) ** 2 < r * r


def inside(box: Box, bounds: Box) -> bool:
    return (box[0] >= bounds[0] - 1e-9 and box[1] >= bounds[1] - 1e-9
            and box[0] + box[2] <= bounds[0] + bounds[2] + 1e-9
            and box[1] + box[3] <= bounds[1] + bounds[3] + 1e-9)


def candidates(anchor: Anchor) -> Iterator[tuple[float, Box]]:
    """(gap, box) positions around the anchor, nearest first: the box's nearest corner (or
    the middle of its nearest side) on a ray from the centre, ``gap`` px beyond the disc."""
    w, h = anchor.width, anchor.height
    if anchor.centred:
        yield 0.0, (anchor.x - w / 2, anchor.y - h / 2, w, h)
    for gap in GAPS:
        d = anchor.r + gap
        for angle in ANGLES:
            ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            px, py = anchor.x + d * ux, anchor.y + d * uy
            x0 = px - w / 2 if abs(ux) < 0.3 else (px if ux > 0 else px - w)
            y0 = py - h / 2 if abs(uy) < 0.3 else (py if uy > 0 else py - h)
            yield gap, (x0, y0, w, h)


def place(anchors: Sequence[Anchor], bounds: Box,
          discs: Sequence[tuple[float, float, float]] = ()) -> list[Box]:
    """A box for each anchor, in order (greedy): inside ``bounds`` and overlapping no box
    placed before it. Among those, the nearest that covers none of ``discs`` (x, y, r) and
    of the other anchors' discs; failing that, the one covering fewest discs. When every
    candidate overlaps a label, the one overlapping least is kept."""
    placed: list[Box] = []
    avoid = [*discs, *((a.x, a.y, a.r) for a in anchors if a.r > 0)]
    for anchor in anchors:
        own = (anchor.x, anchor.y, anchor.r)
        def covered(box: Box, own: tuple[float, float, float] = own) -> int:
            return sum(1 for d in avoid if d != own and hits_disc(box, *d))

        # The first candidate (nearest first) that is clear and covers nothing wins at once;
        # the others are kept only for the fall-backs.
        options: list[tuple[float, Box]] = []
        clear: list[tuple[float, Box]] = []
        chosen: Box | None = None
        for gap, box in candidates(anchor):
            if not inside(box, bounds):
                continue
            options.append((gap, box))
            if not any(overlap(box, p) for p in placed):
                clear.append((gap, box))
                if not covered(box):
                    chosen = box
                    break
        if chosen is None and clear:
            chosen = min(clear, key=lambda o: covered(o[1]))[1]
        elif chosen is None:
            pool = options or [next(candidates(anchor))]
            chosen = min(pool, key=lambda o: sum(overlap(o[1], p) for p in placed))[1]
        placed.append(chosen)
    return placed
