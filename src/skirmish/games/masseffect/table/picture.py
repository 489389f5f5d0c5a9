"""Mass Effect: Annihilation's picture of the table: what the generic SVG picture
(:mod:`skirmish.geometry.svg`) writes about each figure and marker (docs/masseffect.md).

- Each figure in action, in its band's colour: a tick for its facing (ME2), a label with its
  short name, ``Vit 2/3 · Arm 1/2 · Hér 1/1`` (Vitalité, Armure and Héroïsme left of its
  profile's) and ``Bouclier 1/2 · Barrière off`` (the saves left in this phase, ME24, or
  switched off this turn); a red arc for the share of its Vitalité lost; pips for its
  statuses (ME34: S stunned, L lifted, B burning) and the data it carries (D, ME37).
- A figure out of action (ME25) is greyed where it fell; an extracted one (ME37) has left the
  table and is not drawn. Both, and the figures not deployed yet, are listed under "Off the
  field".
- Scenery: low walls and crates (sight "low": cover) apart from opaque blocks (ME21, ME23).
  A closed door is an opaque square, an open one a flat square (sight passes, ME14).
  Objectives, terminals (locked or not, data inside or downloaded) and data dropped on the
  ground are markers with their names.
- While the bands deploy (ME38), the two deployment zones along the edges.
- The title: the scenario, the turn (or the deployment), the scores (and the data extracted).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skirmish.games.masseffect.cards.scenarios import MarkerKind
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rules import DEFAULT_DEPLOYMENT_PAS, STATUSES, pas_to_cm
from skirmish.games.masseffect.state import DOOR_SIDE, MARKER_RADIUS, MarkerState, MEState
from skirmish.geometry.annotations import BaseNote, Picture, Pip
from skirmish.geometry.shapes import Base, Polygon
from skirmish.geometry.svg import render
from skirmish.geometry.table import Element, Marker, Table
from skirmish.geometry.zones import DeploymentZone

GAME = "Mass Effect: Annihilation"
#: ME34: each status's pip (letter, colour).
STATUS_PIPS: dict[str, tuple[str, str]] = {
    "stunned": ("S", "#6a1b9a"),
    "lifted": ("L", "#1565c0"),
    "burning": ("B", "#e65100"),
}
DATA_PIP = ("D", "#00838f")
EDGE_WORDS = {"lower": "lower edge (south)", "upper": "upper edge (north)"}
STATS_LEGEND = ("Vit 2/3 \u00b7 Arm 1/2 \u00b7 H\u00e9r 1/1 = Vitalit\u00e9, Armure and "
                "H\u00e9ro\u00efsme left / the profile's")
SAVES_LEGEND = ("Bouclier 1/2 = its saves left in this phase (refilled as the powers and "
                "shooting phases begin, ME24); off = switched off this turn")


def short_names(figures: Iterable[Figure]) -> dict[str, str]:
    """Each figure's name as its label shows it: the first word of its profile's name,
    unless another profile of its band starts with it (then the whole name); several
    figures of one profile are numbered (``Soldat 1``, ``Soldat 2``)."""
    figures = list(figures)
    first = {str(f.ref): f.profile.name.split()[0] for f in figures}
    out: dict[str, str] = {}
    for f in figures:
        band = [g for g in figures if g.side == f.side]
        shared = any(first[str(g.ref)] == first[str(f.ref)] and g.profile.name != f.profile.name
                     for g in band)
        name = f.profile.name if shared else first[str(f.ref)]
        twins = [g for g in band if g.profile.name == f.profile.name]
        if len(twins) > 1:
            name += f" {twins.index(f) + 1}"
        out[str(f.ref)] = name
    return out


def stats_line(figure: Figure) -> str:
    """``Vit 2/3 · Arm 1/2 · Hér 1/1`` (Armure and Héroïsme only when the profile has
    them)."""
    p = figure.profile
    parts = [f"Vit {figure.vitality}/{p.vitality}"]
    if p.armour:
        parts.append(f"Arm {figure.armour}/{p.armour}")
    if p.heroism:
        parts.append(f"H\u00e9r {figure.heroism}/{p.heroism}")
    return " \u00b7 ".join(parts)


def saves_line(figure: Figure) -> str:
    """``Bouclier 1/2 · Barrière off`` for the protections the profile has (ME24), or ""."""
    parts = []
    for name, trait, left in (("Bouclier", figure.profile.shield, figure.shield_uses),
                              ("Barri\u00e8re", figure.profile.barrier, figure.barrier_uses)):
        if trait is None:
            continue
        state = "off" if name in figure.stripped else f"{left}/{trait.value or 0}"
        parts.append(f"{name} {state}")
    return " \u00b7 ".join(parts)


def figure_pips(figure: Figure) -> tuple[Pip, ...]:
    """A pip per status (ME34) and one for the data it carries (ME37)."""
    pips = []
    for status in figure.statuses:
        letter, colour = STATUS_PIPS.get(status, (status[:1].upper(), "#616161"))
        meaning = STATUSES.get(status, status)
        pips.append(Pip(letter, colour, meaning, f"{letter} {meaning.split(':')[0]} "
                                                 f"({status}, ME34)"))
    if figure.carries:
        n = len(figure.carries)
        letter, colour = DATA_PIP
        pips.append(Pip(letter + (str(n) if n > 1 else ""), colour,
                        f"carries {n} data marker{'s' if n > 1 else ''}",
                        f"{letter} carries data (and how many, ME37)"))
    return tuple(pips)


def _this_turn(figure: Figure) -> str:
    done = [f"moved ({figure.moved})" if figure.moved else "",
            "used a power" if figure.used_power else "", "shot" if figure.shot else "",
            "took a special action" if figure.special else "",
            "fought" if figure.fought else ""]
    return ", ".join(d for d in done if d)


def figure_note(figure: Figure, name: str) -> BaseNote:
    """What the picture writes about one figure."""
    p = figure.profile
    line, saves = stats_line(figure), saves_line(figure)
    title = (f"{figure.ref} ({p.name}): Vitalit\u00e9 {figure.vitality}/{p.vitality}, "
             f"Armure {figure.armour}/{p.armour}, H\u00e9ro\u00efsme {figure.heroism}/"
             f"{p.heroism}" + (f"; {saves}" if saves else "")
             + (f"; {', '.join(figure.statuses)}" if figure.statuses else "")
             + (f"; this turn: {done}" if (done := _this_turn(figure)) else ""))
    if figure.out:
        return BaseNote(str(figure.ref), (name, "out of action"), greyed=True,
                        title=f"{figure.ref} ({p.name}): out of action (ME25)")
    lost = (p.vitality - figure.vitality) / p.vitality
    return BaseNote(str(figure.ref), (name, line, saves) if saves else (name, line),
                    figure_pips(figure), damage=max(0.0, min(1.0, lost)), title=title,
                    facing=figure.facing)


def _number(marker: MarkerState) -> str:
    return marker.id.rsplit("-", 1)[-1]


def marker_note(marker: MarkerState) -> BaseNote | None:
    """The label of a marker on the table (a door's is its element's); ``None`` for data
    that a figure carries (it travels with the figure: a D pip)."""
    if marker.kind == MarkerKind.OBJECTIVE:
        return BaseNote(marker.id, (f"objective {_number(marker)}",))
    if marker.kind == MarkerKind.TERMINAL:
        inside = "data inside" if marker.holds else "downloaded"
        lines = (f"terminal {_number(marker)}",
                 f"locked \u00b7 {inside}" if marker.locked else inside)
        return BaseNote(marker.id, lines)
    if marker.kind == MarkerKind.DOOR or marker.carrier:
        return None
    return BaseNote(marker.id, ("data", "on the ground"))


def door_element(marker: MarkerState) -> Element:
    """ME14: a closed door stands as an opaque square; an open one lets sight through."""
    h = DOOR_SIDE / 2
    square = Polygon.rectangle(marker.x - h, marker.y - h, marker.x + h, marker.y + h)
    how = ("open" if marker.open else "closed") + (", locked" if marker.locked else "")
    label = f"door {_number(marker)} ({how})"
    if marker.open:
        return Element(marker.id, square, sight="flat", passable=True, label=label)
    return Element(marker.id, square, sight="opaque", label=label)


def deployment_zones(state: MEState) -> tuple[DeploymentZone, ...]:
    """ME38: the two zones along the lower and upper edges, ``depth`` pas deep."""
    depth = pas_to_cm(int(state.scenario.deployment.param("depth", DEFAULT_DEPLOYMENT_PAS)))
    band = state.field.height / 2 - depth
    return (DeploymentZone(state.field, "south", "band", band),
            DeploymentZone(state.field, "north", "band", band))


def default_title(state: MEState, when: str = "") -> str:
    """``Mass Effect: Annihilation · Tenir la position · Turn 2 of 6[, WHEN] · points A 1 – B 0``
    ("Deployment" before turn 1; the data extracted in an extraction scenario)."""
    at = f"Turn {state.turn} of {state.scenario.turns}" if state.turn else "Deployment"
    at += f", {when}" if when else ""
    title = (f"{GAME} \u00b7 {state.scenario.name} \u00b7 {at} \u00b7 points A "
             f"{state.scores[0]} \u2013 B {state.scores[1]}")
    if state.scenario.victory.kind == "extract_data":
        title += f" \u00b7 data out A {state.extracted[0]} \u2013 B {state.extracted[1]}"
    return title


def side_name(state: MEState, side: int, band: str = "") -> str:
    """``A · Escouade Orion · lower edge (south)`` (the band's factions without its name)."""
    if not band:
        band = ", ".join(sorted({f.profile.faction for f in state.band(side)
                                 if f.profile.faction}))
    return f"{'AB'[side]}" + (f" \u00b7 {band}" if band else "") + \
        f" \u00b7 {EDGE_WORDS.get(state.edges[side], state.edges[side])}"


def picture_of(state: MEState, *, title: str | None = None, when: str = "",
               bands: Sequence[str] = ()) -> Picture:
    """The annotated table of an ME:A state (nothing is hidden in ME:A). ``title``: instead
    of :func:`default_title` (where ``when`` follows the turn); ``bands``: the two bands'
    names for the legend (a game's set-up holds them)."""
    names = short_names(state.figures)
    notes: list[BaseNote] = []
    bases: list[Base] = []
    ghosts: list[Base] = []
    aside: list[str] = []
    for f in state.figures:
        owner = "AB"[f.side]
        name = names[str(f.ref)]
        if f.in_action:
            bases.append(Base(f.x, f.y, f.radius, str(f.ref), owner))
        elif f.placed and f.out:
            ghosts.append(Base(f.x, f.y, f.radius, str(f.ref), owner))
        if f.placed and not f.extracted:
            notes.append(figure_note(f, name))
        where = ("extracted with the data (ME37)" if f.extracted else
                 "not deployed yet" if not f.placed else "out of action" if f.out else "")
        if where:
            aside.append(f"{owner} \u00b7 {name}: {where}")
    elements = list(state.scenery)
    markers = []
    for m in state.markers:
        if m.kind == MarkerKind.DOOR:
            elements.append(door_element(m))
            continue
        note = marker_note(m)
        if note is not None:
            markers.append(Marker(m.id, m.x, m.y, MARKER_RADIUS, m.kind))
            notes.append(note)
    table = Table(state.field, tuple(elements), tuple(bases), tuple(markers))
    live = [n for n in notes if not n.greyed and n.facing is not None]
    legend = [STATS_LEGEND] if live else []
    if any(len(n.lines) > 2 for n in live):
        legend.append(SAVES_LEGEND)
    deploying = state.turn == 0 and any(not f.placed for f in state.figures)
    return Picture(
        table, tuple(notes), tuple(ghosts), tuple(aside),
        sides=tuple(("AB"[s], side_name(state, s, bands[s] if len(bands) > s else ""))
                    for s in (0, 1)),
        title=default_title(state, when) if title is None else title,
        legend=tuple(legend), damage_legend="red arc: the share of its Vitalit\u00e9 lost",
        zones=deployment_zones(state) if deploying else ())


def picture_svg(state: MEState, *, title: str | None = None, when: str = "",
                bands: Sequence[str] = ()) -> str:
    """The framed, north-up SVG picture of an ME:A state."""
    return render(picture_of(state, title=title, when=when, bands=bands))

