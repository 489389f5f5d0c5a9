"""Whole matches under Territory Management (optional rules 1): random and heuristic agents
play only legal actions, no exception, the invariants (scenery points spent, destroyed
scenery gone, records matching the table) hold after every action, records re-play to the
same state, snapshots round-trip; and the command line's ``--rules territory``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.bots import make_agent
from skirmish.cli.main import app
from skirmish.core import Game, Record, Ref, verify
from skirmish.core.agents import view_of
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.optional.fire import add_burn
from skirmish.games.eden.optional.terrain import SCENERY_POINTS, lost_key, spent_key
from skirmish.games.eden.optional.territory_setup import SceneryPointsEvent

from ..invariants import check_invariants
from ..profiles import NGOBO, YURI
from .territory import DARK_WOOD, TREE, WALL, state, terrain_table

runner = CliRunner()


def territory_setup(**rules: Any) -> dict[str, Any]:
    return {**match_setup(), "rules": {"territory": True, **rules}}


def play_checked(setup: dict[str, Any], seed: int, agents: tuple[str, str]) -> Game:
    game = EDEN.new_game(setup, seed=seed)
    bots = [make_agent(agents[0], seed), make_agent(agents[1], seed + 1)]
    check_invariants(game)
    while not game.is_over:
        player = game.decision().player
        legal = list(game.legal_actions())
        game.apply(bots[player].act(view_of(game, player, bots[player]), legal))
        check_invariants(game)
    return game


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_run_to_the_end_and_replay_to_the_same_hash(seed: int) -> None:
    game = play_checked(territory_setup(), seed, ("random", "random"))
    assert game.outcome() is not None
    st = state(game)
    assert all(st.counters[spent_key(p)] + st.counters[lost_key(p)] == SCENERY_POINTS
               for p in (0, 1))
    assert sum(isinstance(e, SceneryPointsEvent) for e in game.log) == 1
    record = Record.from_jsonl(Record.of(game).to_jsonl())
    assert record.header["setup"]["rules"] == {"territory": True}
    assert verify(record).state_hash() == game.state_hash()


@pytest.mark.parametrize("seed", range(2))
def test_the_heuristic_bot_plays_only_legal_actions(seed: int) -> None:
    game = play_checked(territory_setup(), seed, ("heuristic", "heuristic"))
    assert game.outcome() is not None


def test_with_the_climate_too() -> None:
    game = play_checked(territory_setup(climate=[2]), 3, ("random", "random"))
    assert game.outcome() is not None


def test_a_burning_and_a_destroyed_table_survive_a_snapshot_and_a_copy() -> None:
    game = terrain_table([(YURI, 20, 30)], [(NGOBO, 50, 50)],
                         elements=[(WALL, 22.0, 30.0, 90.0), (TREE, 40, 40), (DARK_WOOD, 10, 50)],
                         start=[Activation(Ref("A.Yuri"))])
    add_burn(game, "Tree-1", 1, "a test")
    add_burn(game, "Dark-wood-1", 6, "a test")  # destroyed: a devastated area instead
    game.apply("attack A.Yuri Wall-1")
    twin = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert twin.state_hash() == game.state_hash()
    assert state(twin).terrain == state(game).terrain
    assert state(twin).scenery == state(game).scenery
    copy = game.copy()
    copy.apply("attack A.Yuri Wall-1")
    assert state(game).counters["terrain.attacks:Wall-1"] == 1
    assert state(copy).counters["terrain.attacks:Wall-1"] == 2
    view = game.view(1)
    assert view["terrain"]["Tree-1"] == {"card": "Tree", "printed": ["Flammable",
                                         "Destruction (3)", "Obstacle (1)"],
                                         "keywords": ["Flammable", "Destruction (3)",
                                                      "Obstacle (2)"], "attacks": 1, "burn": 1}
    assert "Devastated-area-1" in view["terrain"] and view["scenery_points"] is None
    check_invariants(game)


def test_simulate_names_territory_management() -> None:
    result = runner.invoke(app, ["simulate", "--rules", "territory", "--games", "2",
                                 "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "optional rules: Territory Management" in result.stdout
