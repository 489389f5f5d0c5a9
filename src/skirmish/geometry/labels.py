"""Greedy placement of label boxes so that no two of them overlap (picture pixels, y down).

Each label belongs to an :class:`Anchor`: a disc (a base, a marker) or a point (the middle
of a scenery element) with the label's width and height. Labels are placed in the order
given; each takes the first candidate position, nearest first, that stays inside the bounds,
overlaps no label placed before it and covers no other disc (or the fewest). Widths of
texts are estimated from their character counts (:func:`text_width`).

The placed labels and the discs are kept in a :class:`Grid` (a uniform grid of cells), so
that each candidate is tested only against those near it: the time grows with the number
of labels, not with its square (10,000 bases draw in seconds), and the boxes are those of
a test against every placed label and every disc.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Sequence
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


#: The unit vector of each of :data:`ANGLES` (screen: y down).
RAYS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in ANGLES)


def candidates(anchor: Anchor) -> Iterator[tuple[float, Box]]:
    """(gap, box) positions around the anchor, nearest first: the box's nearest corner (or
    the middle of its nearest side) on a ray from the centre, ``gap`` px beyond the disc."""
    w, h = anchor.width, anchor.height
    if anchor.centred:
        yield 0.0, (anchor.x - w / 2, anchor.y - h / 2, w, h)
    for gap in GAPS:
        d = anchor.r + gap
        for ux, uy in RAYS:
            px, py = anchor.x + d * ux, anchor.y + d * uy
            x0 = px - w / 2 if abs(ux) < 0.3 else (px if ux > 0 else px - w)
            y0 = py - h / 2 if abs(uy) < 0.3 else (py if uy > 0 else py - h)
            yield gap, (x0, y0, w, h)


#: The side (px) of a cell of :class:`Grid`: about a label's width, so that a candidate box
#: reads one to four cells.
CELL = 64.0
#: A box spanning more cells than this is not filed in cells but read by every query.
MAX_CELLS = 256


class Grid:
    """A spatial index of boxes (numbered 0, 1, ... as added): a uniform grid of ``CELL``
    px squares keyed by integer coordinates, each listing the boxes that reach into it.
    :meth:`near` answers every box that may share a point with the one asked about (and a
    few more), so that a test against all the boxes becomes a test against the near ones;
    the caller still makes the exact test. A box too large or not finite is in every
    answer, and a box asked about that is too large or not finite gets all of them."""

    __slots__ = ("cells", "everywhere", "size")

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.everywhere: list[int] = []
        self.size = 0

    @staticmethod
    def span(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int] | None:
        """The cells (first and last column, first and last row) that the box between the
        corners (x0, y0) and (x1, y1) reaches into; ``None`` when there are more than
        ``MAX_CELLS`` or a corner is not finite."""
        if x1 < x0:
            x0, x1 = x1, x0
        if y1 < y0:
            y0, y1 = y1, y0
        try:
            i0, i1 = math.floor(x0 / CELL), math.floor(x1 / CELL)
            j0, j1 = math.floor(y0 / CELL), math.floor(y1 / CELL)
        except (OverflowError, ValueError):  # an infinity or a NaN
            return None
        if (i1 - i0 + 1) * (j1 - j0 + 1) > MAX_CELLS:
            return None
        return i0, i1, j0, j1

    def add(self, x0: float, y0: float, x1: float, y1: float) -> int:
        """Files the box between the corners (x0, y0) and (x1, y1); returns its number."""
        item = self.size
        self.size += 1
        span = self.span(x0, y0, x1, y1)
        if span is None:
            self.everywhere.append(item)
            return item
        i0, i1, j0, j1 = span
        cells = self.cells
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                cell = cells.get((i, j))
                if cell is None:
                    cells[i, j] = [item]
                else:
                    cell.append(item)
        return item

    def lists(self, x0: float, y0: float, x1: float, y1: float) -> list[Sequence[int]]:
        """The lists of the cells that the box between the corners (x0, y0) and (x1, y1)
        reaches into, and that of the boxes in every answer: a box may be in several."""
        span = self.span(x0, y0, x1, y1)
        if span is None:
            return [range(self.size)]
        i0, i1, j0, j1 = span
        cells = self.cells
        found: list[Sequence[int]] = [self.everywhere] if self.everywhere else []
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                cell = cells.get((i, j))
                if cell is not None:
                    found.append(cell)
        return found

    def near(self, x0: float, y0: float, x1: float, y1: float) -> Collection[int]:
        """The numbers of the boxes in :meth:`lists`, each once, in no particular order."""
        found = self.lists(x0, y0, x1, y1)
        if len(found) == 1:  # the common case: a box in one cell, items in it once each
            return found[0]
        return {k for cell in found for k in cell}


def _overlaps_any(box: Box, placed: Sequence[Box], index: Grid) -> bool:
    """``any(overlap(box, p) for p in placed)``, reading only the boxes near ``box``: the
    same float operations as :func:`overlap`, inlined (the hottest test of :func:`place`)."""
    ax0, ay0 = box[0], box[1]
    ax1, ay1 = ax0 + box[2], ay0 + box[3]
    for cell in index.lists(ax0, ay0, ax1, ay1):
        for k in cell:
            b = placed[k]
            bx0, bx1 = b[0], b[0] + b[2]
            # min(a, b) is ``b if b < a else a``, max(a, b) ``b if b > a else a``
            w = (bx1 if bx1 < ax1 else ax1) - (bx0 if bx0 > ax0 else ax0)
            if w > 0:
                by0, by1 = b[1], b[1] + b[3]
                h = (by1 if by1 < ay1 else ay1) - (by0 if by0 > ay0 else ay0)
                if h > 0 and w * h:
                    return True
    return False


def _overlap_sum(box: Box, placed: Sequence[Box], index: Grid) -> float:
    """``sum(overlap(box, p) for p in placed)``: the same sum, in the same order, of the
    terms that are not 0 (adding 0.0 changes no sum of these)."""
    near = sorted(index.near(box[0], box[1], box[0] + box[2], box[1] + box[3]))
    return sum(overlap(box, placed[k]) for k in near)


def _covered(box: Box, own: tuple[float, float, float],
             discs: Sequence[tuple[float, float, float]], index: Grid) -> int:
    """How many of ``discs`` other than ``own`` the box covers, reading only the discs near
    it: the same float operations as :func:`hits_disc`, inlined."""
    bx0, by0 = box[0], box[1]
    bx1, by1 = bx0 + box[2], by0 + box[3]
    count = 0
    for k in index.near(bx0, by0, bx1, by1):
        d = discs[k]
        if d == own:
            continue
        x, y, r = d
        nx = bx0 if bx0 > x else x
        nx = bx1 if bx1 < nx else nx
        ny = by0 if by0 > y else y
        ny = by1 if by1 < ny else ny
        if (nx - x) ** 2 + (ny - y) ** 2 < r * r:
            count += 1
    return count


def place(anchors: Sequence[Anchor], bounds: Box,
          discs: Sequence[tuple[float, float, float]] = ()) -> list[Box]:
    """A box for each anchor, in order (greedy): inside ``bounds`` and overlapping no box
    placed before it. Among those, the nearest that covers none of ``discs`` (x, y, r) and
    of the other anchors' discs; failing that, the one covering fewest discs. When every
    candidate overlaps a label, the one overlapping least is kept.

    Linear in the number of anchors on a table of bounded density: the placed boxes and the
    discs are in :class:`Grid` indexes, so that each candidate is tested only against those
    near it (the same tests as against all of them, so the same boxes)."""
    placed: list[Box] = []
    placed_index = Grid()
    avoid = [*discs, *((a.x, a.y, a.r) for a in anchors if a.r > 0)]
    disc_index = Grid()
    for x, y, r in avoid:  # filed a little wider all round (1 px, and more far from the
        # origin, where a float's steps grow): the index's answer holds every disc hit
        reach = abs(r) + 1.0 + 1e-6 * (abs(x) + abs(y) + abs(r))
        disc_index.add(x - reach, y - reach, x + reach, y + reach)
    for anchor in anchors:
        own = (anchor.x, anchor.y, anchor.r)
        # The first candidate (nearest first) that is clear and covers nothing wins at once;
        # the others are kept only for the fall-backs.
        options: list[tuple[float, Box]] = []
        clear: list[tuple[Box, int]] = []
        chosen: Box | None = None
        for gap, box in candidates(anchor):
            if not inside(box, bounds):
                continue
            options.append((gap, box))
            if not _overlaps_any(box, placed, placed_index):
                count = _covered(box, own, avoid, disc_index)
                if not count:
                    chosen = box
                    break
                clear.append((box, count))
        if chosen is None and clear:
            chosen = min(clear, key=lambda o: o[1])[0]
        elif chosen is None:
            pool = options or [next(candidates(anchor))]
            chosen = min(pool, key=lambda o: _overlap_sum(o[1], placed, placed_index))[1]
        placed.append(chosen)
        placed_index.add(chosen[0], chosen[1], chosen[0] + chosen[2], chosen[1] + chosen[3])
    return placed
