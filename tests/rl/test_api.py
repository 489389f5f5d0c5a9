"""Issue 18's acceptance: PettingZoo's API and seed tests for every ruleset, Gymnasium's
environment checker for the single-seat wrapper."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import skirmish.rl as rl
from tests.rl.conftest import CONFIGS


@pytest.mark.parametrize("name", list(CONFIGS))
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    config: dict[str, Any] = CONFIGS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "the observation is a Dict", and so on
        api_test(rl.env(**config), num_cycles=1000)
        seed_test(lambda: rl.env(**config), num_cycles=300)


@pytest.mark.parametrize(("env_id", "kwargs"), [
    ("skirmish/Eden-v0", {"max_rounds": 1, "render_mode": "ansi"}),
    ("skirmish/MassEffect-v0", {"max_rounds": 1, "opponent": "heuristic", "seat": 1}),
])
def test_gymnasium_env_checker_passes(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gym.make(env_id, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings too
        check_env(env.unwrapped)
    env.close()


def test_the_ids_are_registered_once() -> None:
    rl.register_envs()
    assert set(rl.GYM_IDS) <= set(gym.registry)
