"""Rulebook, optional rules 1, A: Flammable (FR "Inflammable") (Territory Management).

FR "Un tel décor peut recevoir des marqueurs Brûlure comme un combattant normal. Les
combattants qui commencent leur activation ou terminent un déplacement au contact d'un décor
Inflammable qui possède au moins un marqueur Brûlure reçoivent immédiatement un marqueur
Brûlure. Pendant la Phase d'Intendance, rajoutez un marqueur Brûlure sur le décor s'il en
possède au moins un. Chaque marqueur Brûlure présent sur un tel décor compte comme étant une
Attaque pour la règle spéciale Destruction(X). Lorsqu'un tel décor possède au moins un
marqueur, il perd ses règles spéciales Franchissement, Occupation et Obstruction, et gagne la
règle Obstacle(1) (s'il la possède déjà ajoutez 1 à la valeur de l'Obstacle)."

In the order of the text (docs/rulings.md, Optional rules 1, Flammable):

1. burn markers "like a fighter": an equipment with Burn (X) gives X markers to every
   fighter its template or point covers (8.C); it gives X to every Flammable element the
   explosion or blast template covers, even partly, or whose footprint holds the projectile's
   point (:func:`ignite`). Nothing else sets scenery on fire (an Attack action on scenery rolls
   no dice and uses no equipment);
2. a fighter who begins its activation or ends a move (Move, Charge, withdrawal, the movement
   keywords' moves) in contact with a burning Flammable element gets one burn marker per such
   element (:func:`catch_fire`, called by the ``territory`` effect);
3. in intendancy step 1 each burning element gets one more (:func:`fire_grows`);
4. each marker is an attack for Destruction (X) (:func:`~skirmish.games.eden.optional.destruction.
   add_attacks`);
5. burning, the element loses Crossing, Occupation and Obstruction and has Obstacle (X + 1),
   or Obstacle (1) (:func:`burning_keywords`); fighters standing on it are put just outside
   (:func:`~skirmish.games.eden.optional.destruction.evict`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import Event
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.cards.keywords import (
    Crossing,
    Flammable,
    Keyword,
    Obstacle,
    Obstruction,
    Occupation,
)
from skirmish.games.eden.effects import announce
from skirmish.games.eden.fighting.conditions import give_markers
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.destruction import add_attacks, element_of, evict, touches
from skirmish.games.eden.optional.terrain import burn_key, burn_markers, set_keywords
from skirmish.games.eden.rolling import state_of
from skirmish.geometry import Circle, Element, Polygon
from skirmish.geometry.shapes import Shape, shape_point_sdist, shapes_meet
from skirmish.geometry.templates import DEFAULT_EXPLOSION, blast_outline

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.fighting.templates_attack import TemplateEvent

FLAMMABLE = "Rulebook, optional rules 1, A: Flammable"
_LOST = (Crossing, Occupation, Obstruction)


def burning_keywords(printed: tuple[Keyword, ...]) -> tuple[Keyword, ...]:
    """5. A burning element's keywords: the card's, without Crossing, Occupation and
    Obstruction, with Obstacle (X + 1) in place of Obstacle (X), or Obstacle (1) added last."""
    out: list[Keyword] = []
    obstacle = False
    for word in printed:
        if isinstance(word, _LOST):
            continue
        if isinstance(word, Obstacle):
            out.append(Obstacle(word.value + 1))
            obstacle = True
        else:
            out.append(word)
    if not obstacle:
        out.append(Obstacle(1))
    return tuple(out)


def is_burning(game: Game, element: Element) -> bool:
    state = state_of(game)
    record = state.terrain.get(element.id)
    return record is not None and Flammable in {type(k) for k in record.printed} and \
        burn_markers(state, element.id) > 0


@dataclass(frozen=True, slots=True)
class SceneryBurnEvent(Event):
    """Flammable: burn markers on a scenery element."""

    kind: ClassVar[str] = "eden.scenery-burn"
    element: str = ""
    change: int = 1
    total: int = 0
    reason: str = ""

    def text(self) -> str:
        what = "a burn marker" if self.change == 1 else f"{self.change} burn markers"
        return f"{self.element} gets {what} ({self.reason}): {self.total} in all"


def add_burn(game: Game, ident: str, n: int, reason: str) -> None:
    """``n`` burn markers on a Flammable element (nothing on another): counted; the first one
    changes its keywords (5., fighters on it put outside); each one is an attack (4.)."""
    state = state_of(game)
    record = state.terrain.get(ident)
    if record is None or n <= 0 or not any(isinstance(k, Flammable) for k in record.printed):
        return
    before = element_of(state, ident)
    assert before is not None
    total = burn_markers(state, ident) + n
    state.counters[burn_key(ident)] = total
    announce(game, SceneryBurnEvent(element=ident, change=n, total=total, reason=reason))
    if total == n:  # it was not burning: it loses Crossing, Occupation and Obstruction
        element = set_keywords(state, ident, burning_keywords(record.printed))
        evict(game, element, before)
    add_attacks(game, ident, n, f"{n} burn marker{'s' * (n > 1)}")


# -- 1. how an element catches fire -----------------------------------------------------------
def template_shape(game: Game, event: TemplateEvent) -> Shape | tuple[float, float] | None:
    """The area a template event covers: the explosion's disc, the blast's outline, or the
    projectile's point; None when it cannot be known (the attacker has left the field)."""
    state = state_of(game)
    if event.template == "explosion":
        return Circle(event.at[0], event.at[1], DEFAULT_EXPLOSION.diameter / 2)
    if event.template == "point":
        return (event.at[0], event.at[1])
    if event.template == "blast" and event.angle is not None:
        attacker = state.fighter(event.fighter)
        axis = None if event.axis is None else math.radians(event.axis)
        return Polygon.of(blast_outline(state.base(attacker), math.radians(event.angle),
                                        axis=axis))
    return None


