"""What the ME:A board (docs/web.md, The board) needs beyond the view: the view already
holds the table's size (``table_cm``), the scenery, the markers and every figure (place,
radius, facing); the state frame's ``board`` adds both bands' deployment zones while they
deploy (ME38: public, like everything in ME:A) and the walk and run allowances of each
figure the deciding seat may move now (the rings drawn while it is dragged) and, while
figures may climb (ME44, house rule ``me-climbing``), each scenery element's height in pas
(its tooltip says it and whether it may be climbed).

A dropped figure's nearest legal point (:func:`snapped`) is the probe's ``instead``.
"""

from __future__ import annotations

from typing import Any

from skirmish.core.game import Game
from skirmish.games.masseffect.actions import Deploy, Run, Walk
from skirmish.games.masseffect.rolling import state_of
from skirmish.web.snapping import snap

__all__ = ["board", "snapped"]


def board(game: Game, seat: int | None, legal: list[str]) -> dict[str, Any]:
    """The ``board`` of ``seat``'s state frame: ``zones`` ({side, rings} for both bands
    while they deploy; the lower edge's is the south band), ``allowance`` (ref ->
    {"walk": cm, "run": cm} for the figures its ``legal`` actions (as text) move now) and,
    under ``me-climbing=special-action`` only, ``heights`` (element id -> pas, ME44)."""
    from skirmish.games.masseffect.phases.climbing import (
        CLIMB_MAX_PAS,
        climbing_allowed,
        height_pas,
    )
    from skirmish.games.masseffect.phases.movement import allowance
    from skirmish.games.masseffect.table.picture import deployment_zones

    state = state_of(game)
    out: dict[str, Any] = {"zones": [], "allowance": {}}
    if state.turn == 0 and any(not f.placed for f in state.figures):
        south, north = deployment_zones(state)
        for side, edge in enumerate(state.edges):
            zone = south if edge == "lower" else north
            out["zones"].append({"side": side, "rings": [
                [[round(p.x, 1), round(p.y, 1)] for p in ring] for ring in zone.outline()]})
    refs: dict[str, set[str]] = {}
    for text in legal:
        words = text.split(" ")
        if words[0] in ("walk", "run") and len(words) > 1:
            refs.setdefault(words[1], set()).add(words[0])
    for ref, verbs in sorted(refs.items()):
        figure = state.figure(ref)
        out["allowance"][ref] = {verb: round(allowance(figure, verb == "run"), 2)
                                 for verb in sorted(verbs)}
    if climbing_allowed(state):
        # the table's scenery (closed doors stand in state.elements() only)
        out["heights"] = {e.id: round(height_pas(e), 2) for e in state.scenery}
        out["climb_max"] = CLIMB_MAX_PAS
    return out


def snapped(game: Game, action: Any) -> tuple[str, tuple[float, float]] | None:
    """For a refused walk, run or deployment: the same action at the nearest legal point
    found near where it was dropped (:func:`skirmish.web.snapping.snap`), else ``None``."""
    if not isinstance(action, Walk | Run | Deploy):
        return None
    figure = state_of(game).figure(str(action.figure))
    start = (figure.x, figure.y) if not isinstance(action, Deploy) and figure.placed else None
    return snap(game, str(action), start)
