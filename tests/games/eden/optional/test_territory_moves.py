"""Optional rules 1, Territory Management: the movement and position keywords - Elevation,
Climbing (X), Swimming (X), Jump (X), Hiding, Crossing, Occupation, Obstruction (X) - on the
table, with forced dice. Profiles are INVENTED test data (tests/games/eden/profiles.py); the
sceneries are placed by hand (Territory Management's own preparation is tested elsewhere)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from skirmish.core import Game, IllegalActionError, Ref
from skirmish.core.events import RollEvent
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.cards.keywords import parse_keywords
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.events import IncapacitatedEvent, MoveEvent, WoundEvent
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.optional.elevation import above, is_elevated, range_bonus
from skirmish.games.eden.optional.hiding import HidingEvent, hidden_fighters, hiding_place
from skirmish.games.eden.optional.terrain import Placed, put_element, territory_element
from skirmish.games.eden.optional.territory_moves import equipment_count
from skirmish.games.eden.preparation.deployment import deploy_problem
from skirmish.geometry import Circle, Polygon
from skirmish.geometry.shapes import Shape

from ..profiles import ABAMA, NGOBO, YURI
from ..scenario import fighter, state, table

EQUIPMENT = ["Pistol (Shooting): CBT +1 - Range(20), Str(3)",
             "Grenade (Projectile): Range(20), Explosive(2)",
             "Armour (Pr): complete +1"]
LONG_LASH = {"name": "Long lash", "kind": "action", "cost_ap": 1, "cost_sp": 0,
             "effects": [{"effect": "strike", "characteristic": "PSI", "range": 30}]}
GUNNER = replace(YURI, name="Gunner", equipment=("Pistol", "Grenade"), abilities=("Long lash",))
ARMOURED = replace(YURI, equipment=("Molotov", "Throwing knives", "Armour"))
SHOOTER = replace(NGOBO, equipment=("Pistol",), abilities=("Long lash",))
YURI_REF, NGOBO_REF, GUNNER_REF = "A.Yuri", "B.Ngobo-Quick-Arm", "A.Gunner"
Scenery = Sequence[tuple[str, Shape, Placed]]


def record(card: str, *words: str, height: float = 0.0) -> Placed:
    keywords = parse_keywords(words)
    return Placed(card, keywords, keywords, height)


TOWER = ("Tower-1", Circle(30, 30, 3),
         record("Ruined tower", "Elevation", "Climbing (2)", "Impenetrable", height=4))
SPUR = ("Spur-1", Circle(30, 30, 3), record("Rock spur", "Elevation", "Occupation",
                                            "Obstacle (1)", height=2))
RIVER = ("River-1", Polygon.rectangle(10, 27, 50, 33), record("Deep river", "Swimming (2)"))
RAVINE = ("Ravine-1", Polygon.rectangle(28, 20, 32, 40), record("Ravine", "Jump (2)"))
WIDE_RAVINE = ("Ravine-1", Polygon.rectangle(28, 20, 38, 40), record("Ravine", "Jump (2)"))
RUBBLE = ("Rubble-1", Polygon.rectangle(28, 28, 32, 32),
          record("Rubble", "Hiding", "Occupation", "Obstruction (2)"))


def territory(a: Sequence[Any], b: Sequence[Any], scenery: Scenery, *, ref: str | None = None,
              dice: Sequence[int] = (), **kw: Any) -> Game:
    """Given this table under Territory Management, these sceneries, and these dice; with
    ``ref`` the fighter's activation has begun."""
    game = table(a, b, dice=dice, equipment=EQUIPMENT, abilities=[LONG_LASH], **kw)
    st = state(game)
    st.effects.extend(ability_effects(game))
    st.territory = True
    for ident, shape, placed in scenery:
        put_element(st, territory_element(ident, shape, placed), placed)
    if ref is not None:
        game.push(Activation(Ref(ref)))
        game.advance()
    return game


def rolls(game: Game, kind: str) -> list[RollEvent]:
    return [e for e in game.log if isinstance(e, RollEvent) and e.roll == kind]


def refused(game: Game, action: str, match: str) -> None:
    """The action is illegal, naming its rule, and the game is left unchanged."""
    before = state(game).to_json()
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action)
    assert state(game).to_json() == before


# -- Climbing (X) ---------------------------------------------------------------------------------
def test_climbing_success_puts_the_fighter_on_the_elevated_point() -> None:
    # Yuri (SPD 5) touches the tower; SPD roll difficulty 2: 2,1,1,1,1 is one success.
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF,
                     dice=[2, 1, 1, 1, 1])
    game.apply("climb A.Yuri Tower-1 30,30")
    yuri = fighter(game, YURI_REF)
    assert (yuri.x, yuri.y, yuri.ap, yuri.round_uses["move"]) == (30, 30, 1, 1)
    assert [(r.characteristic, r.value, r.difficulty, r.successes)
            for r in rolls(game, "climbing")] == [("SPD", 5, 2, 1)]
    assert is_elevated(state(game), yuri)
    assert next(e for e in game.log if isinstance(e, MoveEvent)).how == "climbs"


