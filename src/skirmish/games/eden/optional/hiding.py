"""Rulebook, optional rules 1, A: Hiding (FR Dissimulation), who is hidden and what it forbids.

EN "Some scenery elements allow fighters to hide inside. To do so, the fighter must be in
contact with this scenery, stand at more than 15 cm from any enemy fighter and must carry out
a move action. No opponent can target this fighter if he is more than 5 cm from him." FR
"Aucun combattant adverse à plus de 5 cm de ce combattant ne peut le prendre pour cible d'une
action."

The ``hide`` action itself (a move action) is in
:mod:`skirmish.games.eden.optional.territory_moves`.
Here: the record of who hides where (``state.counters`` under :func:`hidden_key`, public like
the table: the fighter stays on it), whether a fighter is hidden now, and the refusal every
action aimed at a fighter asks (:func:`hidden_refusal`). A fighter stays hidden while it is on
the field, in contact with the element, and the element still has Hiding; it stops being hidden
when it is no longer in contact (any move, charge, climb, swim or jump), and :func:`end_hiding`
then clears the record (docs/rulings.md, Optional rules 1: Hiding).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import Event
from skirmish.games.eden.cards.keywords import Hiding
from skirmish.games.eden.effects import announce
from skirmish.games.eden.optional.terrain import keyword
from skirmish.geometry import Element
from skirmish.geometry.distance import distance, touches_element

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

RULE = "Rulebook, optional rules 1, A: Hiding"
#: EN "stand at more than 15 cm from any enemy fighter" (edge to edge, G4).
HIDE_DISTANCE = 15.0
#: FR "Aucun combattant adverse à plus de 5 cm de ce combattant ne peut le prendre pour cible".
SEEN_WITHIN = 5.0
EPS = 1e-9
_PREFIX = "terrain.hidden:"


@dataclass(frozen=True, slots=True)
class HidingEvent(Event):
    """Hiding: a fighter hides in an element (``hidden``), or is no longer hidden there."""

    kind: ClassVar[str] = "eden.hiding"
    fighter: str = ""
    element: str = ""
    hidden: bool = True

    def text(self) -> str:
        if self.hidden:
            return (f"{self.fighter} hides in {self.element} (Hiding: no opponent more than "
                    f"{SEEN_WITHIN:g} cm away may target it)")
        return f"{self.fighter} is no longer hidden in {self.element}"


def hidden_key(ref: str, element: str) -> str:
    """The counter that records ``ref`` hiding in ``element``."""
    return f"{_PREFIX}{ref}:{element}"


def _records(state: EdenState, ref: str) -> list[str]:
    """The elements ``ref`` was recorded hiding in (at most one once play is tidy)."""
    prefix = f"{_PREFIX}{ref}:"
    return [name[len(prefix):] for name in state.counters if name.startswith(prefix)]


def _element(state: EdenState, ident: str) -> Element | None:
    return next((e for e in state.scenery if e.id == ident), None)


def in_contact_with(state: EdenState, fighter: Fighter, element: Element) -> bool:
    """FR "au contact de ce décor": the base touches the footprint, or stands on or in it."""
    return touches_element(state.base(fighter), element)


def _still_hidden(state: EdenState, fighter: Fighter, ident: str) -> bool:
    element = _element(state, ident)
    return (fighter.on_field and element is not None
            and keyword(state, element, Hiding) is not None
            and in_contact_with(state, fighter, element))


def hiding_place(state: EdenState, fighter: Fighter) -> str | None:
    """The id of the element ``fighter`` hides in now, or ``None``."""
    if not state.territory or not state.counters:
        return None
    for ident in _records(state, fighter.ref):
        if _still_hidden(state, fighter, ident):
            return ident
    return None


def hidden_fighters(state: EdenState) -> dict[str, str]:
    """Every fighter hidden now, and where (public: for views and pictures)."""
    out: dict[str, str] = {}
    if not state.territory:
        return out
    for fighter in state.on_field():
        place = hiding_place(state, fighter)
        if place is not None:
            out[fighter.ref] = place
    return out


def enemies_within(state: EdenState, fighter: Fighter, x: float, y: float,
                   reach: float) -> list[Fighter]:
    """The enemies on the field at most ``reach`` cm (edge to edge) from ``fighter``'s base
    centred at (x, y)."""
    base = state.base(fighter).moved_to(x, y)
    return [e for e in state.on_field() if e.side != fighter.side
            and distance(base, state.base(e)) <= reach + EPS]


def hide_here_refusal(state: EdenState, fighter: Fighter, element: Element, x: float,
                      y: float) -> str | None:
    """Why ``fighter``, its base centred at (x, y) at the end of its move action, may not hide
    in ``element`` (in contact, more than 15 cm from every enemy), or ``None``."""
    if keyword(state, element, Hiding) is None:
        return f"{RULE}: {element.id} has no Hiding"
    base = state.base(fighter).moved_to(x, y)
    if not touches_element(base, element):
        return f"{RULE}: the fighter must be in contact with {element.id}"
    near = enemies_within(state, fighter, x, y, HIDE_DISTANCE)
    if near:
        return (f"{RULE}: the fighter must stand more than {HIDE_DISTANCE:g} cm from every "
                f"enemy ({near[0].ref} is nearer)")
    return None


def hide(game: Game, fighter: Fighter, ident: str) -> None:
    """Record ``fighter`` hiding in ``ident`` (the move action is paid by the caller)."""
    from skirmish.games.eden.rolling import state_of

    state = state_of(game)
    for old in _records(state, fighter.ref):
        del state.counters[hidden_key(fighter.ref, old)]
    state.counters[hidden_key(fighter.ref, ident)] = 1
    announce(game, HidingEvent(fighter=fighter.ref, element=ident))


def end_hiding(game: Game, fighter: Fighter) -> None:
    """After ``fighter`` moved (or left the field): a record it no longer answers to is cleared,
    and the end of its hiding announced."""
    from skirmish.games.eden.rolling import state_of

    state = state_of(game)
    if not state.territory or not state.counters:
        return
    for ident in _records(state, fighter.ref):
        if not _still_hidden(state, fighter, ident):
            del state.counters[hidden_key(fighter.ref, ident)]
            announce(game, HidingEvent(fighter=fighter.ref, element=ident, hidden=False))


def hidden_refusal(state: EdenState, actor: Fighter, target: Fighter) -> str | None:
    """FR "Aucun combattant adverse à plus de 5 cm de ce combattant ne peut le prendre pour
    cible d'une action": why ``actor`` may not take hidden ``target`` as the target of an
    action (a shot, a throw at its position, a blast's nearest enemy, a charge, an action
    ability), or ``None``. Measured edge to edge; exactly 5 cm is allowed."""
    if not state.territory or target.side == actor.side:
        return None
    place = hiding_place(state, target)
    if place is None:
        return None
    gap = distance(state.base(actor), state.base(target))
    if gap <= SEEN_WITHIN + EPS:
        return None
    return (f"{RULE}: {target.ref} hides in {place}; no opponent more than {SEEN_WITHIN:g} cm "
            f"away may take it as the target of an action ({gap:.2f} cm away)")
