"""Mass Effect: Annihilation: the data race of an Extraction (``me_race``), for the leaf
evaluation.

In an extract_data game (ME37) the band that gets data off the table first wins, and the
leaf's other terms see the data only once it is downloaded (``carried``) or out
(``extracted``): a figure one run from a terminal and one four runs away weigh the same.
This term reads the race from the table: for each band, the turns its quickest figure in
action needs to get data off the table, by straight runs (scenery, doors and enemies are not
in its way) -

- a figure carrying data (ME14 S'extraire): to its own table edge (any edge if the scenario
  says ``exit: any_edge``), then the extraction;
- any other: to a terminal still holding data, then Pirater if it is locked and Télécharger
  (each a Qualité roll, D6 >= Qualité, so 1/p turns on average: ME14), then to its edge; or
  to data lying on the ground (Ramasser, no roll), then to its edge.

A leg of ``d`` cm ended by an action takes ``max(0, d - walk) / run`` turns of running and
the turn of the action, in which the figure walks the rest: a special action is never made
after a run (ME13). A band's race is capped at the turns left plus one (data that cannot
leave before the game ends is worth nothing more), and so is a band without a way. The term
is B's turns less A's: positive when A is ahead.
"""

from __future__ import annotations

import math
from typing import Any

from skirmish.games.masseffect.cards.scenarios import MarkerKind
from skirmish.games.masseffect.phases.movement import allowance

#: The victory kind this term reads (ME37).
EXTRACT = "extract_data"


def _quality_turns(quality: int) -> float:
    """ME14: the turns a Qualité roll takes on average (D6 >= Qualité, once a turn)."""
    chance = max(1, 7 - int(quality)) / 6.0
    return 1.0 / chance


def _leg(distance: float, walk: float, run: float, act: float) -> float:
    """A leg of ``distance`` cm then an action of ``act`` turns: the runs, then the action's
    turn(s), walking the rest (no special action after a run, ME13)."""
    return max(0.0, distance - walk) / run + act


def _exit(state: Any, x: float, y: float, radius: float, side: int) -> float:
    """The distance (cm) from a base at (x, y) to the edge its figure leaves by (ME14)."""
    height, width = float(state.field.height), float(state.field.width)
    low, high = y - radius, height - y - radius
    if state.scenario.victory.param("exit", "own_edge") == "any_edge":
        return max(0.0, min(low, high, x - radius, width - x - radius))
    return max(0.0, low if state.edges[side] == "lower" else high)


def race_turns(state: Any, side: int) -> float:
    """The turns ``side``'s quickest figure in action needs to get data off the table, at
    most the turns left plus one (see the module)."""
    from skirmish.games.masseffect.phases.special import DATA
    from skirmish.games.masseffect.state import MARKER_RADIUS

    cap = float(max(0, int(state.scenario.turns) - max(1, int(state.turn)) + 1) + 1)
    sources = [m for m in state.markers if (m.kind == MarkerKind.TERMINAL and m.holds)
               or (m.kind == DATA and not m.carrier)]
    best = cap
    for figure in state.figures:
        if figure.side != side or not figure.in_action:
            continue
        walk, run = allowance(figure, False), allowance(figure, True)  # ME10-ME11
        r = figure.radius
        if figure.carries:
            best = min(best, _leg(_exit(state, figure.x, figure.y, r, side), walk, run, 1.0))
            continue
        quality = _quality_turns(figure.profile.quality)
        for m in sources:
            reach = max(0.0, math.hypot(m.x - figure.x, m.y - figure.y) - r - MARKER_RADIUS)
            # Ramasser: no roll; Pirater if locked, then Télécharger: a Qualité roll each
            act = 1.0 if m.kind == DATA else quality * (2 if m.locked else 1)
            out = _exit(state, m.x, m.y, r, side)
            best = min(best, _leg(reach, walk, run, act) + _leg(out, walk, run, 1.0))
    return min(best, cap)


def masseffect_race(state: Any) -> float:
    """B's race less A's, in turns (0 outside an extract_data game)."""
    if state.scenario.victory.kind != EXTRACT:
        return 0.0
    return race_turns(state, 1) - race_turns(state, 0)
