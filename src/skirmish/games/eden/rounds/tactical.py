"""Rulebook 4.B, Tactical phase: each player may play one tactical card for 2 SP (3 SP in a
Snowstorm, optional rules 3).

Rulebook 1.D: a card with the special rule "Tactical" is played only during the tactical
phase; a card without it may also be played by the player whose fighter is activated, at the
start of that activation (docs/rulings.md). A card aimed at "the chosen fighter" names a valid
target: a friend, an enemy or anyone, on the field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Cancel, PlayCard, key
from skirmish.games.eden.cards.cards import TacticalCard, freeze, thaw
from skirmish.games.eden.effects import EFFECTS, ActiveEffect, announce
from skirmish.games.eden.events import CardEvent, PointsEvent
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

#: Rulebook 4.B, Tactical phase: playing a card costs 2 SP.
CARD_COST = 2


def card_cost(state: EdenState, player: int) -> int:
    """What ``player`` pays to play a tactical card: 2 SP, unless an effect says otherwise
    (the climatic condition Snowstorm: 3 SP)."""
    cost = CARD_COST
    for effect in state.effects:
        cost = EFFECTS[effect.effect].card_cost(state, effect, player, cost)
    return cost


def _why(state: EdenState, player: int, cost: int) -> str:
    """The effect that set a cost other than the rulebook's, in words ("" for 2 SP)."""
    if cost == CARD_COST:
        return ""
    source = next((e.source for e in state.effects
                   if EFFECTS[e.effect].card_cost(state, e, player, CARD_COST) != CARD_COST),
                  "")
    return f" ({source})" if source else ""


def card_refusal(state: EdenState, player: int, card_name: str,
                 target: str | None, *, in_phase: bool = True) -> str | None:
    """Why ``player`` may not play this card now (None if allowed). ``target=None`` with a
    card that needs one asks only whether the card could be played on some target;
    ``in_phase`` is False at the start of an activation (Rulebook 1.D, Tactical)."""
    card = _card(state, player, card_name)
    if card is None:
        return "Rulebook 4.A step 8: only a card of the player's tactical hand can be played"
    if card.tactical and not in_phase:
        return "Rulebook 1.D, Tactical: this card can be played only during the tactical phase"
    cost = card_cost(state, player)
    if state.sp[player] < cost:
        return (f"Rulebook 4.B, Tactical phase: playing a card costs {cost} SP"
                f"{_why(state, player, cost)}")
    leader = state.leader(player)
    if leader is None or not leader.on_field:
        return "Rulebook 4.B, Tactical phase: only while the troop leader is on the field"
    if card.first_round and state.round != 1:
        return "Rulebook 1.D, First round: this card is played in the first round only"
    if card.name in state.played[player]:
        return "Rulebook 1.D: two tactical cards of the same name cannot be played in a match"
    if card.aims is None:
        if target is not None:
            return f"Rulebook 1.D: {card.name} is not aimed at a fighter (play it without one)"
        return None
    if target is None:
        if not card_targets(state, player, card):
            return f"Rulebook 1.D: {card.name} needs a chosen fighter and none is valid"
        return None
    return target_refusal(state, player, card, target)


def target_refusal(state: EdenState, player: int, card: TacticalCard,
                   target: str) -> str | None:
    """Rulebook 1.D, Tactical effects on "the chosen fighter": a fighter on the field, of the
    side the card aims at (docs/rulings.md)."""
    if target not in state.index:
        return f"Rulebook 1.D: {card.name} is aimed at a fighter and there is no {target}"
    fighter = state.fighter(target)
    if not fighter.on_field:
        return (f"Rulebook 1.D, 2.F: {card.name} is aimed at a fighter on the field; {target} "
                "is not (incapacitated or off the field)")
    if card.aims == "friend" and fighter.side != player:
        return f"Rulebook 1.D: {card.name} is aimed at one of the player's own fighters"
    if card.aims == "enemy" and fighter.side == player:
        return f"Rulebook 1.D: {card.name} is aimed at an enemy fighter"
    return None


def card_targets(state: EdenState, player: int, card: TacticalCard) -> list[str]:
    """Every valid chosen fighter for a card aimed at one (in the troops' order)."""
    return [f.ref for f in state.on_field() if target_refusal(state, player, card, f.ref) is None]


def _card(state: EdenState, player: int, token: str) -> TacticalCard | None:
    for name in state.hands[player]:
        if key(name) == token:
            return state.catalogue.tactical_card(player, name)
    return None


