"""Rulebook, optional rules 1: Territory Management replaces preparation step 6 (scenery).

FR "Au début de la partie, chaque joueur dispose de 8 points de décors qu'il va pouvoir
dépenser pour acheter et placer des décors sur le Terrain. Un joueur est obligé de dépenser
tous ses points de décors et de placer les décors qu'il aura achetés sur le Terrain." B:
"Lorsqu'un joueur achète un décor grâce à ses points de décors, il perd de sa réserve un
nombre de points de décors équivalent au coût du décor." Step 6 it replaces: "les joueurs
placent chacun leur tour un élément de décor sur le Terrain en commençant par le Premier
joueur. [...] Chaque élément de décor doit être placé à plus 5 cm d'un autre élément de décor,
des bords du Terrain et des éventuels objectifs de mission."

The steps, in order (every choice is ruled in docs/rulings.md, Optional rules 1, scenery
points):

1. each player has 8 scenery points (:data:`~skirmish.games.eden.optional.terrain.SCENERY_POINTS`,
   in ``state.counters``, shown in every view);
2. in turn, the first player first, a player buys one element of the set-up's scenery list -
   any card, as many times as he likes, but a card costing 0 is not for sale - and places it
   at once with step 6's spacing (``place NAME x,y [angle]``); a player with no points left
   is skipped, the other goes on;
3. he must spend all his points: a purchase is refused when his points could be spent
   exactly on the list's costs before it and no longer after it;
4. a player whose points buy no card that fits anywhere (none cheap enough, or no room, to
   the search's 1 cm grid and angles of 45 degrees) passes: his points left are lost (counted
   apart, ``terrain.lost``); by default ("obligé de placer", house rule
   ``eden-scenery-no-room=closer``) "no room" is first answered by letting step 6's spacing
   yield to :data:`YIELDED_CLEARANCE`, and the points are lost only when nothing fits even so;
5. each element is built from its card's keywords (:func:`~skirmish.games.eden.optional.terrain.
   territory_element`) and its card's own effects come into play with its first element.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
from numpy.typing import NDArray

from skirmish.core.actions import Action, Pass, Point
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import Event, NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Place, key
from skirmish.games.eden.cards.cards import SceneryCard
from skirmish.games.eden.cards.keywords import Keyword
from skirmish.games.eden.effects import ActiveEffect, kind_of
from skirmish.games.eden.house_rules import SCENERY_NO_ROOM, reading_of
from skirmish.games.eden.optional.terrain import (
    DONE_KEY,
    SCENERY_POINTS,
    Placed,
    lost_key,
    points_key,
    put_element,
    spent_key,
    territory_element,
)
from skirmish.games.eden.preparation.deployment import (
    CLEARANCE,
    element_id,
    scenery_problem,
    scenery_samples,
    scenery_shape,
)
from skirmish.games.eden.rolling import state_of
from skirmish.geometry.shapes import Circle, Shape
from skirmish.geometry.vectorized import surely_nearer

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

RULE = ("Rulebook, optional rules 1, Territory Management: each player spends his 8 scenery "
        "points buying scenery and places it, alternately, the first player first")
SPEND_ALL = ("Rulebook, optional rules 1: a player must spend all his scenery points "
             "(docs/rulings.md)")
#: 4. The last search for room: a grid this fine (cm), polygons turned by these angles.
FINE_STEP = 1.0
FINE_ANGLES: tuple[float | None, ...] = (None, 45.0, 90.0, 135.0)
#: 4. (``eden-scenery-no-room=closer``): where no card fits 5 cm from everything, the
#: spacing yields to this (cm): an element stands clear of scenery, edges and objectives.
YIELDED_CLEARANCE = 0.1
FloatArray = NDArray[np.float64]


def _p(player: int) -> str:
    return "AB"[player]


# -- 1. the points, 2.-3. the shop ------------------------------------------------------------
def points_left(state: EdenState, player: int) -> int:
    return state.counters.get(points_key(player), 0)


def shop(state: EdenState) -> list[SceneryCard]:
    """The set-up's scenery list, one card per name (the first given), without the cards that
    cost nothing (2.: buying one would spend no point)."""
    seen: dict[str, SceneryCard] = {}
    for card in state.catalogue.scenery:
        if card.cost >= 1 and card.name not in seen:
            seen[card.name] = card
    return list(seen.values())


def payable(points: int, costs: Sequence[int]) -> bool:
    """Whether ``points`` can be spent exactly on cards of these costs, any number of each."""
    reach = [True] + [False] * points
    for n in range(1, points + 1):
        reach[n] = any(1 <= c <= n and reach[n - c] for c in costs)
    return reach[points]


def purchase_refusal(state: EdenState, player: int, card: SceneryCard) -> str | None:
    """Why ``player`` may not buy ``card`` now (2.-3.), or None."""
    points = points_left(state, player)
    costs = sorted({c.cost for c in shop(state)})
    if card.cost > points:
        return (f"{RULE}: {card.name} costs {card.cost} scenery point"
                f"{'s' * (card.cost > 1)}; player {_p(player)} has {points} left")
    if payable(points, costs) and not payable(points - card.cost, costs):
        return (f"{SPEND_ALL}: after {card.name} ({card.cost}), player {_p(player)}'s "
                f"{points - card.cost} points left could not be spent exactly on the list's "
                f"costs ({', '.join(map(str, costs))})")
    return None


def for_sale(state: EdenState, player: int) -> list[SceneryCard]:
    """The cards ``player`` may buy now."""
    return [c for c in shop(state) if purchase_refusal(state, player, c) is None]


# -- 4. where they fit ------------------------------------------------------------------------
def _fine_placement(state: EdenState, card: SceneryCard,
                    clearance: float = CLEARANCE) -> Place | None:
    """The first legal placement of the card on a grid of :data:`FINE_STEP` cm, its polygon
    turned by each of :data:`FINE_ANGLES` (4.), in the grid's order (rows of x at each y).

    The grid's points are first sifted (:func:`_sift`): each element of the table refuses,
    near it, the points where step 6's test cannot pass; the rest are checked in order by
    step 6's own test. The sifts only leave out points that test refuses, so the placement
    found is the one that test alone finds first."""
    width, height = state.field.width, state.field.height
    angles = (None,) if isinstance(card.shape, float | int) else FINE_ANGLES
    for angle in angles:
        proto = scenery_shape(card, (0.0, 0.0), angle)
        grid = _fine_grid(proto, width, height, clearance)
        if grid is None:
            continue
        alive = np.ones((len(grid.ys), len(grid.xs)), dtype=bool)
        for other in _spaced_from(state):
            refused = _refused_near(proto, other, grid, clearance)
            if refused is not None:
                j0, j1, i0, i1, keep = refused
                alive[j0:j1, i0:i1] &= keep
        for flat in np.flatnonzero(alive).tolist():
            j, i = divmod(flat, len(grid.xs))
            x, y = grid.xs[i], grid.ys[j]
            if not scenery_problem(state, scenery_shape(card, (x, y), angle), clearance):
                return Place(key(card.name), Point(x, y), angle)
    return None


def _spaced_from(state: EdenState) -> list[Shape]:
    """What step 6 keeps a footprint 5 cm from, besides the edges: the elements' shapes,
    and each objective marker as the disc it covers (the footprint's distance to the marker
    is its distance to that disc)."""
    return [*(e.shape for e in state.scenery),
            *(Circle(m.x, m.y, m.radius) for m in state.markers)]


@dataclass(frozen=True, slots=True)
class _FineGrid:
    """The fine grid's points where a footprint (``proto``, given around (0, 0)) stays
    5 cm or more inside the field's edges: the x of every column, the y of every row (as
    :func:`_steps` rounds them), the same as arrays, and the footprint's bounds;
    ``field``: the field's width and height."""

    field: tuple[float, float]
    xs: list[float]
    ys: list[float]
    ax: FloatArray
    ay: FloatArray
    bounds: tuple[float, float, float, float]