def covers(area: Shape | tuple[float, float], element: Element) -> bool:
    """Whether the template (even partly) or the point falls on the element."""
    if isinstance(area, tuple):
        return shape_point_sdist(element.shape, area[0], area[1]) <= 1e-9
    return shapes_meet(area, element.shape)


def ignite(game: Game, event: TemplateEvent) -> None:
    """1. An equipment with Burn (X) used as a projectile or a blast: X burn markers on every
    Flammable element its template covers or its point falls on, in the table's order."""
    state = state_of(game)
    if not state.territory or not state.terrain:
        return
    try:
        item = state.catalogue.item(event.weapon)
    except KeyError:
        return
    part = item.part(Category.BLAST if event.template == "blast" else Category.PROJECTILE)
    burn = part.effect("Burn") if part is not None else None
    if not burn:
        return
    area = template_shape(game, event)
    if area is None:
        return
    for element in list(state.scenery):
        if element_of(state, element.id) is not None and covers(area, element):
            add_burn(game, element.id, burn, f"{event.fighter}'s {event.weapon}")


# -- 2. fighters in contact ---------------------------------------------------------------------
def catch_fire(game: Game, fighter: Fighter, element: Element, moment: str) -> None:
    """2. A fighter in contact with a burning Flammable element at ``moment`` (the start of
    its activation, the end of a move) gets a burn marker."""
    if is_burning(game, element) and touches(state_of(game), fighter, element):
        give_markers(game, fighter, Condition.BURN, 1,
                     source=f"{element.id} burning ({FLAMMABLE}, {moment})")


# -- 3. intendancy -----------------------------------------------------------------------------
def fire_grows(game: Game) -> None:
    """3. Intendancy step 1: each burning element gets one more burn marker, in the table's
    order."""
    state = state_of(game)
    for element in list(state.scenery):
        if element_of(state, element.id) is not None and is_burning(game, element):
            add_burn(game, element.id, 1, "intendancy step 1")
