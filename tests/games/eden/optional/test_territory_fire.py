"""Optional rules 1, A: Flammable (FR "Inflammable") (src/skirmish/games/eden/optional/fire.py):
how scenery catches fire, spreads it to fighters, burns on in the intendancy, counts its
burn markers as Destruction (X) attacks and changes its keywords. Sceneries from the sample
library (footprints INVENTED); profiles and equipment INVENTED."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.games.eden.cards.keywords import (
    Crossing,
    Destruction,
    Flammable,
    Obstacle,
    Obstruction,
    Occupation,
)
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.destruction import PushedOutEvent
from skirmish.games.eden.optional.fire import add_burn, burning_keywords
from skirmish.games.eden.optional.terrain import attacks, burn_markers
from skirmish.games.eden.rounds.intendancy import Intendancy

from ..invariants import check_invariants
from ..profiles import NGOBO, YURI
from .territory import (
    BUSHES,
    DARK_WOOD,
    GRENADIER,
    PYRO,
    TREE,
    WALL,
    WRECK,
    element,
    state,
    terrain_table,
    texts,
)

YURI_REF, NGOBO_REF, PYRO_REF, GRENADIER_REF = ("A.Yuri", "B.Ngobo-Quick-Arm", "A.Vlädd",
                                                "A.Grenadier")


def keywords(game: object, ident: str) -> list[str]:
    return [k.to_text() for k in state(game).terrain[ident].keywords]  # type: ignore[arg-type]


def test_burning_keywords_lose_crossing_occupation_obstruction_and_gain_an_obstacle() -> None:
    printed = (Flammable(), Destruction(6), Obstruction(2), Occupation(), Obstacle(3))
    assert burning_keywords(printed) == (Flammable(), Destruction(6), Obstacle(4))
    assert burning_keywords((Flammable(), Destruction(3), Obstruction(2), Crossing())) == (
        Flammable(), Destruction(3), Obstacle(1))


# -- 1. catching fire -----------------------------------------------------------------------------
def test_a_molotov_landing_on_a_tree_sets_it_on_fire() -> None:
    game = terrain_table([(YURI, 15, 30)], [(NGOBO, 50, 50)], elements=[(TREE, 25, 30)],
                         start=[Activation(Ref(YURI_REF))])
    assert element(game, "Tree-1").obstacle_count == 1
    game.apply("throw A.Yuri Molotov 25,30")  # Burn (1); nobody stands there: no dice
    st = state(game)
    assert (burn_markers(st, "Tree-1"), attacks(st, "Tree-1")) == (1, 1)
    assert keywords(game, "Tree-1") == ["Flammable", "Destruction (3)", "Obstacle (2)"]
    assert element(game, "Tree-1").obstacle_count == 2
    assert "Tree-1 gets a burn marker (A.Yuri's Molotov): 1 in all" in texts(game)
    assert game.view(0)["terrain"]["Tree-1"]["burn"] == 1
    check_invariants(game)


def test_a_flamethrower_blast_covering_bushes_sets_them_on_fire() -> None:
    game = terrain_table([(PYRO, 20, 30)], [(NGOBO, 35, 30)], elements=[(BUSHES, 28, 30)],
                         start=[Activation(Ref(PYRO_REF))])
    assert element(game, "Bushes-1").passable
    game.apply("blast A.Vlädd Flamethrower 0")
    st = state(game)
    assert burn_markers(st, "Bushes-1") == 1
    assert keywords(game, "Bushes-1") == ["Flammable", "Destruction (3)", "Obstacle (1)"]
    bushes = element(game, "Bushes-1")
    assert (bushes.passable, bushes.move_cost, bushes.sight) == (False, 1.0, "low")
    assert st.fighter(NGOBO_REF).marker_count(Condition.BURN) == 1  # as a fighter would
    check_invariants(game)


def test_an_explosion_with_burn_2_covering_a_tree_gives_it_2_markers_and_2_attacks() -> None:
    game = terrain_table([(GRENADIER, 20, 30)], [(NGOBO, 50, 50)], elements=[(TREE, 30, 45)],
                         start=[Activation(Ref(GRENADIER_REF))])
    game.apply("throw A.Grenadier Fire-grenade 30,42")  # the 7.5 cm template reaches it
    st = state(game)
    assert (burn_markers(st, "Tree-1"), attacks(st, "Tree-1")) == (2, 2)
    assert "Tree-1 suffers 2 attacks (2 burn markers): 2/3 attacks" in texts(game)


def test_a_template_without_burn_or_scenery_not_flammable_does_not_catch_fire() -> None:
    game = terrain_table([(GRENADIER, 20, 30)], [(NGOBO, 50, 50)],
                         elements=[(TREE, 30, 45), (WRECK, 20, 45)],
                         start=[Activation(Ref(GRENADIER_REF))])
    game.apply("throw A.Grenadier Frag-grenade 30,42")  # Explosive, no Burn
    game.apply("throw A.Grenadier Fire-grenade 20,42")  # Burn (2) on a car wreck
    st = state(game)
    assert burn_markers(st, "Tree-1") == burn_markers(st, "Car-wreck-1") == 0
    assert attacks(st, "Car-wreck-1") == 0  # a template is no attack on the scenery


# -- 2. fighters in contact ---------------------------------------------------------------------
def test_a_fighter_beginning_its_activation_against_a_burning_tree_gets_a_burn_marker() -> None:
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 50, 50)],
                         elements=[(TREE, 23.5, 30), (WALL, 17.5, 30, 90.0)])
    st = state(game)
    add_burn(game, "Tree-1", 1, "a test")
    game.push(Activation(Ref(YURI_REF)))
    game.advance()
    assert st.fighter(YURI_REF).marker_count(Condition.BURN) == 1  # the tree; the wall is cold
    reason = next(t for t in texts(game) if "burn" in t and "A.Yuri" in t)
    assert "Tree-1 burning (Rulebook, optional rules 1, A: Flammable, its activation begins)" \
        in reason


def test_a_fighter_ending_a_move_against_a_burning_element_gets_a_burn_marker() -> None:
    game = terrain_table([(YURI, 10, 30)], [(NGOBO, 50, 50)], elements=[(TREE, 25, 30)],
                         start=[Activation(Ref(YURI_REF))])
    st = state(game)
    add_burn(game, "Tree-1", 1, "a test")
    game.apply("move A.Yuri 19,30")  # not in contact yet
    assert st.fighter(YURI_REF).marker_count(Condition.BURN) == 0
    game.apply("move A.Yuri 21.5,30")  # touching the tree
    assert st.fighter(YURI_REF).marker_count(Condition.BURN) == 1


# -- 3.-4. intendancy, and the burn markers as attacks ------------------------------------------
def test_a_burning_element_gets_a_marker_in_intendancy_step_1_and_is_destroyed_at_x() -> None:
    game = terrain_table([(YURI, 10, 10)], [(NGOBO, 50, 50)],
                         elements=[(TREE, 30, 30), (TREE, 40, 40), (DARK_WOOD, 20, 45)])
    st = state(game)
    add_burn(game, "Tree-1", 1, "a test")
    add_burn(game, "Tree-2", 2, "a test")  # Destruction (3): the third marker destroys it
    game.push(Intendancy())
    game.advance()
    assert (burn_markers(st, "Tree-1"), attacks(st, "Tree-1")) == (2, 2)
    assert "Tree-2" not in st.terrain and "Devastated-area-1" in st.terrain
    assert burn_markers(st, "Dark-wood-1") == 0  # not burning: no marker
    at = texts(game)
    assert at.index("Tree-1 gets a burn marker (intendancy step 1): 2 in all") < at.index(
        "end of round 0")
    check_invariants(game)


def test_burn_markers_and_attack_actions_add_up() -> None:
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 50, 50)], elements=[(TREE, 23.5, 30)],
                         start=[Activation(Ref(YURI_REF))])
    st = state(game)
    add_burn(game, "Tree-1", 2, "a test")
    game.apply("attack A.Yuri Tree-1")
    assert "Tree-1" not in st.terrain


# -- 5. a burning element loses Occupation: who stood on it -------------------------------------
def test_fighters_in_a_wood_that_catches_fire_are_put_just_outside() -> None:
    game = terrain_table([(PYRO, 20, 30)], [(NGOBO, 33, 30)], elements=[(DARK_WOOD, 35, 30)],
                         start=[Activation(Ref(PYRO_REF))], dice=[4])
    st = state(game)
    assert element(game, "Dark-wood-1").can_end_on
    game.apply("blast A.Vlädd Flamethrower 0")
    wood = element(game, "Dark-wood-1")
    assert (wood.passable, wood.can_end_on, wood.obstacle_count) == (False, False, 4)
    ngobo = st.fighter(NGOBO_REF)
    pushed = next(e for e in game.log if isinstance(e, PushedOutEvent))
    assert pushed.fighter == NGOBO_REF and (ngobo.x, ngobo.y) == pushed.end
    assert ngobo.x < 35 - 6 - 1.5 + 1e-6  # out of the wood, on the side it stood nearest
    check_invariants(game)
    with pytest.raises(IllegalActionError, match="impassable"):
        game.apply("move A.Vlädd 35,30")


def test_each_burning_element_in_contact_gives_a_marker_wounds_first_then_fire() -> None:
    """Two burning trees touching: two markers. A burning Dark wood touching: its Hostile
    Presence (1) wound first, then its burn marker (each element's keywords in turn)."""
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 50, 50)],
                         elements=[(TREE, 23.5, 30), (TREE, 16.5, 30), (DARK_WOOD, 20, 37.5)],
                         dice=[4])
    for ident in ("Tree-1", "Tree-2", "Dark-wood-1"):
        add_burn(game, ident, 1, "a test")
    game.push(Activation(Ref(YURI_REF)))
    game.advance()
    st = state(game)
    assert st.fighter(YURI_REF).marker_count(Condition.BURN) == 3
    kinds = [e.kind for e in game.log if e.kind in ("eden.wound", "eden.marker")]
    assert kinds == ["eden.marker", "eden.marker", "eden.wound", "eden.marker"]


