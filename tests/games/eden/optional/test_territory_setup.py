"""Optional rules 1, Territory Management: preparation step 6 with 8 scenery points each
(src/skirmish/games/eden/optional/territory_setup.py); the scenery cards' cost, keywords and height.
Cards and troops are the sample library's or INVENTED test data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from skirmish.core import Game, IllegalActionError
from skirmish.games.eden.cards.cards import scenery_from_dict
from skirmish.games.eden.demo import match_setup, sample_library
from skirmish.games.eden.house_rules import SCENERY_NO_ROOM
from skirmish.games.eden.optional.terrain import (
    DONE_KEY,
    lost_key,
    scenery_points,
    spent_key,
)
from skirmish.games.eden.optional.territory_setup import (
    SceneryBoughtEvent,
    SceneryPointsLostEvent,
    payable,
    place_scenery,
    placements,
    start_territory,
)
from skirmish.games.eden.ruleset import SetupError

from ..invariants import check_invariants
from ..profiles import NGOBO, YURI
from ..test_preparation import first_is, jokers_vs_bamaka, prepare, setup
from .territory import DARK_WOOD, POND, TREE, WRECK, state

THREE = {"name": "Three", "radius": 1, "cost": 3, "keywords": ["Obstacle(1)"]}
FOUR = {"name": "Four", "radius": 1, "cost": 4, "keywords": ["Obstacle(1)"]}
FREE = {"name": "Free rock", "radius": 1, "cost": 0, "keywords": ["Obstacle(1)"]}
MESA = {"name": "Mesa", "shape": [[-20, -25], [20, -25], [20, 25], [-20, 25]], "cost": 1,
        "keywords": ["Impenetrable"]}


def territory_game(scenery: list[dict[str, Any]], first: str = "B", **kw: Any) -> Game:
    """Past preparation steps 1-5 under Territory Management: ``first`` plays first."""
    data = jokers_vs_bamaka(scenery=scenery, rules={"territory": True}, **kw)
    game = prepare(data)
    start_territory(game)
    first_is(game, first)
    for _ in range(2):
        player = game.decision().player
        game.apply("leader A.Yuri" if player == 0 else "leader B.Ngobo-Quick-Arm")
    assert game.decision().kind == "place-scenery"
    return game


# -- the cards ------------------------------------------------------------------------------------
def test_scenery_cards_carry_their_cost_keywords_and_height() -> None:
    wood = scenery_from_dict({**DARK_WOOD, "height": 4})
    assert (wood.cost, wood.height) == (2, 4.0)
    assert wood.keywords == ("Flammable", "Destruction (6)", "Obstruction (2)",
                             "Hostile Presence (1)", "Obstacle (3)", "Occupation")
    french = scenery_from_dict({"name": "Étang", "radius": 4, "cost": 2,
                                "keywords": ["Obstruction(2)", "Présence Hostile(1)"]})
    assert french.keywords == ("Obstruction (2)", "Hostile Presence (1)")
    assert scenery_from_dict({"name": "Rock", "radius": 1}).cost == 1  # a basic-rules card
    scenery = match_setup()["scenery"]
    assert [(s["name"], s["cost"], s["keywords"]) for s in scenery][:2] == [
        ("Wall", 1, ["Destruction (4)", "Obstacle (1)", "Crossing"]),
        ("Car wreck", 1, ["Destruction (8)", "Obstacle (1)"])]
    assert sample_library().scenery["Tree"].card.height == 0.0


@pytest.mark.parametrize(("data", "message"), [
    ({"cost": 9}, "scenery 'Rock': cost is a whole number of scenery points from 0 to 8"),
    ({"cost": True}, "scenery 'Rock': cost is a whole number"),
    ({"height": 31}, "scenery 'Rock': height is a number of cm from 0 to 30"),
    ({"keywords": ["Lava(2)"]}, "scenery 'Rock': unknown scenery keyword 'Lava(2)'"),
    ({"keywords": "Crossing"}, "scenery 'Rock': keywords is a list of texts"),
])
def test_bad_scenery_data_names_the_card_and_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as error:
        scenery_from_dict({"name": "Rock", "radius": 1, **data})
    assert str(error.value).startswith(message), error.value
    bad = {**match_setup(), "scenery": [{"name": "Rock", "radius": 1, **data}]}
    from skirmish.games.eden import EDEN

    with pytest.raises(SetupError, match="scenery 'Rock'"):
        EDEN.new_game(bad, seed=1)


def test_a_scenery_cards_effects_are_checked_with_the_set_up() -> None:
    from skirmish.games.eden import EDEN

    idol = {"name": "Idol", "radius": 1, "effects": [{"effect": "scenery-unassailable",
                                                       "scenery": "Idol"}]}
    with pytest.raises(SetupError, match=r"scenery 'Idol': effect 'scenery-unassailable' needs "
                                         r"'faction' or 'types'"):
        EDEN.new_game({**match_setup(), "scenery": [idol]}, seed=1)


# -- buying and placing -------------------------------------------------------------------------
def test_each_player_buys_and_places_alternately_the_first_player_first() -> None:
    game = territory_game([TREE, DARK_WOOD, POND])
    decision = game.decision()
    assert (decision.player, decision.context["scenery_points"]) == (1, 8)
    assert "8 scenery points left (for sale: Tree 1, Dark wood 2, Pond 2)" in decision.prompt
    assert game.view(0)["scenery_points"] == [8, 8] == game.view(None)["scenery_points"]
    order = []
    for at in ("10,10", "50,50", "10,50", "50,10"):
        order.append(game.decision().player)
        game.apply(f"place Tree {at}")  # one card, bought as often as a player likes
    assert order == [1, 0, 1, 0]
    st = state(game)
    assert [e.id for e in st.scenery] == ["Tree-1", "Tree-2", "Tree-3", "Tree-4"]
    assert scenery_points(st) == [6, 6]
    bought = [e for e in game.log if isinstance(e, SceneryBoughtEvent)]
    assert bought[0].text() == ("player B buys Tree (1 scenery point; 7 left) and places it "
                                "(Tree-1) at (10, 10)")
    record = st.terrain["Tree-1"]
    assert [k.to_text() for k in record.keywords] == ["Flammable", "Destruction (3)",
                                                      "Obstacle (1)"]
    tree = st.scenery[0]
    assert (tree.sight, tree.passable, tree.can_end_on, tree.obstacle_count, tree.label) == (
        "low", False, False, 1, "Tree")
    check_invariants(game)


def test_every_scenery_point_is_spent_then_the_step_ends() -> None:
    game = territory_game([TREE, DARK_WOOD])
    spots = iter([(x, y) for y in (8, 22, 36, 52) for x in (8, 22, 36, 52)])
    while game.decision().kind == "place-scenery":
        x, y = next(spots)
        name = "Dark-wood" if (x, y) == (22, 22) else "Tree"
        game.apply(f"place {name} {x},{y}")
        check_invariants(game)
    st = state(game)
    assert scenery_points(st) == [0, 0]
    assert [st.counters[spent_key(p)] for p in (0, 1)] == [8, 8]
    assert st.counters[DONE_KEY] == 1
    assert game.decision().kind == "deployment-half"
    assert len(st.scenery) == 15  # one Dark wood (2 points), 14 Trees
    assert "every scenery point is spent: the scenery step ends" in [e.text() for e in game.log]


def test_the_spacing_of_step_6_applies() -> None:
    data = setup([(YURI, 30, 30)], [NGOBO], scenery=[TREE, DARK_WOOD],
                 rules={"territory": True})
    game = prepare(data)
    start_territory(game)
    first_is(game, "A")
    game.apply("leader A.Yuri")
    game.apply("leader B.Ngobo-Quick-Arm")
    with pytest.raises(IllegalActionError, match=r"Tree at 6,20: it is 4.00 cm from a field "
                                                 r"edge.*5 cm or more"):
        game.apply("place Tree 6,20")
    game.apply("place Tree 7,20")  # exactly 5 cm: allowed
    with pytest.raises(IllegalActionError, match=r"Tree at 7,28: it is 4.00 cm from Tree"):
        game.apply("place Tree 7,28")
    with pytest.raises(IllegalActionError, match=r"overlaps A.Yuri's base"):
        game.apply("place Tree 31,31")
    with pytest.raises(IllegalActionError, match=r"no 'Lake' in the set-up's scenery list "
                                                 r"\(for sale: Tree, Dark-wood\)"):
        game.apply("place Lake 40,40")
    with pytest.raises(IllegalActionError, match=r"buy and place a scenery element"):
        game.apply("leader A.Yuri")


def test_a_purchase_that_leaves_points_impossible_to_spend_exactly_is_refused() -> None:
    assert payable(8, [3, 4]) and not payable(5, [3, 4]) and payable(4, [3, 4])
    game = territory_game([THREE, FOUR])
    assert game.decision().options == ("Four",)  # 8 - 3 = 5 cannot be made of 3s and 4s
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:
        game.apply("place Three 10,10")
    assert error.value.rule.startswith("Rulebook, optional rules 1: a player must spend all")
    assert "5 points left could not be spent exactly on the list's costs (3, 4)" in str(
        error.value)
    assert game.state_hash() == before
    game.apply("place Four 10,10")
    assert game.decision().options == ("Four",)


def test_points_that_buy_no_card_are_lost() -> None:
    game = territory_game([THREE])  # 8 = 3 + 3 + 2: the last 2 points buy nothing
    for at in ("10,10", "50,50", "10,50", "50,10"):
        game.apply(f"place Three {at}")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    game.apply("pass")
    st = state(game)
    assert [st.counters[spent_key(p)] for p in (0, 1)] == [6, 6]
    assert [st.counters[lost_key(p)] for p in (0, 1)] == [2, 2]
    lost = [e.text() for e in game.log if isinstance(e, SceneryPointsLostEvent)]
    assert lost[0] == ("player B's 2 scenery points buy no scenery that fits on the table: "
                       "they are lost")
    assert game.decision().kind == "deployment-half"
    check_invariants(game)


def test_points_with_no_room_left_are_lost_and_pass_is_refused_while_room_remains() -> None:
    """House rule eden-scenery-no-room=lost: step 6's spacing holds, the points are lost."""
    game = territory_game([MESA, TREE], house_rules={SCENERY_NO_ROOM: "lost"})
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match=r"is still possible: player B must spend"):
        game.apply("pass")
    assert game.state_hash() == before
    game.apply("place Mesa 30,30")  # 40 x 50 cm: no Tree fits 5 cm away from it any more
    game.apply("pass")
    assert state(game).counters[lost_key(0)] == 8
    assert game.decision().player == 1 and game.decision().context["scenery_points"] == 7
    game.apply("pass")
    assert game.decision().kind == "deployment-half"


