"""Pit Duel's part for the bots (skirmish.bots.game_parts): a heuristic that strikes the
most wounded enemy with its least wounded fighter and guards its most wounded one, and the
search's leaf (the wounds left on each side)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.bots.game_parts import GameBots, GameSearch, SearchKnowledge, logistic
from skirmish.core.actions import Action
from skirmish.core.game import Game
from skirmish_pitduel.rules import Guard, Strike, state_of


class PitDuelHeuristic:
    """One ply of common sense; it reads only its view (the wounds it may see)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        wounds = {f["ref"]: f["wounds"] for f in view["fighters"]}

        def key(action: Action) -> tuple[int, int, str]:
            if isinstance(action, Strike):  # the enemy nearest out, by the fittest
                return (wounds[str(action.target)], -wounds[str(action.fighter)], str(action))
            if isinstance(action, Guard):  # the own fighter nearest out
                return (wounds[str(action.fighter)], 0, str(action))
            return (99, 0, str(action))

        return min(legal_actions, key=key)


def leaf(game: Game) -> float:
    """Player A's chances: the wounds each band has left, a wound a logit."""
    state = state_of(game)
    if not state.standing(1):
        return 1.0
    if not state.standing(0):
        return 0.0
    left = [sum(side.values()) for side in state.wounds]
    return logistic(float(left[0] - left[1]))


BOTS = GameBots(heuristic=PitDuelHeuristic,
                search=SearchKnowledge(lambda settings: GameSearch(leaf=leaf)))
