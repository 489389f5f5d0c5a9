"""Pit Duel's part for simulations (skirmish.sim.game_parts): its fighters and who took
whom out, for a batch's summaries, and the soak's invariants."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.events import Event
from skirmish.core.game import Game
from skirmish.sim.game_parts import GameSims, Piece
from skirmish_pitduel.rules import Struck, state_of


class PitDuelSims(GameSims):
    def pieces(self, view: Mapping[str, Any]) -> list[Piece]:
        return [Piece(f["ref"], f["on_field"]) for f in view["fighters"]]

    def kill_by(self, event: Event) -> str:
        return event.fighter if isinstance(event, Struck) and event.out else ""

    def invariant_problems(self, game: Game) -> list[str]:
        """Wounds stay within 0 and the set-up's; the scores are the wounds dealt."""
        state = state_of(game)
        start = game.setup["wounds"]
        problems = [f"{name} has {left} wounds" for side in state.wounds
                    for name, left in side.items() if not 0 <= left <= start]
        for side in (0, 1):
            dealt = sum(start - left for left in state.wounds[1 - side].values())
            if dealt != state.scores[side]:
                problems.append(f"player {'AB'[side]} scores {state.scores[side]}, "
                                f"dealt {dealt}")
        return problems


SIM = PitDuelSims()
