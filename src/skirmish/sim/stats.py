"""Batch statistics: wins, draws and losses with 95% Wilson intervals, VP, rounds, and
per-fighter survival and kills."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.sim.runner import GameSummary

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class BatchReport:
    agents: tuple[str, str]
    games: int
    wins: tuple[int, int]
    draws: int
    mean_vp: tuple[float, float]
    mean_rounds: float
    mean_decisions: float
    survival: dict[str, float]
    kills: dict[str, float]

    @classmethod
    def of(cls, agents: tuple[str, str], summaries: Sequence[GameSummary]) -> BatchReport:
        n = len(summaries)
        wins = (sum(1 for s in summaries if s.winner_agent == 0),
                sum(1 for s in summaries if s.winner_agent == 1))
        survival: dict[str, int] = {}
        kills: dict[str, int] = {}
        for s in summaries:
            for ref in s.fighters:
                survival.setdefault(ref, 0)
                kills.setdefault(ref, 0)
            for ref in s.survivors:
                survival[ref] = survival.get(ref, 0) + 1
            for ref, k in s.kills:
                kills[ref] = kills.get(ref, 0) + k
        div = max(1, n)
        return cls(
            agents=agents,
            games=n,
            wins=wins,
            draws=n - wins[0] - wins[1],
            mean_vp=(sum(s.vp_by_agent[0] for s in summaries) / div,
                     sum(s.vp_by_agent[1] for s in summaries) / div),
            mean_rounds=sum(s.rounds for s in summaries) / div,
            mean_decisions=sum(s.decisions for s in summaries) / div,
            survival={ref: v / div for ref, v in sorted(survival.items())},
            kills={ref: v / div for ref, v in sorted(kills.items())},
        )

    def interval(self, agent: int) -> tuple[float, float]:
        return wilson_interval(self.wins[agent], self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "agents": list(self.agents),
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "losses": [self.wins[1], self.wins[0]],
            "win_rate": [w / max(1, self.games) for w in self.wins],
            "win_rate_95": [list(self.interval(0)), list(self.interval(1))],
            "mean_vp": list(self.mean_vp),
            "mean_rounds": self.mean_rounds,
            "mean_decisions": self.mean_decisions,
            "survival": self.survival,
            "kills_per_game": self.kills,
        }
