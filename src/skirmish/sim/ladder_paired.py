"""Two ladder runs compared on the games both played: a paired comparison.

Ladder game ``i`` depends only on the ladder's seed and ``i`` (:mod:`skirmish.sim.ladder`):
two runs with the same game, seed, rounds, deals and games per pair play the same deal,
seats and dice streams at each index, whoever the agents. When an agent changes between them (a new
version of a bot against the same opponent), its scores compared game by game leave out
what the deal and the dice decide for both versions alike: the standard error of the mean
of the paired differences is smaller than that of two independent samples whenever the
two versions' results go together, and a change is told from noise in fewer games.

The runs are read from the JSON reports of ``skirmish ladder --json`` (their ``games``
list); ``skirmish ladder --compare OLD.json`` prints the comparison after a run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: What two runs must share for their games of the same index to be the same games.
SHARED = ("game", "seed", "games_per_pair", "rounds", "deals", "house_rules")


@dataclass(frozen=True, slots=True)
class PairedScore:
    """Agent ``position`` of the ladder (``old``'s name in the old run, ``new``'s in the
    new one) over the ``games`` it played in both runs: its score in each (draws half),
    the standard error of the mean paired difference and the games whose result changed."""

    position: int
    old: str
    new: str
    games: int
    old_score: float
    new_score: float
    se: float
    changed: int

    @property
    def difference(self) -> float:
        """The new run's score less the old one's, on the same games."""
        return self.new_score - self.old_score

    @property
    def interval(self) -> tuple[float, float]:
        """The difference's 95 % interval (normal approximation)."""
        return self.difference - 1.96 * self.se, self.difference + 1.96 * self.se


def check_comparable(old: Mapping[str, Any], new: Mapping[str, Any],
                     name: str = "the old run") -> None:
    """A ValueError naming the first field in which ``old`` (a ladder report, called
    ``name``) and ``new`` (a report or its header: game, seed, games per pair, rounds,
    deals, agents) differ so that their games of one index are not the same games."""
    if not isinstance(old, Mapping) or "ladder" not in old:
        raise ValueError(f"{name}: not a skirmish ladder report (no 'ladder' field)")
    if not isinstance(old.get("games"), list):
        raise ValueError(f"{name}: no per-game results (a report written before "
                         "2026-12-03, or not by skirmish ladder --json): cannot pair its "
                         "games")
    for key in SHARED:
        if old.get(key) != new.get(key):
            raise ValueError(f"{name}: its {key.replace('_', ' ')} differs from this "
                             f"run's ({old.get(key)!r} against {new.get(key)!r}): not the "
                             "same games")
    if len(old.get("agents", ())) != len(new.get("agents", ())):
        raise ValueError(f"{name}: {len(old.get('agents', ()))} agents against this run's "
                         f"{len(new.get('agents', ()))}: agents are compared by their place "
                         "in --agents")


def compare_runs(old: Mapping[str, Any], new: Mapping[str, Any],
                 name: str = "the old run") -> list[PairedScore]:
    """Each agent of ``new`` against the one at its place in ``old`` (``--agents``'
    order) over the games of the same index both runs played (see the module)."""
    check_comparable(old, new, name)
    before = {int(g["index"]): g for g in old["games"]}
    rows = []
    for position, (was, now) in enumerate(zip(old["agents"], new["agents"], strict=True)):
        pairs: list[tuple[float, float]] = []
        for game in new.get("games", ()):
            earlier = before.get(int(game["index"]))
            if (earlier is None or position not in game["agents"]
                    or (earlier["seed"], earlier["deal"], earlier["agents"])
                    != (game["seed"], game["deal"], game["agents"])):
                continue
            pairs.append((_score(earlier, position), _score(game, position)))
        rows.append(_paired(position, str(was), str(now), pairs))
    return rows


def _score(game: Mapping[str, Any], position: int) -> float:
    winner = game["winner"]
    return 0.5 if winner is None else float(winner == position)


def _paired(position: int, old: str, new: str,
            pairs: Sequence[tuple[float, float]]) -> PairedScore:
    n = len(pairs)
    if n == 0:
        return PairedScore(position, old, new, 0, 0.0, 0.0, 0.0, 0)
    diffs = [b - a for a, b in pairs]
    mean = sum(diffs) / n
    se = (math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0)
    return PairedScore(position, old, new, n, sum(a for a, _ in pairs) / n,
                       sum(b for _, b in pairs) / n, se, sum(a != b for a, b in pairs))
