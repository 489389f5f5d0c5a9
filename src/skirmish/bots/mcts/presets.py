"""The difficulty levels of the ``mcts`` agent (``mcts:easy``, ``mcts:normal``,
``mcts:hard``). Time per decision on the project's 2-core machine: easy <= 0.1 s, normal
<= 0.5 s, hard <= 2 s. The iterations are what usually stops the search (so that a level
plays the same on any machine, and reproducibly); the seconds are a cap, a little under the
limit for the view and the observation built around the search."""

from __future__ import annotations

PRESETS: dict[str, dict[str, int | float]] = {
    "easy": {"iterations": 60, "seconds": 0.08},
    "normal": {"iterations": 300, "seconds": 0.4},
    "hard": {"iterations": 1200, "seconds": 1.6},
}
