"""The bench's odds figures still build their games (a bench that cannot run measures nothing)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.odds import run


def test_the_odds_bench_builds_its_duel_and_its_shot() -> None:
    figures = run(repeats=1)
    assert set(figures) == {"odds_melee_best_ms", "odds_shoot_best_ms"}
    assert all(value > 0 for value in figures.values())


def test_times_are_better_small_and_rates_large() -> None:
    from bench.run import smaller_is_better

    assert smaller_is_better("odds_melee_best_ms")
    assert smaller_is_better("heuristic_ms_per_decision")
    assert smaller_is_better("cli_help_s")
    assert not smaller_is_better("random_matches_per_s")
    assert not smaller_is_better("web_actions")


def test_the_mass_effect_bench_plays_replays_and_copies() -> None:
    from bench import masseffect

    games, decisions = masseffect.random_play(games=1)
    assert games > 0 and decisions > games
    game = masseffect.play(7, until_turn=2)
    assert masseffect.copies_per_second(game, n=10) > 0
