"""Special actions (docs/masseffect.md ME14, ME35, ME37): doors, hacking, data, healing,
leaving the table.

===========  ==========  =========================================================  ==========
key          roll        needs                                                      effect
===========  ==========  =========================================================  ==========
door         none        contact with an unlocked door                              opens/closes
hack         Qualité     contact with a locked door or terminal                     unlocked
download     Qualité     contact with an unlocked terminal still holding data       carries it
pick         none        contact with data on the ground, or a friend (to pass it)  changes hands
heal         none        gear with a heal effect (Médigel), touching the friend     ME35
extract      none        carrying data, base touching its own table edge            leaves
===========  ==========  =========================================================  ==========

Climbing (Escalader, ME44) is listed and checked in :mod:`.climbing`; its Qualité roll is
:class:`QualityRoll`'s, and :func:`climb` starts it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.actions import Action, Pass
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import Climb, Heroic, HeroicAct, Special
from skirmish.games.masseffect.cards.scenarios import MarkerKind
from skirmish.games.masseffect.dice import succeeds
from skirmish.games.masseffect.events import MoveEvent, Note
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rolling import (
    can_heroic,
    heroic_offer,
    roll_d6,
    spend_heroic,
    state_of,
)
from skirmish.games.masseffect.state import DOOR_SIDE, MarkerState, MEState
from skirmish.geometry import CONTACT_TOLERANCE

DATA = "data"


def _gear(figure: Figure) -> list[str]:
    """The figure's gear with a heal effect and a use left (Médigel)."""
    out = []
    for item in figure.card.gear:
        if not any(s.kind == "heal" for s in item.effects):
            continue
        left = figure.uses_left(item.name, item.per_game)
        if left is None or left > 0:
            out.append(item.name)
    return out


def special_actions(state: MEState, figure: Figure) -> list[Special]:
    """Every special action ``figure`` may take now (ME14)."""
    ref = figure.ref
    out: list[Special] = []
    for m in state.markers:
        if m.carrier or not state.touches(figure, m):
            continue
        if m.kind == MarkerKind.DOOR:
            if m.locked or not (m.open and _in_doorway(state, m)):
                out.append(Special(ref, "hack" if m.locked else "door", m.id))
        elif m.kind == MarkerKind.TERMINAL:
            if m.locked:
                out.append(Special(ref, "hack", m.id))
            elif m.holds:
                out.append(Special(ref, "download", m.id))
        elif m.kind == DATA:
            out.append(Special(ref, "pick", m.id))
    if figure.carries:
        for friend in state.in_action(figure.side):
            if friend is not figure and state.in_contact(figure, friend):
                out.append(Special(ref, "pick", str(friend.ref)))
        any_edge = state.scenario.victory.param("exit", "own_edge") == "any_edge"
        if state.on_own_edge(figure, any_edge):
            out.append(Special(ref, "extract"))
    if _gear(figure):
        for friend in state.band(figure.side):
            if not friend.placed or friend.extracted:
                continue
            wounded = friend.vitality < friend.profile.vitality or friend.out
            touching = friend is figure or _touching(figure, friend)
            if wounded and touching and (not friend.out or _revives(figure)):
                out.append(Special(ref, "heal", str(friend.ref)))
    return out


def _in_doorway(state: MEState, door: MarkerState) -> bool:
    """ME14: an open door cannot close on a figure in action standing in its square."""
    h = DOOR_SIDE / 2
    for f in state.in_action():
        dx = max(abs(f.x - door.x) - h, 0.0)
        dy = max(abs(f.y - door.y) - h, 0.0)
        if math.hypot(dx, dy) < f.radius - CONTACT_TOLERANCE:
            return True
    return False


def _touching(a: Figure, b: Figure) -> bool:
    from skirmish.geometry import in_contact

    return in_contact(a.base, b.base)


def _revives(figure: Figure) -> bool:
    return any(s.kind == "heal" and s.param("revive") for item in figure.card.gear
               for s in item.effects)


def perform(game: Game, figure: Figure, action: Special) -> None:
    """Carry out a checked special action (ME14)."""
    state = state_of(game)
    who = str(figure.ref)
    kind = action.action
    if kind == "heal":
        from skirmish.games.masseffect.combat.hits import POWER, Hit

        item = _gear(figure)[0]
        figure.uses[item] = figure.uses.get(item, 0) + 1
        game.push(Hit(who, str(action.target), POWER, item, step="payload"))
        return
    if kind == "extract":
        figure.extracted = True
        count = 0
        for m in list(state.markers):
            if m.carrier == who:
                state.markers.remove(m)
                count += 1
        figure.carries = []
        state.extracted[figure.side] += count
        game.emit(Note(figure=who, what=f"leaves the table with {count} data", detail="ME37"))
        return
    if kind == "pick" and action.target and action.target[:2] in ("A.", "B."):
        friend = state.figure(action.target)
        for m in state.markers:
            if m.carrier == who:
                m.carrier = str(friend.ref)
        friend.carries += figure.carries
        figure.carries = []
        game.emit(Note(figure=who, what=f"passes the data to {friend.ref}"))
        return
    marker = state.marker(str(action.target))
    if kind == "door":
        marker.open = not marker.open
        game.emit(Note(figure=who, what=f"{'opens' if marker.open else 'closes'} {marker.id}"))
    elif kind in ("hack", "download"):
        game.push(QualityRoll(who, kind, marker.id))
    elif kind == "pick":
        marker.carrier = who
        figure.carries.append(marker.id)
        game.emit(Note(figure=who, what=f"picks up {marker.id}"))


