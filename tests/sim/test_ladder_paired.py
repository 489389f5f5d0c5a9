"""Two ladder runs compared game by game (:mod:`skirmish.sim.ladder_paired`)."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from skirmish.sim.ladder import LadderReport, LadderSpec, make_deals, run_ladder
from skirmish.sim.ladder_paired import compare_runs


def report(agents: list[str], winners: list[int | None], seed: int = 3) -> dict[str, Any]:
    """A two-agent report whose game i was won by ``winners[i]`` (None: a draw)."""
    return {"ladder": 1, "game": "eden", "seed": seed, "games_per_pair": len(winners),
            "rounds": 2,
            "deals": [{"troops": ["a", "b"], "scenario": None}], "agents": agents,
            "games": [{"index": i, "agents": [0, 1], "seed": 100 + i, "deal": 0,
                       "seats": [i % 2, 1 - i % 2], "winner": w, "vp": [0, 0]}
                      for i, w in enumerate(winners)]}


def test_an_agent_is_compared_with_the_one_at_its_place_game_by_game() -> None:
    old = report(["heuristic", "mcts:hard"], [1, 1, None, 0])
    new = report(["heuristic", "mcts:hard,x=1"], [1, 1, 1, 1])
    first, second = compare_runs(old, new)
    assert (second.old, second.new, second.games) == ("mcts:hard", "mcts:hard,x=1", 4)
    assert second.old_score == pytest.approx(0.625) and second.new_score == 1.0
    assert second.changed == 2 and second.difference == pytest.approx(0.375)
    diffs = [0, 0, 0.5, 1]  # the paired differences' standard error, by hand
    mean = sum(diffs) / 4
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 3 / 4)
    assert second.se == pytest.approx(se)
    low, high = second.interval
    assert low == pytest.approx(0.375 - 1.96 * se) and high == pytest.approx(0.375 + 1.96 * se)
    assert first.difference == pytest.approx(-0.375) and first.old == first.new == "heuristic"


def test_only_the_games_both_runs_played_are_paired() -> None:
    old = report(["heuristic", "mcts:hard"], [1, 0, 1, 0])
    new = report(["heuristic", "mcts:hard"], [1, 0, 1, 0])
    new["games"] = new["games"][:2]  # an interrupted run
    old["games"][1]["seed"] = 999  # not the same game at this index
    assert compare_runs(old, new)[1].games == 1


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(seed=4), "its seed differs from this run's (4 against 3)"),
    (lambda r: r.update(games_per_pair=9), "its games per pair differs"),
    (lambda r: r.update(deals=[]), "its deals differs"),
    (lambda r: r.update(rounds=5), "its rounds differs from this run's (5 against 2)"),
    (lambda r: r.pop("games"), "no per-game results"),
    (lambda r: r.update(agents=["random", "heuristic", "mcts:easy"]), "3 agents against"),
    (lambda r: r.pop("ladder"), "not a skirmish ladder report"),
])
def test_runs_that_are_not_the_same_games_are_refused(change: Any, message: str) -> None:
    old = report(["heuristic", "mcts:hard"], [1, 0])
    new = report(["heuristic", "mcts:hard"], [1, 0])
    change(old)
    with pytest.raises(ValueError, match=re.escape(f"old.json: {message}")):
        compare_runs(old, new, "old.json")


def test_a_real_report_lists_its_games_and_pairs_with_itself() -> None:
    spec = LadderSpec(("random", "heuristic"), 4, make_deals(games=4, rounds=1), seed=2,
                      rounds=1)
    data = LadderReport.of(spec, run_ladder(spec, workers=1)).to_json()
    assert [g["index"] for g in data["games"]] == [0, 1, 2, 3]
    assert data["games"][1]["agents"] == [0, 1] and data["games"][1]["seats"] == [1, 0]
    heuristic = data["ratings"][1]
    assert sum(g["winner"] == 1 for g in data["games"]) == heuristic["wins"]
    same = compare_runs(data, data)
    assert [(row.games, row.changed, row.difference) for row in same] == [(4, 0, 0.0)] * 2
