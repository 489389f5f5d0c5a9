"""Eden's fighters priced for the balancer (:mod:`skirmish.sim.balance_troops`): the
armoury of a card library, its random legal troops at a budget (Rulebook 3) and their
match set-ups. The generator: a symbol drawn uniformly among the factions and the stigmas
that can field a fighter within the budget (so faction and stigma troops both appear), a
*target* spend drawn uniformly between ``(1 - spread) * budget`` and the budget, then the
symbol's fighters in a random order, each taken if it still fits the budget, until the
target is reached."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from skirmish.sim.balance_troops import Card, RandomTroop, spend_target


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
        target = spend_target(rng, budget, spread)
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
