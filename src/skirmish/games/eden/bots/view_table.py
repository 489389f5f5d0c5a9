"""The table as a view shows it, read once per table: the scenery elements and the markers.

Views of one table share their ``scenery`` and ``markers`` lists (Eden's state builds them
once per table; views are read-only), so a bot that reads them at every decision reads them
once: remembered by the list's identity, and read afresh from any other list."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from skirmish.geometry import Element, Marker

T = TypeVar("T")
_READ: dict[int, tuple[object, tuple[Any, ...]]] = {}


def _read(listed: Sequence[Mapping[str, Any]], parse: Callable[[Mapping[str, Any]], T]
          ) -> tuple[T, ...]:
    known = _READ.get(id(listed))
    if known is not None and known[0] is listed:
        return known[1]
    read = tuple(parse(item) for item in listed)
    if len(_READ) >= 1024:
        _READ.clear()
    _READ[id(listed)] = (listed, read)  # the list kept: its id is not reused meanwhile
    return read


def elements_in(view: Mapping[str, Any]) -> tuple[Element, ...]:
    """The view's scenery elements."""
    return _read(view["scenery"], Element.from_dict)


def markers_in(view: Mapping[str, Any]) -> tuple[Marker, ...]:
    """The view's markers."""
    return _read(view["markers"], Marker.from_dict)
