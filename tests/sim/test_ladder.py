"""The strength ladder: Bradley–Terry ratings on synthetic results (pure numbers, fast),
the round robin's seats, deals and reproducibility, the report and the history file."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from skirmish.bots.registry import AGENTS, register_agent
from skirmish.core.agents import RandomAgent
from skirmish.sim.ladder import (
    LadderGame,
    LadderReport,
    LadderSpec,
    append_history,
    check_ladder_agents,
    history_entry,
    make_deals,
    play_ladder_game,
    read_history,
    run_ladder,
)
from skirmish.sim.ratings import ELO, expected_score, fit_bradley_terry


def _synthetic(elo: list[float], games: int, draw: float, seed: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """Score and games matrices of ``games`` games per pair between agents of known Elo:
    a draw with probability ``draw``, else a win with the probability that makes the
    expected score the model's."""
    rng = np.random.default_rng(seed)
    k = len(elo)
    score, played = np.zeros((k, k)), np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            expected = expected_score(elo[i], elo[j])
            win = expected - draw / 2
            assert 0 <= win <= 1 - draw
            wins, draws, _ = rng.multinomial(games, [win, draw, 1 - win - draw])
            score[i, j] = wins + draws / 2
            score[j, i] = games - score[i, j]
            played[i, j] = played[j, i] = games
    return score, played


# -- Bradley–Terry ---------------------------------------------------------------------------
def test_the_fit_recovers_known_strengths_within_its_intervals() -> None:
    true = [0.0, 150.0, 400.0]
    score, played = _synthetic(true, 1500, draw=0.1, seed=7)
    ratings = fit_bradley_terry(["random", "middle", "strong"], score, played)
    assert ratings.elo[0] == 0 and ratings.interval(0) == (0, 0)  # the anchor
    for i, value in enumerate(true):
        low, high = ratings.interval(i)
        assert low <= value <= high, (i, ratings)
    assert all(5 < se < 20 for se in ratings.se[1:])  # 1,500 games a pair: about 10 Elo
    assert ratings.elo[0] < ratings.elo[1] < ratings.elo[2]


def test_the_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    true = [0.0, 120.0, -60.0]
    covered, trials = 0, 200
    for seed in range(trials):
        score, played = _synthetic(true, 150, draw=0.0, seed=seed)
        ratings = fit_bradley_terry(["a", "b", "c"], score, played)
        covered += all(ratings.low[i] <= v <= ratings.high[i] for i, v in enumerate(true)
                       if i != ratings.anchor)
    # both intervals at once: a little under 95% when they are independent
    assert 0.82 <= covered / trials <= 0.99


def test_an_undefeated_agent_gets_a_finite_rating_and_interval() -> None:
    ratings = fit_bradley_terry(["random", "heuristic"], [[0, 0], [40, 0]], [[0, 40], [40, 0]])
    elo, (low, high) = ratings.elo[1], ratings.interval(1)
    assert 500 < elo < 1200 and 0 < low < elo < high < 2500
    # one virtual draw: the fitted expected score is 40.5 / 41
    assert expected_score(elo, 0) == pytest.approx(40.5 / 41, abs=1e-6)
    with pytest.raises(ValueError, match="do not converge"):
        fit_bradley_terry(["a", "b"], [[0, 0], [40, 0]], [[0, 40], [40, 0]], prior_draws=0)


def test_draws_count_half_a_win_each() -> None:
    games = [[0, 40], [40, 0]]
    all_draws = fit_bradley_terry(["a", "b"], [[0, 20], [20, 0]], games)
    assert all_draws.elo[1] == pytest.approx(0, abs=1e-9)
    # 30 wins and 10 draws (a score of 35) rate as 35 wins and 5 losses: the ladder's
    # report turns games into scores, draws half (test_the_report_counts_...)
    with_draws = LadderReport.of(_spec(games=40), [_game(i, 0, 1, None if i < 10 else 1)
                                                   for i in range(40)])
    assert with_draws.score[1][0] == 35
    without = fit_bradley_terry(["a", "b"], [[0, 5], [35, 0]], games)
    assert with_draws.ratings.elo == without.elo
    # no regularisation: the maximum-likelihood rating is the score's log-odds
    plain = fit_bradley_terry(["a", "b"], [[0, 5], [35, 0]], games, prior_draws=0)
    assert plain.elo[1] == pytest.approx(ELO * np.log(35 / 5), abs=1e-6)


