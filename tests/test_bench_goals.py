"""``bench.goals``: issue 49's capped ladders, their commands and how far each has got, read
from the log folders a ladder writes (a tiny ladder stands in for one of them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import goals

GOALS_BY_NAME = {g.name: g for g in goals.GOALS}


def test_each_goal_ladder_is_the_issues_and_its_command_resumes_it(tmp_path: Path) -> None:
    assert [g.name for g in goals.GOALS] == ["eden-heuristic", "eden-hard",
                                            "masseffect-heuristic", "masseffect-hard"]
    assert {g.agents[1] for g in goals.GOALS} == {"mcts:expert"}
    assert {(g.agents[0], g.goal) for g in goals.GOALS} == {("heuristic", 0.75),
                                                           ("mcts:hard", 0.60)}
    command = goals.GOALS[0].command(tmp_path)
    assert command[:2] == ["skirmish", "ladder"] and "--resume" in command
    assert command[command.index("--games") + 1] == "400"
    # seeds never used in tuning: Eden's begun again on 6 in session 27 (its seed-3 and
    # seed-4 ladders against the heuristic were read to weigh the secret mission), ME:A's on 3
    assert command[command.index("--seed") + 1] == "6"
    assert {g.name: g.seed for g in goals.GOALS} == {
        "eden-heuristic": 6, "eden-hard": 6, "masseffect-heuristic": 3, "masseffect-hard": 3}
    assert command[command.index("--log-dir") + 1] == str(tmp_path / "eden-heuristic")
    assert {g.rounds for g in goals.GOALS} == {5}  # whole matches
    assert "not begun" in goals.status(tmp_path).splitlines()[0]


def test_the_status_reads_a_ladders_manifest_and_refuses_another_ladders(
        tmp_path: Path) -> None:
    folder = tmp_path / "eden-heuristic"
    folder.mkdir()
    description = {"kind": "ladder", "game": "eden", "agents": ["heuristic", "mcts:expert"],
                   "seed": 6, "rounds": 5}
    results = [  # winner: 1 the second agent (expert), 0 the first, None a draw
        {"index": 0, "winner": 1, "seconds": [0.1, 10.0], "decisions": [20, 20],
         "slowest": [0.01, 1.2]},
        {"index": 1, "winner": None, "seconds": [0.1, 6.0], "decisions": [20, 10],
         "slowest": [0.01, 1.5]},
        {"index": 2, "winner": 0, "seconds": [0.1, 4.0], "decisions": [20, 10],
         "slowest": [0.01, 0.9]},
    ]
    lines = [{"batch": "x", "description": description}]
    lines += [{"game": r["index"], "sha256": "0", "result": r} for r in results]
    (folder / "batch.ndjson").write_text("".join(json.dumps(x) + "\n" for x in lines))
    found = goals.progress(folder, goals.GOALS[0])
    assert found is not None
    assert (found.wins, found.draws, found.losses, found.decisions) == (1, 1, 1, 40)
    assert found.score()[0] == 0.5 and found.slowest == 1.5
    line = goals.status(tmp_path).splitlines()[0]
    assert "3 of 400 games, expert 1-1-1, 50.0 %" in line
    assert "a decision 500 ms on average, the slowest 1500 ms" in line
    with pytest.raises(ValueError, match=r"not the ladder eden-hard \(agents"):
        goals.progress(folder, goals.GOALS[1])
    earlier = tmp_path / "earlier"  # the seed-3 ladder of before session 26
    earlier.mkdir()
    (earlier / "batch.ndjson").write_text(json.dumps(
        {"batch": "x", "description": {**description, "seed": 3}}) + "\n")
    with pytest.raises(ValueError, match=r"not the ladder eden-heuristic \(seed 3, not 6\)"):
        goals.progress(earlier, goals.GOALS[0])


def test_the_split_scores_expert_by_scenario_troop_and_seat(tmp_path: Path) -> None:
    """``split NAME``: each game counted under its deal's scenario, the troop expert played
    (its seat's in the deal) and its seat, as the ladder dealt them."""
    from skirmish.sim.ladder import make_deals

    goal = next(g for g in goals.GOALS if g.name == "masseffect-heuristic")
    folder = tmp_path / goal.name
    folder.mkdir()
    description = {"kind": "ladder", "game": "masseffect", "agents": list(goal.agents),
                   "seed": 3, "rounds": 5}
    played = [(0, [0, 1], 1), (0, [1, 0], 0), (1, [0, 1], None)]  # deal, seats, winner
    lines: list[dict[str, object]] = [{"batch": "x", "description": description}]
    for index, (deal, seats, winner) in enumerate(played):
        lines.append({"game": index, "sha256": "0", "result": {
            "index": index, "deal": deal, "seats": seats, "winner": winner,
            "seconds": [0.1, 1.0], "decisions": [5, 5], "slowest": [0.01, 0.5]}})
    (folder / "batch.ndjson").write_text("".join(json.dumps(x) + "\n" for x in lines))
    deals = make_deals("masseffect", games=400, rounds=5)
    text = goals.split(folder, goal).splitlines()
    assert text[0].startswith("masseffect-heuristic: 3 games, expert 1-1-1, 50.0 %")
    first, second = deals[0], deals[1]
    assert first.scenario != second.scenario
    assert f"  scenario {first.scenario}: 1-0-1, 50.0 % [0, 100]" in text
    assert any(line.startswith(f"  scenario {second.scenario}: 0-1-0") for line in text)
    # deal 0 played both ways: expert won with seat B's troop, lost with seat A's
    assert any(line.startswith(f"  expert's troop {first.troops[1]}: 1-") for line in text)
    assert any(line.startswith("  expert's seat A: 0-0-1") for line in text)
    assert any(line.startswith("  expert's seat B: 1-1-0") for line in text)
    assert any(line.startswith(f"  pairing {first.troops[1]} against {first.troops[0]}: 1-0-0")
               for line in text)
    with pytest.raises(ValueError, match="no game yet"):
        goals.split(tmp_path / "masseffect-hard", GOALS_BY_NAME["masseffect-hard"])


def test_a_real_ladders_log_folder_is_read(tmp_path: Path) -> None:
    """The manifest's fields as ``skirmish ladder --log-dir`` writes them (a tiny ladder of
    the same description but for its agents, read as if it were the goal's)."""
    folder = tmp_path / "eden-heuristic"
    done = subprocess.run([sys.executable, "-m", "skirmish", "ladder", "--agents",
                           "random,heuristic", "--games", "2", "--rounds", "2", "--seed", "3",
                           "--quiet", "--workers", "1", "--no-history", "--log-dir",
                           str(folder)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    goal = goals.Goal("eden-heuristic", "eden", ("random", "heuristic"), 0.75,
                      ("--rounds", "2"))  # a goal's own rounds, when it has them
    found = goals.progress(folder, goal)
    assert found is not None and found.games == 2 and found.decisions > 0


def test_a_ladders_games_kept_in_the_repository_come_back_for_its_resume(
        tmp_path: Path) -> None:
    """``keep`` then ``restore`` on a fresh machine: the records come back byte for byte, and
    ``--resume`` checks and reuses them (the ladder plays only the games it lacks)."""
    from bench import kept_ladders

    from skirmish.sim.logdir import LogDir

    folder, kept, again = tmp_path / "played", tmp_path / "kept", tmp_path / "fresh"
    ladder = [sys.executable, "-m", "skirmish", "ladder", "--agents", "random,heuristic",
              "--rounds", "1", "--seed", "3", "--quiet", "--workers", "1", "--no-history",
              "--resume"]
    done = subprocess.run([*ladder, "--games", "2", "--log-dir", str(folder)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert kept_ladders.keep(folder, kept, "abc123") == 2
    assert kept_ladders.keep(folder, kept, "abc123") == 0  # kept already
    assert [json.loads(x)["commit"] for x in (kept / "played.ndjson").read_text().splitlines()
            ] == ["abc123", "abc123"]
    assert not list(kept.glob("*.jsonl"))  # compressed
    assert kept_ladders.restore(kept, again) == 2
    for name in ("game-00000.jsonl", "game-00001.jsonl"):
        assert (again / name).read_bytes() == (folder / name).read_bytes()
    head = json.loads((again / "batch.ndjson").read_text().splitlines()[0])
    log = LogDir(again, head["description"], lambda r: r, lambda r: r)
    assert sorted(log.start(resume=True)) == [0, 1]  # every hash checked
    with pytest.raises(ValueError, match="holds a ladder already"):
        kept_ladders.restore(kept, again)
    done = subprocess.run([*ladder, "--games", "3", "--log-dir", str(again)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert kept_ladders.keep(again, kept, "def456") == 1  # the third game only
    other = tmp_path / "other"
    subprocess.run([*ladder, "--games", "1", "--seed", "4", "--log-dir", str(other)],
                   capture_output=True, text=True, check=True)
    with pytest.raises(ValueError, match="another batch"):
        kept_ladders.keep(other, kept, "abc123")


def test_the_price_run_is_played_in_parts_and_kept_like_a_ladder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 49's card prices under expert: a ``skirmish balance`` run resumed in parts, its
    games counted from its fit's manifest, kept and restored by name like a ladder."""
    run = goals.PRICES[0]
    assert (run.game, run.agents, run.games) == ("eden", ("mcts:expert", "mcts:expert"), 1000)
    command = run.command(tmp_path)
    assert command[:2] == ["skirmish", "balance"] and "--resume" in command
    assert command[command.index("--log-dir") + 1] == str(tmp_path / run.name)
    assert f"{run.name} (balance, mcts:expert vs mcts:expert): not begun" in goals.status(
        tmp_path)
    tiny = goals.Prices("tiny", "eden", ("random", "heuristic"), 2,
                        ("--budget", "40", "--rounds", "1", "--spread", "0.8"))
    done = subprocess.run([sys.executable, "-m", *tiny.command(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert tiny.played(tmp_path) == 2
    other = goals.Prices("tiny", "eden", ("heuristic", "random"), 2, ())
    with pytest.raises(ValueError, match="not the price run tiny"):
        other.played(tmp_path)
    from bench import kept_ladders

    monkeypatch.setattr(goals, "PRICES", (tiny,))
    monkeypatch.setattr(kept_ladders, "KEPT", tmp_path / "kept")
    assert goals._act("keep", "tiny", tmp_path, "abc123").startswith("tiny: 2 games kept")
    fresh = tmp_path / "fresh"
    assert goals._act("restore", "tiny", fresh, None).startswith("tiny: 2 games restored")
    assert tiny.played(fresh) == 2
    with pytest.raises(ValueError, match="is a price run"):
        goals._act("split", "tiny", tmp_path, None)
