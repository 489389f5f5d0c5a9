"""A fighter in play: its profile card plus what has happened to it.

Rulebook 1.5 (Constitution Points: checking dots, normal and wounded limbs),
1.6 (white and red characteristic values), 2.F (Incapacitated) and 9
(condition markers). The card itself is the shared, immutable
:class:`~skirmish.games.eden.cards.profile.FighterProfile`; everything that changes lives
here, in plain slots, so that :meth:`Fighter.clone` is a cheap explicit copy.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.games.eden.cards.profile import LIMB_OF, Characteristic, FighterProfile, Limb
from skirmish.games.eden.modifiers import Modifier, condition_modifiers, effective_value
from skirmish.geometry.shapes import Base

_LIMB_INDEX: dict[Limb, int] = {limb: i for i, limb in enumerate(Limb)}
#: Optional rules 2, Infestation: non-player fighters (NPFs) are a third side, 2, whose refs
#: are "N.<Name>" (docs/rulings.md, Optional rules 2, A).
NPF_SIDE = 2
SIDE_LETTERS = "ABN"


@dataclass(frozen=True, slots=True)
class WoundResult:
    """What :meth:`Fighter.wound` did: CP actually checked, and what that changed."""

    lost: int
    became_wounded: bool
    incapacitated: bool


#: Each profile's characteristics: (limb index, white, red, CP checked from which the limb is
#: wounded - never, for a limb without red CP), worked out once per profile card (cards never
#: change; kept with the card so that its ``id`` is not reused while the entry lives).
_VALUES: dict[int, tuple[FighterProfile, dict[Characteristic, tuple[int, int, int, float]]]] = {}


def _values_of(profile: FighterProfile) -> dict[Characteristic, tuple[int, int, int, float]]:
    known = _VALUES.get(id(profile))
    if known is not None and known[0] is profile:
        return known[1]
    values: dict[Characteristic, tuple[int, int, int, float]] = {}
    for c in Characteristic:
        limb = LIMB_OF[c]
        card = profile.limb(limb)
        values[c] = (_LIMB_INDEX[limb], card.white, card.red,
                     card.white_cp if card.red_cp > 0 else math.inf)
    if len(_VALUES) >= 4096:
        _VALUES.clear()
    _VALUES[id(profile)] = (profile, values)
    return values


class Fighter:
    """One fighter of a troop, as it stands in the game.

    ``side`` is 0 for player A, 1 for player B, and :data:`NPF_SIDE` (2) for a non-player
    fighter (Infestation), whose ``ref`` may be numbered ("N.Ghoul-2"). ``checked`` counts
    the checked CP dots of each limb, in :class:`Limb` order. ``markers`` maps a condition
    name to its number of markers (zero counts are never stored). ``round_uses``
    and ``match_uses`` count uses of "X/round" and "X/match" effects by name.
    """

    __slots__ = (
        "_base",
        "_ref",
        "_seen",
        "activated",
        "ap",
        "checked",
        "markers",
        "match_uses",
        "on_field",
        "profile",
        "round_uses",
        "side",
        "x",
        "y",
    )

    side: int
    profile: FighterProfile
    checked: list[int]
    markers: dict[str, int]
    ap: int
    x: float
    y: float
    on_field: bool
    activated: bool
    round_uses: dict[str, int]
    match_uses: dict[str, int]

    def __init__(
        self,
        side: int,
        profile: FighterProfile,
        *,
        checked: Iterable[int] | None = None,
        markers: Mapping[str, int] | None = None,
        ap: int = 0,
        x: float = 0.0,
        y: float = 0.0,
        on_field: bool = False,
        activated: bool = False,
        round_uses: Mapping[str, int] | None = None,
        match_uses: Mapping[str, int] | None = None,
        ref: str | None = None,
    ) -> None:
        if side not in (0, 1, NPF_SIDE):
            raise ValueError(
                f"{profile.name}: side must be 0 (player A), 1 (player B) or {NPF_SIDE} (a "
                f"non-player fighter), got {side}"
            )
        self.side = side
        self.profile = profile
        self._ref = ref or f"{SIDE_LETTERS[side]}.{profile.key}"
        self._base: Base | None = None
        #: What views last showed of its characteristics, by player: (the inputs, the
        #: values) - :func:`skirmish.games.eden.state_view.characteristics_seen`.
        self._seen: dict[int | None, tuple[tuple[Any, ...], dict[str, int]]] = {}
        self.checked = [0, 0, 0, 0] if checked is None else [int(n) for n in checked]
        if len(self.checked) != 4:
            raise ValueError(f"{profile.name}: checked needs 4 counts (head, arms, torso, legs)")
        for limb, n in zip(Limb, self.checked, strict=True):
            if not 0 <= n <= profile.limb(limb).total_cp:
                raise ValueError(
                    f"{profile.name}: checked {limb} CP must be 0-{profile.limb(limb).total_cp}, "
                    f"got {n}"
                )
        self.markers = {}
        for condition, count in (markers or {}).items():
            self.add_markers(condition, count)
        if ap < 0:
            raise ValueError(f"{profile.name}: ap must be >= 0, got {ap}")
        self.ap = ap
        self.x = float(x)
        self.y = float(y)
        self.on_field = on_field
        self.activated = activated
        self.round_uses = {k: v for k, v in (round_uses or {}).items() if v}
        self.match_uses = {k: v for k, v in (match_uses or {}).items() if v}

    @property
    def ref(self) -> str:
        """The notation reference: "A.Yuri" for player A's Yuri."""
        return self._ref

    @property
    def npf(self) -> bool:
        """A non-player fighter (Optional rules 2, Infestation)."""
        return self.side == NPF_SIDE

    def __repr__(self) -> str:
        return f"Fighter({self.ref}, checked={self.checked}, markers={self.markers}, ap={self.ap})"

    # -- Constitution Points (Rulebook 1.5, 2.F) ---------------------------------

    def cp_left(self, limb: Limb) -> int:
        """The unchecked CP dots of ``limb``."""
        return self.profile.limb(limb).total_cp - self.checked[_LIMB_INDEX[limb]]

    def is_wounded(self, limb: Limb) -> bool:
        """Rulebook 1.5: a limb is wounded when all its white CP are checked.

        "Sometimes a limb has no red CP dots and in this case, it can never be
        wounded": a limb without red CP goes straight from normal to its last CP
        lost, which incapacitates the fighter instead.
        """
        card = self.profile.limb(limb)
        return card.red_cp > 0 and self.checked[_LIMB_INDEX[limb]] >= card.white_cp

    @property
    def incapacitated(self) -> bool:
        """Rulebook 2.F: all the CP dots of any one limb are checked."""
        return any(self.cp_left(limb) == 0 for limb in Limb)

    def wound(self, limb: Limb, n: int = 1) -> WoundResult:
        """Rulebook 1.5: check ``n`` CP dots of ``limb``, never more than it has.

        The caller removes an incapacitated fighter from the field (Rulebook 2.F)
        and logs it; this only keeps the card.
        """
        if n < 0:
            raise ValueError(f"{self.ref}: a number of wounds must be >= 0, got {n}")
        was_wounded = self.is_wounded(limb)
        lost = min(n, self.cp_left(limb))
        self.checked[_LIMB_INDEX[limb]] += lost
        return WoundResult(
            lost=lost,
            became_wounded=not was_wounded and self.is_wounded(limb),
            incapacitated=self.incapacitated,
        )

    def heal(self, limb: Limb, n: int = 1) -> int:
        """Glossary, "Heal": uncheck up to ``n`` CP of ``limb``; returns how many."""
        if n < 0:
            raise ValueError(f"{self.ref}: a number of heals must be >= 0, got {n}")
        healed = min(n, self.checked[_LIMB_INDEX[limb]])
        self.checked[_LIMB_INDEX[limb]] -= healed
        return healed

    # -- Characteristics (Rulebook 1.6, 2.G, 9) --------------------------------------

    def base_value(self, c: Characteristic) -> int:
        """Rulebook 1.6: the white value, or the red one when the linked limb is wounded
        (:meth:`is_wounded`: all its white CP checked, and it has red CP)."""
        index, white, red, wounded_at = _values_of(self.profile)[c]
        return red if self.checked[index] >= wounded_at else white

    def base_values(self) -> dict[Characteristic, int]:
        """:meth:`base_value` of the four characteristics, in :class:`Characteristic`'s
        order."""
        checked = self.checked
        return {c: red if checked[index] >= wounded_at else white
                for c, (index, white, red, wounded_at) in _values_of(self.profile).items()}

    def characteristic(self, c: Characteristic, extra: Iterable[Modifier] = ()) -> int:
        """The value of ``c`` after condition markers (Poison, Rage) and ``extra`` modifiers."""
        return effective_value(self.base_value(c), [*condition_modifiers(self.markers), *extra], c)

    # -- Condition markers (Rulebook 9) -------------------------------------------

    def add_markers(self, condition: str, n: int = 1) -> None:
        """Give the fighter ``n`` markers of ``condition``."""
        if n < 0:
            raise ValueError(f"{self.ref}: a number of markers must be >= 0, got {n}")
        if n:
            key = str(condition)
            self.markers[key] = self.markers.get(key, 0) + n

    def remove_marker(self, condition: str, n: int = 1) -> int:
        """Remove up to ``n`` markers of ``condition``; returns how many were removed."""
        if n < 0:
            raise ValueError(f"{self.ref}: a number of markers must be >= 0, got {n}")
        key = str(condition)
        have = self.markers.get(key, 0)
        removed = min(n, have)
        if have - removed:
            self.markers[key] = have - removed
        else:
            self.markers.pop(key, None)
        return removed

    def marker_count(self, condition: str) -> int:
        """How many markers of ``condition`` the fighter has (Rulebook 9: >= 1 means affected)."""
        return self.markers.get(str(condition), 0)

    # -- X/round and X/match limits (glossary) -------------------------------------

    def record_use(self, name: str) -> None:
        """Count one use of ``name`` towards both its X/round and X/match limits."""
        self.round_uses[name] = self.round_uses.get(name, 0) + 1
        self.match_uses[name] = self.match_uses.get(name, 0) + 1

    # -- Copying and records ------------------------------------------------------------

    def clone(self) -> Fighter:
        """An independent copy; the profile is shared (it is immutable)."""
        other = Fighter.__new__(Fighter)
        other.side = self.side
        other.profile = self.profile
        other._ref = self._ref
        other.checked = self.checked.copy()
        other.markers = self.markers.copy()
        other.ap = self.ap
        other.x = self.x
        other.y = self.y
        other.on_field = self.on_field
        other.activated = self.activated
        other.round_uses = self.round_uses.copy()
        other.match_uses = self.match_uses.copy()
        other._base = self._base  # immutable, and where the copy stands
        other._seen = {}
        return other

    def base(self) -> Base:
        """The fighter's base on the table where it stands (Rulebook 2.D), made again only
        once it has moved (the very coordinates it was made from: ``is``, not ``==``)."""
        base = self._base
        if base is None or base.x is not self.x or base.y is not self.y:
            base = self._base = Base.from_mm(self.x, self.y, self.profile.base_mm, self._ref,
                                             SIDE_LETTERS[self.side])
        return base

    def to_json(self) -> dict[str, Any]:
        """A JSON-friendly dict; the profile is named, not copied (see :meth:`from_json`)."""
        return {
            "side": self.side,
            "profile": self.profile.name,
            "checked": {limb.value: n for limb, n in zip(Limb, self.checked, strict=True)},
            "markers": dict(sorted(self.markers.items())),
            "ap": self.ap,
            "x": self.x,
            "y": self.y,
            "on_field": self.on_field,
            "activated": self.activated,
            "round_uses": dict(sorted(self.round_uses.items())),
            "match_uses": dict(sorted(self.match_uses.items())),
            **({"ref": self._ref} if self.side == NPF_SIDE else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], profile: FighterProfile) -> Fighter:
        """Rebuild a fighter from :meth:`to_json` and its profile card."""
        named = data.get("profile", profile.name)
        if named != profile.name:
            raise ValueError(f"fighter record is for {named!r}, not {profile.name!r}")
        checked = data.get("checked", {})
        return cls(
            int(data["side"]),
            profile,
            checked=[int(checked.get(limb.value, 0)) for limb in Limb],
            markers=data.get("markers", {}),
            ap=int(data.get("ap", 0)),
            x=float(data.get("x", 0.0)),
            y=float(data.get("y", 0.0)),
            on_field=bool(data.get("on_field", False)),
            activated=bool(data.get("activated", False)),
            round_uses=data.get("round_uses", {}),
            match_uses=data.get("match_uses", {}),
            ref=data.get("ref"),
        )
