"""Mass Effect: Annihilation's profiles and items priced for the balancer
(:mod:`skirmish.sim.balance_troops`): random legal bands at a budget (ME7, ME39): a faction,
a target, then figures drawn one at a time among the profiles that fit (a ``Unique`` one
once), each with probability :data:`SWAP` carrying another item than its card's (an item
added up to its limit, or one of its items replaced), the item's points paid."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skirmish.core.names import fold
from skirmish.sim.balance_troops import Card, RandomTroop, spend_target

#: The chance that a random figure carries other equipment than its card's.
SWAP = 0.35


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
        target = spend_target(rng, budget, spread)
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
