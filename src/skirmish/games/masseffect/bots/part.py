"""Mass Effect: Annihilation's bots part (:class:`skirmish.bots.game_parts.GameBots`): its
heuristic bot (:mod:`.heuristic`), its knowledge for the search (:mod:`.search`, the leaf of
:mod:`.leaf`, the ``me_*`` settings) and its tactical positions (:mod:`.tactics`, scored
apart from the default game's suite). Light to import: the heuristic and the positions are
loaded on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.bots.game_parts import GameBots
from skirmish.games.masseffect.bots.search import MASS_EFFECT_SEARCH

if TYPE_CHECKING:
    from skirmish.bots.tactics.positions import Position


def positions() -> list[Position]:
    """ME:A's tactical positions (:data:`.tactics.MASS_EFFECT_POSITIONS`)."""
    from skirmish.games.masseffect.bots.tactics import MASS_EFFECT_POSITIONS

    return list(MASS_EFFECT_POSITIONS)


def held_out() -> list[Position]:
    """ME:A's held-out tactical positions
    (:data:`.tactics_second.SECOND_MASS_EFFECT_POSITIONS`), never used to tune a bot (issue
    49)."""
    from skirmish.games.masseffect.bots.tactics_second import SECOND_MASS_EFFECT_POSITIONS

    return list(SECOND_MASS_EFFECT_POSITIONS)


BOTS = GameBots(heuristic="skirmish.games.masseffect.bots.heuristic:MassEffectHeuristic",
                search=MASS_EFFECT_SEARCH, positions=positions,
                held_out=held_out)
