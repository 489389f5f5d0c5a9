"""Pit Duel in the learning environments: PettingZoo's API test and a whole masked game,
Gymnasium's environment checker against the random bot (skirmish.rl)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")


def test_the_pettingzoo_environment_passes_its_api_test() -> None:
    from pettingzoo.test import api_test

    from skirmish.rl import raw_env

    api_test(raw_env("pitduel"), num_cycles=40)


def test_a_masked_random_game_ends_with_opposite_rewards() -> None:
    from skirmish.rl import raw_env

    env = raw_env("pitduel", setup={"rounds": 4})
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    first, second = env.possible_agents
    assert totals[first] == -totals[second]


def test_the_gymnasium_environment_passes_the_checker() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from skirmish.rl import register_envs

    register_envs()
    env = gymnasium.make("skirmish/PitDuel-v0", opponent="random")
    check_env(env.unwrapped, skip_render_check=True)
