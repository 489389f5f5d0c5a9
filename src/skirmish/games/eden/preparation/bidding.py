"""Rulebook 4.A step 3 and 4.B step 1: secret SP bids for the first player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Bid, ChooseFirst, Side
from skirmish.games.eden.events import (
    BidEvent,
    BidsRevealedEvent,
    FirstPlayerEvent,
    PointsEvent,
    TieBreakEvent,
)
from skirmish.games.eden.house_rules import TIED_BID, reading_of
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


@dataclass(slots=True)
class FirstPlayerBid(Procedure):
    """Rulebook 4.A step 3: each player secretly bids SP; the higher bid chooses the first
    player; after a tie each rolls a D6 (again while equal) and the higher roll *is* the first
    player, nobody chooses; both bids are lost."""

    name: ClassVar[str] = "eden.bid"
    step: str = "bid"
    winner: int = 0

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if self.step == "bid":
            for player in (0, 1):
                if state.bids[player] is None:
                    return Decision(
                        player,
                        "secret-bid",
                        f"Secret bid for the first player: 0 to {state.sp[player]} SP",
                    )
            return None
        if self.step == "choose":
            return Decision(
                self.winner,
                "first-player",
                "You won the bid: who plays first?",
                ("first A", "first B"),
            )
        return None

    def legal_actions(self, game: Game) -> list[Action]:
        decision = self.decision(game)
        if decision is None:
            return []
        if self.step == "bid":
            return [Bid(sp) for sp in range(state_of(game).sp[decision.player] + 1)]
        return [ChooseFirst(Side.A), ChooseFirst(Side.B)]

    def check(self, game: Game, action: Action) -> None:
        decision = self.decision(game)
        assert decision is not None
        if self.step == "bid":
            if not isinstance(action, Bid):
                raise IllegalActionError(
                    f"'{action}': a secret bid is expected (bid N)", self.rule()
                )
            reserve = state_of(game).sp[decision.player]
            if not 0 <= action.sp <= reserve:
                raise IllegalActionError(
                    f"a bid of {action.sp} SP is outside 0..{reserve}",
                    "Rulebook 4.A step 3: a bid is limited to the player's SP reserve",
                )
        elif not isinstance(action, ChooseFirst):
            raise IllegalActionError(
                f"'{action}': choose the first player (first A|B)", self.rule()
            )

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Bid):
            player = self.decision(game).player  # type: ignore[union-attr]
            state.bids[player] = action.sp
            game.emit(BidEvent(player=player, sp=action.sp, audience=(player,)))
        else:
            assert isinstance(action, ChooseFirst)
            self._set_first(game, action.player.index, f"chosen by {'AB'[self.winner]}")

    def run(self, game: Game) -> None:
        """Both bids are in: reveal them, spend them, find the winner."""
        state = state_of(game)
        bids = (int(state.bids[0] or 0), int(state.bids[1] or 0))
        state.bids = [None, None]
        game.emit(BidsRevealedEvent(bids=bids))
        for player in (0, 1):
            if bids[player]:
                state.sp[player] -= bids[player]
                game.emit(
                    PointsEvent(
                        owner="AB"[player],
                        points="SP",
                        change=-bids[player],
                        total=state.sp[player],
                        reason="bid lost",
                    )
                )
        if bids[0] != bids[1]:
            # "Le joueur qui a misé le plus de PS choisit qui devient le Premier joueur."
            self.winner = 0 if bids[0] > bids[1] else 1
            self.step = "choose"
            return
        # "ils jettent chacun 1D6. Le joueur ayant obtenu le résultat le plus élevé est alors
        # le Premier joueur (… les joueurs rejettent les dés jusqu'à ce qu'ils puissent se
        # départager)": A's die first, then B's.
        while True:
            a, b = game.dice.d6(), game.dice.d6()
            winner = None if a == b else (0 if a > b else 1)
            game.emit(TieBreakEvent(faces=(a, b), winner=winner))
            if winner is not None:
                if reading_of(state.catalogue.house_rules, TIED_BID) == "chooses":
                    # House rule eden-tied-bid=chooses: the roll's winner chooses, as the
                    # higher bid does.
                    self.winner = winner
                    self.step = "choose"
                    return
                self._set_first(game, winner, "higher tie-break roll")
                return

    def _set_first(self, game: Game, player: int, reason: str) -> None:
        state_of(game).first_player = player
        game.emit(FirstPlayerEvent(player=player, reason=reason))
        game.pop()
