"""The style of the table pictures, and the frame of a framed picture (:mod:`.svg`): title,
grid and its numbers, edge names, label boxes (placed by :mod:`.labels`), and the legend
panel with its compass, scale bar and "Off the field" list.

All in picture pixels: the field's top-left corner at (0, 0), y down; ``mx``/``my`` map
table centimetres (north up) onto them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from .labels import Anchor, Box, place, text_width
from .shapes import Circle

if TYPE_CHECKING:
    from .annotations import BaseNote, Picture, Pip

SCALE = 10.0
OWNER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
SIGHT_STYLE = {
    "opaque": "fill:#6b5b4b;fill-opacity:0.9;stroke:#3b2f25",
    "low": "fill:#b59b6b;fill-opacity:0.7;stroke:#7a6441;stroke-dasharray:4 2",
    "flat": "fill:#7fb7d9;fill-opacity:0.5;stroke:#4a89b0",
}
SIGHT_LEGEND = {"opaque": "opaque scenery: blocks sight", "low": "low scenery: an obstacle",
                "flat": "flat scenery: sight passes"}
GREY_STYLE = ("fill:#9e9e9e;fill-opacity:0.45;stroke:#616161;stroke-width:1.2;"
              "stroke-dasharray:3 2")
#: Margins (px) around the field: left, top, bottom; the gap before the legend, its width.
LEFT, TOP, BOTTOM, GAP, PANEL = 46.0, 60.0, 42.0, 34.0, 230.0
#: Label text sizes (px): the first line, the others, pips; the height of each row.
NAME_SIZE, LINE_SIZE, PIP_SIZE = 11.0, 10.0, 9.0
NAME_ROW, LINE_ROW, PIP_ROW, PAD = 13.0, 12.0, 15.0, 3.0


def owner_colour(owner: str, owners: list[str]) -> str:
    """The colour of ``owner``: by order of first appearance in ``owners`` (extended)."""
    if owner not in owners:
        owners.append(owner)
    return OWNER_COLOURS[owners.index(owner) % len(OWNER_COLOURS)]


def _n(v: float) -> str:
    return f"{v:.2f}"


def _text(x: float, y: float, text: str, size: float, *, fill: str = "#212121",
          anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size:g}" fill="{fill}" '
            f'text-anchor="{anchor}"{extra}>{escape(text)}</text>')


def _pip_width(pip: Pip) -> float:
    return text_width(pip.text, PIP_SIZE, bold=True) + 8


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` cut at spaces into lines of at most ``width`` px (estimated)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


@dataclass(frozen=True, slots=True)
class FrameParts:
    """The framed picture around the field's layers: ``head`` (the svg element, page,
    title, field), ``under`` (grid, numbers, edges: below the scenery) and ``over``
    (labels and legend: above everything)."""

    head: str
    under: list[str]
    over: list[str]


@dataclass(frozen=True, slots=True)
class _Label:
    key: str
    lines: tuple[str, ...]
    pips: tuple[Pip, ...]
    kind: str  # "base", "greyed", "marker", "scenery"
    colour: str
    anchor: Anchor


def _label(key: str, lines: tuple[str, ...], pips: tuple[Pip, ...], kind: str, colour: str,
           x: float, y: float, r: float) -> _Label:
    first = NAME_SIZE if kind in ("base", "greyed") else LINE_SIZE - (kind == "marker")
    widths = [text_width(s, first if i == 0 else LINE_SIZE, bold=i == 0 and kind != "scenery")
              for i, s in enumerate(lines)]
    widths.append(sum(_pip_width(p) + 2 for p in pips))
    height = (NAME_ROW if kind in ("base", "greyed") else LINE_ROW) \
        + LINE_ROW * (len(lines) - 1) + (PIP_ROW if pips else 0)
    anchor = Anchor(x, y, r, max(widths) + 2 * PAD, height + 2 * PAD - 1,
                    centred=kind == "scenery")
    return _Label(key, lines, pips, kind, colour, anchor)


def _labels(pic: Picture, mx: Callable[[float], float], my: Callable[[float], float],
            owners: list[str]) -> list[_Label]:
    """Every label, in the order they are placed: bases, greyed bases, markers, scenery."""
    live: list[_Label] = []
    grey: list[_Label] = []
    for b, ghost in [*((b, False) for b in pic.table.bases), *((g, True) for g in pic.ghosts)]:
        note: BaseNote | None = pic.note_of.get(b.id)
        greyed = ghost or (note is not None and note.greyed)
        lines = note.lines if note is not None and note.lines else (b.id,)
        pips = note.pips if note is not None and not greyed else ()
        label = _label(b.id, lines, pips, "greyed" if greyed else "base",
                       owner_colour(b.owner, owners), mx(b.x), my(b.y), b.radius * SCALE)
        (grey if greyed else live).append(label)
    markers = []
    for mk in pic.table.markers:
        note = pic.note_of.get(mk.id)
        lines = note.lines if note is not None and note.lines else (mk.label or mk.id,)
        markers.append(_label(mk.id, lines, (), "marker", "#f57f17", mx(mk.x), my(mk.y),
                              max(mk.radius, 0.4) * SCALE))
    scenery = []
    for e in pic.table.elements:
        shape = e.shape
        if isinstance(shape, Circle):
            cx, cy = shape.x, shape.y
        else:
            x0, y0, x1, y1 = shape.bounds()
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        note = pic.note_of.get(e.id)
        lines = note.lines if note is not None and note.lines else (e.label or e.id,)
        scenery.append(_label(e.id, lines, note.pips if note is not None else (), "scenery",
                              "#3e2723", mx(cx), my(cy), 0.0))
    return [*live, *grey, *markers, *scenery]


def _draw_label(label: _Label, box: Box) -> str:
    x, y, w, h = box
    kind = label.kind
    if kind == "scenery":
        style = "fill:#ffffff;fill-opacity:0.6;stroke:none"
    elif kind == "greyed":
        style = "fill:#eeeeee;fill-opacity:0.85;stroke:#9e9e9e;stroke-dasharray:2 2"
    else:
        style = f"fill:#ffffff;fill-opacity:0.88;stroke:{label.colour};stroke-width:1"
    out = [f'<g class="label {kind}" data-for={quoteattr(label.key)}>',
           f'<rect class="label-box" x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
           f'rx="3" style="{style}"/>']
    ty = y + PAD
    for i, line in enumerate(label.lines):
        first = i == 0 and kind in ("base", "greyed")
        size = NAME_SIZE if first else LINE_SIZE - (kind == "marker")
        ty += NAME_ROW if first else LINE_ROW
        fill = "#757575" if kind == "greyed" else ("#3e2723" if kind == "scenery" else
                                                  "#212121" if first else "#424242")
        extra = ' font-weight="bold"' if first else (
            ' font-style="italic"' if kind == "scenery" else "")
        out.append(_text(x + PAD, ty - 3, line, size, fill=fill, extra=extra))
    px = x + PAD
    for pip in label.pips:
        pw = _pip_width(pip)
        out.append(f'<g class="pip"><title>{escape(pip.title or pip.legend or pip.text)}</title>'
                   f'<rect x="{_n(px)}" y="{_n(ty + 2)}" width="{_n(pw)}" height="12" rx="6" '
                   f'style="fill:{pip.colour}"/>'
                   + _text(px + pw / 2, ty + 11.5, pip.text, PIP_SIZE, fill="#ffffff",
                           anchor="middle", extra=' font-weight="bold"') + "</g>")
        px += pw + 2
    out.append("</g>")
    return "".join(out)


def _leader(label: _Label, box: Box) -> str:
    """A thin line from the base's edge (the scenery's middle) to its label, when the label
    stands off."""
    a = label.anchor
    nx = min(max(a.x, box[0]), box[0] + box[2])
    ny = min(max(a.y, box[1]), box[1] + box[3])
    d = math.hypot(nx - a.x, ny - a.y)
    if d - a.r <= (6 if a.r > 0 else 24):
        return ""
    ex, ey = a.x + (nx - a.x) * a.r / d, a.y + (ny - a.y) * a.r / d
    return (f'<line class="leader" x1="{_n(ex)}" y1="{_n(ey)}" x2="{_n(nx)}" y2="{_n(ny)}" '
            'style="stroke:#616161;stroke-width:0.8"/>')


def _grid(w: float, h: float, mx: Callable[[float], float],
          my: Callable[[float], float]) -> list[str]:
    step = 10 if max(w, h) <= 150 else (20 if max(w, h) <= 300 else 50)
    out = ['<g class="grid" style="stroke:#d6ceb0;stroke-width:0.6">']
    out += [f'<line x1="{_n(mx(v))}" y1="0" x2="{_n(mx(v))}" y2="{_n(h * SCALE)}"/>'
            for v in range(step, int(w), step)]
    out += [f'<line x1="0" y1="{_n(my(v))}" x2="{_n(w * SCALE)}" y2="{_n(my(v))}"/>'
            for v in range(step, int(h), step)]
    out.append('</g><g class="axes">')
    grey = "#757575"
    out += [_text(mx(v), h * SCALE + 13, str(v), 9, fill=grey, anchor="middle")
            for v in range(0, int(w) + 1, step)]
    out += [_text(-5, my(v) + 3.5, str(v), 9, fill=grey, anchor="end")
            for v in range(0, int(h) + 1, step)]
    spaced = ' letter-spacing="2" font-weight="bold"'
    W, H = w * SCALE, h * SCALE
    out += [_text(W / 2, -8, "NORTH", 10, fill="#555", anchor="middle", extra=spaced),
            _text(W / 2, H + 31, "SOUTH  (y = 0)", 10, fill="#555", anchor="middle",
                  extra=spaced),
            _text(-32, H / 2, "WEST  (x = 0)", 10, fill="#555", anchor="middle",
                  extra=spaced + f' transform="rotate(-90 -32 {_n(H / 2)})"'),
            _text(W + 16, H / 2, "EAST", 10, fill="#555", anchor="middle",
                  extra=spaced + f' transform="rotate(90 {_n(W + 16)} {_n(H / 2)})"'),
            "</g>"]
    return out


def _swatch(kind: str, style: str = "", text: str = "") -> Callable[[float, float], str]:
    """A legend swatch drawn in the 16 x 16 px square at (x, y)."""
    def draw(x: float, y: float) -> str:
        cx, cy = x + 8, y + 8
        if kind == "disc":
            return f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="7" style="{style}"/>'
        if kind == "greyed":
            return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="7" style="{GREY_STYLE}"/>'
                    f'<path d="M {_n(cx - 3.5)} {_n(cy - 3.5)} l 7 7 m -7 0 l 7 -7" '
                    'style="stroke:#616161;stroke-width:1.5"/>')
        if kind == "damage":
            return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="5.5" style="fill:#bbb;stroke:#222"/>'
                    f'<path d="M {_n(cx)} {_n(cy - 8)} A 8 8 0 0 1 {_n(cx + 8)} {_n(cy)}" '
                    'style="fill:none;stroke:#c62828;stroke-width:3"/>')
        if kind == "facing":
            return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="5.5" style="fill:#bbb;stroke:#222"/>'
                    f'<path d="M {_n(cx)} {_n(cy)} l 0 -8.5" '
                    'style="stroke:#212121;stroke-width:2;stroke-linecap:round"/>')
        if kind == "pip":
            return (f'<rect x="{_n(x)}" y="{_n(y + 2)}" width="16" height="12" rx="6" '
                    f'style="{style}"/>' + _text(cx, y + 11.5, text, PIP_SIZE, fill="#ffffff",
                                                 anchor="middle", extra=' font-weight="bold"'))
        if kind == "line":
            return f'<path d="M {_n(x)} {_n(cy)} l 16 0" style="{style}"/>'
        if kind == "rect":
            return (f'<rect x="{_n(x)}" y="{_n(y + 1)}" width="16" height="14" '
                    f'style="{style}"/>')
        return ""
    return draw


_OVERLAY_LEGEND = {
    "los": (_swatch("rect", "fill:#43a047;fill-opacity:0.3;stroke:#43a047"),
            "line of sight: green clear, red blocked"),
    "path": (_swatch("line", "stroke:#000;stroke-width:2;stroke-dasharray:5 3"),
             "path of the mover"),
    "template": (_swatch("rect", "fill:#ff5722;fill-opacity:0.3;stroke:#bf360c"), "template"),
    "zone": (_swatch("rect", "fill:#ffd54f;fill-opacity:0.25;stroke:#c9a400;"
                             "stroke-dasharray:6 3"), "deployment zone"),
}


def _legend(pic: Picture, x0: float, owners: list[str], labels: Sequence[_Label],
            overlays: Mapping[str, bool]) -> tuple[list[str], float]:
    """The legend panel from (x0, 0) down; returns its parts and its height."""
    out = ['<g id="legend" class="legend">',
           _text(x0, 12, "Legend", 12, extra=' font-weight="bold"')]
    cx = x0 + PANEL - 16  # the compass: north is up
    out.append(f'<g id="compass"><path d="M {_n(cx)} 0 L {_n(cx + 6)} 24 L {_n(cx)} 19 '
               f'L {_n(cx - 6)} 24 Z" style="fill:#37474f"/>'
               + _text(cx, 37, "N", 11, anchor="middle", extra=' font-weight="bold"') + "</g>")
    y = 24.0
    width = PANEL - 52

    def entry(swatch: Callable[[float, float], str] | None, text: str) -> None:
        nonlocal y
        lines = wrap(text, width if swatch else width + 24, 10)
        if swatch is not None:
            out.append(swatch(x0, y))
        for i, line in enumerate(lines):
            out.append(_text(x0 + (24 if swatch else 0), y + 12 + 12 * i, line, 10))
        y += max(19.0, 12.0 * len(lines) + 7)

    for owner, name in pic.sides or tuple((o, f"side {o}") for o in list(owners)):
        colour = owner_colour(owner, owners)
        entry(_swatch("disc", f"fill:{colour};fill-opacity:0.8;stroke:#222"), name)
    if any(lb.kind == "greyed" for lb in labels):
        entry(_swatch("greyed"), "greyed: out of play, where it last stood")
    if any(n.damage > 0 and not n.greyed for n in pic.notes):
        entry(_swatch("damage"), pic.damage_legend)
    if any(n.facing is not None and not n.greyed for n in pic.notes):
        entry(_swatch("facing"), "tick: the way it faces")
    pips = {p.legend: p for n in pic.notes if not n.greyed for p in n.pips if p.legend}
    for legend in sorted(pips):
        pip = pips[legend]
        letter = pip.text.rstrip("0123456789") or pip.text
        entry(_swatch("pip", f"fill:{pip.colour}", letter), legend)
    kinds = {e.sight for e in pic.table.elements}
    for kind in ("opaque", "low", "flat"):
        if kind in kinds:
            entry(_swatch("rect", SIGHT_STYLE[kind]), SIGHT_LEGEND[kind])
    if any(e.move_cost > 1 for e in pic.table.elements):
        entry(_swatch("rect", "fill:none;stroke:#555;stroke-width:2.5"),
              "thick outline: costly ground to cross")
    if pic.table.markers:
        names = sorted({m.label for m in pic.table.markers if m.label})
        entry(_swatch("disc", "fill:#fff176;stroke:#f57f17;stroke-width:1.5"),
              "marker" + (f": {', '.join(names)}" if names else ""))
    for key, (swatch, text) in _OVERLAY_LEGEND.items():
        if overlays.get(key):
            entry(swatch, text)
    for line in pic.legend:
        entry(None, line)
    y += 8  # the scale bar: 10 cm
    bar = 10 * SCALE
    out.append(f'<g id="scale-bar"><rect x="{_n(x0)}" y="{_n(y)}" width="{_n(bar / 2)}" '
               'height="6" style="fill:#212121;stroke:#212121"/>'
               f'<rect x="{_n(x0 + bar / 2)}" y="{_n(y)}" width="{_n(bar / 2)}" height="6" '
               'style="fill:#ffffff;stroke:#212121"/>'
               + _text(x0, y + 18, "0", 9, anchor="middle")
               + _text(x0 + bar / 2, y + 18, "5", 9, anchor="middle")
               + _text(x0 + bar, y + 18, "10 cm", 9, anchor="middle") + "</g>")
    y += 26
    for line in wrap("North up: x grows to the east, y to the north (cm).", width + 24, 9):
        out.append(_text(x0, y + 10, line, 9, fill="#616161"))
        y += 12
    if pic.aside:
        y += 12
        out.append('<g id="aside">' + _text(x0, y + 12, "Off the field", 12,
                                             extra=' font-weight="bold"'))
        y += 18
        for item in pic.aside:
            for line in wrap(item, width + 24, 10):
                out.append(_text(x0, y + 11, line, 10, fill="#424242"))
                y += 13
        out.append("</g>")
    out.append("</g>")
    return out, y + 6


def frame_parts(pic: Picture, mx: Callable[[float], float], my: Callable[[float], float], *,
                owners: list[str], labels: bool, overlays: Mapping[str, bool]) -> FrameParts:
    """The frame of a north-up picture of ``pic`` (``owners``: colour order, extended)."""
    w, h = pic.table.field.width, pic.table.field.height
    W, H = w * SCALE, h * SCALE
    texts = _labels(pic, mx, my, owners) if labels else []
    boxes = place([t.anchor for t in texts], (0.0, 0.0, W, H),
                  [(mx(m.x), my(m.y), max(m.radius, 0.4) * SCALE) for m in pic.table.markers])
    legend, legend_h = _legend(pic, W + GAP, owners, texts, overlays)
    total_w = LEFT + W + GAP + PANEL + 12
    total_h = TOP + max(H, legend_h) + BOTTOM
    head = "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(total_w)}" height="{_n(total_h)}" '
        f'viewBox="{_n(-LEFT)} {_n(-TOP)} {_n(total_w)} {_n(total_h)}" '
        f'font-family="{FONT}" class="framed">',
        f'<rect id="page" x="{_n(-LEFT)}" y="{_n(-TOP)}" width="{_n(total_w)}" '
        f'height="{_n(total_h)}" style="fill:#fbfaf5"/>',
        _text(0, -36, pic.title, 15, extra=' id="title" font-weight="bold"') if pic.title
        else "",
        f'<rect id="field" x="0" y="0" width="{_n(W)}" height="{_n(H)}" '
        'style="fill:#e8e2c8;stroke:#555;stroke-width:2"/>',
    ])
    over = [line for t, b in zip(texts, boxes, strict=True) if (line := _leader(t, b))]
    over += [_draw_label(t, b) for t, b in zip(texts, boxes, strict=True)]
    return FrameParts(head, _grid(w, h, mx, my), over + legend)
