"""The bots' pace (issue 46: no secret shown by the timing of what is offered or answered).

A bot answers as fast as it thinks, and how long it thinks can tell what it alone knows: a
lone Pass in a tactical window comes back at once, a hand with a card to weigh a little
later; a bid over a reserve the opponent cannot see takes its own time. The web table holds
each bot move until a whole number of ``bot_pace_s`` seconds (a setting, 0.25 by default)
after its decision came: every quick answer falls in the first class, and only a think
longer than the pace (a search bot's, capped by its own time limit, not by what it holds)
reaches the next.
"""

from __future__ import annotations

import math


def pace_wait(thought: float, pace: float) -> float:
    """How long a bot's move waits after ``thought`` seconds of thinking, so that it is sent
    a whole number of ``pace`` seconds (at least one) after its decision came."""
    if pace <= 0:
        return 0.0
    classes = max(1, math.ceil(thought / pace - 1e-9))
    return max(0.0, classes * pace - thought)


__all__ = ["pace_wait"]