#: Slack (cm) of the sifts: a sift refuses a point only this far past step 6's threshold.
SIFT_MARGIN = 1e-6
#: The memos' sizes before they are emptied.
MEMO_SIZE = 4096
_GRIDS: dict[tuple[Shape, float, float, float], _FineGrid | None] = {}
_REFUSED: dict[tuple[Shape, Shape, float, float, float],
               tuple[int, int, int, int, NDArray[np.bool_]] | None] = {}


def _fine_grid(proto: Shape, width: float, height: float,
               clearance: float = CLEARANCE) -> _FineGrid | None:
    """The fine grid of ``proto`` on a field ``width`` x ``height`` (None when it does not
    fit), ``clearance`` inside the edges, made once per footprint, field and clearance."""
    memo = (proto, width, height, clearance)
    if memo in _GRIDS:
        return _GRIDS[memo]
    x0, y0, x1, y1 = proto.bounds()
    xs = _steps(clearance - x0, width - clearance - x1)
    ys = _steps(clearance - y0, height - clearance - y1)
    grid = None
    if xs and ys:
        grid = _FineGrid((width, height), xs, ys, np.array(xs), np.array(ys),
                         (x0, y0, x1, y1))
    if len(_GRIDS) >= MEMO_SIZE:
        _GRIDS.clear()
    _GRIDS[memo] = grid
    return grid


