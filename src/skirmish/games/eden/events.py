"""Eden's events: what the log records besides rolls and actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.events import Event, plural


@dataclass(frozen=True, slots=True)
class WoundEvent(Event):
    """Rulebook 1.5: wounds check CP dots of one limb (after protections)."""

    kind: ClassVar[str] = "eden.wound"
    fighter: str = ""
    limb: str = ""
    wounds: int = 0
    protection: int = 0
    lost: int = 0
    became_wounded: bool = False
    cp_left: int = 0
    by: str = ""

    def text(self) -> str:
        saved = f", {self.protection} stopped by protection" if self.protection else ""
        state = " - the limb is now wounded" if self.became_wounded else ""
        return (
            f"{self.fighter} takes {self.wounds} wound{'s' if self.wounds != 1 else ''} "
            f"to the {self.limb}{saved}: loses {self.lost} CP ({self.cp_left} left){state}"
        )


@dataclass(frozen=True, slots=True)
class IncapacitatedEvent(Event):
    """Rulebook 2.F: a fighter whose limb lost its last CP is removed from the field."""

    kind: ClassVar[str] = "eden.incapacitated"
    fighter: str = ""
    by: str = ""

    def text(self) -> str:
        return f"{self.fighter} is incapacitated and removed from the field"


@dataclass(frozen=True, slots=True)
class ReactionEvent(Event):
    """Rulebook 6.A, step 2: the target announces its reaction."""

    kind: ClassVar[str] = "eden.reaction"
    fighter: str = ""
    reaction: str = ""
    attacker: str = ""

    def text(self) -> str:
        return f"{self.fighter} reacts to {self.attacker}'s attack: {self.reaction}"


@dataclass(frozen=True, slots=True)
class LocationEvent(Event):
    """Rulebook 6.A, step 5: the location after successes were spent to shift it."""

    kind: ClassVar[str] = "eden.location"
    fighter: str = ""
    rolled: int = 0
    face: int = 0
    limb: str = ""
    spent: int = 0

    def text(self) -> str:
        if self.spent:
            return (
                f"{self.fighter} spends {plural(self.spent, 'success', 'successes')} "
                f"to shift the location {self.rolled} -> {self.face}: {self.limb}"
            )
        return f"location {self.face}: {self.limb}"


@dataclass(frozen=True, slots=True)
class CancelEvent(Event):
    """Rulebook 6.A, dodge step 6: the dodge roll cancels successes."""

    kind: ClassVar[str] = "eden.cancel"
    fighter: str = ""
    cancelled: int = 0
    remaining: int = 0

    def text(self) -> str:
        remain = "remains" if self.remaining == 1 else "remain"
        left = plural(self.remaining, "success", "successes")
        return f"{self.fighter} dodges {self.cancelled}; {left} {remain}"


@dataclass(frozen=True, slots=True)
class PointsEvent(Event):
    """A change of a fighter's action points, or of a player's SP reserve or VP."""

    kind: ClassVar[str] = "eden.points"
    owner: str = ""
    points: str = ""
    change: int = 0
    total: int = 0
    reason: str = ""

    def text(self) -> str:
        sign = "+" if self.change >= 0 else ""
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.owner}: {sign}{self.change} {self.points} -> {self.total}{why}"


@dataclass(frozen=True, slots=True)
class BidEvent(Event):
    """Rulebook 4.A step 3 / 4.B step 1: a secret SP bid, seen by its player only."""

    kind: ClassVar[str] = "eden.bid"
    player: int = 0
    sp: int = 0

    def text(self) -> str:
        return f"player {'AB'[self.player]} secretly bids {self.sp} SP"

    def redacted(self) -> Event:
        return BidPlacedEvent(player=self.player)


@dataclass(frozen=True, slots=True)
class BidPlacedEvent(Event):
    """What the other player learns of a secret bid: only that it was made."""

    kind: ClassVar[str] = "eden.bid-placed"
    player: int = 0

    def text(self) -> str:
        return f"player {'AB'[self.player]} has placed a secret bid"


@dataclass(frozen=True, slots=True)
class BidsRevealedEvent(Event):
    """Both bids revealed at once; they are lost from the reserves."""

    kind: ClassVar[str] = "eden.bids-revealed"
    bids: tuple[int, ...] = ()

    def text(self) -> str:
        return f"bids revealed: A {self.bids[0]} SP, B {self.bids[1]} SP (both are lost)"


@dataclass(frozen=True, slots=True)
class TieBreakEvent(Event):
    """Rulebook 4.A step 3 / 4.B step 1: tied bids, so each player rolls 1D6; the higher
    roll is the first player (equal rolls are rolled again)."""

    kind: ClassVar[str] = "eden.tie-break"
    faces: tuple[int, ...] = ()
    winner: int | None = None

    def text(self) -> str:
        if len(self.faces) != 2:
            return f"tie-break: faces {list(self.faces)}"
        a, b = self.faces
        rolled = f"tie-break: player A rolls {a}, player B rolls {b}"
        if self.winner is None:
            return f"{rolled}: equal, both roll again"
        return f"{rolled}: player {'AB'[self.winner]} wins"


@dataclass(frozen=True, slots=True)
class FirstPlayerEvent(Event):
    """Who is the first player now, and why."""

    kind: ClassVar[str] = "eden.first-player"
    player: int = 0
    reason: str = ""

    def text(self) -> str:
        return f"player {'AB'[self.player]} is the first player ({self.reason})"


@dataclass(frozen=True, slots=True)
class MoveEvent(Event):
    """A fighter's base moves (Rulebook 5, Move and Charge)."""

    kind: ClassVar[str] = "eden.move"
    fighter: str = ""
    start: tuple[float, ...] = ()
    end: tuple[float, ...] = ()
    how: str = "moves"

    def text(self) -> str:
        (x0, y0), (x1, y1) = self.start, self.end
        return f"{self.fighter} {self.how} from ({x0:.1f}, {y0:.1f}) to ({x1:.1f}, {y1:.1f})"


