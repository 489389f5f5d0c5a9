"""Rulebook 3 (Create his troop): what a troop may hold, checked at preparation step 1, and
the troop's symbol that mission cards ask for (1.D, 4.A step 5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from skirmish.games.eden.cards.cards import Catalogue, MissionCard
from skirmish.games.eden.cards.profile import FighterProfile

if TYPE_CHECKING:
    from skirmish.games.eden.state import EdenState

DEFAULT_BUDGET = 100
STEP5 = "Rulebook 4.A step 5"

__all__ = ["DEFAULT_BUDGET", "STEP5", "TroopError", "mission_refusal", "profile_problems",
           "troop_problems", "troop_symbol"]


class TroopError(ValueError):
    """Rulebook 3 / 4.A step 1: a troop breaks the composition rules (the set-up is at fault)."""


def profile_problems(profiles: Sequence[FighterProfile], troop_type: str,
                     budget: int = DEFAULT_BUDGET) -> list[str]:
    """Rulebook 3: one shared faction (Faction troop) or stigma (Stigma troop) symbol, a total
    value of at most ``budget`` points, never two fighters with the same name (FR only)."""
    problems: list[str] = []
    if troop_type not in ("faction", "stigma"):
        return [f"Rulebook 3: a troop is of type faction or stigma, not {troop_type!r}"]
    if not profiles:
        return ["Rulebook 3: a troop needs at least one fighter"]
    symbols = {p.name: getattr(p, troop_type) for p in profiles}
    if len(set(symbols.values())) > 1:
        which = ", ".join(f"{name} is {symbol}" for name, symbol in symbols.items())
        problems.append(f"Rulebook 3, {troop_type.capitalize()} troop: every fighter must "
                        f"share one {troop_type} symbol: {which}")
    total = sum(p.value for p in profiles)
    if total > budget:
        values = ", ".join(f"{p.name} {p.value}" for p in profiles)
        problems.append(f"Rulebook 3, Budget: {total} points > {budget} ({values})")
    twice = sorted(name for name, n in Counter(p.name for p in profiles).items() if n > 1)
    if twice:
        problems.append("Rulebook 3 (FR): a troop may not include a fighter with a given name "
                        f"more than once: {', '.join(twice)}")
    return problems


def troop_problems(catalogue: Catalogue, side: int, troop_type: str,
                   budget: int = DEFAULT_BUDGET) -> list[str]:
    """Rulebook 3 and 4.A step 1: what is wrong with player ``side``'s troop ([] if nothing).

    (The catalogue holds one profile per name: duplicates are refused when it is built.)"""
    profiles = [p for (s, _), p in catalogue.profiles.items() if s == side]
    return profile_problems(profiles, troop_type, budget)


def troop_symbol(state: EdenState, player: int) -> tuple[str, str] | None:
    """The symbol the player chose for his troop: ("faction", "Jokers"), or None when his
    fighters do not share one."""
    kind = state.troop_types[player]
    symbols = {getattr(f.profile, kind) for f in state.troop(player)}
    return (kind, symbols.pop()) if len(symbols) == 1 else None


def mission_refusal(state: EdenState, player: int, card: MissionCard) -> str:
    """Why ``player`` may not play this mission card now (Rulebook 1.D, 4.A step 5), or ""."""
    symbols = [(kind, value) for kind, value in (("faction", card.faction),
                                                 ("stigma", card.stigma)) if value]
    if symbols and troop_symbol(state, player) not in symbols:
        wanted = " or ".join(f"{kind} {value}" for kind, value in symbols)
        chosen = troop_symbol(state, player)
        mine = f"a {chosen[0]} troop of {chosen[1]}" if chosen else "a troop without one symbol"
        return (f"Rulebook 1.D, Mission cards (Faction or Stigma symbol): {card.name} is "
                f"reserved for a {wanted} troop; player {'AB'[player]} chose {mine}")
    other = 1 - player
    for name in state.missions[other]:
        if name == card.name and not state.catalogue.mission(other, name).secret:
            return (f"{STEP5}: the opponent's mission must differ from a revealed mission; "
                    f"{card.name} is already revealed by player {'AB'[other]}")
    return ""
