"""Shapes, distances, line of sight, paths, templates and pictures. Knows no rules.

Units are centimetres. Main entry points:

- :mod:`.shapes` / :mod:`.table`: ``Point``, ``Base``, ``Circle``, ``Polygon``, ``Element``,
  ``Marker``, ``Field``, ``Table`` (immutable, JSON round trip, ``_repr_svg_``).
- :mod:`.distance`: edge-to-edge distances, ``in_contact``, ``place_in_contact``.
- :mod:`.sight`: ``line_of_sight`` -> ``SightResult`` (visible, obstacles, which elements).
- :mod:`.paths`: ``path_cost``, ``is_legal_move``, ``contact_positions``;
  :mod:`.destinations`: ``sample_destinations``.
- :mod:`.templates`: explosion and blast templates. :mod:`.zones`: deployment zones.
- :mod:`.heights`: the height a base stands at (``standing_height``), ``is_above``.
- :mod:`.svg`: ``render``. :mod:`.reference`: slow shapely oracles used by the tests.
"""

from __future__ import annotations

# svg: pictures sit above the table; importing them installs Table._repr_svg_'s drawing.
from . import svg as _svg  # noqa: F401
from .destinations import sample_destinations
from .distance import CONTACT_TOLERANCE, distance, in_contact, place_in_contact
from .paths import (
    MoveCheck,
    PathResult,
    contact_positions,
    is_legal_move,
    path_cost,
)
from .shapes import Base, Circle, Point, Polygon
from .sight import SightResult, line_of_sight
from .table import Element, Field, Marker, Table

__all__ = [
    "CONTACT_TOLERANCE",
    "Base",
    "Circle",
    "Element",
    "Field",
    "Marker",
    "MoveCheck",
    "PathResult",
    "Point",
    "Polygon",
    "SightResult",
    "Table",
    "contact_positions",
    "distance",
    "in_contact",
    "is_legal_move",
    "line_of_sight",
    "path_cost",
    "place_in_contact",
    "sample_destinations",
]
