"""Memory that stays flat over many matches (issue 46): one process plays whole matches of
the games asked, one after another, and its resident memory (RSS) is read after every
``every`` matches. The bounded memos of the rules fill in the first matches; after that, a
process that grows is keeping something of each match.

The figure is the growth over the last half: from the sample at the middle of the run to the
last, as a share of the middle one. ``make soak`` runs 2,000 Eden and 300 ME:A matches
(:func:`memory_soak`) and fails above :data:`GROWTH_LIMIT` (``python -m bench.memory``)."""

from __future__ import annotations

import resource
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skirmish.sim.soak import SoakSpec, library_pairings, soak_one

#: The most the RSS may grow over the last half of the run (5 %).
GROWTH_LIMIT = 0.05


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux ``/proc/self/statm``; elsewhere
    the peak that ``getrusage`` gives, which can only grow)."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        return int(statm.read_text().split()[1]) * resource.getpagesize() / 1e6
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1e3


def growth_over_last_half(samples: Sequence[float]) -> float:
    """(last - middle) / middle: how much the RSS grew over the second half of the
    samples (0.0 with fewer than two samples)."""
    if len(samples) < 2:
        return 0.0
    middle = samples[(len(samples) - 1) // 2]
    return (samples[-1] - middle) / middle


@dataclass
class MemoryReport:
    """The RSS samples (MB) with the matches played before each, and the growth."""

    samples: list[float] = field(default_factory=list)
    after: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def growth(self) -> float:
        return growth_over_last_half(self.samples)

    def flat(self, limit: float = GROWTH_LIMIT) -> bool:
        return self.growth <= limit and not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"rss_mb": [round(s, 2) for s in self.samples], "after_matches": self.after,
                "growth_over_last_half": round(self.growth, 4), "limit": GROWTH_LIMIT,
                "problems": self.problems}


def memory_soak(plan: Sequence[tuple[str, int]], every: int = 100, seed: int = 0,
                agents: tuple[str, str] = ("random", "random"),
                sample: Callable[[], float] = rss_mb) -> MemoryReport:
    """Play ``plan``'s matches (game name, how many) in this process, in order, the game's
    sample pairings in turn (as ``skirmish soak`` does, without re-playing records), and
    read the RSS after every ``every`` matches and at the end. A match that breaks is a
    problem of the report."""
    report = MemoryReport()
    played = 0
    for game, matches in plan:
        spec = SoakSpec(matches, library_pairings("factions", game), agents, seed, 0,
                        game=game)
        for index in range(matches):
            result = soak_one(spec, index)
            if result.error or result.invariant_breaks:
                report.problems.append(f"{game} match {index} (seed {result.seed}): "
                                       f"{result.error or result.invariant_breaks[0]}")
            played += 1
            if played % every == 0:
                report.samples.append(sample())
                report.after.append(played)
    if not report.after or report.after[-1] != played:
        report.samples.append(sample())
        report.after.append(played)
    return report
