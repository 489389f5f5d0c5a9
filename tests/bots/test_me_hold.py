"""The points banked by holding objectives in the search's ME:A leaf (``me_hold``,
docs/bots.md): given a score, the leaf of a scenario won by holding objectives (ME41) values
each point more by ``me_hold``; elsewhere the term is not read."""

from __future__ import annotations

import math

import pytest

from skirmish.bots.mcts.agent import MCTSAgent
from skirmish.bots.registry import make_agent
from skirmish.core import Game
from skirmish.games.masseffect.bots.leaf import MASSEFFECT_HAND, masseffect_value

from .me_tables import edge_table


def table(scenario: str, scores: tuple[int, int]) -> Game:
    """The first deal of ``scenario`` at turn 3 with these scores, every figure placed at
    its own edge's middle (88 cm apart: nobody holds an objective, nobody is shot at)."""
    game = edge_table(scenario, 3, 1.0)
    game.state.scores = list(scores)  # type: ignore[attr-defined]
    return game


def logit(p: float) -> float:
    return math.log(p / (1 - p))


@pytest.mark.parametrize("scenario", ["Tenir la position", "Dernier carré"])
def test_a_point_banked_by_holding_objectives_is_worth_me_hold_more(scenario: str) -> None:
    ahead, even = table(scenario, (3, 1)), table(scenario, (1, 1))
    plain = logit(masseffect_value(ahead)) - logit(masseffect_value(even))
    assert plain == pytest.approx(2 * MASSEFFECT_HAND.score)
    held = logit(masseffect_value(ahead, hold=0.2)) - logit(masseffect_value(even, hold=0.2))
    assert held == pytest.approx(2 * (MASSEFFECT_HAND.score + 0.2))
    assert masseffect_value(table(scenario, (1, 3)), hold=0.2) < masseffect_value(
        table(scenario, (1, 3)))


@pytest.mark.parametrize("scenario", ["Escarmouche", "Extraction de données"])
def test_the_hold_term_is_not_read_in_the_other_scenarios(scenario: str) -> None:
    game = table(scenario, (3, 1))
    assert masseffect_value(game, hold=0.2) == masseffect_value(game)


def test_me_hold_is_a_parameter_of_the_agent() -> None:
    agent = make_agent("mcts:hard,me_hold=0.25", 1)
    assert isinstance(agent, MCTSAgent) and agent.settings.me_hold == 0.25
    with pytest.raises(ValueError, match="me_hold"):
        make_agent("mcts:me_hold=-1", 1)
