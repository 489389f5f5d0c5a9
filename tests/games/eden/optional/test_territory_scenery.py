"""Optional rules 1, Territory Management: what scenery does to sight, crossing and stopping
(src/skirmish/games/eden/optional/terrain.py, through the geometry element each placed scenery
makes), with the rulebook's sceneries (footprints INVENTED) and INVENTED profiles."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.core.events import RollEvent
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.preparation.deployment import deploy_problem

from ..profiles import NGOBO, YURI
from .territory import (
    BUSHES,
    CRUMBLING,
    DARK_WOOD,
    LAKE,
    POND,
    TOWER,
    TREE,
    WALL,
    WRECK,
    element,
    state,
    terrain_table,
)

YURI_REF, NGOBO_REF = "A.Yuri", "B.Ngobo-Quick-Arm"


# -- sight --------------------------------------------------------------------------------------
def test_scenery_does_not_hinder_sight_unless_a_keyword_says_so() -> None:
    """A Pond (no Obstacle) is ignored by sight; a Car wreck, opaque under the basic rules,
    only counts its Obstacle (1); a Dark wood counts 3."""
    a, b = [(YURI, 10, 30)], [(NGOBO, 50, 30)]
    assert state(terrain_table(a, b, elements=[(POND, 30, 30)])).sight(
        state(terrain_table(a, b)).fighter(YURI_REF),
        state(terrain_table(a, b)).fighter(NGOBO_REF)).visible
    for card, obstacles in ((POND, 0), (WRECK, 1), (DARK_WOOD, 3), (WALL, 1)):
        game = terrain_table(a, b, elements=[(card, 30, 30, 90.0)])
        st = state(game)
        seen = st.sight(st.fighter(YURI_REF), st.fighter(NGOBO_REF))
        assert (seen.visible, seen.obstacles) == (True, obstacles), card["name"]
    assert element(terrain_table(a, b, elements=[(POND, 30, 30)]), "Pond-1").sight == "flat"


def test_impenetrable_cuts_only_the_sight_lines_passing_right_through_it() -> None:
    """FR "coupe toute ligne de vue qui passe entièrement à travers lui": a tower across the
    whole corridor blocks it; one that leaves part of the corridor free does not, and counts
    no obstacle (it has no Obstacle (X))."""
    a, b = [(YURI, 10, 30)], [(NGOBO, 50, 30)]
    st = state(terrain_table(a, b, elements=[(TOWER, 30, 30)]))
    assert not st.sight(st.fighter(YURI_REF), st.fighter(NGOBO_REF)).visible
    st = state(terrain_table(a, b, elements=[(TOWER, 30, 33)]))  # covers y 31-35 only
    seen = st.sight(st.fighter(YURI_REF), st.fighter(NGOBO_REF))
    assert (seen.visible, seen.obstacles) == (True, 0)


def test_obstacles_of_scenery_count_against_a_shot() -> None:
    """Obstacle (X) "particularly affects the penalty of ranged attacks": a Wall between the
    shooter and his target is -1 CBT."""
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 28, 30)], elements=[(WALL, 24, 30, 90.0)],
                         dice=[6, 6, 6, 6, 1, 1, 1, 1, 1, 1], start=[Activation(Ref(YURI_REF))])
    game.apply(f"shoot {YURI_REF} Throwing-knives {NGOBO_REF}")
    roll = next(e for e in game.log if isinstance(e, RollEvent) and e.roll == "shooting")
    assert roll.value == 3  # CBT 4, -1 for 1 obstacle


# -- crossing and stopping ------------------------------------------------------------------------
def test_scenery_cannot_be_crossed_unless_crossing_occupation_or_obstruction() -> None:
    """A Move straight across a Wall (Crossing); never through a Crumbling wall or a Tree
    (neither: the way around is longer than 10 cm), nor a Lake (only by swimming). Bushes
    (Crossing, Obstruction (2)) are crossed at 2 cm per cm."""
    for card, crossable in ((WALL, True), (CRUMBLING, False), (TREE, False)):
        game = terrain_table([(YURI, 20, 30)], [(NGOBO, 55, 55)],
                             elements=[(card, 23.5, 30, 90.0)], start=[Activation(Ref(YURI_REF))])
        assert element(game, f"{card['name'].replace(' ', '-')}-1").passable is crossable
        if crossable:
            assert game.check(f"move {YURI_REF} 27,30")
        else:
            with pytest.raises(IllegalActionError, match=r"Rulebook 2.D, movement: the path "
                                                         r"is longer than 10 cm"):
                game.apply(f"move {YURI_REF} 27,30")
    lake = element(terrain_table([(YURI, 5, 5)], [(NGOBO, 55, 55)], elements=[(LAKE, 30, 30)]),
                   "Lake-1")
    assert (lake.passable, lake.can_end_on, lake.sight) == (False, False, "flat")
    bushes = element(terrain_table([(YURI, 5, 5)], [(NGOBO, 55, 55)],
                                   elements=[(BUSHES, 30, 30)]), "Bushes-1")
    assert (bushes.passable, bushes.can_end_on, bushes.move_cost) == (True, False, 2.0)


def test_no_move_ends_on_scenery_without_occupation() -> None:
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 55, 55)],
                         elements=[(WALL, 25, 30, 90.0), (POND, 25, 45)],
                         start=[Activation(Ref(YURI_REF))])
    with pytest.raises(IllegalActionError, match=r"a move cannot end on this scenery"):
        game.apply(f"move {YURI_REF} 25,30")
    with pytest.raises(IllegalActionError, match=r"stand on impassable scenery"):
        terrain_table([(YURI, 20, 30)], [(NGOBO, 55, 55)], elements=[(TREE, 25, 30)],
                      start=[Activation(Ref(YURI_REF))]).apply(f"move {YURI_REF} 25,30")
    game.apply(f"move {YURI_REF} 25,38")  # not on the pond yet
    assert game.check(f"move {YURI_REF} 25,44")  # Occupation: it may stop in the pond


def test_obstruction_costs_x_cm_per_cm() -> None:
    """Obstruction (2) (Dark wood): the 10 cm of a Move cover 5 cm inside it."""
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 55, 55)], elements=[(DARK_WOOD, 30, 30)],
                         start=[Activation(Ref(YURI_REF))], dice=[4])  # its Hostile Presence
    with pytest.raises(IllegalActionError, match=r"longer than 10 cm"):
        game.apply(f"move {YURI_REF} 28,30")  # 2.5 cm outside, 5.5 cm inside: 13.5 cm
    game.apply(f"move {YURI_REF} 26,30")  # 2.5 + 2 x 3.5 = 9.5 cm


def test_deployment_never_puts_a_fighter_on_scenery_it_may_not_stop_on() -> None:
    game = terrain_table([(YURI, 30, 55)], [(NGOBO, 30, 58)],
                         elements=[(TREE, 10, 5), (BUSHES, 20, 5), (POND, 40, 5)])
    st = state(game)
    st.halves = ["south", "north"]
    yuri = st.fighter(YURI_REF)
    assert "impassable scenery" in deploy_problem(st, yuri, (10, 5))
    assert "scenery a fighter cannot stop on" in deploy_problem(st, yuri, (20, 5))
    assert deploy_problem(st, yuri, (40, 5)) == ""  # Occupation
