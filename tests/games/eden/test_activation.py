"""Rulebook 4.B, Activation phase: designations, interrupts, passes, first player."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError
from skirmish.games.eden.rounds.activation import ActivationPhase

from .profiles import ABAMA, NGOBO, VLADD, YURI
from .scenario import fighter, state, table

# SPD: Yuri 5, Vladd 4, Ngobo 4, Abama 3. Nobody in contact: activations just end.
A = [(YURI, 5.0, 5.0), (VLADD, 15.0, 5.0)]
B = [(NGOBO, 5.0, 50.0), (ABAMA, 20.0, 50.0)]


def phase(first: int = 0) -> object:
    game = table(A, B, start=[])
    state(game).first_player = first
    game.push(ActivationPhase())
    game.advance()
    return game


def test_first_activation_cannot_be_passed() -> None:
    game = phase()
    assert game.decision().player == 0 and game.decision().kind == "activate"
    assert "pass" not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="not on the first activation"):
        game.apply("pass")


def test_interrupt_needs_a_strictly_higher_spd() -> None:
    game = phase()
    game.apply("activate A.Vlädd")  # SPD 4: Ngobo (4) cannot interrupt, nobody in B is faster
    # no B fighter is faster: Vladd is activated at once
    assert game.decision().kind == "action" and game.decision().player == 0
    assert fighter(game, "A.Vlädd").activated


def test_interrupt_chain_and_who_becomes_first_player() -> None:
    game = phase(first=1)
    game.apply("activate B.Abama-Big-Belly")  # SPD 3
    assert game.decision().player == 0 and game.decision().kind == "interrupt"
    assert {str(a) for a in game.legal_actions()} == {
        "interrupt A.Yuri", "interrupt A.Vlädd", "pass"}
    game.apply("interrupt A.Vlädd")  # SPD 4: B may interrupt again only with SPD > 4
    assert game.decision().kind == "action"  # nobody in B is faster than 4: Vladd acts
    assert fighter(game, "A.Vlädd").activated and not fighter(game, "B.Abama-Big-Belly").activated
    game.apply("end")
    # Ruling: after an activation, the activated fighter's opponent becomes first player.
    assert state(game).first_player == 1 and game.decision().player == 1


def test_declining_an_interrupt_activates_the_designated_fighter() -> None:
    game = phase(first=1)
    game.apply("activate B.Abama-Big-Belly")
    game.apply("pass")
    assert fighter(game, "B.Abama-Big-Belly").activated
    game.apply("end")
    assert state(game).first_player == 0


def test_two_passes_in_a_row_end_the_phase() -> None:
    game = phase()
    game.apply("activate A.Yuri")
    game.apply("end")
    assert state(game).first_player == 1
    game.apply("pass")  # B passes: A becomes first player
    assert state(game).first_player == 0 and game.decision().player == 0
    game.apply("pass")  # and A passes too
    assert game.is_over
    assert not fighter(game, "B.Ngobo-Quick-Arm").activated


def test_a_pass_answered_by_a_player_who_cannot_activate_ends_the_phase() -> None:
    # Rulebook 4.B: "si les deux joueurs passent la main à la suite" the phase ends. B has
    # nobody left; A passes; B hands back automatically, which counts as his pass: the phase
    # ends instead of asking A again forever.
    game = phase()
    game.apply("activate A.Yuri")
    game.apply("end")
    game.apply("activate B.Ngobo-Quick-Arm")
    game.apply("end")
    game.apply("pass")  # A passes: B first
    game.apply("activate B.Abama-Big-Belly")
    assert game.decision().kind == "interrupt"  # Vladd is faster
    game.apply("pass")
    game.apply("end")
    assert state(game).first_player == 0 and game.decision().player == 0
    game.apply("pass")  # A passes; B cannot activate
    assert game.is_over
    assert not fighter(game, "A.Vlädd").activated
    assert "activation phase ends: the first player passed and his opponent cannot " \
           "activate" in [e.text() for e in game.log]


def test_a_fighter_without_ap_counts_as_activated() -> None:
    game = phase()
    fighter(game, "A.Vlädd").ap = 0
    assert {str(a) for a in game.legal_actions()} == {"activate A.Yuri"}
    with pytest.raises(IllegalActionError, match="activated once per round and needs AP"):
        game.apply("activate A.Vlädd")


def test_a_player_who_cannot_activate_hands_over() -> None:
    game = phase()
    game.apply("activate A.Yuri")
    game.apply("end")
    game.apply("activate B.Ngobo-Quick-Arm")  # Vladd (SPD 4) cannot interrupt SPD 4
    game.apply("end")
    game.apply("activate A.Vlädd")
    game.apply("end")
    # B's Abama is the only one left; A has nobody left; B keeps designating.
    assert game.decision().player == 1
    game.apply("activate B.Abama-Big-Belly")
    game.apply("end")
    assert game.is_over
    # the last player to activate stays first player
    assert state(game).first_player == 1
