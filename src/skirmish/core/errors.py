"""Specific error types. Each says which rule or field is at fault."""

from __future__ import annotations


class SkirmishError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(SkirmishError, ValueError):
    """An action the current decision does not allow. The game is left exactly as it was.

    ``rule`` names the rule that forbids it
    (e.g. ``"Rulebook 5, Charge: the fighter must be free"``).
    """

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class NotationError(SkirmishError, ValueError):
    """Text that does not parse as an action of this ruleset."""


class DiceExhaustedError(SkirmishError, RuntimeError):
    """A scripted dice source was asked for more faces than it was given."""


class RecordError(SkirmishError, ValueError):
    """A game record that cannot be read or does not replay to its recorded state."""


class GameOverError(SkirmishError, RuntimeError):
    """An action was applied to a finished game."""


class RecordMismatchError(RecordError):
    """A record that differs from its re-play, or cannot be read, at one line.

    ``line`` is the 1-based line number in the file (as a text editor counts lines,
    ``\\n`` ending each line; one past the last line when a line is missing) and
    ``message`` says what differs there.
    """

    def __init__(self, line: int, message: str, source: str = "record") -> None:
        self.line = line
        self.message = message
        self.source = source
        super().__init__(f"{source}, line {line}: {message}")