def _refused_near(proto: Shape, other: Shape, grid: _FineGrid, clearance: float = CLEARANCE
                  ) -> tuple[int, int, int, int, NDArray[np.bool_]] | None:
    """:func:`_sift` remembered by footprint, element and grid: an element placed stays
    where it is while the other players buy and place theirs."""
    memo = (proto, other, *grid.field, clearance)
    try:
        return _REFUSED[memo]
    except KeyError:
        pass
    refused = _sift(proto, other, grid, clearance)
    if len(_REFUSED) >= MEMO_SIZE:
        _REFUSED.clear()
    _REFUSED[memo] = refused
    return refused


def _sift(proto: Shape, other: Shape, grid: _FineGrid, clearance: float = CLEARANCE
          ) -> tuple[int, int, int, int, NDArray[np.bool_]] | None:
    """The block of the grid (rows ``j0:j1``, columns ``i0:i1``) outside which the element
    ``other`` cannot refuse the footprint ``proto``, and which of its points it may not
    refuse (``keep``); None when the block is empty.

    Outside the block the footprint's box and the element's are 5 cm apart or more (and
    step 6's test passes them by); inside, the points where the footprint is certainly
    nearer than 5 cm to the element (:func:`~skirmish.geometry.vectorized.surely_nearer`,
    with :data:`SIFT_MARGIN`, so that numpy's last bits never refuse a point the exact
    test accepts)."""
    x0, y0, x1, y1 = grid.bounds
    ox0, oy0, ox1, oy1 = other.bounds()
    reach = clearance + SIFT_MARGIN
    i0 = int(np.searchsorted(grid.ax, ox0 - x1 - reach, side="left"))
    i1 = int(np.searchsorted(grid.ax, ox1 - x0 + reach, side="right"))
    j0 = int(np.searchsorted(grid.ay, oy0 - y1 - reach, side="left"))
    j1 = int(np.searchsorted(grid.ay, oy1 - y0 + reach, side="right"))
    if i0 >= i1 or j0 >= j1:
        return None
    gx, gy = np.meshgrid(grid.ax[i0:i1], grid.ay[j0:j1])
    keep = ~surely_nearer(proto, other, gx.ravel(), gy.ravel(), clearance, SIFT_MARGIN)
    keep.flags.writeable = False  # remembered: shared by every later search
    return j0, j1, i0, i1, keep.reshape(gx.shape)


