"""What Eden's board (docs/web.md, The board) needs beyond the seat's view: the view already
holds the field's size, the scenery, the markers and every fighter (its place and base); the
state frame's ``board`` adds the seat's own deployment zone while it deploys (its mission's
deployment type is its own knowledge) and the move allowance of each fighter it may move or
charge with now (the ring drawn while it is dragged). Everything is worked out on the seat's
:func:`~skirmish.games.eden.web.frames.knowledge`.

A dropped fighter's nearest legal point (:func:`snapped`) is the probe's ``instead``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from skirmish.core.game import Game
from skirmish.games.eden.actions import Deploy, Move
from skirmish.games.eden.rolling import state_of
from skirmish.web.snapping import snap

__all__ = ["board", "snapped", "zone_rings"]


def zone_rings(zone: Any) -> list[list[list[float]]]:
    """A deployment zone's outline as rings of [x, y] (cm, 0.1 cm), drawn even-odd (an
    ambush zone's disc is a hole)."""
    return [[[round(p.x, 1), round(p.y, 1)] for p in ring] for ring in zone.outline(48)]


def board(known: Game, seat: int | None, legal: list[str]) -> dict[str, Any]:
    """The ``board`` of ``seat``'s state frame: ``zones`` ({side, rings}: its own, while it
    deploys),
    ``allowance`` (ref -> {"move": cm, "charge": cm} for the fighters its ``legal`` actions
    (as text) move or charge now)."""
    out: dict[str, Any] = {"zones": [], "allowance": {}}
    if seat is None or known.is_over or known.decision().player != seat:
        return out
    from skirmish.games.eden.fighting.movement import allowance
    from skirmish.games.eden.preparation.deployment import zone_of

    state = state_of(known)
    kind = known.decision().kind
    if kind == "deploy":
        with contextlib.suppress(ValueError):  # no half chosen yet: no zone
            out["zones"] = [{"side": seat, "rings": zone_rings(zone_of(state, seat))}]
    if kind == "action":
        refs: dict[str, set[str]] = {}
        for text in legal:
            words = text.split(" ")
            if words[0] in ("move", "charge") and len(words) > 1:
                refs.setdefault(words[1], set()).add(words[0])
        for ref, verbs in sorted(refs.items()):
            fighter = state.fighter(ref)
            out["allowance"][ref] = {
                verb: round(allowance(state, fighter, charge=verb == "charge"), 2)
                for verb in sorted(verbs)}
    return out


def snapped(game: Game, action: Any) -> tuple[str, tuple[float, float]] | None:
    """For a refused move or deployment: the same action at the nearest legal point found
    near where it was dropped (:func:`skirmish.web.snapping.snap`), else ``None``."""
    if not isinstance(action, Move | Deploy):
        return None
    fighter = state_of(game).fighter(str(action.fighter))
    start = (fighter.x, fighter.y) if isinstance(action, Move) and fighter.on_field else None
    return snap(game, str(action), start)
