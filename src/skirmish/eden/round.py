"""Rulebook 4: the match, its preparation and its rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.eden.activation import ActivationPhase
from skirmish.eden.bidding import FirstPlayerBid
from skirmish.eden.intendancy import AP_PER_ROUND, Intendancy
from skirmish.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


@dataclass(slots=True)
class Preparation(Procedure):
    """Rulebook 4.A, Preparation phase: step 3 (first-player bid) and step 9 (3 AP each).
    Troops, reserves (steps 1-2) come from the set-up; leaders, missions, scenery,
    deployment and tactical hands (steps 4-8) arrive with the full match."""

    name: ClassVar[str] = "eden.preparation"
    step: int = 3

    def run(self, game: Game) -> None:
        if self.step == 3:
            self.step = 9
            game.push(FirstPlayerBid())
            return
        game.pop()
        for fighter in state_of(game).on_field():
            fighter.ap = AP_PER_ROUND


@dataclass(slots=True)
class Round(Procedure):
    """Rulebook 4.B, Round: 1 first player, 2 tactical phase, 3 activation, 4 intendancy."""

    name: ClassVar[str] = "eden.round"
    step: int = 0

    def run(self, game: Game) -> None:
        state = state_of(game)
        self.step += 1
        if self.step == 1:
            state.round += 1
            game.emit(NoteEvent(message=f"round {state.round} begins"))
            game.push(FirstPlayerBid())
        elif self.step == 3:
            game.push(ActivationPhase())
        elif self.step == 4:
            game.push(Intendancy())
        elif self.step > 4:
            game.pop()


@dataclass(slots=True)
class Match(Procedure):
    """Rulebook 4.A: a match lasts 5 rounds, and ends at the end of any round where a player
    has no fighter left on the field."""

    name: ClassVar[str] = "eden.match"
    prepared: bool = False

    def run(self, game: Game) -> None:
        state = state_of(game)
        if not self.prepared:
            self.prepared = True
            game.push(Preparation())
            return
        sides_left = {f.side for f in state.on_field()}
        if state.round >= state.max_rounds or len(sides_left) < 2:
            game.pop()
            game.emit(NoteEvent(message=f"the match ends after round {state.round}"))
            return
        game.push(Round())
