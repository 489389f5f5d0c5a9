"""What a ruleset gives the kernel: its actions, its state type, its view and result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from skirmish.core.actions import ActionSet
from skirmish.core.dice import Dice

if TYPE_CHECKING:
    from skirmish.core.game import Game


class State(Protocol):
    """A ruleset's table, pieces and scores: plain data that copies cheaply."""

    def clone(self) -> State: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (``None`` for a draw), scores and why."""

    winner: int | None
    scores: tuple[int, ...]
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """The outcome written by :meth:`to_json`; ``ValueError`` naming the field that is
        not of its kind."""
        if not isinstance(data, Mapping):
            raise ValueError("an outcome is an object with 'winner', 'scores' and 'reason'")
        winner, scores, reason = data.get("winner"), data.get("scores"), data.get("reason", "")
        if winner is not None and (type(winner) is not int or winner < 0):
            raise ValueError("outcome: 'winner' is a seat number or null (a draw)")
        if not isinstance(scores, list) or any(type(s) is not int for s in scores):
            raise ValueError("outcome: 'scores' is a list of whole numbers")
        if not isinstance(reason, str):
            raise ValueError("outcome: 'reason' is a text")
        return cls(winner, tuple(scores), reason)


class Ruleset(Protocol):
    """A game system as the kernel sees it (each game's package implements it)."""

    name: str
    actions: ActionSet

    def new_game(
        self, setup: Mapping[str, Any], *, seed: int | None = None, dice: Dice | None = None
    ) -> Game:
        """A game at its first decision, from a JSON-friendly setup. Its dice are ``dice``, or
        :class:`~skirmish.core.dice.SeededDice` of ``seed`` - by default 64 fresh random bits
        from the operating system (:func:`~skirmish.core.dice.fresh_seed`)."""
        ...

    def state_from_json(self, data: Mapping[str, Any], setup: Mapping[str, Any]) -> State:
        """Rebuild the state of a snapshot (the set-up holds what it does not repeat)."""
        ...

    def view(self, game: Game, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may know, JSON-serialisable, and nothing else (``None``: a
        spectator, who knows neither player's secrets)."""
        ...

    def outcome(self, game: Game) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        ...


class PictureHook(Protocol):
    """An optional hook of a ruleset: ``picture(state)``, the SVG text of the table of a
    state of its own (``None``: no picture). The kernel asks for it through
    :func:`picture_of`; a ruleset without it draws nothing."""

    def picture(self, state: State) -> str | None: ...


def picture_of(ruleset: Ruleset, state: State) -> str | None:
    """The ruleset's picture of ``state`` (SVG text), or ``None`` when it draws none."""
    hook = getattr(ruleset, "picture", None)
    if hook is None:
        return None
    picture = hook(state)
    return picture if isinstance(picture, str) else None


@dataclass(slots=True)
class RulesetRegistry:
    """Rulesets by name: those registered here (a test's own), else the installed games'
    (:data:`skirmish.core.plugins.GAMES`, found through entry points)."""

    known: dict[str, Ruleset] = field(default_factory=dict)

    def register(self, ruleset: Ruleset) -> Ruleset:
        self.known[ruleset.name] = ruleset
        return ruleset

    def get(self, name: str) -> Ruleset:
        if name not in self.known:
            from skirmish.core.plugins import GAMES

            if name in GAMES:
                self.known[name] = GAMES.get(name).rules()
        if name not in self.known:
            from skirmish.core.plugins import GAMES

            known = sorted({*self.known, *GAMES.names()})
            raise KeyError(f"unknown ruleset {name!r} (known: {', '.join(known)})")
        return self.known[name]


RULESETS = RulesetRegistry()
