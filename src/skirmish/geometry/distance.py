"""Edge-to-edge distances, contact, and placing a base exactly in contact with another."""

from __future__ import annotations

import math

from .shapes import Base, Circle, Point, Shape, shape_point_sdist, shapes_dist
from .table import Element, Marker

CONTACT_TOLERANCE = 0.05
"""Two bases are in contact when the gap between their edges is at most this (cm).

Bases never overlap in a legal position; a gap of at most 0.5 mm is what a player would call
"touching". The engine itself places charging bases exactly in contact (gap 0)."""


def base_distance(a: Base, b: Base) -> float:
    """Edge-to-edge distance between two bases (0 if they touch or overlap)."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)


def base_gap(a: Base, b: Base) -> float:
    """Signed gap between two bases: negative when they overlap."""
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def point_distance(a: Base, p: tuple[float, float]) -> float:
    """Distance from the edge of a base to a point (0 if the point is on the base)."""
    return max(0.0, math.hypot(a.x - p[0], a.y - p[1]) - a.radius)


def shape_distance(a: Base, shape: Shape) -> float:
    """Distance from the edge of a base to the closest point of a shape."""
    return shapes_dist(Circle(a.x, a.y, a.radius), shape)


def element_distance(a: Base, element: Element) -> float:
    """Distance from the edge of a base to the edges of a scenery element."""
    return shape_distance(a, element.shape)


def marker_distance(a: Base, marker: Marker) -> float:
    return max(0.0, math.hypot(a.x - marker.x, a.y - marker.y) - a.radius - marker.radius)


def distance(a: Base, target: Base | Point | tuple[float, float] | Element | Marker) -> float:
    """Edge-to-edge distance from a base to a base, point, element or marker."""
    if isinstance(target, Base):
        return base_distance(a, target)
    if isinstance(target, Element):
        return element_distance(a, target)
    if isinstance(target, Marker):
        return marker_distance(a, target)
    return point_distance(a, target)


def in_contact(a: Base, b: Base, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """True when the two bases touch: |gap| <= tolerance."""
    return abs(base_gap(a, b)) <= tolerance


def touches_element(a: Base, element: Element, tolerance: float = CONTACT_TOLERANCE) -> bool:
    """True when the base touches (or overlaps) the element within the tolerance."""
    return shape_point_sdist(element.shape, a.x, a.y) - a.radius <= tolerance


def place_in_contact(mover: Base, target: Base, angle: float) -> Base:
    """``mover`` moved so that it touches ``target`` exactly, on the side given by ``angle``.

    ``angle`` (radians) is the direction from the target's centre to the mover's new centre.
    """
    d = mover.radius + target.radius
    return mover.moved_to(target.x + d * math.cos(angle), target.y + d * math.sin(angle))


def place_in_contact_towards(mover: Base, target: Base) -> Base:
    """``mover`` moved straight along the line of centres until it touches ``target``."""
    ang = math.atan2(mover.y - target.y, mover.x - target.x)
    return place_in_contact(mover, target, ang)
