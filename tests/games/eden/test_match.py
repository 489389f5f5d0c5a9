"""Rulebook 4: rounds, the first-player rule after a fallen leader, the end of the match."""

from __future__ import annotations

from skirmish.core.events import NoteEvent
from skirmish.games.eden.preparation.bidding import FirstPlayerBid
from skirmish.games.eden.rounds.round import Match, first_player_step, match_over

from .profiles import NGOBO, VLADD, YURI
from .scenario import fighter, state, table


def test_a_fallen_leader_lets_the_opponent_choose_the_first_player() -> None:
    game = table([(YURI, 10, 10)], [(NGOBO, 40, 40)], start=[])
    st = state(game)
    st.round = 2
    st.leader_lost = [True, False]
    step = first_player_step(game)
    assert isinstance(step, FirstPlayerBid) and step.step == "choose" and step.winner == 1
    st.leader_lost = [True, True]
    assert first_player_step(game).step == "bid"  # both fell: bid normally
    assert st.leader_lost == [False, False]


def test_the_match_ends_after_round_5_or_when_a_troop_is_gone() -> None:
    game = table([(YURI, 10, 10), (VLADD, 20, 10)], [(NGOBO, 40, 40)], start=[])
    st = state(game)
    st.round = 3
    assert match_over(game) == ""
    fighter(game, "B.Ngobo-Quick-Arm").on_field = False
    assert "no fighter left" in match_over(game)
    fighter(game, "B.Ngobo-Quick-Arm").on_field = True
    st.round = 5
    assert "round 5" in match_over(game)


def test_ending_counts_final_victory_points() -> None:
    game = table([(YURI, 10, 10)], [(NGOBO, 40, 40)], start=[])
    st = state(game)
    st.round = 5
    from skirmish.games.eden.effects import ActiveEffect

    st.effects = [ActiveEffect("vp-per-kill", "Hunt", "A", (("at", "end"),))]
    st.counters["A:Hunt:kills"] = 2
    game.push(Match(prepared=True))
    game.advance()
    assert game.is_over and st.vp == [2, 0]
    assert any(isinstance(e, NoteEvent) and "match ends" in e.message for e in game.log)
    assert game.outcome().winner == 0
