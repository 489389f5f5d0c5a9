"""What a band threw away in a Mass Effect: Annihilation game (issue 49: "no card played without
effect, and resources left unspent only when spending had no positive expected value"), the
counterpart of :mod:`skirmish.games.eden.bots.waste`. ME:A has no tactical cards: its
resources are the powers (ME19, ME33-ME35) and the heroes' Héroïsme points (ME31). A finished
game is re-played action by action and, for each band, counted:

- ``powers``: the powers it used (aimed at a figure or at a point);
- ``heals_on_unwounded``: a power that heals (Unité de soins) aimed at a figure in action with
  all its Vitalité (ME35: nothing to give back);
- ``restores_on_whole``: a power that restores a protection (Régénération de bouclier) on a
  figure whose protection was neither switched off (ME24) nor short of a use;
- ``boosts_unused``: a power that betters a characteristic until the turn's end (Consensus:
  Tir, Rage sanguinaire: Mêlée, ME33) after which the figure, that turn, rolled no shot or
  power (Tir) and no melee or opportunity attack (Mêlée) though nothing kept it from it:
  read from the rolls logged, since the fight that ends a turn is followed at once by the
  next turn's reset of its flags;
- ``boosts_lost``: such a boost that the opponent took away before it could serve: the
  figure was put out of action (ME25), or (Tir) stunned or lifted (ME34: no shot, no power),
  or (Mêlée) every enemy it was engaged with when it got the boost left its contact, put out
  of action (ME17): a play that was sound when it was made, reported apart;
- ``heroism``, ``heroism_spent``: the Héroïsme points its heroes began with, and spent;
- ``heroism_left``, ``heroism_lost``: the points still held at the end, by figures in action
  (or extracted) and by figures out of action;
- ``heroic_declined``: heroic actions offered (a dodge, an effort after a failed roll, Tenir
  bon, an Action groupée: each can only help when it is taken) and declined;
- ``heroism_passed_up``: of the points kept by declining, those the hero still held at the end
  (per hero, the points left capped by what its declined offers cost): points kept for a
  later that never came.

The counts are a report on play, not a rule: the game itself is the record's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from skirmish.bots.tally import Tally
from skirmish.core import Game
from skirmish.core.actions import Action, Pass
from skirmish.games.masseffect.actions import AreaPower, UsePower, token
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.events import RollNote
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rolling import COST, state_of


@dataclass(slots=True)
class Waste(Tally):
    """One band's counts over one or more games (see the module)."""

    matches: int = 0
    powers: int = 0
    heals_on_unwounded: int = 0
    restores_on_whole: int = 0
    boosts_unused: int = 0
    boosts_lost: int = 0
    heroism: int = 0
    heroism_spent: int = 0
    heroism_left: int = 0
    heroism_lost: int = 0
    heroic_declined: int = 0
    heroism_passed_up: int = 0

    @property
    def without_effect(self) -> int:
        """Powers used that changed nothing: the issue's count to bring to zero."""
        return self.heals_on_unwounded + self.restores_on_whole + self.boosts_unused

    def describe(self) -> str:
        """One line for people (``bench.waste``)."""
        return (f"{self.matches} games, {self.powers} powers used, {self.without_effect} "
                f"without effect ({self.heals_on_unwounded} heals on unwounded figures, "
                f"{self.restores_on_whole} protections restored whole, {self.boosts_unused} "
                f"boosts unused; besides, {self.boosts_lost} boosts taken away before they "
                f"could serve); Héroïsme: {self.heroism} points, {self.heroism_spent} spent, "
                f"at the end {self.heroism_left} left in action and {self.heroism_lost} lost "
                f"out of action; {self.heroic_declined} heroic actions declined, "
                f"{self.heroism_passed_up} points kept by declining and never spent")


@dataclass(slots=True)
class _Boost:
    """A characteristic bettered until the turn's end: whose, which, in which turn, and
    whether the figure has since done what it serves (:func:`_used`)."""

    player: int
    figure: str
    characteristic: str
    turn: int
    done: bool = False
    #: taken away before it could serve (see the module's ``boosts_lost``)
    lost: bool = False
    #: (Mêlée) the enemies the figure was engaged with when it got the boost
    engaged_with: tuple[str, ...] = ()


@dataclass(slots=True)
class _Reading:
    seats: tuple[Waste, Waste] = field(default_factory=lambda: (Waste(1), Waste(1)))
    boosts: list[_Boost] = field(default_factory=list)
    #: per hero, the Héroïsme cost of the heroic actions it declined
    declined: dict[str, int] = field(default_factory=dict)


#: The rolls (:class:`~skirmish.games.masseffect.events.RollNote`'s ``roll``, their start)
#: that a better characteristic serves.
SERVED = {"Tir": ("shot (", "power ("), "Mêlée": ("melee", "opportunity attack")}


def _used(figure: Figure, characteristic: str) -> bool:
    """Has ``figure`` done, this turn, what a better ``characteristic`` serves (its flags, as
    they stand when the boost is given)?"""
    if characteristic == "Tir":
        return figure.shot or figure.used_power
    return figure.fought


