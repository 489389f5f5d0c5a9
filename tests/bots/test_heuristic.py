"""The heuristic agent: sensible choices, and it beats a random agent."""

from __future__ import annotations

import os

import pytest

from skirmish.bots import make_agent
from skirmish.bots.heuristic import HeuristicAgent
from skirmish.core import RandomAgent, play
from skirmish.eden import EDEN
from skirmish.eden.demo import match_setup
from skirmish.sim import BatchReport, BatchSpec, run_batch


def test_it_plays_whole_matches_from_its_view_only() -> None:
    game = EDEN.new_game(match_setup(max_rounds=3), seed=4)
    play(game, [HeuristicAgent(1), RandomAgent(2)])
    assert game.is_over


def test_agents_by_name() -> None:
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
    with pytest.raises(ValueError, match="unknown agent 'clever'"):
        make_agent("clever", 1)


@pytest.mark.slow
def test_heuristic_beats_random_in_at_least_90_percent() -> None:
    games = int(os.environ.get("SKIRMISH_HEURISTIC_GAMES", "60"))
    spec = BatchSpec(match_setup(), ("heuristic", "random"), games=games, seed=2026)
    report = BatchReport.of(spec.agents, run_batch(spec, workers=2))
    assert report.wins[0] >= 0.9 * games, report.to_json()
