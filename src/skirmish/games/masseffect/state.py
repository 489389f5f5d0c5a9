"""The state of a Mass Effect: Annihilation game: the table, the figures, the turn, the scores.

Plain data that copies cheaply (the cards and the scenery are immutable and shared). The
geometry works in cm; ME:A measures in pas (ME1), converted with :func:`rules.pas_to_cm`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.core.actions import Ref
from skirmish.core.reading import Remembering
from skirmish.games.masseffect.cards.scenarios import MarkerKind, Scenario
from skirmish.games.masseffect.figure import Card, Figure
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.geometry import CONTACT_TOLERANCE, Base, Element, Field, Polygon, in_contact


@dataclass(slots=True)
class MarkerState:
    """A scenario marker on the table (ME37): objective, terminal or door, in cm.

    A terminal ``holds`` its data until downloaded; data is then carried by a figure
    (``carrier``) or lies on the ground (``kind == "data"``). A door is ``open`` or closed."""

    id: str
    kind: str
    x: float
    y: float
    locked: bool = False
    open: bool = False
    holds: bool = False
    carrier: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "x": self.x, "y": self.y,
                "locked": self.locked, "open": self.open, "holds": self.holds,
                "carrier": self.carrier}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> MarkerState:
        return cls(str(d["id"]), str(d["kind"]), float(d["x"]), float(d["y"]),
                   bool(d["locked"]), bool(d["open"]), bool(d["holds"]), str(d["carrier"]))


#: A marker's footprint radius in cm (a 30 mm token), for contact and control.
MARKER_RADIUS = 1.5
#: A door's footprint: a closed door is an opaque, impassable square of this side (cm).
DOOR_SIDE = 3.0


@dataclass(slots=True)
class MEState(Remembering):
    """Everything on the table and in the players' hands (nothing is hidden in ME:A).

    Inside the kernel's read-only windows (:mod:`skirmish.core.reading`: listing, views,
    decisions, checks) the figures in action and whether each is engaged are remembered:
    a listing asks them of every figure for every other."""

    figures: list[Figure]
    field: Field
    scenery: tuple[Element, ...]
    scenario: Scenario
    markers: list[MarkerState] = dataclasses.field(default_factory=list)
    turn: int = 0
    initiative: int = 0
    phase: str = "préparation"
    scores: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    extracted: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    edges: list[str] = dataclasses.field(default_factory=lambda: ["lower", "upper"])
    ended: str = ""  # why the game ended early, if it did
    index: dict[str, int] = dataclasses.field(default_factory=dict)
    #: The house rules' readings chosen by the set-up (issue 47; the defaults when absent:
    #: :mod:`skirmish.games.masseffect.house_rules`), shared by every copy.
    house_rules: Mapping[str, str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        self.forget()
        self.index = {str(f.ref): i for i, f in enumerate(self.figures)}

    # -- figures ------------------------------------------------------------------------------
    def figure(self, ref: str) -> Figure:
        try:
            return self.figures[self.index[str(ref)]]
        except KeyError:
            raise KeyError(f"no figure {ref}") from None

    def band(self, side: int) -> list[Figure]:
        return [f for f in self.figures if f.side == side]

    def in_action(self, side: int | None = None) -> Iterator[Figure]:
        """The figures in action (of ``side``), in order (remembered in a read-only
        window)."""
        memo = self._memo
        if memo is None:
            return self._in_action(side)
        key = ("in_action", side)
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(self._in_action(side))
        return iter(found)

    def _in_action(self, side: int | None) -> Iterator[Figure]:
        for f in self.figures:
            if f.in_action and (side is None or f.side == side):
                yield f

    def bases(self, *excluding: Figure) -> list[Base]:
        """The bases of every figure in action (out-of-action figures block nothing, ME25)."""
        if len(excluding) == 1:  # the usual question: all but the mover's
            mover = excluding[0]
            return [f.base for f in self.figures if f is not mover and f.in_action]
        skip = {id(f) for f in excluding}
        return [f.base for f in self.figures if f.in_action and id(f) not in skip]

    def in_contact(self, a: Figure, b: Figure) -> bool:
        return a.in_action and b.in_action and in_contact(a.base, b.base)

    def opponents(self, figure: Figure) -> list[Figure]:
        """ME17, ME27: the enemies in base contact with ``figure`` (it is engaged with them)."""
        if not figure.in_action:
            return []
        base = figure.base
        return [e for e in self.in_action(1 - figure.side) if in_contact(base, e.base)]

    def engaged(self, figure: Figure) -> bool:
        """ME17: is ``figure`` in base contact with an enemy (:meth:`opponents`, stopping at
        the first)? In a read-only window, every figure's answer is worked out at once
        (:meth:`engaged_all`) and remembered."""
        memo = self._memo
        if memo is None:
            return self._engaged(figure)
        at = self.index.get(figure.ref)
        if at is None or self.figures[at] is not figure:  # not one of this state's
            return self._engaged(figure)
        return self.engaged_all()[at]

    def engaged_all(self) -> list[bool]:
        """:meth:`engaged` of every figure, in order (remembered in a read-only window).
        Each pair of enemies in action is measured once: the distance between their
        centres is the same either way round, and each figure's test subtracts the two
        radii in its own order, as :meth:`engaged` does."""
        memo = self._memo
        if memo is not None:
            known: list[bool] | None = memo.get("engaged")
            if known is None:
                known = memo["engaged"] = self._engaged_all()
            return known
        return self._engaged_all()

    def _engaged_all(self) -> list[bool]:
        figures = self.figures
        out = [False] * len(figures)
        standing = [(i, f.side, f.base) for i, f in enumerate(figures) if f.in_action]
        for a, (i, si, bi) in enumerate(standing):
            xi, yi, ri = bi.x, bi.y, bi.radius
            for j, sj, bj in standing[a + 1:]:
                if sj != 1 - si or (out[i] and out[j]):
                    continue
                rj = bj.radius
                h = math.hypot(xi - bj.x, yi - bj.y)  # = hypot(xj - xi, yj - yi), exactly
                if abs(h - ri - rj) <= CONTACT_TOLERANCE:  # in_contact(bi, bj)
                    out[i] = True
                if abs(h - rj - ri) <= CONTACT_TOLERANCE:  # in_contact(bj, bi)
                    out[j] = True
        return out

    def _engaged(self, figure: Figure) -> bool:
        if not figure.in_action:
            return False
        base, side = figure.base, 1 - figure.side
        x, y, r = base.x, base.y, base.radius
        for e in self.figures:
            if e.side == side and e.in_action:
                other = e.base  # in_contact(base, other), written out: the same sums
                if abs(math.hypot(x - other.x, y - other.y) - r - other.radius
                       ) <= CONTACT_TOLERANCE:
                    return True
        return False

    # -- the table ----------------------------------------------------------------------------
    def doors(self) -> tuple[Element, ...]:
        """Closed doors stand as opaque, impassable scenery (ME14)."""
        out = []
        for m in self.markers:
            if m.kind == MarkerKind.DOOR and not m.open:
                h = DOOR_SIDE / 2
                out.append(Element(m.id, Polygon.rectangle(m.x - h, m.y - h, m.x + h, m.y + h),
                                   sight="opaque", label="Porte"))
        return tuple(out)

    def elements(self) -> tuple[Element, ...]:
        """The scenery as the geometry sees it: the table's elements and the closed doors."""
        doors = self.doors()
        return self.scenery + doors if doors else self.scenery

    def marker(self, marker_id: str) -> MarkerState:
        for m in self.markers:
            if m.id == marker_id:
                return m
        raise KeyError(f"no marker {marker_id!r}")

    def marker_gap(self, figure: Figure, m: MarkerState) -> float:
        """Edge-to-edge distance (cm) between a figure's base and a marker's footprint (a
        door is a square of side :data:`DOOR_SIDE`, other markers a 30 mm token)."""
        if m.kind == MarkerKind.DOOR:
            h = DOOR_SIDE / 2
            dx = max(abs(figure.x - m.x) - h, 0.0)
            dy = max(abs(figure.y - m.y) - h, 0.0)
            return max(0.0, math.hypot(dx, dy) - figure.radius)
        return max(0.0, math.hypot(figure.x - m.x, figure.y - m.y) - figure.radius
                   - MARKER_RADIUS)

    def touches(self, figure: Figure, m: MarkerState) -> bool:
        """Base contact with a marker (the contact tolerance of ME1)."""
        return self.marker_gap(figure, m) <= CONTACT_TOLERANCE

    def on_own_edge(self, figure: Figure, any_edge: bool = False) -> bool:
        """ME14 S'extraire: the base touches its own table edge (or any edge)."""
        tol = 0.05
        low = figure.y - figure.radius <= tol
        high = figure.y + figure.radius >= self.field.height - tol
        if any_edge:
            return (low or high or figure.x - figure.radius <= tol
                    or figure.x + figure.radius >= self.field.width - tol)
        return low if self.edges[figure.side] == "lower" else high

    def pas(self, value: float) -> float:
        return pas_to_cm(value)

    # -- copies, snapshots ----------------------------------------------------------------------
    def clone(self) -> MEState:
        other = MEState.__new__(MEState)
        other.figures = [f.clone() for f in self.figures]
        other.field = self.field
        other.scenery = self.scenery
        other.scenario = self.scenario
        other.markers = [MarkerState(m.id, m.kind, m.x, m.y, m.locked, m.open, m.holds,
                                     m.carrier) for m in self.markers]
        other.turn, other.initiative, other.phase = self.turn, self.initiative, self.phase
        other.scores = list(self.scores)
        other.extracted = list(self.extracted)
        other.edges = list(self.edges)
        other.ended = self.ended
        other.index = self.index
        other.house_rules = self.house_rules
        other.forget()
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "figures": [f.to_json() for f in self.figures],
            "markers": [m.to_json() for m in self.markers],
            "turn": self.turn, "initiative": self.initiative, "phase": self.phase,
            "scores": list(self.scores), "extracted": list(self.extracted),
            "edges": list(self.edges), "ended": self.ended,
        }

    def load(self, data: Mapping[str, Any]) -> None:
        """Take the game state of :meth:`to_json` (cards and scenery come from the set-up)."""
        for figure, saved in zip(self.figures, data["figures"], strict=True):
            figure.load(saved)
        self.markers = [MarkerState.from_json(m) for m in data["markers"]]
        self.turn, self.initiative = int(data["turn"]), int(data["initiative"])
        self.phase = str(data["phase"])
        self.scores = [int(s) for s in data["scores"]]
        self.extracted = [int(s) for s in data["extracted"]]
        self.edges = [str(e) for e in data["edges"]]
        self.ended = str(data["ended"])


def new_state(cards: Sequence[tuple[int, str, Card]], field: Field,
              scenery: tuple[Element, ...], scenario: Scenario) -> MEState:
    """A state before deployment: every figure off the table, the scenario's markers placed
    (ME38: «The scenario's markers are placed first»)."""
    figures = [Figure.of(side, key, card) for side, key, card in cards]
    markers = []
    counts: dict[str, int] = {}
    for m in scenario.markers:
        counts[m.kind] = counts.get(m.kind, 0) + 1
        markers.append(MarkerState(
            f"{m.kind}-{counts[m.kind]}", str(m.kind), pas_to_cm(m.at[0]), pas_to_cm(m.at[1]),
            locked=m.locked, holds=m.kind == MarkerKind.TERMINAL))
    return MEState(figures, field, scenery, scenario, markers)


def ref_of(figure: Figure) -> Ref:
    return figure.ref