def test_climbing_without_a_point_takes_the_nearest_spot_where_the_base_fits() -> None:
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF,
                     dice=[6, 6, 6, 6, 6])
    game.apply("climb A.Yuri Tower-1")
    yuri = fighter(game, YURI_REF)
    assert (yuri.x, yuri.y) == (27, 30)  # the footprint's edge nearest to Yuri
    assert is_elevated(state(game), yuri)


def test_climbing_failed_a_vig_roll_saves_the_fighter() -> None:
    # SPD: no success, Yuri stays; VIG 4 at difficulty 2: 2,1,1,1 succeeds, no wound.
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF,
                     dice=[1, 1, 1, 1, 1, 2, 1, 1, 1])
    game.apply("climb A.Yuri Tower-1 30,30")
    yuri = fighter(game, YURI_REF)
    assert (yuri.x, yuri.y, yuri.ap) == (25.5, 30, 1)
    assert [r.characteristic for r in rolls(game, "climbing")] == ["SPD"]
    assert [(r.characteristic, r.successes) for r in rolls(game, "climbing fall")] == [
        ("VIG", 1)]
    assert yuri.checked == [0, 0, 0, 0] and not is_elevated(state(game), yuri)


def test_climbing_failed_twice_wounds_every_limb_ignoring_protections() -> None:
    # ARMOURED wears complete +1 armour: the four wounds go through it.
    game = territory([(ARMOURED, 25.5, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF,
                     dice=[1] * 5 + [1] * 4)
    game.apply("climb A.Yuri Tower-1 30,30")
    yuri = fighter(game, YURI_REF)
    assert yuri.checked == [1, 1, 1, 1] and (yuri.x, yuri.y) == (25.5, 30)
    wounds = [e for e in game.log if isinstance(e, WoundEvent)]
    assert [(w.limb, w.wounds, w.protection, w.by) for w in wounds] == [
        (limb, 1, 0, "Tower-1 (Climbing (2))") for limb in ("head", "arms", "torso", "legs")]


def test_climbing_illegal_attempts_leave_the_game_unchanged() -> None:
    far_spur = ("Spur-1", Circle(10, 50, 3), SPUR[2])
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 50)], [TOWER, far_spur], ref=YURI_REF)
    refused(game, "climb A.Yuri Tower-1 30,30", "must be in contact with Tower-1")
    refused(game, "climb A.Yuri Spur-1", "Spur-1 has no Climbing")
    refused(game, "climb A.Yuri Wall-9", "no Territory Management scenery 'Wall-9'")
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF, ap=1)
    refused(game, "climb A.Yuri Tower-1 30,30", r"costs 2 AP")
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF)
    refused(game, "climb A.Yuri Tower-1 40,30", "40,30 is not on Tower-1")


def test_getting_down_is_a_move_off_the_element() -> None:
    # On the tower (impassable: Climbing, no Occupation) Yuri Moves off it, 1 AP, no roll;
    # he may not Move to another point of the tower.
    game = territory([(YURI, 30, 30)], [(NGOBO, 50, 50)], [TOWER], ref=YURI_REF)
    assert is_elevated(state(game), fighter(game, YURI_REF))
    refused(game, "move A.Yuri 31,30", "impassable scenery")
    game.apply("move A.Yuri 30,35")
    yuri = fighter(game, YURI_REF)
    assert (yuri.x, yuri.y, yuri.ap) == (30, 35, 2) and not is_elevated(state(game), yuri)


def test_an_occupation_element_with_elevation_is_reached_by_a_move() -> None:
    game = territory([(YURI, 22, 30)], [(NGOBO, 50, 50)], [SPUR], ref=YURI_REF)
    game.apply("move A.Yuri 29,30")
    assert is_elevated(state(game), fighter(game, YURI_REF))
    # a base overlapping the spur with its centre off it stands on the ground (G13)
    game.apply("move A.Yuri 26,30")
    assert not is_elevated(state(game), fighter(game, YURI_REF))


# -- Elevation ------------------------------------------------------------------------------------
#: Yuri on the tower's edge (his centre on it), Ngobo below in contact.
ON_TOWER, BELOW = (27.5, 30), (24.5, 30)


