"""Mass Effect: Annihilation's observation features, from ``game.view(seat)`` only
(a :class:`skirmish.rl.observations.TableEncoder`; nothing is hidden in ME:A but the dice
to come).

A figure row (:data:`FIGURE`): present; whose; placed, out of action, extracted; position;
facing (sine, cosine); base radius; Vitalité (a fraction, and /5), Armure, Héroïsme,
shield and barrier uses (/5); this turn's move (stay, walk, run), power used, shot, special
action, fought; engaged; statuses (/5); data carried; disengaged; spent; its points (/20).

The globals (:data:`GLOBALS`): the turn, initiative, scores, data extracted, the seat's
edge, the phase (one-hot), whose decision it is, an early end. ``fighter_cards``: each
figure's profile in the library's list (:func:`library_profiles`). The markers
(:data:`~skirmish.rl.observations.MARKERS`): kind, position, locked, open, holds data,
carried by whom.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from skirmish.rl.actions import Roster
from skirmish.rl.observations import (
    MARKERS,
    Array,
    CardIndex,
    RasterMarks,
    TableEncoder,
    angle_features,
)

FIGURE = ("present", "mine", "opponent", "placed", "out", "extracted", "x", "y",
          "facing_sin", "facing_cos", "radius", "vitality", "vitality_points", "armour",
          "heroism", "shield_uses", "barrier_uses", "stayed", "walked", "ran", "used_power",
          "shot", "special", "fought", "engaged", "statuses", "carries", "disengaged",
          "spent", "points")
PHASES = ("préparation", "tour", "mouvement", "pouvoirs", "tir", "actions spéciales",
          "mêlée")
GLOBALS = ("turn", "turns", "initiative", "my_score", "opponent_score", "my_extracted",
           "opponent_extracted", "my_edge_lower", *(f"phase_{p}" for p in PHASES),
           "my_decision", "ended")
KINDS = ("edge", "deploy", "move", "pouvoirs", "tir", "actions spéciales", "fight", "oppose",
         "heroic", "group", "wield")
_MARKER_KINDS = {"objective": 1, "terminal": 2, "door": 3, "data": 4}


@functools.lru_cache(maxsize=1)
def library_profiles() -> CardIndex:
    """The built-in library's figure profiles, for ``fighter_cards`` (ME:A has no hand nor
    secret mission)."""
    from skirmish.games.masseffect.cards.library import load_library

    return CardIndex(load_library().profiles)


class MassEffectEncoder(TableEncoder):
    ruleset = "masseffect"
    fighter_key = "figures"
    element_key = "markers"
    fighter_features = FIGURE
    global_features = GLOBALS
    kinds = KINDS
    with_markers = True

    def profiles(self) -> CardIndex:
        return library_profiles()

    def table_size(self, view: Mapping[str, Any]) -> tuple[float, float]:
        size = view.get("table_cm") or (90.0, 90.0)
        return float(size[0]) or 1.0, float(size[1]) or 1.0

    def standing(self, piece: Mapping[str, Any]) -> bool:
        return bool(piece.get("placed")) and not piece.get("out") and \
            not piece.get("extracted")

    def fighter_rows(self, view: Mapping[str, Any], seat: int,
                     pieces: Sequence[Mapping[str, Any]], slots: Sequence[int | None],
                     out: Array, width: float, depth: float) -> None:
        """One row per figure with a slot (:data:`FIGURE`), gathered in one flat list and
        written in one numpy call."""
        flat: list[float] = []
        used: list[int] = []
        for piece, slot in zip(pieces, slots, strict=True):
            if slot is None:
                continue
            get = piece.get
            placed = bool(get("placed"))
            x, y, sin, cos = 0.0, 0.0, 0.0, 0.0
            if placed:
                x, y = float(piece["x"]) / width, float(piece["y"]) / depth
                sin, cos = angle_features(float(get("facing", 0.0)))
            vitality = float(get("vitality", 0))
            moved = get("moved", "")
            mine = int(piece["side"]) == seat
            used.append(slot)
            flat += (
                1.0, mine, not mine, placed,
                bool(get("out")), bool(get("extracted")), x, y, sin, cos,
                float(get("radius", 0.0)) / 5,
                vitality / max(1, int(get("max_vitality", 1))), vitality / 5,
                get("armour", 0) / 5, get("heroism", 0) / 5,
                get("shield_uses", 0) / 5, get("barrier_uses", 0) / 5,
                moved == "stay", moved == "walk", moved == "run",
                bool(get("used_power")), bool(get("shot")),
                bool(get("special")), bool(get("fought")),
                bool(get("engaged")), len(get("statuses") or ()) / 5,
                float(len(get("carries") or ())), bool(get("disengaged")),
                bool(get("spent")), get("points", 0) / 20)
        if used:
            out[used] = np.array(flat, dtype=np.float32).reshape(len(used), len(FIGURE))

    def globals(self, view: Mapping[str, Any], seat: int) -> list[float]:
        other = 1 - seat
        scores = view.get("scores") or (0, 0)
        extracted = view.get("extracted") or (0, 0)
        edges = view.get("edges") or ("lower", "upper")
        decision = view.get("decision") or {}
        turns = max(1, int(view.get("turns", 1)))
        phase = str(view.get("phase", ""))
        return [
            float(view.get("turn", 0)) / turns, turns / 10,
            1.0 if view.get("initiative") == seat else 0.0,
            float(scores[seat]) / 10, float(scores[other]) / 10,
            float(extracted[seat]) / 3, float(extracted[other]) / 3,
            1.0 if edges[seat] == "lower" else 0.0,
            *(1.0 if phase == p else 0.0 for p in PHASES),
            1.0 if decision.get("player") == seat else 0.0,
            1.0 if view.get("ended") else 0.0,
        ]

    def marker_rows(self, view: Mapping[str, Any], seat: int, roster: Roster,
                    marks: RasterMarks, width: float, depth: float
                    ) -> dict[str, npt.NDArray[Any]]:
        limits = self.limits
        rows = np.zeros((limits.elements, len(MARKERS)), dtype=np.float32)
        mask = np.zeros(limits.elements, dtype=np.int8)
        mine = "AB"[seat] + "."
        used: list[int] = []
        flat: list[float] = []
        for marker in view.get("markers", ()):
            slot = roster.element_slot(str(marker["id"]))
            if slot is None:
                continue
            row = [1.0, 0.0, 0.0, 0.0, 0.0]  # present, then its kind (_MARKER_KINDS)
            column = _MARKER_KINDS.get(str(marker.get("kind", "")))
            if column is not None:
                row[column] = 1.0
            fx, fy = float(marker["x"]) / width, float(marker["y"]) / depth
            carrier = str(marker.get("carrier") or "")
            mine_carries = bool(carrier) and carrier.startswith(mine)
            row += (fx, fy, 1.0 if marker.get("locked") else 0.0,
                    1.0 if marker.get("open") else 0.0, 1.0 if marker.get("holds") else 0.0,
                    1.0 if mine_carries else 0.0,
                    1.0 if carrier and not mine_carries else 0.0)
            if not carrier:
                marks.mark(5, fx, fy)
            used.append(slot)
            flat += row
        if used:
            mask[used] = 1
            rows[used] = np.array(flat, dtype=np.float32).reshape(len(used), len(MARKERS))
            rows.clip(-4.0, 4.0, out=rows)
        return {"markers": rows, "marker_mask": mask}

    def scenery_extra(self, view: Mapping[str, Any], roster: Roster, rows: Array) -> None:
        """A closed door stands as scenery: its row says so."""
        doors = {str(m["id"]) for m in view.get("markers", ()) if m.get("kind") == "door"}
        for item in view.get("scenery", ()):
            ident = str(item.get("id", ""))
            slot = roster.scenery_slot(ident) if ident in doors else None
            if slot is not None:
                rows[slot, 15] = 1.0
