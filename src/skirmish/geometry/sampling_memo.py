"""The second memo of :func:`~skirmish.geometry.destinations.sample_destinations` (internal): the
latest answer for the same question among other bases, kept with a trace of what it tested,
and given again when the bases that came, went or moved since refuse and block nothing it
tested.

A sampling draws the same points from the same seed; among the same scenery and markers, the
bases change an answer only through the end-position rules on the points drawn and through the
straight moves tested (a path search, which looks at everything, is not traced: such an answer
is worked out again). If no base that changed refuses a point drawn (the very test of the
end-position rules) nor blocks a move tested (the very test of
:func:`~skirmish.geometry.tangent_world.segment_free`), every test answers as before: the same
points are kept, the same moves found, the same answer. In a movement phase one figure moves
at a time, and the others' answers mostly stand.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .shapes import Base, seg_point_dist
from .tangent_world import PATH_TOLERANCE

#: How many questions keep their latest answer (one per figure, walking or running, and turn
#: in a game; a search's copies ask the same questions).
LATEST_SIZE = 256


@dataclass(slots=True)
class Trace:
    """What a sampling tested: the points drawn in reach (each asked of the end-position
    rules), the ends of the straight moves tested from the mover, and whether it searched."""

    points: array[float] = field(default_factory=lambda: array("d"))
    ends: array[float] = field(default_factory=lambda: array("d"))
    searched: bool = False


def unchanged_by(mover: Base, before: Sequence[Base], now: Sequence[Base], trace: Trace,
                 tol: float = PATH_TOLERANCE) -> bool:
    """Would a sampling traced among ``before`` answer the same among ``now`` (the mover, the
    scenery, the markers and the draws the same)? True when no base in one and not in the
    other refuses a point drawn or blocks a move tested; False when it cannot tell."""
    if trace.searched:
        return False
    kept_before, kept_now = set(before), set(now)
    changed = [b for b in before if b not in kept_now] + [b for b in now if b not in kept_before]
    r, ax, ay = mover.radius, mover.x, mover.y
    points, ends = trace.points, trace.ends
    for b in changed:
        cx, cy = b.x, b.y
        limit = b.radius + r - tol  # as paths.StandingRules: this base refuses a point
        for i in range(0, len(points), 2):
            if math.hypot(cx - points[i], cy - points[i + 1]) < limit:
                return False
        rr = b.radius + r  # as tangent_world.build_world inflates it
        for i in range(0, len(ends), 2):
            bx, by = ends[i], ends[i + 1]
            # as tangent_world.segment_free tests an inflated disc
            if (cx + rr < min(ax, bx) or cx - rr > max(ax, bx) or cy + rr < min(ay, by)
                    or cy - rr > max(ay, by)):
                continue
            if seg_point_dist(ax, ay, bx, by, cx, cy) < rr - tol:
                return False
    return True


class Latest:
    """The latest answer per question, with the bases it was worked out among and what else
    it depends on (``among``); at most :data:`LATEST_SIZE` questions."""

    __slots__ = ("_answers",)

    def __init__(self) -> None:
        self._answers: dict[Hashable, tuple[Any, tuple[Base, ...], Trace, Any]] = {}

    def recall(self, question: Hashable, among: Any, mover: Base, bases: tuple[Base, ...]
               ) -> Any | None:
        """The answer among ``bases`` (and ``among``) if the latest one still stands, else
        None."""
        known = self._answers.get(question)
        if known is None:
            return None
        was_among, before, trace, answer = known
        if was_among != among or not unchanged_by(mover, before, bases, trace):
            return None
        self._answers[question] = (among, bases, trace, answer)
        return answer

    def keep(self, question: Hashable, among: Any, bases: tuple[Base, ...], trace: Trace,
             answer: Any) -> None:
        answers = self._answers
        if question not in answers and len(answers) >= LATEST_SIZE:
            del answers[next(iter(answers))]
        answers[question] = (among, bases, trace, answer)

    def clear(self) -> None:
        self._answers.clear()
