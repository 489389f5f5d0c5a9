"""What a player threw away in an Eden match (issue 49: "no card played without effect, and
resources left unspent only when spending had no positive expected value"): a finished
game is re-played action by action and, for each seat, counted:

- ``cards``: the tactical cards it played;
- ``heals_on_unwounded``: a card that heals the chosen fighter (Medical supplies) played on a
  fighter with no CP checked: it heals nothing (what changes nothing is judged as the bots
  judge it: :mod:`.card_sense`);
- ``ap_unused``: a card that gives the chosen fighter AP (Stimulants) after which that fighter
  ends the round with AP left (Rulebook 4.C: unused AP are lost at the intendancy, so the AP
  given bought nothing). The AP are read after the round's last action that does not end it;
  when that last action is the fighter's own (and not ``end``), it is taken to have spent one;
- ``burns_removed_from_nobody``: a card that removes Burn markers (Cold shower) played when
  none of the player's fighters had one;
- ``sp_left`` and ``cards_left``: the SP and the tactical cards the seat still held when the
  match ended; ``cards_left_playable``: those of them it could have paid for (2 SP, or what
  an effect makes it) at the last tactical phase it was offered, with its leader on the field;
- ``sp_left_unspendable``: the SP left by a seat that was offered nothing to spend them on in
  the match's last round: no bid (the first player chosen by the player whose leader had
  not fallen, 4.B), no tactical window with a card to play (none without the leader), no
  Cancellation, no ability's cost; SP that nothing could buy any more;
- ``sp_left_usable``: of the SP left, those the match's last round could still have turned
  into something: a surer bid (up to one more than the opponent's whole reserve at the
  bid, 4.B step 1: a higher one buys nothing more, as both bids are lost) and the cards
  passed up (below) at what a card cost; the rest of the SP left could buy nothing (one card
  a tactical window, Rulebook 4.B; no window without the leader);
- ``cards_left_leaderless``: the cards left by a seat whose leader was off the field at the
  end (no card may be played without him, Rulebook 4.B Tactical phase);
- ``cards_passed_up``: the cards it still held at the end that it passed up in the match's
  last round - a tactical window (the phase or an activation's start) passed while a play of
  that card that would change something was offered - with the SP left at the end to have
  paid for them: SP are worth nothing once the match ends (:mod:`.spending`), so those SP
  bought nothing by being kept.

The counts are a report on play, not a rule: the match itself is the record's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from skirmish.bots.tally import Tally
from skirmish.core import Game
from skirmish.core.actions import Action, Pass
from skirmish.core.agents import view_of
from skirmish.core.decision import Decision
from skirmish.games.eden.actions import Bid, End, PlayCard, key
from skirmish.games.eden.bots.card_sense import idle
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.rounds.tactical import CARD_COST, card_cost

if TYPE_CHECKING:
    from skirmish.games.eden.state import EdenState


@dataclass(slots=True)
class Waste(Tally):
    """One seat's counts over one or more matches (see the module)."""

    matches: int = 0
    cards: int = 0
    heals_on_unwounded: int = 0
    ap_unused: int = 0
    burns_removed_from_nobody: int = 0
    sp_left: int = 0
    cards_left: int = 0
    cards_left_playable: int = 0
    sp_left_unspendable: int = 0
    sp_left_usable: int = 0
    cards_left_leaderless: int = 0
    cards_passed_up: int = 0

    @property
    def without_effect(self) -> int:
        """Cards played that changed nothing: the issue's count to bring to zero."""
        return self.heals_on_unwounded + self.ap_unused + self.burns_removed_from_nobody

    def describe(self) -> str:
        """One line for people (``bench.waste``)."""
        return (
            f"{self.matches} matches, {self.cards} cards played, {self.without_effect} without "
            f"effect ({self.heals_on_unwounded} heals on unwounded fighters, {self.ap_unused} "
            f"AP given and unused, {self.burns_removed_from_nobody} Burn removed from nobody); "
            f"at the end {self.sp_left} SP ({self.sp_left / max(self.matches, 1):.1f} a match; "
            f"{self.sp_left_unspendable} with nothing to buy in the last round, "
            f"{self.sp_left_usable} that it could still have used) and "
            f"{self.cards_left} cards left, {self.cards_left_playable} of them payable at the "
            f"last tactical phase, {self.cards_left_leaderless} with the leader off the field, "
            f"{self.cards_passed_up} passed up in the last round with the SP left to pay for "
            "them")


@dataclass(slots=True)
class _Given:
    """AP given by a card: to whom, in which round, and its AP as last seen."""

    player: int
    fighter: str
    round: int
    ap: int = 0


@dataclass(slots=True)
class _Reading:
    seats: tuple[Waste, Waste] = field(default_factory=lambda: (Waste(1), Waste(1)))
    given: list[_Given] = field(default_factory=list)
    playable_at_last_phase: list[int] = field(default_factory=lambda: [0, 0])
    #: each seat's cards passed up in the last round (their names), and what a card cost then
    passed_up: tuple[set[str], set[str]] = field(default_factory=lambda: (set(), set()))
    cost: list[int] = field(default_factory=lambda: [CARD_COST, CARD_COST])
    #: whether each seat was offered a way to spend SP in the last round
    could_spend: list[bool] = field(default_factory=lambda: [False, False])
    #: each seat's last-round bid headroom: up to one more than the opponent's reserve
    bid_headroom: list[int] = field(default_factory=lambda: [0, 0])