def test_with_no_room_at_5_cm_the_spacing_yields_by_default() -> None:
    """House rule eden-scenery-no-room=closer (the default): "obligé de ... placer les
    décors qu'il aura achetés": with no room 5 cm from everything, the element is placed
    closer, clear of scenery and the edges; points are lost only when nothing fits even so."""
    game = territory_game([MESA, TREE])
    game.apply("place Mesa 30,30")  # 40 x 50 cm: no Tree fits 5 cm away from it any more
    offered = [str(a) for a in game.legal_actions()]
    assert offered and all(a.startswith("place Tree ") for a in offered)
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match=r"is still possible: player A must spend"):
        game.apply("pass")
    with pytest.raises(IllegalActionError, match=r"from Mesa \(Territory Management, no room "
                                                 r"left at 5 cm: 0\.1 cm or more"):
        game.apply("place Tree 9,30")  # it would touch the Mesa
    assert game.state_hash() == before
    game.apply("place Tree 5,30")  # 2 cm from the Mesa: the spacing yields
    assert state(game).counters[lost_key(0)] == 0
    assert scenery_points(state(game))[0] == 7


def test_the_spacing_yields_only_when_no_card_fits_at_5_cm() -> None:
    game = territory_game([TREE])
    with pytest.raises(IllegalActionError, match=r"Rulebook 4\.A step 6"):
        game.apply("place Tree 2,30")  # room remains 5 cm from everything: no yielding


