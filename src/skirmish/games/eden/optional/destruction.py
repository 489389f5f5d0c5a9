"""Rulebook, optional rules 1, A: Destruction (X) (Territory Management).

EN "An element of scenery with this special rule may be the targeted by an attack action. If
this is the case, the attack is automatically successful. Such an element is destroyed if it
undergoes X attacks in the game. You can count the number of attacks inflicted to the scenery
with chips. When this element is destroyed, remove it from the ground and replace it with a
disaster area scenery (see further) of equivalent size." FR "L'attaque est automatiquement
réussie et les dés ne sont pas lancés. [...] remplacez-le par un décor Zone dévastée (voir
ci-après dans ces règles) de taille équivalente."

In the order of the text (docs/rulings.md, Optional rules 1, Destruction):

1. the Attack action: ``attack A.Yuri Wall-1``, by the activated fighter in contact with the
   element (touching it or standing in it), 1 AP, one of its 2 attacks of the round; Fear
   forbids it as every attack; a card may forbid it (the Quarterist Idol: the effect kind
   ``scenery-unassailable``);
2. automatically successful, no dice: one chip on the element (:func:`add_attacks`; the burn
   markers of a Flammable element count too, :mod:`skirmish.games.eden.optional.fire`);
3. after X chips the element is destroyed (:func:`destroy`): it leaves the table, its card's
   effects end with its last element, and a Devastated area of the same footprint takes its
   place (the set-up's "Devastated area" card, else the rulebook's: Obstruction (2),
   Occupation). Fighters standing where it was stay where they are; one standing on a
   replacement it may not stop on is put just outside it (:func:`evict`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Point, Ref
from skirmish.core.events import Event, NoteEvent
from skirmish.core.names import fold
from skirmish.games.eden.actions import Attack
from skirmish.games.eden.cards.keywords import Destruction, Keyword, Obstruction, Occupation
from skirmish.games.eden.effects import EFFECTS, announce
from skirmish.games.eden.fighting.melee import ATTACK, attacks_left
from skirmish.games.eden.optional.terrain import (
    Placed,
    attacks,
    attacks_key,
    put_element,
    remove_element,
    territory_element,
)
from skirmish.games.eden.preparation.deployment import element_id
from skirmish.games.eden.rolling import state_of
from skirmish.geometry import CONTACT_TOLERANCE, Base, Element
from skirmish.geometry.distance import touches_element
from skirmish.geometry.paths import end_position_problem
from skirmish.geometry.shapes import shape_point_sdist

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

DESTRUCTION = "Rulebook, optional rules 1, A: Destruction (X)"
#: The card that replaces a destroyed element (EN "disaster area", list "Devastated area",
#: FR "Zone dévastée"), as the rulebook's list gives it when the set-up has none.
DEVASTATED_NAMES = ("Devastated area", "Zone dévastée")
DEVASTATED_KEYWORDS: tuple[Keyword, ...] = (Obstruction(2), Occupation())
_REF = re.compile(r"[A-Z]\.\S+")


def is_scenery_ref(target: str) -> bool:
    """Whether an action's target names a scenery element (``Wall-1``), not a fighter
    (``B.Ngobo``): element ids never read as a fighter's reference."""
    return not _REF.fullmatch(target)


def element_of(state: EdenState, ident: str) -> Element | None:
    return next((e for e in state.scenery if e.id == ident), None)


def touches(state: EdenState, fighter: Fighter, element: Element) -> bool:
    """In contact with an element: the base touches it or stands (partly) in it."""
    return fighter.on_field and touches_element(state.base(fighter), element,
                                                CONTACT_TOLERANCE)


