"""Read-only windows: a state's memo of derived values, valid while nothing changes.

Listing the legal actions, building a view, finding the pending decision and checking an
action never change a game (the kernel's promise). While the game does one of those, a
ruleset's state may remember what it derives - a fighter's effective characteristics, its
base on the table, whether it is free - instead of working it out again for every action it
lists: that is most of the time a decision costs.

:class:`Remembering` is the mixin a state takes to get the memo; :func:`reading` is the
window the kernel opens around each read-only step (:class:`~skirmish.core.game.Game`). The
memo lives only inside the outermost window and is dropped when it closes, so nothing
remembered can outlive a change: outside a window (a procedure resolving a step, a test
moving a fighter by hand), :meth:`Remembering.memo` is ``None`` and the state computes
everything afresh. A state that does not take the mixin is read as before.
"""

from __future__ import annotations

from typing import Any


class Remembering:
    """A state's memo, open only inside :func:`reading` windows (nested windows share it).

    A state keeps in :meth:`memo` what it derives from itself; keys should hold the objects
    they stand for (e.g. ``(fighter, value)`` under ``id(fighter)``), so that an ``id`` is not
    mistaken for another object's. Copies start with no memo (:meth:`forget`)."""

    __slots__ = ("_memo", "_readers")

    _memo: dict[Any, Any] | None
    _readers: int

    def forget(self) -> None:
        """No window open, nothing remembered (a new state or a fresh copy)."""
        self._memo = None
        self._readers = 0

    def memo(self) -> dict[Any, Any] | None:
        """The open window's memo, or ``None`` when no window is open (compute afresh)."""
        return self._memo

    def begin_reading(self) -> None:
        self._readers += 1
        if self._memo is None:
            self._memo = {}

    def end_reading(self) -> None:
        self._readers -= 1
        if self._readers <= 0:
            self._readers = 0
            self._memo = None


class reading:  # used as a function: ``with reading(state):``
    """A read-only window on ``state``: inside it, nothing may change the state, and the
    state may remember what it derives (:class:`Remembering`; any other state: no effect).
    A plain context manager (a generator's costs a tenth of a cheap listing)."""

    __slots__ = ("_state",)

    def __init__(self, state: object) -> None:
        self._state = state if isinstance(state, Remembering) else None

    def __enter__(self) -> None:
        if self._state is not None:
            self._state.begin_reading()

    def __exit__(self, *exc: object) -> None:
        if self._state is not None:
            self._state.end_reading()