def test_elevation_plus_2_cbt_in_melee_against_an_opponent_below() -> None:
    # Yuri (CBT 4) attacks Ngobo (VIG 4) from the tower: 6 dice; 4,1,1,1,1,1 is one success,
    # location 3 (arms).
    game = territory([(YURI, *ON_TOWER)], [(NGOBO, *BELOW)], [TOWER], ref=YURI_REF,
                     dice=[4, 1, 1, 1, 1, 1, 3])
    st = state(game)
    assert above(st, fighter(game, YURI_REF), fighter(game, NGOBO_REF))
    game.apply("attack A.Yuri B.Ngobo-Quick-Arm")
    game.apply("react passive")
    roll = rolls(game, "melee")[0]
    assert (roll.value, roll.difficulty, roll.dice, roll.successes) == (6, 4, 6, 1)
    assert roll.detail.startswith("Elevation (above B.Ngobo-Quick-Arm) +2 CBT; 6D6 at 4+")
    assert fighter(game, NGOBO_REF).checked == [0, 1, 0, 0]
    assert st.characteristic(fighter(game, YURI_REF), Characteristic.CBT) == 4  # only in this melee


def test_elevation_no_bonus_from_below_and_in_a_response_the_upper_side_gets_it() -> None:
    # Ngobo (CBT 5) attacks Yuri on the tower: no bonus for him; Yuri responds: the
    # opposition roll is Ngobo 5 against Yuri 4 + 2 = 6; 3,3 -> 8 against 9, Yuri wins,
    # then strikes with 6 dice (all 1: no success) and Ngobo declines to strike back.
    game = territory([(YURI, *ON_TOWER)], [(NGOBO, *BELOW)], [TOWER], ref=NGOBO_REF,
                     dice=[3, 3, 1, 1, 1, 1, 1, 1])
    game.apply("attack B.Ngobo-Quick-Arm A.Yuri")
    game.apply("react response")
    opposition = rolls(game, "opposition")[0]
    assert (opposition.fighter, opposition.value, opposition.opponent_value) == (
        NGOBO_REF, 5, 6)
    assert "Elevation (above B.Ngobo-Quick-Arm) +2 CBT" in opposition.detail
    assert "A.Yuri wins" in opposition.detail
    assert rolls(game, "melee")[0].value == 6


def test_elevation_raises_the_difficulty_of_a_dodge_against_the_upper_fighter() -> None:
    # Dodge: Ngobo's SPD roll against Yuri's CBT in this attack, 4 + 2 = 6.
    game = territory([(YURI, *ON_TOWER)], [(NGOBO, *BELOW)], [TOWER], ref=YURI_REF,
                     dice=[4, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1])
    game.apply("attack A.Yuri B.Ngobo-Quick-Arm")
    game.apply("react dodge")
    dodge = rolls(game, "dodge")[0]
    assert (dodge.characteristic, dodge.value, dodge.difficulty) == ("SPD", 4, 6)


def test_elevation_plus_5_cm_range_for_shooting_and_throwing() -> None:
    # The Gunner's pistol and grenade have Range(20). Ngobo is 23 cm away (edge to edge):
    # out of range from the ground, in range from the spur.
    game = territory([(GUNNER, 22, 30)], [(NGOBO, 48, 30)], [SPUR], ref=GUNNER_REF)
    refused(game, "shoot A.Gunner Pistol B.Ngobo-Quick-Arm", r"Range\(20\), 23.00 cm")
    refused(game, "throw A.Gunner Grenade 48,30", r"Range\(20\)")
    assert range_bonus(state(game), fighter(game, GUNNER_REF)) == 0
    game.apply("move A.Gunner 29,30")
    st = state(game)
    assert range_bonus(st, fighter(game, GUNNER_REF)) == 5
    assert "shoot A.Gunner Pistol B.Ngobo-Quick-Arm" in [str(a) for a in game.legal_actions()]
    game.check("throw A.Gunner Grenade 48,30")
    far = territory([(GUNNER, 29, 30)], [(NGOBO, 58, 30)], [SPUR], ref=GUNNER_REF)
    refused(far, "shoot A.Gunner Pistol B.Ngobo-Quick-Arm",
            r"Range\(20\) \+5 cm on an elevated position, 26.00 cm")


# -- Swimming (X) ---------------------------------------------------------------------------------
def test_swimming_vig_rolls_until_a_success_each_failure_a_head_wound() -> None:
    # Yuri carries 2 equipment (Molotov, Throwing knives): VIG 4 - 2 = 2 dice at 2+.
    # 1,1: a head wound (protections ignored); 2,1: across, 9 cm straight over the river.
    game = territory([(YURI, 30, 25.5)], [(NGOBO, 50, 50)], [RIVER], ref=YURI_REF,
                     dice=[1, 1, 2, 1])
    game.apply("swim A.Yuri River-1 30,34.5")
    yuri = fighter(game, YURI_REF)
    assert (yuri.x, yuri.y, yuri.ap, yuri.round_uses["move"]) == (30, 34.5, 1, 1)
    assert [(r.value, r.difficulty, r.successes) for r in rolls(game, "swimming")] == [
        (2, 2, 0), (2, 2, 1)]
    assert "Swimming (2 equipment) -2 VIG" in rolls(game, "swimming")[0].detail
    assert yuri.checked == [1, 0, 0, 0]


