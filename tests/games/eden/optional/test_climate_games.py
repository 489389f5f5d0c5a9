"""Whole matches under every climatic condition (optional rules 3): random and heuristic
agents play only legal actions, no exception, the invariants hold after every action,
records (the rolled climate included) re-play to the same state; and the command line's
``--rules``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.bots import make_agent
from skirmish.cli.main import app
from skirmish.core import Game, RandomAgent, Record, verify
from skirmish.core.agents import view_of
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.optional.climate import ClimateEvent
from skirmish.sim.soak import SoakSpec, describe, run_soak

from ..invariants import check_invariants

runner = CliRunner()


def climate_setup(climate: Any) -> dict[str, Any]:
    return {**match_setup(), "rules": {"climate": climate}}


def play_checked(setup: dict[str, Any], seed: int, agents: tuple[str, str]) -> Game:
    game = EDEN.new_game(setup, seed=seed)
    bots = [make_agent(agents[0], seed), make_agent(agents[1], seed + 1)]
    check_invariants(game)
    while not game.is_over:
        player = game.decision().player
        legal = list(game.legal_actions())
        action = bots[player].act(view_of(game, player, bots[player]), legal)
        game.apply(action)  # an illegal action would raise
        check_invariants(game)
    return game


@pytest.mark.parametrize("climate", range(2, 13))
def test_random_matches_under_each_condition(climate: int) -> None:
    for seed in range(3):
        game = play_checked(climate_setup([climate]), seed, ("random", "random"))
        assert game.outcome() is not None


@pytest.mark.parametrize("climate", [[2], [3], [4], [8], [10], [12], [2, 4, 12]])
def test_the_heuristic_bot_plays_only_legal_actions(climate: list[int]) -> None:
    game = play_checked(climate_setup(climate), 5, ("heuristic", "heuristic"))
    assert game.outcome() is not None


def test_a_rolled_climate_replays_to_the_same_state(tmp_path: Path) -> None:
    game = EDEN.new_game(climate_setup(["roll", "roll"]), seed=11)
    while not game.is_over:
        player = game.decision().player
        game.apply(RandomAgent(11 + player).act(game.view(player), list(game.legal_actions())))
    record = Record.of(game, events=True)
    assert record.header["setup"]["rules"] == {"climate": ["roll", "roll"]}
    assert verify(Record.from_jsonl(record.to_jsonl())).state_hash() == game.state_hash()
    assert sum(isinstance(e, ClimateEvent) for e in game.log) == 1
    path = tmp_path / "climate.jsonl"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0, result.output
    assert "verified" in result.stdout


def test_simulate_and_matchup_name_the_rules(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["simulate", "--rules", "climate:3", "--games", "4",
                                 "--workers", "1", "--quiet", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "optional rules: climatic conditions 3 (Storm)" in result.stdout
    assert json.loads(out.read_text(encoding="utf-8"))["rules"] == {"climate": [3]}
    result = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", "--quiet"])
    assert "optional rules: none (the basic rules only)" in result.stdout
    result = runner.invoke(app, ["matchup", "--troops", "Jokers,Bamaka", "--games", "2",
                                 "--rounds", "1", "--workers", "1", "--quiet", "--rules",
                                 "climate:roll+12"])
    assert result.exit_code == 0, result.output
    assert "optional rules: climatic conditions rolled (2D6) + 12 (Snowstorm)" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--rules", "climate:1"], "error: --rules 'climate:1': a climate roll is the "
                                           "sum of 2D6, 2 to 12"),
    (["simulate", "--rules", "climate", "--game", "masseffect"],
     "error: --rules: Eden's optional rules; --game masseffect has none"),
    (["soak", "--rules", "weather", "--matches", "1"], "error: --rules 'weather': no "
                                                       "optional rule 'weather'"),
])
def test_bad_rules_are_one_line_errors(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*args, "--quiet"] if args[0] != "demo" else args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr


def test_demo_narrates_the_climate() -> None:
    result = runner.invoke(app, ["demo", "--rules", "climate:12", "--rounds", "1", "--seed",
                                 "2", "--brief"])
    assert result.exit_code == 0, result.output
    assert "optional rules: climatic conditions 12 (Snowstorm)" in result.stdout
    assert ("climatic conditions (optional rules 3): 12 Snowstorm: a tactical card costs 3 SP "
            "instead of 2") in result.stdout


def test_soak_takes_the_rules() -> None:
    spec = SoakSpec(4, (("Jokers", "Bamaka"),), seed=3, record_every=2,
                    rules=json.dumps({"climate": ["roll"]}))
    report = run_soak(spec, workers=1)
    assert report.clean and report.records_checked == 2
    assert describe(report, spec)[1] == (
        "optional rules: climatic conditions rolled (2D6) as each match starts")
