"""The table file that ``skirmish render`` draws (JSON: field, elements, bases, markers),
read with bounded resources; every error names the field at fault."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer

from skirmish.core.data_files import DataError, check_numbers, number, quote, read_data
from skirmish.geometry.shapes import Base, Point
from skirmish.geometry.table import Table

#: A table file's field: width and height from 20 to 500 cm.
FIELD_RANGE = (20, 500)

#: Every number of a table file is finite and at most this in size (cm, mm or a count).
TABLE_NUMBER_LIMIT = 10_000
#: A base's diameter (mm) and a marker's or circle's radius (cm).
BASE_MM_RANGE = (1, 200)
RADIUS_RANGE = (0, 100)


def _objects(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    items = data.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        raise DataError(f"table.{key}: expected a list of objects, got {quote(items)}")
    return items


def load_table(path: Path) -> Table:
    """A table file, checked before it is drawn: numbers finite, the field 20-500 cm a side,
    radii and base sizes positive and bounded. Errors name the file and the field."""
    try:
        data = read_data(path, "json")
        if not isinstance(data, Mapping):
            raise DataError(f"expected an object with field, elements, bases, markers, got "
                            f"{quote(data)}")
        field = data.get("field", {})
        if not isinstance(field, Mapping):
            raise DataError(f"table.field: expected {{width, height}} in cm, got "
                            f"{quote(field)}")
        for key in ("width", "height"):
            if key in field:
                number(field[key], f"table.field.{key}", *FIELD_RANGE)
        for i, element in enumerate(_objects(data, "elements")):
            circle = element.get("circle")
            if isinstance(circle, list) and len(circle) == 3:
                number(circle[2], f"table.elements[{i}].circle radius", 1e-6,
                       RADIUS_RANGE[1])
        for i, base in enumerate(_objects(data, "bases")):
            if "radius" in base:
                number(base["radius"], f"table.bases[{i}].radius", 0.05,
                       BASE_MM_RANGE[1] / 20)
            if "diameter_mm" in base:
                number(base["diameter_mm"], f"table.bases[{i}].diameter_mm", *BASE_MM_RANGE)
        for i, marker in enumerate(_objects(data, "markers")):
            if "radius" in marker:
                number(marker["radius"], f"table.markers[{i}].radius", *RADIUS_RANGE)
        check_numbers(data, "table", TABLE_NUMBER_LIMIT)
        return Table.from_dict(data)
    except DataError as exc:
        raise ValueError(f"{path}: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
        raise ValueError(f"{path}: not a table: {what}") from None


def _xy(text: str) -> Point:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError as err:
        raise typer.BadParameter(f"expected X,Y in cm, got {text!r}") from err
    if not (math.isfinite(x) and math.isfinite(y)):
        raise typer.BadParameter(f"expected finite X,Y in cm, got {text!r}")
    if max(abs(x), abs(y)) > TABLE_NUMBER_LIMIT:  # as a table file's numbers (issue 46)
        raise typer.BadParameter(f"X,Y: {text!r} is out of range (-{TABLE_NUMBER_LIMIT} to "
                                 f"{TABLE_NUMBER_LIMIT} cm)")
    return Point(x, y)


def _base(table: Table, name: str) -> Base:
    try:
        return table.base(name)
    except KeyError as err:
        raise typer.BadParameter(f"no base named {name!r} in the table") from err
