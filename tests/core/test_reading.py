"""Read-only windows (skirmish.core.reading): a state remembers what it derives only while
the kernel lists actions, builds a view, finds a decision or checks an action, and never
past a change."""

from __future__ import annotations

from skirmish.core.reading import Remembering, reading


class Spy(Remembering):
    __slots__ = ()

    def __init__(self) -> None:
        self.forget()


def test_the_memo_lives_only_inside_the_outermost_window() -> None:
    state = Spy()
    assert state.memo() is None
    with reading(state):
        memo = state.memo()
        assert memo == {}
        memo["x"] = 1
        with reading(state):  # nested windows share it
            assert state.memo() is memo
        assert state.memo() is memo
    assert state.memo() is None
    with reading(state):
        assert state.memo() == {}  # nothing survives a closed window


def test_a_window_on_a_state_without_a_memo_does_nothing() -> None:
    with reading(object()):
        pass
