"""Test helpers: library cards on a table with forced dice (tests/games/eden/scenario.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from skirmish.core import Game, Procedure
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.troops import ability_dict
from skirmish.games.eden.content import load_library

from ..scenario import state, table


@lru_cache(maxsize=1)
def library() -> Library:
    return load_library()


def on_table(a: Sequence[tuple[str, float, float]], b: Sequence[tuple[str, float, float]] = (),
             *, dice: Sequence[int] = (), start: Sequence[Procedure] = (), ap: int = 3,
             abilities: dict[str, tuple[str, ...]] | None = None, plain: bool = False) -> Game:
    """Library fighters at (x, y); ``abilities`` replaces some fighters' abilities (by name);
    ``plain`` strips every ability not given there (so that one card is tested alone)."""
    lib = library()
    abilities = abilities or {}

    def profile(name: str):
        p = lib.profile(name)
        if name in abilities:
            return replace(p, abilities=abilities[name])
        return replace(p, abilities=()) if plain else p

    game = table([(profile(n), x, y) for n, x, y in a], [(profile(n), x, y) for n, x, y in b],
                 dice=dice, start=(), ap=ap,
                 equipment=[str(e) for e in lib.equipment.values()],
                 abilities=[ability_dict(x) for x in lib.abilities.values()])
    state(game).effects.extend(ability_effects(game))
    game.push(*start)
    game.advance()
    return game


def with_card(game: Game, *, missions=((), ()), tactical=((), ())) -> Game:
    st = state(game)
    st.catalogue = replace(st.catalogue, missions=tuple(tuple(m) for m in missions),
                           tactical=tuple(tuple(t) for t in tactical))
    return game
