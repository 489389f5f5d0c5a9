"""Random legal troops at a budget: the troops the balancer (:mod:`skirmish.sim.balance`)
plays against each other.

An *armoury* is a game's view of a card library for balancing: its priced choices
(:class:`Card`: fighters, profiles, items a band may swap at their printed cost ...), a
generator of random troops, the library's own troop check, and the match set-up of two
troops. :meth:`Armoury.repriced` gives the same armoury with other costs (``--iterate``,
``--what-if``). A game offers one through its ``"sim"`` part
(:meth:`skirmish.sim.game_parts.GameSims.armoury`).

A generator draws a *target* spend uniformly between ``(1 - spread) * budget`` and the
budget (:func:`spend_target`), then cards that still fit the budget until the target is
reached. The spread of spends is what tells how many points a win is worth: troops that all
spent exactly the budget would say nothing about the value of a point (see
:mod:`skirmish.sim.balance_fit`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any, Protocol

from skirmish.core.names import match_name


@dataclass(frozen=True, slots=True)
class Card:
    """A priced choice of troop building: its kind ("fighter", "profile", "item"), name,
    printed cost, group (faction, or "equipment") and what it comes with."""

    kind: str
    name: str
    cost: int
    group: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class RandomTroop:
    """A generated troop: the ruleset's own troop (``data``), how many of each card of the
    armoury it holds (``counts``, in the armoury's card order; an item a game lets a troop
    swap counts +1 when carried beyond a card, -1 when a card's item is left out), the
    other features of the fit (``nuisance``) and its spend."""

    label: str
    data: Any
    counts: tuple[int, ...]
    nuisance: tuple[float, ...]
    spend: int
    symbol: str


class Armoury(Protocol):
    """A ruleset's library for balancing (read-only attributes: see the module)."""

    @property
    def game(self) -> str: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def nuisance(self) -> tuple[str, ...]: ...

    @property
    def budget_range(self) -> tuple[int, int]: ...

    def random_troop(self, rng: random.Random, budget: int, spread: float,
                     label: str, include: str | None = None) -> RandomTroop: ...

    def problems(self, troop: RandomTroop, budget: int) -> list[str]: ...

    def setup(self, a: RandomTroop, b: RandomTroop, *, rounds: int, scenario: str
              ) -> dict[str, Any]: ...

    def repriced(self, prices: Mapping[str, int]) -> Armoury: ...

    def scenarios(self) -> tuple[str, ...]: ...


def card_named(armoury: Armoury, name: str) -> Card:
    """A card of the armoury by the one name matcher (a KeyError names it)."""
    exact = match_name(name, [c.name for c in armoury.cards], "card")
    return next(c for c in armoury.cards if c.name == exact)


def price_step(armoury: Armoury, kind: str) -> int:
    """The step of the printed costs of a kind (their greatest common divisor: 5 for
    fighters priced 5, 10, 15 ...), so that suggestions are rounded to prices a designer prints."""
    costs = [c.cost for c in armoury.cards if c.kind == kind and c.cost > 0]
    return max(1, reduce(math.gcd, costs, 0))


def spend_target(rng: random.Random, budget: int, spread: float) -> int:
    """A random troop's target spend: uniform from ``(1 - spread) * budget`` to the
    budget."""
    low = max(0, min(budget, math.ceil((1 - spread) * budget)))
    return rng.randint(low, budget)


def armoury_for(game: str, content: Sequence[str] = ()) -> Armoury:
    """The armoury of a game's library (its ``"sim"`` part,
    :meth:`skirmish.sim.game_parts.GameSims.armoury`): the sample cards plus ``content``
    folders."""
    from skirmish.sim.game_parts import sims_of

    return sims_of(game).armoury(tuple(content))