def climb(game: Game, figure: Figure, action: Climb) -> None:
    """ME44: a checked climb rolls its Qualité (:class:`QualityRoll`)."""
    game.push(QualityRoll(str(figure.ref), "climb", action.element, x=float(action.to.x),
                          y=float(action.to.y)))


def _climbed(game: Game, figure: Figure, element: str, x: float, y: float) -> None:
    """ME44: a successful Escalader: the figure stands on the far side of the element."""
    start = (figure.x, figure.y)
    figure.x, figure.y = x, y
    game.emit(MoveEvent(figure=str(figure.ref), how=f"climbs over {element}", start=start,
                        end=(x, y), facing=round(figure.facing)))


def _succeed(game: Game, figure: Figure, kind: str, marker: MarkerState) -> None:
    """ME14: a successful Pirater or Télécharger."""
    who = str(figure.ref)
    if kind == "hack":
        marker.locked = False
        if marker.kind == MarkerKind.DOOR:
            marker.open = True
        game.emit(Note(figure=who, what=f"unlocks {marker.id}"))
    else:
        marker.holds = False
        data = MarkerState(f"data-{marker.id}", DATA, marker.x, marker.y, carrier=who)
        state_of(game).markers.append(data)
        figure.carries.append(data.id)
        game.emit(Note(figure=who, what=f"downloads the data of {marker.id}"))


@dataclass(slots=True)
class QualityRoll(Procedure):
    """ME14: «faire une action spéciale comme escalader»: D6 ≥ Qualité (Pirater,
    Télécharger, Escalader); a hero may roll a failure again (ME31 Effort héroïque).
    ``marker``: the marker hacked or downloaded, or the element climbed (``x``, ``y``: where
    the climb ends)."""

    name: ClassVar[str] = "me.quality"
    figure: str
    action: str
    marker: str
    step: str = "roll"
    x: float = 0.0
    y: float = 0.0

    def decision(self, game: Game) -> Decision | None:
        if self.step != "effort?":
            return None
        return heroic_offer(state_of(game).figure(self.figure), "effort",
                            "the Qualité roll failed")

    def legal_actions(self, game: Game) -> list[Action]:
        return [HeroicAct(Heroic.EFFORT), Pass()] if self.step == "effort?" else []

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(f"'{action}' is not allowed now: heroic effort or pass",
                                     "ME31, Effort héroïque")

    def run(self, game: Game) -> None:
        self._roll(game, state_of(game).figure(self.figure), again=False)

    def _roll(self, game: Game, figure: Figure, *, again: bool) -> None:
        threshold = figure.threshold("Qualité")
        if succeeds(roll_d6(game, figure, self.action, threshold), threshold):
            game.pop()
            if self.action == "climb":
                _climbed(game, figure, self.marker, self.x, self.y)
            elif self.action != "react":  # a reaction's success lets the attack below go on
                _succeed(game, figure, self.action, state_of(game).marker(self.marker))
        elif not again and can_heroic(figure, "effort"):
            self.step = "effort?"
        else:
            game.pop()
            if self.action == "react":
                _reaction_lost(game, figure, self.marker)

    def apply(self, game: Game, action: Action) -> None:
        figure = state_of(game).figure(self.figure)
        if isinstance(action, HeroicAct):
            spend_heroic(game, figure, "effort", "the Qualité roll is made again")
            self._roll(game, figure, again=True)
        else:
            game.pop()
            if self.action == "react":
                _reaction_lost(game, figure, self.marker)


def _reaction_lost(game: Game, figure: Figure, item: str) -> None:
    """ME20, ME26 (``me-counter-charge-roll=qualite``): the failed reaction loses the
    counter-charge: the shot or power beneath it is not made, and its use is not spent."""
    game.pop()
    left = figure.uses.get(item, 0) - 1
    if left > 0:
        figure.uses[item] = left
    else:
        figure.uses.pop(item, None)
    game.emit(Note(figure=str(figure.ref), what=f"loses its counter-charge ({item})",
                   detail="house rule me-counter-charge-roll"))
