"""Bounded tables of remembered answers, for pure functions that the rules ask again and
again with the same arguments (a search replays the same positions many times).

A :class:`Memo` keeps at most ``size`` answers and forgets the oldest first; every memo is
registered so that :func:`clear_memos` empties them all (a measurement of the queries
themselves starts cold, and a long-lived process can let go of them). A memo never changes
an answer: it is only ever filled with what the function returns for the very key."""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_ALL: list[Memo[object, object]] = []


class Memo(Generic[K, V]):
    """At most ``size`` answers by key, the oldest forgotten first (one dict: insertion
    order is age)."""

    __slots__ = ("_kept", "name", "size")

    def __init__(self, name: str, size: int) -> None:
        if size < 1:
            raise ValueError("a memo keeps at least one answer")
        self.name = name
        self.size = size
        self._kept: dict[K, V] = {}
        _ALL.append(self)  # type: ignore[arg-type]

    def get(self, key: K) -> V | None:
        return self._kept.get(key)

    def keep(self, key: K, value: V) -> V:
        kept = self._kept
        if len(kept) >= self.size:
            del kept[next(iter(kept))]
        kept[key] = value
        return value

    def clear(self) -> None:
        self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)


def clear_memos() -> None:
    """Empty every registered memo."""
    for memo in _ALL:
        memo.clear()
