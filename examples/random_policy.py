"""A masked random policy on the PettingZoo environment of both seats (issue 18).

    .venv/bin/python examples/random_policy.py                      # Eden, 5 matches
    .venv/bin/python examples/random_policy.py --game masseffect --episodes 3
    .venv/bin/python examples/random_policy.py --rules territory,infestation:3 --render

Each seat picks uniformly among the indices its ``action_mask`` allows; the script prints
each episode's result, the notation of the last actions, and the environment steps per
second. Needs the ``rl`` extra (``pip install -e '.[rl]'``; ``make`` installs it).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import skirmish.rl as rl


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("eden", "masseffect"), default="eden")
    parser.add_argument("--episodes", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, default=None,
                        help="rounds (Eden) or turns (ME:A) per game")
    parser.add_argument("--rules", default=None, help="Eden's optional rules, e.g. territory")
    parser.add_argument("--render", action="store_true", help="print the final table (ansi)")
    args = parser.parse_args()

    kwargs = {"max_rounds": args.max_rounds, "render_mode": "ansi" if args.render else None}
    if args.rules:
        kwargs["rules"] = args.rules
    env = rl.env(ruleset=args.game, **kwargs)
    rng = np.random.default_rng(args.seed)
    steps, start = 0, time.perf_counter()
    for episode in range(args.episodes):
        env.reset(seed=args.seed + episode)
        returns = {agent: 0.0 for agent in env.possible_agents}
        last: list[str] = []
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
            steps += 1
            last = [*last, f"{agent}: {env.infos[agent]['action']}"][-3:]
        outcome = env.unwrapped.game.outcome()
        print(f"episode {episode}: {outcome.reason}; returns {returns}; last actions: "
              f"{'; '.join(last)}")
        if args.render:
            print(env.render())
    elapsed = time.perf_counter() - start
    print(f"{steps} steps in {elapsed:.1f} s: {steps / elapsed:,.0f} steps/s (observations "
          f"built at every step)")


if __name__ == "__main__":
    main()