def test_a_card_costing_nothing_is_not_for_sale() -> None:
    game = territory_game([FREE, TREE])
    assert game.decision().options == ("Tree",)
    with pytest.raises(IllegalActionError, match=r"no 'Free-rock' in the set-up's scenery "
                                                 r"list \(for sale: Tree\)"):
        game.apply("place Free-rock 10,10")


def test_the_last_spot_is_found_where_the_spread_samples_miss_it() -> None:
    """The spread samples (every 5 cm) miss a spot only 1 cm wide; the fine grid finds it,
    so passing is refused while it is free."""
    game = territory_game([TREE, MESA])
    place_scenery(game, scenery_from_dict(MESA), 1, (35.0, 30.0), None)  # x from 15 to 55
    st = state(game)
    found = placements(st, [scenery_from_dict(TREE)])
    assert [str(a) for a in found] == ["place Tree 7,7"]  # centres x 7-8 only
    with pytest.raises(IllegalActionError, match=r"'place Tree 7,7' is still possible"):
        game.apply("pass")
    game.apply("place Tree 8,53")


def test_the_step_in_progress_survives_snapshot_and_copy() -> None:
    game = territory_game([TREE, WRECK])
    game.apply("place Tree 10,10")
    twin = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert twin.state_hash() == game.state_hash()
    copy = game.copy()
    copy.apply("place Car-wreck 45,45 90")
    assert len(state(game).scenery) == 1 and len(state(copy).scenery) == 2
    assert scenery_points(state(game)) == [8, 7] and scenery_points(state(copy)) == [7, 7]
    twin.apply("place Car-wreck 45,45 90")
    assert twin.state_hash() == copy.state_hash()
