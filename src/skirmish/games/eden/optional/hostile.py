"""Rulebook, optional rules 1, A: Hostile Presence (X) (FR "Présence Hostile"), and what
the scenery does to a fighter as its activation begins or a move ends.

FR "Les combattants qui commencent leur activation ou terminent un déplacement au contact ou
dans un décor possédant cette règle spéciale subissent immédiatement X blessures qui ignorent
les protections. Le joueur fait un jet de localisation pour chaque blessure causée par cet
effet." EN "Fighters that begin or end their activation in contact or inside a scenery with
this special rule [...]". The French wins: the start of an activation and the end of every
move (docs/rulings.md, Optional rules 1, Hostile Presence).

:func:`scenery_contact` is what the ``territory`` effect does on those two moments: for each
element the fighter is in contact with or inside, in the table's order, its Hostile Presence
(X) wounds (X wounds, one location roll each by the fighter's player, no protection), then
its fire (Flammable, :func:`skirmish.games.eden.optional.fire.catch_fire`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.core.events import NoteEvent
from skirmish.games.eden.cards.keywords import HostilePresence
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.optional.destruction import element_of, touches
from skirmish.games.eden.optional.fire import catch_fire
from skirmish.games.eden.rolling import roll_location, state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.geometry import Element

HOSTILE_PRESENCE = "Rulebook, optional rules 1, A: Hostile Presence (X)"


def hostile_presence(game: Game, fighter: Fighter, element: Element, moment: str) -> None:
    """X wounds that ignore protections, each to the limb of its own location roll (rolled by
    the fighter's player), while the fighter is still on the field."""
    record = state_of(game).terrain.get(element.id)
    word = None if record is None else record.find(HostilePresence)
    if word is None or not touches(state_of(game), fighter, element) or not word.value:
        return
    game.emit(NoteEvent(message=f"{fighter.ref} is in contact with {element.id} as {moment}: "
                                f"Hostile Presence ({word.value}), {word.value} wound"
                                f"{'s' * (word.value > 1)} ignoring protections"))
    for _ in range(word.value):
        if not fighter.on_field:
            return
        face = roll_location(game, fighter, fighter)
        inflict_wounds(game, fighter, fighter.profile.location(face), 1,
                       ignore_protection=True, by=f"{element.id} ({HOSTILE_PRESENCE}, {moment})")


def scenery_contact(game: Game, fighter: Fighter, moment: str) -> None:
    """A fighter's activation begins, or its move ends (``moment``): every element it is in
    contact with or inside acts on it, in the table's order."""
    state = state_of(game)
    if not state.territory:
        return
    for element in list(state.scenery):
        if not fighter.on_field:
            return
        if element_of(state, element.id) is None:
            continue
        hostile_presence(game, fighter, element, moment)
        if fighter.on_field:
            catch_fire(game, fighter, element, moment)
