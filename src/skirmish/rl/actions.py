"""The fixed ``Discrete`` action space: action templates over the engine's legal actions.

An engine decision offers a finite list of legal actions (continuous choices - move
destinations, blast angles, charge points - come as the engine's samples). Every verb of
the ruleset's :class:`~skirmish.core.actions.ActionSet` gets one block of the space, in the
set's order, shaped ``actor x target x k``:

- ``actor``: the slot of the acting piece (the action's first :class:`Ref` field:
  ``fighter``, ``figure``, ``first``), one of ``Limits.fighters`` slots; 1 for a verb
  without one (``pass``, ``end``, ``bid``, ``hand``...);
- ``target``: for a field named ``target``, ``second`` or ``element``: a fighter slot (a
  ``Ref`` field), an element slot (a field named ``element``: a scenery element's or a
  marker's id, as the game's view lists them), either (any other type: a word that may name
  a fighter or an element), plus one "none" slot, last, when the field is optional; 1
  without one;
- ``k``: the remaining fields. A single enum field (``react dodge``, ``aim legs``,
  ``half south``, ``edge lower``, ``heroic effort``) takes the member's index (``first A``:
  0 is the seat itself, 1 the opponent); anything else (points, angles, weapons, abilities,
  cards, bids, facings) is the k-th distinct action the engine offers for that
  (verb, actor, target), in the engine's order, up to ``Limits.candidates(verb)``
  (:data:`~skirmish.rl.setups.K_PER_VERB`; e.g. ``bid k`` is the k-th bid offered, which is
  ``k`` SP).

``index = block offset + (actor * n_target + target) * k + kk``. Fighter slots are
seat-relative: the seat's own fighters first (``0 .. per_side-1``), then the opponent's,
then the others (pieces of no player, such as non-player fighters), each in the order of
the view's list, which only ever grows (:class:`Roster`): a slot names one piece for a whole
episode, and the observation's row of that slot describes it. Element slots likewise follow
the view's list of elements the game's part names (its scenery, its markers ...:
:attr:`skirmish.rl.game_parts.GameRL.elements_key`).

:meth:`ActionCodec.encode` gives, for a decision, the mask (``int8``, 1 = legal) and the
engine action behind each legal index; every legal action the engine offers within the
limits has an index, so the mask is empty only once the game is over.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from skirmish.core.actions import Action, ActionSet, Ref
from skirmish.rl.setups import Limits

ACTOR_FIELDS = ("fighter", "figure", "first")
TARGET_FIELDS = ("target", "second", "element")
#: The enum field whose members are players: indexed seat-relative (0 = the seat).
PLAYER_FIELD = "player"


class Roster:
    """The pieces of one episode in slot order, seat-relative (see the module).

    ``sync(view)`` appends the pieces and elements a view lists that are new; nothing is
    ever removed, so a slot keeps naming the same piece."""

    __slots__ = ("element_key", "elements", "groups", "index", "limits", "scenery",
                 "scenery_key", "where")

    def __init__(self, limits: Limits, fighter_key: str, element_key: str,
                 scenery_key: str) -> None:
        self.limits = limits
        self.where = fighter_key
        self.element_key, self.scenery_key = element_key, scenery_key
        self.groups: list[list[str]] = [[], [], []]
        self.index: dict[str, tuple[int, int]] = {}
        self.elements: dict[str, int] = {}
        self.scenery: dict[str, int] = self.elements if scenery_key == element_key else {}

    def clear(self) -> None:
        self.groups = [[], [], []]
        self.index = {}
        self.elements = {}
        self.scenery = self.elements if self.scenery_key == self.element_key else {}

    def sync(self, view: Mapping[str, Any]) -> None:
        for piece in view.get(self.where, ()):
            ref = str(piece["ref"])
            if ref not in self.index:
                group = _group_of(ref)
                self.index[ref] = (group, len(self.groups[group]))
                self.groups[group].append(ref)
        for item in view.get(self.element_key, ()):
            self.elements.setdefault(str(item["id"]), len(self.elements))
        if self.scenery is not self.elements:
            for item in view.get(self.scenery_key, ()):
                self.scenery.setdefault(str(item["id"]), len(self.scenery))

    def fighter_slot(self, ref: str, seat: int) -> int | None:
        """The slot of a piece for ``seat``, ``None`` when unknown or beyond the limits."""
        found = self.index.get(ref)
        if found is None:
            return None
        group, i = found
        per_side = self.limits.per_side
        if group == 2:
            return 2 * per_side + i if i < self.limits.others else None
        if i >= per_side:
            return None
        return i if group == seat else per_side + i

    def element_slot(self, ident: str) -> int | None:
        slot = self.elements.get(ident)
        return slot if slot is not None and slot < self.limits.elements else None

    def scenery_slot(self, ident: str) -> int | None:
        slot = self.scenery.get(ident)
        return slot if slot is not None and slot < self.limits.scenery else None

    def knows(self, ref: str) -> bool:
        return ref in self.index


def _group_of(ref: str) -> int:
    """0 and 1 for the players' pieces (``A.``, ``B.``), 2 for any other (``N.``)."""
    letter = ref[:1]
    return 0 if letter == "A" else 1 if letter == "B" else 2


