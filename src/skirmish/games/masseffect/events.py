"""What happens in a Mass Effect: Annihilation game, as log events (nothing is secret)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.events import Event


def _cm(value: float) -> str:
    return f"{value / 2.5:.1f} pas"


@dataclass(frozen=True, slots=True)
class TurnEvent(Event):
    """ME8-ME9: a turn begins with its initiative roll."""

    kind: ClassVar[str] = "me.turn"
    turn: int = 0
    faces: tuple[int, ...] = ()
    bonuses: tuple[int, ...] = ()
    initiative: int = 0

    def text(self) -> str:
        rolls = []
        for i in range(0, len(self.faces) - 1, 2):
            a, b = self.faces[i], self.faces[i + 1]
            rolls.append(" vs ".join(
                f"{'AB'[side]} {face}" + (f"+{bonus}" if bonus else "")
                for side, (face, bonus) in enumerate(zip((a, b), self.bonuses, strict=False))))
        return (f"Turn {self.turn}: initiative to player {'AB'[self.initiative]} "
                f"({', then '.join(rolls)})")


@dataclass(frozen=True, slots=True)
class PhaseEvent(Event):
    """ME8: a phase begins."""

    kind: ClassVar[str] = "me.phase"
    phase: str = ""

    def text(self) -> str:
        article = "d'" if self.phase[:1] in "aeiouéê" else "de "
        return f"Phase {article}{self.phase}"


@dataclass(frozen=True, slots=True)
class MoveEvent(Event):
    """A figure changes place: deployed, walked, ran, or moved by a power."""

    kind: ClassVar[str] = "me.move"
    figure: str = ""
    how: str = ""
    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    facing: int = 0

    def text(self) -> str:
        dist = ((self.end[0] - self.start[0]) ** 2 + (self.end[1] - self.start[1]) ** 2) ** 0.5
        if self.how == "deploys":
            return f"{self.figure} deploys at {self.end[0]:g},{self.end[1]:g} cm"
        if self.how == "stays":
            return f"{self.figure} stays, facing {self.facing}°"
        return (f"{self.figure} {self.how} {_cm(dist)} to {self.end[0]:.1f},{self.end[1]:.1f} "
                "cm")


@dataclass(frozen=True, slots=True)
class RollNote(Event):
    """One D6 roll against a threshold (ME4), or an amount rolled (ME3)."""

    kind: ClassVar[str] = "me.roll"
    figure: str = ""
    roll: str = ""
    face: int = 0
    threshold: int = 0
    modifier: int = 0
    success: bool = False

    def text(self) -> str:
        if not self.threshold:
            return f"{self.figure} {self.roll}: {self.face}"
        mod = f"{self.modifier:+d}" if self.modifier else ""
        verdict = "success" if self.success else "failure"
        return f"{self.figure} {self.roll} {self.threshold}+: {self.face}{mod}, {verdict}"


@dataclass(frozen=True, slots=True)
class Note(Event):
    """Something a rule did to a figure, in words (a hit, a save, a status, a charge...)."""

    kind: ClassVar[str] = "me.note"
    figure: str = ""
    what: str = ""
    detail: str = ""

    def text(self) -> str:
        return f"{self.figure} {self.what}" + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True, slots=True)
class WoundEvent(Event):
    """ME25: wounds taken, from armour then Vitalité."""

    kind: ClassVar[str] = "me.wound"
    figure: str = ""
    wounds: int = 0
    armour: int = 0
    vitality: int = 0
    out: bool = False
    by: str = ""  # the figure that dealt them ("burn": ME34's end-of-turn wound)

    def text(self) -> str:
        end = ", out of action" if self.out else ""
        return (f"{self.figure} takes {self.wounds} wound{'s' if self.wounds != 1 else ''} "
                f"(Armure {self.armour}, Vitalité {self.vitality}){end}")


@dataclass(frozen=True, slots=True)
class ScoreEvent(Event):
    """ME37: points scored."""

    kind: ClassVar[str] = "me.score"
    player: int = 0
    points: int = 0
    why: str = ""

    def text(self) -> str:
        return f"player {'AB'[self.player]} scores {self.points} ({self.why})"