def _steps(low: float, high: float) -> list[float]:
    """Points from ``low`` to ``high`` every :data:`FINE_STEP` cm, rounded up to 0.01 cm
    (inside the range)."""
    if high < low - 1e-9:
        return []
    first = math.ceil(low * 100 - 1e-6) / 100
    n = int((high - first) // FINE_STEP + 1e-9)
    return [round(first + i * FINE_STEP, 2) for i in range(n + 1)
            if first + i * FINE_STEP <= high + 1e-9]


def placements(state: EdenState, cards: Sequence[SceneryCard],
               limit: int | None = None) -> list[Place]:
    """Deterministic legal placements of these cards: basic step 6's spread samples; when
    they find none at all, the first placement of each card found on the fine grid (so an
    empty list means no room for any of them, to the grid's resolution); when that finds
    none either and the spacing yields (4.), the same at :data:`YIELDED_CLEARANCE`."""
    out = list(scenery_samples(state, cards, limit))
    if out:
        return out
    out = _first_placements(state, cards, CLEARANCE, limit)
    if out or not spacing_yields(state):
        return out
    return _first_placements(state, cards, YIELDED_CLEARANCE, limit)


def spacing_yields(state: EdenState) -> bool:
    """4.: whether, with no room at 5 cm, the spacing yields ("obligé de placer", house rule
    ``eden-scenery-no-room=closer``) rather than the points being lost."""
    return reading_of(state.catalogue.house_rules, SCENERY_NO_ROOM) == "closer"


def _first_placements(state: EdenState, cards: Sequence[SceneryCard], clearance: float,
                      limit: int | None) -> list[Place]:
    """The first placement of each card on the fine grid at ``clearance``, in card order."""
    out: list[Place] = []
    for card in cards:
        place = _fine_placement(state, card, clearance)
        if place is not None:
            out.append(place)
            if limit is not None and len(out) >= limit:
                break
    return out


def spaced_room(state: EdenState, player: int) -> bool:
    """Whether some card ``player`` may buy fits with step 6's full spacing (4.)."""
    cards = for_sale(state, player)
    return bool(scenery_samples(state, cards, 1)) or bool(
        _first_placements(state, cards, CLEARANCE, 1))


# -- events --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SceneryPointsEvent(Event):
    """Territory Management, 1.: each player's scenery points."""

    kind: ClassVar[str] = "eden.scenery-points"
    points: int = SCENERY_POINTS

    def text(self) -> str:
        return (f"Territory Management (optional rules 1): each player has {self.points} "
                "scenery points to buy and place scenery, the first player first")


@dataclass(frozen=True, slots=True)
class SceneryBoughtEvent(Event):
    """Territory Management, 2.: a player buys an element and places it."""

    kind: ClassVar[str] = "eden.scenery-bought"
    player: int = 0
    scenery: str = ""
    element: str = ""
    cost: int = 0
    left: int = 0
    at: tuple[float, ...] = ()
    angle: float | None = None

    def text(self) -> str:
        turned = f", turned {self.angle:g} degrees" if self.angle else ""
        return (f"player {_p(self.player)} buys {self.scenery} ({self.cost} scenery point"
                f"{'s' * (self.cost != 1)}; {self.left} left) and places it ({self.element}) "
                f"at ({self.at[0]:g}, {self.at[1]:g}){turned}")


@dataclass(frozen=True, slots=True)
class SceneryPointsLostEvent(Event):
    """Territory Management, 4.: a player's points buy nothing that fits: they are lost."""

    kind: ClassVar[str] = "eden.scenery-points-lost"
    player: int = 0
    points: int = 0

    def text(self) -> str:
        return (f"player {_p(self.player)}'s {self.points} scenery point"
                f"{'s' * (self.points != 1)} buy no scenery that fits on the table: they are "
                "lost")


# -- the procedure -----------------------------------------------------------------------------
@dataclass(slots=True)
class TerritorySetup(Procedure):
    """Rulebook, optional rules 1, Territory Management: preparation step 6, buying and
    placing scenery with 8 scenery points each, alternately, the first player first.

    ``started``: the points are given (1.); ``turn`` counts the turns taken (2.)."""

    name: ClassVar[str] = "eden.territory-setup"
    started: bool = False
    turn: int = 0

    def _player(self, state: EdenState) -> int | None:
        """Whose turn: alternately, the first player first, skipping a player whose points
        are all spent; None once both are done."""
        first = state.first_player
        turn = first if self.turn % 2 == 0 else 1 - first
        for player in (turn, 1 - turn):
            if points_left(state, player) > 0:
                return player
        return None

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        player = self._player(state) if self.started else None
        if player is None:
            return None
        points = points_left(state, player)
        cards = for_sale(state, player)
        prices = ", ".join(f"{c.name} {c.cost}" for c in cards) or "none"
        return Decision(player, "place-scenery",
                        f"Buy and place a scenery element: {points} scenery points left "
                        f"(for sale: {prices}); 5 cm or more from scenery, edges and "
                        "objectives", tuple(key(c.name) for c in cards),
                        {"scenery_points": points, "costs": {key(c.name): c.cost
                                                             for c in cards}})

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        player = self._player(state)
        if player is None:
            return []
        return list(placements(state, for_sale(state, player))) or [Pass()]

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        player = self._player(state)
        assert player is not None
        if isinstance(action, Pass):
            found = placements(state, for_sale(state, player), 1)
            if found:
                raise IllegalActionError(f"'{found[0]}' is still possible: player "
                                         f"{_p(player)} must spend his scenery points",
                                         SPEND_ALL)
            return
        if not isinstance(action, Place):
            raise IllegalActionError(f"'{action}': buy and place a scenery element "
                                     "(place NAME x,y [angle]), or pass when none fits", RULE)
        card = self._card(state, action.scenery)
        refusal = purchase_refusal(state, player, card)
        if refusal:
            raise IllegalActionError(f"player {_p(player)} cannot buy {card.name}", refusal)
        shape = scenery_shape(card, action.at, action.angle)
        problem = scenery_problem(state, shape)
        if problem and spacing_yields(state) and not spaced_room(state, player):
            problem = scenery_problem(state, shape, YIELDED_CLEARANCE)  # 4.: it yields
        if problem:
            raise IllegalActionError(f"{card.name} at {action.at.x:g},{action.at.y:g}: "
                                     f"{problem}")

    @staticmethod
    def _card(state: EdenState, token: str) -> SceneryCard:
        card = next((c for c in shop(state) if key(c.name) == token), None)
        if card is None:
            names = ", ".join(key(c.name) for c in shop(state)) or "none"
            raise IllegalActionError(f"no {token!r} in the set-up's scenery list (for sale: "
                                     f"{names})", RULE)
        return card

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        player = self._player(state)
        assert player is not None
        points = points_left(state, player)
        self.turn += 1
        if isinstance(action, Pass):
            state.counters[points_key(player)] = 0
            state.counters[lost_key(player)] = state.counters.get(lost_key(player), 0) + points
            game.emit(SceneryPointsLostEvent(player=player, points=points))
            return
        assert isinstance(action, Place)
        card = self._card(state, action.scenery)
        state.counters[points_key(player)] = points - card.cost
        state.counters[spent_key(player)] = state.counters.get(spent_key(player), 0) + card.cost
        element = place_scenery(game, card, player, action.at, action.angle)
        game.emit(SceneryBoughtEvent(player=player, scenery=card.name, element=element,
                                     cost=card.cost, left=points - card.cost,
                                     at=(action.at.x, action.at.y), angle=action.angle))

    def run(self, game: Game) -> None:
        state = state_of(game)
        if not self.started:
            self.started = True
            for player in (0, 1):
                state.counters[points_key(player)] = SCENERY_POINTS
                state.counters[spent_key(player)] = 0
                state.counters[lost_key(player)] = 0
            game.emit(SceneryPointsEvent(points=SCENERY_POINTS))
            return
        state.counters[DONE_KEY] = 1
        game.pop()
        game.emit(NoteEvent(message="every scenery point is spent: the scenery step ends"))


def place_scenery(game: Game, card: SceneryCard, player: int, at: tuple[float, float],
                  angle: float | None) -> str:
    """5. An element of ``card`` on the table at ``at`` (turned by ``angle``), built from the
    card's keywords, and the card's effects in play with its first element (one effect serves
    every element of that name, as under the basic rules). Returns the element's id."""
    state = state_of(game)
    words = tuple(Keyword.parse(k) for k in card.keywords)
    record = Placed(card.name, words, words, float(card.height))
    element = territory_element(element_id(state, card.name), scenery_shape(card, at, angle),
                                record)
    put_element(state, element, record)
    if not any(e.source == card.name for e in state.effects):
        for spec in card.effects:
            effect = ActiveEffect.of(spec, source=card.name, owner=_p(player), until="match")
            state.effects.append(effect)
            kind_of(effect).on_play(game, effect)
    return element.id


def start_territory(game: Game) -> None:
    """As the match starts: Territory Management is played; its rules act through the
    ``territory`` effect (owned by nobody, after the other optional rules' effects and before
    every card's)."""
    state = state_of(game)
    state.territory = True
    at = 0
    while at < len(state.effects) and state.effects[at].neutral:
        at += 1
    state.effects.insert(at, ActiveEffect("territory", "Territory Management (optional rules "
                                          "1)", ""))
