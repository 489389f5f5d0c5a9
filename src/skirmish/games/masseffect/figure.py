"""A figure on the table (docs/masseffect.md): its card, where it stands, what it has left
and what it has done this turn.

A :class:`Figure` is plain mutable data; its card (profile, weapons, powers) is immutable and
shared between copies of a game. Positions are in cm (the geometry's unit, ME1), facings in
degrees (ME2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skirmish.core.actions import Ref
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.weapons import Weapon, WeaponKind
from skirmish.geometry import Base

#: ME10-ME11: the movement-phase choices; "disengage" is recorded as walk or run (ME30) with
#: ``disengaged`` set.
STAY, WALK, RUN = "stay", "walk", "run"


@dataclass(frozen=True, slots=True)
class Card:
    """What a figure carries into the game: its profile, its items, its powers' cards."""

    profile: Profile
    weapons: tuple[Weapon, ...] = ()
    powers: tuple[Power, ...] = ()

    @property
    def ranged(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.kind is WeaponKind.RANGED)

    @property
    def melee_weapons(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.kind is WeaponKind.MELEE)

    @property
    def gear(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.kind is WeaponKind.GEAR)

    def weapon(self, name: str) -> Weapon | None:
        return next((w for w in self.weapons if w.name == name), None)

    def power(self, name: str) -> Power | None:
        return next((p for p in self.powers if p.name == name), None)


