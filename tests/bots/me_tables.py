"""ME:A tables for the search's leaf terms (``me_hold``, ``me_race``, ``me_reach``): a ladder
deal of one scenario with every figure placed at the middle of its own edge."""

from __future__ import annotations

from typing import Any

from skirmish.core import Game
from skirmish.games.masseffect import MASS_EFFECT
from skirmish.sim.ladder import make_deals


def edge_table(scenario: str, turn: int, edge: float) -> Game:
    """The first ladder deal of ``scenario`` at ``turn`` on its 90 cm table, every figure
    placed at its own edge's middle, ``edge`` cm in from it (A's the lower edge)."""
    game = MASS_EFFECT.new_game(make_deals("masseffect", games=2, scenarios=[scenario])[0]
                                .setup, seed=1)
    state: Any = game.state
    state.turn = turn
    for figure in state.figures:
        figure.placed = True
        figure.x, figure.y = 45.0, (edge if figure.side == 0 else 90.0 - edge)
    return game
