"""The objectives each band could hold after a run, in the search's ME:A leaf (``me_reach``,
docs/bots.md, "The objectives within a run"): ME41's holdings a movement ahead.

The leaf projects the holdings *as the table stands* (:func:`.leaf.masseffect_objectives`):
a figure that walked and shot and one that ran toward the objective and stopped short of it
hold nothing alike, so a search whose rollouts end at the turn's end (the presets' ``round``
horizon) sees the shots' worth and nothing of the run's (expert, in the ladder's Dernier
carré, walked and shot from its edge while the heuristic's band ran to the objective and
held it). This term counts, for each objective, the figures in action of each band that a
run (ME11: twice the figure's move value) would bring within control of it, and gives the
objective to the band with more of them (ME41's majority), for every turn still to score as
the projection does. It reads positions only, no path: a run around scenery may be longer.
"""

from __future__ import annotations

import math
from typing import Any

from skirmish.games.masseffect.cards.scenarios import MarkerKind
from skirmish.games.masseffect.rules import CONTROL_PAS, RUN_FACTOR, pas_to_cm
from skirmish.games.masseffect.state import MARKER_RADIUS


def points_still_to_score(state: Any) -> int:
    """ME41 (hold the objectives): what an objective held from now on would still score, the
    points of a turn's holding times the turns still to score (this one too, from the
    scenario's first scoring turn); 0 in the other scenarios or when no turn is left."""
    victory = state.scenario.victory
    if victory.kind != "hold_objectives":
        return 0
    first = max(int(state.turn), 1, int(victory.param("from_turn", 2)))
    turns = max(0, int(state.scenario.turns) - first + 1)
    return turns * int(victory.param("points", 1))


def masseffect_reach(state: Any) -> float:
    """ME41 (hold the objectives), a run ahead: A's objectives over B's when each goes to the
    band with more figures in action within a run of its control range (edge to edge, as
    ME41 measures), times what a holding would still score (:func:`points_still_to_score`,
    as :func:`.leaf.masseffect_objectives` counts it); 0 in the other scenarios."""
    points = points_still_to_score(state)
    if not points:
        return 0.0
    control = pas_to_cm(int(state.scenario.victory.param("control", CONTROL_PAS)))
    figures = [(f.side, f.x, f.y, f.radius + control + pas_to_cm(f.profile.move * RUN_FACTOR))
               for f in state.in_action()]
    held = 0
    for marker in state.markers:
        if marker.kind != MarkerKind.OBJECTIVE:
            continue
        counts = [0, 0]
        for side, x, y, reach in figures:
            if math.hypot(x - marker.x, y - marker.y) - MARKER_RADIUS <= reach + 1e-9:
                counts[side] += 1
        held += (counts[0] > counts[1]) - (counts[1] > counts[0])
    return float(held * points)


__all__ = ["masseffect_reach", "points_still_to_score"]
