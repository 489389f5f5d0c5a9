"""Invariants that hold after every action of any Eden match."""

from __future__ import annotations

import math

from skirmish.core import Game
from skirmish.eden.melee import ATTACKS_PER_ROUND
from skirmish.eden.movement import CHARGES_PER_ROUND, MOVES_PER_ROUND
from skirmish.eden.state import EdenState

TOLERANCE = 1e-6


def check_invariants(game: Game) -> None:
    state = game.state
    assert isinstance(state, EdenState)
    assert 0 <= state.round <= state.max_rounds, f"round {state.round}"
    assert all(vp >= 0 for vp in state.vp), f"VP {state.vp}"
    assert all(sp >= 0 for sp in state.sp), f"SP {state.sp}"
    on_field = [f for f in state.fighters if f.on_field]
    for f in state.fighters:
        assert f.ap >= 0, f"{f.ref} has {f.ap} AP"
        uses = f.round_uses
        assert uses.get("move", 0) <= MOVES_PER_ROUND, f"{f.ref} moved {uses['move']} times"
        assert uses.get("charge", 0) <= CHARGES_PER_ROUND, f"{f.ref} charged twice"
        assert uses.get("attack", 0) <= ATTACKS_PER_ROUND, f"{f.ref} attacked {uses['attack']}x"
        assert not (f.on_field and f.incapacitated), f"{f.ref} is incapacitated on the field"
    for f in on_field:
        r = f.profile.base_mm / 20
        w, h = state.field.width, state.field.height
        assert r - TOLERANCE <= f.x <= w - r + TOLERANCE, f"{f.ref} off the field: x={f.x}"
        assert r - TOLERANCE <= f.y <= h - r + TOLERANCE, f"{f.ref} off the field: y={f.y}"
    for i, a in enumerate(on_field):
        for b in on_field[i + 1:]:
            d = math.hypot(a.x - b.x, a.y - b.y)
            reach = (a.profile.base_mm + b.profile.base_mm) / 20
            assert d >= reach - 1e-3, f"{a.ref} and {b.ref} overlap ({d:.3f} < {reach})"
