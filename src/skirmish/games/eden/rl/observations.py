"""Eden's observation features, from ``game.view(seat)`` only (a
:class:`skirmish.rl.observations.TableEncoder`).

A fighter row (:data:`FIGHTER`): present; whose (the seat's, the opponent's, a non-player
fighter's); on the field; position; base radius; CP left per limb (head, arms, torso, legs,
a fraction of the limb's dots) and whether each limb is wounded; the effective
characteristics PSI, CBT, VIG, SPD (as the seat may know them, /10); condition markers
(burn, fear, poison, rage, slowdown, /3); AP (/4); activated; in contact with an enemy;
troop leader; hidden (Territory Management); incapacitated; its value (/50, an NPF's level
/5).

The globals (:data:`GLOBALS`): the round, the first player, SP, VP, hand sizes, bids made,
leaders, halves, missions, whose decision it is, the optional rules played, scenery points,
cards played, troop types.

The cards (:class:`~skirmish.rl.observations.CardIndex`, indices into the card library's
lists, :func:`library_cards`): each fighter's profile (``fighter_cards``: the troops' and
the non-player fighters' profiles), and of the seat's own only, from its view: its tactical
hand (``my_hand``, ``my_hand_mask``: ``Limits.hand`` slots) and its missions, secret ones
included (``my_missions``, ``my_missions_mask``: ``Limits.missions`` slots).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skirmish.geometry import CONTACT_TOLERANCE
from skirmish.rl.observations import Array, CardIndex, TableEncoder
from skirmish.rl.setups import Limits

LIMBS = ("head", "arms", "torso", "legs")
CHARACTERISTICS = ("PSI", "CBT", "VIG", "SPD")
CONDITIONS = ("burn", "fear", "poison", "rage", "slowdown")
FIGHTER = ("present", "mine", "opponent", "other", "on_field", "x", "y", "radius",
           *(f"cp_{limb}" for limb in LIMBS), *(f"wounded_{limb}" for limb in LIMBS),
           *CHARACTERISTICS, *CONDITIONS, "ap", "activated", "in_contact", "leader",
           "hidden", "incapacitated", "value")
GLOBALS = ("round", "max_rounds", "first_player", "my_sp", "opponent_sp", "my_vp",
           "opponent_vp", "vp_difference", "my_hand", "opponent_hand", "my_bid_made",
           "my_bid", "opponent_has_bid", "my_leader", "opponent_leader", "my_half",
           "my_missions", "opponent_missions", "my_decision", "territory", "infestation",
           "effects", "my_scenery_points", "opponent_scenery_points", "my_cards_played",
           "opponent_cards_played", "my_troop_stigma", "opponent_troop_stigma")
_NO_MARKERS = (0.0,) * len(CONDITIONS)
_NO_DAMAGE = (0, 0, 0, 0)
_NO_VALUES: Mapping[str, int] = {}
_DAMAGES_KEPT = 4096
#: Every kind of decision Eden asks for (others count as "other").
KINDS = ("secret-bid", "first-player", "leader", "secret-mission", "place-scenery",
         "place-npf", "deployment-half", "deploy", "secret-hand", "tactical", "cancellation",
         "activate", "interrupt", "action", "reaction", "strike-back", "aim", "location-shift",
         "ability-cost", "withdrawal-attack", "npf-activate", "npf-prowl", "npf-attack",
         "npf-charge", "rage", "burn", "fear")


@functools.lru_cache(maxsize=1)
def library_cards() -> tuple[CardIndex, CardIndex, CardIndex]:
    """The built-in card library's profiles (fighters and non-player fighters), tactical
    cards and missions (read once per process)."""
    from skirmish.games.eden.content import load_library

    library = load_library()
    return (CardIndex([*library.fighters, *library.npfs]), CardIndex(library.tactical),
            CardIndex(library.missions))


def _limbs(profile: Mapping[str, Any]) -> list[tuple[int, int]]:
    """(white CP, all CP) of each limb of a profile card, in :data:`LIMBS` order."""
    limbs = profile.get("limbs", {})
    out = []
    for name in LIMBS:
        limb = limbs.get(name, {})
        white, red = int(limb.get("white_cp", 0)), int(limb.get("red_cp", 0))
        out.append((white, white + red))
    return out


def _contacts(pieces: Sequence[Mapping[str, Any]], radii: Sequence[float]) -> list[bool]:
    """Which fighters touch an enemy (Rulebook 2.E: bases within the contact tolerance,
    ``radii`` in cm; non-player fighters are enemies to both troops, not to one another:
    fighters of different sides are enemies). Only pairs of different sides are measured:
    the standing fighters are grouped by side first."""
    touching = [False] * len(pieces)
    sides: dict[int, list[tuple[int, float, float, float]]] = {}
    for i, p in enumerate(pieces):
        if p["on_field"]:
            sides.setdefault(int(p["side"]), []).append(
                (i, float(p["x"]), float(p["y"]), radii[i]))
    if len(sides) < 2:
        return touching
    groups = list(sides.values())
    for a, group in enumerate(groups):
        for other in groups[a + 1:]:
            for i, xi, yi, ri in group:
                for j, xj, yj, rj in other:
                    dx, dy = xi - xj, yi - yj
                    reach = ri + rj + CONTACT_TOLERANCE
                    if dx * dx + dy * dy <= reach * reach:
                        touching[i] = touching[j] = True
    return touching


class _Rows:
    """One seat's fighter rows as last made (:meth:`EdenEncoder.fighter_rows`): the array,
    and for each filled slot the piece's entry and context it was made from."""

    __slots__ = ("made", "rows", "size")

    def __init__(self, size: tuple[float, float], shape: tuple[int, ...]) -> None:
        self.size = size
        self.rows: Array = np.zeros(shape, dtype=np.float32)
        self.made: dict[int, tuple[Mapping[str, Any], tuple[bool, bool, bool]]] = {}