# -- 1. the Attack action ---------------------------------------------------------------------
def scenery_attack_refusal(game: Game, fighter: Fighter, ident: str, *, contact: bool = True
                           ) -> str | None:
    """Why the activated ``fighter`` may not make an Attack action against the element
    ``ident`` now, or None (Fear is the caller's: it forbids every attack). ``contact``:
    the element must be in contact (a ranged attack's other conditions are
    :mod:`skirmish.games.eden.optional.scenery_ranged`'s)."""
    state = state_of(game)
    if not state.territory:
        return ("Rulebook 2.C: under the basic rules scenery is no target; Territory "
                "Management (optional rules 1) makes an element with Destruction (X) one")
    element = element_of(state, ident)
    record = state.terrain.get(ident)
    if element is None or record is None:
        return f"{DESTRUCTION}: there is no scenery element {ident} on the table"
    if not record.has(Destruction):
        return (f"{DESTRUCTION}: only an element with Destruction (X) may be the target of an "
                f"attack action; {ident} ({record.card}) has none")
    if fighter.ap < 1:
        return "Rulebook 5, Attack: costs 1 AP"
    if attacks_left(fighter) < 1:
        return "Rulebook 5, Attack: 2/round (an attack on scenery counts)"
    if contact and not touches(state, fighter, element):
        return (f"{DESTRUCTION}: the fighter attacks an element it is in contact with "
                f"({ident} is out of contact)")
    for effect in state.effects:
        refusal = EFFECTS[effect.effect].scenery_attack_refusal(state, effect, fighter,
                                                                 element)
        if refusal:
            return refusal
    return None


def scenery_attack_options(game: Game, fighter: Fighter) -> list[Attack]:
    """The Attack actions against scenery the fighter may make now, in the table's order."""
    state = state_of(game)
    if not state.territory or fighter.ap < 1 or attacks_left(fighter) < 1:
        return []
    return [Attack(Ref(fighter.ref), element.id) for element in state.scenery
            if scenery_attack_refusal(game, fighter, element.id) is None]


@dataclass(frozen=True, slots=True)
class SceneryAttackedEvent(Event):
    """Destruction (X): an element suffers attacks (an Attack action, or burn markers)."""

    kind: ClassVar[str] = "eden.scenery-attacked"
    element: str = ""
    by: str = ""
    change: int = 1
    total: int = 0
    of: int = 0

    def text(self) -> str:
        what = "an attack" if self.change == 1 else f"{self.change} attacks"
        count = f"{self.total}/{self.of}" if self.of else str(self.total)
        return f"{self.element} suffers {what} ({self.by}): {count} attacks"


@dataclass(frozen=True, slots=True)
class SceneryDestroyedEvent(Event):
    """Destruction (X): the element is destroyed and replaced by a Devastated area."""

    kind: ClassVar[str] = "eden.scenery-destroyed"
    element: str = ""
    card: str = ""
    replaced_by: str = ""

    def text(self) -> str:
        return (f"{self.element} ({self.card}) is destroyed: {self.replaced_by} (a devastated "
                "area) takes its place")


def attack_scenery(game: Game, fighter: Fighter, ident: str) -> None:
    """Destruction (X): the checked Attack action - 1 AP, one of the round's attacks, one
    chip on the element, no dice."""
    fighter.ap -= 1
    fighter.record_use(ATTACK)
    game.emit(NoteEvent(message=f"{fighter.ref} attacks {ident}: automatically successful, no "
                                "dice are rolled"))
    add_attacks(game, ident, 1, fighter.ref)


# -- 2-3. the chips, and the element destroyed ------------------------------------------------
def add_attacks(game: Game, ident: str, n: int, by: str) -> bool:
    """``n`` attacks on the element (an Attack action, or burn markers): counted, and the
    element destroyed once it has suffered X (Destruction (X)). Returns whether it was."""
    state = state_of(game)
    record = state.terrain.get(ident)
    if record is None or n <= 0:
        return False
    total = attacks(state, ident) + n
    state.counters[attacks_key(ident)] = total
    word = record.find(Destruction)
    limit = word.value if word is not None else 0
    announce(game, SceneryAttackedEvent(element=ident, by=by, change=n, total=total,
                                        of=limit))
    if word is not None and total >= limit:
        destroy(game, ident)
        return True
    return False


