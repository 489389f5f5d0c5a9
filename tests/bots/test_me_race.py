"""The data race of an ME:A Extraction in the search's leaf (``me_race``, docs/bots.md): given
this table, each band's turns to get data off it (straight runs, the Qualité rolls of
Pirater and Télécharger on average, the extraction), and the leaf that weighs them."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.core import Game
from skirmish.games.masseffect.bots.leaf import masseffect_value
from skirmish.games.masseffect.bots.race import masseffect_race, race_turns
from skirmish.games.masseffect.phases.special import DATA
from skirmish.games.masseffect.state import MarkerState

from .me_tables import edge_table

EXTRACTION = "Extraction de données"


def table(scenario: str = EXTRACTION, turn: int = 2) -> Game:
    """Escouade Orion (A, lower edge) against Cellule Tisiphone (B, upper edge) on a 90 cm
    table, every figure placed at its edge's middle; terminal-1 at (25, 45) cm, terminal-2
    at (65, 45), locked. Walk 10 cm, run 20; the leaders' Qualité 3+ (1.5 turns a roll)."""
    return edge_table(scenario, turn, 5.0)


def put(game: Game, side: int, x: float, y: float) -> None:
    for figure in game.state.figures:  # type: ignore[attr-defined]
        if figure.side == side:
            figure.x, figure.y = x, y


def test_the_race_to_a_terminal_counts_runs_the_download_and_the_way_out() -> None:
    game = table()
    state: Any = game.state
    put(game, 0, 25.0, 20.0)
    put(game, 1, 25.0, 70.0)
    # 22 cm to terminal-1's token: a walk of 10 then 12 of running (0.6 turn), a download
    # at 3+ (1.5 turns); 43.5 cm out by the own edge: 1.675 turns of runs and the extraction
    assert race_turns(state, 0) == pytest.approx(0.6 + 1.5 + 1.675 + 1.0)
    assert race_turns(state, 1) == pytest.approx(race_turns(state, 0))
    assert masseffect_race(state) == pytest.approx(0.0)
    put(game, 1, 25.0, 80.0)  # 10 cm further: half a run behind
    assert masseffect_race(state) == pytest.approx(0.5)


def test_a_locked_terminal_takes_a_hack_before_the_download() -> None:
    game = table()
    state: Any = game.state
    put(game, 0, 65.0, 20.0)  # in front of the locked terminal-2
    next(m for m in state.markers if m.id == "terminal-1").holds = False
    assert race_turns(state, 0) == pytest.approx(0.6 + 2 * 1.5 + 1.675 + 1.0)
    next(m for m in state.markers if m.id == "terminal-2").locked = False
    assert race_turns(state, 0) == pytest.approx(0.6 + 1.5 + 1.675 + 1.0)


def test_a_carrier_runs_for_its_edge_and_dropped_data_is_picked_up() -> None:
    game = table()
    state: Any = game.state
    carrier = state.figures[0]
    carrier.x, carrier.y = 30.0, 12.0
    carrier.carries = ["data-terminal-1"]
    # 10.5 cm from the lower edge: a walk and the extraction (a whole band elsewhere)
    assert race_turns(state, 0) == pytest.approx(0.025 + 1.0)
    carrier.carries = []
    for m in state.markers:
        m.holds = False
    state.markers.append(MarkerState("data-terminal-1", DATA, 30.0, 40.0))
    put(game, 1, 30.0, 70.0)
    # B: 27 cm to the token (0.85 turn of runs), picked up (1), 48.5 cm to the upper edge
    assert race_turns(state, 1) == pytest.approx(0.85 + 1.0 + 1.925 + 1.0)


def test_the_race_is_capped_at_the_turns_left_and_read_only_in_an_extraction() -> None:
    game = table(turn=8)  # the last of 8 turns: data not out by its end is worth nothing
    state: Any = game.state
    put(game, 0, 25.0, 20.0)
    assert race_turns(state, 0) == race_turns(state, 1) == 2.0
    escarmouche = table("Escarmouche")
    put(escarmouche, 1, 25.0, 88.0)
    assert masseffect_race(escarmouche.state) == 0.0


def test_the_leaf_weighs_the_race_with_me_race() -> None:
    game = table()
    put(game, 0, 25.0, 20.0)
    put(game, 1, 25.0, 80.0)  # A half a turn ahead
    plain = masseffect_value(game)
    assert masseffect_value(game, race=0.0) == plain
    assert masseffect_value(game, race=0.3) > plain
    put(game, 0, 25.0, 5.0)  # now B is ahead (by a quarter of a turn)
    assert masseffect_value(game, race=0.3) < masseffect_value(game)