def _power_used(reading: _Reading, game: Game, action: UsePower | AreaPower) -> None:
    """A power used: counted, and judged on what it is aimed at before it acts."""
    state = state_of(game)
    user = state.figure(str(action.figure))
    seat = reading.seats[user.side]
    seat.powers += 1
    if isinstance(action, AreaPower):
        return
    power: Power = next(p for p in user.card.powers if token(p.name) == action.power)
    target = user if action.target is None else state.figure(str(action.target))
    kinds = [spec.kind for spec in power.effects]
    if kinds == ["heal"] and target.in_action and target.vitality >= target.profile.vitality:
        seat.heals_on_unwounded += 1
    elif kinds == ["restore"]:
        protection = str(power.effects[0].param("protection"))
        trait = target.profile.shield if protection == "Bouclier" else target.profile.barrier
        uses = target.shield_uses if protection == "Bouclier" else target.barrier_uses
        if protection not in target.stripped and (trait is None or uses >= (trait.value or 0)):
            seat.restores_on_whole += 1
    elif kinds == ["modify"]:
        characteristic = str(power.effects[0].param("characteristic"))
        if characteristic in ("Tir", "Mêlée"):
            if _used(target, characteristic):
                seat.boosts_unused += 1  # it has shot (or fought) already: nothing left to better
            else:
                reading.boosts.append(_Boost(
                    user.side, str(target.ref), characteristic, state.turn,
                    engaged_with=tuple(str(e.ref) for e in state.opponents(target))))


def waste_of(game: Game) -> tuple[Waste, Waste]:
    """Each band's :class:`Waste` in the finished (or stopped) ``game``, re-played from its
    set-up and first dice."""
    return waste_in(game.replayed([]), game.history)


def waste_in(start: Game, actions: Sequence[Action | str]) -> tuple[Waste, Waste]:
    """Each band's :class:`Waste` over ``actions`` played from ``start`` (left as it is)."""
    reading = _Reading()
    replay = start.copy()
    begun = {f.ref: f.heroism for f in state_of(replay).figures}
    for action in (replay.parse(a) if isinstance(a, str) else a for a in actions):
        decision = replay.decision()
        if decision.kind in ("heroic", "group") and isinstance(action, Pass):
            hero = str(decision.context["figure"])
            key = str(decision.context.get("heroic", "group"))
            reading.seats[decision.player].heroic_declined += 1
            reading.declined[hero] = reading.declined.get(hero, 0) + COST[key]
        if isinstance(action, UsePower | AreaPower):
            _power_used(reading, replay, action)
        turn, logged = state_of(replay).turn, len(replay.log)
        replay.apply(action)
        for event in replay.log[logged:]:  # the rolls a boost serves
            if isinstance(event, RollNote):
                for boost in reading.boosts:
                    if boost.figure == event.figure and event.roll.startswith(
                            SERVED[boost.characteristic]):
                        boost.done = True
        turn_over = state_of(replay).turn != turn or replay.is_over
        _taken_away(reading, replay, statuses=not turn_over)
        _settle_done(reading, replay, turn_over)
    state = state_of(replay)
    for figure in state.figures:
        seat = reading.seats[figure.side]
        seat.heroism += begun.get(figure.ref, 0)
        seat.heroism_spent += begun.get(figure.ref, 0) - figure.heroism
        if figure.out:
            seat.heroism_lost += figure.heroism
        else:
            seat.heroism_left += figure.heroism
        seat.heroism_passed_up += min(figure.heroism, reading.declined.get(str(figure.ref), 0))
    return reading.seats


#: ME34: the statuses that forbid a shot and a power this turn.
_NO_SHOT = ("stunned", "lifted")


def _taken_away(reading: _Reading, game: Game, *, statuses: bool) -> None:
    """Mark the boosts still waiting that the opponent has taken away (module: ``boosts_lost``).
    Out of action stays so; the statuses are read only while the turn goes on (``statuses``:
    its end resets them)."""
    state = state_of(game)
    for boost in reading.boosts:
        if boost.done or boost.lost:
            continue
        figure = state.figure(boost.figure)
        if not figure.in_action:
            boost.lost = True
        elif boost.characteristic == "Tir":
            boost.lost = statuses and any(s in figure.statuses for s in _NO_SHOT)
        elif boost.engaged_with:
            boost.lost = all(not state.figure(e).in_action for e in boost.engaged_with)


def _settle_done(reading: _Reading, game: Game, turn_over: bool) -> None:
    """A boost done with is dropped; one whose turn ended undone is counted unused, or lost
    when it was taken away."""
    kept = []
    for boost in reading.boosts:
        if boost.done:
            continue
        if turn_over:
            seat = reading.seats[boost.player]
            if boost.lost:
                seat.boosts_lost += 1
            else:
                seat.boosts_unused += 1
            continue
        kept.append(boost)
    reading.boosts = kept


__all__ = ["Waste", "waste_in", "waste_of"]
