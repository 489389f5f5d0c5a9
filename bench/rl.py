"""The learning environments' speed on one core (issue 18): PettingZoo AEC steps per second
with a masked random policy (each seat picks uniformly among its mask's indices), on the
benchmark's Eden match (the starter factions' 100-point troops, all five rounds) and on
ME:A's sample bands and Escarmouche.

Two figures each: ``..._steps_per_s``, the policy reading only its mask (``env.last(observe=
False)`` and ``infos[agent]["action_mask"]``: all a random policy needs), and
``..._observed_steps_per_s``, the observation (``game.view(seat)`` encoded) built at every
step, as a learning policy needs it.

The clock is the process's CPU time (``time.process_time``): a per-core figure, which other
jobs on a shared machine lower less than they lower a wall-clock rate (the environment is
single-threaded, so on an idle machine both agree)."""

from __future__ import annotations

import time
from collections.abc import Callable
from statistics import median

import numpy as np

from skirmish.rl.aec import SkirmishAEC


def steps_per_second(env: SkirmishAEC, *, observe: bool, seconds: float = 3.0,
                     first_seed: int = 0,
                     clock: Callable[[], float] = time.process_time) -> float:
    rng = np.random.default_rng(first_seed)
    steps, seed = 0, first_seed
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"] if observe else info["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(legal[rng.integers(len(legal))])
            steps += 1
    return steps / (clock() - start)


def run(repeats: int = 3, seconds: float = 3.0) -> dict[str, float]:
    from bench.kernel import SETUP

    eden = SkirmishAEC("eden", setup=SETUP)
    masseffect = SkirmishAEC("masseffect")
    out: dict[str, float] = {}
    for name, env in (("rl_eden", eden), ("rl_me", masseffect)):
        for observe, key in ((False, "steps_per_s"), (True, "observed_steps_per_s")):
            out[f"{name}_{key}"] = median(
                steps_per_second(env, observe=observe, seconds=seconds, first_seed=100 * r)
                for r in range(repeats))
    return out


if __name__ == "__main__":  # pragma: no cover
    print(run())
