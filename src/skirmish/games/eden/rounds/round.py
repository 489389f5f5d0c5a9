"""Rulebook 4: the match and its rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.optional import start_optional_rules
from skirmish.games.eden.preparation.bidding import FirstPlayerBid
from skirmish.games.eden.preparation.preparation import PreparationPhase
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.rounds.activation import ActivationPhase
from skirmish.games.eden.rounds.intendancy import Intendancy, count_victory_points
from skirmish.games.eden.rounds.tactical import TacticalPhase

if TYPE_CHECKING:
    from skirmish.core.game import Game


def first_player_step(game: Game) -> Procedure:
    """Rulebook 4.B, Determination of the first player: a secret bid - unless exactly one
    player's leader was incapacitated in the previous round: then his opponent chooses."""
    state = state_of(game)
    lost = list(state.leader_lost)
    state.leader_lost = [False, False]
    if state.round > 1 and lost[0] != lost[1]:
        chooser = 1 if lost[0] else 0
        game.emit(NoteEvent(message=f"player {'AB'[1 - chooser]}'s leader fell last round: "
                                    f"player {'AB'[chooser]} chooses the first player"))
        return FirstPlayerBid(step="choose", winner=chooser)
    return FirstPlayerBid()


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
            game.push(first_player_step(game))
        elif self.step == 2:
            game.push(TacticalPhase())
        elif self.step == 3:
            game.push(ActivationPhase())
        elif self.step == 4:
            game.push(Intendancy())
        else:
            game.pop()


def match_over(game: Game) -> str:
    """Rulebook 4.A: the match ends after the fifth round, or at the end of any round where a
    player has no fighter left on the field. Returns why ("" while it goes on)."""
    state = state_of(game)
    sides_left = {f.side for f in state.on_field() if not f.npf}  # NPFs are nobody's
    if len(sides_left) < 2:
        return "a player has no fighter left on the field"
    if state.round >= state.max_rounds:
        return f"round {state.max_rounds} is over"
    return ""


@dataclass(slots=True)
class Match(Procedure):
    """Rulebook 4: the optional rules the set-up names (the climatic conditions), the
    preparation phase, then rounds until the match ends; missions that count at the end of
    the match score then."""

    name: ClassVar[str] = "eden.match"
    prepared: bool = False

    def run(self, game: Game) -> None:
        if not self.prepared:
            self.prepared = True
            start_optional_rules(game)  # the set-up's optional rules (the climate) first
            game.push(PreparationPhase(skip=list(game.setup.get("preparation_skip", []))))
            return
        why = match_over(game)
        if why:
            game.pop()
            count_victory_points(game, final=True)
            game.emit(NoteEvent(message=f"the match ends after round "
                                        f"{state_of(game).round}: {why}"))
            return
        game.push(Round())