@dataclass(slots=True)
class Figure:
    """One figure: side (0 = A), key (unique in its band), card and its game state."""

    side: int
    key: str
    card: Card
    x: float = 0.0
    y: float = 0.0
    facing: float = 90.0
    placed: bool = False
    out: bool = False  # ME25: out of action (hors de combat)
    extracted: bool = False  # ME37: left the table with data
    vitality: int = 0
    armour: int = 0
    heroism: int = 0
    # -- this turn ------------------------------------------------------------------------
    moved: str = ""  # "", stay, walk, run (ME10)
    disengaged: bool = False
    chargers: list[str] = field(default_factory=list)  # refs that charged it (ME17)
    rear_chargers: list[str] = field(default_factory=list)  # of those, from its rear (ME2)
    used_power: bool = False
    shot: bool = False
    special: bool = False
    counter_charged: bool = False
    fought: bool = False
    spent: bool = False  # picked in the current alternating phase (ME15, ME16, ME13)
    wielding: str = ""  # ME42: the melee weapon its player chose for this phase
    statuses: list[str] = field(default_factory=list)  # ME34
    stripped: list[str] = field(default_factory=list)  # ME24: protections switched off
    shield_uses: int = 0
    barrier_uses: int = 0
    mods: dict[str, int] = field(default_factory=dict)  # ME33 modify: characteristic -> by
    heroic_used: list[str] = field(default_factory=list)  # ME31: this turn
    revived_turn: int = 0  # ME35: acts from the next turn
    # -- the whole game ---------------------------------------------------------------------
    uses: dict[str, int] = field(default_factory=dict)  # Limité (N), per_game: name -> used
    carries: list[str] = field(default_factory=list)  # data markers (ME14, ME37)
    ref: Ref = field(init=False, repr=False)
    _base: Base | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.ref = Ref.of(self.side, self.key)

    @classmethod
    def of(cls, side: int, key: str, card: Card) -> Figure:
        p = card.profile
        return cls(side, key, card, vitality=p.vitality, armour=p.armour, heroism=p.heroism)

    @property
    def profile(self) -> Profile:
        return self.card.profile

    @property
    def radius(self) -> float:
        return self.profile.base_mm / 20.0

    @property
    def base(self) -> Base:
        """Its base where it stands (built again only once it has moved)."""
        base = self._base
        if base is None or base.x != self.x or base.y != self.y:
            base = self._base = Base(self.x, self.y, self.profile.base_mm / 20.0, self.ref)
        return base

    @property
    def in_action(self) -> bool:
        """On the table and not out of action (ME25)."""
        return self.placed and not self.out and not self.extracted

    def has_status(self, status: str) -> bool:
        return status in self.statuses

    def threshold(self, characteristic: str) -> int:
        """A threshold (Tir, Défense, Mêlée, Qualité) after this turn's ``modify`` effects,
        kept within 2+..6+ (ME33)."""
        base = {"Tir": self.profile.shoot, "Défense": self.profile.defence,
                "Mêlée": self.profile.melee, "Qualité": self.profile.quality}[characteristic]
        return max(2, min(6, base + self.mods.get(characteristic, 0)))

    def uses_left(self, name: str, per_game: int | None) -> int | None:
        """Uses left of a Limité (N) item or a per_game power (``None``: unlimited)."""
        if per_game is None:
            return None
        return per_game - self.uses.get(name, 0)

    def new_turn(self) -> None:
        """ME24, ME31, ME33, ME34: what lasts a turn ends."""
        self.moved = ""
        self.disengaged = False
        self.chargers = []
        self.rear_chargers = []
        self.used_power = self.shot = self.special = self.counter_charged = False
        self.fought = self.spent = False
        self.wielding = ""
        self.statuses = []
        self.stripped = []
        self.mods = {}
        self.heroic_used = []

    def refill_protections(self) -> None:
        """ME24: a protection's N uses come back at the start of the powers and shooting
        phases."""
        shield, barrier = self.profile.shield, self.profile.barrier
        self.shield_uses = shield.value or 0 if shield else 0
        self.barrier_uses = barrier.value or 0 if barrier else 0

    def clone(self) -> Figure:
        """A copy sharing nothing mutable (the card is immutable and shared). Written out
        field by field: copies are the inner loop of search (tests/games/masseffect/test_turn.py
        checks that every field is copied)."""
        o = Figure.__new__(Figure)
        o.side, o.key, o.card, o.ref, o._base = self.side, self.key, self.card, self.ref, None
        o.x, o.y, o.facing = self.x, self.y, self.facing
        o.placed, o.out, o.extracted = self.placed, self.out, self.extracted
        o.vitality, o.armour, o.heroism = self.vitality, self.armour, self.heroism
        o.moved, o.disengaged = self.moved, self.disengaged
        o.chargers, o.rear_chargers = self.chargers[:], self.rear_chargers[:]
        o.used_power, o.shot, o.special = self.used_power, self.shot, self.special
        o.counter_charged, o.fought, o.spent = self.counter_charged, self.fought, self.spent
        o.wielding = self.wielding
        o.statuses, o.stripped = self.statuses[:], self.stripped[:]
        o.shield_uses, o.barrier_uses = self.shield_uses, self.barrier_uses
        o.mods, o.heroic_used = dict(self.mods), self.heroic_used[:]
        o.revived_turn, o.uses, o.carries = self.revived_turn, dict(self.uses), self.carries[:]
        return o

    _STATE = ("x", "y", "facing", "placed", "out", "extracted", "vitality", "armour",
              "heroism", "moved", "disengaged", "chargers", "rear_chargers", "used_power",
              "shot", "special", "counter_charged", "fought", "spent", "statuses", "stripped",
              "shield_uses", "barrier_uses", "mods", "heroic_used", "revived_turn", "uses",
              "carries")

    def to_json(self) -> dict[str, Any]:
        out = {"side": self.side, "key": self.key,
               **{name: getattr(self, name) for name in Figure._STATE}}
        if self.wielding:  # ME42: only once chosen (states without a choice read as before)
            out["wielding"] = self.wielding
        return out

    def load(self, data: Mapping[str, Any]) -> None:
        """Take the game state of :meth:`to_json` (the card comes from the set-up)."""
        for name in Figure._STATE:
            value = data[name]
            if isinstance(value, list):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            setattr(self, name, value)
        self.wielding = str(data.get("wielding", ""))