def test_swimming_full_protection_counts_as_two_equipment() -> None:
    st = state(territory([(ARMOURED, 30, 25.5)], [(NGOBO, 50, 50)], [RIVER]))
    assert equipment_count(st, fighter(territory([(ARMOURED, 30, 25.5)], [(NGOBO, 50, 50)],
                                                 [RIVER]), YURI_REF)) == 4
    assert equipment_count(st, st.fighter(NGOBO_REF)) == 0


def test_swimming_a_point_within_1_cm_is_put_in_contact_anywhere_within_20_cm() -> None:
    # Along the far bank, 19 cm from the start; 34 is 0.5 cm short of touching: put there.
    game = territory([(YURI, 30, 25.5)], [(NGOBO, 50, 50)], [RIVER], ref=YURI_REF,
                     dice=[6, 6])
    game.apply("swim A.Yuri River-1 47.6,34")
    yuri = fighter(game, YURI_REF)
    assert (round(yuri.x, 6), round(yuri.y, 6)) == (47.6, 34.5)


def test_swimming_incapacitated_mid_swim_never_reaches_the_edge() -> None:
    # Ngobo (head: 2 CP, VIG 4, no equipment): two failed rolls, two head wounds.
    game = territory([(YURI, 50, 50)], [(NGOBO, 30, 25.5)], [RIVER], ref=NGOBO_REF,
                     dice=[1, 1, 1, 1, 1, 1, 1, 1])
    game.apply("swim B.Ngobo-Quick-Arm River-1 30,34.5")
    ngobo = fighter(game, NGOBO_REF)
    assert not ngobo.on_field and (ngobo.x, ngobo.y) == (30, 25.5)
    assert len(rolls(game, "swimming")) == 2
    assert not any(isinstance(e, MoveEvent) for e in game.log)
    assert any(isinstance(e, IncapacitatedEvent) for e in game.log)


def test_swimming_illegal_attempts_leave_the_game_unchanged() -> None:
    game = territory([(YURI, 30, 25.5)], [(NGOBO, 50, 50)], [RIVER], ref=YURI_REF)
    refused(game, "swim A.Yuri River-1 50,34.5", r"within 20 cm .*21\.\d\d cm away")
    refused(game, "swim A.Yuri River-1 30,37", "not a position touching River-1")
    game = territory([(YURI, 30, 25.5)], [(NGOBO, 50, 50)], [RIVER], ref=YURI_REF, ap=1)
    refused(game, "swim A.Yuri River-1 30,34.5", "costs 2 AP")
    game = territory([(YURI, 30, 20)], [(NGOBO, 50, 50)], [RIVER], ref=YURI_REF)
    refused(game, "swim A.Yuri River-1 30,34.5", "must be in contact with River-1")


# -- Jump (X) -------------------------------------------------------------------------------------
def test_jump_success_lands_on_the_far_side() -> None:
    game = territory([(YURI, 26.5, 30)], [(NGOBO, 50, 50)], [RAVINE], ref=YURI_REF,
                     dice=[2, 1, 1, 1, 1])
    game.apply("jump A.Yuri Ravine-1 33.5,30")
    yuri = fighter(game, YURI_REF)
    assert (yuri.x, yuri.y, yuri.ap, yuri.round_uses["move"]) == (33.5, 30, 2, 1)
    assert [(r.characteristic, r.difficulty, r.successes) for r in rolls(game, "jump")] == [
        ("SPD", 2, 1)]


def test_jump_without_a_success_the_fighter_is_incapacitated() -> None:
    game = territory([(YURI, 26.5, 30)], [(NGOBO, 50, 50)], [RAVINE], ref=YURI_REF,
                     dice=[1, 1, 1, 1, 1])
    game.apply("jump A.Yuri Ravine-1 33.5,30")
    yuri = fighter(game, YURI_REF)
    assert not yuri.on_field and yuri.checked == [0, 0, 0, 0]
    out = next(e for e in game.log if isinstance(e, IncapacitatedEvent))
    assert (out.fighter, out.by) == (YURI_REF, "Ravine-1 (Jump (2))")


