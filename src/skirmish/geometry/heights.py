"""Heights on the table: how high a base stands, and whether one base is above another.

Pure functions of the elements' footprints and ``height`` (cm); no rules. Conventions (docs/
rulings.md, G13): a base stands on an element when its centre lies in the element's footprint,
edge included; it stands at the height of the highest such element it may stand on (by
default, those a move may end on, ``can_end_on``; a ruleset passes its own test), else on the
ground, at 0.0. An element of height 0.0 (no height known) is ground level.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .shapes import Base, Point, shape_point_sdist
from .table import Element

#: Two heights closer than this (cm) are the same height.
HEIGHT_TOLERANCE = 1e-6
#: A centre this close (cm) to a footprint's edge is on the footprint.
EDGE_TOLERANCE = 1e-9

#: Whether a base may stand on an element (the ruleset's test).
StandOn = Callable[[Element], bool]


def _may_end_on(element: Element) -> bool:
    return element.can_end_on


def _centre(where: Base | Point) -> Point:
    return where.centre if isinstance(where, Base) else where


def elements_under(where: Base | Point, elements: Iterable[Element]) -> tuple[Element, ...]:
    """The elements whose footprint holds the point (a base's centre), edge included, in the
    order given."""
    x, y = _centre(where)
    return tuple(e for e in elements if shape_point_sdist(e.shape, x, y) <= EDGE_TOLERANCE)


def standing_on(where: Base | Point, elements: Iterable[Element],
                may_stand_on: StandOn | None = None) -> Element | None:
    """The element the base (or point) stands on: the highest one under its centre that it may
    stand on and that has a height; the first given of equally high ones; ``None`` for the
    ground.

    Lazily: an element without a height, or no higher than the best found, is passed by
    before its footprint is measured, and a footprint whose box leaves the centre out is
    passed by without the exact distance (the same element found as measuring them all)."""
    test = may_stand_on or _may_end_on
    x, y = _centre(where)
    best: Element | None = None
    for element in elements:
        height = element.height
        if height <= 0.0 or (best is not None and height <= best.height + HEIGHT_TOLERANCE):
            continue
        x0, y0, x1, y1 = element.shape.bounds()
        if not (x0 - EDGE_TOLERANCE <= x <= x1 + EDGE_TOLERANCE
                and y0 - EDGE_TOLERANCE <= y <= y1 + EDGE_TOLERANCE):
            continue  # outside its box: outside its footprint
        if shape_point_sdist(element.shape, x, y) <= EDGE_TOLERANCE and test(element):
            best = element
    return best


def standing_height(where: Base | Point, elements: Iterable[Element],
                    may_stand_on: StandOn | None = None) -> float:
    """The height (cm) the base (or point) stands at: that of :func:`standing_on`'s element,
    or 0.0 on the ground."""
    element = standing_on(where, elements, may_stand_on)
    return 0.0 if element is None else element.height


def is_above(upper: Base | Point, lower: Base | Point, elements: Iterable[Element],
             may_stand_on: StandOn | None = None) -> bool:
    """True when ``upper`` stands higher than ``lower`` (by more than
    :data:`HEIGHT_TOLERANCE`)."""
    items = tuple(elements)
    return (standing_height(upper, items, may_stand_on)
            > standing_height(lower, items, may_stand_on) + HEIGHT_TOLERANCE)