_FIGHTER, _ELEMENT, _EITHER = "fighter", "element", "either"


@dataclass(frozen=True, slots=True)
class VerbBlock:
    """One verb's block of the action space (see the module)."""

    verb: str
    cls: type[Action]
    offset: int
    actor: str | None
    target: str | None
    target_kind: str
    optional_target: bool
    enum_field: str | None
    members: tuple[Any, ...]
    n_actor: int
    n_target: int
    k: int

    @property
    def size(self) -> int:
        return self.n_actor * self.n_target * self.k

    def describe(self) -> str:
        parts = [f"actor {self.n_actor}" if self.actor else "",
                 f"{self.target} ({self.target_kind}{', or none' if self.optional_target else ''})"
                 f" {self.n_target}" if self.target else "",
                 f"{self.enum_field} {self.k}" if self.enum_field else f"k {self.k}"]
        return f"{self.verb}: {self.offset}..{self.offset + self.size - 1}: " + \
            " x ".join(p for p in parts if p)


def _fields(cls: type[Action]) -> list[tuple[str, Any, bool]]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        kind, optional = hints[f.name], False
        if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
            args = [a for a in typing.get_args(kind) if a is not type(None)]
            kind, optional = args[0], True
        out.append((f.name, kind, optional))
    return out


def _block(cls: type[Action], offset: int, limits: Limits) -> VerbBlock:
    fields = _fields(cls)
    actor = next((n for n, kind, opt in fields
                  if n in ACTOR_FIELDS and kind is Ref and not opt), None)
    target_spec = next(((n, kind, opt) for n, kind, opt in fields
                        if n in TARGET_FIELDS and n != actor), None)
    rest = [(n, kind) for n, kind, _ in fields
            if n != actor and (target_spec is None or n != target_spec[0])]
    target, kind_of_target, optional, n_target = None, "", False, 1
    if target_spec is not None:
        target, kind, optional = target_spec
        kind_of_target = (_FIGHTER if kind is Ref else
                          _ELEMENT if target == "element" else _EITHER)
        n_target = {_FIGHTER: limits.fighters, _ELEMENT: limits.elements,
                    _EITHER: limits.fighters + limits.elements}[kind_of_target]
        n_target += 1 if optional else 0
    enum_field: str | None = None
    members: tuple[Any, ...] = ()
    if len(rest) == 1 and isinstance(rest[0][1], type) and issubclass(rest[0][1], enum.Enum):
        enum_field, members = rest[0][0], tuple(rest[0][1])
    k = len(members) if enum_field else (limits.candidates(cls.verb) if rest else 1)
    return VerbBlock(cls.verb, cls, offset, actor, target, kind_of_target, optional,
                     enum_field, members, limits.fighters if actor else 1, n_target, k)


Mask = npt.NDArray[np.int8]
#: Up to this many legal indices, the mask is set one element at a time (cheaper than one
#: numpy call on an index array for a few).
_FEW = 16