def devastated_area(state: EdenState) -> tuple[str, tuple[Keyword, ...]]:
    """The card name and keywords of the replacement: the set-up's Devastated area card (by
    its English or French name) when it gives keywords, else the rulebook's."""
    wanted = {fold(name) for name in DEVASTATED_NAMES}
    for card in state.catalogue.scenery:
        if fold(card.name) in wanted and card.keywords:
            return card.name, tuple(Keyword.parse(k) for k in card.keywords)
    return DEVASTATED_NAMES[0], DEVASTATED_KEYWORDS


def destroy(game: Game, ident: str) -> Element:
    """Destruction (X): remove the element, end its card's effects with its last element,
    and put a Devastated area of the same footprint in its place. Returns the new element."""
    state = state_of(game)
    old = element_of(state, ident)
    record = state.terrain[ident]
    assert old is not None
    remove_element(state, ident)
    if not any(r.card == record.card for r in state.terrain.values()):
        ended = [e for e in state.effects if e.source == record.card and not e.neutral
                 and e.fighter_ref is None and not e.ability]
        if ended:
            state.effects = [e for e in state.effects if e not in ended]
            game.emit(NoteEvent(message=f"the effects of {record.card} end with its last "
                                        "element"))
    name, words = devastated_area(state)
    new = Placed(name, words, words)
    element = territory_element(element_id(state, name), old.shape, new)
    put_element(state, element, new)
    announce(game, SceneryDestroyedEvent(element=ident, card=record.card,
                                         replaced_by=element.id))
    evict(game, element, old)
    return element


# -- fighters standing where they may not stand ------------------------------------------------
@dataclass(frozen=True, slots=True)
class PushedOutEvent(Event):
    """Territory Management (ruling): a fighter left standing on scenery it may not stop on
    is put just outside it (not a move)."""

    kind: ClassVar[str] = "eden.pushed-out"
    fighter: str = ""
    element: str = ""
    start: tuple[float, ...] = ()
    end: tuple[float, ...] = ()

    def text(self) -> str:
        (x0, y0), (x1, y1) = self.start, self.end
        return (f"{self.fighter} cannot stay on {self.element}: it is put at ({x1:.1f}, "
                f"{y1:.1f}) from ({x0:.1f}, {y0:.1f})")


#: The nearest free spot is looked for on rings this far apart (cm), 72 points a ring.
EVICT_STEP = 0.25


def evict(game: Game, element: Element, before: Element) -> None:
    """When an element stops letting fighters stand on it (it burns and loses Occupation;
    the set-up's devastated area has none), each fighter standing (partly) on it is put at the
    nearest spot where its base may stand, in the table's order (docs/rulings.md). An element
    nobody could stand on before (a fighter who climbed it) is left alone."""
    if element.can_end_on or not before.can_end_on:
        return
    state = state_of(game)
    for fighter in list(state.on_field()):
        base = state.base(fighter)
        if shape_point_sdist(element.shape, base.x, base.y) >= base.radius - 1e-9:
            continue
        spot = nearest_spot(state, fighter, base)
        if spot is None:
            game.emit(NoteEvent(message=f"{fighter.ref} finds no room off {element.id} and "
                                        "stays where it is"))
            continue
        start = (fighter.x, fighter.y)
        fighter.x, fighter.y = spot
        game.emit(PushedOutEvent(fighter=fighter.ref, element=element.id, start=start,
                                 end=spot))


def nearest_spot(state: EdenState, fighter: Fighter, base: Base) -> tuple[float, float] | None:
    """The nearest point (on rings :data:`EVICT_STEP` apart, 72 directions each) where the
    fighter's base may end a move."""
    others = state.bases(fighter)
    reach = math.hypot(state.field.width, state.field.height)
    ring = 1
    while ring * EVICT_STEP <= reach:
        d = ring * EVICT_STEP
        for k in range(72):
            a = 2 * math.pi * k / 72
            at = Point(round(base.x + d * math.cos(a), 4), round(base.y + d * math.sin(a), 4))
            if not end_position_problem(base, at, field=state.field, bases=others,
                                        elements=state.scenery, markers=state.markers):
                return (at.x, at.y)
        ring += 1
    return None
