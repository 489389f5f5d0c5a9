"""Sequential halving at the root of the search (Karnin, Koren & Somekh 2013, "Almost
optimal exploration in multi-armed bandits"; the root policy of Gumbel MuZero).

The search's job at the root is to pick one action (simple regret), not to play well
while it learns (cumulative regret, what UCB1 minimises). With a few dozen rollouts and a
handful of candidates, UCB1 spends them unevenly on the early leader and leaves the others
with too few visits for the root's confidence rule to tell them apart. Sequential halving
spends the budget in rounds: every candidate still in is visited alike, then the worse half
is dropped, until two are left, which share what remains. With the root's children paired
(common dice and determinizations, :mod:`.search`), the candidates of a round are compared
on the same draws.

- **Candidates**: the root's first ``width`` actions in the prior's order (the heuristic's
  choice first, then the cheap preference by verb).
- **Rounds**: ``ceil(log2(width))``, each given an equal share of the budget left (the
  iterations left, or what the time left allows at the mean pace so far), at least one
  visit per candidate; the last round goes on while budget remains.
- **Dropping**: by mean reward, the prior's choice always kept when it is a judgement to
  defer to (the final choice is the best other candidate against it, by the confidence
  rule: :func:`halving_choice`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from skirmish.bots.mcts.tree import Key, Node, confident_choice


class Halving:
    """The root's schedule of sequential halving among its first ``width`` actions;
    ``keep``: the key never dropped (the heuristic's choice), if any."""

    __slots__ = ("keep", "rounds", "survivors", "target", "width")

    def __init__(self, width: int, keep: Key | None = None) -> None:
        if width < 1:
            raise ValueError("sequential halving needs at least one candidate")
        self.width = width
        self.keep = keep
        #: The candidates still in (``None`` before the first visit).
        self.survivors: list[Key] | None = None
        #: The visits every survivor is to have by the end of the round.
        self.target = 0
        #: The rounds left, this one included.
        self.rounds = 0

    def next(self, root: Node, keys: Sequence[Key], budget: Callable[[], float]) -> Key:
        """The root action to visit next, among ``keys`` (available, ranked); ``budget``
        says how many iterations are left, this one included (read at a round's start)."""
        if self.survivors is None:
            ranks = root.ranks
            self.survivors = sorted(keys, key=ranks.__getitem__)[:self.width]
            self.rounds = max(1, math.ceil(math.log2(len(self.survivors))))
            self._new_round(budget())
        available = set(keys)
        while True:
            pending = [k for k in self.survivors
                       if k in available and _visits(root, k) < self.target]
            if pending:
                return min(pending, key=lambda k: _visits(root, k))
            if not any(k in available for k in self.survivors):
                return keys[0]  # none of the candidates is legal here: never expected
            if len(self.survivors) > 2:
                self._drop(root)
                self.rounds = max(1, self.rounds - 1)
            self._new_round(budget())

    def _new_round(self, left: float) -> None:
        """The next round's target: an equal share of the ``left`` iterations for each
        survivor over the rounds left, one visit at least."""
        assert self.survivors is not None
        share = left / (self.rounds * len(self.survivors))
        self.target += max(1, int(share))

    def _drop(self, root: Node) -> None:
        """Keep the better half by mean reward (ties: the prior's order), the ``keep`` key
        in any case."""
        assert self.survivors is not None
        ranked = sorted(self.survivors,
                        key=lambda k: (-_mean(root, k), root.ranks.get(k, 0)))
        kept = ranked[:math.ceil(len(ranked) / 2)]
        if self.keep in self.survivors and self.keep not in kept:
            kept[-1] = self.keep
        self.survivors = [k for k in self.survivors if k in kept]


def _visits(root: Node, key: Key) -> int:
    child = root.children.get(key)
    return 0 if child is None else child.visits


def _mean(root: Node, key: Key) -> float:
    child = root.children.get(key)
    return 0.0 if child is None else child.mean()


def halving_choice(root: Node, halving: Halving, prior: Key | None,
                   confidence: float, student: bool = False) -> Node | None:
    """The action sequential halving chooses: the survivor of best mean (ties: the more
    visited, then the prior's order), unless the prior's choice is within ``confidence``
    standard errors of it (:func:`.tree.confident_choice`, through Student's t with
    ``student``)."""
    survivors = [root.children[k] for k in halving.survivors or () if k in root.children]
    survivors = [c for c in survivors if c.visits]
    if not survivors:
        return confident_choice(root, prior, confidence, student=student)
    best = max(survivors, key=lambda c: (c.mean(), c.visits,
                                         -root.ranks.get(c.key, 0) if c.key else 0))
    return confident_choice(root, prior, confidence, best, student)


__all__ = ["Halving", "halving_choice"]
