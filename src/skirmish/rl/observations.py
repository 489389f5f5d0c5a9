"""The table-top observation kit: fixed-shape arrays built from ``game.view(seat)`` and
nothing else (:class:`TableEncoder`, which a game's encoder subclasses; a game may instead
use the flat :class:`~skirmish.rl.flat.FlatEncoder`, or any
:class:`~skirmish.rl.game_parts.ObservationEncoder`).

The view is all a seat may know (issue 11: the opponent's hand, bids and secret missions are
not in it), so nothing hidden can reach an observation. The ``observation`` space is a
``Dict`` of ``Box`` spaces (every float clipped to [-4, 4]) and, for card identities,
``MultiDiscrete`` ones:

====================  ===========================  ======================================
key                   shape                        what
====================  ===========================  ======================================
``fighters``          (fighters, F) float32        one row per fighter slot (the seat's
                                                   own first: :class:`.Roster`), the
                                                   game's features
                                                   (:meth:`TableEncoder.fighter_rows`)
``fighter_mask``      (fighters,) int8             1 where a slot holds a fighter
``fighter_cards``     (fighters,) int64            each slot's profile card (both sides'
                                                   fighters are on the table: public)
``scenery``           (scenery, 16) float32        one row per scenery element
                                                   (:data:`SCENERY`)
``scenery_mask``      (scenery,) int8
``markers``           (elements, 12) float32       a game with markers only
                                                   (:attr:`TableEncoder.with_markers`):
                                                   its markers (:data:`MARKERS`)
``marker_mask``       (elements,) int8             likewise
``raster``            (6, grid, grid) float32      a coarse map of the table: impassable
                                                   scenery, opaque scenery, other
                                                   scenery, the seat's pieces, the
                                                   opponent's, the others (non-player
                                                   fighters; markers), each cell 0-1
``globals``           (G,) float32                 round, scores, points, hands... (the
                                                   game's :meth:`TableEncoder.globals`)
``decision``          (kinds + 2,) int8            the pending decision's kind, one-hot
                                                   (its kind is public), then "other
                                                   kind", then "the game is over"
(the seat's cards)                                 a game's own keys
                                                   (:meth:`TableEncoder.own_cards_space`:
                                                   e.g. the seat's hand and secret
                                                   missions, with masks)
====================  ===========================  ======================================

Positions are fractions of the table's width and depth; slots without a piece are zeros.
Card identities (``fighter_cards`` and a game's own card keys) are categorical, a
:class:`CardIndex` of one of the card library's lists: 0 is an empty slot, ``1..n`` the
library's cards of that kind in name order, ``n + 1`` a card the library does not have (a
troop file's own). The opponent's hand and secret missions are in no view of the seat, so
in no observation.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skirmish.rl.actions import Roster
from skirmish.rl.setups import Limits

Array = npt.NDArray[np.float32]
LOW, HIGH = -4.0, 4.0
#: The scenery row's features.
SCENERY = ("present", "x", "y", "width", "depth", "opaque", "low", "flat", "passable",
           "move_cost", "can_end_on", "obstacles", "height", "attacks", "burn", "door")
MARKERS = ("present", "objective", "terminal", "door", "data", "x", "y", "locked", "open",
           "holds", "carried_by_me", "carried_by_opponent")
RASTER = ("impassable", "opaque", "scenery", "mine", "opponent", "others")
_CACHE_KEPT = 128


class CardIndex:
    """Card names to categorical indices (see the module): 0 no card, ``1..n`` the ``names``
    in sorted order, ``n + 1`` any other name; :attr:`size` indices in all."""

    __slots__ = ("_index", "names", "size")

    def __init__(self, names: Iterable[str]) -> None:
        self.names = tuple(sorted(set(names)))
        self._index = {name: i + 1 for i, name in enumerate(self.names)}
        self.size = len(self.names) + 2

    def __call__(self, name: str) -> int:
        return self._index.get(name, self.size - 1)

    def index_of(self, name: str) -> int:
        """The index of a card name (as a call: :meth:`__call__`)."""
        return self._index.get(name, self.size - 1)

    def space(self, n: int) -> spaces.MultiDiscrete:
        """``n`` slots of these indices."""
        return spaces.MultiDiscrete(np.full(n, self.size, dtype=np.int64))

    def encode(self, names: Sequence[str], n: int
               ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8]]:
        """The first ``n`` of ``names`` as indices, padded with 0, and their mask."""
        indices = np.zeros(n, dtype=np.int64)
        mask = np.zeros(n, dtype=np.int8)
        kept = names[:n]
        if kept:
            index = self._index
            other = self.size - 1
            indices[:len(kept)] = [index.get(str(name), other) for name in kept]
            mask[:len(kept)] = 1
        return indices, mask


def _box(shape: tuple[int, ...]) -> spaces.Box:
    return spaces.Box(LOW, HIGH, shape, dtype=np.float32)


def _flags(n: int) -> spaces.Box:
    return spaces.Box(0, 1, (n,), dtype=np.int8)


def _shape_key(item: Mapping[str, Any]) -> tuple[Any, ...]:
    points: tuple[Any, ...] = ()
    if "polygon" in item:
        points = tuple(map(tuple, item["polygon"]))
    elif "circle" in item:
        points = tuple(item["circle"])
    return (item.get("id"), points, item.get("sight"), item.get("passable"),
            item.get("move_cost"), item.get("can_end_on"), item.get("obstacle_count"),
            item.get("height", 0.0))


def _inside(item: Mapping[str, Any], xs: Array, ys: Array) -> npt.NDArray[np.bool_]:
    """Which points (cell centres) lie in an element's footprint (even-odd rule)."""
    if "circle" in item:
        cx, cy, r = (float(v) for v in item["circle"])
        result: npt.NDArray[np.bool_] = (xs - cx) ** 2 + (ys - cy) ** 2 <= r * r
        return result
    points = [(float(p[0]), float(p[1])) for p in item.get("polygon", ())]
    inside = np.zeros(xs.shape, dtype=bool)
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if y1 == y2:
            continue
        crosses = (y1 > ys) != (y2 > ys)
        at = x1 + (ys - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (xs < at)
    return inside


def _bounds(item: Mapping[str, Any]) -> tuple[float, float, float, float]:
    if "circle" in item:
        cx, cy, r = (float(v) for v in item["circle"])
        return cx - r, cy - r, cx + r, cy + r
    xs = [float(p[0]) for p in item.get("polygon", ())] or [0.0]
    ys = [float(p[1]) for p in item.get("polygon", ())] or [0.0]
    return min(xs), min(ys), max(xs), max(ys)


#: What a table's scenery gives (:meth:`TableEncoder._scenery`): its rows, their mask, the
#: raster with its three scenery layers drawn (the other channels empty).
_Drawn = tuple[Array, npt.NDArray[np.int8], Array]


class RasterMarks:
    """The pieces and markers marked on the raster's cells, gathered in a dict and written
    in one go: each mark adds half to its cell, up to 1 (two pieces in a cell fill it)."""

    __slots__ = ("cells", "grid")

    def __init__(self, grid: int) -> None:
        self.grid = grid
        self.cells: dict[tuple[int, int, int], float] = {}

    def mark(self, channel: int, fx: float, fy: float) -> None:
        """A mark at ``(fx, fy)`` (fractions of the table's width and depth)."""
        grid = self.grid
        i, j = int(fy * grid), int(fx * grid)
        cell = (channel, grid - 1 if i >= grid else 0 if i < 0 else i,
                grid - 1 if j >= grid else 0 if j < 0 else j)
        cells = self.cells
        cells[cell] = 0.5 if cell not in cells else 1.0  # half a cell a mark, up to 1

    def write(self, raster: Array) -> None:
        """Write the marked cells into ``raster`` (channels x grid x grid)."""
        for cell, value in self.cells.items():
            raster[cell] = value


class TableEncoder(ABC):
    """Views to arrays for one game within ``limits`` (subclasses give the features); an
    :class:`~skirmish.rl.game_parts.ObservationEncoder`."""

    ruleset = ""
    fighter_key = "fighters"
    element_key = "scenery"
    fighter_features: tuple[str, ...] = ()
    global_features: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    with_markers = False

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        grid = limits.grid
        self._cache: dict[tuple[Any, ...], _Drawn] = {}
        self._last_scenery: tuple[object, object, int, tuple[float, float], _Drawn] | None = None
        self._centres = (np.arange(grid, dtype=np.float32) + 0.5) / grid

    def space(self) -> spaces.Dict:
        """The ``observation`` space (see the module)."""
        limits = self.limits
        parts: dict[str, spaces.Space[Any]] = {
            "fighters": _box((limits.fighters, len(self.fighter_features))),
            "fighter_mask": _flags(limits.fighters),
            "scenery": _box((limits.scenery, len(SCENERY))),
            "scenery_mask": _flags(limits.scenery),
        }
        if self.with_markers:
            parts["markers"] = _box((limits.elements, len(MARKERS)))
            parts["marker_mask"] = _flags(limits.elements)
        parts["raster"] = spaces.Box(0.0, 1.0, (len(RASTER), limits.grid, limits.grid),
                                     dtype=np.float32)
        parts["globals"] = _box((len(self.global_features),))
        parts["decision"] = _flags(len(self.kinds) + 2)
        parts["fighter_cards"] = self.profiles().space(limits.fighters)
        parts.update(self.own_cards_space())
        return spaces.Dict(parts)

    def roster(self) -> Roster:
        scenery_key = "scenery"
        return Roster(self.limits, self.fighter_key, self.element_key, scenery_key)

    # -- the parts ------------------------------------------------------------------------
    def encode(self, view: Mapping[str, Any], seat: int, roster: Roster
               ) -> dict[str, npt.NDArray[Any]]:
        """The observation of ``view`` (the view of ``seat``): fresh arrays, the caller's to
        keep. Rows are gathered in Python lists and written in one numpy call each (a numpy
        call on a small array costs microseconds: one per element would cost more than the
        features)."""
        roster.sync(view)
        limits = self.limits
        n_fighters = limits.fighters
        width, depth = self.table_size(view)
        fighters = np.zeros((n_fighters, len(self.fighter_features)), dtype=np.float32)
        fighter_mask = np.zeros(n_fighters, dtype=np.int8)
        fighter_cards = np.zeros(n_fighters, dtype=np.int64)
        pieces = view.get(self.fighter_key, ())
        slot_of = roster.fighter_slot
        slots = [slot_of(str(p["ref"]), seat) for p in pieces]
        self.fighter_rows(view, seat, pieces, slots, fighters, width, depth)
        marks = RasterMarks(limits.grid)
        mark = marks.mark
        profile_of = self.profiles().index_of
        standing = self.standing
        per_side = limits.per_side
        for piece, slot in zip(pieces, slots, strict=True):
            if slot is None:
                continue
            fighter_mask[slot] = 1
            fighter_cards[slot] = profile_of(str(piece.get("name", "")))
            if standing(piece):
                mark(3 if slot < per_side else 4 if slot < 2 * per_side else 5,
                     float(piece["x"]) / width, float(piece["y"]) / depth)
        scenery, scenery_mask, raster = self._scenery(view.get("scenery", ()), roster,
                                                      width, depth)
        self.scenery_extra(view, roster, scenery)
        out: dict[str, npt.NDArray[Any]] = {
            "fighters": fighters.clip(LOW, HIGH, out=fighters),
            "fighter_mask": fighter_mask, "scenery": scenery, "scenery_mask": scenery_mask,
        }
        if self.with_markers:
            out.update(self.marker_rows(view, seat, roster, marks, width, depth))
        marks.write(raster)
        out["raster"] = raster
        glob = np.array(self.globals(view, seat), dtype=np.float32)
        out["globals"] = glob.clip(LOW, HIGH, out=glob)
        out["decision"] = self.decision(view)
        out["fighter_cards"] = fighter_cards
        out.update(self.own_cards(view, seat))
        return out

    def _scenery(self, items: Sequence[Mapping[str, Any]], roster: Roster, width: float,
                 depth: float) -> tuple[Array, npt.NDArray[np.int8], Array]:
        """The scenery rows, their mask and the raster with the scenery's three layers
        drawn (fresh copies). What the scenery gives never changes while the elements
        and their slots do not: it is remembered by what it is made of (the fields it
        reads, :func:`_shape_key`), and the list the view gave last is known again without
        building that key: the very same list (a game may hand out one list while the
        table's elements stay; views are read-only), or an equal one (compared in C, a
        fraction of the key's cost), with the roster's scenery slots unchanged."""
        last = self._last_scenery
        if (last is not None and last[1] is roster.scenery
                and last[2] == len(roster.scenery) and last[3] == (width, depth)
                and (last[0] is items or last[0] == items)):
            drawn = last[4]
        else:
            slots = tuple(roster.scenery_slot(str(item.get("id", ""))) for item in items)
            key = (width, depth, slots, tuple(_shape_key(item) for item in items))
            found = self._cache.get(key)
            if found is None:
                found = self._static_scenery(items, roster, width, depth)
                if len(self._cache) >= _CACHE_KEPT:
                    self._cache.pop(next(iter(self._cache)))
                self._cache[key] = found
            drawn = found
            self._last_scenery = (items, roster.scenery, len(roster.scenery), (width, depth),
                                  drawn)
        rows, mask, raster = drawn
        return rows.copy(), mask.copy(), raster.copy()

    def _static_scenery(self, items: Sequence[Mapping[str, Any]], roster: Roster,
                        width: float, depth: float
                        ) -> tuple[Array, npt.NDArray[np.int8], Array]:
        limits = self.limits
        rows = np.zeros((limits.scenery, len(SCENERY)), dtype=np.float32)
        grid = limits.grid
        xs, ys = (a.astype(np.float32) for a in
                  np.meshgrid(self._centres * width, self._centres * depth))
        raster = np.zeros((len(RASTER), grid, grid), dtype=np.float32)
        layers = raster[:3]
        for item in items:
            inside = _inside(item, xs, ys)
            sight = str(item.get("sight", "opaque"))
            passable = bool(item.get("passable", False))
            layers[0][inside & (not passable)] = 1.0
            layers[1][inside & (sight == "opaque")] = 1.0
            layers[2][inside & (passable or sight != "opaque")] = 1.0
            slot = roster.scenery_slot(str(item.get("id", "")))
            if slot is None:
                continue
            x0, y0, x1, y1 = _bounds(item)
            rows[slot, :13] = (
                1.0, (x0 + x1) / 2 / width, (y0 + y1) / 2 / depth, (x1 - x0) / width,
                (y1 - y0) / depth, sight == "opaque", sight == "low", sight == "flat",
                passable, float(item.get("move_cost", 1.0)) / 4,
                bool(item.get("can_end_on", False)),
                float(item.get("obstacle_count", 1)) / 4, float(item.get("height", 0.0)) / 10)
        np.clip(rows, LOW, HIGH, out=rows)
        mask = (rows[:, 0] > 0).astype(np.int8)
        return rows, mask, raster

    def decision(self, view: Mapping[str, Any]) -> npt.NDArray[np.int8]:
        out = np.zeros(len(self.kinds) + 2, dtype=np.int8)
        decision = view.get("decision")
        if decision is None:
            out[-1] = 1
        else:
            out[self.kind_index.get(str(decision.get("kind")), len(self.kinds))] = 1
        return out

    # -- what each ruleset gives ----------------------------------------------------------
    @abstractmethod
    def table_size(self, view: Mapping[str, Any]) -> tuple[float, float]:
        ...

    @abstractmethod
    def standing(self, piece: Mapping[str, Any]) -> bool:
        """Is the piece on the table (for the raster)?"""
        ...

    @abstractmethod
    def fighter_rows(self, view: Mapping[str, Any], seat: int,
                     pieces: Sequence[Mapping[str, Any]], slots: Sequence[int | None],
                     out: Array, width: float, depth: float) -> None:
        ...

    @abstractmethod
    def globals(self, view: Mapping[str, Any], seat: int) -> list[float]:
        ...

    @abstractmethod
    def profiles(self) -> CardIndex:
        """The library's fighter (profile) cards, for ``fighter_cards``."""
        ...

    def own_cards_space(self) -> dict[str, spaces.Space[Any]]:
        """The spaces of the seat's own cards (a hand, secret missions ...); by default
        none."""
        return {}

    def own_cards(self, view: Mapping[str, Any], seat: int) -> dict[str, npt.NDArray[Any]]:
        """The seat's own cards, from its view (:meth:`own_cards_space`)."""
        return {}

    def scenery_extra(self, view: Mapping[str, Any], roster: Roster, rows: Array) -> None:
        """Changing facts of the scenery rows (attacks, chips on it ...); by default
        none."""
        return None

    def marker_rows(self, view: Mapping[str, Any], seat: int, roster: Roster,
                    marks: RasterMarks, width: float, depth: float
                    ) -> dict[str, npt.NDArray[Any]]:
        """The markers' rows and mask (a game :attr:`with_markers`); a marker lying on the
        table is marked on the raster's "others" channel (``marks``)."""
        return {}


def angle_features(degrees: float) -> tuple[float, float]:
    """A facing as its sine and cosine (continuous across 0/360 degrees)."""
    radians = math.radians(degrees)
    return math.sin(radians), math.cos(radians)
