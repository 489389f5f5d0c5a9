"""The generic observation: a few numbers of the view, by name (issue 42).

A game whose ``"rl"`` part gives no encoder of its own (or that has no ``"rl"`` part) is
observed by :class:`FlatEncoder`, from ``game.view(seat)`` only:

=================  =====================  ==============================================
key                shape                  what
=================  =====================  ==============================================
``fighters``       (fighters, 4 + P)      one row per fighter slot (the seat's own
                   float32                first: :class:`~skirmish.rl.actions.Roster`):
                                          present, mine, opponent, other, then the
                                          piece's numbers (``piece_numbers``: keys of
                                          the view's pieces; a flag is 0 or 1)
``fighter_mask``   (fighters,) int8       1 where a slot holds a piece
``globals``        (G,) float32           the view's numbers (``numbers``): one feature
                                          a number or flag, two (the seat's, then the
                                          opponent's) a pair with one entry per seat
``decision``       (kinds + 2,) int8      the pending decision's kind, one-hot, then
                                          "other kind", then "the game is over"
=================  =====================  ==============================================

Numbers are taken as the view gives them, clipped to ``[-FLAT_BOUND, FLAT_BOUND]``; a
missing or non-numeric value (a hidden choice, ``None``) reads 0. Without names, the numbers
are those the first view shows (every top-level number, flag or pair but ``player``; every
piece's number or flag but ``side``), in the view's order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skirmish.rl.actions import Roster
from skirmish.rl.setups import Limits

#: Numbers beyond this are clipped (the flat encoding does not scale them).
FLAT_BOUND = 1000.0
#: The first features of a piece's row.
PIECE_FLAGS = ("present", "mine", "opponent", "other")
#: Keys that are never numbers of the game: the view's own seat, a piece's side.
NOT_NUMBERS = frozenset({"player", "side"})


def number(value: Any) -> float | None:
    """A number or a flag as a float; anything else ``None``."""
    if isinstance(value, bool | int | float):
        return float(value)
    return None


def pair(value: Any) -> tuple[float, float] | None:
    """A sequence of two numbers (one per seat) as floats; anything else ``None``."""
    if isinstance(value, list | tuple) and len(value) == 2:
        first, second = number(value[0]), number(value[1])
        if first is not None and second is not None:
            return first, second
    return None


def scalar_items(mapping: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """The items of ``mapping`` that are numbers, flags or pairs of numbers, in order (but
    :data:`NOT_NUMBERS`)."""
    for key, value in mapping.items():
        if key not in NOT_NUMBERS and (number(value) is not None or pair(value) is not None):
            yield key, value


class FlatEncoder:
    """Views to the flat observation (see the module); implements
    :class:`skirmish.rl.game_parts.ObservationEncoder`."""

    def __init__(self, limits: Limits, first_view: Mapping[str, Any], *,
                 numbers: Sequence[str] | None = None,
                 piece_numbers: Sequence[str] | None = None, kinds: Sequence[str] = (),
                 pieces_key: str = "fighters", elements_key: str = "scenery") -> None:
        self.limits = limits
        self.kinds = tuple(kinds)
        self.kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        self.pieces_key, self.elements_key = pieces_key, elements_key
        names = (tuple(numbers) if numbers is not None else
                 tuple(key for key, _ in scalar_items(first_view)))
        #: Each global number's key and whether it is a pair (as the first view has it).
        self.numbers = tuple((key, pair(first_view.get(key)) is not None) for key in names)
        self.global_features = tuple(
            name for key, paired in self.numbers
            for name in ((f"my_{key}", f"opponent_{key}") if paired else (key,)))
        if piece_numbers is None:
            found: dict[str, None] = {}
            for piece in first_view.get(pieces_key, ()):
                found.update((key, None) for key, value in piece.items()
                             if key not in NOT_NUMBERS and number(value) is not None)
            piece_numbers = tuple(found)
        self.piece_numbers = tuple(piece_numbers)
        self.fighter_features = (*PIECE_FLAGS, *self.piece_numbers)

    def space(self) -> spaces.Dict:
        fighters = self.limits.fighters
        return spaces.Dict({
            "fighters": spaces.Box(-FLAT_BOUND, FLAT_BOUND,
                                   (fighters, len(self.fighter_features)), dtype=np.float32),
            "fighter_mask": spaces.Box(0, 1, (fighters,), dtype=np.int8),
            "globals": spaces.Box(-FLAT_BOUND, FLAT_BOUND, (len(self.global_features),),
                                  dtype=np.float32),
            "decision": spaces.Box(0, 1, (len(self.kinds) + 2,), dtype=np.int8),
        })

    def roster(self) -> Roster:
        return Roster(self.limits, self.pieces_key, self.elements_key, self.elements_key)

    def encode(self, view: Mapping[str, Any], seat: int, roster: Roster
               ) -> dict[str, npt.NDArray[Any]]:
        roster.sync(view)
        limits = self.limits
        per_side = limits.per_side
        fighters = np.zeros((limits.fighters, len(self.fighter_features)), dtype=np.float32)
        mask = np.zeros(limits.fighters, dtype=np.int8)
        for piece in view.get(self.pieces_key, ()):
            slot = roster.fighter_slot(str(piece["ref"]), seat)
            if slot is None:
                continue
            mask[slot] = 1
            row = fighters[slot]
            row[0] = 1.0
            row[1 if slot < per_side else 2 if slot < 2 * per_side else 3] = 1.0
            for column, key in enumerate(self.piece_numbers, len(PIECE_FLAGS)):
                row[column] = number(piece.get(key)) or 0.0
        values: list[float] = []
        for key, paired in self.numbers:
            if paired:
                both = pair(view.get(key)) or (0.0, 0.0)
                values += (both[seat], both[1 - seat])
            else:
                values.append(number(view.get(key)) or 0.0)
        glob = np.asarray(values, dtype=np.float32)
        decision = np.zeros(len(self.kinds) + 2, dtype=np.int8)
        pending = view.get("decision")
        if pending is None:
            decision[-1] = 1
        else:
            decision[self.kind_index.get(str(pending.get("kind")), len(self.kinds))] = 1
        return {"fighters": np.clip(fighters, -FLAT_BOUND, FLAT_BOUND, out=fighters),
                "fighter_mask": mask,
                "globals": np.clip(glob, -FLAT_BOUND, FLAT_BOUND, out=glob),
                "decision": decision}
