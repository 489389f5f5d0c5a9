"""Rulebook, optional rules 1: Territory Management, the scenery on the table as the rules
see it: each placed element's keywords now (they change while it burns), its attacks and
burn markers, and the geometry element those keywords make.

EN "Unlike the basic rules, if you use this optional rule, scenery does not hinder or block
lines of sight and cannot be crossed by combatants on the field. Fighters cannot stop on an
element of scenery after a movement." The keywords say otherwise, element by element:

- sight: Impenetrable cuts sight ("opaque"); Obstacle (X) counts X obstacles ("low");
  anything else is ignored by sight ("flat");
- crossing: Crossing, Occupation and Obstruction (X) make an element passable, at X cm per
  cm for Obstruction; Swimming and Jump are crossed only by their own move actions;
- stopping: only Occupation lets a Move end on the element (and an elevated point, reached by
  Climbing, see :mod:`skirmish.games.eden.optional.territory_moves`);
- height: Elevation gives the element its card's ``height`` (cm).

The state keeps one :class:`Placed` per element id in ``state.terrain`` (empty under the
basic rules; ``state.territory`` says whether Territory Management is played). Attacks
suffered (Destruction (X)) and burn markers (Flammable) are counted in ``state.counters``
under :func:`attacks_key` and :func:`burn_key`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from skirmish.games.eden.cards.keywords import (
    Crossing,
    Elevation,
    Impenetrable,
    Keyword,
    Obstacle,
    Obstruction,
    Occupation,
    ValuedKeyword,
)
from skirmish.geometry import Element
from skirmish.geometry.shapes import Shape
from skirmish.geometry.table import Sight

if TYPE_CHECKING:
    from skirmish.games.eden.state import EdenState

K = TypeVar("K", bound=Keyword)

#: EN "this default value is 1": an Elevation card that gives no height stands this high (cm;
#: docs/rulings.md, Optional rules 1: heights).
DEFAULT_HEIGHT = 3.0


@dataclass(frozen=True, slots=True)
class Placed:
    """A scenery element placed under Territory Management: its card, the keywords printed on
    the card, and its keywords now (a burning Flammable element loses some and gains
    Obstacle). ``height`` is the card's, in cm (used with Elevation)."""

    card: str
    printed: tuple[Keyword, ...]
    keywords: tuple[Keyword, ...]
    height: float = 0.0

    def find(self, kind: type[K]) -> K | None:
        """The element's keyword of this kind now, or ``None``."""
        for word in self.keywords:
            if isinstance(word, kind):
                return word
        return None

    def has(self, kind: type[Keyword]) -> bool:
        return self.find(kind) is not None

    def value(self, kind: type[ValuedKeyword]) -> int:
        """X of a valued keyword the element has now; 0 without it."""
        word = self.find(kind)
        return 0 if word is None else word.value

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"card": self.card,
                                   "printed": [k.to_text() for k in self.printed],
                                   "keywords": [k.to_text() for k in self.keywords]}
        if self.height:
            data["height"] = self.height
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Placed:
        printed = data["printed"]
        keywords = data["keywords"]
        assert isinstance(printed, list) and isinstance(keywords, list)
        height = data.get("height", 0.0)
        assert isinstance(height, int | float)
        return cls(str(data["card"]), tuple(Keyword.parse(str(k)) for k in printed),
                   tuple(Keyword.parse(str(k)) for k in keywords), float(height))


def territory_element(ident: str, shape: Shape, placed: Placed) -> Element:
    """The geometry element a placed scenery makes under Territory Management (the module's
    docstring lists what each keyword changes)."""
    obstacles = placed.value(Obstacle)
    sight: Sight
    if placed.has(Impenetrable):
        sight = "opaque"
    elif placed.has(Obstacle):
        sight = "low"
    else:
        sight = "flat"
    passable = any(placed.has(k) for k in (Crossing, Occupation, Obstruction))
    cost = float(placed.value(Obstruction) or 1)
    height = (placed.height or DEFAULT_HEIGHT) if placed.has(Elevation) else 0.0
    return Element(ident, shape, sight, passable, cost, placed.has(Occupation),
                   obstacles if sight != "flat" else 0, placed.card, height)


def placed(state: EdenState, element: Element | str) -> Placed | None:
    """The Territory Management record of an element (or element id), ``None`` under the
    basic rules."""
    ident = element if isinstance(element, str) else element.id
    return state.terrain.get(ident)


def keyword(state: EdenState, element: Element | str, kind: type[K]) -> K | None:
    """The element's keyword of this kind now (``None`` without it, or under the basic
    rules)."""
    record = placed(state, element)
    return None if record is None else record.find(kind)


def elements_with(state: EdenState, kind: type[Keyword]) -> list[Element]:
    """The elements on the table that have this keyword now, in the table's order."""
    return [e for e in state.scenery if keyword(state, e, kind) is not None]


def attacks_key(ident: str) -> str:
    """The counter of attacks an element has suffered (Destruction (X)), burn markers
    included."""
    return f"terrain.attacks:{ident}"


def burn_key(ident: str) -> str:
    """The counter of burn markers on a Flammable element."""
    return f"terrain.burn:{ident}"


def put_element(state: EdenState, element: Element, record: Placed) -> None:
    """Place (or replace, by id) an element and its record. The state's scenery and terrain
    are replaced, not changed in place, so copies of the game stay apart."""
    others = tuple(e for e in state.scenery if e.id != element.id)
    if len(others) == len(state.scenery):
        state.scenery = (*state.scenery, element)
    else:
        state.scenery = tuple(element if e.id == element.id else e for e in state.scenery)
    state.terrain = {**state.terrain, element.id: record}


def set_keywords(state: EdenState, ident: str, keywords: tuple[Keyword, ...]) -> Element:
    """An element's keywords change (Flammable): its record and its geometry follow."""
    record = replace(state.terrain[ident], keywords=keywords)
    old = next(e for e in state.scenery if e.id == ident)
    element = territory_element(ident, old.shape, record)
    put_element(state, element, record)
    return element


def attacks(state: EdenState, ident: str) -> int:
    """The attacks an element has suffered so far (Destruction (X)), burn markers included."""
    return state.counters.get(attacks_key(ident), 0)


def burn_markers(state: EdenState, ident: str) -> int:
    """The burn markers on an element (Flammable)."""
    return state.counters.get(burn_key(ident), 0)


#: Optional rules 1: "At the beginning of the game each player has 8 scenery points".
SCENERY_POINTS = 8
#: Set once the scenery is bought and placed (the end of preparation step 6).
DONE_KEY = "terrain.done"


def points_key(player: int) -> str:
    """The counter of a player's scenery points left (preparation step 6)."""
    return f"terrain.points:{'AB'[player]}"


def spent_key(player: int) -> str:
    """The counter of the scenery points a player has spent on scenery."""
    return f"terrain.spent:{'AB'[player]}"


def lost_key(player: int) -> str:
    """The counter of the scenery points a player could not spend (docs/rulings.md)."""
    return f"terrain.lost:{'AB'[player]}"


def scenery_points(state: EdenState) -> list[int] | None:
    """Each player's scenery points left, once preparation step 6 has begun (else None)."""
    if points_key(0) not in state.counters:
        return None
    return [state.counters.get(points_key(p), 0) for p in (0, 1)]


def remove_element(state: EdenState, ident: str) -> None:
    """Take an element off the table (its counters go too)."""
    state.scenery = tuple(e for e in state.scenery if e.id != ident)
    state.terrain = {k: v for k, v in state.terrain.items() if k != ident}
    for name in (attacks_key(ident), burn_key(ident)):
        state.counters.pop(name, None)
