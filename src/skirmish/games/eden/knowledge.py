"""What one seat may know of a game: the copy on which rules answers for that seat are
computed (the web table's legality details and odds, the terminal's odds and pictures)."""

from __future__ import annotations

from skirmish.core.dice import KeyedDice
from skirmish.core.game import Game
from skirmish.games.eden.rolling import state_of


def knowledge(game: Game, seat: int | None) -> Game:
    """A copy of ``game`` holding only what ``seat`` may know (``None``: a spectator): the
    other seat's tactical hand, pending bid, secret missions, their effects and objective
    markers' owners are removed, and the dice are fresh (no key, no counter). Rules answers
    (legality details, allowances, odds) are computed on it, never on the game itself."""
    copy = game.copy()
    copy.dice = KeyedDice()
    state = state_of(copy)
    effects = [e for e in state.effects if state._effect_public(e, seat)]
    objectives = state._objectives_seen(seat)
    for side in (0, 1):
        if side == seat:
            continue
        state.hands[side] = []
        state.bids[side] = None
        state.missions[side] = [m for m in state.missions[side]
                                if not state._secret_mission(side, m)]
    state.effects = effects
    state.objectives = objectives
    return copy
