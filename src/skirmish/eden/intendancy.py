"""Rulebook 4.B, Intendancy phase: the end-of-round steps, in order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.eden.events import PointsEvent
from skirmish.eden.modifiers import Condition
from skirmish.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game

#: Rulebook 4.A step 9 and 4.B Intendancy step 8: every fighter receives 3 AP.
AP_PER_ROUND = 3


def give_action_points(game: Game) -> None:
    """Intendancy steps 7-9: unused AP are lost, each fighter receives 3 AP, and a fighter
    with a Slowdown marker loses 1 AP and one Slowdown marker."""
    for fighter in state_of(game).on_field():
        fighter.ap = AP_PER_ROUND
        if fighter.marker_count(Condition.SLOWDOWN):
            fighter.ap -= 1
            fighter.remove_marker(Condition.SLOWDOWN)
            game.emit(
                PointsEvent(
                    owner=fighter.ref, points="AP", change=-1, total=fighter.ap, reason="slowdown"
                )
            )


@dataclass(slots=True)
class Intendancy(Procedure):
    """Rulebook 4.B, Intendancy phase, steps 1-12 (steps 7-9 and 11 so far: the condition
    steps 3-6 and victory points arrive with the full match)."""

    name: ClassVar[str] = "eden.intendancy"

    def run(self, game: Game) -> None:
        state = state_of(game)
        game.pop()
        give_action_points(game)
        # Step 11: what lasted "until the end of the round" ends.
        for fighter in state.fighters:
            fighter.activated = False
            fighter.round_uses.clear()
        game.emit(NoteEvent(message=f"end of round {state.round}"))