def test_a_flammable_element_without_destruction_burns_on_and_is_never_destroyed() -> None:
    straw = {**TREE, "name": "Straw", "keywords": ["Flammable", "Crossing"]}
    game = terrain_table([(YURI, 5, 5)], [(NGOBO, 50, 50)], elements=[(straw, 30, 30)])
    add_burn(game, "Straw-1", 8, "a test")
    game.push(Intendancy())
    game.advance()
    st = state(game)
    assert (burn_markers(st, "Straw-1"), attacks(st, "Straw-1")) == (9, 9)
    assert keywords(game, "Straw-1") == ["Flammable", "Obstacle (1)"]
    check_invariants(game)


def test_the_picture_shows_a_burning_element_and_its_markers() -> None:
    from skirmish.games.eden.picture import BURNING_LEGEND, picture_of
    from skirmish.geometry.svg import render

    game = terrain_table([(GRENADIER, 20, 30)], [(NGOBO, 50, 50)], elements=[(TREE, 30, 45)],
                         start=[Activation(Ref(GRENADIER_REF))])
    assert "Tree-1" not in picture_of(state(game)).note_of
    game.apply("throw A.Grenadier Fire-grenade 30,42")
    note = picture_of(state(game)).note_of["Tree-1"]
    assert note.lines[1] == "burning (2 burn markers)" and note.pips[0].text == "B2"
    svg = render(picture_of(state(game)))
    assert "burning (2 burn markers)" in svg and "burning scenery" in svg
    assert BURNING_LEGEND.startswith("B burning scenery")
