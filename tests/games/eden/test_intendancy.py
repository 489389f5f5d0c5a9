"""Rulebook 4.B, Intendancy phase, steps 1-12, with forced dice."""

from __future__ import annotations

from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.effects import ActiveEffect
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rounds.intendancy import Intendancy

from .profiles import NGOBO, VLADD, YURI
from .scenario import fighter, state, table


def intendancy(dice=(), **markers):
    game = table([(YURI, 10, 10), (VLADD, 20, 10)], [(NGOBO, 40, 40)], dice=dice, start=[])
    for ref, conditions in markers.items():
        for condition, n in conditions.items():
            fighter(game, ref.replace("_", ".")).add_markers(condition, n)
    game.push(Intendancy())
    game.advance()
    return game


def test_burn_three_dice_above_vig_and_one_location_die() -> None:
    # Yuri VIG 4: 3D6 = 5, 6, 2 -> 2 wounds; location 1 = head; one burn marker removed.
    game = intendancy([5, 6, 2, 1], A_Yuri={Condition.BURN: 2})
    yuri = fighter(game, "A.Yuri")
    assert yuri.checked == [2, 0, 0, 0] and yuri.marker_count(Condition.BURN) == 1


def test_burn_players_alternate_and_choose_their_own_fighters() -> None:
    game = table([(YURI, 10, 10), (VLADD, 20, 10)], [(NGOBO, 40, 40)], dice=[1] * 12, start=[])
    for ref in ("A.Yuri", "A.Vlädd", "B.Ngobo-Quick-Arm"):
        fighter(game, ref).add_markers(Condition.BURN, 1)
    state(game).first_player = 0
    game.push(Intendancy())
    game.advance()
    assert game.decision().player == 0 and game.decision().kind == "burn"
    assert {str(a) for a in game.legal_actions()} == {"resolve A.Yuri", "resolve A.Vlädd"}
    game.apply("resolve A.Vlädd")
    # B's only fighter is treated without a question, then A's last one
    assert all(f.marker_count(Condition.BURN) == 0 for f in state(game).fighters)


def test_fear_psi_roll_difficulty_5_removes_a_marker_per_success() -> None:
    # Yuri PSI 4: 5, 6, 1, 1 -> 2 successes: 2 of his 3 fear markers go.
    game = intendancy([5, 6, 1, 1], A_Yuri={Condition.FEAR: 3})
    assert fighter(game, "A.Yuri").marker_count(Condition.FEAR) == 1


def test_poison_loses_one_marker_and_rage_is_the_owners_choice() -> None:
    game = intendancy([], A_Yuri={Condition.POISON: 2, Condition.RAGE: 2})
    assert fighter(game, "A.Yuri").marker_count(Condition.POISON) == 1
    assert game.decision().kind == "rage" and game.decision().player == 0
    game.apply("calm A.Yuri")
    assert fighter(game, "A.Yuri").marker_count(Condition.RAGE) == 1
    assert game.is_over  # Yuri was treated; B has no raging fighter


def test_ap_lost_then_3_given_and_slowdown_takes_one() -> None:
    game = intendancy([], A_Yuri={Condition.SLOWDOWN: 2})
    yuri, vladd = fighter(game, "A.Yuri"), fighter(game, "A.Vlädd")
    assert yuri.ap == 2 and yuri.marker_count(Condition.SLOWDOWN) == 1 and vladd.ap == 3


def test_end_of_round_effects_expire_and_round_counters_reset() -> None:
    game = table([(YURI, 10, 10)], [(NGOBO, 40, 40)], start=[])
    st = state(game)
    st.effects = [
        ActiveEffect("modify", "Adrenalin", "A", (("characteristic", "CBT"), ("delta", 1),
                                                  ("who", "troop")), "round"),
        ActiveEffect("modify", "Banner", "A", (("characteristic", "PSI"), ("delta", 1),
                                               ("who", "troop")), "match"),
    ]
    yuri = fighter(game, "A.Yuri")
    yuri.record_use("attack")
    yuri.activated = True
    assert st.characteristic(yuri, Characteristic.CBT) == 5
    game.push(Intendancy())
    game.advance()
    assert [e.source for e in st.effects] == ["Banner"]
    assert yuri.round_uses == {} and not yuri.activated and yuri.match_uses == {"attack": 1}


def test_victory_points_never_below_zero() -> None:
    game = table([(YURI, 10, 10)], [(NGOBO, 40, 40)], start=[])
    from skirmish.games.eden.rounds.intendancy import count_victory_points

    st = state(game)
    st.vp = [1, 0]
    st.counters["A:Hunt:kills"] = -3  # a mission that costs points
    st.effects = [ActiveEffect("vp-per-kill", "Hunt", "A")]
    count_victory_points(game)
    assert st.vp == [0, 0]
