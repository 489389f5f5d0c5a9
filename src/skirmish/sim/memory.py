"""Resident memory over a long run in one process (issue 46, "memory flat").

A soak played in the calling process (``skirmish soak --workers 1``) samples its resident set
size (RSS) after every match; :func:`growth` compares the RSS halfway through with the RSS at
the end. The first half may grow while the bounded caches fill (scenery memos, paths, card
reads); after that, a process whose memory keeps growing holds something per match that it
never lets go, which over a web server's weeks becomes an outage. ``--max-rss-growth 5``
fails the soak when the last half grew more than 5 %.

RSS comes from ``/proc/self/statm`` (Linux); elsewhere from ``resource.getrusage``'s peak,
which can only grow, so a check there is only ever stricter.
"""

from __future__ import annotations

import os
import resource
import sys
from dataclasses import dataclass, field
from typing import Any

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_bytes() -> int:
    """This process's resident set size now (bytes); its peak where ``/proc`` is missing."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def growth(samples: list[int]) -> float:
    """How much the RSS grew over the last half of ``samples`` (one per match, in order), as
    a fraction of the RSS halfway: ``(end - middle) / middle``; 0.0 with fewer than two."""
    if len(samples) < 2:
        return 0.0
    middle, end = samples[(len(samples) - 1) // 2], samples[-1]
    return (end - middle) / middle if middle > 0 else 0.0


@dataclass(slots=True)
class MemoryWatch:
    """RSS after each match of a run (possibly several runs: a watch can be handed to one
    soak after another in the same process)."""

    samples: list[int] = field(default_factory=list)

    def sample(self) -> None:
        self.samples.append(rss_bytes())

    @property
    def growth(self) -> float:
        return growth(self.samples)

    def to_json(self) -> dict[str, Any]:
        """Start, middle and end RSS (MB) and the last half's growth (percent)."""
        if not self.samples:
            return {}
        mb = [round(s / 2**20, 1) for s in self.samples]
        return {"rss_mb": {"start": mb[0], "middle": mb[(len(mb) - 1) // 2], "end": mb[-1],
                           "peak": max(mb)},
                "rss_growth_last_half_pct": round(100 * self.growth, 2)}

    def problem(self, max_growth_pct: float) -> str:
        """One line when the last half grew past ``max_growth_pct`` percent, else ""."""
        pct = 100 * self.growth
        if pct <= max_growth_pct:
            return ""
        mb = self.to_json()["rss_mb"]
        return (f"memory: RSS grew {pct:.1f} % over the last half of {len(self.samples)} "
                f"matches ({mb['middle']} MB to {mb['end']} MB; --max-rss-growth "
                f"{max_growth_pct:g} %)")
