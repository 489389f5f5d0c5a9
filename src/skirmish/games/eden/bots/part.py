"""Eden's bots part (:class:`skirmish.bots.game_parts.GameBots`): its heuristic bot
(:mod:`.heuristic`), its knowledge for the search (:mod:`.search`: the leaf, the
preferences, the decisions searched, the ``threat``, ``tempo`` and ``missions`` weights)
and its tactical positions (:mod:`.tactics`, the suite whose score is issue 16's measure).
Light to import: the heuristic and the positions are loaded on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.bots.game_parts import GameBots
from skirmish.games.eden.bots.search import EDEN_SEARCH

if TYPE_CHECKING:
    from skirmish.bots.tactics.positions import Position


def positions() -> list[Position]:
    """Eden's tactical positions (:data:`.tactics.POSITIONS`)."""
    from skirmish.games.eden.bots.tactics import POSITIONS

    return list(POSITIONS)


def held_out() -> list[Position]:
    """Eden's held-out tactical positions (:data:`.tactics_second.SECOND_POSITIONS`), never
    used to tune a bot (issue 49)."""
    from skirmish.games.eden.bots.tactics_second import SECOND_POSITIONS

    return list(SECOND_POSITIONS)


BOTS = GameBots(heuristic="skirmish.games.eden.bots.heuristic:HeuristicAgent",
                search=EDEN_SEARCH, positions=positions,
                held_out=held_out)
