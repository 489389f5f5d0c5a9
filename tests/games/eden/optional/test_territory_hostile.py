"""Optional rules 1, A: Hostile Presence (X) (FR "Présence Hostile") (src/skirmish/games/eden/
optional/hostile.py): at the start of an activation and (the French) at the end of every
move, in contact with or inside the element. Sceneries from the sample library (footprints
INVENTED); profiles and equipment INVENTED."""

from __future__ import annotations

from dataclasses import replace

from skirmish.core import Ref
from skirmish.core.events import RollEvent
from skirmish.games.eden.events import ReactionEvent, WoundEvent
from skirmish.games.eden.fighting.fighter_actions import Activation

from ..invariants import check_invariants
from ..profiles import NGOBO, YURI, limb
from .territory import ARMOURED_NGOBO, DARK_WOOD, POND, state, terrain_table

YURI_REF, NGOBO_REF = "A.Yuri", "B.Ngobo-Quick-Arm"
#: INVENTED: a fighter whose head has a single CP.
GLASS = replace(YURI, name="Glass", limbs=(limb(1, 0, 4, 4, 1), *YURI.limbs[1:]))
SWAMP = {**DARK_WOOD, "name": "Swamp", "keywords": ["Hostile Presence(2)", "Occupation"]}


def wounds(game: object) -> list[WoundEvent]:
    return [e for e in game.log if isinstance(e, WoundEvent)]  # type: ignore[attr-defined]


def test_an_activation_begun_in_a_pond_costs_a_wound_that_ignores_protections() -> None:
    game = terrain_table([(YURI, 5, 5)], [(ARMOURED_NGOBO, 30, 30)], elements=[(POND, 31, 31)],
                         dice=[1], start=[Activation(Ref(NGOBO_REF))])
    st = state(game)
    assert st.fighter(NGOBO_REF).checked == [1, 0, 0, 0]  # face 1: the head
    wound = wounds(game)[0]
    assert (wound.limb, wound.wounds, wound.protection) == ("head", 1, 0)
    assert wound.by == ("Pond-1 (Rulebook, optional rules 1, A: Hostile Presence (X), its "
                        "activation begins)")
    location = next(e for e in game.log if isinstance(e, RollEvent))
    assert (location.roll, location.fighter, location.opponent) == ("location", NGOBO_REF,
                                                                    NGOBO_REF)
    assert game.decision().kind == "action"
    check_invariants(game)


def test_x_wounds_one_location_roll_each_in_contact_from_outside() -> None:
    game = terrain_table([(YURI, 5, 5)], [(NGOBO, 22.5, 30)], elements=[(SWAMP, 30, 30)],
                         dice=[2, 6], start=[Activation(Ref(NGOBO_REF))])
    assert state(game).fighter(NGOBO_REF).checked == [0, 1, 0, 1]  # arms, then legs
    assert [w.limb for w in wounds(game)] == ["arms", "legs"]


def test_a_move_ending_in_contact_costs_a_wound_and_one_not_in_contact_nothing() -> None:
    game = terrain_table([(YURI, 10, 30)], [(NGOBO, 50, 50)], elements=[(POND, 25, 30)],
                         dice=[4], start=[Activation(Ref(YURI_REF))])
    game.apply("move A.Yuri 18,30")  # 1.5 cm short of the pond
    assert not wounds(game)
    game.apply("move A.Yuri 19.5,30")  # touching it
    assert [(w.limb, w.by.split(" (")[0]) for w in wounds(game)] == [("torso", "Pond-1")]
    assert "its move ends" in wounds(game)[0].by


def test_a_charge_ends_in_contact_first_a_fighter_it_incapacitates_does_not_attack() -> None:
    game = terrain_table([(GLASS, 20, 30)], [(NGOBO, 30, 30)], elements=[(POND, 27, 35.5)],
                         dice=[1], start=[Activation(Ref("A.Glass"))])
    game.apply("charge A.Glass B.Ngobo-Quick-Arm")
    glass = state(game).fighter("A.Glass")
    assert not glass.on_field
    assert not any(isinstance(e, ReactionEvent) for e in game.log)
    assert game.is_over  # (a scenario: the activation was all there was)


def test_hostile_presence_0_wounds_nobody() -> None:
    calm = {**POND, "name": "Calm pond", "keywords": ["Hostile Presence(0)", "Occupation"]}
    game = terrain_table([(YURI, 5, 5)], [(NGOBO, 30, 30)], elements=[(calm, 30, 30)],
                         start=[Activation(Ref(NGOBO_REF))])
    assert not wounds(game) and game.decision().kind == "action"
