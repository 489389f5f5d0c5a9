"""SVG pictures of a table: field, scenery (styled by property), bases, and optional overlays.

Two kinds of picture, 1 cm = ``SCALE`` px in both:

- ``render(table)``, the *plain* picture: the field only, y axis down (table y = 0 at the top
  edge), ``viewBox="0 0 W H"``. The web table draws it and maps clicks with exactly these
  coordinates, so it stays as it is.
- ``render(Picture(table, ...))`` (or ``frame=True``), the *framed* picture: **north up**
  (table y = 0, the south edge, at the bottom; x = 0, the west edge, on the left: see
  :class:`~skirmish.geometry.zones.DeploymentZone`), edges named, a 10 cm grid with its
  numbers, a title, a legend with a compass and a 10 cm scale bar, scenery names, a label
  box per base (its lines and pips, placed so that no two labels overlap:
  :mod:`.labels`), damage arcs, greyed bases (out of play, where they last stood) and a
  list of what is off the field. Its field keeps the top-left corner at (0, 0) of the
  ``viewBox``: the title, the legend and the margins lie around it.

Geometry knows no rules: what the lines, pips and greys mean is the caller's
(:class:`BaseNote`, :class:`Pip`). Every drawn thing carries an ``id`` (``element-<id>``,
``base-<id>``, ``marker-<id>``, ``los``, ``path``, ``template``, ``zone-<n>``) so tests and the
web table can find it; every label of a framed picture has a ``rect.label-box``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from .annotations import BaseNote, Picture, Pip
from .shapes import Base, Circle, Point
from .sight import Corridor, SightResult, corridor, line_of_sight
from .svg_frame import (
    GREY_STYLE,
    OWNER_COLOURS,
    SCALE,
    SIGHT_STYLE,
    frame_parts,
    owner_colour,
)
from .table import Element, Table, draw_tables_with
from .zones import DeploymentZone

__all__ = ["OWNER_COLOURS", "SCALE", "BaseNote", "Picture", "Pip", "render"]


# -- coordinates ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Map:
    """Table cm -> picture px: y down (plain) or north up (framed: y flipped)."""

    height: float
    north_up: bool

    def x(self, v: float) -> float:
        return v * SCALE

    def y(self, v: float) -> float:
        return (self.height - v) * SCALE if self.north_up else v * SCALE

    def pts(self, pts: Sequence[tuple[float, float]]) -> str:
        return " ".join(f"{self.x(x):.2f},{self.y(y):.2f}" for x, y in pts)


def _n(v: float) -> str:
    return f"{v:.2f}"


def _element(e: Element, m: _Map, highlight: str = "") -> str:
    style = SIGHT_STYLE[e.sight]
    if e.move_cost > 1.0:
        style += ";stroke-width:2"
    if highlight:
        style += f";stroke:{highlight};stroke-width:3"
    cls = f"scenery {e.sight}" + (" passable" if e.passable else "")
    shape = e.shape
    if isinstance(shape, Circle):
        body = (f'<circle cx="{_n(m.x(shape.x))}" cy="{_n(m.y(shape.y))}" '
                f'r="{_n(shape.radius * SCALE)}"/>')
    else:
        body = f'<polygon points="{m.pts(shape.points)}"/>'
    title = escape(e.label or e.id)
    extra = f" cost x{e.move_cost:g}" if e.move_cost > 1 else ""
    return (
        f'<g id={quoteattr("element-" + e.id)} class="{cls}" style="{style}">'
        f"<title>{title}{escape(extra)}</title>{body}</g>"
    )


def _arc(cx: float, cy: float, r: float, share: float) -> str:
    """An SVG path: the arc from 12 o'clock, clockwise, over ``share`` of the circle."""
    if share >= 0.999:
        return (f"M {_n(cx)} {_n(cy - r)} A {_n(r)} {_n(r)} 0 1 1 {_n(cx)} {_n(cy + r)} "
                f"A {_n(r)} {_n(r)} 0 1 1 {_n(cx)} {_n(cy - r)}")
    a = 2 * math.pi * share
    x, y = cx + r * math.sin(a), cy - r * math.cos(a)
    return f"M {_n(cx)} {_n(cy - r)} A {_n(r)} {_n(r)} 0 {int(share > 0.5)} 1 {_n(x)} {_n(y)}"