class ActionCodec:
    """The action space of one ruleset within ``limits``: engine actions to indices."""

    def __init__(self, actions: ActionSet | Iterable[type[Action]], limits: Limits) -> None:
        self.limits = limits
        self.blocks: list[VerbBlock] = []
        self.by_class: dict[type[Action], VerbBlock] = {}
        offset = 0
        for cls in actions:
            block = _block(cls, offset, limits)
            self.blocks.append(block)
            self.by_class[cls] = block
            offset += block.size
        self.size = offset

    def layout(self) -> str:
        """The blocks, one line each (for documentation and debugging)."""
        return "\n".join(b.describe() for b in self.blocks) + f"\nin all: {self.size}"

    def index_of(self, action: Action, seat: int, roster: Roster,
                 counts: dict[int, int] | None = None) -> int | None:
        """The index of one action (``counts``: the candidates already given out for each
        group in this decision; without it, ``action`` is taken as the group's first)."""
        block = self.by_class.get(type(action))
        if block is None:
            return None
        a = 0
        actor = block.actor
        if actor is not None:
            slot = roster.fighter_slot(getattr(action, actor), seat)
            if slot is None:
                return None
            a = slot
        t = 0
        target = block.target
        if target is not None:
            found = self._target(block, getattr(action, target), seat, roster)
            if found is None:
                return None
            t = found
        group = block.offset + (a * block.n_target + t) * block.k
        if block.enum_field is not None:
            value = getattr(action, block.enum_field)
            kk = block.members.index(value)
            if block.enum_field == PLAYER_FIELD and len(block.members) == 2:
                kk = 0 if kk == seat else 1
            return group + kk
        if counts is None:
            return group
        kk = counts.get(group, 0)
        if kk >= block.k:
            return None
        counts[group] = kk + 1
        return group + kk

    def _target(self, block: VerbBlock, value: Any, seat: int, roster: Roster) -> int | None:
        if value is None:
            return block.n_target - 1 if block.optional_target else None
        text = str(value)
        fighters = self.limits.fighters
        if block.target_kind == _FIGHTER:
            return roster.fighter_slot(text, seat)
        if block.target_kind == _ELEMENT:
            return roster.element_slot(text)
        if Ref._PATTERN.fullmatch(text) and roster.knows(text):
            return roster.fighter_slot(text, seat)
        slot = roster.element_slot(text)
        return None if slot is None else fighters + slot

    def unknown(self, legal: Sequence[Action], roster: Roster) -> bool:
        """Does any legal action name a piece or element the roster has not seen yet?"""
        for action in legal:
            block = self.by_class.get(type(action))
            if block is None:
                continue
            if block.actor is not None and not roster.knows(getattr(action, block.actor)):
                return True
            if block.target is not None:
                value = getattr(action, block.target)
                if value is None:
                    continue
                text = str(value)
                if block.target_kind == _FIGHTER or (block.target_kind == _EITHER and
                                                     Ref._PATTERN.fullmatch(text)):
                    if not roster.knows(text) and text not in roster.elements:
                        return True
                elif text not in roster.elements:
                    return True
        return False

    def encode(self, legal: Sequence[Action], seat: int, roster: Roster
               ) -> tuple[Mask, dict[int, Action], bool]:
        """The mask of the legal actions, the engine action behind each legal index (the
        first ``k`` candidates of each group; actions beyond the limits are left out), and
        whether some action was left out (then :meth:`unknown` says if the roster needs the
        view's new pieces)."""
        mask = np.zeros(self.size, dtype=np.int8)
        table: dict[int, Action] = {}
        counts: dict[int, int] = {}
        left_out = False
        index_of = self.index_of
        for action in legal:
            index = index_of(action, seat, roster, counts)
            if index is None:
                left_out = True
            elif index not in table:
                table[index] = action
        if len(table) <= _FEW:
            for index in table:
                mask[index] = 1
        else:
            mask[np.fromiter(table, dtype=np.int64, count=len(table))] = 1
        return mask, table, left_out
