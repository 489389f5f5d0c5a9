"""Eden's game state: the fighters on the table and each player's reserves.

Plain data that copies cheaply: fighter profiles are shared, everything that
changes during a match is copied by :meth:`EdenState.clone`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from skirmish.core.actions import Ref
from skirmish.eden.fighter import Fighter
from skirmish.eden.modifiers import Modifier, condition_modifiers, effective_value
from skirmish.eden.profile import Characteristic, FighterProfile

#: Rulebook 2.E: bases "touching". Centre distances within this of the sum of radii count
#: as contact (docs/rulings.md, "Contact tolerance").
CONTACT_TOLERANCE_CM = 0.05


class EdenState:
    """Everything on and around the table, hidden parts included (views filter it)."""

    __slots__ = (
        "bids",
        "field_size",
        "fighters",
        "first_player",
        "index",
        "max_rounds",
        "round",
        "sp",
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
    ) -> None:
        self.fighters: list[Fighter] = list(fighters)
        self.index: dict[str, int] = {f.ref: i for i, f in enumerate(self.fighters)}
        if len(self.index) != len(self.fighters):
            raise ValueError("two fighters of one troop share a name")
        self.troop_types = troop_types
        self.field_size = field_size
        self.max_rounds = max_rounds
        self.round = 0
        self.first_player = 0
        self.sp = [self.sp_reserve(side) for side in (0, 1)]
        self.vp = [0, 0]
        self.bids: list[int | None] = [None, None]

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

    # -- rules helpers ------------------------------------------------------------------------
    def sp_reserve(self, side: int) -> int:
        """Rulebook 4.A step 2: the sum of the troop's PSI, halved (rounded up) for a Stigma
        troop."""
        total = sum(self.characteristic(f, Characteristic.PSI) for f in self.troop(side))
        return -(-total // 2) if self.troop_types[side] == "stigma" else total

    def modifiers(self, fighter: Fighter) -> list[Modifier]:
        """Every modifier on a fighter's characteristics (conditions now; cards later)."""
        return condition_modifiers(fighter.markers)

    def characteristic(self, fighter: Fighter, characteristic: Characteristic) -> int:
        """The effective value: white or red, then every modifier, rounded up (Rulebook 1.6,
        2.G, 9)."""
        return effective_value(
            fighter.base_value(characteristic), self.modifiers(fighter), characteristic
        )

    def in_contact(self, a: Fighter, b: Fighter) -> bool:
        """Rulebook 2.E: two bases touching (within the contact tolerance)."""
        if not (a.on_field and b.on_field):
            return False
        reach = (a.profile.base_mm + b.profile.base_mm) / 20 + CONTACT_TOLERANCE_CM
        return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= reach * reach

    def enemies_in_contact(self, fighter: Fighter) -> list[Fighter]:
        return [e for e in self.on_field(1 - fighter.side) if self.in_contact(fighter, e)]

    def is_free(self, fighter: Fighter) -> bool:
        """Rulebook 2.E: free when no enemy is in contact."""
        return not self.enemies_in_contact(fighter)

    # -- copying and snapshots -----------------------------------------------------------------
    def clone(self) -> EdenState:
        other = EdenState.__new__(EdenState)
        other.fighters = [f.clone() for f in self.fighters]
        other.index = self.index  # never changes after set-up
        other.troop_types = self.troop_types
        other.field_size = self.field_size
        other.max_rounds = self.max_rounds
        other.round = self.round
        other.first_player = self.first_player
        other.sp = list(self.sp)
        other.vp = list(self.vp)
        other.bids = list(self.bids)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "fighters": [f.to_json() for f in self.fighters],
            "troop_types": list(self.troop_types),
            "field_size": list(self.field_size),
            "max_rounds": self.max_rounds,
            "round": self.round,
            "first_player": self.first_player,
            "sp": list(self.sp),
            "vp": list(self.vp),
            "bids": list(self.bids),
        }

    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], profiles: Mapping[tuple[int, str], FighterProfile]
    ) -> EdenState:
        """Rebuild a state; ``profiles`` maps (side, card name) to each fighter's card."""
        fighters = [
            Fighter.from_json(d, profiles[(int(d["side"]), str(d["profile"]))])
            for d in data["fighters"]
        ]
        state = cls(
            fighters,
            troop_types=(data["troop_types"][0], data["troop_types"][1]),
            field_size=(float(data["field_size"][0]), float(data["field_size"][1])),
            max_rounds=int(data["max_rounds"]),
        )
        state.round = int(data["round"])
        state.first_player = int(data["first_player"])
        state.sp = [int(x) for x in data["sp"]]
        state.vp = [int(x) for x in data["vp"]]
        state.bids = [None if b is None else int(b) for b in data["bids"]]
        return state

    def view(self, player: int) -> dict[str, Any]:
        """Rulebook 4.A step 1: troops are revealed; only pending secret bids are hidden."""
        return {
            "round": self.round,
            "max_rounds": self.max_rounds,
            "first_player": self.first_player,
            "field_size": list(self.field_size),
            "sp": list(self.sp),
            "vp": list(self.vp),
            "troop_types": list(self.troop_types),
            "my_bid": self.bids[player],
            "opponent_has_bid": self.bids[1 - player] is not None,
            "fighters": [
                {
                    "ref": f.ref,
                    "side": f.side,
                    "name": f.profile.name,
                    "on_field": f.on_field,
                    "x": f.x,
                    "y": f.y,
                    "ap": f.ap,
                    "activated": f.activated,
                    "checked": list(f.checked),
                    "markers": dict(f.markers),
                    "characteristics": {c.value: self.characteristic(f, c) for c in Characteristic},
                    "profile": f.profile.to_dict(),
                }
                for f in self.fighters
            ],
        }

    def ref(self, fighter: Fighter) -> Ref:
        return Ref(fighter.ref)
