"""Optional rules 1, A: Destruction (X) (src/skirmish/games/eden/optional/destruction.py), and the
scenery cards' own effects under Territory Management (Energy Beacon, Quarterist Idol).
Sceneries from the sample library (footprints INVENTED); profiles INVENTED."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.core.events import RollEvent
from skirmish.games.eden.actions import EDEN_ACTIONS, Attack
from skirmish.games.eden.cards.keywords import Obstruction, Occupation
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.wounds import protection
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.destruction import SceneryDestroyedEvent
from skirmish.games.eden.optional.terrain import attacks, attacks_key

from ..invariants import check_invariants
from ..profiles import NGOBO, YURI
from .territory import (
    BEACON,
    DARK_WOOD,
    DEVASTATED,
    IDOL,
    POND,
    SISTER,
    WALL,
    element,
    state,
    terrain_table,
    texts,
)

YURI_REF, NGOBO_REF, SISTER_REF = "A.Yuri", "B.Ngobo-Quick-Arm", "A.Sister-Ada"
#: A vertical Wall (x 21.5-22.5, y 24-36) touching Yuri's base at (20, 30).
WALL_BY_YURI = (WALL, 22.0, 30.0, 90.0)


def attacking(*elements: tuple, scenery: tuple = (), **kw: object):  # type: ignore[no-untyped-def]
    return terrain_table([(YURI, 20, 30)], [(NGOBO, 50, 50)], elements=list(elements),
                         scenery=list(scenery), start=[Activation(Ref(YURI_REF))], **kw)


def test_the_notation_names_a_fighter_or_an_element() -> None:
    on_scenery = EDEN_ACTIONS.parse("attack A.Yuri Wall-1")
    assert on_scenery == Attack(Ref("A.Yuri"), "Wall-1") and str(on_scenery) == \
        "attack A.Yuri Wall-1"
    assert not isinstance(on_scenery.target, Ref)
    melee = EDEN_ACTIONS.parse("attack A.Yuri B.Ngobo")
    assert isinstance(melee.target, Ref) and melee == Attack(Ref("A.Yuri"), Ref("B.Ngobo"))
    assert EDEN_ACTIONS.validate(Attack(Ref("A.Yuri"), "B.Ngobo")) == melee
    xray = {**WALL, "name": "X.ray"}  # a card named like a fighter's reference
    game = attacking((xray, 22.0, 30.0, 90.0))
    assert [e.id for e in state(game).scenery] == ["Scenery-X.ray-1"]
    game.apply("attack A.Yuri Scenery-X.ray-1")


def test_an_attack_on_scenery_succeeds_without_dice_and_counts_as_an_attack() -> None:
    game = attacking(WALL_BY_YURI)  # no dice at all: none may be rolled
    assert "attack A.Yuri Wall-1" in [str(a) for a in game.legal_actions()]
    game.apply("attack A.Yuri Wall-1")
    st = state(game)
    yuri = st.fighter(YURI_REF)
    assert (yuri.ap, yuri.round_uses["attack"], attacks(st, "Wall-1")) == (2, 1, 1)
    assert not any(isinstance(e, RollEvent) for e in game.log)
    assert "Wall-1 suffers an attack (A.Yuri): 1/4 attacks" in texts(game)
    assert game.view(1)["terrain"]["Wall-1"]["attacks"] == 1  # the chips are public
    game.apply("attack A.Yuri Wall-1")
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:  # 2 attacks a round, scenery included
        game.apply("attack A.Yuri Wall-1")
    assert error.value.rule == "Rulebook 5, Attack: 2/round (an attack on scenery counts)"
    assert game.state_hash() == before
    check_invariants(game)


def test_destroyed_after_x_attacks_and_replaced_by_the_set_ups_devastated_area() -> None:
    game = attacking(WALL_BY_YURI, scenery=(WALL, DEVASTATED))
    st = state(game)
    st.counters[attacks_key("Wall-1")] = 3  # Destruction (4): three attacks already
    wall = element(game, "Wall-1")
    game.apply("attack A.Yuri Wall-1")
    assert "Wall-1" not in st.terrain and all(e.id != "Wall-1" for e in st.scenery)
    area = element(game, "Devastated-area-1")
    assert area.shape == wall.shape and area.label == "Devastated area"
    assert (area.passable, area.can_end_on, area.move_cost) == (True, True, 2.0)
    assert attacks_key("Wall-1") not in st.counters
    event = next(e for e in game.log if isinstance(e, SceneryDestroyedEvent))
    assert event.text() == ("Wall-1 (Wall) is destroyed: Devastated-area-1 (a devastated area) "
                            "takes its place")
    assert (st.fighter(YURI_REF).x, st.fighter(YURI_REF).y) == (20, 30)
    check_invariants(game)


def test_without_a_devastated_area_card_the_rulebooks_takes_the_place() -> None:
    renamed = {**DEVASTATED, "name": "Zone dévastée", "keywords": ["Obstruction(3)",
                                                                   "Occupation"]}
    game = attacking(WALL_BY_YURI, scenery=(WALL, renamed))  # the French name is found
    state(game).counters[attacks_key("Wall-1")] = 3
    game.apply("attack A.Yuri Wall-1")
    assert element(game, "Zone-dévastée-1").move_cost == 3.0
    game = attacking(WALL_BY_YURI)  # the set-up's list has no devastated area
    state(game).counters[attacks_key("Wall-1")] = 3
    game.apply("attack A.Yuri Wall-1")
    record = state(game).terrain["Devastated-area-1"]
    assert record.keywords == (Obstruction(2), Occupation())


def test_fighters_standing_where_it_was_stay_there() -> None:
    """A fighter inside a Dark wood (Occupation) stays where it stands when the wood is
    destroyed: the devastated area has Occupation too."""
    game = terrain_table([(YURI, 30, 30)], [(NGOBO, 31, 33.1)], elements=[(DARK_WOOD, 30, 30)],
                         start=[Activation(Ref(YURI_REF))], dice=[4, 4])
    st = state(game)
    st.counters[attacks_key("Dark-wood-1")] = 5
    game.apply("attack A.Yuri Dark-wood-1")
    assert (st.fighter(YURI_REF).x, st.fighter(NGOBO_REF).y) == (30, 33.1)
    assert [e.label for e in st.scenery] == ["Devastated area"]
    check_invariants(game)


@pytest.mark.parametrize(("elements", "action", "rule"), [
    ([(WALL, 40.0, 30.0, 90.0)], "attack A.Yuri Wall-1",
     "Rulebook, optional rules 1, A: Destruction (X): the fighter attacks an element it is in "
     "contact with (Wall-1 is out of contact)"),
    ([(POND, 24.5, 30.0)], "attack A.Yuri Pond-1",
     "Rulebook, optional rules 1, A: Destruction (X): only an element with Destruction (X) may "
     "be the target of an attack action; Pond-1 (Pond) has none"),
    ([WALL_BY_YURI], "attack A.Yuri Rock-1",
     "Rulebook, optional rules 1, A: Destruction (X): there is no scenery element Rock-1 on the "
     "table"),
])
def test_refusals_name_the_rule_and_change_nothing(elements: list[tuple], action: str,
                                                    rule: str) -> None:
    game = attacking(*elements, dice=[1] * 8)
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert error.value.rule == rule
    assert game.state_hash() == before


def test_fear_and_ap_forbid_it_as_every_attack() -> None:
    game = attacking(WALL_BY_YURI)
    yuri = state(game).fighter(YURI_REF)
    yuri.add_markers(Condition.FEAR)
    assert not any(str(a).startswith("attack") for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="Fear"):
        game.apply("attack A.Yuri Wall-1")
    yuri.remove_marker(Condition.FEAR)
    yuri.ap = 0
    with pytest.raises(IllegalActionError, match="costs 1 AP"):
        game.check("attack A.Yuri Wall-1")


def test_shooting_aims_at_fighters_only() -> None:
    game = attacking(WALL_BY_YURI)
    with pytest.raises(IllegalActionError, match="not a piece reference"):
        game.apply("shoot A.Yuri Throwing-knives Wall-1")


# -- the scenery cards' own effects ---------------------------------------------------------------
def test_an_energy_beacon_protects_within_5_cm_until_it_is_destroyed() -> None:
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 26, 30)], elements=[(BEACON, 23, 30)],
                         start=[Activation(Ref(YURI_REF))])
    st = state(game)
    ngobo = st.fighter(NGOBO_REF)
    assert [e.source for e in st.effects] == ["Territory Management (optional rules 1)",
                                              "Energy Beacon"]
    assert protection(game, ngobo, Limb.HEAD, ranged=True) == 2
    assert protection(game, ngobo, Limb.HEAD, ranged=False) == 0
    st.counters[attacks_key("Energy-Beacon-1")] = 2
    game.apply("attack A.Yuri Energy-Beacon-1")
    assert protection(game, ngobo, Limb.HEAD, ranged=True) == 0
    assert not any(e.source == "Energy Beacon" for e in st.effects)
    assert "the effects of Energy Beacon end with its last element" in texts(game)


def test_a_quarterist_idol_gives_sisters_psi_and_the_matriarchy_may_not_attack_it() -> None:
    game = terrain_table([(SISTER, 20, 30), (YURI, 26, 30)], [(NGOBO, 50, 50)],
                         elements=[(IDOL, 23, 30)], start=[Activation(Ref(SISTER_REF))])
    st = state(game)
    sister, yuri = st.fighter(SISTER_REF), st.fighter(YURI_REF)
    assert st.characteristic(sister, Characteristic.PSI) == 5  # 4 + 1 within 10 cm
    assert st.characteristic(yuri, Characteristic.PSI) == 4  # not a Sister
    assert "attack A.Sister-Ada Quarterist-Idol-1" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(IllegalActionError) as error:
        game.apply("attack A.Sister-Ada Quarterist-Idol-1")
    assert error.value.rule == ("Quarterist Idol: a fighter of the Matriarchy cannot attack this "
                                "scenery (Quarterist-Idol-1)")
    game.apply("end")
    game.push(Activation(Ref(YURI_REF)))
    game.advance()
    game.apply("attack A.Yuri Quarterist-Idol-1")
    game.apply("attack A.Yuri Quarterist-Idol-1")  # Destruction (2)
    assert st.characteristic(sister, Characteristic.PSI) == 4
    check_invariants(game)


def test_a_fighter_in_contact_with_an_enemy_may_still_attack_scenery() -> None:
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 20, 33)], elements=[WALL_BY_YURI],
                         start=[Activation(Ref(YURI_REF))])
    actions = [str(a) for a in game.legal_actions()]
    assert "attack A.Yuri B.Ngobo-Quick-Arm" in actions and "attack A.Yuri Wall-1" in actions
    game.apply("attack A.Yuri Wall-1")
    assert attacks(state(game), "Wall-1") == 1
