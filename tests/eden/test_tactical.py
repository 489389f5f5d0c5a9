"""Rulebook 4.B, Tactical phase; Rulebook 1.D, tactical card rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skirmish.core import IllegalActionError
from skirmish.eden.cards import EffectSpec, TacticalCard, freeze
from skirmish.eden.profile import Characteristic
from skirmish.eden.tactical import TacticalPhase

from .profiles import NGOBO, YURI
from .scenario import fighter, state, table

ADRENALIN = TacticalCard("Adrenalin", effects=(EffectSpec("modify", freeze(
    {"characteristic": "CBT", "delta": 1, "who": "target"})),))
AMBUSH = TacticalCard("Contaminated Area", first_round=True, effects=(EffectSpec("modify", freeze(
    {"characteristic": "all", "delta": -1, "who": "enemies"})),))
COUNTER = TacticalCard("Smoke", cancellation=1, effects=(EffectSpec("modify", freeze(
    {"characteristic": "SPD", "delta": 1, "who": "troop"})),))


def phase(round_=1, sp=(4, 4), hand_a=("Adrenalin", "Contaminated Area", "Smoke"),
          hand_b=("Adrenalin",)):
    game = table([(YURI, 10, 10)], [(NGOBO, 40, 40)], start=[])
    st = state(game)
    st.catalogue = replace(st.catalogue, tactical=((ADRENALIN, AMBUSH, COUNTER), (ADRENALIN,)))
    st.hands = [list(hand_a), list(hand_b)]
    st.leaders = ["A.Yuri", "B.Ngobo-Quick-Arm"]
    st.sp = list(sp)
    st.round = round_
    game.push(TacticalPhase())
    game.advance()
    return game


def test_a_card_costs_2_sp_and_lasts_the_round() -> None:
    game = phase()
    assert game.decision().player == 0 and game.decision().kind == "tactical"
    game.apply("play Adrenalin A.Yuri")
    st = state(game)
    assert st.sp[0] == 2 and st.hands[0] == ["Contaminated Area", "Smoke"]
    assert st.characteristic(fighter(game, "A.Yuri"), Characteristic.CBT) == 5
    assert [e.until for e in st.effects] == ["round"]
    assert game.decision().player == 1  # then the opponent
    game.apply("pass")
    assert game.is_over


def test_first_round_cards_and_sp_and_leader_restrictions() -> None:
    game = phase(round_=2)
    with pytest.raises(IllegalActionError, match="first round only"):
        game.apply("play Contaminated-Area")
    game = phase(sp=(1, 4))
    assert game.decision().player == 1  # A cannot pay 2 SP: not asked
    game = phase()
    fighter(game, "A.Yuri").on_field = False
    with pytest.raises(IllegalActionError, match="troop leader is on the field"):
        game.apply("play Adrenalin")
    with pytest.raises(IllegalActionError, match="tactical hand"):
        phase().apply("play Nothing")


def test_cancellation_paid_by_the_opponent() -> None:
    game = phase()
    game.apply("play Smoke")
    assert game.decision().player == 1 and game.decision().kind == "cancellation"
    game.apply("cancel")
    st = state(game)
    assert st.sp == [2, 3] and st.effects == []
    assert st.played[0] == ["Smoke"]  # spent all the same


def test_cancellation_declined_resolves_the_card() -> None:
    game = phase()
    game.apply("play Smoke")
    game.apply("pass")
    assert [e.source for e in state(game).effects] == ["Smoke"]


def test_hand_is_secret_from_the_opponent() -> None:
    game = phase()
    view_b = game.view(1)
    assert view_b["my_hand"] == ["Adrenalin"] and view_b["opponent_hand_size"] == 3
    assert "Smoke" not in str(view_b) and "Contaminated" not in str(view_b)