class EdenEncoder(TableEncoder):
    ruleset = "eden"
    fighter_key = "fighters"
    element_key = "scenery"
    fighter_features = FIGHTER
    global_features = GLOBALS
    kinds = KINDS

    def __init__(self, limits: Limits) -> None:
        super().__init__(limits)
        self._statics: dict[str, tuple[float, list[tuple[int, int]], float]] = {}
        self._damages: dict[tuple[str, tuple[int, ...]], tuple[tuple[float, ...], float]] = {}
        self._rows: dict[int, _Rows] = {}

    def profiles(self) -> CardIndex:
        return library_cards()[0]

    def own_cards_space(self) -> dict[str, spaces.Space[Any]]:
        _, tactical, missions = library_cards()
        hand, held = self.limits.hand, self.limits.missions
        return {"my_hand": tactical.space(hand),
                "my_hand_mask": spaces.Box(0, 1, (hand,), dtype=np.int8),
                "my_missions": missions.space(held),
                "my_missions_mask": spaces.Box(0, 1, (held,), dtype=np.int8)}

    def own_cards(self, view: Mapping[str, Any], seat: int) -> dict[str, npt.NDArray[Any]]:
        """The seat's tactical hand and missions: its view's ``my_hand`` and its own entry
        of ``missions`` (the opponent's are not read)."""
        _, tactical, missions = library_cards()
        hand, hand_mask = tactical.encode(view.get("my_hand") or (), self.limits.hand)
        own: Sequence[Sequence[str]] = view.get("missions") or ([], [])
        held, held_mask = missions.encode(own[seat], self.limits.missions)
        return {"my_hand": hand, "my_hand_mask": hand_mask, "my_missions": held,
                "my_missions_mask": held_mask}

    def table_size(self, view: Mapping[str, Any]) -> tuple[float, float]:
        size = view.get("field_size") or (60.0, 60.0)
        return float(size[0]) or 1.0, float(size[1]) or 1.0

    def standing(self, piece: Mapping[str, Any]) -> bool:
        return bool(piece.get("on_field"))

    def _static(self, piece: Mapping[str, Any]) -> tuple[float, list[tuple[int, int]], float]:
        """What never changes of a fighter: base radius (cm), limbs, value feature."""
        name = str(piece.get("name", ""))
        known = self._statics.get(name)
        if known is None:
            profile = piece.get("profile", {})
            level = profile.get("level")
            value = float(level) / 5 if level else float(profile.get("value", 0)) / 50
            known = (float(profile.get("base_mm", 30)) / 20, _limbs(profile), value)
            self._statics[name] = known
        return known

    def _damage(self, name: str, checked: Sequence[int], limbs: Sequence[tuple[int, int]]
                ) -> tuple[tuple[float, ...], float]:
        """The CP left of each limb (a fraction) and whether each is wounded, then whether
        the fighter is incapacitated (a limb without CP left), remembered by CP lost."""
        key = (name, tuple(checked))
        known = self._damages.get(key)
        if known is None:
            cp: list[float] = []
            wounded: list[float] = []
            incapacitated = False
            for (white, total), lost in zip(limbs, key[1], strict=True):
                left = total - lost
                cp.append(left / total if total else 0.0)
                wounded.append(1.0 if total > white and lost >= white else 0.0)
                incapacitated = incapacitated or (total > 0 and left <= 0)
            if len(self._damages) >= _DAMAGES_KEPT:
                self._damages.clear()
            known = self._damages[key] = ((*cp, *wounded), float(incapacitated))
        return known

    def fighter_rows(self, view: Mapping[str, Any], seat: int,
                     pieces: Sequence[Mapping[str, Any]], slots: Sequence[int | None],
                     out: Array, width: float, depth: float) -> None:
        """One row per piece with a slot (:data:`FIGHTER`). A row is made again only when
        what it is made from changed since the seat's last observation: the piece's entry
        (compared by value: most fighters stand still from one step to the next) and its
        context (in contact, leader, hidden); the rows are kept in one array per seat
        (and table size), copied out, changed rows written one numpy call each (views are
        read-only: a piece's entry is kept to be compared with the next one's)."""
        leaders = view.get("leaders") or ()
        hidden = view.get("hidden") or {}
        statics = [self._static(p) for p in pieces]
        contact = _contacts(pieces, [s[0] for s in statics])
        memo = self._rows.get(seat)
        if memo is None or memo.size != (width, depth):
            memo = self._rows[seat] = _Rows((width, depth), out.shape)
        made = memo.made
        rows = memo.rows
        for piece, slot, static, touching in zip(pieces, slots, statics, contact,
                                                 strict=True):
            if slot is None:
                continue
            ref = piece["ref"]
            context = (touching, ref in leaders, ref in hidden)
            known = made.get(slot)
            if known is None or known[1] != context or known[0] != piece:
                rows[slot] = self._row(piece, seat, static, context, width, depth)
                made[slot] = (piece, context)
        listed = {slot for slot in slots if slot is not None}
        for slot in [s for s in made if s not in listed]:  # a slot no piece fills now
            del made[slot]
            rows[slot] = 0.0
        out[:] = rows

    def _row(self, piece: Mapping[str, Any], seat: int,
             static: tuple[float, list[tuple[int, int]], float],
             context: tuple[bool, bool, bool], width: float, depth: float
             ) -> tuple[float, ...]:
        """The row of one piece (:data:`FIGHTER`), ``context``: whether it is in contact
        with an enemy, a leader, hidden."""
        radius, limbs, value = static
        touching, leader, hiding = context
        get = piece.get
        side = int(piece["side"])
        whose = 0 if side == seat else 1 if side in (0, 1) else 2
        cp_wounded, incapacitated = self._damage(str(get("name", "")),
                                                 get("checked") or _NO_DAMAGE, limbs)
        values = get("characteristics") or _NO_VALUES
        markers = get("markers")
        on = bool(piece["on_field"])
        return (1.0, whose == 0, whose == 1, whose == 2, on,
                float(piece["x"]) / width if on else 0.0,
                float(piece["y"]) / depth if on else 0.0, radius / 5,
                *cp_wounded,
                # CHARACTERISTICS, in order
                values.get("PSI", 0) / 10, values.get("CBT", 0) / 10,
                values.get("VIG", 0) / 10, values.get("SPD", 0) / 10,
                # CONDITIONS, in order
                *((markers.get("burn", 0) / 3, markers.get("fear", 0) / 3,
                   markers.get("poison", 0) / 3, markers.get("rage", 0) / 3,
                   markers.get("slowdown", 0) / 3) if markers else _NO_MARKERS),
                get("ap", 0) / 4, bool(get("activated")), touching, leader, hiding,
                incapacitated, value)

    def globals(self, view: Mapping[str, Any], seat: int) -> list[float]:
        other = 1 - seat
        sp = view.get("sp") or (0, 0)
        vp = view.get("vp") or (0, 0)
        hand_sizes = len(view.get("my_hand") or ()), int(view.get("opponent_hand_size", 0))
        leaders = view.get("leaders") or (None, None)
        halves = view.get("halves") or (None, None)
        missions: Sequence[Sequence[str]] = view.get("missions") or ([], [])
        decision = view.get("decision") or {}
        points = view.get("scenery_points") or (0, 0)
        played: Sequence[Sequence[str]] = view.get("played_cards") or ([], [])
        types = view.get("troop_types") or ("faction", "faction")
        max_rounds = max(1, int(view.get("max_rounds", 1)))
        my_bid = view.get("my_bid")
        return [
            float(view.get("round", 0)) / max_rounds, max_rounds / 10,
            1.0 if view.get("first_player") == seat else 0.0,
            float(sp[seat]) / 20, float(sp[other]) / 20,
            float(vp[seat]) / 10, float(vp[other]) / 10, float(vp[seat] - vp[other]) / 10,
            hand_sizes[0] / 10, hand_sizes[1] / 10,
            0.0 if my_bid is None else 1.0, float(my_bid or 0) / 20,
            1.0 if view.get("opponent_has_bid") else 0.0,
            1.0 if leaders[seat] else 0.0, 1.0 if leaders[other] else 0.0,
            1.0 if halves[seat] else 0.0,
            len(missions[seat]) / 5, len(missions[other]) / 5,
            1.0 if decision.get("player") == seat else 0.0,
            1.0 if view.get("territory") else 0.0,
            1.0 if view.get("infestation") else 0.0,
            len(view.get("effects") or ()) / 10,
            float(points[seat]) / 10, float(points[other]) / 10,
            len(played[seat]) / 10, len(played[other]) / 10,
            1.0 if types[seat] == "stigma" else 0.0, 1.0 if types[other] == "stigma" else 0.0,
        ]

    def scenery_extra(self, view: Mapping[str, Any], roster: Any, rows: Array) -> None:
        terrain = view.get("terrain")
        if not terrain:
            return
        for ident, record in terrain.items():
            slot = roster.scenery_slot(str(ident))
            if slot is not None and rows[slot, 0]:
                rows[slot, 13] = min(4.0, float(record.get("attacks", 0)) / 5)
                rows[slot, 14] = min(4.0, float(record.get("burn", 0)) / 5)