def _card_played(reading: _Reading, game: Game, action: PlayCard) -> None:
    """A card played: counted, and what it changes judged as the bots judge it, from the
    player's own view (:func:`~skirmish.games.eden.bots.card_sense.idle`)."""
    state = state_of(game)
    player = game.decision().player
    seat = reading.seats[player]
    seat.cards += 1
    found = idle(view_of(game, player), action)
    if found == "heal":
        seat.heals_on_unwounded += 1
    elif found == "burn":
        seat.burns_removed_from_nobody += 1
    elif found == "ap" and not state.fighter(str(action.target)).on_field:
        seat.ap_unused += 1  # to a fighter out of the match
    elif action.target is not None and _gives_ap(state, player, action):
        # counted by what became of the AP (the bots' sense of AP no use could spend is a
        # judgement; this count is what happened)
        target = state.fighter(str(action.target))
        reading.given.append(_Given(player, target.ref, state.round, target.ap))


def _gives_ap(state: EdenState, player: int, action: PlayCard) -> bool:
    name = next(n for n in state.hands[player] if key(n) == action.card)
    return any("ap" in dict(spec.params)
               for spec in state.catalogue.tactical_card(player, name).effects)


def _tactical_phase(reading: _Reading, game: Game) -> None:
    """At a tactical phase offered to a player: how many of his cards he could pay for."""
    state = state_of(game)
    player = game.decision().player
    leader = state.leader(player)
    affordable = leader is not None and leader.on_field and \
        state.sp[player] >= card_cost(state, player)
    reading.playable_at_last_phase[player] = len(state.hands[player]) if affordable else 0


#: The decisions that may spend SP besides a tactical window: the bid, Cancellation, and a
#: permanent ability's cost.
_SPENDING = ("secret-bid", "cancellation", "ability-cost")


def _spends(game: Game, decision: Decision) -> bool:
    """Whether ``decision``, in the match's last round, offers its player a way to spend SP
    (a tactical window counts when it offers a card)."""
    state = state_of(game)
    if state.round < state.max_rounds:
        return False
    if decision.kind == "tactical":
        return any(isinstance(a, PlayCard) for a in game.legal_actions())
    return decision.kind in _SPENDING


def _passed(reading: _Reading, game: Game) -> None:
    """A tactical window of the last round passed: the cards of which a play that would
    change something was offered."""
    state = state_of(game)
    if state.round < state.max_rounds:
        return
    player = game.decision().player
    view = view_of(game, player)
    offered = [a for a in game.legal_actions() if isinstance(a, PlayCard)]
    reading.passed_up[player].update(a.card for a in offered if idle(view, a) is None)
    reading.cost[player] = card_cost(state, player)


def _settle(reading: _Reading, game: Game, ended_by: object) -> None:
    """The round of each AP given ended: was any left?"""
    state = state_of(game)
    for given in reading.given:
        if given.round >= state.round and not game.is_over:
            continue
        ap = given.ap
        if str(getattr(ended_by, "fighter", "")) == given.fighter and not isinstance(
                ended_by, End | Pass):
            ap = max(0, ap - 1)  # its own last action spent one at least
        if ap > 0:
            reading.seats[given.player].ap_unused += 1
    reading.given = [g for g in reading.given if g.round >= state.round and not game.is_over]


def waste_of(game: Game) -> tuple[Waste, Waste]:
    """Each seat's :class:`Waste` in the finished (or stopped) ``game``, re-played from its
    set-up and first dice."""
    return waste_in(game.replayed([]), game.history)


def waste_in(start: Game, actions: Sequence[Action | str]) -> tuple[Waste, Waste]:
    """Each seat's :class:`Waste` over ``actions`` played from ``start`` (left as it is)."""
    reading = _Reading()
    replay = start.copy()
    for action in (replay.parse(a) if isinstance(a, str) else a for a in actions):
        decision = replay.decision()
        if decision.kind == "tactical" and decision.context.get("when") == "tactical phase":
            _tactical_phase(reading, replay)
        if _spends(replay, decision):
            reading.could_spend[decision.player] = True
        if isinstance(action, Bid) and state_of(replay).round >= state_of(replay).max_rounds:
            opponent = state_of(replay).sp[1 - decision.player]
            reading.bid_headroom[decision.player] = max(0, opponent + 1 - action.sp)
        if isinstance(action, PlayCard):
            _card_played(reading, replay, action)
        elif decision.kind == "tactical" and isinstance(action, Pass):
            _passed(reading, replay)
        round_before = state_of(replay).round
        replay.apply(action)
        state = state_of(replay)
        if state.round != round_before or replay.is_over:
            _settle(reading, replay, action)
        for given in reading.given:  # the AP as the round goes on
            if given.round == state.round:
                fighter = state.fighter(given.fighter)
                given.ap = fighter.ap if fighter.on_field else 0
    state = state_of(replay)
    for player, seat in enumerate(reading.seats):
        seat.sp_left = state.sp[player]
        seat.cards_left = len(state.hands[player])
        seat.cards_left_playable = min(seat.cards_left, reading.playable_at_last_phase[player])
        if not reading.could_spend[player]:
            seat.sp_left_unspendable = seat.sp_left
        leader = state.leader(player)
        if leader is None or not leader.on_field:
            seat.cards_left_leaderless = seat.cards_left
        held = {key(name) for name in state.hands[player]}
        seat.cards_passed_up = min(len(reading.passed_up[player] & held),
                                   seat.sp_left // max(1, reading.cost[player]))
        seat.sp_left_usable = min(seat.sp_left, reading.bid_headroom[player]
                                  + seat.cards_passed_up * reading.cost[player])
    return reading.seats
