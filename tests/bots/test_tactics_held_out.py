"""Issue 49: the held-out tactical suite (each game's ``GameBots.held_out``), written after the
learned evaluation was trained: at least 20 positions over both games, new names, every one
a legal choice with its expected move among others, the odds its description quotes the
exact ones, and the decisions expert searches and hard does not (a bid, tactical cards)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmish.bots.game_parts import SUITES, positions_of
from skirmish.bots.tactics import Position
from skirmish.games.eden.bots.tactics_second import (
    SECOND_POSITIONS,
    charge_the_spent,
    dodge_the_machete,
    finish_by_the_shot,
    heal_the_wounded,
    interrupt_for_the_leader,
    outbid_for_the_first_strike,
    stimulants_for_the_second_blow,
)
from skirmish.games.eden.invariants import invariant_problems
from skirmish.games.eden.odds import AttackOdds, odds_of
from skirmish.games.eden.odds.game import melee_reactions
from skirmish.games.eden.rolling import state_of
from skirmish.games.masseffect.bots.tactics_second import SECOND_MASS_EFFECT_POSITIONS

HELD_OUT = SECOND_POSITIONS + SECOND_MASS_EFFECT_POSITIONS


def _p(odds: AttackOdds) -> float:
    value = odds.p_incapacitated
    assert isinstance(value, Fraction)
    return round(float(value), 3)


def test_twenty_new_positions_over_both_games_with_their_reasons() -> None:
    assert len(HELD_OUT) >= 20
    names = [p.name for p in HELD_OUT]
    assert len(set(names)) == len(names)
    tuned = {p.name for g in ("eden", "masseffect") for p in positions_of(g)}
    assert not tuned & set(names)  # new positions, not the tuned suite's again
    assert {"bids", "tactical cards", "tempo", "reactions", "outnumbered", "last round",
            "finish the wounded", "the target worth most"} <= {p.category for p in HELD_OUT}
    for p in HELD_OUT:
        assert p.expects and len(p.why) > 80 and "{" not in p.why, p.name


def test_each_game_gives_its_held_out_suite_apart_from_the_tuned_one() -> None:
    assert SUITES == ("tuned", "held-out")
    assert [p.name for p in positions_of("eden", "held-out")] == \
        [p.name for p in SECOND_POSITIONS]
    assert [p.name for p in positions_of("masseffect", "held-out")] == \
        [p.name for p in SECOND_MASS_EFFECT_POSITIONS]
    assert positions_of("eden") == positions_of("eden", "tuned")
    with pytest.raises(ValueError, match="no tactical suite 'fresh'"):
        positions_of("eden", "fresh")


@pytest.mark.parametrize("position", HELD_OUT, ids=lambda p: p.name)
def test_the_position_is_a_legal_choice_with_the_expected_move_among_others(
        position: Position) -> None:
    game = position.build()
    assert not game.is_over
    if position in SECOND_POSITIONS:
        assert invariant_problems(game) == []
    legal = list(game.legal_actions())
    good = [a for a in legal if position.expected(game, a)]
    bad = [a for a in legal if not position.expected(game, a)]
    assert good, f"{position.name}: no legal action is the expected move"
    assert bad, f"{position.name}: every legal action is the expected move"
    for action in good:
        game.copy().apply(action)
    assert position.build().state_hash() == game.state_hash()


def test_the_bid_and_the_cards_are_asked_as_in_a_match() -> None:
    game = outbid_for_the_first_strike()
    state = state_of(game)
    assert (game.decision().kind, game.decision().player) == ("secret-bid", 0)
    assert state.round == 3 and state.sp == [6, 3] and state.hands == [[], []]
    game = heal_the_wounded()
    assert game.decision().context == {"when": "tactical phase"}
    assert state_of(game).fighter("A.Mirka").checked == [0, 0, 0, 0]  # nothing to heal
    game = stimulants_for_the_second_blow()
    assert game.decision().context == {"when": "activation", "fighter": "A.Vladd"}
    assert [str(a) for a in game.legal_actions()] == [
        "play Stimulants A.Vladd", "play Stimulants A.Mirka", "pass"]
    assert state_of(game).fighter("A.Mirka").ap == 0  # spent: an AP given is lost


def test_the_odds_the_descriptions_quote() -> None:
    game = outbid_for_the_first_strike()
    for bid in ("bid 4", "bid 0", "first A"):
        game.apply(bid)
    state = state_of(game)
    on_ngobo = melee_reactions(state, state.fighter("A.Vladd"),
                               state.fighter("B.Ngobo-Quick-Arm"))
    on_dacke = melee_reactions(state, state.fighter("B.Ngobo-Quick-Arm"),
                               state.fighter("A.Dacke"))
    assert min(_p(o) for o in on_ngobo.values()) == _p(on_ngobo["dodge"]) == 0.710
    assert min(_p(o) for o in on_dacke.values()) == 0.926
    game = interrupt_for_the_leader()
    state = state_of(game)
    options = melee_reactions(state, state.fighter("A.Nadja"), state.fighter("B.Sekongo"))
    assert {k: _p(v) for k, v in options.items()} == {"passive": 0.982, "dodge": 0.855,
                                                     "response": 0.487}
    game = finish_by_the_shot()
    assert _p(odds_of(game, "shoot A.Kira-Sato Pistol B.Ngobo-Quick-Arm")) == 0.800
    assert _p(odds_of(game, "shoot A.Kira-Sato Pistol B.Tarar")) == 0.094
    game = dodge_the_machete()
    state = state_of(game)
    options = melee_reactions(state, state.fighter("B.Nadja"),
                              state.fighter("A.Huntress-Vera"))
    assert {k: _p(v) for k, v in options.items()} == {"passive": 0.818, "dodge": 0.342,
                                                     "response": 0.726}
    game = charge_the_spent()
    charge = next(a for a in game.legal_actions() if str(a).startswith("charge A.Ievgeni B.Sab"))
    assert round(float(odds_of(game, charge).fighter("A.Ievgeni").p_incapacitated), 3) == 0.692
    for text in ("0.710", "0.926", "0.982", "0.800", "0.342", "0.692"):
        assert any(text in p.why for p in SECOND_POSITIONS), text


def test_the_mass_effect_odds_the_descriptions_quote() -> None:
    from skirmish.games.masseffect.bots.tactics import library
    from skirmish.games.masseffect.odds import ShotSituation, shot_odds
    from skirmish.games.masseffect.rolling import state_of as me_state

    rifle = library().weapon("Fusil mitrailleur")
    expected = {"me-the-veteran-first": [Fraction(8, 27), Fraction(10, 27)],
                "me-the-softer-target": [Fraction(0), Fraction(8, 27)],
                "me-finish-the-geth": [Fraction(20, 27), Fraction(8, 27)]}
    for position in SECOND_MASS_EFFECT_POSITIONS:
        if position.name not in expected:
            continue
        shooter, *targets = me_state(position.build()).figures
        found = [shot_odds(ShotSituation.from_cards(
            shooter.profile, rifle, t.profile, stayed=True, vitality_left=t.vitality)
        ).out_of_action for t in targets]
        assert found == expected[position.name], position.name


def test_the_bench_scores_every_level_at_its_presets_iteration_budget() -> None:
    import sys
    from pathlib import Path

    from skirmish.bots.registry import parse_agent

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import tactics

    assert list(tactics.LEVELS) == ["heuristic", "normal", "hard", "expert"]
    for level in ("normal", "hard", "expert"):
        preset = dict(parse_agent(f"mcts:{level}").settings())
        del preset["seconds"]
        assert parse_agent(tactics.LEVELS[level]).settings() == preset
    assert [p.name for p in tactics.held_out()] == [p.name for p in HELD_OUT]
    found = {"heuristic": tactics.score("heuristic", 0, tactics.held_out()[:2])}
    text = tactics.table(found)
    assert text.splitlines()[0].split() == ["position", "heuristic"]
    assert text.endswith(f"heuristic: {sum(r.hit for r in found['heuristic'])}/2 "
                         f"({100 * tactics.share(found['heuristic']):.0f}%)")
