"""Optional rules 3, Climatic conditions: one scenario per result of the 2D6 (2 to 12) and
combinations, with forced dice. Profiles and equipment are INVENTED test data
(tests/games/eden/profiles.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from skirmish.core import Game, IllegalActionError, Ref, ScriptedDice
from skirmish.core.events import RollEvent
from skirmish.games.eden import EDEN
from skirmish.games.eden.abilities import ability_effects
from skirmish.games.eden.cards.cards import freeze
from skirmish.games.eden.cards.inputs import check_effect_params
from skirmish.games.eden.cards.profile import FighterProfile
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.effects import ActiveEffect, kind_of
from skirmish.games.eden.events import WoundEvent
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.movement import allowance
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.odds.game import odds_of
from skirmish.games.eden.optional.climate import (
    CONDITIONS,
    ClimateEvent,
    climate_effects,
    condition_of,
    start_climate,
)
from skirmish.games.eden.rounds.intendancy import Intendancy
from skirmish.games.eden.rounds.tactical import TacticalPhase

from ..profiles import ABAMA, NGOBO, VLADD, YURI
from ..scenario import fighter, state, table
from ..test_preparation import setup as preparation_setup
from ..test_tactical import ADRENALIN

EQUIPMENT = ["Pistol (Shooting): CBT +1 - Range(20), Str(3)",
             "Grenade (Projectile): Range(20), Explosive(2)",
             "Armour (Pr): complete +1"]
LONG_LASH = {"name": "Long lash", "kind": "action", "cost_ap": 1, "cost_sp": 0,
             "effects": [{"effect": "strike", "characteristic": "PSI", "range": 30}]}
GUNNER = replace(YURI, equipment=("Pistol", "Grenade"), abilities=("Long lash",))
PYRO = replace(VLADD, equipment=("Flamethrower",))
TOUGH_NGOBO = replace(NGOBO, equipment=("Armour",))
GHOUL = replace(NGOBO, name="Ghoul", level=2)  # a non-player fighter (Infestation)
YURI_REF, NGOBO_REF, ABAMA_REF, VLADD_REF = ("A.Yuri", "B.Ngobo-Quick-Arm",
                                             "B.Abama-Big-Belly", "A.Vlädd")
Placed = Sequence[tuple[FighterProfile, float, float]]


def weather(sums: tuple[int, ...], a: Placed, b: Placed, *, start: Sequence[Any] = (),
            dice: Sequence[int] = (), **kw: Any) -> Game:
    """Given this table under these climatic conditions (the sums of 2D6), and these dice."""
    game = table(a, b, dice=dice, start=[], equipment=EQUIPMENT, abilities=[LONG_LASH], **kw)
    state(game).effects.extend(ability_effects(game))
    start_climate(game, sums)
    game.push(*start)
    game.advance()
    return game


def rolls(game: Game, kind: str = "") -> list[RollEvent]:
    return [e for e in game.log if isinstance(e, RollEvent) and kind in e.roll]


def test_the_table_of_the_rulebook() -> None:
    names = {total: condition_of(total).name for total in range(2, 13)}
    assert names == {2: "Ion storm", 3: "Storm", 4: "Dense fog", 5: "Dense fog",
                     6: "Normal weather", 7: "Normal weather", 8: "Mist", 9: "Mist",
                     10: "Acid rain", 11: "Acid rain", 12: "Snowstorm"}
    assert condition_of(3).french == "Vent contraire"  # EN "Storm" (docs/rulings.md)
    for condition in CONDITIONS:  # every effect is a valid effect of the registry
        for kind, params in condition.effects:
            kind_of(ActiveEffect(kind, "", "")).validate(params, condition.source)
            check_effect_params(params, condition.source)
    with pytest.raises(ValueError, match="2 to 12, not 13"):
        condition_of(13)


# -- 2: Ion storm ------------------------------------------------------------------------------
def test_2_ion_storm_a_vig_roll_of_6_at_the_end_of_the_round_or_a_torso_wound() -> None:
    # Yuri VIG 4: 6,1,1,1 (a success); Ngobo VIG 4: 5,5,5,5 (none): a wound to the torso,
    # through his armour (complete +1); the Ghoul, a non-player fighter, is immune.
    game = weather((2,), [(YURI, 10, 10)], [(TOUGH_NGOBO, 40, 40), (GHOUL, 50, 10)],
                   start=[Intendancy()], dice=[6, 1, 1, 1, 5, 5, 5, 5])
    assert game.is_over  # the intendancy is over; no die is left unused (ScriptedDice)
    assert [(r.fighter, r.value, r.difficulty, r.successes) for r in rolls(game, "Ion")] == [
        (YURI_REF, 4, 6, 1), (NGOBO_REF, 4, 6, 0)]
    assert fighter(game, NGOBO_REF).checked == [0, 0, 1, 0]  # head, arms, torso, legs
    wound = next(e for e in game.log if isinstance(e, WoundEvent))
    assert (wound.limb, wound.wounds, wound.protection, wound.by) == (
        "torso", 1, 0, "Climatic conditions 2 (Ion storm)")
    assert fighter(game, YURI_REF).checked == [0, 0, 0, 0]
    texts = [e.text() for e in game.log]
    assert texts.index("Climatic conditions 2 (Ion storm): every fighter makes a VIG roll, "
                       "difficulty 6") < texts.index("end of round 0")


def test_2_ion_storm_at_intendancy_step_11_first_players_fighters_first() -> None:
    # Step 11: after the VP count, before "until the end of the round" effects end: B's
    # card (+2 VIG to its troop this round) still counts; B is the first player.
    game = weather((2,), [(YURI, 10, 10)], [(NGOBO, 40, 40)], dice=[1] * 6 + [6, 1, 1, 1])
    st = state(game)
    st.first_player = 1
    st.effects.append(ActiveEffect("modify", "Adrenalin", "B", freeze(
        {"characteristic": "VIG", "delta": 2, "who": "troop"}), "round"))
    game.push(Intendancy())
    game.advance()
    assert [(r.fighter, r.value) for r in rolls(game, "Ion")] == [(NGOBO_REF, 6), (YURI_REF, 4)]
    assert fighter(game, NGOBO_REF).checked == [0, 0, 1, 0]
    assert not any(e.source == "Adrenalin" for e in st.effects)  # ended after the storm


# -- 3: Storm -----------------------------------------------------------------------------------
def test_3_storm_a_move_covers_8_cm_a_charge_still_10() -> None:
    # Ngobo 12 cm away centre to centre: the contact position is 9 cm away.
    game = weather((3,), [(YURI, 10, 10)], [(NGOBO, 22, 10)], start=[Activation(Ref(YURI_REF))])
    assert game.decision().context["move_allowance"] == 8
    with pytest.raises(IllegalActionError, match=r"the path is longer than 8 cm"):
        game.apply("move A.Yuri 10,19")
    assert str(game.check("charge A.Yuri B.Ngobo-Quick-Arm")).startswith("charge A.Yuri")
    assert any(str(a).startswith("charge") for a in game.legal_actions())
    game.apply("move A.Yuri 10,18")
    assert (fighter(game, YURI_REF).x, fighter(game, YURI_REF).y) == (10, 18)


def test_3_storm_a_failed_charge_becomes_an_8_cm_move() -> None:
    game = weather((3,), [(YURI, 10, 10)], [(NGOBO, 40, 10)], start=[Activation(Ref(YURI_REF))])
    with pytest.raises(IllegalActionError, match="no contact position"):
        game.apply("charge A.Yuri B.Ngobo-Quick-Arm 10,19")  # and no 9 cm Move either
    game.apply("charge A.Yuri B.Ngobo-Quick-Arm 10,18")
    assert (fighter(game, YURI_REF).y, fighter(game, YURI_REF).ap) == (18, 2)  # a Move


def test_3_storm_a_cards_own_distance_wins_over_the_storm() -> None:
    game = weather((3,), [(YURI, 10, 10)], [(NGOBO, 40, 10)])
    st = state(game)
    yuri = fighter(game, YURI_REF)
    assert (allowance(st, yuri), allowance(st, yuri, charge=True)) == (8, 10)
    st.effects.append(ActiveEffect("move-distance", "Sprint", YURI_REF, freeze({"cm": 12})))
    assert (allowance(st, yuri), allowance(st, yuri, charge=True)) == (12, 12)


# -- 4-5: Dense fog -------------------------------------------------------------------------------
@pytest.mark.parametrize("roll", [4, 5])
def test_4_5_dense_fog_no_shot_at_a_target_more_than_15_cm_away(roll: int) -> None:
    # Ngobo's base is 17 cm from Yuri's, edge to edge: in the Pistol's range, not in the fog.
    game = weather((roll,), [(GUNNER, 10, 10)], [(NGOBO, 30, 10)],
                   start=[Activation(Ref(YURI_REF))])
    fog = re.escape("Climatic conditions 4-5 (Dense fog): no fighter may take an action whose "
                    "target is more than 15 cm away")
    with pytest.raises(IllegalActionError, match=rf"{fog} \(B.Ngobo-Quick-Arm is 17.00 cm"):
        game.apply("shoot A.Yuri Pistol B.Ngobo-Quick-Arm")
    with pytest.raises(IllegalActionError, match=rf"{fog} \(the point 30,10 is 18.50 cm"):
        game.apply("throw A.Yuri Grenade 30,10")
    with pytest.raises(IllegalActionError, match=rf"Long lash: {fog}"):
        game.apply("use A.Yuri Long-lash B.Ngobo-Quick-Arm")
    with pytest.raises(IllegalActionError, match=fog):
        odds_of(game, "shoot A.Yuri Pistol B.Ngobo-Quick-Arm")
    offered = {str(a).split()[0] for a in game.legal_actions()}
    assert not offered & {"shoot", "throw", "use"}
    game.check("throw A.Yuri Grenade 25,10")  # a point 13.5 cm away


def test_4_5_dense_fog_15_cm_is_still_allowed_and_other_targets_come_nearer() -> None:
    # Edge to edge exactly 15 cm: FR "à plus de 15 cm" only is forbidden.
    game = weather((4,), [(GUNNER, 10, 10)], [(NGOBO, 28, 10), (ABAMA, 10, 40)],
                   start=[Activation(Ref(YURI_REF))])
    assert "shoot A.Yuri Pistol B.Ngobo-Quick-Arm" in {str(a) for a in game.legal_actions()}
    without = weather((), [(GUNNER, 10, 10)], [(NGOBO, 28, 10)],
                      start=[Activation(Ref(YURI_REF))])
    assert {str(a) for a in game.legal_actions() if str(a).startswith("shoot")} == {
        str(a) for a in without.legal_actions() if str(a).startswith("shoot")}


def test_4_5_dense_fog_limits_a_blast_by_its_nearest_enemy() -> None:
    # The blast template is 20 cm long: without fog Vladd blasts Ngobo 16 cm away.
    blast = "blast A.Vlädd Flamethrower 0"
    clear = weather((), [(PYRO, 10, 10)], [(NGOBO, 29, 10)], start=[Activation(Ref(VLADD_REF))])
    clear.check(blast)
    game = weather((5,), [(PYRO, 10, 10)], [(NGOBO, 29, 10)], start=[Activation(Ref(VLADD_REF))])
    with pytest.raises(IllegalActionError, match=r"the nearest enemy B.Ngobo-Quick-Arm is "
                                                 r"16.00 cm away"):
        game.check(blast)


def test_4_5_dense_fog_does_not_limit_a_charge() -> None:
    # A card lets Yuri charge 20 cm; the charge's target is chosen once in contact.
    game = weather((4,), [(YURI, 10, 10)], [(NGOBO, 29, 10)])
    st = state(game)
    st.effects.append(ActiveEffect("move-distance", "Leap", YURI_REF,
                                   freeze({"cm": 20, "only": "charge"})))
    game.push(Activation(Ref(YURI_REF)))
    game.advance()
    game.check("charge A.Yuri B.Ngobo-Quick-Arm")


# -- 6-7: Normal weather ----------------------------------------------------------------------
@pytest.mark.parametrize("roll", [6, 7])
def test_6_7_normal_weather_changes_nothing(roll: int) -> None:
    game = weather((roll,), [(YURI, 10, 10)], [(NGOBO, 22, 10)], start=[Activation(Ref(YURI_REF))])
    assert not any(e.neutral for e in state(game).effects)
    event = next(e for e in game.log if isinstance(e, ClimateEvent))
    assert event.text() == "climatic conditions (optional rules 3): 6-7 Normal weather: no effect"
    assert game.decision().context["move_allowance"] == 10


# -- 8-9: Mist --------------------------------------------------------------------------------
def deployers(sums: list[int] | None) -> list[int]:
    """Who deploys, in order, in a preparation where A (first player) has three fighters and
    B two."""
    twin = replace(YURI, name="Yuri's twin")
    rules = {"rules": {"climate": sums}} if sums else {}
    data = preparation_setup([YURI, VLADD, twin], [NGOBO, ABAMA], preparation_skip=[
        "bid", "leaders", "missions", "scenery", "hands"], **rules)
    game = EDEN.new_game(data, seed=1)
    game.apply("half south")
    players = []
    while game.decision().kind == "deploy":
        players.append(game.decision().player)
        if sums:
            assert "one at a time, alternately" in game.decision().prompt
        game.apply(game.legal_actions()[0])
    assert all(f.on_field for f in state(game).fighters)
    return players


@pytest.mark.parametrize("roll", [8, 9])
def test_8_9_mist_one_fighter_at_a_time_alternately_first_player_first(roll: int) -> None:
    assert deployers(None) == [0, 0, 0, 1, 1]
    assert deployers([roll]) == [0, 1, 0, 1, 0]  # B has nobody left: A goes on


# -- 10-11: Acid rain ---------------------------------------------------------------------------
@pytest.mark.parametrize("roll", [10, 11])
def test_10_11_acid_rain_free_fighters_roll_vig_5_or_get_poison(roll: int) -> None:
    # Yuri (free) VIG 4: 4,4,4,4 - no success: a Poison marker, after step 5 removed the one
    # he had (his VIG is 4 again). Vladd and Ngobo, in contact, are not free; Abama (free,
    # VIG 5) 5,1,1,1,1 - a success.
    game = weather((roll,), [(YURI, 10, 10), (VLADD, 30, 30)], [(NGOBO, 33, 30), (ABAMA, 50, 50)],
                   dice=[4, 4, 4, 4, 5, 1, 1, 1, 1])
    fighter(game, YURI_REF).add_markers(Condition.POISON)
    game.push(Intendancy())
    game.advance()
    assert [(r.fighter, r.value, r.difficulty, r.successes) for r in rolls(game, "Acid")] == [
        (YURI_REF, 4, 5, 0), (ABAMA_REF, 5, 5, 1)]
    assert fighter(game, YURI_REF).marker_count(Condition.POISON) == 1
    assert fighter(game, ABAMA_REF).marker_count(Condition.POISON) == 0
    assert game.is_over


# -- 12: Snowstorm ------------------------------------------------------------------------------
def test_12_snowstorm_a_tactical_card_costs_3_sp() -> None:
    game = weather((12,), [(YURI, 10, 10)], [(NGOBO, 40, 40)])
    st = state(game)
    st.catalogue = replace(st.catalogue, tactical=((ADRENALIN,), (ADRENALIN,)))
    st.hands = [["Adrenalin"], ["Adrenalin"]]
    st.leaders = [YURI_REF, NGOBO_REF]
    st.sp = [2, 4]
    st.round = 1
    game.push(TacticalPhase())
    game.advance()
    assert game.decision().player == 1  # A cannot pay 3 SP: not asked
    assert game.decision().prompt == "Play a tactical card for 3 SP, or pass"
    game.apply("play Adrenalin B.Ngobo-Quick-Arm")
    assert st.sp == [2, 1]
    from skirmish.games.eden.rounds.tactical import card_refusal

    st.hands[0] = ["Adrenalin"]
    assert card_refusal(st, 0, "Adrenalin", YURI_REF) == (
        "Rulebook 4.B, Tactical phase: playing a card costs 3 SP (Climatic conditions 12 "
        "(Snowstorm))")


# -- combined conditions, and the roll as the match starts --------------------------------------
def test_combined_conditions_resolve_in_the_order_of_the_table() -> None:
    # 10 and 2 chosen: at the end of the round the Ion storm first, then the Acid rain.
    game = weather((10, 2), [(YURI, 10, 10)], [(NGOBO, 40, 40)],
                   dice=[6, 1, 1, 1, 6, 1, 1, 1, 5, 1, 1, 1, 5, 1, 1, 1])
    assert [e.source for e in state(game).effects] == [
        "Climatic conditions 2 (Ion storm)", "Climatic conditions 10-11 (Acid rain)"]
    game.push(Intendancy())
    game.advance()
    assert [(r.roll.split()[2], r.fighter) for r in rolls(game, "Climatic")] == [
        ("2", YURI_REF), ("2", NGOBO_REF), ("10-11", YURI_REF), ("10-11", NGOBO_REF)]


def test_the_climate_is_rolled_with_the_games_dice_before_the_preparation() -> None:
    # Three rolls: 1+2 = 3 (Storm), 6+6 = 12 (Snowstorm), 2+1 = 3 again: Storm counts once.
    setup = {**match_setup(), "rules": {"climate": ["roll", "roll", "roll"]}}
    game = EDEN.new_game(setup, dice=ScriptedDice([1, 2, 6, 6, 2, 1]))
    texts = [e.text() for e in game.log]
    assert texts[:4] == [
        "climate roll: [1, 2] (sum 3: Storm)",
        "climate roll: [6, 6] (sum 12: Snowstorm)",
        "climate roll: [2, 1] (sum 3: Storm)",
        "climatic conditions (optional rules 3): 3 Storm: a Move covers 8 cm instead of 10; "
        "12 Snowstorm: a tactical card costs 3 SP instead of 2"]
    assert texts[4] == "preparation step 1: troops"
    assert [e.effect for e in state(game).effects if e.neutral] == ["move-distance",
                                                                    "card-cost"]
    assert climate_effects((4,)) == climate_effects((5,)) == climate_effects((4, 5))
    view = game.view(1)  # the conditions are public
    assert {e["source"] for e in view["effects"] if e["owner"] == ""} == {
        "Climatic conditions 3 (Storm)", "Climatic conditions 12 (Snowstorm)"}
