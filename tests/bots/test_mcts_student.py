"""The root's confidence rule read through Student's t (``student``, ``me_student``;
docs/bots.md, "The root's confidence rule"): a paired margin over a few pairs counts for
what its odds of being noise are, not for a normal deviate's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from skirmish.bots.mcts import MCTSAgent, Node
from skirmish.bots.mcts.halving import Halving, halving_choice
from skirmish.bots.mcts.tree import (
    confident_choice,
    expand,
    margin_choice,
    normal_equivalent,
    paired_margin,
)
from skirmish.bots.registry import make_agent, parse_agent
from skirmish.core.agents import view_of


@pytest.mark.parametrize(("t", "dof", "z"), [
    (2.0, 1, 1.0470),     # Cauchy: P(T > 2) = 1/2 - atan(2)/pi = 0.1476
    (4.5277, 2, 2.0),     # t(2)'s 97.725th percentile, the tail of z = 2
    (2.7764, 4, 1.9600),  # t(4)'s 97.5th percentile
    (2.5706, 5, 1.9600),  # t(5)'s
    (2.2281, 10, 1.9600),  # t(10)'s
    (2.0423, 30, 1.9600),  # t(30)'s
    (1.9840, 100, 1.9600),  # t(100)'s
    (-2.2281, 10, -1.9600),  # the lower tail alike
    (0.0, 3, 0.0),
])
def test_a_students_t_is_read_as_the_normal_deviate_of_its_tail(t: float, dof: int,
                                                                  z: float) -> None:
    assert normal_equivalent(t, dof) == pytest.approx(z, abs=2e-3)


def test_the_normal_deviate_is_below_the_t_and_reaches_it_over_many_pairs() -> None:
    previous = 0.0
    for dof in range(1, 400, 6):
        z = normal_equivalent(2.0, dof)
        assert previous < z <= 2.0
        previous = z
    assert normal_equivalent(2.0, 10_000) == 2.0
    with pytest.raises(ValueError, match="degree of freedom"):
        normal_equivalent(2.0, 0)


def _root(rival: list[float], held: list[float]) -> tuple[Node, tuple[int, str]]:
    root = Node()
    kept, other = expand(root, (0, "held")), expand(root, (0, "other"))
    kept.values, other.values = [], []
    for value in held:
        kept.update(value)
    for value in rival:
        other.update(value)
    other.update(held[0])  # the rival is the most visited
    other.values = other.values[:-1]
    return root, (0, "held")


def test_a_rival_ahead_over_three_pairs_is_noise_to_student_not_to_the_normal_rule() -> None:
    # differences 0.30, 0.10, 0.26: a mean 0.22 over a standard error 0.0611, a ratio 3.6;
    # as a t with 2 degrees of freedom its tail (3.5 %) is a normal deviate of 1.8 only
    root, held = _root([0.8, 0.6, 0.76], [0.5, 0.5, 0.5])
    assert paired_margin(root.children[(0, "other")].values or [],
                         root.children[held].values or []) == pytest.approx(3.6, abs=0.05)
    other = root.children[(0, "other")]
    assert confident_choice(root, held, 2.0) is other
    assert confident_choice(root, held, 2.0, student=True) is root.children[held]
    assert margin_choice(root, held, 2.0, pairs=2) is other
    assert margin_choice(root, held, 2.0, pairs=2, student=True) is root.children[held]
    halving = Halving(2, keep=held)
    halving.survivors = [held, (0, "other")]
    assert halving_choice(root, halving, held, 2.0) is other
    assert halving_choice(root, halving, held, 2.0, student=True) is root.children[held]


def test_the_same_ratio_over_many_pairs_passes_either_rule() -> None:
    rival = [0.62 + (0.1 if k % 3 == 0 else -0.05) for k in range(60)]
    root, held = _root(rival, [0.5] * 60)
    other = root.children[(0, "other")]
    assert confident_choice(root, held, 2.0) is other
    assert confident_choice(root, held, 2.0, student=True) is other


def test_student_has_its_own_value_on_mass_effect_and_is_named_like_any_parameter() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.mcts import me_mid_game

    from tests.bots.mcts_games import heuristic_until

    game = me_mid_game()
    legal = list(game.legal_actions())
    player = game.decision().player
    for agent, on_me, on_eden in [(MCTSAgent(1, iterations=4), False, False),
                                  (MCTSAgent(1, iterations=4, student=True), True, True),
                                  (MCTSAgent(1, iterations=4, me_student=True), True, False),
                                  (MCTSAgent(1, iterations=4, student=True,
                                             me_student=False), False, True)]:
        assert agent.search(view_of(game, player, agent), legal, 1).student is on_me
        eden = heuristic_until("action", seed=2)
        who = eden.decision().player
        search = agent.search(view_of(eden, who, agent), list(eden.legal_actions()), 1)
        assert search.student is on_eden
    parse_agent("mcts:normal,me_student=true")  # a known parameter
    named = make_agent("mcts:normal,me_student=true", seed=1)
    assert isinstance(named, MCTSAgent)
    assert named.settings.me_student is True and named.settings.student is False
