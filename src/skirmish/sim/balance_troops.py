"""Random legal troops (Eden) and bands (Mass Effect: Annihilation) at a budget: the troops
the balancer (:mod:`skirmish.sim.balance`) plays against each other.

An *armoury* is a ruleset's view of a card library for balancing: its priced choices
(:class:`Card`: Eden's fighters; ME:A's profiles and its items, which a band may swap at
their printed cost, ruling ME39), a generator of random troops, the library's own troop
check, and the match set-up of two troops. :meth:`Armoury.repriced` gives the same armoury
with other costs (``--iterate``, ``--what-if``).

The generator (Eden, Rulebook 3): a symbol drawn uniformly among the factions and the
stigmas that can field a fighter within the budget (so faction and stigma troops both
appear), a *target* spend drawn uniformly between ``(1 - spread) * budget`` and the budget,
then the symbol's fighters in a random order, each taken if it still fits the budget, until
the target is reached. Every fighter of a symbol is first in the order as often as any
other, so every fighter of value at most the budget appears. ME:A (ME7, ME39): a faction,
a target, then figures drawn one at a time among the profiles that fit (a ``Unique`` one
once), each with probability :data:`SWAP` carrying another item than its card's (an item
added up to its limit, or one of its items replaced), the item's points paid.

The spread of spends is what tells how many points a win is worth: troops that all spent
exactly the budget would say nothing about the value of a point (see
:mod:`skirmish.sim.balance_fit`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import reduce
from typing import Any, Protocol

from skirmish.core.names import fold, match_name

#: The chance that a random ME:A figure carries other equipment than its card's.
SWAP = 0.35


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
    armoury it holds (``counts``, in the armoury's card order; an ME:A item counts +1 when
    carried beyond a card, -1 when a card's item is left out), the other features of the
    fit (``nuisance``) and its spend."""

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
    """The step of the printed costs of a kind (their greatest common divisor: 5 for the
    sample Eden fighters), so that suggestions are rounded to prices a designer prints."""
    costs = [c.cost for c in armoury.cards if c.kind == kind and c.cost > 0]
    return max(1, reduce(math.gcd, costs, 0))


def _target(rng: random.Random, budget: int, spread: float) -> int:
    low = max(0, min(budget, math.ceil((1 - spread) * budget)))
    return rng.randint(low, budget)


# -- Eden ----------------------------------------------------------------------------------------
class EdenArmoury:
    """Eden's fighters (equipment and abilities are printed on the profiles, so a fighter's
    effect is his with them; tactical cards are not part of a troop: every troop draws its
    hand from the whole deck in play)."""

    game = "eden"
    nuisance: tuple[str, ...] = ("stigma troop",)
    budget_range = (1, 200)

    def __init__(self, library: Any) -> None:
        self.library = library
        fighters = sorted(library.fighters.values(), key=lambda p: (p.faction, p.name))
        self.cards = tuple(Card("fighter", p.name, p.value, p.faction,
                                "; ".join((*p.equipment, *p.abilities))) for p in fighters)
        self._index = {c.name: i for i, c in enumerate(self.cards)}
        stigmas = sorted({p.stigma for p in fighters if p.stigma})
        self._symbols = [("faction", f) for f in library.factions()] + [
            ("stigma", s) for s in stigmas]

    def scenarios(self) -> tuple[str, ...]:
        return ()

    def random_troop(self, rng: random.Random, budget: int, spread: float,
                     label: str, include: str | None = None) -> RandomTroop:
        """A random legal troop; with ``include`` (a fighter's name) one of the symbols he
        has, with him first (if he fits the budget)."""
        from skirmish.games.eden.cards.troops import Troop

        fighters = self.library.fighters
        pools = [(kind, symbol, [n for n in sorted(fighters)
                                 if getattr(fighters[n], kind) == symbol
                                 and fighters[n].value <= budget])
                 for kind, symbol in self._symbols]
        pools = [p for p in pools if p[2]]
        if not pools:
            raise ValueError(f"--budget: no fighter of the library costs {budget} points or "
                             "less")
        if include is not None:
            pools = [p for p in pools if include in p[2]] or pools
        kind, symbol, names = rng.choice(pools)
        target = _target(rng, budget, spread)
        order = list(names)
        rng.shuffle(order)
        if include in order:
            order.remove(include)
            order.insert(0, include)
        chosen: list[str] = []
        total = 0
        for name in order:
            if total >= target and chosen:
                break
            value = fighters[name].value
            if total + value <= budget:
                chosen.append(name)
                total += value
        chosen.sort(key=lambda n: self._index[n])
        counts = [0] * len(self.cards)
        for name in chosen:
            counts[self._index[name]] += 1
        troop = Troop(kind, tuple(chosen), budget, None, label)
        return RandomTroop(label, troop, tuple(counts), (float(kind == "stigma"),), total,
                           f"{kind} {symbol}")

    def problems(self, troop: RandomTroop, budget: int) -> list[str]:
        from skirmish.games.eden.cards.troops import troop_problems

        return list(troop_problems(self.library, replace(troop.data, budget=budget)))

    def setup(self, a: RandomTroop, b: RandomTroop, *, rounds: int, scenario: str
              ) -> dict[str, Any]:
        return dict(self.library.setup(a.data, b.data, max_rounds=rounds))

    def repriced(self, prices: Mapping[str, int]) -> EdenArmoury:
        if not prices:
            return self
        fighters = dict(self.library.fighters)
        for name, cost in prices.items():
            if name not in fighters:
                raise KeyError(f"no fighter {name!r} to re-price")
            fighters[name] = replace(fighters[name], value=int(cost))
        return EdenArmoury(replace(self.library, fighters=fighters))