@dataclass(slots=True)
class TacticalPhase(Procedure):
    """Rulebook 4.B, Tactical phase: the first player may play a tactical card, then his
    opponent; Cancellation (X) lets the other player pay X SP to cancel it first.

    With ``window`` set to a player, the same procedure is the start of that player's
    activation (of ``fighter``, named in the decision's context: it is public): he alone may
    play a card without the Tactical special rule (1.D)."""

    name: ClassVar[str] = "eden.tactical-phase"
    turn: int = 0
    pending: str = ""
    target: str = ""
    window: int = -1
    fighter: str = ""

    @property
    def _turns(self) -> int:
        return 1 if self.window >= 0 else 2

    def _player(self, game: Game) -> int:
        if self.window >= 0:
            return self.window
        first = state_of(game).first_player
        return first if self.turn == 0 else 1 - first

    def _refusal(self, game: Game, player: int, card: str, target: str | None) -> str | None:
        return card_refusal(state_of(game), player, card, target, in_phase=self.window < 0)

    def _can_play(self, game: Game, player: int) -> bool:
        """Whether the window opens: on what the opponent may know only (docs/rulings.md,
        "The tactical window opens on public facts"). The player holds a card (the hand's
        size is public), has the SP a card costs and his leader is on the field; whether one
        of his cards may be played now (the Tactical and First round rules, names already
        played, valid targets) stays his secret: a player with no playable card still gets
        the window, and passes. Otherwise the decision itself would tell the opponent that
        a playable card is in the hand."""
        state = state_of(game)
        if not state.hands[player]:
            return False
        leader = state.leader(player)
        return (leader is not None and leader.on_field
                and state.sp[player] >= card_cost(state, player))

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if self.turn >= self._turns:
            return None
        player = self._player(game)
        if self.pending:
            card = state.catalogue.tactical_card(player, self.pending)
            if state.sp[1 - player] < (card.cancellation or 0):
                return None
            return Decision(1 - player, "cancellation",
                            f"Pay {card.cancellation} SP to cancel {card.name}?")
        if not self._can_play(game, player):
            return None
        cost = card_cost(state, player)
        if self.window >= 0:
            return Decision(player, "tactical", "Start of your activation: play a card "
                            f"without the Tactical rule for {cost} SP, or pass",
                            context={"when": "activation", "fighter": self.fighter})
        return Decision(player, "tactical", f"Play a tactical card for {cost} SP, or pass",
                        context={"when": "tactical phase"})

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        player = self._player(game)
        if self.pending:
            return [Cancel(), Pass()]
        cards: list[Action] = []
        for name in state.hands[player]:
            if self._refusal(game, player, key(name), None) is not None:
                continue
            card = state.catalogue.tactical_card(player, name)
            if card.aims is None:
                cards.append(PlayCard(key(name)))
            else:
                cards.extend(PlayCard(key(name), Ref(t))
                             for t in card_targets(state, player, card))
        return [*cards, Pass()]

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Pass):
            return
        if self.pending:
            if not isinstance(action, Cancel):
                raise IllegalActionError(f"'{action}': cancel or pass", "Cancellation (X)")
            return
        if not isinstance(action, PlayCard):
            raise IllegalActionError(f"'{action}': play a card or pass", self.rule())
        player = self._player(game)
        refusal = self._refusal(game, player, action.card, action.target)
        if refusal is None and action.target is None:
            card = _card(state, player, action.card)
            if card is not None and card.aims is not None:
                refusal = (f"Rulebook 1.D: {card.name} is aimed at the chosen fighter: name "
                           f"one (play {action.card} A.Name)")
        if refusal:
            raise IllegalActionError(f"cannot play {action.card}", refusal)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        player = self._player(game)
        if self.pending:
            card = state.catalogue.tactical_card(player, self.pending)
            self.pending = ""
            if isinstance(action, Cancel):
                cost = card.cancellation or 0
                state.sp[1 - player] -= cost
                announce(game, PointsEvent(owner="AB"[1 - player], points="SP", change=-cost,
                                           total=state.sp[1 - player], reason="cancellation"))
                announce(game, CardEvent(player=1 - player, card=card.name, what="cancels"))
            else:
                resolve_card(game, player, card, self.target or None)
            self.turn += 1
            return
        if isinstance(action, Pass):
            self.turn += 1
            return
        assert isinstance(action, PlayCard)
        played = _card(state, player, action.card)
        assert played is not None
        card = played
        state.hands[player].remove(card.name)
        state.played[player].append(card.name)
        cost = card_cost(state, player)
        state.sp[player] -= cost
        announce(game, PointsEvent(owner="AB"[player], points="SP", change=-cost,
                                   total=state.sp[player], reason=f"plays {card.name}"))
        announce(game, CardEvent(player=player, card=card.name, what="plays"))
        if card.cancellation is not None:
            self.pending, self.target = card.name, action.target or ""
        else:
            resolve_card(game, player, card, action.target)
            self.turn += 1

    def run(self, game: Game) -> None:
        if self.pending:  # the opponent cannot pay the cancellation
            state = state_of(game)
            card = state.catalogue.tactical_card(self._player(game), self.pending)
            self.pending = ""
            resolve_card(game, self._player(game), card, self.target or None)
        if self.turn >= self._turns:
            game.pop()
            return
        self.turn += 1  # this player cannot play a card


def resolve_card(game: Game, player: int, card: TacticalCard, target: str | None) -> None:
    """Rulebook 1.D, Tactical effects: they last until the end of the round unless stated."""
    state = state_of(game)
    for spec in card.effects:
        params = {**thaw(spec.params), **({"target": target} if target else {})}
        effect = ActiveEffect(spec.effect, card.name, "AB"[player], freeze(params), card.lasts)
        state.effects.append(effect)
        EFFECTS[effect.effect].on_play(game, effect)