def _base(b: Base, m: _Map, colour: str, *, stroke: str = "#222", width: float = 1,
          note: BaseNote | None = None, greyed: bool = False, label: bool = False,
          opacity: float = 0.8) -> str:
    cx, cy, r = m.x(b.x), m.y(b.y), b.radius * SCALE
    style = (GREY_STYLE if greyed else
             f"fill:{colour};fill-opacity:{opacity:g};stroke:{stroke};stroke-width:{width:g}")
    title = note.title if note is not None and note.title else f"{b.id} ({b.owner})"
    parts = [f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" style="{style}"/>']
    if greyed:  # a cross on the greyed base
        k = r * 0.5
        parts.append(f'<path d="M {_n(cx - k)} {_n(cy - k)} L {_n(cx + k)} {_n(cy + k)} '
                     f'M {_n(cx - k)} {_n(cy + k)} L {_n(cx + k)} {_n(cy - k)}" '
                     'style="stroke:#616161;stroke-width:1.5"/>')
    elif note is not None and note.damage > 0:
        parts.append(f'<circle class="damage-track" cx="{_n(cx)}" cy="{_n(cy)}" '
                     f'r="{_n(r + 2.5)}" style="fill:none;stroke:#bdbdbd;stroke-width:1.5"/>')
        parts.append(f'<path class="damage" d="{_arc(cx, cy, r + 2.5, note.damage)}" '
                     'style="fill:none;stroke:#c62828;stroke-width:3;stroke-linecap:round"/>')
    if note is not None and note.facing is not None and not greyed:
        a = math.radians(note.facing)
        ux, uy = math.cos(a), (-1 if m.north_up else 1) * math.sin(a)
        parts.append(f'<line class="facing" x1="{_n(cx)}" y1="{_n(cy)}" '
                     f'x2="{_n(cx + ux * (r + 6))}" y2="{_n(cy + uy * (r + 6))}" '
                     'style="stroke:#212121;stroke-width:2;stroke-linecap:round"/>')
    if label and b.id:
        parts.append(f'<text x="{_n(cx)}" y="{_n(cy - r - 3)}" text-anchor="middle" '
                     f'font-size="12.00" font-family="sans-serif">{escape(b.id)}</text>')
    cls = "base greyed" if greyed else "base"
    return (f'<g id={quoteattr("base-" + b.id)} class="{cls}" data-owner={quoteattr(b.owner)}>'
            f"<title>{escape(title)}</title>{''.join(parts)}</g>")


@dataclass(slots=True)
class _Overlays:
    sight: SightResult | None = None
    corr: Corridor | None = None
    hi: dict[str, str] = field(default_factory=dict)


def _overlays(table: Table,
              los: tuple[Base, Base | Point | tuple[float, float] | Element] | None
              ) -> _Overlays:
    o = _Overlays()
    if los is not None:
        viewer, target = los
        o.sight = line_of_sight(viewer, target, bases=table.bases, elements=table.elements)
        o.corr = corridor(viewer, target)
        o.hi.update({i: "#ff9800" for i in o.sight.obstructing})
        o.hi.update({i: "#e53935" for i in o.sight.blocking})
    return o


def _field_layers(pic: Picture, m: _Map, o: _Overlays, zones: Sequence[DeploymentZone],
                  template: Sequence[tuple[float, float]] | None,
                  path: Sequence[tuple[float, float]] | None, *, plain_labels: bool,
                  owners: list[str]) -> list[str]:
    """The field's contents, bottom to top: zones, scenery, sight, markers, ghosts, bases,
    template, path."""
    table = pic.table
    out: list[str] = []
    for i, z in enumerate(zones):
        rings = z.outline()
        if not rings:
            continue
        d = " ".join("M " + " L ".join(f"{_n(m.x(p.x))} {_n(m.y(p.y))}" for p in ring) + " Z"
                     for ring in rings)  # fmt: skip
        out.append(
            f'<path id="zone-{i}" class="zone {z.kind}" d="{d}" fill-rule="evenodd" '
            'style="fill:#ffd54f;fill-opacity:0.25;stroke:#c9a400;stroke-dasharray:6 3"/>'
        )
    for e in table.elements:
        out.append(_element(e, m, o.hi.get(e.id, "")))
    if o.corr is not None and o.sight is not None:
        colour = "#43a047" if o.sight.visible else "#e53935"
        out.append(
            f'<polygon id="los" class="los {"visible" if o.sight.visible else "blocked"}" '
            f'points="{m.pts(o.corr.outline())}" '
            f'style="fill:{colour};fill-opacity:0.25;stroke:{colour}">'
            f"<title>visible={o.sight.visible} obstacles={o.sight.obstacles}</title></polygon>"
        )
    for mk in table.markers:
        r = max(mk.radius, 0.4) * SCALE
        out.append(
            f'<g id={quoteattr("marker-" + mk.id)} class="marker">'
            f"<title>{escape(mk.label or mk.id)}</title>"
            f'<circle cx="{_n(m.x(mk.x))}" cy="{_n(m.y(mk.y))}" r="{_n(r)}" '
            'style="fill:#fff176;stroke:#f57f17;stroke-width:1.5"/></g>'
        )
    for g in pic.ghosts:
        out.append(_base(g, m, owner_colour(g.owner, owners), note=pic.note_of.get(g.id),
                         greyed=True))
    for b in table.bases:
        note = pic.note_of.get(b.id)
        out.append(_base(b, m, owner_colour(b.owner, owners), stroke=o.hi.get(b.id, "#222"),
                         width=3 if b.id in o.hi else 1, note=note,
                         greyed=note is not None and note.greyed, label=plain_labels,
                         opacity=1.0 if m.north_up else 0.8))
    if template is not None:
        out.append(
            f'<polygon id="template" class="template" points="{m.pts(template)}" '
            'style="fill:#ff5722;fill-opacity:0.3;stroke:#bf360c"/>'
        )
    if path is not None and len(path) >= 2:
        out.append(
            f'<polyline id="path" class="path" points="{m.pts(path)}" '
            'style="fill:none;stroke:#000;stroke-width:2;stroke-dasharray:5 3"/>'
        )
    return out


def render(
    table: Table | Picture,
    *,
    los: tuple[Base, Base | Point | tuple[float, float] | Element] | None = None,
    path: Sequence[tuple[float, float]] | None = None,
    template: Sequence[tuple[float, float]] | None = None,
    zones: Sequence[DeploymentZone] | None = None,
    labels: bool = True,
    frame: bool | None = None,
) -> str:
    """The table (or picture) as an SVG document.

    ``los`` = (viewer, target): draws the corridor (green if visible, red if blocked) and
    outlines blocking (red) and obstructing (orange) elements/bases. ``path``: a polyline of the
    mover's centre. ``template``: an outline polygon (see ``templates.*_outline``). ``zones``:
    deployment zones (default: the picture's own). ``frame``: the framed, north-up picture
    (the default for a :class:`Picture`) or the plain one (the default for a
    :class:`Table`). ``labels``: write
    the bases' names (and, framed, the scenery's names and the notes)."""
    pic = table if isinstance(table, Picture) else Picture(table)
    framed = isinstance(table, Picture) if frame is None else frame
    zones = pic.zones if zones is None else zones
    o = _overlays(pic.table, los)
    owners = [owner for owner, _ in pic.sides]  # colours: the sides, then as bases come
    for b in (*pic.table.bases, *pic.ghosts):
        owner_colour(b.owner, owners)
    w, h = pic.table.field.width, pic.table.field.height
    m = _Map(h, north_up=framed)
    layers = _field_layers(pic, m, o, zones or (), template, path,
                           plain_labels=labels and not framed, owners=owners)
    if not framed:
        return "\n".join([
            '<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{_n(w * SCALE)}" height="{_n(h * SCALE)}" '
            f'viewBox="0 0 {_n(w * SCALE)} {_n(h * SCALE)}">',
            f'<rect id="field" x="0" y="0" width="{_n(w * SCALE)}" height="{_n(h * SCALE)}" '
            'style="fill:#e8e2c8;stroke:#555;stroke-width:2"/>',
            *layers, "</svg>"])
    parts = frame_parts(
        pic, m.x, m.y, owners=owners, labels=labels, overlays={
            "los": o.sight is not None, "path": path is not None and len(path) >= 2,
            "template": template is not None, "zone": bool(zones)})
    return "\n".join([parts.head, *parts.under, *layers, *parts.over, "</svg>"])


def _notebook_picture(table: Table) -> str:
    """A table's framed picture, as :meth:`~skirmish.geometry.table.Table._repr_svg_`
    draws it in a notebook."""
    return render(table, frame=True)


draw_tables_with(_notebook_picture)
