"""Batch statistics: wins, draws and losses with 95% Wilson intervals, VP, rounds, and
per-fighter survival and kills - by agent, and by troop (seat).

With mirrored seats (:class:`~skirmish.sim.runner.BatchSpec`) each agent plays each troop
in half the games, so the agents' figures compare the bots and the troops' figures (seat
A, seat B) compare the troops. Kills are counted for the fighter who incapacitated; those
of no fighter (the intendancy's burn roll) are counted apart, by cause.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    #: The troops' names, seat A then seat B.
    troops: tuple[str, str] = ("A", "B")
    #: Games won and mean VP of each troop (seat).
    troop_wins: tuple[int, int] = (0, 0)
    troop_mean_vp: tuple[float, float] = (0.0, 0.0)
    #: The agents that played each troop (in the order of ``agents``).
    troop_agents: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    #: Kills per game of no fighter, by cause ("burn").
    other_kills: dict[str, float] = field(default_factory=dict)

    @classmethod
    def of(cls, agents: tuple[str, str], summaries: Sequence[GameSummary],
           troops: tuple[str, str] | None = None) -> BatchReport:
        n = len(summaries)
        wins = (sum(1 for s in summaries if s.winner_agent == 0),
                sum(1 for s in summaries if s.winner_agent == 1))
        seat_wins = [0, 0]
        seat_vp = [0, 0]
        played: tuple[set[int], set[int]] = (set(), set())
        survival: dict[str, int] = {}
        kills: dict[str, int] = {}
        other: dict[str, int] = {}
        for s in summaries:
            for agent, seat in enumerate(s.agent_seats):
                seat_vp[seat] += s.vp_by_agent[agent]
                played[seat].add(agent)
            if s.winner_agent is not None:
                seat_wins[s.agent_seats[s.winner_agent]] += 1
            for ref in s.fighters:
                survival.setdefault(ref, 0)
                kills.setdefault(ref, 0)
            for ref in s.survivors:
                survival[ref] = survival.get(ref, 0) + 1
            for ref, k in s.kills:
                kills[ref] = kills.get(ref, 0) + k
            for cause, k in s.other_kills:
                other[cause] = other.get(cause, 0) + k
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
            troops=troops or ("A", "B"),
            troop_wins=(seat_wins[0], seat_wins[1]),
            troop_mean_vp=(seat_vp[0] / div, seat_vp[1] / div),
            troop_agents=(_names(agents, played[0]), _names(agents, played[1])),
            other_kills={cause: v / div for cause, v in sorted(other.items())},
        )

    def interval(self, agent: int) -> tuple[float, float]:
        return wilson_interval(self.wins[agent], self.games)

    def troop_interval(self, seat: int) -> tuple[float, float]:
        return wilson_interval(self.troop_wins[seat], self.games)

    def troop_label(self, seat: int) -> str:
        """The troop and who played it: "Jokers (heuristic)", "Bamaka (heuristic/random)"."""
        who = "/".join(self.troop_agents[seat])
        return f"{self.troops[seat]} ({who})" if who else self.troops[seat]

    @staticmethod
    def seat_of(ref: str) -> int:
        """The seat (troop) of a fighter's reference: ``A.Yuri`` is seat 0."""
        return 0 if ref.startswith("A.") else 1

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
            "other_kills_per_game": self.other_kills,
            "by_troop": {
                "troops": list(self.troops),
                "labels": [self.troop_label(0), self.troop_label(1)],
                "agents": [list(self.troop_agents[0]), list(self.troop_agents[1])],
                "wins": list(self.troop_wins),
                "losses": [self.troop_wins[1], self.troop_wins[0]],
                "win_rate": [w / max(1, self.games) for w in self.troop_wins],
                "win_rate_95": [list(self.troop_interval(0)), list(self.troop_interval(1))],
                "mean_vp": list(self.troop_mean_vp),
                "fighters": {ref: self.troops[self.seat_of(ref)] for ref in self.survival},
            },
        }


def _names(agents: tuple[str, str], indices: set[int]) -> tuple[str, ...]:
    """The agents' names at ``indices``, each name once, in order."""
    return tuple(dict.fromkeys(agents[i] for i in sorted(indices)))