def test_jump_illegal_attempts_leave_the_game_unchanged() -> None:
    game = territory([(YURI, 26.5, 30)], [(NGOBO, 50, 50)], [RAVINE], ref=YURI_REF)
    refused(game, "jump A.Yuri Ravine-1 26.5,34", "over Ravine-1 to its far side")
    refused(game, "jump A.Yuri Ravine-1 36,30", "not a position touching Ravine-1")
    game = territory([(YURI, 26.5, 30)], [(NGOBO, 50, 50)], [WIDE_RAVINE], ref=YURI_REF)
    refused(game, "jump A.Yuri Ravine-1 39.5,30", r"at most 10 cm \(13.00 cm\)")
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 50)], [RAVINE], ref=YURI_REF)
    refused(game, "jump A.Yuri Ravine-1 33.5,30", "must be in contact with Ravine-1")
    # an element with Jump can be crossed only by jumping
    refused(game, "move A.Yuri 29,30", "impassable scenery")


# -- Hiding ---------------------------------------------------------------------------------------
def hidden_ngobo(gunner_at: tuple[float, float] = (10, 30), **kw: Any) -> Game:
    """Ngobo touches the rubble, 20.5 cm from the Gunner, and hides (a move action); then
    the Gunner's activation begins."""
    game = territory([(GUNNER, *gunner_at)], [(SHOOTER, 33.5, 30)], [RUBBLE], ref=NGOBO_REF,
                     **kw)
    game.apply("hide B.Ngobo-Quick-Arm Rubble-1")
    game.apply("end")
    game.push(Activation(Ref(GUNNER_REF)))
    game.advance()
    return game


def test_hiding_is_a_move_action_in_contact_more_than_15_cm_from_every_enemy() -> None:
    game = territory([(GUNNER, 10, 30)], [(SHOOTER, 33.5, 30)], [RUBBLE], ref=NGOBO_REF)
    game.apply("hide B.Ngobo-Quick-Arm Rubble-1")
    ngobo = fighter(game, NGOBO_REF)
    assert (ngobo.x, ngobo.y, ngobo.ap, ngobo.round_uses["move"]) == (33.5, 30, 2, 1)
    assert hiding_place(state(game), ngobo) == "Rubble-1"
    assert [e.text() for e in game.log if isinstance(e, HidingEvent)] == [
        "B.Ngobo-Quick-Arm hides in Rubble-1 (Hiding: no opponent more than 5 cm away may "
        "target it)"]
    # public: both players (and spectators) see it
    for player in (0, 1, None):
        assert game.view(player)["hidden"] == {NGOBO_REF: "Rubble-1"}
    refused(game, "hide B.Ngobo-Quick-Arm Rubble-1", "already hides in Rubble-1")


def test_hiding_refused_within_15_cm_of_an_enemy_or_out_of_contact() -> None:
    game = territory([(GUNNER, 20, 30)], [(SHOOTER, 33.5, 30)], [RUBBLE], ref=NGOBO_REF)
    refused(game, "hide B.Ngobo-Quick-Arm Rubble-1", "more than 15 cm from every enemy")
    game = territory([(GUNNER, 10, 30)], [(SHOOTER, 40, 30)], [RUBBLE], ref=NGOBO_REF)
    refused(game, "hide B.Ngobo-Quick-Arm Rubble-1", "must be in contact with Rubble-1")
    # with a point: a Move there first, which must end in contact
    refused(game, "hide B.Ngobo-Quick-Arm Rubble-1 40,35", "must be in contact with Rubble-1")
    game.apply("hide B.Ngobo-Quick-Arm Rubble-1 33.5,30")
    ngobo = fighter(game, NGOBO_REF)
    assert (ngobo.x, ngobo.ap) == (33.5, 2)
    assert hiding_place(state(game), ngobo) == "Rubble-1"


def test_hidden_no_opponent_more_than_5_cm_away_may_target_it() -> None:
    game = hidden_ngobo()
    game.apply("move A.Gunner 20,30")  # 10.5 cm from Ngobo
    refused(game, "shoot A.Gunner Pistol B.Ngobo-Quick-Arm", "hides in Rubble-1")
    refused(game, "throw A.Gunner Grenade 33.5,30", "hides in Rubble-1")
    refused(game, "charge A.Gunner B.Ngobo-Quick-Arm", "hides in Rubble-1")
    refused(game, "use A.Gunner Long-lash B.Ngobo-Quick-Arm", "hides in Rubble-1")
    offered = [str(a) for a in game.legal_actions()]
    assert not any("B.Ngobo" in a for a in offered)
    # exactly 5 cm away (edge to edge), he may be targeted
    game.apply("move A.Gunner 25.5,30")
    game.check("shoot A.Gunner Pistol B.Ngobo-Quick-Arm")


def test_a_hidden_fighter_is_skipped_for_the_nearest_target() -> None:
    # Rulebook 6.B: the nearest enemy in sight; the hidden one cannot be a target, so the
    # next one is the nearest target.
    game = territory([(GUNNER, 10, 30)], [(SHOOTER, 33.5, 30), (ABAMA, 30, 50)], [RUBBLE],
                     ref=NGOBO_REF)
    game.apply("hide B.Ngobo-Quick-Arm Rubble-1")
    game.apply("end")
    game.push(Activation(Ref(GUNNER_REF)))
    game.advance()
    game.apply("move A.Gunner 19,32")
    shots = [str(a) for a in game.legal_actions() if str(a).startswith("shoot")]
    assert shots == ["shoot A.Gunner Pistol B.Abama-Big-Belly"]


