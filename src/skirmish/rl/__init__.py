"""Learning agents: both rulesets as standard environments (issue 18).

- :func:`env` / :func:`raw_env`: a PettingZoo AEC environment of both seats
  (:mod:`.aec`), e.g. ``skirmish.rl.env(ruleset="eden", troops=("Jokers", "Bamaka"),
  rules="territory", render_mode="ansi")`` or ``env(ruleset="masseffect",
  bands=("Escouade Orion", "Cellule Tisiphone"), scenario="Escarmouche")``;
- :class:`SkirmishGymEnv`: a Gymnasium environment of one seat against a bot
  (:mod:`.gym_wrapper`), registered as ``skirmish/Eden-v0`` and ``skirmish/MassEffect-v0``
  when this package is imported (``gymnasium.make("skirmish/Eden-v0", opponent="heuristic")``);
- the spaces: :mod:`.actions` (the fixed ``Discrete`` action space, its layout and masks),
  :mod:`.observations` (the ``Dict`` observations, from ``game.view(seat)`` only);
  :mod:`.setups` (set-ups and :class:`Limits`); :mod:`.render`.

Needs the ``rl`` extra (``pip install -e '.[rl]'``: gymnasium and pettingzoo).
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401  (checked here, for the message below)
except ImportError as exc:  # pragma: no cover - the rl extra is missing
    raise ImportError("skirmish.rl needs gymnasium and pettingzoo: pip install -e '.[rl]'"
                      ) from exc

from skirmish.rl.actions import ActionCodec, Roster
from skirmish.rl.aec import SkirmishAEC, env, raw_env
from skirmish.rl.gym_wrapper import SkirmishGymEnv
from skirmish.rl.setups import Limits, build_setup

#: The registered Gymnasium ids and their ruleset.
GYM_IDS = {"skirmish/Eden-v0": "eden", "skirmish/MassEffect-v0": "masseffect"}
#: Long enough for any game; a policy that keeps choosing illegal indices is cut off.
MAX_EPISODE_STEPS = 10_000


def register_envs() -> None:
    """Register the Gymnasium ids (done on import; again does nothing)."""
    for env_id, ruleset in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="skirmish.rl.gym_wrapper:SkirmishGymEnv",
                               kwargs={"ruleset": ruleset},
                               max_episode_steps=MAX_EPISODE_STEPS)


register_envs()

__all__ = ["GYM_IDS", "ActionCodec", "Limits", "Roster", "SkirmishAEC", "SkirmishGymEnv",
           "build_setup", "env", "raw_env", "register_envs"]
