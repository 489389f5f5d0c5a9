"""Learning agents: every installed game as standard environments (issue 18).

- :func:`env` / :func:`raw_env`: a PettingZoo AEC environment of both seats
  (:mod:`.aec`), e.g. ``skirmish.rl.env(ruleset=NAME, max_rounds=1, render_mode="ansi")``
  with the game's own set-up keywords (two sides' names, optional rules, a scenario ...);
- :class:`SkirmishGymEnv`: a Gymnasium environment of one seat against a bot
  (:mod:`.gym_wrapper`), registered for every installed game as ``skirmish/<name>-v0`` when
  this package is imported (:data:`GYM_IDS`; ``gymnasium.make(ID, opponent="heuristic")``);
- the spaces: :mod:`.actions` (the fixed ``Discrete`` action space, its layout and masks),
  the observations (``Dict``, from ``game.view(seat)`` only: the game's encoder, on
  :mod:`.observations`' table kit or :mod:`.flat`'s generic one); :mod:`.setups`
  (:class:`Limits`); :mod:`.render`;
- what a game gives them: its ``"rl"`` part, :mod:`.game_parts` (:class:`GameRL`); a game
  without one plays with the generic defaults.

Needs the ``rl`` extra (``pip install -e '.[rl]'``: gymnasium and pettingzoo).
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401  (checked here, for the message below)
except ImportError as exc:  # pragma: no cover - the rl extra is missing
    raise ImportError("skirmish.rl needs gymnasium and pettingzoo: pip install -e '.[rl]'"
                      ) from exc

from skirmish.core.plugins import GAMES
from skirmish.rl.actions import ActionCodec, Roster
from skirmish.rl.aec import SkirmishAEC, env, raw_env
from skirmish.rl.game_parts import GameRL, ObservationEncoder, build_setup, rl_of
from skirmish.rl.gym_wrapper import SkirmishGymEnv
from skirmish.rl.setups import Limits

#: The registered Gymnasium ids and their ruleset (one per installed game, filled by
#: :func:`register_envs`).
GYM_IDS: dict[str, str] = {}
#: Long enough for any game; a policy that keeps choosing illegal indices is cut off.
MAX_EPISODE_STEPS = 10_000


def gym_id(name: str) -> str:
    """The Gymnasium id of the installed game ``name``: ``skirmish/<gym name>-v0``."""
    game = GAMES.get(name)
    return f"skirmish/{rl_of(game).gym_name(game)}-v0"


def register_envs() -> None:
    """Register the Gymnasium id of every installed game (done on import; again, it adds
    the games installed since)."""
    for game in GAMES:
        env_id = gym_id(game.name)
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="skirmish.rl.gym_wrapper:SkirmishGymEnv",
                               kwargs={"ruleset": game.name},
                               max_episode_steps=MAX_EPISODE_STEPS)
        GYM_IDS.setdefault(env_id, game.name)


register_envs()

__all__ = ["GYM_IDS", "ActionCodec", "GameRL", "Limits", "ObservationEncoder", "Roster",
           "SkirmishAEC", "SkirmishGymEnv", "build_setup", "env", "gym_id", "raw_env",
           "register_envs", "rl_of"]
