"""Optional rules 2, Infestation: non-player fighters (NPFs; FR "CNJ") placed in preparation
step 6 bis and activated in intendancy step 2, attacked and scored; scenarios with forced
dice. The NPF profiles below are INVENTED test data (the sample ones are in the card
library, ORIGINAL SAMPLE CONTENT)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from skirmish.bots import make_agent
from skirmish.core import Game, IllegalActionError, Record, Ref, ScriptedDice, verify
from skirmish.core.agents import view_of
from skirmish.core.events import RollEvent
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.profile import Characteristic, FighterProfile, Limb, LimbProfile
from skirmish.games.eden.cards.troops import ability_dict
from skirmish.games.eden.demo import SAMPLE_EQUIPMENT, match_setup, sample_library
from skirmish.games.eden.events import PointsEvent, ReactionEvent
from skirmish.games.eden.fighter import NPF_SIDE, Fighter
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.optional.climate import start_climate
from skirmish.games.eden.optional.infestation import Infestation, new_ref
from skirmish.games.eden.optional.npf_activation import NpfActionEvent, NpfActivation
from skirmish.games.eden.optional.npf_placement import NpfPlacedEvent, npf_effects
from skirmish.games.eden.rounds.activation import can_be_activated
from skirmish.games.eden.rounds.intendancy import Intendancy, end_of_round
from skirmish.games.eden.rounds.round import match_over
from skirmish.games.eden.ruleset import catalogue_of
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Element

from ..invariants import check_invariants, invariant_problems
from ..profiles import NGOBO, YURI
from ..scenario import fighter, state


def limb(white_cp: int, red_cp: int, white: int, red: int, *faces: int) -> LimbProfile:
    return LimbProfile(white_cp=white_cp, red_cp=red_cp, white=white, red=red, faces=faces)


def npf(name: str, level: int, *, cp: int = 2, base_mm: int = 30) -> FighterProfile:
    """An invented NPF card: PSI 2, CBT 4, VIG 4, SPD 3 (head 1, arms 2-3, torso 4-5, legs 6)."""
    return FighterProfile(name=name, faction="NPF", stigma="", types=("Creature",), value=0,
                          limbs=(limb(1, 0, 2, 2, 1), limb(cp, 1, 4, 3, 2, 3),
                                 limb(cp, 1, 4, 3, 4, 5), limb(cp, 1, 3, 2, 6)),
                          base_mm=base_mm, level=level)


RAT, GHOUL, BRUTE = npf("Rat", 1), npf("Ghoul", 2), npf("Brute", 3, base_mm=40)
CARDS = (RAT, GHOUL, BRUTE)
YURI_REF, NGOBO_REF = "A.Yuri", "B.Ngobo-Quick-Arm"
PISTOL = "Pistol (Shooting): CBT +1 - Range(20), Str(3)"
GUNNER = replace(YURI, equipment=("Pistol",))
Placed = Sequence[tuple[FighterProfile, float, float]]


def troop(placed: Placed) -> dict[str, Any]:
    return {"type": "faction",
            "fighters": [{"profile": p.to_dict(), "at": [x, y]} for p, x, y in placed]}


def infested(a: Placed, b: Placed, npfs: Placed, *, dice: Sequence[int] = (),
             start: Sequence[Any] = (), first: int = 0, cards: Sequence[FighterProfile] = CARDS,
             abilities: Sequence[dict[str, Any]] = ()) -> Game:
    """Fighters of A and B, and these NPFs, at (x, y); A's and B's fighters with 3 AP; forced
    ``dice``; the stack ``start``. Infestation is played (its placement done)."""
    fighters = [Fighter(side, p, x=x, y=y, on_field=True, ap=3)
                for side, placed in enumerate((a, b)) for p, x, y in placed]
    setup: dict[str, Any] = {"equipment": [*SAMPLE_EQUIPMENT, PISTOL],
                             "abilities": list(abilities), "troops": [troop(a), troop(b)],
                             "npfs": [c.to_dict() for c in cards], "rules": {"infestation": 3}}
    st = EdenState(fighters, catalogue=catalogue_of(setup))
    st.infestation = Infestation(level=3, done=True)
    st.first_player = first
    for profile, x, y in npfs:
        one = Fighter(NPF_SIDE, profile, x=x, y=y, on_field=True, ref=new_ref(st, profile))
        st.add_fighter(one)
        st.effects.extend(npf_effects(st, one))
    game = Game(EDEN, st, setup, ScriptedDice(dice))
    game.push(*start)
    game.advance()
    return game


def unchanged(game: Game, action: str, match: str) -> None:
    """An illegal action names its rule and leaves the game exactly as it was."""
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action)
    assert game.state_hash() == before


# -- A: placement (preparation step 6 bis) -------------------------------------------------------
def placement_setup(level: int | str = 3, cards: Sequence[FighterProfile] = CARDS,
                    field: tuple[int, int] = (60, 60)) -> dict[str, Any]:
    """Everything but step 6 bis settled: A first, Yuri and Ngobo already on the field."""
    return {"field": list(field), "equipment": list(SAMPLE_EQUIPMENT),
            "troops": [troop([(YURI, 10, 10)]), troop([(NGOBO, 10, 16)])],
            "npfs": [c.to_dict() for c in cards], "rules": {"infestation": level},
            "preparation_skip": ["bid", "leaders", "missions", "scenery", "deployment",
                                 "hands"]}


def test_placement_alternates_first_player_first_and_a_level_x_npf_costs_x() -> None:
    game = EDEN.new_game(placement_setup(3), dice=ScriptedDice([]))
    assert state(game).infestation == Infestation(level=3, points=[3, 3])
    decision = game.decision()
    assert (decision.player, decision.kind) == (0, "place-npf")
    assert decision.options == ("Rat (level 1)", "Ghoul (level 2)", "Brute (level 3)")
    game.apply("npf Ghoul 40,40")
    assert game.decision().player == 1
    unchanged(game, "npf Ghoul 40,25", "less than 15 cm from another NPF")
    game.apply("npf Brute 10,45")
    assert (game.decision().player, state(game).infestation.points) == (0, [1, 0])
    unchanged(game, "npf Ghoul 50,10", r"Ghoul is level 2: player A has 1 infestation point")
    game.apply("npf Rat 50,10")
    infestation = state(game).infestation
    assert infestation.done and infestation.points == [0, 0]
    assert [(p.player, p.ref, p.level) for p in infestation.placed] == [
        (0, "N.Ghoul", 2), (1, "N.Brute", 3), (0, "N.Rat", 1)]
    assert [e.fighter for e in game.log if isinstance(e, NpfPlacedEvent)] == [
        "N.Ghoul", "N.Brute", "N.Rat"]
    assert all(f.ap == 0 for f in state(game).npfs())  # step 9: no AP for an NPF
    assert fighter(game, YURI_REF).ap == 3
    check_invariants(game)


def test_placement_15_cm_edge_to_edge_from_any_other_npf() -> None:
    game = EDEN.new_game(placement_setup(3), dice=ScriptedDice([]))
    game.apply("npf Rat 30,30")
    # Centres 17.9 cm apart, 30 mm bases: 14.9 cm edge to edge - refused; 18 cm: 15 cm, allowed.
    unchanged(game, "npf Rat 47.9,30", r"optional rules 2, A: NPF placement: an NPF cannot be "
                                       r"placed less than 15 cm from another NPF \(N.Rat would "
                                       r"be 14.90 cm away, edge to edge\)")
    unchanged(game, "npf Rat 10,11", "would overlap another fighter's base")
    unchanged(game, "npf Rat 60,30", "off the field")
    game.apply("npf Rat 48,30")
    assert fighter(game, "N.Rat-2").x == 48  # a card placed again is numbered
    assert state(game).infestation.placed[1].gap == pytest.approx(15.0)
    check_invariants(game)


def test_a_player_out_of_points_is_skipped_and_placement_ends_when_neither_can_buy() -> None:
    # Level 3 with the Rat (1) and the Brute (3): A spends 3 at once; B places three Rats.
    game = EDEN.new_game(placement_setup(3, (RAT, BRUTE)), dice=ScriptedDice([]))
    game.apply("npf Brute 30,30")
    for at in ("5,55", "55,55", "55,5"):
        assert game.decision().player == 1
        game.apply(f"npf Rat {at}")
    assert state(game).infestation.done and state(game).infestation.points == [0, 0]
    # Only level-2 cards: each keeps 1 point he cannot spend (FR: "ne possèdent plus assez").
    game = EDEN.new_game(placement_setup(3, (GHOUL,)), dice=ScriptedDice([]))
    game.apply("npf Ghoul 30,30")
    game.apply("npf Ghoul 55,55")
    assert state(game).infestation.done and state(game).infestation.points == [1, 1]
    assert not invariant_problems(game)


def test_placement_ends_when_no_room_is_left() -> None:
    # A 20 x 20 cm field holds two NPFs 15 cm apart at most (opposite corners).
    game = EDEN.new_game(placement_setup(10, (RAT,), field=(20, 20)), dice=ScriptedDice([]))
    unchanged(game, "pass", "'npf Rat .*' is still possible: a player who can afford an NPF "
                            "places one")
    game.apply("npf Rat 1.5,1.5")
    game.apply("npf Rat 18.5,18.5")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    game.apply("pass")
    infestation = state(game).infestation
    assert infestation.done and infestation.blocked == [True, True]
    assert infestation.points == [9, 9] and not invariant_problems(game)


def test_a_random_level_is_2d6_minus_2_a_zero_rolled_again() -> None:
    game = EDEN.new_game(placement_setup("random"), dice=ScriptedDice([1, 1, 3, 4]))
    rolls = [e for e in game.log if isinstance(e, RollEvent) and e.roll == "infestation"]
    assert [(r.faces, r.detail) for r in rolls] == [
        ((1, 1), "2D6 - 2 = 0: rolled again"), ((3, 4), "2D6 - 2 = 5: level 5")]
    assert state(game).infestation.points == [5, 5]


def test_without_infestation_there_is_no_step_6_bis() -> None:
    setup = {k: v for k, v in placement_setup().items() if k not in ("rules", "npfs")}
    game = EDEN.new_game(setup, seed=1)
    assert state(game).infestation is None
    assert "infestation" not in json.dumps(game.to_json()["state"])
    assert not any("6bis" in e.text() for e in game.log)


def test_a_set_up_playing_infestation_carries_the_library_npfs() -> None:
    game = EDEN.new_game({**match_setup(), "rules": {"infestation": 2}}, seed=3)
    names = {p["name"] for p in game.setup["npfs"]}
    assert names == set(sample_library().npfs) and len(names) >= 6
    assert {p["level"] for p in game.setup["npfs"]} >= {1, 2, 3, 4, 5}
    abilities = {a["name"] for a in game.setup["abilities"]}
    assert {"Pack hunter", "Poisonous spines", "Regeneration"} <= abilities


# -- B: activation (intendancy step 2) -----------------------------------------------------------
def test_prowl_up_to_5_cm_in_the_direction_the_player_chooses() -> None:
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[NpfActivation()], first=1)
    decision = game.decision()
    assert (decision.player, decision.kind) == (1, "npf-prowl")  # the first player's
    assert len(game.legal_actions()) == 8  # 5 cm in eight directions, any other point too
    unchanged(game, "prowl N.Ghoul 36,30", r"the NPF moves up to 5 cm along a legal path")
    unchanged(game, "attack N.Ghoul A.Yuri", "not what N.Ghoul may do now")
    game.apply("prowl N.Ghoul 33,34")
    assert (fighter(game, "N.Ghoul").x, fighter(game, "N.Ghoul").y) == (33, 34)
    assert game.is_over
    assert [e.action for e in game.log if isinstance(e, NpfActionEvent)] == ["prowl"]


def test_a_prowl_cannot_end_in_contact_and_the_players_alternate() -> None:
    # Two NPFs: A (first) chooses one; B activates the other. The Ghoul, 4 cm from Yuri,
    # is frightened: it can only prowl (so it does not charge).
    game = infested([(YURI, 10, 10)], [(NGOBO, 55, 55)], [(GHOUL, 17, 10), (RAT, 40, 40)])
    fighter(game, "N.Ghoul").add_markers("fear")
    # a 3 cm prowl: the old engine's reading (issue 47 made "exactly 5 cm" the default)
    st = game.state
    st.catalogue = replace(st.catalogue, house_rules={"eden-npf-prowl": "up-to"})  # type: ignore[attr-defined]
    game.push(NpfActivation())
    game.advance()
    decision = game.decision()
    assert (decision.player, decision.kind, decision.options) == (
        0, "npf-activate", ("N.Ghoul", "N.Rat"))
    unchanged(game, "activate A.Yuri", "activate a non-player fighter")
    game.apply("activate N.Ghoul")
    assert game.decision().kind == "npf-prowl"
    unchanged(game, "prowl N.Ghoul 13,10", "a prowl cannot end in contact with a fighter")
    game.apply("prowl N.Ghoul 20,10")
    assert (game.decision().player, game.decision().kind) == (1, "npf-prowl")
    game.apply("prowl N.Rat 40,45")
    assert game.is_over


def test_compulsory_charge_at_the_nearest_fighter_in_sight() -> None:
    # Ngobo is 6 cm away behind an opaque wall, Yuri 8 cm away in sight: the Ghoul charges
    # Yuri (no choice), then attacks him; Yuri's player reacts.
    wall = Element.from_dict({"id": "wall", "polygon": [[26, 34], [34, 34], [34, 35], [26, 35]],
                              "sight": "opaque"})
    game = infested([(YURI, 41, 30)], [(NGOBO, 30, 39)], [(GHOUL, 30, 30)])
    state(game).scenery = (wall,)
    assert not state(game).sight(fighter(game, "N.Ghoul"), fighter(game, NGOBO_REF)).visible
    game.push(NpfActivation())
    game.advance()
    decision = game.decision()
    assert (decision.player, decision.kind) == (0, "reaction")
    assert decision.context == {"attacker": "N.Ghoul", "target": YURI_REF}
    ghoul = fighter(game, "N.Ghoul")
    assert state(game).in_contact(ghoul, fighter(game, YURI_REF))
    assert (ghoul.ap, ghoul.round_uses) == (0, {})  # no AP, no attack counted
    assert [(e.action, e.target) for e in game.log if isinstance(e, NpfActionEvent)] == [
        ("charge", YURI_REF)]


def test_charge_not_beyond_10_cm_and_the_nearest_of_two_in_sight() -> None:
    # Yuri 10.5 cm away edge to edge: no charge, a prowl. Then Ngobo 6 cm away: Ngobo.
    game = infested([(YURI, 43.5, 30)], [], [(GHOUL, 30, 30)], start=[NpfActivation()])
    assert game.decision().kind == "npf-prowl"
    game = infested([(YURI, 41, 30)], [(NGOBO, 30, 39)], [(GHOUL, 30, 30)],
                    start=[NpfActivation()])
    assert game.decision().context == {"attacker": "N.Ghoul", "target": NGOBO_REF}
    assert game.decision().player == 1


def test_a_charge_that_cannot_reach_contact_becomes_a_prowl() -> None:
    # A long low wall: Yuri, 6 cm away, is in sight, but the way round is far beyond 10 cm.
    wall = Element.from_dict({"id": "wall", "polygon": [[5, 34], [55, 34], [55, 35], [5, 35]],
                              "sight": "low"})
    game = infested([(YURI, 30, 39)], [], [(GHOUL, 30, 30)])
    state(game).scenery = (wall,)
    game.push(NpfActivation())
    game.advance()
    assert game.decision().kind == "npf-prowl"


def test_compulsory_attack_the_activating_player_picks_among_fighters_in_contact() -> None:
    # Yuri (A) and Ngobo (B) both touch the Ghoul; A, first, activates it and picks Ngobo;
    # Ngobo's player reacts; A aims for the Ghoul (4 successes: 6,6,6,6; location 4).
    game = infested([(YURI, 27, 30)], [(NGOBO, 33, 30)], [(GHOUL, 30, 30)],
                    start=[NpfActivation()], dice=[6, 6, 6, 6, 4])
    decision = game.decision()
    assert (decision.player, decision.kind, decision.options) == (
        0, "npf-attack", (YURI_REF, NGOBO_REF))
    unchanged(game, "prowl N.Ghoul 30,35", "Attack: compulsory when a fighter is in contact")
    game.apply(f"attack N.Ghoul {NGOBO_REF}")
    assert (game.decision().player, game.decision().kind) == (1, "reaction")
    game.apply("react passive")
    assert (game.decision().player, game.decision().kind) == (0, "aim")
    game.apply("aim torso")  # 4 wounds to Ngobo's torso (3 CP)
    assert fighter(game, NGOBO_REF).incapacitated
    assert fighter(game, "N.Ghoul").round_uses == {}


def test_npf_activation_is_intendancy_step_2_after_step_1() -> None:
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[Intendancy()])
    assert game.decision().kind == "npf-prowl"
    game.apply("prowl N.Ghoul 30,35")
    assert game.is_over and fighter(game, YURI_REF).ap == 3  # step 8 gives AP to fighters only
    assert fighter(game, "N.Ghoul").ap == 0


def test_a_frightened_npf_only_prowls() -> None:
    game = infested([(YURI, 27, 30)], [], [(GHOUL, 30, 30)], start=[NpfActivation()])
    assert game.decision().kind == "reaction"  # it attacks Yuri, in contact
    game = infested([(YURI, 27, 30)], [], [(GHOUL, 30, 30)])
    fighter(game, "N.Ghoul").add_markers("fear")
    game.push(NpfActivation())
    game.advance()
    assert game.decision().kind == "npf-prowl"


# -- C: attacking an NPF ---------------------------------------------------------------------
def test_an_npf_always_responds_and_the_attackers_opponent_decides_for_it() -> None:
    # Yuri attacks the Ghoul: no reaction asked; response: opposition CBT 4 vs 4: 1 vs 6, the
    # Ghoul wins and strikes: 4 dice 6,6,1,1 at VIG 4 -> 2 successes, location 3 (arms):
    # B aims for it (head or arms); then Yuri may strike back (his own player).
    game = infested([(YURI, 27, 30)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[Activation(Ref(YURI_REF))], dice=[1, 6, 6, 6, 1, 1, 2])
    game.apply("attack A.Yuri N.Ghoul")
    reaction = next(e for e in game.log if isinstance(e, ReactionEvent))
    assert (reaction.fighter, reaction.reaction) == ("N.Ghoul", "response")
    assert (game.decision().player, game.decision().kind) == (1, "aim")
    game.apply("aim head")
    assert fighter(game, YURI_REF).checked == [1, 0, 0, 0]
    assert (game.decision().player, game.decision().kind) == (0, "strike-back")
    ghoul = fighter(game, "N.Ghoul")
    assert (ghoul.ap, ghoul.round_uses) == (0, {})  # the response costs the NPF nothing
    assert fighter(game, YURI_REF).ap == 2


def test_eliminating_an_npf_scores_its_level_for_the_eliminating_fighters_player() -> None:
    # Yuri attacks the Brute (level 3), which responds: Yuri 6 vs 1 wins, strikes 6,6,6,6 at
    # VIG 4, location 1 (head, 1 CP): the Brute is eliminated; A scores 3 VP at once.
    game = infested([(YURI, 26.5, 30)], [(NGOBO, 50, 50)], [(BRUTE, 30, 30)],
                    start=[Activation(Ref(YURI_REF))], dice=[6, 1, 6, 6, 6, 6, 1])
    game.apply("attack A.Yuri N.Brute")
    game.apply("aim head")
    assert not fighter(game, "N.Brute").on_field
    assert state(game).vp == [3, 0]
    vp = [e for e in game.log if isinstance(e, PointsEvent) and e.points == "VP"]
    assert [(e.owner, e.change, e.total) for e in vp] == [("A", 3, 3)]
    assert "A.Yuri eliminated N.Brute (level 3)" in vp[0].reason
    # A burn (no fighter) scores for nobody.
    other = infested([], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)])
    inflict_wounds(other, fighter(other, "N.Ghoul"), Limb.HEAD, 3, by="burn")
    assert not fighter(other, "N.Ghoul").on_field and state(other).vp == [0, 0]


def test_npfs_are_enemies_of_both_troops_never_of_each_other() -> None:
    game = infested([(YURI, 27, 30)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30), (RAT, 33, 30)])
    st = state(game)
    yuri, ghoul, rat = (fighter(game, r) for r in (YURI_REF, "N.Ghoul", "N.Rat"))
    assert not st.is_free(yuri) and [e.ref for e in st.enemies_in_contact(ghoul)] == [YURI_REF]
    assert st.is_free(rat) and not st.is_enemy(ghoul, rat)
    assert st.is_enemy(ghoul, fighter(game, NGOBO_REF))
    assert not can_be_activated(ghoul)
    st.fighter(NGOBO_REF).on_field = False
    assert match_over(game) == "a player has no fighter left on the field"


def test_withdrawing_from_an_npf_its_spd_counts_but_it_makes_no_attack() -> None:
    # Yuri (SPD 5) moves away from the Ghoul: SPD roll at the Ghoul's SPD 3, 1,1,1,1,1 - a
    # failure; the Ghoul, without AP, does not attack; Yuri moves.
    game = infested([(YURI, 27, 30)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[Activation(Ref(YURI_REF))], dice=[1, 1, 1, 1, 1])
    game.apply("move A.Yuri 20,30")
    roll = next(e for e in game.log if isinstance(e, RollEvent) and e.roll == "withdrawal")
    assert (roll.difficulty, roll.successes) == (3, 0)
    assert fighter(game, YURI_REF).x == 20 and game.decision().kind == "action"


def test_shooting_an_npf_the_nearest_target_counts_npfs_and_it_does_not_respond() -> None:
    # The Ghoul is 8 cm away, Ngobo 12: the Pistol's only legal target is the Ghoul.
    game = infested([(GUNNER, 10, 10)], [(NGOBO, 10, 25)], [(GHOUL, 21, 10)],
                    start=[Activation(Ref(YURI_REF))], dice=[6, 6, 6, 6, 6, 4, 6, 6, 6, 6])
    shots = {str(a) for a in game.legal_actions() if str(a).startswith("shoot")}
    assert shots == {"shoot A.Yuri Pistol N.Ghoul"}
    unchanged(game, f"shoot A.Yuri Pistol {NGOBO_REF}", "the nearest enemy")
    game.apply("shoot A.Yuri Pistol N.Ghoul")
    assert not any(isinstance(e, ReactionEvent) for e in game.log)
    assert game.decision().player == 0 and game.decision().kind == "aim"


def test_npfs_are_immune_to_the_ion_storm_not_to_acid_rain() -> None:
    # Yuri VIG 4: 1,1,1,1 (a torso wound); Ngobo: 6,1,1,1; the Ghoul rolls nothing.
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    dice=[1, 1, 1, 1, 6, 1, 1, 1])
    start_climate(game, (2,))
    end_of_round(game)
    rolled = [e.fighter for e in game.log if isinstance(e, RollEvent) and "Ion" in e.roll]
    assert rolled == [YURI_REF, NGOBO_REF]
    assert fighter(game, "N.Ghoul").checked == [0, 0, 0, 0]
    # Acid rain names no exception: the free Ghoul rolls too, after the players' fighters
    # (VIG 4: 1,1,1,1 -> a Poison marker).
    game = infested([(YURI, 10, 10)], [], [(GHOUL, 30, 30)], dice=[6, 1, 1, 1, 1, 1, 1, 1])
    start_climate(game, (10,))
    end_of_round(game)
    rolled = [e.fighter for e in game.log if isinstance(e, RollEvent) and "Acid" in e.roll]
    assert rolled == [YURI_REF, "N.Ghoul"]
    assert fighter(game, "N.Ghoul").marker_count("poison") == 1


def test_an_npfs_abilities_come_from_the_effect_registry() -> None:
    # Sample cards: the Mutant hound's Pack hunter gives the other NPFs within 10 cm +1 CBT;
    # whoever wounds the Spined crawler (Poisonous spines) gets a Poison marker.
    lib = sample_library()
    hound, crawler = lib.npfs["Mutant hound"], lib.npfs["Spined crawler"]
    abilities = [ability_dict_of(n) for p in (hound, crawler) for n in p.abilities]
    game = infested([(YURI, 50, 50)], [], [(hound, 10, 10), (crawler, 10, 30)],
                    cards=(hound, crawler), abilities=abilities)
    st = state(game)
    crawler_fighter = fighter(game, "N.Spined-crawler")
    base = crawler_fighter.base_value(Characteristic.CBT)
    assert st.characteristic(crawler_fighter, Characteristic.CBT) == base  # 20 cm apart
    crawler_fighter.y = 18  # now 4.5 cm apart, edge to edge
    assert st.characteristic(crawler_fighter, Characteristic.CBT) == base + 1
    inflict_wounds(game, crawler_fighter, Limb.LEGS, 2, by=YURI_REF)
    assert fighter(game, YURI_REF).marker_count("poison") == 1


def ability_dict_of(name: str) -> dict[str, Any]:
    return ability_dict(sample_library().abilities[name])


def test_an_npfs_burn_is_treated_in_intendancy_step_3_with_nobody_choosing() -> None:
    # The Ghoul's VIG 4: 3D6 5,5,1 -> 2 wounds, location 6 (legs).
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    dice=[5, 5, 1, 6])
    fighter(game, "N.Ghoul").add_markers("burn")
    intendancy = Intendancy(step=3)
    game.push(intendancy)
    game.advance()
    assert fighter(game, "N.Ghoul").checked == [0, 0, 0, 2]
    assert fighter(game, "N.Ghoul").marker_count("burn") == 0


# -- views, snapshots, records ------------------------------------------------------------------
def test_views_show_the_npfs_publicly() -> None:
    game = infested([(YURI, 10, 10)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30)],
                    start=[NpfActivation()])
    for seat in (0, 1, None):
        view = game.view(seat)
        seen = [f for f in view["fighters"] if f["side"] == NPF_SIDE]
        assert [(f["ref"], f["profile"]["level"], f["x"]) for f in seen] == [("N.Ghoul", 2, 30)]
        assert view["infestation"]["level"] == 3
    assert "non-player fighters" in (EDEN.picture(state(game)) or "")


def test_a_snapshot_with_npfs_round_trips() -> None:
    game = infested([(YURI, 27, 30)], [(NGOBO, 50, 50)], [(GHOUL, 30, 30), (RAT, 10, 50),
                                                         (RAT, 50, 10)],
                    start=[NpfActivation()])
    fighter(game, "N.Rat-2").wound(Limb.TORSO)
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.state_hash() == game.state_hash()
    assert fighter(again, "N.Rat-2").checked == [0, 0, 1, 0]
    assert state(again).infestation == state(game).infestation
    assert again.decision() == game.decision()


def play(setup: dict[str, Any], seed: int, agents: tuple[str, str]) -> Game:
    game = EDEN.new_game(setup, seed=seed)
    bots = [make_agent(agents[0], seed), make_agent(agents[1], seed + 1)]
    while not game.is_over:
        player = game.decision().player
        game.apply(bots[player].act(view_of(game, player, bots[player]),
                                    list(game.legal_actions())))
        check_invariants(game)
    return game


@pytest.mark.parametrize("seed", range(4))
def test_a_random_match_with_infestation_3_runs_to_the_end_and_replays(seed: int) -> None:
    game = play({**match_setup(), "rules": {"infestation": 3}}, seed, ("random", "random"))
    assert game.outcome() is not None and state(game).infestation.done
    assert len(state(game).infestation.placed) >= 2
    record = Record.of(game, events=True)
    assert verify(Record.from_jsonl(record.to_jsonl())).state_hash() == game.state_hash()


@pytest.mark.parametrize("rules", [{"infestation": 10}, {"infestation": "random"},
                                   {"infestation": 5, "climate": [2]}])
def test_the_heuristic_bot_plays_infestation(rules: dict[str, Any]) -> None:
    game = play({**match_setup(), "rules": rules}, 7, ("heuristic", "heuristic"))
    assert game.outcome() is not None


def test_the_heuristic_bot_sets_an_npf_on_the_opponents_fighter() -> None:
    game = infested([(YURI, 27, 30)], [(NGOBO, 33, 30)], [(GHOUL, 30, 30)],
                    start=[NpfActivation()])
    for me, target in ((0, NGOBO_REF), (1, YURI_REF)):
        bot = make_agent("heuristic", 1)
        view = {**game.view(0), "player": me}
        choice = bot.act(view, list(game.legal_actions()))
        assert str(choice) == f"attack N.Ghoul {target}"
