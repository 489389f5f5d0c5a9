"""The heuristic agent: sensible choices, and it beats a random agent."""

from __future__ import annotations

import os

import pytest

from skirmish.bots import make_agent
from skirmish.core import RandomAgent, play
from skirmish.games.eden import EDEN
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.eden.demo import match_setup
from skirmish.sim import BatchReport, BatchSpec, run_batch


def test_it_plays_whole_matches_from_its_view_only() -> None:
    game = EDEN.new_game(match_setup(max_rounds=3), seed=4)
    play(game, [HeuristicAgent(1), RandomAgent(2)])
    assert game.is_over


def test_reactions_and_attacks_use_the_exact_odds() -> None:
    from skirmish.games.eden.bots.view_odds import combatant, melee_outlook, reaction_values

    game = EDEN.new_game(match_setup(), seed=1)
    fighters = {f["ref"]: f for f in game.view(0)["fighters"]}
    equipment = game.view(0)["equipment"]
    vladd = combatant(fighters["A.Vladd"], equipment)
    abama = combatant(fighters["B.Abama-Big-Belly"], equipment)
    p_kill, lost, p_back, lost_back = melee_outlook(vladd, abama, "passive")
    assert 0 < p_kill < 1 and lost > 0 and p_back == lost_back == 0
    values = reaction_values(vladd, abama, {"passive", "dodge", "response"})
    assert set(values) == {"passive", "dodge", "response"}


def test_agents_by_name() -> None:
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
    with pytest.raises(ValueError, match="unknown agent 'clever'"):
        make_agent("clever", 1)


@pytest.mark.slow
def test_heuristic_beats_random_in_at_least_90_percent() -> None:
    """Issue 7: >= 90% with mirrored troops and sides (fewer games than the README's 200)."""
    from skirmish.games.eden.content import setup_for

    games = int(os.environ.get("SKIRMISH_HEURISTIC_GAMES", "60"))
    spec = BatchSpec(setup_for(None, None), ("heuristic", "random"), games=games, seed=2026)
    report = BatchReport.of(spec.agents, run_batch(spec, workers=2))
    assert report.wins[0] >= 0.9 * games, report.to_json()
