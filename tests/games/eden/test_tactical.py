"""Rulebook 4.B, Tactical phase; Rulebook 1.D, tactical card rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skirmish.core import IllegalActionError
from skirmish.games.eden.cards.cards import EffectSpec, TacticalCard, freeze
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.rounds.tactical import TacticalPhase, card_refusal

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


# -- Rulebook 1.D, 4.B: cards aimed at "the chosen fighter", and the Tactical rule --------------
FIRE_BOMB = TacticalCard("Fire bomb", target="enemy", effects=(EffectSpec("instant", freeze(
    {"who": "target", "condition": "burn"})),))
STIMULANTS = TacticalCard("Stimulants", tactical=False, effects=(EffectSpec("instant", freeze(
    {"who": "target", "ap": 1})),))


def aimed(hand_a=("Adrenalin", "Fire bomb", "Smoke", "Stimulants")):
    game = table([(YURI, 10, 10), (replace(YURI, name="Mira"), 13, 10)],
                 [(NGOBO, 40, 40), (replace(NGOBO, name="Kofi"), 43, 40)], start=[])
    st = state(game)
    st.catalogue = replace(st.catalogue, tactical=(
        (ADRENALIN, FIRE_BOMB, COUNTER, STIMULANTS), (ADRENALIN,)))
    st.hands = [list(hand_a), ["Adrenalin"]]
    st.leaders = ["A.Yuri", "B.Ngobo-Quick-Arm"]
    st.sp = [6, 6]
    st.round = 1
    return game


def test_a_card_aimed_at_a_fighter_is_offered_with_each_valid_target() -> None:
    game = aimed()
    fighter(game, "A.Mira").on_field = False  # incapacitated: no longer a valid target
    game.push(TacticalPhase())
    game.advance()
    offered = {str(a) for a in game.legal_actions()}
    assert offered == {"play Adrenalin A.Yuri", "play Fire-bomb B.Ngobo-Quick-Arm",
                       "play Fire-bomb B.Kofi", "play Smoke", "play Stimulants A.Yuri", "pass"}
    before = game.state_hash()
    refused = {
        "play Adrenalin": "aimed at the chosen fighter: name one",
        "play Adrenalin B.Kofi": "aimed at one of the player's own fighters",
        "play Adrenalin A.Mira": "not .incapacitated or off the field.",
        "play Fire-bomb A.Yuri": "aimed at an enemy fighter",
        "play Smoke A.Yuri": "not aimed at a fighter",
        "play Adrenalin A.Nobody": "there is no A.Nobody",
    }
    for action, why in refused.items():
        with pytest.raises(IllegalActionError, match=why):
            game.apply(action)
        assert game.state_hash() == before  # nothing changed
    game.apply("play Fire-bomb B.Kofi")
    assert fighter(game, "B.Kofi").marker_count("burn") == 1


def test_a_card_with_no_valid_target_cannot_be_played() -> None:
    game = aimed(hand_a=("Fire bomb",))
    for ref in ("B.Ngobo-Quick-Arm", "B.Kofi"):
        fighter(game, ref).on_field = False
    st = state(game)
    assert "needs a chosen fighter and none is valid" in (
        card_refusal(st, 0, "Fire-bomb", None) or "")
    game.push(TacticalPhase())
    game.advance()
    # A holds a card and its price: the window opens (whether a card is playable is his
    # secret, docs/rulings.md) and only Pass is offered; B has no leader on the field.
    assert (game.decision().player, game.decision().kind) == (0, "tactical")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    assert game.is_over


def test_only_cards_without_the_tactical_rule_are_played_at_an_activation() -> None:
    # Rulebook 1.D: "Tactical: this card can be played only during the tactical phase". A card
    # without it may be played at the start of one of the player's activations.
    from skirmish.games.eden.rounds.activation import ActivationPhase

    game = aimed()
    game.push(ActivationPhase())
    game.advance()
    game.apply("activate A.Yuri")
    decision = game.decision()
    assert (decision.player, decision.kind) == (0, "tactical")
    # the window names the fighter whose activation starts (public: it was just designated)
    assert decision.context == {"when": "activation", "fighter": "A.Yuri"}
    assert {str(a) for a in game.legal_actions()} == {
        "play Stimulants A.Yuri", "play Stimulants A.Mira", "pass"}
    with pytest.raises(IllegalActionError, match="only during the tactical phase"):
        game.apply("play Adrenalin A.Yuri")
    game.apply("play Stimulants A.Yuri")
    assert fighter(game, "A.Yuri").ap == 4 and state(game).sp[0] == 4
    assert game.decision().kind == "action"  # then the activation goes on


def test_an_activation_window_without_such_a_card_offers_only_pass() -> None:
    # Issue 46: the window opens on public facts (a card in hand, its price, the leader on
    # the field), so that the opponent cannot tell whether a card without the Tactical rule
    # is in the hand; the player holding none can only pass.
    from skirmish.games.eden.rounds.activation import ActivationPhase

    game = aimed(hand_a=("Adrenalin", "Smoke"))
    game.push(ActivationPhase())
    game.advance()
    game.apply("activate A.Yuri")
    assert (game.decision().kind, game.decision().context) == ("tactical",
                                                                {"when": "activation",
                                                                 "fighter": "A.Yuri"})
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    assert game.decision().kind == "action"


def test_no_window_without_a_card_in_hand_or_its_price() -> None:
    from skirmish.games.eden.rounds.activation import ActivationPhase

    game = aimed(hand_a=())
    game.push(ActivationPhase())
    game.advance()
    game.apply("activate A.Yuri")
    assert game.decision().kind == "action"  # an empty hand is public: nothing to ask
    poor = aimed(hand_a=("Stimulants",))
    state(poor).sp[0] = 1
    poor.push(ActivationPhase())
    poor.advance()
    poor.apply("activate A.Yuri")
    assert poor.decision().kind == "action"  # 1 SP, a card costs 2: public too
