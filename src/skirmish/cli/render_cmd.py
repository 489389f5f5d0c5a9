"""``skirmish render``: draw a table file (JSON) as SVG, with optional overlays.

Register with ``app.command("render")(render)``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from skirmish.cli.errors import check_output, guard, write_output
from skirmish.eden.inputs import FIELD_RANGE, DataError, check_numbers, number, quote, read_data
from skirmish.geometry.paths import is_legal_move, path_cost
from skirmish.geometry.shapes import Base, Point
from skirmish.geometry.svg import render as render_svg
from skirmish.geometry.table import Table
from skirmish.geometry.templates import (
    blast_outline,
    explosion_outline,
    nearest_base,
)
from skirmish.geometry.zones import DeploymentZone, ambush_zone, confrontation_zone

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
    return Point(x, y)


def _base(table: Table, name: str) -> Base:
    try:
        return table.base(name)
    except KeyError as err:
        raise typer.BadParameter(f"no base named {name!r} in the table") from err


@guard
def render(
    table_file: Annotated[
        Path, typer.Argument(help="Table file (JSON: field, elements, bases, markers).")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="SVG file to write.")] = Path(
        "table.svg"
    ),
    los: Annotated[
        str | None,
        typer.Option(help="Line of sight VIEWER:TARGET (base names; TARGET may be X,Y)."),
    ] = None,
    path: Annotated[
        str | None,
        typer.Option(help="Cheapest path MOVER:X,Y (base name and destination in cm)."),
    ] = None,
    allowance: Annotated[
        float | None, typer.Option(help="With --path: also check the move against this.")
    ] = None,
    explosion: Annotated[
        str | None, typer.Option(help="Explosion template centred on X,Y.")
    ] = None,
    blast: Annotated[
        str | None,
        typer.Option(
            help="Blast template ATTACKER:ANGLE (degrees) or ATTACKER:TARGET (base name)."
        ),
    ] = None,
    zones: Annotated[
        str | None,
        typer.Option(help="Deployment zones to draw: 'confrontation' or 'ambush'."),
    ] = None,
    labels: Annotated[bool, typer.Option(help="Write base names.")] = True,
) -> None:
    """Draw TABLE_FILE as an SVG picture."""
    check_output(out, "SVG file")
    if allowance is not None and not (math.isfinite(allowance) and 0 <= allowance <= 1000):
        raise typer.BadParameter(f"--allowance: expected 0 to 1000 cm, got {allowance}")
    table = load_table(table_file)
    los_arg = None
    if los:
        viewer_name, _, target_name = los.partition(":")
        if not viewer_name or not target_name:
            raise typer.BadParameter("--los needs VIEWER:TARGET")
        viewer = _base(table, viewer_name)
        target = _xy(target_name) if "," in target_name else _base(table, target_name)
        los_arg = (viewer, target)
    path_pts = None
    if path:
        mover_name, _, dest = path.partition(":")
        mover = _base(table, mover_name)
        end = _xy(dest)
        others = table.others(mover)
        if allowance is not None:
            check = is_legal_move(mover, end, allowance, field=table.field, bases=others,
                                  elements=table.elements, markers=table.markers)  # fmt: skip
            typer.echo(f"move legal={check.legal} reason={check.reason or '-'} "
                       f"cost={check.cost:.3f}")  # fmt: skip
            path_pts = list(check.path) or None
        else:
            res = path_cost(mover, end, field=table.field, bases=others, elements=table.elements)
            if res is None:
                typer.echo("no path")
            else:
                typer.echo(f"path cost={res.cost:.3f} length={res.length:.3f}")
                path_pts = list(res.points)
    template = None
    if explosion:
        template = explosion_outline(_xy(explosion))
    elif blast:
        att_name, _, spec = blast.partition(":")
        attacker = _base(table, att_name)
        try:
            angle = math.radians(float(spec))
            if not math.isfinite(angle):
                raise ValueError(spec)
        except ValueError:
            tgt = _base(table, spec) if spec else nearest_base(attacker, table.others(attacker))
            if tgt is None:
                raise typer.BadParameter("no target for the blast") from None
            angle = math.atan2(tgt.y - attacker.y, tgt.x - attacker.x)
        template = blast_outline(attacker, angle)
    zone_list: list[DeploymentZone] = []
    if zones:
        make = {"confrontation": confrontation_zone, "ambush": ambush_zone}.get(zones)
        if make is None:
            raise typer.BadParameter("--zones is 'confrontation' or 'ambush'")
        zone_list = [make(table.field, "south"), make(table.field, "north")]
    svg = render_svg(
        table, los=los_arg, path=path_pts, template=template, zones=zone_list, labels=labels
    )
    write_output(out, svg, "SVG file")
    typer.echo(f"wrote {out}")