# -- Mass Effect: Annihilation ------------------------------------------------------------------
class MassEffectArmoury:
    """ME:A's profiles and items: a band may give a figure other items than its card's,
    each item not on the card costing its points (ME39), so items are priced choices too."""

    game = "masseffect"
    nuisance: tuple[str, ...] = ()
    budget_range = (10, 200)

    def __init__(self, library: Any) -> None:
        self.library = library
        profiles = sorted(library.profiles.values(), key=lambda p: (p.faction, p.name))
        weapons = sorted(library.weapons.values(), key=lambda w: w.name)
        self.cards = tuple(
            [Card("profile", p.name, p.points, p.faction, ", ".join(p.equipment))
             for p in profiles]
            + [Card("item", w.name, w.points, "equipment", "") for w in weapons])
        self._profile_index = {c.name: i for i, c in enumerate(self.cards)
                               if c.kind == "profile"}
        self._item_index = {c.name: i for i, c in enumerate(self.cards) if c.kind == "item"}

    def scenarios(self) -> tuple[str, ...]:
        return tuple(self.library.scenarios)

    def random_troop(self, rng: random.Random, budget: int, spread: float,
                     label: str, include: str | None = None) -> RandomTroop:
        """A random legal band; with ``include`` (a profile's or an item's name) its first
        figure is that profile, or carries that item (if it fits the budget)."""
        from skirmish.games.masseffect.cards.bands import Band, BandEntry

        library = self.library
        factions = [f for f in library.factions()
                    if any(p.points <= budget for p in library.profiles.values()
                           if p.faction == f)]
        if not factions:
            raise ValueError(f"--budget: no profile of the library costs {budget} points or "
                             "less")
        if include in library.profiles and library.profiles[include].points <= budget:
            factions = [library.profiles[include].faction]
        faction = rng.choice(factions)
        pool = [library.profiles[n] for n in sorted(library.profiles)
                if library.profiles[n].faction == faction]
        items = [library.weapons[n] for n in sorted(library.weapons)]
        target = _target(rng, budget, spread)
        entries: list[BandEntry] = []
        counts = [0] * len(self.cards)
        used: set[str] = set()
        total = 0
        while total < target or not entries:
            options = [p for p in pool if p.points <= budget - total
                       and not (p.unique and p.name in used)]
            if not options:
                break
            first = not entries and include is not None
            if first and include in library.profiles and library.profiles[include] in options:
                profile = library.profiles[include]
            else:
                profile = rng.choice(options)
            entry, cost = BandEntry(profile.name), profile.points
            if first and include in library.weapons:
                entry, cost = self._swap(rng, profile, [library.weapons[include]],
                                         budget - total)
            elif rng.random() < SWAP:
                entry, cost = self._swap(rng, profile, items, budget - total)
            entries.append(entry)
            used.add(profile.name)
            total += cost
            counts[self._profile_index[profile.name]] += 1
            if entry.equipment is not None:
                own = {fold(i) for i in profile.equipment}
                carried = {fold(i) for i in entry.equipment}
                for item in items:
                    key = fold(item.name)
                    counts[self._item_index[item.name]] += (key in carried) - (key in own)
        band = Band(label, tuple(entries), faction, budget)
        return RandomTroop(label, band, tuple(counts), (), total, f"faction {faction}")

    @staticmethod
    def _swap(rng: random.Random, profile: Any, items: Sequence[Any], room: int
              ) -> tuple[Any, int]:
        """A figure with another item than its card's (added below the limit, or one of
        its items replaced) if one fits ``room`` points; else the card's own."""
        from skirmish.games.masseffect.cards.bands import BandEntry

        own = list(profile.equipment)
        own_keys = {fold(i) for i in own}
        others = [w for w in items if fold(w.name) not in own_keys
                  and profile.points + w.points <= room]
        if not others:
            return BandEntry(profile.name), profile.points
        new = rng.choice(others)
        carried = list(own)
        if len(own) < profile.equipment_limit and (not own or rng.random() < 0.5):
            carried.append(new.name)
        else:
            carried[rng.randrange(len(carried))] = new.name
        return BandEntry(profile.name, tuple(carried)), profile.points + new.points

    def problems(self, troop: RandomTroop, budget: int) -> list[str]:
        from skirmish.games.masseffect.cards.bands import band_problems

        return list(band_problems(self.library, replace(troop.data, budget=budget)))

    def setup(self, a: RandomTroop, b: RandomTroop, *, rounds: int, scenario: str
              ) -> dict[str, Any]:
        from skirmish.games.masseffect import match_setup

        return dict(match_setup(self.library, [a.data, b.data], scenario))

    def repriced(self, prices: Mapping[str, int]) -> MassEffectArmoury:
        if not prices:
            return self
        profiles, weapons = dict(self.library.profiles), dict(self.library.weapons)
        for name, cost in prices.items():
            if name in profiles:
                profiles[name] = replace(profiles[name], points=int(cost))
            elif name in weapons:
                weapons[name] = replace(weapons[name], points=int(cost))
            else:
                raise KeyError(f"no profile or item {name!r} to re-price")
        return MassEffectArmoury(replace(self.library, profiles=profiles, weapons=weapons))


def armoury_for(game: str, content: Sequence[str] = ()) -> Armoury:
    """The armoury of a ruleset's library: the sample cards plus ``content`` folders."""
    if game == "eden":
        from skirmish.games.eden.cards.library import load_library

        return EdenArmoury(load_library(tuple(content)))
    if game == "masseffect":
        from skirmish.games.masseffect.cards.library import load_library as load_me

        return MassEffectArmoury(load_me(tuple(content)))
    raise ValueError(f"--game: eden or masseffect, got {game!r}")
