"""``bench.ladder_slice``: a goal ladder's games of one scenario played again with another
agent, each with its own index (so the same seed, deal and seats as the goal ladder's game),
into a ladder log folder that ``bench.waste --paired`` compares game by game."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest
from bench import ladder_slice
from bench.goals import GAMES
from bench.ladder_slice import goal_named, play_slice, slice_indices, slice_spec
from bench.waste import paired

from skirmish.sim.logdir import canonical

KEPT = Path(__file__).resolve().parent.parent / "bench" / "ladders" / "masseffect-heuristic"


def test_the_slice_is_the_goal_ladders_games_of_the_scenario_with_their_seeds() -> None:
    goal = goal_named("masseffect-heuristic")
    spec = slice_spec(goal, "mcts:expert,me_reach=0.03")
    assert spec.agents == ("heuristic", "mcts:expert,me_reach=0.03") and spec.total == GAMES
    indices = slice_indices(spec, "Dernier carré", 40)
    assert indices == [6, 7, 14, 15, 22, 23, 30, 31, 36, 37]
    # each game as the goal ladder kept it: its record's header holds the same seed and set-up
    for index in (6, 37):
        path = KEPT / f"game-{index:05d}.jsonl.xz"
        header = json.loads(lzma.decompress(path.read_bytes()).decode().splitlines()[0])
        seed, setup = spec.expected(index)
        assert header["seed"] == seed and canonical(header["setup"]) == canonical(setup)
    with pytest.raises(ValueError, match="Tenir la position"):
        slice_indices(spec, "Nowhere", 40)
    with pytest.raises(ValueError, match="masseffect-hard"):
        goal_named("nowhere")


def test_a_slice_is_played_resumed_and_paired_game_by_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    goal = goal_named("masseffect-heuristic")
    first = play_slice(goal, "Dernier carré", "random", tmp_path / "a", upto=8)
    assert sorted(first) == [6, 7] and all(r.deal == 3 for r in first.values())
    again = play_slice(goal, "Dernier carré", "random", tmp_path / "b", upto=8)
    assert again == first  # the same games: each a pure function of its index
    result = paired(tmp_path / "a", tmp_path / "b")
    assert (result["n"], result["difference"], result["changed"]) == (2, 0.0, 0)

    def unplayed(*args: object) -> None:
        raise AssertionError("a game already in the folder was played again")

    monkeypatch.setattr(ladder_slice, "play_ladder_logged", unplayed)
    assert play_slice(goal, "Dernier carré", "random", tmp_path / "a", upto=8) == first
