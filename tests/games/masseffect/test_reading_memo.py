"""ME:A's state remembers, inside the kernel's read-only windows only, which figures are in
action and which are engaged (issue 43): a figure moved or taken out by hand between two
windows is seen at once, and a copy starts with nothing remembered."""

from __future__ import annotations

from skirmish.core.reading import reading
from tests.games.masseffect.table import Put, scene, st

SOLDIER = "Soldat de l'Alliance"


def _engaged(state: object) -> list[bool]:
    return [state.engaged(f) for f in state.figures]  # type: ignore[attr-defined]


def test_a_change_between_two_windows_is_seen_and_nothing_is_remembered_outside() -> None:
    game = scene([Put(0, SOLDIER, 5, 5), Put(1, SOLDIER, 5, 9), Put(1, SOLDIER, 30, 30)])
    state = st(game)
    a, b, c = state.figures
    b.x, b.y = a.x, a.y + a.radius + b.radius  # base contact
    with reading(state):
        assert _engaged(state) == [True, True, False]
        assert list(state.in_action(1)) == [b, c]
        assert _engaged(state) == [True, True, False]  # asked again: remembered
        assert state.memo()
    assert state.memo() is None
    b.y += 5.0  # moved out of contact by hand
    c.out = True  # and another taken out
    assert _engaged(state) == [False, False, False]
    assert list(state.in_action(1)) == [b]
    with reading(state):
        assert _engaged(state) == [False, False, False]
        assert list(state.in_action(1)) == [b]
        copy = state.clone()
        assert copy.memo() is None
    b.y -= 5.0
    with reading(state):
        assert _engaged(state) == [True, True, False]