def test_a_blasts_nearest_enemy_is_looked_for_among_those_it_may_target() -> None:
    from skirmish.games.eden.fighting.templates_attack import nearest_enemies

    game = territory([(YURI, 10, 30)], [(SHOOTER, 33.5, 30), (ABAMA, 20, 45)], [RUBBLE],
                     ref=NGOBO_REF)
    game.apply("hide B.Ngobo-Quick-Arm Rubble-1")
    st = state(game)
    yuri = fighter(game, YURI_REF)
    yuri.x = 20  # Ngobo 10.5 cm away and hidden, Abama 11.5 cm away
    assert [f.ref for f in nearest_enemies(st, yuri)] == ["B.Abama-Big-Belly"]
    yuri.x = 27  # 3.5 cm: within 5 cm, Ngobo is the nearest again
    assert [f.ref for f in nearest_enemies(st, yuri)] == [NGOBO_REF]


def test_hiding_ends_out_of_contact_not_by_attacking() -> None:
    game = territory([(GUNNER, 26.5, 30)], [(SHOOTER, 45, 30)], [RUBBLE], ref=GUNNER_REF,
                     dice=[1, 1, 1, 1, 1, 1])
    game.apply("hide A.Gunner Rubble-1")
    game.apply("shoot A.Gunner Pistol B.Ngobo-Quick-Arm")  # 5 dice, all 1: missed
    st = state(game)
    assert hiding_place(st, fighter(game, GUNNER_REF)) == "Rubble-1"
    game.apply("move A.Gunner 29,30")  # into the rubble (Occupation): still in contact
    assert hidden_fighters(st) == {GUNNER_REF: "Rubble-1"}
    game = territory([(GUNNER, 26.5, 30)], [(SHOOTER, 50, 30)], [RUBBLE], ref=GUNNER_REF)
    game.apply("hide A.Gunner Rubble-1")
    game.apply("move A.Gunner 20,30")
    assert hidden_fighters(state(game)) == {}
    assert [e.text() for e in game.log if isinstance(e, HidingEvent)][-1] == (
        "A.Gunner is no longer hidden in Rubble-1")
    assert not any(k.startswith("terrain.hidden") for k in state(game).counters)


# -- Crossing, Occupation, Obstruction (X) --------------------------------------------------------
WALL = ("Wall-1", Polygon.rectangle(24.5, 20, 25.5, 40),
        record("Wall", "Destruction (4)", "Obstacle (1)", "Crossing"))
CRUMBLING = ("Crumbling-wall-1", Polygon.rectangle(24.5, 20, 25.5, 40),
             record("Crumbling wall", "Destruction (4)", "Obstacle (1)"))
AREA = ("Devastated-area-1", Polygon.rectangle(22, 20, 40, 40),
        record("Devastated area", "Obstruction (2)", "Occupation"))
BUSHES = ("Bushes-1", Polygon.rectangle(22, 20, 40, 40),
          record("Bushes", "Flammable", "Destruction (3)", "Obstruction (2)", "Crossing"))


def test_crossing_is_crossed_but_no_move_ends_on_it() -> None:
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 50)], [WALL], ref=YURI_REF)
    refused(game, "move A.Yuri 25,30", "a move cannot end on this scenery")
    game.apply("move A.Yuri 29,30")
    assert fighter(game, YURI_REF).x == 29


def test_scenery_without_crossing_occupation_or_obstruction_cannot_be_crossed() -> None:
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 50)], [CRUMBLING], ref=YURI_REF)
    refused(game, "move A.Yuri 29,30", r"longer than 10 cm|no path")


def test_obstruction_costs_x_cm_per_cm_and_occupation_lets_a_move_stop_inside() -> None:
    # 2 cm to the edge, then 4 cm inside at 2 cm per cm: 10 cm exactly.
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 50)], [AREA], ref=YURI_REF)
    refused(game, "move A.Yuri 26.5,30", "longer than 10 cm")
    game.apply("move A.Yuri 26,30")
    assert fighter(game, YURI_REF).x == 26
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 50)], [BUSHES], ref=YURI_REF)
    refused(game, "move A.Yuri 26,30", "a move cannot end on this scenery")