def test_the_anchor_and_refused_input() -> None:
    score, played = _synthetic([0, 200, 300], 500, draw=0.0, seed=3)
    first = fit_bradley_terry(["a", "b", "c"], score, played)
    second = fit_bradley_terry(["a", "b", "c"], score, played, anchor=1)
    assert second.elo[1] == 0
    assert [x - first.elo[1] for x in first.elo] == pytest.approx(list(second.elo))
    with pytest.raises(ValueError, match="at least two agents"):
        fit_bradley_terry(["a"], [[0]], [[0]])
    with pytest.raises(ValueError, match="must equal"):
        fit_bradley_terry(["a", "b"], [[0, 5], [5, 0]], [[0, 40], [40, 0]])
    with pytest.raises(ValueError, match="symmetric"):
        fit_bradley_terry(["a", "b"], [[0, 5], [5, 0]], [[0, 10], [9, 0]])


# -- the round robin -------------------------------------------------------------------------
def _spec(agents: tuple[str, ...] = ("random", "heuristic"), games: int = 2,
          seed: int = 3) -> LadderSpec:
    return LadderSpec(agents, games, make_deals("eden", games=games, rounds=1), seed,
                      "eden", 1)


def test_the_round_robin_alternates_seats_and_rotates_the_deals() -> None:
    deals = make_deals("eden", games=40, rounds=1)
    assert len(deals) == 16  # 4 factions: 12 pairings, then the 4 mirror matches
    assert deals[0].troops[0] != deals[0].troops[1] and deals[-1].troops[0] == deals[-1].troops[1]
    assert len({d.troops for d in deals}) == 16
    spec = LadderSpec(("random", "heuristic"), 40, deals, rounds=1)
    assert spec.pairs == ((0, 1),) and spec.total == 40
    game = play_ladder_game(_spec(), 1)
    assert (game.first, game.second, game.seats, game.deal) == (0, 1, (1, 0), 0)
    assert sum(game.decisions) > 0 and game.winner in (0, 1, None)


def test_the_mass_effect_deals_go_through_the_scenarios_named() -> None:
    every = make_deals("masseffect", games=16)
    assert {d.scenario for d in every} == {"Escarmouche", "Tenir la position",
                                           "Extraction de données", "Dernier carré"}
    chosen = make_deals("masseffect", games=16, scenarios=["Extraction de données"])
    assert {d.scenario for d in chosen} == {"Extraction de données"}
    assert [d.troops for d in chosen] == [d.troops for d in every]  # the same pairings
    assert all(d.setup["scenario"]["name"] == "Extraction de données" for d in chosen)
    with pytest.raises(ValueError, match="--scenarios: no scenario 'Nope'"):
        make_deals("masseffect", games=2, scenarios=["Nope"])


def test_seats_alternate_in_every_pair() -> None:
    spec = LadderSpec(("random", "heuristic"), 4, make_deals("eden", games=4, rounds=1),
                      rounds=1)
    games = run_ladder(spec, workers=1)
    assert [g.seats for g in games] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [g.deal for g in games] == [0, 0, 1, 1]


def test_the_ladder_is_reproducible_whatever_the_workers() -> None:
    one = run_ladder(_spec(), workers=1)
    two = run_ladder(_spec(), workers=2)
    assert one == two and [g.index for g in one] == [0, 1]
    report_one, report_two = LadderReport.of(_spec(), one), LadderReport.of(_spec(), two)
    first, second = report_one.to_json(date="x"), report_two.to_json(date="y")
    first.pop("timing")
    second.pop("timing")
    assert json.dumps(first) == json.dumps(second)


