"""Self-play data (issue 49, ``skirmish selfplay``): what each position holds is the seat's own
view through the game's learning encoder, the search's visits of the decision taken and the
match's result; the same seed writes the same data; a run resumes; bad input is one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.agents import view_of
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS
from skirmish.learn.selfplay import (
    Observer,
    SelfplaySpec,
    load_folder,
    load_game,
    play_selfplay_game,
    run_selfplay,
)
from skirmish.sim.backends import LocalBackend
from skirmish.sim.ladder import make_deals

#: A search small enough for a test, against the heuristic (seats swap every other match).
AGENTS = ("mcts:iterations=4", "heuristic")


def _spec(game: str, out: Path, games: int = 2, seed: int = 0,
          agents: tuple[str, str] = AGENTS) -> SelfplaySpec:
    deals = make_deals(game, games=10**9, rounds=1)
    return SelfplaySpec(game, agents, games, deals, str(out), seed)


@pytest.mark.parametrize("game", ["eden", "masseffect"])
def test_each_position_is_the_seats_view_the_search_and_the_result(game: str,
                                                                   tmp_path: Path) -> None:
    spec = _spec(game, tmp_path, games=2)
    observer = Observer(game, spec.deals)
    match = play_selfplay_game(spec, 1, observer)  # odd: the search sits at seat B
    (tmp_path / "m.npz").write_bytes(match.data)
    data = load_game(tmp_path / "m.npz")
    record = Record.from_jsonl(match.record)
    assert data["obs"].shape == (match.summary.positions, observer.width)
    # Replay the record: at every choice the row is the encoder's reading of the deciding
    # seat's own view, and nothing else (two rosters, one per seat, as the match kept).
    game_ = RULESETS.get(game).new_game(record.header["setup"], dice=_dice_of(record))
    rosters = [observer.encoder.roster(), observer.encoder.roster()]
    row = 0
    for player, text in record.actions:
        if len(list(game_.legal_actions())) > 1:
            assert data["seat"][row] == player
            expected = observer.row(view_of(game_, player), player, rosters[player])
            np.testing.assert_array_equal(data["obs"][row], expected)
            visits = data["visits"][row]
            if player == 1:  # the search's seat in an odd match
                assert data["searched"][row] == bool(visits)
                if visits:
                    assert text in [a for a, _ in visits]  # the action taken was searched
                    assert 0 < sum(n for _, n in visits) <= 4
                    assert 0.0 <= data["value"][row] <= 1.0
            else:  # the heuristic searches nothing
                assert visits == [] and not data["searched"][row]
                assert np.isnan(data["value"][row])
            row += 1
        game_.apply(text)
    assert row == match.summary.positions
    assert data["searched"].sum() > 0
    outcome = game_.outcome()
    assert outcome is not None
    for seat in (0, 1):
        mine = data["result"][data["seat"] == seat]
        want = 0.5 if outcome.winner is None else float(outcome.winner == seat)
        assert (mine == want).all()
    assert data["summary"] == match.summary


def _dice_of(record: Record):  # type: ignore[no-untyped-def]
    from skirmish.core.record import first_dice

    return first_dice(record.header["dice"], record.end)


def test_the_same_seed_writes_the_same_data_and_another_seed_other_data(tmp_path: Path) -> None:
    first = play_selfplay_game(_spec("eden", tmp_path, seed=3), 0)
    again = play_selfplay_game(_spec("eden", tmp_path, seed=3), 0)
    other = play_selfplay_game(_spec("eden", tmp_path, seed=4), 0)
    assert first.data == again.data and first.record == again.record
    assert first.record != other.record


def test_a_run_resumes_and_another_batch_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "data"
    done = run_selfplay(_spec("eden", out, games=2), LocalBackend(1))
    assert [s.index for s in done.results] == [0, 1] and done.reused == 0
    stamp = (out / "game-00000.npz").stat().st_mtime_ns
    with pytest.raises(ValueError, match="--resume to keep them"):
        run_selfplay(_spec("eden", out, games=3), LocalBackend(1))
    more = run_selfplay(_spec("eden", out, games=3), LocalBackend(1), resume=True)
    assert more.reused == 2 and [s.index for s in more.results] == [0, 1, 2]
    assert (out / "game-00000.npz").stat().st_mtime_ns == stamp  # kept, not played again
    whole = load_folder(out)
    assert whole["obs"].shape[0] == sum(s.positions for s in more.results)
    assert len(whole["visits"]) == whole["obs"].shape[0]
    assert whole["description"]["layout"]["width"] == whole["obs"].shape[1]
    with pytest.raises(ValueError, match=r"another batch .*agents"):
        run_selfplay(_spec("eden", out, agents=("heuristic", "heuristic")), LocalBackend(1),
                     resume=True)


def test_a_match_cut_short_is_played_again(tmp_path: Path) -> None:
    out = tmp_path / "data"
    run_selfplay(_spec("eden", out, games=2), LocalBackend(1))
    (out / "game-00001.npz").write_bytes(b"cut short")
    again = run_selfplay(_spec("eden", out, games=2), LocalBackend(1), resume=True)
    assert again.reused == 1
    assert load_game(out / "game-00001.npz")["summary"].index == 1


def test_the_command_writes_a_folder_and_refuses_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "sp"
    result = runner.invoke(app, ["selfplay", "--out", str(out), "--agents",
                                 "mcts:iterations=3,heuristic", "--games", "2", "--rounds",
                                 "1", "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "2 matches" in result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "game-00000.jsonl", "game-00000.npz", "game-00001.jsonl", "game-00001.npz",
        "selfplay.json"]
    bad = runner.invoke(app, ["selfplay", "--out", str(tmp_path / "x"), "--agents",
                              "nobody", "--games", "1"])
    assert bad.exit_code == 2
    assert "--agents" in bad.output and "nobody" in bad.output
    assert not (tmp_path / "x").exists()
    nested = runner.invoke(app, ["selfplay", "--out", str(tmp_path / "no" / "such"),
                                 "--games", "1"])
    assert nested.exit_code == 2 and "--out folder" in nested.output