def test_a_charge_pays_obstruction_and_ends_only_where_a_move_may() -> None:
    # Ngobo stands inside the devastated area: 2 cm to its edge, then 8 inside = 18 cm.
    game = territory([(YURI, 20, 30)], [(NGOBO, 33, 30)], [AREA], ref=YURI_REF)
    refused(game, "charge A.Yuri B.Ngobo-Quick-Arm", "no contact position")
    game = territory([(YURI, 20, 30)], [(NGOBO, 31, 30)], [WALL], ref=YURI_REF,
                     dice=[1] * 4)
    refused(game, "charge A.Yuri B.Ngobo-Quick-Arm 26.5,30", r"no contact position")


def test_deployment_honours_occupation_and_crossing() -> None:
    game = territory([(YURI, 5, 55)], [(NGOBO, 50, 55)], [
        ("Wall-1", Polygon.rectangle(20, 3, 40, 4), WALL[2]),
        ("Devastated-area-1", Polygon.rectangle(42, 0, 52, 8), AREA[2]),
        ("Crumbling-wall-1", Polygon.rectangle(5, 3, 15, 4), CRUMBLING[2])])
    st = state(game)
    st.halves[0] = "south"
    yuri = fighter(game, YURI_REF)
    assert "cannot stop on" in deploy_problem(st, yuri, (30, 4.5))
    assert "impassable" in deploy_problem(st, yuri, (10, 4.5))
    assert deploy_problem(st, yuri, (47, 4)) == ""


# -- what every move action of scenery shares -----------------------------------------------------
def test_the_move_actions_need_a_free_fighter_and_never_end_in_contact_with_an_enemy() -> None:
    # Ngobo in contact with Yuri: Yuri is not free, he withdraws by a Move first.
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 22.5, 30)], [TOWER], ref=YURI_REF)
    refused(game, "climb A.Yuri Tower-1 30,30", "the fighter must be free")
    # Ngobo touches the far side of the tower: a spot touching him is refused, the spot
    # chosen by the engine keeps clear of him.
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 34.5, 30)], [TOWER], ref=YURI_REF,
                     dice=[6] * 5)
    refused(game, "climb A.Yuri Tower-1 31.5,30", "cannot end in contact with an enemy")
    game.apply("climb A.Yuri Tower-1")
    assert fighter(game, YURI_REF).x == 27
    # a base in the way of a jump
    game = territory([(YURI, 26.5, 30), (GUNNER, 33.5, 31)], [(NGOBO, 55, 55)], [RAVINE],
                     ref=YURI_REF)
    refused(game, "jump A.Yuri Ravine-1 33.5,30", "overlap another base")
    refused(game, "jump A.Yuri Ravine-1 33.5,34.5", "another base or impassable scenery is "
                                                    "in the way")


def test_elevation_no_bonus_between_fighters_at_the_same_height() -> None:
    # Both on the rock spur: neither is below the other.
    game = territory([(YURI, 28.5, 30)], [(NGOBO, 31.5, 30)], [SPUR], ref=YURI_REF,
                     dice=[1, 1, 1, 1])
    st = state(game)
    assert is_elevated(st, fighter(game, YURI_REF)) and is_elevated(st, fighter(game,
                                                                                NGOBO_REF))
    assert not above(st, fighter(game, YURI_REF), fighter(game, NGOBO_REF))
    game.apply("attack A.Yuri B.Ngobo-Quick-Arm")
    game.apply("react passive")
    assert rolls(game, "melee")[0].value == 4


# -- the legal actions and the heuristic bot ------------------------------------------------------
def test_the_activation_offers_each_move_action_when_legal() -> None:
    cases = [(TOWER, (25.5, 30), "climb A.Yuri Tower-1 27,30"),
             (RIVER, (30, 25.5), "swim A.Yuri River-1 "), (RAVINE, (26.5, 30),
                                                            "jump A.Yuri Ravine-1 33.5,30"),
             (RUBBLE, (26.5, 30), "hide A.Yuri Rubble-1")]
    for scenery, at, wanted in cases:
        game = territory([(YURI, *at)], [(NGOBO, 55, 55)], [scenery], ref=YURI_REF)
        offered = [str(a) for a in game.legal_actions()]
        assert any(a.startswith(wanted) for a in offered), (wanted, offered)
        for action in offered:
            if action.split()[0] in ("climb", "swim", "jump", "hide"):
                assert game.parse(action) == game.check(action)  # legal; reads back
    # none when out of contact, or with no Move left this round
    game = territory([(YURI, 15, 15)], [(NGOBO, 55, 55)], [TOWER, RUBBLE], ref=YURI_REF)
    assert not [a for a in game.legal_actions() if str(a).split()[0] in ("climb", "hide")]
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 55, 55)], [TOWER], ref=YURI_REF)
    fighter(game, YURI_REF).round_uses["move"] = 3
    refused(game, "climb A.Yuri Tower-1", "3/round")


