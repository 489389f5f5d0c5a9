"""Rulebook 3 (Create his troop): what a troop may hold, checked at preparation step 1, and
the troop's symbol that mission cards ask for (1.D, 4.A step 5). The checks of a list of
profiles themselves (:func:`profile_problems`) are the troop data's, in
:mod:`skirmish.games.eden.cards.troops`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.games.eden.cards.cards import Catalogue, MissionCard
from skirmish.games.eden.cards.troops import DEFAULT_BUDGET, profile_problems

if TYPE_CHECKING:
    from skirmish.games.eden.state import EdenState

STEP5 = "Rulebook 4.A step 5"

__all__ = ["DEFAULT_BUDGET", "STEP5", "TroopError", "mission_refusal", "profile_problems",
           "troop_problems", "troop_symbol"]


class TroopError(ValueError):
    """Rulebook 3 / 4.A step 1: a troop breaks the composition rules (the set-up is at fault)."""


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
