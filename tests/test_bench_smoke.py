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


def test_the_mass_effect_leaf_fit_plays_records_and_fits() -> None:
    """``bench.me_leaf_fit``: the terms at each turn's start from turn 2, one outcome per
    position, and a fit that predicts its own sample at least as well as the hand-set
    weights do."""
    import numpy as np
    from bench.me_leaf_fit import NAMES, fit, log_loss, report, self_play

    sample = self_play(games=3)
    assert sample.terms and all(len(row) == len(NAMES) for row in sample.terms)
    assert len(sample.outcome) == len(sample.terms) == len(sample.match)
    assert set(sample.outcome) <= {0.0, 0.5, 1.0}
    x, y = np.array(sample.terms), np.array(sample.outcome)
    figures = report(sample, folds=3)
    assert figures["positions"] == len(y)
    assert log_loss(x, y, fit(x, y)) <= figures["me_leaf_hand"]


def test_the_leaf_fit_of_one_scenario_weighs_each_term_beside_the_presets_leaf() -> None:
    """``bench.me_leaf_fit --scenario NAME --beside``: that scenario's matches only, the
    presets' leaf recorded at each position, and each term fitted beside it."""
    import numpy as np
    from bench.me_leaf_fit import beside_the_leaf, self_play

    sample = self_play(games=4, scenario="Tenir la position", beside=True)
    assert len(sample.leaf) == len(sample.terms) > 0
    figures = beside_the_leaf(sample, folds=2)
    assert len(figures["leaf"][1]) == 1 and len(figures["score"][1]) == 2
    assert len(figures["threat"][1]) == 2 and len(figures["reach"][1]) == 2  # me_reach
    assert "extracted" not in figures  # never varies outside an Extraction
    assert all(np.isfinite(loss) for loss, _ in figures.values())


def test_the_mass_effect_departures_survey_searches_the_same_positions() -> None:
    """``bench.departures``: every agent searches the same positions, and a departure's
    strongest rival is an action other than the heuristic's."""
    from bench.departures import summary, survey

    rows = survey(["mcts:iterations=6,paired=true", "mcts:iterations=12,paired=true"],
                  games=1, every=25)
    assert rows and {row.agent for row in rows} == {"mcts:iterations=6,paired=true",
                                                    "mcts:iterations=12,paired=true"}
    places = {(row.game, row.decision) for row in rows}
    assert len(rows) == 2 * len(places)
    assert all(row.pairs is None or row.pairs >= 2 for row in rows)
    assert any(row.margin is not None for row in rows)  # rivals compared on pairs
    assert "searches, left the heuristic at" in summary(rows)


def test_the_eden_departures_survey_counts_only_the_decisions_each_agent_searches() -> None:
    """``bench.departures --game eden``: the same positions of an Eden heuristic match for
    every agent; one that searches the fights only (``scope=fights``, as hard) has no row at
    a bid, a pick or a deployment, where one that searches all (expert's scope) has."""
    from bench.departures import survey

    fights, everything = "mcts:iterations=4,scope=fights", "mcts:iterations=4,scope=all"
    rows = survey([fights, everything], games=1, every=12, game_name="eden")
    kinds = {name: {row.kind for row in rows if row.agent == name}
             for name in (fights, everything)}
    assert kinds[fights] and kinds[everything] > kinds[fights]
    assert not kinds[fights] & {"secret-bid", "secret-hand", "deploy", "leader"}
    assert all(row.iterations > 0 for row in rows)


def test_a_departures_check_compares_the_two_actions_on_as_many_pairs_as_asked() -> None:
    """``bench.departures.check`` (``--check N``): a search of the departed action and
    the heuristic's alone, ``N`` paired visits each; its rows carry the result."""
    from bench.departures import Row, check, summary

    from skirmish.bots.mcts.agent import MCTSAgent
    from skirmish.bots.registry import make_agent
    from skirmish.core.agents import view_of
    from skirmish.core.ruleset import RULESETS
    from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic
    from skirmish.sim.ladder import make_deals

    game = RULESETS.get("masseffect").new_game(make_deals("masseffect", games=2)[0].setup,
                                               seed=5)
    bot = MassEffectHeuristic(seed=1)
    while len(game.legal_actions()) < 2 or game.decision().kind == "move":
        game.apply(bot.act(game.view(game.decision().player), list(game.legal_actions())))
    agent = make_agent("mcts:iterations=6,paired=true,horizon=settle", 3)
    assert isinstance(agent, MCTSAgent)
    player = game.decision().player
    legal = list(game.legal_actions())
    result = check(agent, view_of(game, player, agent), legal, legal[0], legal[1], 3, 9)
    assert result is not None
    mean, margin, pairs = result
    assert pairs == 3 and -1.0 <= mean <= 1.0 and isinstance(margin, float)
    left = Row(0, 1, "x", "tir", 6, True, 3.0, 0.1, 2, mean, margin, pairs)
    kept = Row(0, 2, "x", "tir", 6, False, 1.2, 0.1, 2, 0.05, 1.0, 3)
    text = summary([left, kept])
    assert "departures better than the heuristic's choice" in text
    assert "1 of 1 rivals kept out better" in text


def test_the_decision_times_are_each_agent_decision_with_its_search() -> None:
    """``bench.decision_times``: every decision of the agent timed (over 0 ms: each one
    listed, with its search's iterations), the search's iterations timed only meanwhile."""
    from bench.decision_times import play

    from skirmish.bots.mcts.search import Search

    iterate = Search.iterate
    result = play("mcts:iterations=3", "masseffect", 1, 0.0)
    assert Search.iterate is iterate
    assert result["decisions"] == result["over"] == len(result["slow"]) > 10
    assert result["decisions"] == sum(len(t) for t in result["by_kind"].values())
    assert all(iterations is not None and 0 < iterations <= 3 and 0 < len(longest) <= 3
               for _, _, iterations, _, longest in result["slow"])


def test_the_bench_plays_the_baselines_games_with_the_former_readings() -> None:
    """Issue 47 switched defaults to the rulebooks' words: the bench passes the readings
    that play as 0633749 did, so both trees play the same games (the digests compare)."""
    from bench.workloads import BASELINE_READINGS

    from skirmish.games.eden.house_rules import OLD_ENGINE
    from skirmish.games.masseffect.house_rules import FORMER_READINGS

    assert BASELINE_READINGS["masseffect"] == FORMER_READINGS
    assert BASELINE_READINGS["eden"] == OLD_ENGINE
