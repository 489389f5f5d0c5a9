"""Why a search chose its action (:class:`Explanation`), as the agent's ``explain()`` gives
it; self-play reads its root visits as policy targets (:mod:`skirmish.sim.selfplay`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Explanation:
    """Why the search chose its action: the line it expects (the principal variation of
    most visited actions), its estimate of the observer's chances after the action, and
    what the search did."""

    action: str
    win: float
    iterations: int
    seconds: float
    line: list[tuple[int, str]] = field(default_factory=list)
    options: list[dict[str, Any]] = field(default_factory=list)
    determinizations: int = 0
    redraws: int = 0
    errors: int = 0
    #: The heuristic's choice (the prior), when there is one.
    prior: str | None = None
    #: Why the heuristic chose it, when it took the decision without a search and says why
    #: (its ``reason(view, action)``).
    reason: str | None = None
    #: Every root action the search tried and its visits, most visited first (self-play's
    #: policy targets: :mod:`skirmish.sim.selfplay`); not in :meth:`to_json`.
    visits: list[tuple[str, int]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "prior": self.prior, "win": round(self.win, 4),
                "iterations": self.iterations, "seconds": round(self.seconds, 4),
                "line": [{"player": p, "action": a} for p, a in self.line],
                "options": self.options, "determinizations": self.determinizations,
                "redraws": self.redraws, "errors": self.errors,
                **({"reason": self.reason} if self.reason is not None else {})}

    def text(self) -> str:
        """One line for a person: the action, the chances, the expected line."""
        line = ", ".join(f"{'AB'[p] if 0 <= p < 2 else '?'}: {a}" for p, a in self.line)
        return (f"{self.action} (win estimate {100 * self.win:.0f}%, {self.iterations} "
                f"iterations)" + (f"; expected line: {line}" if line else ""))


__all__ = ["Explanation"]
