"""Eden's game state: the table, the fighters, and each player's cards and reserves.

Plain data that copies cheaply: fighter profiles, the card catalogue and placed
scenery are immutable and shared; everything that changes during a match is copied
by :meth:`EdenState.clone`. Secrets (bids, secret missions, tactical hands) are in
the state; :meth:`EdenState.view` leaves out what a player may not know.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from skirmish.core.reading import Remembering
from skirmish.games.eden import state_view
from skirmish.games.eden.cards.cards import Catalogue
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.effects import (
    ActiveEffect,
    EffectKind,
    ModifyingIndex,
    effect_modifiers,
    modifying_index,
)
from skirmish.games.eden.fighter import NPF_SIDE, Fighter
from skirmish.games.eden.modifiers import (
    Modifier,
    condition_modifiers,
    effective_value,
)
from skirmish.games.eden.optional.infestation import Infestation
from skirmish.games.eden.optional.terrain import Placed
from skirmish.geometry import CONTACT_TOLERANCE, Base, Element, Field, Marker, SightResult
from skirmish.geometry import line_of_sight as _line_of_sight
from skirmish.geometry.table import Table

_LIST_FIELDS = ("sp", "vp", "bids", "leaders", "leader_lost", "halves")
#: A player-owned effect's player (:attr:`ActiveEffect.player`), by the owner's letter.
_PLAYER_OF = {"A": 0, "B": 1}


class EdenState(Remembering):
    """Everything on and around the table, hidden parts included (views filter them).

    While the kernel lists legal actions, builds a view or finds a decision (a read-only
    window: :mod:`skirmish.core.reading`), the state remembers each fighter's effective
    characteristics, base and freedom; outside one it works them out afresh."""

    __slots__ = (
        "bids",
        "catalogue",
        "counters",
        "effects",
        "field",
        "fighters",
        "first_player",
        "halves",
        "hands",
        "index",
        "infestation",
        "leader_lost",
        "leaders",
        "markers",
        "max_rounds",
        "missions",
        "modifying",
        "objectives",
        "played",
        "round",
        "scenery",
        "sp",
        "terrain",
        "territory",
        "troop_types",
        "vp",
    )

    def __init__(
        self,
        fighters: Sequence[Fighter],
        *,
        troop_types: tuple[str, str] = ("faction", "faction"),
        field_size: tuple[float, float] = (60.0, 60.0),
        max_rounds: int = 5,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.forget()
        self.fighters: list[Fighter] = list(fighters)
        self.index: dict[str, int] = {f.ref: i for i, f in enumerate(self.fighters)}
        if len(self.index) != len(self.fighters):
            raise ValueError("two fighters of one troop share a name")
        self.catalogue = catalogue or Catalogue(
            profiles={(f.side, f.profile.name): f.profile for f in self.fighters}
        )
        self.troop_types = troop_types
        self.field = Field(float(field_size[0]), float(field_size[1]))
        self.max_rounds = max_rounds
        self.round = 0
        self.first_player = 0
        self.vp = [0, 0]
        self.bids: list[int | None] = [None, None]
        self.leaders: list[str | None] = [None, None]
        self.leader_lost = [False, False]
        self.halves: list[str | None] = [None, None]
        self.missions: list[list[str]] = [[], []]
        self.hands: list[list[str]] = [[], []]
        self.played: list[list[str]] = [[], []]
        self.effects: list[ActiveEffect] = []
        #: The effects that may modify characteristics, by fighter, while ``effects`` holds
        #: them (:func:`~skirmish.games.eden.effects.modifying_index`).
        self.modifying: ModifyingIndex | None = None
        self.scenery: tuple[Element, ...] = ()
        #: Territory Management (optional rules 1): played or not, and each placed
        #: element's record by id (:mod:`skirmish.games.eden.optional.terrain`).
        self.territory = False
        self.terrain: dict[str, Placed] = {}
        self.markers: tuple[Marker, ...] = ()
        self.counters: dict[str, int] = {}
        #: Each objective marker's mission, "A:Name" (markers have neutral names: issue 11).
        self.objectives: dict[str, str] = {}
        #: Infestation (optional rules 2): ``None`` when it is not played
        #: (:mod:`skirmish.games.eden.optional.infestation`).
        self.infestation: Infestation | None = None
        self.sp = [self.sp_reserve(side) for side in (0, 1)]

    # -- lookups ----------------------------------------------------------------------------
    def fighter(self, ref: str) -> Fighter:
        try:
            return self.fighters[self.index[ref]]
        except KeyError:
            raise KeyError(f"no fighter {ref!r} in this game") from None

    def troop(self, side: int) -> Iterator[Fighter]:
        return (f for f in self.fighters if f.side == side)

    def on_field(self, side: int | None = None) -> Iterator[Fighter]:
        return (f for f in self.fighters if f.on_field and (side is None or f.side == side))

    def leader(self, side: int) -> Fighter | None:
        ref = self.leaders[side]
        return None if ref is None else self.fighter(ref)

    def npfs(self) -> Iterator[Fighter]:
        """The non-player fighters on the field (Infestation)."""
        return (f for f in self.fighters if f.on_field and f.side == NPF_SIDE)

    def add_fighter(self, fighter: Fighter) -> None:
        """A fighter joins the match (an NPF placed in preparation step 6 bis). The index is
        replaced, not changed: copies of the state share it."""
        if fighter.ref in self.index:
            raise ValueError(f"there is already a fighter {fighter.ref!r}")
        self.index = {**self.index, fighter.ref: len(self.fighters)}
        self.fighters.append(fighter)

    # -- characteristics ----------------------------------------------------------------------
    def sp_reserve(self, side: int) -> int:
        """Rulebook 4.A step 2: the sum of the troop's PSI, halved (rounded up) for a Stigma
        troop."""
        total = sum(self.characteristic(f, Characteristic.PSI) for f in self.troop(side))
        return -(-total // 2) if self.troop_types[side] == "stigma" else total

    def modifiers(self, fighter: Fighter) -> list[Modifier]:
        """Every modifier on a fighter's characteristics: conditions (Rulebook 9) and card
        effects (abilities, equipment, missions, tactical cards, scenery)."""
        mods = condition_modifiers(fighter.markers) if fighter.markers else []
        if self.effects:
            mods.extend(effect_modifiers(self, fighter))
        return mods

    def characteristic(self, fighter: Fighter, characteristic: Characteristic) -> int:
        """The effective value: white or red, then every modifier, rounded up (Rulebook 1.6,
        2.G, 9)."""
        base = fighter.base_value(characteristic)
        markers = fighter.markers
        effects = self.effects
        if not effects:
            if not markers:
                return base  # nothing modifies it
            reaching: tuple[tuple[EffectKind, ActiveEffect], ...] = ()
        else:
            index = self.modifying
            if index is None or not index.holds(effects):
                index = modifying_index(self)
            reaching = index.of(fighter.ref, characteristic)
            if not reaching and not markers:
                return base  # no effect may change it, no condition either
        memo = self._memo
        if memo is None:
            return effective_value(base, self._modifiers_of(fighter, reaching), characteristic)
        key = (id(fighter), characteristic)
        known = memo.get(key)
        if known is not None and known[0] is fighter:
            return known[1]  # type: ignore[no-any-return]
        value = effective_value(base, self._modifiers_of(fighter, reaching), characteristic)
        memo[key] = (fighter, value)
        return value

    def _modifiers_of(self, fighter: Fighter,
                      reaching: tuple[tuple[EffectKind, ActiveEffect], ...]) -> list[Modifier]:
        """The fighter's conditions' modifiers and those of the effects ``reaching`` it (those
        that may change the characteristic asked: the others' would not apply to it,
        :meth:`EffectKind.modified <skirmish.games.eden.effects.EffectKind.modified>`)."""
        mods = condition_modifiers(fighter.markers) if fighter.markers else []
        for kind, effect in reaching:
            mods.extend(kind.modifiers(self, effect, fighter))
        return mods

    # -- the table ------------------------------------------------------------------------------
    def base(self, fighter: Fighter) -> Base:
        """The fighter's base on the table (Rulebook 2.D)."""
        return fighter.base()

    def bases(self, *excluding: Fighter) -> list[Base]:
        """Every base on the field but those of ``excluding``."""
        memo = self._memo
        if memo is None:
            skip = {f.ref for f in excluding}
            return [self.base(f) for f in self.fighters if f.on_field and f.ref not in skip]
        every: list[Base] | None = memo.get("bases")
        if every is None:
            every = memo["bases"] = [self.base(f) for f in self.fighters if f.on_field]
        if not excluding:
            return list(every)
        skip = {f.ref for f in excluding}
        return [b for b in every if b.id not in skip]

    def table(self) -> Table:
        return Table(self.field, elements=self.scenery, bases=tuple(self.bases()),
                     markers=self.markers)

    def in_contact(self, a: Fighter, b: Fighter) -> bool:
        """Rulebook 2.E: two bases touching (within the contact tolerance, docs/rulings.md)."""
        if not (a.on_field and b.on_field):
            return False
        reach = (a.profile.base_mm + b.profile.base_mm) / 20 + CONTACT_TOLERANCE
        return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= reach * reach

    @staticmethod
    def is_enemy(a: Fighter, b: Fighter) -> bool:
        """The fighters of the other troop are enemies; so are the non-player fighters, to
        both troops, but never to one another (Infestation, docs/rulings.md)."""
        return a.side != b.side and not (a.side == NPF_SIDE and b.side == NPF_SIDE)

    def enemies(self, fighter: Fighter) -> Iterator[Fighter]:
        """The fighter's enemies on the field (:meth:`is_enemy`)."""
        side = fighter.side
        if side == NPF_SIDE:  # the non-player fighters' enemies: both troops
            return (e for e in self.fighters if e.on_field and e.side != NPF_SIDE)
        return (e for e in self.fighters if e.on_field and e.side != side)

    def enemies_in_contact(self, fighter: Fighter) -> list[Fighter]:
        """The fighter's enemies (:meth:`enemies`) in contact with it (:meth:`in_contact`), in
        the troops' order."""
        return self._in_contact(fighter, first=False)

    def _in_contact(self, fighter: Fighter, *, first: bool) -> list[Fighter]:
        """:meth:`enemies_in_contact` in one loop (:meth:`enemies` and :meth:`in_contact`
        written out, the same arithmetic); ``first``: stop at the first one."""
        found: list[Fighter] = []
        if not fighter.on_field:
            return found  # in contact with nobody
        side = fighter.side
        npf = side == NPF_SIDE
        x, y, size = fighter.x, fighter.y, fighter.profile.base_mm
        for e in self.fighters:
            if not e.on_field or e.side == side or (npf and e.side == NPF_SIDE):
                continue
            reach = (size + e.profile.base_mm) / 20 + CONTACT_TOLERANCE
            if (x - e.x) ** 2 + (y - e.y) ** 2 <= reach * reach:
                found.append(e)
                if first:
                    break
        return found

    def is_free(self, fighter: Fighter) -> bool:
        """Rulebook 2.E: free when no enemy is in contact (glossary: allies never count)."""
        memo = self._memo
        if memo is None:
            return not self._in_contact(fighter, first=True)
        key = (id(fighter), "free")
        known = memo.get(key)
        if known is not None and known[0] is fighter:
            return known[1]  # type: ignore[no-any-return]
        free = not self._in_contact(fighter, first=True)
        memo[key] = (fighter, free)
        return free

    def sight(self, viewer: Fighter, target: Fighter | Element | tuple[float, float]
              ) -> SightResult:
        """Rulebook 2.B: line of sight from a fighter to a fighter, a scenery element (its
        whole shape: Territory Management's ranged attack on scenery) or a point."""
        if isinstance(target, Fighter):
            return _line_of_sight(self.base(viewer), self.base(target),
                                  bases=self.bases(viewer, target), elements=self.scenery)
        return _line_of_sight(self.base(viewer), target, bases=self.bases(viewer),
                              elements=self.scenery)

    # -- copying and snapshots -----------------------------------------------------------------
    def clone(self) -> EdenState:
        other = EdenState.__new__(EdenState)
        other.forget()
        other.fighters = [f.clone() for f in self.fighters]
        for name in ("index", "catalogue", "troop_types", "field", "max_rounds", "round",
                     "first_player", "scenery", "markers", "territory", "terrain"):
            setattr(other, name, getattr(self, name))  # immutable or never changed
        for name in _LIST_FIELDS:
            setattr(other, name, list(getattr(self, name)))
        other.missions = [list(m) for m in self.missions]
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other.effects = list(self.effects)
        other.modifying = self.modifying  # checked against the effects at every use
        other.counters = dict(self.counters)
        other.objectives = dict(self.objectives)
        other.infestation = None if self.infestation is None else self.infestation.clone()
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "fighters": [f.to_json() for f in self.fighters],
            "troop_types": list(self.troop_types),
            "field_size": [self.field.width, self.field.height],
            "max_rounds": self.max_rounds,
            "round": self.round,
            "first_player": self.first_player,
            **{name: list(getattr(self, name)) for name in _LIST_FIELDS},
            "missions": [list(m) for m in self.missions],
            "hands": [list(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "effects": [e.to_json() for e in self.effects],
            "scenery": [e.to_dict() for e in self.scenery],
            "markers": [m.to_dict() for m in self.markers],
            **self._terrain_json(),
            "counters": dict(sorted(self.counters.items())),
            "objectives": dict(sorted(self.objectives.items())),
            **self._infestation_json(),
        }

    def _infestation_json(self) -> dict[str, Any]:
        """Infestation's part of a snapshot or a view (public; nothing when it is not
        played, so that other snapshots keep their form)."""
        return {} if self.infestation is None else {"infestation": self.infestation.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], catalogue: Catalogue) -> EdenState:
        """Rebuild a state; the catalogue (from the set-up) holds every card it names."""
        fighters = [
            Fighter.from_json(d, catalogue.profiles[(int(d["side"]), str(d["profile"]))])
            for d in data["fighters"]
        ]
        state = cls(
            fighters,
            troop_types=(data["troop_types"][0], data["troop_types"][1]),
            field_size=(float(data["field_size"][0]), float(data["field_size"][1])),
            max_rounds=int(data["max_rounds"]),
            catalogue=catalogue,
        )
        state.round = int(data["round"])
        state.first_player = int(data["first_player"])
        for name in _LIST_FIELDS:
            setattr(state, name, list(data[name]))
        state.missions = [list(m) for m in data["missions"]]
        state.hands = [list(h) for h in data["hands"]]
        state.played = [list(p) for p in data["played"]]
        state.effects = [ActiveEffect.from_json(e) for e in data["effects"]]
        state.scenery = tuple(Element.from_dict(e) for e in data["scenery"])
        state.markers = tuple(Marker.from_dict(m) for m in data["markers"])
        state.territory = bool(data.get("territory", False))
        state.terrain = {str(k): Placed.from_json(v)
                         for k, v in data.get("terrain", {}).items()}
        state.counters = {str(k): int(v) for k, v in data["counters"].items()}
        state.objectives = {str(k): str(v) for k, v in data.get("objectives", {}).items()}
        if data.get("infestation") is not None:
            state.infestation = Infestation.from_json(data["infestation"])
        return state

    def _terrain_json(self, *, view: bool = False) -> dict[str, Any]:
        """Territory Management's part of a snapshot (nothing under the basic rules, so
        their snapshots keep their form). A view adds what the counters hold and the table
        shows: each player's scenery points left (preparation step 6) and the attack and
        burn chips on each element."""
        if not self.territory:
            return {}
        data: dict[str, Any] = {
            "territory": True,
            "terrain": {k: v.to_json() for k, v in sorted(self.terrain.items())}}
        if view:
            from skirmish.games.eden.optional.terrain import attacks, burn_markers, scenery_points

            data["scenery_points"] = scenery_points(self)
            for ident, record in data["terrain"].items():
                record["attacks"] = attacks(self, ident)
                record["burn"] = burn_markers(self, ident)
            from skirmish.games.eden.optional.hiding import hidden_fighters

            data["hidden"] = hidden_fighters(self)  # Hiding: public, the fighter is seen
        return data

    # -- what a player may know ------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Rulebook 4.A step 1: troops are revealed. Hidden: the other player's pending bid,
        secret missions and tactical hand (their sizes are known). ``None`` is a spectator:
        both players' secrets are hidden (:func:`skirmish.games.eden.state_view.view_of`)."""
        return state_view.view_of(self, player)

    def abilities_view(self, fighter: Fighter) -> list[dict[str, Any]]:
        """Rulebook 7: the fighter's abilities as a view shows them
        (:func:`skirmish.games.eden.state_view.abilities_view`)."""
        return state_view.abilities_view(self, fighter)

    def _missions_seen(self, side: int, player: int | None) -> list[str]:
        if side == player:
            return list(self.missions[side])
        return [m if not self.catalogue.mission(side, m).secret else "(secret mission)"
                for m in self.missions[side]]

    def _effect_public(self, effect: ActiveEffect, player: int | None) -> bool:
        """A secret mission's effects are known to its owner only."""
        if effect.neutral or effect.fighter_ref is not None or effect.player == player:
            return True
        return not self._secret_mission(effect.player, effect.source)

    def _secret_mission(self, side: int, name: str) -> bool:
        return name in self.missions[side] and self.catalogue.mission(side, name).secret

    def _objectives_seen(self, player: int | None) -> dict[str, str]:
        """Which mission each objective marker belongs to, as ``player`` may know it: his
        own, and those of revealed missions (markers are named neutrally, issue 11)."""
        seen: dict[str, str] = {}
        for marker, owner in sorted(self.objectives.items()):
            letter, _, mission = owner.partition(":")
            side = "AB".index(letter)
            if side == player or not self._secret_mission(side, mission):
                seen[marker] = owner
        return seen

    def _effects_seen(self, player: int | None) -> list[ActiveEffect]:
        """The effects in force that ``player`` may know of (:meth:`_effect_public`)."""
        seen = []
        for effect in self.effects:  # _effect_public, its properties read off the owner
            owner = effect.owner
            if not owner or "." in owner:  # an optional rule, or a fighter's: public
                seen.append(effect)
                continue
            side = _PLAYER_OF.get(owner[0], 2)
            if side == player or not self._secret_mission(side, effect.source):
                seen.append(effect)
        return seen

    def _characteristics_seen(self, fighter: Fighter, player: int | None) -> dict[str, int]:
        """The effective values ``player`` may know of ``fighter``
        (:func:`skirmish.games.eden.state_view.characteristics_seen`)."""
        return state_view.characteristics_seen(self, fighter, player)
