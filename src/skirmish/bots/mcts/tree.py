"""The tree of single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

One tree for the observer's information set: a node is a line of play from the decision
being searched (the actions taken, by text), whatever the unknowns and the dice were; each
iteration walks it with one determinization, and only the actions legal in that
determinization are **available**. A child keeps its visits, the total reward of the player
who chose it and its **availability count** (how often it could have been chosen when its
parent was visited); UCB1 explores with the availability count in place of the parent's
visits (ISMCTS's subset-armed bandit):

    UCB(child) = reward / visits + c · sqrt(ln(availability) / visits)

A prior may give some actions a bonus (``Node.bias``, the heuristic's choice at the root):
``b · sqrt(n) / (1 + visits)`` added to its UCB (as PUCT does), so that the search leaves
the prior's choice only for an action it finds better.

**Progressive widening**: a node visited n times admits only its first
``ceil(C · n^α)`` available actions (at least one) in the order of a prior, so that choices
sampled from a continuum (move destinations, template angles, charge contact points) enter
the search as the node is visited more, the prior's preference first. Actions are ranked
when a node first sees them (the prior orders the new ones; later ones come after).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any

#: A child's key: the player who chooses and the action's text.
Key = tuple[int, str]


def admitted(visits: int, widening: float, alpha: float) -> int:
    """How many children a node visited ``visits`` times admits: ``ceil(C · n^α)``, at
    least 1 (``widening`` is C)."""
    width: float = widening * math.pow(visits, alpha)
    return max(1, math.ceil(width - 1e-9))


class Node:
    """A line of play in the observer's information set.

    A node knows its children, not its parent: the tree holds no reference cycle, so a
    finished search's tree (with the actions it listed) is freed as soon as it is dropped,
    and never left to Python's cyclic garbage collector, whose full collections of a heap
    that size took up to some 360 ms in the middle of a later search."""

    __slots__ = ("avail", "bias", "children", "key", "listed", "ranks", "reward", "square",
                 "values", "visits")

    def __init__(self, key: Key | None = None) -> None:
        self.key = key
        self.children: dict[Key, Node] = {}
        self.visits = 0
        #: The total reward of the player who chose this node's action (``key[0]``).
        self.reward = 0.0
        #: The sum of the squared rewards (for the spread of the mean).
        self.square = 0.0
        self.avail = 0
        #: Each action seen here, by key: its place in the prior's order.
        self.ranks: dict[Key, int] = {}
        #: Per determinization and dice values: the legal actions listed here and what lets
        #: an identical copy apply them unchecked.
        self.listed: dict[Any, Any] = {}
        #: A prior's bonus for some actions (the heuristic's choice at the root).
        self.bias: dict[Key, float] = {}
        #: Each reward in the order received, kept when the search pairs the root's
        #: children (their k-th visits share the dice and determinization): ``None`` else.
        self.values: list[float] | None = None

    @property
    def player(self) -> int:
        """Who chose the action of this node (-1 at the root)."""
        return -1 if self.key is None else self.key[0]

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    def error(self) -> float:
        """The standard error of the mean reward (1 before two visits)."""
        if self.visits < 2:
            return 1.0
        mean = self.mean()
        variance = max(0.0, self.square / self.visits - mean * mean)
        return math.sqrt(variance / (self.visits - 1))

    def rank(self, keys: Sequence[Key], order: Callable[[list[Key]], list[Key]]) -> None:
        """Give every key not ranked yet a rank after those known, in ``order`` of them."""
        new = [k for k in keys if k not in self.ranks]
        if new:
            for key in order(new):
                self.ranks[key] = len(self.ranks)

    def update(self, value: float) -> None:
        """Back-propagate a result: ``value`` is player 0's reward in [0, 1]."""
        self.visits += 1
        if self.key is not None:
            reward = value if self.key[0] == 0 else 1.0 - value
            self.reward += reward
            self.square += reward * reward
            if self.values is not None:
                self.values.append(reward)

    def best(self) -> Node | None:
        """The most visited child (ties: the higher mean, then the earlier rank)."""
        if not self.children:
            return None
        return max(self.children.values(), key=self.order_of)

    def order_of(self, child: Node) -> tuple[int, float, int]:
        """How a child ranks among its siblings: visits, then mean, then the prior's
        rank."""
        rank = self.ranks.get(child.key, 0) if child.key is not None else 0
        return child.visits, child.mean(), -rank

    def line(self, plies: int) -> list[Node]:
        """The principal variation: the most visited child, its most visited child..."""
        out: list[Node] = []
        node: Node | None = self
        while node is not None and len(out) < plies:
            node = node.best()
            if node is not None and node.visits:
                out.append(node)
        return out


def confident_choice(node: Node, prior: Key | None, confidence: float,
                     best: Node | None = None, student: bool = False) -> Node | None:
    """The most visited child (or ``best``, another rule's pick), unless the prior's choice
    is within ``confidence`` standard errors of it (of their difference; of the paired
    differences when both children keep their ``values``, :func:`paired_margin`, read
    through Student's t with ``student``): then the prior's. A small search leaves the
    prior only for an action it has found better, not for noise."""
    if best is None:
        best = node.best()
    held = node.children.get(prior) if prior is not None else None
    if best is None or held is None or held is best or not held.visits or confidence <= 0:
        return best
    if best.values is not None and held.values is not None:
        margin = paired_margin(best.values, held.values, student)
        return best if margin > confidence else held
    spread = math.hypot(best.error(), held.error())
    return held if best.mean() - held.mean() <= confidence * spread else best


