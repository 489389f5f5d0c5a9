"""The objectives within a run in the search's ME:A leaf (``me_reach``, docs/bots.md): ME41's
holdings a movement ahead. A figure that runs toward an objective and stops short of it holds
nothing yet; with ``me_reach`` the leaf credits the band that a run would bring within
control of it with more figures, for every turn still to score; elsewhere the term is not
read."""

from __future__ import annotations

import math
from typing import Any

import pytest

from skirmish.bots.mcts.agent import MCTSAgent
from skirmish.bots.registry import make_agent
from skirmish.core import Game
from skirmish.games.masseffect.bots.leaf import masseffect_value
from skirmish.games.masseffect.bots.reach import masseffect_reach
from skirmish.games.masseffect.cards.scenarios import MarkerKind
from skirmish.games.masseffect.rules import CONTROL_PAS, RUN_FACTOR, pas_to_cm
from skirmish.games.masseffect.state import MARKER_RADIUS

from .me_tables import edge_table


def table(scenario: str, turn: int = 3) -> Game:
    """The first deal of ``scenario`` at ``turn``, every figure placed at its own edge's
    middle (88 cm apart: out of every objective's reach)."""
    return edge_table(scenario, turn, 1.0)


def objective(game: Game) -> Any:
    state: Any = game.state
    return next(m for m in state.markers if m.kind == MarkerKind.OBJECTIVE)


def put(figure: Any, marker: Any, gap: float) -> None:
    """``figure`` straight below ``marker``, ``gap`` cm from it edge to edge."""
    figure.x, figure.y = marker.x, marker.y - MARKER_RADIUS - figure.radius - gap


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def test_a_figure_a_run_from_control_reaches_the_objective_and_one_further_does_not() -> None:
    game = table("Dernier carré")
    state: Any = game.state
    marker = objective(game)
    # the turns still to score (this one too), each the points of a turn's holding
    turns = (state.scenario.turns - state.turn + 1) * int(state.scenario.victory.param("points", 1))
    assert turns == 6  # Dernier carré: 2 points a turn, turns 3 to 5
    assert masseffect_reach(state) == 0.0  # nobody within a run
    runner = next(f for f in state.figures if f.side == 0)
    run = pas_to_cm(runner.profile.move * RUN_FACTOR) + pas_to_cm(CONTROL_PAS)
    put(runner, marker, run - 0.5)
    assert masseffect_reach(state) == turns  # A alone would hold it after a run
    put(runner, marker, run + 0.5)
    assert masseffect_reach(state) == 0.0
    # ME41's majority: one of B's within a run too makes it even, two make it B's
    put(runner, marker, 1.0)
    enemies = [f for f in state.figures if f.side == 1][:2]
    put(enemies[0], marker, run - 1.0)
    assert masseffect_reach(state) == 0.0
    enemies[1].x, enemies[1].y = marker.x, marker.y + MARKER_RADIUS + enemies[1].radius + 2.0
    assert masseffect_reach(state) == -turns
    # a figure out of action reaches nothing
    enemies[1].out = True
    assert masseffect_reach(state) == 0.0


def test_me_reach_weighs_the_objectives_within_a_run_in_the_leaf() -> None:
    near, far = table("Dernier carré"), table("Dernier carré")
    state: Any = near.state
    runner = next(f for f in state.figures if f.side == 0)
    put(runner, objective(near), pas_to_cm(CONTROL_PAS) + 5.0)  # not holding: within a run
    assert masseffect_value(near) == masseffect_value(far)  # as the table stands: alike
    turns = masseffect_reach(state)
    assert turns > 0
    added = logit(masseffect_value(near, reach=0.1)) - logit(masseffect_value(far, reach=0.1))
    assert added == pytest.approx(0.1 * turns)


@pytest.mark.parametrize("scenario", ["Escarmouche", "Extraction de données"])
def test_the_reach_term_is_not_read_in_the_other_scenarios(scenario: str) -> None:
    game = table(scenario)
    state: Any = game.state
    for figure in state.figures:
        figure.x, figure.y = 45.0, 45.0 + (1.0 if figure.side == 0 else -1.0)
    assert masseffect_reach(state) == 0.0
    assert masseffect_value(game, reach=0.5) == masseffect_value(game)


def test_no_turn_left_to_score_no_reach() -> None:
    game = table("Tenir la position")
    state: Any = game.state
    state.turn = state.scenario.turns + 1
    put(next(f for f in state.figures if f.side == 0), objective(game), 1.0)
    assert masseffect_reach(state) == 0.0


def test_me_reach_is_a_parameter_of_the_agent() -> None:
    agent = make_agent("mcts:expert,me_reach=0.2", 1)
    assert isinstance(agent, MCTSAgent) and agent.settings.me_reach == 0.2
    assert make_agent("mcts:expert", 1).settings.me_reach == 0.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="me_reach"):
        make_agent("mcts:me_reach=-1", 1)
