"""Issue 16: the tactical suite (skirmish.bots.tactics): every position builds by the rules
at a real choice, its expected move is legal and not the only legal move, the odds its
description quotes are the exact ones, the heuristic's score is computed, and the search
bot at ``mcts:hard``'s iteration budget solves at least 80% of it."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from skirmish.bots.registry import parse_agent
from skirmish.bots.tactics import Position, Result, score, share
from skirmish.bots.tactics.positions import hits
from skirmish.core.agents import view_of
from skirmish.games.eden.bots.tactics import (
    POSITIONS,
    charge_the_one_who_cannot_respond,
    dodge,
    finish_in_melee,
    interrupt,
    stay_on_the_objective,
    the_better_shot,
)
from skirmish.games.eden.bots.tactics_board import Spot, ends_within, table, where_after
from skirmish.games.eden.invariants import invariant_problems
from skirmish.games.eden.odds import AttackOdds, odds_of
from skirmish.games.eden.odds.game import melee_reactions
from skirmish.games.eden.rolling import state_of
from skirmish.games.masseffect.bots.tactics import MASS_EFFECT_POSITIONS, me_finish_the_wounded
from skirmish.games.masseffect.bots.tactics import library as me_library

BY_NAME = {p.name: p for p in POSITIONS}


def test_about_twenty_positions_with_unique_names_over_the_issues_categories() -> None:
    assert 18 <= len(POSITIONS) <= 30
    assert len(BY_NAME) == len(POSITIONS)
    categories = {p.category for p in POSITIONS}
    assert {"finish the wounded", "no losing melee", "reactions", "last round",
            "outnumbered", "the target worth most", "the better shot", "tempo"} <= categories
    for p in POSITIONS:
        assert p.expects and len(p.why) > 80, p.name  # the reasons are written down


@pytest.mark.parametrize("position", POSITIONS + MASS_EFFECT_POSITIONS, ids=lambda p: p.name)
def test_the_position_is_a_legal_choice_with_the_expected_move_among_others(
        position: Position) -> None:
    game = position.build()
    assert not game.is_over
    if position in POSITIONS:
        assert invariant_problems(game) == []
    legal = list(game.legal_actions())
    assert len(legal) >= 2
    good = [a for a in legal if position.expected(game, a)]
    bad = [a for a in legal if not position.expected(game, a)]
    assert good, f"{position.name}: no legal action is the expected move"
    assert bad, f"{position.name}: every legal action is the expected move"
    for action in good:  # each one really is playable here
        game.copy().apply(action)
    assert position.build().state_hash() == game.state_hash()  # built the same each time


def test_the_agent_sees_the_position_as_in_a_match() -> None:
    """The decider's view and observation hold no secret of the opponent (B's mission is
    its only card, so nothing is left to guess but the dice)."""
    game = finish_in_melee()
    view = view_of(game, 0, type("Reader", (), {"reads_observation": True})())
    assert view["player"] == 0 and view["decision"]["kind"] == "action"
    assert view["observation"]["decision"] == {"player": 0, "kind": "action"}
    assert view["missions"][1] == ["(secret mission)"]


def _p(odds: AttackOdds) -> float:
    value = odds.p_incapacitated
    assert isinstance(value, Fraction)
    return round(float(value), 3)


def test_the_odds_the_descriptions_quote() -> None:
    game = finish_in_melee()
    assert _p(odds_of(game, "attack A.Vladd B.Ngobo-Quick-Arm")) == 0.867
    assert _p(odds_of(game, "attack A.Vladd B.Tarar")) == 0.137
    assert "0.867" in BY_NAME["finish-in-melee"].why
    game = the_better_shot()
    assert _p(odds_of(game, "shoot A.Anton Pistol B.Ngobo-Quick-Arm")) == 0.554
    assert _p(odds_of(game, "shoot A.Anton Pistol B.Mark")) == 0.166
    game = dodge()
    state = state_of(game)
    options = melee_reactions(state, state.fighter("B.Anton"), state.fighter("A.Dacke"))
    assert {k: _p(v) for k, v in options.items()} == {"passive": 0.741, "dodge": 0.182,
                                                     "response": 0.694}
    game = charge_the_one_who_cannot_respond()
    charge = next(a for a in game.legal_actions() if str(a).startswith("charge A.Anton B.Sek"))
    response = odds_of(game, charge)  # the worst reaction for Anton: Sekongo responds
    assert round(float(response.fighter("A.Anton").p_incapacitated), 3) == 0.664
    game = interrupt()
    state = state_of(game)
    options = melee_reactions(state, state.fighter("A.Yuri"),
                              state.fighter("B.Ngobo-Quick-Arm"))
    assert _p(options["passive"]) == 0.667 and _p(options["dodge"]) == 0.163


def test_the_mass_effect_position_and_its_odds() -> None:
    from skirmish.games.masseffect.odds import ShotSituation, shot_odds
    from skirmish.games.masseffect.rolling import state_of as me_state

    game = me_finish_the_wounded()
    state = me_state(game)
    shooter, wounded, fresh = state.figures
    assert (wounded.vitality, fresh.vitality) == (1, 2) and shooter.moved == "stay"
    weapon = me_library().weapon("Fusil mitrailleur")

    def out(left: int) -> Fraction:  # the two soldiers share a card
        situation = ShotSituation.from_cards(shooter.profile, weapon, fresh.profile,
                                             stayed=True, vitality_left=left)
        return shot_odds(situation).out_of_action

    assert wounded.profile == fresh.profile
    assert (out(1), out(2)) == (Fraction(20, 27), Fraction(8, 27))
    finish = [p for p in MASS_EFFECT_POSITIONS if p.name == "me-finish-the-wounded"]
    [result] = score("heuristic", positions=finish)
    assert result.hit, result


def test_a_burning_figure_that_has_shot_is_left_to_burn() -> None:
    """ME34: the wounded soldier burns out at the turn's end and has shot already, so the
    shot goes to the fresh one, who has yet to fire. The heuristic, reading the odds of
    this shot only, fires at the likelier kill; the search, which plays B's reply and
    counts the burn to come, does not."""
    from skirmish.games.masseffect.rolling import state_of as me_state

    [burning] = [p for p in MASS_EFFECT_POSITIONS if p.name == "me-leave-the-burning"]
    state = me_state(burning.build())
    doomed = state.figures[1]
    assert doomed.has_status("burning") and doomed.vitality == 1 and doomed.armour == 0
    assert doomed.shot and doomed.profile.heroism == 0
    [heuristic] = score("heuristic", positions=[burning])
    assert not heuristic.hit, heuristic
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.tactics import uncapped

    [normal] = score(uncapped("normal"), positions=[burning])
    assert normal.hit, normal


def test_predicates_on_places_read_where_the_fighter_ends() -> None:
    game = stay_on_the_objective()
    stay = ends_within(20, 30, "A.Yuri")
    assert stay(game, game.parse("end"))
    assert stay(game, game.parse("shoot A.Yuri Throwing-knives B.Dacke"))
    charge = next(a for a in game.legal_actions() if a.verb == "charge")
    assert not stay(game, charge)  # contact with Dacke is 7.8 cm from the marker
    x, y = where_after(game, charge)
    assert 7.5 < ((x - 20) ** 2 + (y - 30) ** 2) ** 0.5 < 8
    assert not hits("B.Dacke")(game, game.parse("end"))


def test_a_position_must_be_legal_and_a_real_choice() -> None:
    with pytest.raises(ValueError, match="overlap"):
        table([Spot("Vladd", 30, 30)], [Spot("Tarar", 31, 30)])
    with pytest.raises(ValueError, match="several actions"):  # only "react passive"
        table([Spot("Dacke", 30, 33, spent=True), Spot("Mirka", 5, 55, spent=True)],
              [Spot("Anton", 30, 30, equipment=()), Spot("Tarar", 50, 50)],
              first=1, steps=["activate B.Anton", "attack B.Anton A.Dacke"])


def test_the_heuristics_score_is_computed() -> None:
    results = score("heuristic")
    assert [r.position for r in results] == [p.name for p in POSITIONS]
    assert all(isinstance(r, Result) and r.action for r in results)
    assert 0 <= share(results) <= 1 and len(results) == len(POSITIONS)


def test_the_benchs_agents_are_the_presets_iteration_budgets() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import tactics

    for name in ("normal", "hard"):
        preset = dict(parse_agent(f"mcts:{name}").settings())
        del preset["seconds"]
        figure = f"tactics_mcts_{name}_pct"
        assert parse_agent(tactics.AGENTS[figure]).settings() == preset
    assert tactics.AGENTS["tactics_heuristic_pct"] == "heuristic"


@pytest.mark.slow
def test_mcts_at_hards_iteration_budget_solves_80_percent() -> None:
    """Issue 16's goal. ``mcts:hard`` without its time cap (1.6 s): its iteration budget
    stops each search, so the result does not depend on the machine's load."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.tactics import uncapped

    results = score(uncapped("hard"), seed=0)
    missed = [(r.position, r.action) for r in results if not r.hit]
    assert share(results) >= 0.8, missed