def margin_choice(node: Node, prior: Key | None, confidence: float,
                  pairs: int = 2, student: bool = False) -> Node | None:
    """``pick`` "margin": the child that beats the prior's choice by most standard errors
    of the paired differences, over ``pairs`` pairs or more, if by more than
    ``confidence``; else the prior's. Under UCB1 the most visited child is not always the
    one that beats the prior's most surely: when the root's actions lie close together the
    exploration spreads the visits, and a rival ahead of the prior's choice by many
    standard errors may have fewer visits than another (in one game, 39 of hard's 198
    searches in heuristic self-play kept the prior's choice over such a rival, 38 of them
    rightly found better by searches of 100 pairs each: docs/bots.md). Without paired
    values, or without the prior's choice among the children, the rule of
    :func:`confident_choice`. ``student``: the margins read through Student's t."""
    held = node.children.get(prior) if prior is not None else None
    if held is None or held.values is None or not held.visits or confidence <= 0:
        return confident_choice(node, prior, confidence, student=student)
    best, margin = held, confidence
    for child in node.children.values():
        if child is held or child.values is None:
            continue
        if min(len(child.values), len(held.values)) < pairs:
            continue
        ahead = paired_margin(child.values, held.values, student)
        if ahead > margin:
            best, margin = child, ahead
    return best


def paired_margin(better: Sequence[float], held: Sequence[float],
                  student: bool = False) -> float:
    """How many standard errors ``better`` beats ``held`` by, over their paired samples
    (the k-th of each drawn with the same dice and determinization): the mean of the
    differences over its standard error (0 with fewer than two pairs; the mean difference
    times 1e9 when every pair differs alike). With ``student`` that ratio, a Student's t
    with one degree of freedom fewer than the pairs, is given as the normal deviate of the
    same tail (:func:`normal_equivalent`): over a few pairs the estimated standard error is
    itself noisy, and a ratio of 2 over 3 pairs is far likelier by chance (a one-sided 9 %)
    than a normal deviate of 2 (2.3 %)."""
    pairs = min(len(better), len(held))
    if pairs < 2:
        return 0.0
    diffs = [better[k] - held[k] for k in range(pairs)]
    mean = sum(diffs) / pairs
    variance = sum((d - mean) ** 2 for d in diffs) / (pairs - 1)
    if variance <= 1e-18:
        return mean * 1e9
    ratio = mean / math.sqrt(variance / pairs)
    return normal_equivalent(ratio, pairs - 1) if student else ratio


#: Above these degrees of freedom Student's t is taken for the normal deviate.
_NORMAL_FROM = 400


def normal_equivalent(t: float, dof: int) -> float:
    """The normal deviate with the tail of Student's ``t`` with ``dof`` degrees of freedom
    (the exact distribution function for whole degrees: Abramowitz & Stegun 26.7.3-4), so
    that a ``confidence`` in standard errors means the same odds of noise over any number
    of pairs."""
    if dof < 1:
        raise ValueError(f"Student's t needs a degree of freedom or more, got {dof}")
    if dof >= _NORMAL_FROM or t == 0:
        return t
    theta = math.atan(abs(t) / math.sqrt(dof))
    c2 = math.cos(theta) ** 2
    if dof % 2:  # odd: (2/pi)(theta + sin cos (1 + 2/3 cos^2 + 2.4/3.5 cos^4 + ...))
        term, total = 1.0, 1.0 if dof > 1 else 0.0
        for k in range(1, (dof - 1) // 2):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        inside = 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)
    else:  # even: sin (1 + 1/2 cos^2 + 1.3/2.4 cos^4 + ...)
        term, total = 1.0, 1.0
        for k in range(1, dof // 2):
            term *= c2 * (2 * k - 1) / (2 * k)
            total += term
        inside = math.sin(theta) * total
    # P(|T| < |t|) = inside; the deviate of the same two-sided (so one-sided) tail.
    tail = (1 - inside) / 2
    if tail <= 1e-300:
        return math.copysign(40.0, t)
    return math.copysign(-NormalDist().inv_cdf(tail), t)


def ucb(child: Node, exploration: float) -> float:
    """UCB1 with the availability count (see the module's description)."""
    return child.mean() + exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)


def select(node: Node, keys: Sequence[Key], exploration: float, widening: float,
           alpha: float) -> tuple[Key, bool]:
    """The key to follow among ``keys`` (the actions available in this determinization,
    all ranked): the first admitted one never tried if any (then ``True``: a child to
    expand), else the admitted child of highest UCB. Every admitted child that exists has
    its availability counted."""
    ranks = node.ranks
    window = sorted(keys, key=ranks.__getitem__)[:admitted(node.visits, widening, alpha)]
    untried: Key | None = None
    best: Key | None = None
    best_score = -math.inf
    for key in window:
        child = node.children.get(key)
        if child is None:
            if untried is None:
                untried = key
            continue
        child.avail += 1
        if untried is None and child.visits:
            score = ucb(child, exploration)
            if key in node.bias:
                score += node.bias[key] * math.sqrt(node.visits) / (1 + child.visits)
            if score > best_score:
                best, best_score = key, score
    if untried is not None:
        return untried, True
    if best is None:  # every admitted child exists but none was visited (an error earlier)
        best = window[0]
    return best, False


def expand(node: Node, key: Key) -> Node:
    """The child of ``key``, made when first chosen (available once already)."""
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = Node(key)
        child.avail = 1
    return child


__all__ = ["Key", "Node", "admitted", "confident_choice", "expand", "paired_margin", "select",
           "ucb"]
