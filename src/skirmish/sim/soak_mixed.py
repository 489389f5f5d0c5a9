"""Several games soaked side by side in one process (issue 46, "memory flat").

A web server hosts every game at once: its process plays their matches in turn, for weeks.
``skirmish soak --with GAME:N`` does the same: the matches of the soak's own game and ``N``
of the other game's are interleaved, each game's spread evenly over the run
(:func:`interleave`), in this process, with the RSS sampled after every match. Memory that
grows per match, whatever the game, shows in the last half; the one-time cost of loading a
second game's code and cards, and of filling its bounded memos, falls in the first half as it
does in a server's first hour. Played one game after the other instead (2,000 matches of
one, then 300 of the other), that one-time step of about 5 MB lands in the last half and
reads as growth (+5.6 to +5.8 % on 2,300 matches, flat within 0.4 % once the second game is
loaded: Makefile, soak).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from skirmish.sim.memory import MemoryWatch
from skirmish.sim.soak import MatchResult, SoakReport, SoakSpec, soak_one


def interleave(counts: Sequence[int]) -> list[tuple[int, int]]:
    """The order of play: ``(game, match index in that game)`` pairs, each game's matches
    spread evenly over the whole run (game ``k``'s match ``i`` at ``(i + 1/2) / counts[k]``
    of the way; ties go to the earlier game)."""
    slots = [((i + 0.5) / n, k, i) for k, n in enumerate(counts) for i in range(n)]
    return [(k, i) for _, k, i in sorted(slots)]


def run_interleaved(specs: Sequence[SoakSpec],
                    progress: Callable[[MatchResult], None] | None = None,
                    memory: MemoryWatch | None = None) -> list[SoakReport]:
    """Play every match of every spec in this process, interleaved (:func:`interleave`):
    one report per spec. Match ``i`` of a spec is the match a soak of that spec alone plays
    as its ``i``-th (:func:`~skirmish.sim.soak.soak_one` is pure)."""
    reports = [SoakReport() for _ in specs]
    start = time.perf_counter()
    for k, index in interleave([spec.matches for spec in specs]):
        result = soak_one(specs[k], index)
        reports[k].add(result)
        if memory is not None:
            memory.sample()
        if progress is not None:
            progress(result)
    seconds = time.perf_counter() - start
    for report in reports:
        report.seconds = seconds
        report.examples.sort(key=lambda e: e["match"])
    return reports


def parse_with(text: str, games: Sequence[str]) -> tuple[str, int]:
    """``--with GAME:N``: another game and how many of its matches (a ValueError names what
    is wrong)."""
    name, colon, count = text.partition(":")
    name = name.strip()
    if not colon or not count.strip().isdigit():
        raise ValueError(f"--with takes GAME:MATCHES, e.g. {games[-1]}:300; got {text[:80]!r}")
    if name not in games:
        raise ValueError(f"--with: unknown game {name[:40]!r} (known: {', '.join(games)})")
    matches = int(count)
    if not 1 <= matches <= 10_000_000:
        raise ValueError(f"--with: {matches} matches; between 1 and 10,000,000")
    return name, matches


__all__ = ["interleave", "parse_with", "run_interleaved"]
