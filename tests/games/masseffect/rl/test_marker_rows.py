"""ME:A's marker rows (issue 43: written in one numpy call instead of one per feature) are
those of the encoder before, element by element, on markers of every kind, state and
carrier (random play seldom carries data, so ``tests/rl/test_observation_pins`` seldom sees
a carried marker): the reference below is the former code, kept as it was."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from skirmish.rl.observations import RASTER, RasterMarks  # skirmish.rl before a game's part

from skirmish.games.masseffect.rl.observations import MassEffectEncoder  # isort: skip
from skirmish.rl.setups import Limits

_MARKER_KINDS = {"objective": 1, "terminal": 2, "door": 3, "data": 4}


def _reference(view: dict[str, Any], seat: int, slot_of: dict[str, int], limits: Limits,
               width: float, depth: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The former ``MassEffectEncoder.marker_rows`` and ``TableEncoder._mark``."""
    rows = np.zeros((limits.elements, 12), dtype=np.float32)
    mask = np.zeros(limits.elements, dtype=np.int8)
    channel = np.zeros((limits.grid, limits.grid), dtype=np.float32)
    mine = "AB"[seat] + "."
    for marker in view.get("markers", ()):
        slot = slot_of.get(str(marker["id"]))
        if slot is None:
            continue
        row = rows[slot]
        mask[slot] = 1
        row[0] = 1.0
        column = _MARKER_KINDS.get(str(marker.get("kind", "")))
        if column is not None:
            row[column] = 1.0
        fx, fy = float(marker["x"]) / width, float(marker["y"]) / depth
        row[5], row[6] = fx, fy
        row[7] = 1.0 if marker.get("locked") else 0.0
        row[8] = 1.0 if marker.get("open") else 0.0
        row[9] = 1.0 if marker.get("holds") else 0.0
        carrier = str(marker.get("carrier") or "")
        if carrier:
            row[10 if carrier.startswith(mine) else 11] = 1.0
        else:
            grid = limits.grid
            i = min(grid - 1, max(0, int(fy * grid)))
            j = min(grid - 1, max(0, int(fx * grid)))
            channel[i, j] = min(1.0, channel[i, j] + 1.0 * 0.5)
    np.clip(rows, -4.0, 4.0, out=rows)
    return rows, mask, channel


class _Roster:
    """Just what ``marker_rows`` asks of a roster: element slots."""

    def __init__(self, slots: dict[str, int], limits: Limits) -> None:
        self.slots, self.limits = slots, limits

    def element_slot(self, ident: str) -> int | None:
        slot = self.slots.get(ident)
        return slot if slot is not None and slot < self.limits.elements else None


def _marker(rng: random.Random, n: int) -> dict[str, Any]:
    marker: dict[str, Any] = {
        "id": f"m-{n}", "kind": rng.choice(["objective", "terminal", "door", "data", "crate"]),
        "x": rng.choice([rng.uniform(-10, 100), 0.0, 90.0, 45.0]),
        "y": rng.choice([rng.uniform(-10, 100), 0.0, 90.0, 45.0]),
    }
    for flag in ("locked", "open", "holds"):
        if rng.random() < 0.5:
            marker[flag] = rng.random() < 0.5
    if rng.random() < 0.6:
        marker["carrier"] = rng.choice(["A.Shepard", "B.Garrus", "", None])
    return marker


def test_marker_rows_equal_the_former_ones_element_by_element() -> None:
    rng = random.Random(43)
    limits = Limits(per_side=4, elements=6, scenery=6, grid=8)
    encoder = MassEffectEncoder(limits)
    for case in range(300):
        markers = [_marker(rng, n) for n in range(rng.randint(0, 9))]
        slots = {m["id"]: i for i, m in enumerate(rng.sample(markers, len(markers)))}
        seat = case % 2
        width, depth = rng.choice([(90.0, 90.0), (60.0, 45.0)])
        view = {"markers": markers}
        marks = RasterMarks(limits.grid)
        got = encoder.marker_rows(view, seat, _Roster(slots, limits),  # type: ignore[arg-type]
                                  marks, width, depth)
        raster = np.zeros((len(RASTER), limits.grid, limits.grid), dtype=np.float32)
        marks.write(raster)
        rows, mask, channel = _reference(view, seat, {k: v for k, v in slots.items()
                                                      if v < limits.elements},
                                         limits, width, depth)
        assert got["markers"].dtype == rows.dtype and np.array_equal(got["markers"], rows)
        assert got["marker_mask"].dtype == mask.dtype and np.array_equal(got["marker_mask"], mask)
        assert np.array_equal(raster[5], channel) and not raster[:5].any()
