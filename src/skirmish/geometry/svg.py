"""SVG pictures of a table: field, scenery (styled by property), bases, and optional overlays.

Coordinates: 1 cm = ``SCALE`` px; the picture's y axis points down (y = 0 at the top edge).
Every drawn thing carries an ``id`` (``element-<id>``, ``base-<id>``, ``marker-<id>``, ``los``,
``path``, ``template``, ``zone-<n>``) so tests and the web table can find it.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from .shapes import Base, Circle, Point
from .sight import Corridor, SightResult, corridor, line_of_sight
from .table import Element, Table
from .zones import DeploymentZone

SCALE = 10.0
OWNER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")

_SIGHT_STYLE = {
    "opaque": "fill:#6b5b4b;fill-opacity:0.9;stroke:#3b2f25",
    "low": "fill:#b59b6b;fill-opacity:0.7;stroke:#7a6441;stroke-dasharray:4 2",
    "flat": "fill:#7fb7d9;fill-opacity:0.5;stroke:#4a89b0",
}


def _f(v: float) -> str:
    return f"{v * SCALE:.2f}"


def _points(pts: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _owner_colour(owner: str, owners: list[str]) -> str:
    if owner not in owners:
        owners.append(owner)
    return OWNER_COLOURS[owners.index(owner) % len(OWNER_COLOURS)]


def _element(e: Element, highlight: str = "") -> str:
    style = _SIGHT_STYLE[e.sight]
    if e.move_cost > 1.0:
        style += ";stroke-width:2"
    if highlight:
        style += f";stroke:{highlight};stroke-width:3"
    cls = f"scenery {e.sight}" + (" passable" if e.passable else "")
    shape = e.shape
    if isinstance(shape, Circle):
        body = f'<circle cx="{_f(shape.x)}" cy="{_f(shape.y)}" r="{_f(shape.radius)}"/>'
    else:
        body = f'<polygon points="{_points(shape.points)}"/>'
    title = escape(e.label or e.id)
    extra = f" cost x{e.move_cost:g}" if e.move_cost > 1 else ""
    return (
        f'<g id={quoteattr("element-" + e.id)} class="{cls}" style="{style}">'
        f"<title>{title}{escape(extra)}</title>{body}</g>"
    )


def render(
    table: Table,
    *,
    los: tuple[Base, Base | Point | tuple[float, float] | Element] | None = None,
    path: Sequence[tuple[float, float]] | None = None,
    template: Sequence[tuple[float, float]] | None = None,
    zones: Sequence[DeploymentZone] | None = None,
    labels: bool = True,
) -> str:
    """The table as an SVG document.

    ``los`` = (viewer, target): draws the corridor (green if visible, red if blocked) and
    outlines blocking (red) and obstructing (orange) elements/bases. ``path``: a polyline of the
    mover's centre. ``template``: an outline polygon (see ``templates.*_outline``). ``zones``:
    deployment zones."""
    w, h = table.field.width, table.field.height
    out: list[str] = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{_f(w)}" height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}">',
        f'<rect id="field" x="0" y="0" width="{_f(w)}" height="{_f(h)}" '
        'style="fill:#e8e2c8;stroke:#555;stroke-width:2"/>',
    ]
    for i, z in enumerate(zones or ()):
        rings = z.outline()
        if not rings:
            continue
        d = " ".join("M " + " L ".join(f"{_f(p.x)} {_f(p.y)}" for p in ring) + " Z"
                     for ring in rings)  # fmt: skip
        out.append(
            f'<path id="zone-{i}" class="zone {z.kind}" d="{d}" fill-rule="evenodd" '
            'style="fill:#ffd54f;fill-opacity:0.25;stroke:#c9a400;stroke-dasharray:6 3"/>'
        )
    sight: SightResult | None = None
    corr: Corridor | None = None
    if los is not None:
        viewer, target = los
        sight = line_of_sight(viewer, target, bases=table.bases, elements=table.elements)
        corr = corridor(viewer, target)
    hi: dict[str, str] = {}
    if sight is not None:
        hi.update({i: "#ff9800" for i in sight.obstructing})
        hi.update({i: "#e53935" for i in sight.blocking})
    for e in table.elements:
        out.append(_element(e, hi.get(e.id, "")))
    if corr is not None and sight is not None:
        colour = "#43a047" if sight.visible else "#e53935"
        out.append(
            f'<polygon id="los" class="los {"visible" if sight.visible else "blocked"}" '
            f'points="{_points(corr.outline())}" '
            f'style="fill:{colour};fill-opacity:0.25;stroke:{colour}">'
            f"<title>visible={sight.visible} obstacles={sight.obstacles}</title></polygon>"
        )
    for m in table.markers:
        r = max(m.radius, 0.4)
        out.append(
            f'<g id={quoteattr("marker-" + m.id)} class="marker">'
            f"<title>{escape(m.label or m.id)}</title>"
            f'<circle cx="{_f(m.x)}" cy="{_f(m.y)}" r="{_f(r)}" '
            'style="fill:#fff176;stroke:#f57f17;stroke-width:1.5"/></g>'
        )
    owners: list[str] = []
    for b in table.bases:
        colour = _owner_colour(b.owner, owners)
        stroke = hi.get(b.id, "#222")
        width = 3 if b.id in hi else 1
        label = (
            f'<text x="{_f(b.x)}" y="{_f(b.y - b.radius - 0.3)}" text-anchor="middle" '
            f'font-size="{_f(1.2)}" font-family="sans-serif">{escape(b.id)}</text>'
            if labels and b.id
            else ""
        )
        out.append(
            f'<g id={quoteattr("base-" + b.id)} class="base" data-owner={quoteattr(b.owner)}>'
            f"<title>{escape(b.id)} ({escape(b.owner)})</title>"
            f'<circle cx="{_f(b.x)}" cy="{_f(b.y)}" r="{_f(b.radius)}" '
            f'style="fill:{colour};fill-opacity:0.8;stroke:{stroke};stroke-width:{width}"/>'
            f"{label}</g>"
        )
    if template is not None:
        out.append(
            f'<polygon id="template" class="template" points="{_points(template)}" '
            'style="fill:#ff5722;fill-opacity:0.3;stroke:#bf360c"/>'
        )
    if path is not None and len(path) >= 2:
        out.append(
            f'<polyline id="path" class="path" points="{_points(path)}" '
            'style="fill:none;stroke:#000;stroke-width:2;stroke-dasharray:5 3"/>'
        )
    out.append("</svg>")
    return "\n".join(out)
