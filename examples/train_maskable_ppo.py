"""Train a small masked policy (sb3-contrib's MaskablePPO) against the random bot, then report
its win rate (issue 18). Optional, not run by CI.

    .venv/bin/pip install -e '.[train]'          # sb3-contrib and torch (large)
    .venv/bin/python examples/train_maskable_ppo.py --minutes 5
    .venv/bin/python examples/train_maskable_ppo.py --game masseffect --opponent heuristic

The agent plays one seat (drawn each episode) of ``skirmish/Eden-v0`` (or
``skirmish/MassEffect-v0``) against ``--opponent`` with the shaped reward (VP and CP
differences, then +1/-1 for the result), for ``--minutes`` of wall-clock time on the CPU.
It is then evaluated on ``--games`` fresh games (deterministic masked actions) beside a
masked random policy on the same seeds, and the model is saved to ``--save``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.wrappers import FilterObservation

import skirmish.rl  # noqa: F401  (registers skirmish/Eden-v0 and skirmish/MassEffect-v0)

try:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv
except ImportError as exc:  # pragma: no cover - the optional extra
    raise SystemExit("this example needs the train extra: pip install -e '.[train]'") from exc

IDS = {"eden": "skirmish/Eden-v0", "masseffect": "skirmish/MassEffect-v0"}


def observed(env: gym.Env[Any, Any]) -> list[str]:
    """The observation's parts the policy reads: all but the mask (which masks its output)."""
    return [key for key in env.observation_space.spaces if key != "action_mask"]


def make_env(args: argparse.Namespace, seed: int) -> Any:
    def build() -> gym.Env[Any, Any]:
        env = gym.make(IDS[args.game], opponent=args.opponent, seat="random", shaped=True,
                       max_rounds=args.max_rounds, on_illegal="raise")
        env.reset(seed=seed)
        env = FilterObservation(env, observed(env))
        return ActionMasker(env, lambda e: e.unwrapped.action_masks())
    return build


class TimeLimit(BaseCallback):
    """Stops the training after a number of seconds."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def evaluate(args: argparse.Namespace, model: Any | None, games: int, seed: int) -> float:
    """The share of games won (a draw counts half) by the model, or by a masked random
    policy when ``model`` is None."""
    env = gym.make(IDS[args.game], opponent=args.opponent, seat="random",
                   max_rounds=args.max_rounds)
    rng = np.random.default_rng(seed)
    keys = observed(env)
    score = 0.0
    for game in range(games):
        obs, info = env.reset(seed=seed + game)
        done = False
        while not done:
            mask = obs["action_mask"].astype(bool)
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                seen = {key: obs[key] for key in keys}
                action, _ = model.predict(seen, action_masks=mask, deterministic=True)
            obs, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        winner = info["outcome"]["winner"] if info.get("outcome") else None
        score += 0.5 if winner is None else float(winner == info["seat"])
    return score / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=tuple(IDS), default="eden")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--max-rounds", type=int, default=2,
                        help="rounds (Eden) or turns (ME:A) per game: short games learn faster")
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--games", type=int, default=100, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch's CPU threads")
    parser.add_argument("--save", default="out/maskable_ppo")
    parser.add_argument("--verbose", type=int, default=0)
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    venv = DummyVecEnv([make_env(args, args.seed + i) for i in range(args.envs)])
    model = MaskablePPO("MultiInputPolicy", venv, n_steps=256, batch_size=256,
                        learning_rate=3e-4, gamma=0.995, ent_coef=0.01, seed=args.seed,
                        verbose=args.verbose)
    start = time.monotonic()
    model.learn(total_timesteps=10**9, callback=TimeLimit(args.minutes * 60))
    print(f"trained {model.num_timesteps:,} steps in {time.monotonic() - start:.0f} s")
    model.save(args.save)
    trained = evaluate(args, model, args.games, seed=10_000 + args.seed)
    baseline = evaluate(args, None, args.games, seed=10_000 + args.seed)
    print(f"win rate against {args.opponent} over {args.games} games (draws count half): "
          f"MaskablePPO {trained:.0%}, masked random policy {baseline:.0%}")


if __name__ == "__main__":
    main()