def test_fear_allows_the_move_actions_of_scenery() -> None:
    from skirmish.games.eden.modifiers import Condition

    game = territory([(YURI, 26.5, 30)], [(NGOBO, 55, 55)], [RUBBLE], ref=YURI_REF)
    fighter(game, YURI_REF).add_markers(Condition.FEAR)
    game.apply("hide A.Yuri Rubble-1")
    assert hidden_fighters(state(game)) == {YURI_REF: "Rubble-1"}


def test_a_record_with_the_move_actions_replays_to_the_same_state() -> None:
    game = territory([(YURI, 25.5, 30)], [(NGOBO, 55, 55)], [TOWER], ref=YURI_REF,
                     dice=[6, 6, 6, 6, 6])
    game.apply("climb A.Yuri Tower-1")
    snapshot = game.to_json()
    again = Game.from_json(snapshot)
    assert state(again).to_json() == state(game).to_json()
    assert is_elevated(state(again), fighter(again, YURI_REF))


def bot_choice(game: Game, player: int) -> str:
    from skirmish.games.eden.bots.heuristic import HeuristicAgent

    return str(HeuristicAgent(7).act(game.view(player), list(game.legal_actions())))


def test_the_bot_prefers_an_elevated_point_and_climbs_for_the_range() -> None:
    # A shooter 27 cm from Ngobo, out of range: a rock spur ahead is worth stepping on.
    sniper = replace(GUNNER, abilities=())
    spur = ("Spur-1", Circle(27, 33, 3), SPUR[2])
    game = territory([(sniper, 20, 30)], [(NGOBO, 50, 30)], [spur], ref=GUNNER_REF)
    choice = game.parse(bot_choice(game, 0))
    game.apply(choice)
    assert str(choice).startswith("move") and is_elevated(state(game),
                                                          fighter(game, GUNNER_REF))
    # Touching a tower, Ngobo 23.5 cm away: the climb brings him within Range(20) + 5.
    game = territory([(sniper, 25.5, 30)], [(NGOBO, 52, 30)], [TOWER], ref=GUNNER_REF)
    assert bot_choice(game, 0).startswith("climb A.Gunner Tower-1")


def test_the_bot_avoids_hostile_presence_and_jumps_only_when_safe() -> None:
    pond = ("Pond-1", Circle(30, 30, 2), record("Pond", "Obstruction (2)",
                                                "Hostile Presence (1)", "Occupation"))
    game = territory([(YURI, 20, 30)], [(NGOBO, 50, 30)], [pond], ref=YURI_REF)
    choice = game.parse(bot_choice(game, 0))
    assert str(choice).startswith("move")
    to = choice.to  # type: ignore[attr-defined]
    assert (to.x - 30) ** 2 + (to.y - 30) ** 2 > (2 + 1.5 + 0.05) ** 2
    # a ravine across the whole field: Jump (1) is taken, Jump (6) is not (SPD 5: 40 % to
    # be incapacitated)
    for value, jumps in ((1, True), (6, False)):
        ravine = ("Ravine-1", Polygon.rectangle(28, 0, 32, 60), record("Ravine",
                                                                      f"Jump ({value})"))
        game = territory([(YURI, 26.5, 30)], [(NGOBO, 50, 30)], [ravine], ref=YURI_REF)
        assert bot_choice(game, 0).startswith("jump") is jumps


def test_the_bots_melee_odds_count_elevation() -> None:
    from skirmish.games.eden.bots.heuristic import HeuristicAgent
    from skirmish.games.eden.bots.heuristic_territory import Terrain
    from skirmish.games.eden.bots.view_odds import combatant

    game = territory([(YURI, *ON_TOWER)], [(NGOBO, *BELOW)], [TOWER], ref=YURI_REF)
    view = game.view(0)
    fighters = {f["ref"]: f for f in view["fighters"]}
    yuri, ngobo = fighters[YURI_REF], fighters[NGOBO_REF]
    agent, terrain = HeuristicAgent(1), Terrain(view)
    model = combatant(yuri, view["equipment"])
    assert agent._above(terrain, model, yuri, ngobo).cbt == model.cbt + 2
    assert agent._above(terrain, model, ngobo, yuri) == model


def test_the_picture_marks_a_hidden_fighter_and_where_it_hides() -> None:
    from skirmish.games.eden.picture import HIDDEN_PIP, picture_of
    from skirmish.geometry.svg import render

    game = territory([(GUNNER, 10, 30)], [(SHOOTER, 33.5, 30)], [RUBBLE], ref=NGOBO_REF)
    assert HIDDEN_PIP not in picture_of(state(game)).note_of[NGOBO_REF].pips
    game.apply("hide B.Ngobo-Quick-Arm Rubble-1")
    note = picture_of(state(game)).note_of[NGOBO_REF]
    assert HIDDEN_PIP in note.pips and "hidden in Rubble-1 (Hiding)" in note.title
    assert HIDDEN_PIP.legend in render(picture_of(state(game)))
