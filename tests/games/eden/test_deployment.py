"""Rulebook 4.A step 7, deployment: halves, Confrontation and Ambush zones, overlaps, no room;
and a whole preparation played by random agents. Cards here are INVENTED test data."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

import pytest

from skirmish.core import Game, IllegalActionError, RandomAgent, play
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.preparation.deployment import (
    deploy_problem,
    marker_problem,
    scenery_problem,
    zone_of,
)
from skirmish.geometry import Marker

from .profiles import ABAMA, NGOBO, VLADD, YURI
from .test_preparation import HOLD, HUNT, TREE, WALL, led, prepare, setup, state, to_step

AMBUSH_ANY = {"name": "Night raid", "secret": False, "deployment": "ambush"}
PILLAR = {"name": "Pillar", "radius": 3}


def deploying(first: str = "A", **kw: Any) -> Game:
    """Past steps 1-6 with ``first`` playing first; the first player chooses his half next."""
    game = led(setup([YURI, VLADD], [NGOBO, ABAMA], **kw), first=first)
    to_step(game, "deployment-half")
    return game


def test_the_first_player_chooses_his_half_the_opponent_gets_the_other() -> None:
    game = deploying(first="B")
    assert game.decision().player == 1
    assert [str(a) for a in game.legal_actions()] == ["half south", "half north", "half west",
                                                      "half east"]
    game.apply("half west")
    assert state(game).halves == ["east", "west"]
    assert game.decision().player == 1 and game.decision().kind == "deploy"
    assert game.decision().options == ("B.Ngobo-Quick-Arm", "B.Abama-Big-Belly")


@pytest.mark.parametrize(("field", "halves"), [((120, 60), ["west", "east"]),
                                               ((60, 120), ["south", "north"])])
def test_a_long_field_is_split_across_its_width(field: tuple[int, int],
                                                halves: list[str]) -> None:
    game = deploying(field=field)
    assert [str(a) for a in game.legal_actions()] == [f"half {h}" for h in halves]
    wrong = {"west": "south", "south": "west"}[halves[0]]
    with pytest.raises(IllegalActionError, match=f"choose one of {', '.join(halves)}"):
        game.apply(f"half {wrong}")


def test_confrontation_deployment_20_cm_from_the_centre_line() -> None:
    game = deploying()
    game.apply("half south")
    with pytest.raises(IllegalActionError,
                       match=r"Rulebook 4.A step 7, Confrontation deployment: A.Yuri at 30,9 is "
                             r"not entirely inside player A's Confrontation zone: the south half, "
                             r"20 cm or more from the centre line"):
        game.apply("deploy A.Yuri 30,9")
    game.apply("deploy A.Yuri 30,8.5")  # the base's edge exactly 20 cm from the line
    with pytest.raises(IllegalActionError, match=r"A.Vlädd at 1,5 is not entirely inside"):
        game.apply("deploy A.Vlädd 1,5")  # partly off the field


def test_ambush_deployment_20_cm_from_the_centre_of_the_field() -> None:
    game = deploying(missions=([HUNT], [HOLD]))
    game.apply("half south")
    # 3,25 is 26 cm from the centre of the field (Ambush: allowed) but 3.5 cm from the line
    game.apply("deploy A.Yuri 3,25")
    with pytest.raises(IllegalActionError, match=r"not entirely inside player A's Ambush zone: "
                       r"the south half, 20 cm or more from the centre of the field"):
        game.apply("deploy A.Vlädd 30,10")  # 18.5 cm from the centre
    game.apply("deploy A.Vlädd 50,10")
    # B's mission is a Confrontation: the same spot in his half is refused
    with pytest.raises(IllegalActionError, match=r"player B's Confrontation zone: the north"):
        game.apply("deploy B.Ngobo-Quick-Arm 3,35")
    st = state(game)
    assert zone_of(st, 0).kind == "disc" and zone_of(st, 1).kind == "band"


def test_deployment_refusals_name_the_problem() -> None:
    objective = {**HOLD, "effects": [{"effect": "test-place-objective", "x": 10, "y": 6}]}
    game = deploying(missions=([objective], []))
    game.apply("half south")
    with pytest.raises(IllegalActionError, match=r"not one of player A's fighters"):
        game.apply("deploy B.Ngobo-Quick-Arm 30,5")
    game.apply("deploy A.Yuri 30,5")
    with pytest.raises(IllegalActionError, match=r"already on the field"):
        game.apply("deploy A.Yuri 40,5")
    with pytest.raises(IllegalActionError, match=r"overlap another fighter's base"):
        game.apply("deploy A.Vlädd 32.9,5")
    with pytest.raises(IllegalActionError, match=r"stand on a marker \(Rulebook 2.J\)"):
        game.apply("deploy A.Vlädd 11,6")
    game.apply("deploy A.Vlädd 33,5")  # touching Yuri's base is allowed
    assert state(game).fighter("A.Vlädd").on_field and game.decision().player == 1


def test_a_fighter_may_not_stand_on_impassable_scenery() -> None:
    wide = {"name": "Rubble", "shape": [[-15, -2], [15, -2], [15, 2], [-15, 2]]}
    game = led(setup([YURI, VLADD], [NGOBO, ABAMA], scenery=[wide, TREE],
                     scenery_per_player=1))
    game.apply("place Rubble 30,7")
    game.apply("place Tree 30,50")
    game.apply("half south")
    with pytest.raises(IllegalActionError, match=r"overlap impassable scenery"):
        game.apply("deploy A.Yuri 30,6")
    game.apply("deploy A.Yuri 30,3.5")


def test_no_room_left_in_the_zone_leaves_the_fighters_off_the_field() -> None:
    # 40 x 40: the Confrontation zone of a half is 0 cm deep; Ambush leaves the corners
    game = deploying(field=(40, 40), missions=([], [AMBUSH_ANY]))
    game.apply("half south")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    with pytest.raises(IllegalActionError, match=r"no room is left for A.Yuri anywhere in the "
                       r"zone"):
        game.apply("deploy A.Yuri 5,5")
    game.apply("pass")
    assert game.decision().player == 1
    with pytest.raises(IllegalActionError, match=r"B.Ngobo-Quick-Arm can still be deployed"):
        game.apply("pass")
    game.apply("deploy B.Ngobo-Quick-Arm 2,38")
    game.apply("deploy B.Abama-Big-Belly 38,38")
    left = "no room is left in player A's zone: A.Yuri, A.Vlädd stay off the field"
    assert any(e.text() == left for e in game.log)
    to_end(game)
    assert [(f.ref, f.on_field, f.ap) for f in state(game).fighters] == [
        ("A.Yuri", False, 0), ("A.Vlädd", False, 0),
        ("B.Ngobo-Quick-Arm", True, 3), ("B.Abama-Big-Belly", True, 3)]


def to_end(game: Game) -> None:
    while not game.is_over:
        game.apply(game.legal_actions()[0])


def test_fighters_placed_by_the_set_up_are_not_deployed_again() -> None:
    data = setup([(YURI, 10, 5), VLADD], [NGOBO, (ABAMA, 30, 55)])
    game = led(data)
    to_step(game, "deployment-half")
    game.apply("half south")
    assert game.decision().options == ("A.Vlädd",)
    game.apply("deploy A.Vlädd 20,5")
    assert game.decision().options == ("B.Ngobo-Quick-Arm",)


def test_a_secret_missions_deployment_type_stays_hidden() -> None:
    game = deploying(missions=([HUNT], []))
    game.apply("half south")
    game.apply("deploy A.Yuri 3,25")
    seen_by_b = " ".join(e.text() for e in game.log_for(1))
    assert "A.Yuri is deployed at (3, 25) (the south half)" in seen_by_b
    assert "Ambush" not in seen_by_b


def test_markers_put_down_during_preparation_keep_5_cm_clear() -> None:
    game = led(setup([YURI], [NGOBO], scenery=[TREE, TREE], scenery_per_player=1))
    game.apply("place Tree 30,30")
    st = state(game)
    assert "4.00 cm from a field edge (Rulebook 2.J" in marker_problem(st, Marker("m", 5, 40, 1))
    assert marker_problem(st, Marker("m", 6, 40, 1)) == ""
    assert "2.00 cm from Tree" in marker_problem(st, Marker("m", 30, 35, 1))
    st.markers = (Marker("objective", 10, 10, 1),)
    assert "3.00 cm from the marker objective" in marker_problem(st, Marker("m", 15, 10, 1))


# -- a whole preparation played by random agents ---------------------------------------------------
OBJECTIVE = {"name": "Seize the relay", "secret": True, "deployment": "confrontation",
             "effects": [{"effect": "test-place-objective", "x": 30, "y": 30}]}
DECK_A = [HUNT, HOLD, OBJECTIVE]
DECK_B = [HOLD, AMBUSH_ANY, {**HUNT, "faction": None, "name": "Stalk"}]
CROSS = {"name": "Ruin", "shape": [[-6, -1], [6, -1], [6, 1], [-6, 1]]}
MARSH = {"name": "Marsh", "radius": 4, "sight": "flat", "passable": True, "move_cost": 2}
POND = {"name": "Pond", "radius": 3, "sight": "flat", "passable": True}


def random_setup(seed: int) -> dict[str, Any]:
    fields = [(60, 60), (90, 60), (60, 90), (72, 72)]
    troop_a = [YURI, VLADD] if seed % 3 else [YURI]
    troop_b = [NGOBO, ABAMA] if seed % 4 else [NGOBO, ABAMA, replace(NGOBO, name="Tarar")]
    return setup(troop_a, troop_b, missions=(DECK_A, DECK_B),
                 tactical=([{"name": n} for n in ("Adrenalin", "Smoke", "Rally", "Smoke")],
                           [{"name": n} for n in ("Fury", "Bribe")]),
                 scenery=[WALL, TREE, CROSS, MARSH, POND, PILLAR, WALL, TREE],
                 field=fields[seed % 4], scenery_per_player=2 + seed % 3)


def test_random_preparations_deploy_every_fighter_inside_its_zone() -> None:
    for seed in range(50):
        game = prepare(random_setup(seed), seed=seed)
        play(game, [RandomAgent(seed), RandomAgent(seed + 1000)])
        st = state(game)
        assert st.leaders[0] and st.leaders[1]
        assert all(len(m) == 1 for m in st.missions)
        for player in (0, 1):
            psi = st.characteristic(st.fighter(st.leaders[player] or ""), Characteristic.PSI)
            distinct = len({c.name for c in st.catalogue.tactical[player]})
            assert len(st.hands[player]) == min(psi, distinct)
            assert len(set(st.hands[player])) == len(st.hands[player])
        assert st.halves[0] is not None and st.halves[1] is not None
        for fighter in st.fighters:
            assert fighter.on_field and fighter.ap == 3, (seed, fighter.ref)
            assert zone_of(st, fighter.side).contains(st.base(fighter)), (seed, fighter.ref)
            assert not deploy_problem(st, fighter, (fighter.x, fighter.y)), (seed, fighter.ref)
        for a, b in itertools.combinations(st.fighters, 2):
            gap = math.hypot(a.x - b.x, a.y - b.y) - (a.profile.base_mm + b.profile.base_mm) / 20
            assert gap >= -1e-9, (seed, a.ref, b.ref)
        placed = st.scenery
        for f in st.fighters:
            f.on_field = False  # scenery was placed before deployment
        for i, element in enumerate(placed):
            st.scenery = placed[:i]
            assert not scenery_problem(st, element.shape), (seed, element.id)
