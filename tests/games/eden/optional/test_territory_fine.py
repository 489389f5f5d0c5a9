"""Optional rules 1, Territory Management, step 4: the last search for room on the 1 cm grid
(``territory_setup._fine_placement``) sifts the grid before step 6's own test; it must find
the very placement that test alone finds first, scanning the grid in order. Tables are
crowded at random (seeded) with the rulebook's sceneries and objective markers."""

from __future__ import annotations

import random

import pytest

from skirmish.core import Game
from skirmish.core.actions import Point
from skirmish.games.eden.actions import Place, key
from skirmish.games.eden.cards.cards import SceneryCard, scenery_from_dict
from skirmish.games.eden.optional.territory_setup import (
    FINE_ANGLES,
    _fine_placement,
    _steps,
    place_scenery,
)
from skirmish.games.eden.preparation.deployment import CLEARANCE, scenery_problem, scenery_shape
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Marker

from ..profiles import YURI
from .territory import BUSHES, POND, TREE, WALL, WRECK, state, terrain_table

CARDS = [scenery_from_dict(c) for c in (TREE, WALL, POND, BUSHES, WRECK)]


def first_by_the_exact_test(st: EdenState, card: SceneryCard) -> Place | None:
    """The reference: every point of the fine grid in order, step 6's test alone."""
    angles = (None,) if isinstance(card.shape, float | int) else FINE_ANGLES
    for angle in angles:
        x0, y0, x1, y1 = scenery_shape(card, (0.0, 0.0), angle).bounds()
        xs = _steps(CLEARANCE - x0, st.field.width - CLEARANCE - x1)
        for y in _steps(CLEARANCE - y0, st.field.height - CLEARANCE - y1):
            for x in xs:
                if not scenery_problem(st, scenery_shape(card, (x, y), angle)):
                    return Place(key(card.name), Point(x, y), angle)
    return None


def crowded_table(seed: int) -> tuple[Game, EdenState]:
    """A table with a few objective markers, then scenery placed at random legal points
    until many tries in a row find no room; and the game it is in."""
    rng = random.Random(seed)
    game = terrain_table([(YURI, -50.0, -50.0)], [], scenery=[TREE, WALL, POND, BUSHES, WRECK])
    st = state(game)
    st.markers = tuple(Marker(f"obj-{n}", rng.uniform(8, 52), rng.uniform(8, 52),
                              rng.choice((0.0, 1.0, 2.0))) for n in range(rng.randint(0, 5)))
    misses = 0
    while misses < 300:
        card = rng.choice(CARDS)
        at = (round(rng.uniform(0, 60), 1), round(rng.uniform(0, 60), 1))
        angle = rng.choice((None, 30.0, 45.0, 90.0))
        if scenery_problem(st, scenery_shape(card, at, angle)):
            misses += 1
            continue
        misses = 0
        place_scenery(game, card, 0, at, angle)
    return game, st


@pytest.mark.parametrize("seed", range(3))
def test_the_fine_search_finds_what_the_exact_test_alone_finds_first(seed: int) -> None:
    """On a crowded table, then after each placement found (the last spots filled in turn,
    as the players do), until no card fits."""
    game, st = crowded_table(seed)
    nowhere = 0
    while nowhere < len(CARDS):
        nowhere = 0
        for card in CARDS:
            expected = first_by_the_exact_test(st, card)
            found = _fine_placement(st, card)
            if expected is None:
                assert found is None
                nowhere += 1
                continue
            assert found is not None
            assert (found.scenery, found.at, found.angle) == (expected.scenery, expected.at,
                                                              expected.angle)
            place_scenery(game, card, 1, found.at, found.angle)
