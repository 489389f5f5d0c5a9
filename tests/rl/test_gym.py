"""The single-seat Gymnasium environment: a bot plays the other seat, episodes end with the
game, the bot's secrets stay secret, illegal indices are penalised or refused, seeds repeat
episodes."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import skirmish.rl  # noqa: F401  (registers the ids)
from skirmish.rl.gym_wrapper import SkirmishGymEnv


def _episode(env: gym.Env[Any, Any], seed: int) -> tuple[list[str], float, dict[str, Any]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[str] = []
    total = 0.0
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.observation_space.contains(obs)
        mask = obs["action_mask"]
        assert mask.any() and np.array_equal(mask.astype(bool),
                                             env.unwrapped.action_masks())  # type: ignore[attr-defined]
        index = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(index)
        actions.append(info["action"])
        actions.extend(info["opponent_actions"])
        total += float(reward)
    assert terminated and not truncated and not obs["action_mask"].any()
    return actions, total, info


@pytest.mark.parametrize("env_id", ["skirmish/Eden-v0", "skirmish/MassEffect-v0"])
def test_an_episode_against_the_heuristic_bot_ends_with_the_game(env_id: str) -> None:
    env = gym.make(env_id, max_rounds=1, opponent="heuristic", seat="random")
    actions, total, info = _episode(env, seed=3)
    game = env.unwrapped.game  # type: ignore[attr-defined]
    assert game.is_over
    winner = game.outcome().winner
    me = info["seat"]
    assert total == (0.0 if winner is None else 1.0 if winner == me else -1.0)
    assert info["outcome"] == game.outcome().to_json()
    assert all(isinstance(a, str) and a for a in actions)
    assert _episode(env, seed=3)[0] == actions  # the same seed, the same episode


def test_the_bots_secret_bids_and_cards_read_secret() -> None:
    env = SkirmishGymEnv("eden", max_rounds=1, opponent="random", seat=0)
    actions, _, _ = _episode(env, seed=5)
    assert "(secret)" in actions
    assert not any(a.startswith(("bid ", "hand ")) for a in actions
                   if a not in _own(env))


def _own(env: SkirmishGymEnv) -> set[str]:
    """Seat 0's own actions in the game just played."""
    return {str(a) for a, e in zip(env.game.history, (e for e in env.game.log
                                                       if e.kind == "action"), strict=True)
            if e.player == 0}  # type: ignore[attr-defined]


def test_an_illegal_index_is_penalised_or_refused() -> None:
    env = SkirmishGymEnv("eden", max_rounds=1, illegal_penalty=0.5)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    history = len(env.game.history)
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-0.5, False, False, True)
    assert len(env.game.history) == history
    assert np.array_equal(obs["action_mask"], obs2["action_mask"])
    strict = SkirmishGymEnv("eden", max_rounds=1, on_illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_shaped_rewards_add_up_to_the_potential_and_the_result() -> None:
    env = SkirmishGymEnv("eden", max_rounds=1, shaped=(0.5, 0.25), seat=1)
    _, total, info = _episode(env, seed=2)
    view = env.game.view(None)
    vp = view["vp"]
    lost = [sum(sum(f["checked"]) for f in view["fighters"] if f["side"] == s) for s in (0, 1)]
    winner = info["outcome"]["winner"]
    result = 0.0 if winner is None else 1.0 if winner == 1 else -1.0
    expected = 0.5 * (vp[1] - vp[0]) + 0.25 * (lost[0] - lost[1]) + result
    assert total == pytest.approx(expected)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        SkirmishGymEnv("eden", opponent="nobody")
    with pytest.raises(ValueError, match="seat"):
        SkirmishGymEnv("eden", seat=2)
    with pytest.raises(ValueError, match="ruleset"):
        SkirmishGymEnv("chess")
    with pytest.raises(ValueError, match="troops and rules are Eden"):
        SkirmishGymEnv("masseffect", troops="Jokers,Bamaka")