def test_a_pairs_games_do_not_depend_on_the_other_agents() -> None:
    register_agent("ladder-test", RandomAgent)
    try:
        alone = run_ladder(_spec(("random", "heuristic")), workers=1)
        three = run_ladder(_spec(("random", "heuristic", "ladder-test")), workers=1)
    finally:
        del AGENTS["ladder-test"]
    assert [(g.first, g.second) for g in three] == [(0, 1)] * 2 + [(0, 2)] * 2 + [(1, 2)] * 2
    assert three[:2] == alone


def test_ladder_agents_are_checked() -> None:
    assert check_ladder_agents([" random", "heuristic "]) == ("random", "heuristic")
    with pytest.raises(ValueError, match="at least two agents"):
        check_ladder_agents(["random"])
    with pytest.raises(ValueError, match="unknown agent 'clever'"):
        check_ladder_agents(["random", "clever"])
    with pytest.raises(ValueError, match="named twice"):
        check_ladder_agents(["random", "random"])
    with pytest.raises(ValueError, match="--games"):
        LadderSpec(("random", "heuristic"), 0, make_deals(games=2, rounds=1))


# -- the report and the history --------------------------------------------------------------
def _game(index: int, first: int, second: int, winner: int | None) -> LadderGame:
    return LadderGame(index, first, second, seed=index, deal=0, seats=(0, 1), winner=winner,
                      vp=(0, 0), decisions=(10, 10), seconds=(0.01, 0.02),
                      slowest=(0.004, 0.003 + 0.001 * index))


def test_the_report_counts_wins_draws_and_losses() -> None:
    spec = _spec(("random", "heuristic"), games=3)
    report = LadderReport.of(spec, [_game(0, 0, 1, 1), _game(1, 0, 1, None),
                                    _game(2, 0, 1, 1)])
    random, heuristic = report.records
    assert (random.wins, random.draws, random.losses) == (0, 1, 2)
    assert (heuristic.wins, heuristic.draws, heuristic.losses) == (2, 1, 0)
    assert report.win_rate(1, 0) == pytest.approx(2.5 / 3) and report.win_rate(0, 0) is None
    assert heuristic.ms_per_decision == pytest.approx(2.0)
    assert report.order() == [1, 0]
    data = report.to_json(commit="abc1234", dirty=False, version="0.1.0", date="d",
                          seconds=1.0)
    assert data["commit"] == "abc1234" and data["method"]["anchor"] == "random"
    assert data["pairwise"] == [{"agents": ["random", "heuristic"], "games": 3,
                                 "wins": [0, 2], "draws": 1, "score": 0.1667}]
    assert data["ratings"][1]["wins"] == 2 and data["ratings"][1]["elo"] > 0
    assert data["timing"]["ms_per_decision"] == {"random": 1.0, "heuristic": 2.0}
    # the longest single decision of each agent over its games
    assert heuristic.slowest == pytest.approx(0.005)
    assert data["timing"]["ms_slowest_decision"] == {"random": 4.0, "heuristic": 5.0}


def test_history_appends_one_line_per_run_and_reads_back(tmp_path: Path) -> None:
    spec = _spec(("random", "heuristic"), games=1)
    data = LadderReport.of(spec, [_game(0, 0, 1, 1)]).to_json(commit="abc", date="today")
    path = tmp_path / "deep" / "history.jsonl"
    path.parent.mkdir()  # issue 46: an output's folder must exist
    append_history(path, history_entry(data))
    append_history(path, history_entry(data))
    runs = read_history(path)
    assert len(runs) == 2 and runs[0]["commit"] == "abc" and runs[0]["date"] == "today"
    assert list(runs[0]["ratings"]) == ["random", "heuristic"]
    with path.open("a") as out:
        out.write("{not json\n")
    with pytest.raises(ValueError, match=r"history.jsonl, line 3: not JSON"):
        read_history(path)
    with pytest.raises(ValueError, match="no ladder history yet"):
        read_history(tmp_path / "none.jsonl")