@dataclass(frozen=True, slots=True)
class ActivationEvent(Event):
    """Rulebook 4.B: a fighter's activation begins (card triggers may react)."""

    kind: ClassVar[str] = "eden.activation"
    fighter: str = ""

    def text(self) -> str:
        return f"{self.fighter} begins its activation"


@dataclass(frozen=True, slots=True)
class AbilityEvent(Event):
    """Rulebook 7: an action ability is announced and paid for."""

    kind: ClassVar[str] = "eden.ability"
    fighter: str = ""
    ability: str = ""
    target: str = ""
    cost_ap: int = 0
    cost_sp: int = 0

    def text(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.fighter} uses {self.ability}{on}"


@dataclass(frozen=True, slots=True)
class CardEvent(Event):
    """A mission or tactical card is played, cancelled or revealed."""

    kind: ClassVar[str] = "eden.card"
    player: int = 0
    card: str = ""
    what: str = "plays"

    def text(self) -> str:
        return f"player {'AB'[self.player]} {self.what} {self.card}"


@dataclass(frozen=True, slots=True)
class MarkerEvent(Event):
    """Condition markers given to or removed from a fighter (Rulebook 9)."""

    kind: ClassVar[str] = "eden.marker"
    fighter: str = ""
    condition: str = ""
    change: int = 0
    total: int = 0
    reason: str = ""

    def text(self) -> str:
        verb = "gets" if self.change > 0 else "loses"
        n = abs(self.change)
        why = f" ({self.reason})" if self.reason else ""
        return (f"{self.fighter} {verb} {n} {self.condition} marker{'s' if n != 1 else ''}"
                f" -> {self.total}{why}")


@dataclass(frozen=True, slots=True)
class TroopRevealedEvent(Event):
    """Rulebook 4.A step 1: a troop is revealed (fighters and values)."""

    kind: ClassVar[str] = "eden.troop-revealed"
    player: int = 0
    troop_type: str = ""
    fighters: tuple[str, ...] = ()
    total: int = 0
    budget: int = 100

    def text(self) -> str:
        return (f"player {'AB'[self.player]} reveals a {self.troop_type} troop: "
                f"{', '.join(self.fighters)} ({self.total}/{self.budget} points)")


@dataclass(frozen=True, slots=True)
class LeaderEvent(Event):
    """Rulebook 4.A step 4: a troop leader is designated."""

    kind: ClassVar[str] = "eden.leader-designated"
    player: int = 0
    fighter: str = ""

    def text(self) -> str:
        return f"player {'AB'[self.player]} designates {self.fighter} as troop leader"


@dataclass(frozen=True, slots=True)
class MissionPlayedEvent(Event):
    """Rulebook 4.A step 5: a mission is played (a secret one is seen by its player only)."""

    kind: ClassVar[str] = "eden.mission-played"
    player: int = 0
    card: str = ""
    secret: bool = False
    deployment: str = ""

    def text(self) -> str:
        how = "secretly plays" if self.secret else "plays the revealed mission"
        return f"player {'AB'[self.player]} {how} {self.card} ({self.deployment} deployment)"

    def redacted(self) -> Event:
        return SecretMissionEvent(player=self.player)


@dataclass(frozen=True, slots=True)
class SecretMissionEvent(Event):
    """What the opponent learns of a secret mission: that one was played, face down."""

    kind: ClassVar[str] = "eden.mission-secret"
    player: int = 0

    def text(self) -> str:
        return f"player {'AB'[self.player]} plays a secret mission, face down"


@dataclass(frozen=True, slots=True)
class HandCardEvent(Event):
    """Rulebook 4.A step 8: a tactical card goes into the hand (seen by its player only)."""

    kind: ClassVar[str] = "eden.hand-card"
    player: int = 0
    card: str = ""
    count: int = 0

    def text(self) -> str:
        return f"player {'AB'[self.player]} takes {self.card} into his tactical hand ({self.count})"

    def redacted(self) -> Event:
        return HiddenHandCardEvent(player=self.player, count=self.count)


@dataclass(frozen=True, slots=True)
class HiddenHandCardEvent(Event):
    """What the opponent learns: a card was taken, and how many the hand holds."""

    kind: ClassVar[str] = "eden.hand-card-hidden"
    player: int = 0
    count: int = 0

    def text(self) -> str:
        return f"player {'AB'[self.player]} takes a tactical card ({self.count} in hand)"
