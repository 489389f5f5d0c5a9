"""``skirmish render``: draw a table file (JSON) as SVG, with optional overlays.

Register with ``app.command("render")(render)``. The table file is read by
:mod:`skirmish.cli.table_file`.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli.errors import check_output, guard, write_output

if TYPE_CHECKING:
    from skirmish.geometry.annotations import Picture
    from skirmish.geometry.table import Table


def load_table(path: Path) -> Table:
    """The table of a table file (see :func:`skirmish.cli.table_file.load_table`)."""
    from skirmish.cli.table_file import load_table as load

    return load(path)


def load_picture(path: Path, table: Table) -> Picture:
    """The picture of a table file already read as ``table``: its notes, greyed bases,
    sides, title and legend lines when it has them (``skirmish replay --out FILE.json``
    writes them), else the table alone. Errors name the file."""
    from skirmish.core.data_files import read_data
    from skirmish.geometry.annotations import Picture

    try:
        return Picture.from_dict(read_data(path, "json"), table)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
        raise ValueError(f"{path}: not a picture: {what}") from None


@contextlib.contextmanager
def _named(option: str) -> Iterator[None]:
    """A bad value of ``option`` (a point, a base name) is refused naming the option."""
    try:
        yield
    except (typer.BadParameter, ValueError) as exc:
        text = exc.message if isinstance(exc, typer.BadParameter) else str(exc)
        if text.startswith(option):
            raise
        raise typer.BadParameter(f"{option}: {text}") from None


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
    frame: Annotated[bool, typer.Option(
        "--frame/--plain", help="The framed picture (north up, legend, scale bar, labels "
                                "and notes), or the plain field (y down, as the web table).")
    ] = True,
) -> None:
    """Draw TABLE_FILE as an SVG picture (or PNG, when --out ends in .png)."""
    from skirmish.cli.table_file import _base, _xy
    from skirmish.geometry.paths import is_legal_move, path_cost
    from skirmish.geometry.svg import render as render_svg
    from skirmish.geometry.templates import explosion_outline
    from skirmish.geometry.zones import DeploymentZone, ambush_zone, confrontation_zone

    check_output(out, "SVG file", suffixes=(".svg", ".png"))
    if allowance is not None and not (math.isfinite(allowance) and 0 <= allowance <= 1000):
        raise typer.BadParameter(f"--allowance: expected 0 to 1000 cm, got {allowance}")
    table = load_table(table_file)
    picture = load_picture(table_file, table)
    los_arg = None
    if los:
        viewer_name, _, target_name = los.partition(":")
        if not viewer_name or not target_name:
            raise typer.BadParameter("--los needs VIEWER:TARGET")
        with _named("--los"):
            viewer = _base(table, viewer_name)
            target = _xy(target_name) if "," in target_name else _base(table, target_name)
        los_arg = (viewer, target)
    path_pts = None
    if path:
        mover_name, _, dest = path.partition(":")
        with _named("--path"):
            mover = _base(table, mover_name)
            end = _xy(dest)
        others = table.others(mover)
        goal = f"{mover_name} to {end[0]:g},{end[1]:g}"
        if allowance is not None:
            check = is_legal_move(mover, end, allowance, field=table.field, bases=others,
                                  elements=table.elements, markers=table.markers)  # fmt: skip
            verdict = "a legal move" if check.legal else f"not a legal move ({check.reason})"
            typer.echo(f"{goal} with {allowance:g} cm of movement: {verdict}; the path costs "
                       f"{check.cost:.1f} cm of movement")  # fmt: skip
            path_pts = list(check.path) or None
        else:
            res = path_cost(mover, end, field=table.field, bases=others, elements=table.elements)
            if res is None:
                typer.echo(f"{goal}: no path (blocked by scenery, bases or the field's edge)")
            else:
                typer.echo(f"{goal}: the cheapest path is {res.length:.1f} cm long and costs "
                           f"{res.cost:.1f} cm of movement allowance")
                path_pts = list(res.points)
    template = None
    if explosion:
        with _named("--explosion"):
            centre = _xy(explosion)
        template = explosion_outline(centre)
    elif blast:
        with _named("--blast"):
            template = _blast(table, blast)
    zone_list: list[DeploymentZone] = []
    if zones:
        make = {"confrontation": confrontation_zone, "ambush": ambush_zone}.get(zones)
        if make is None:
            raise typer.BadParameter("--zones is 'confrontation' or 'ambush'")
        zone_list = [make(table.field, "south"), make(table.field, "north")]
    svg = render_svg(picture, los=los_arg, path=path_pts, template=template,
                     zones=zone_list or None, labels=labels, frame=frame)
    if out.suffix.lower() == ".png":
        from skirmish.cli.pictures import png_of

        write_output(out, png_of(svg), "PNG file")
    else:
        write_output(out, svg, "SVG file")
    typer.echo(f"wrote {out}")


def _blast(table: Table, blast: str) -> Any:
    """``--blast ATTACKER:ANGLE`` or ``ATTACKER:TARGET``: the blast template's outline."""
    from skirmish.cli.table_file import _base
    from skirmish.geometry.templates import blast_outline, nearest_base

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
    return blast_outline(attacker, angle)
