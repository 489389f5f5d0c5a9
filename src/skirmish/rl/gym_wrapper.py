"""The Gymnasium single-agent environment: one seat against a named bot.

``SkirmishGymEnv(ruleset, opponent="random", seat=0, ...)`` plays seat ``seat`` (0 = player
A, 1 = player B, ``"random"``: drawn each episode) of the AEC environment
(:class:`~skirmish.rl.aec.SkirmishAEC`, whose other arguments it takes) against a bot of the
registry (``"random"``, ``"heuristic"``, ``"mcts:easy"``...: :func:`skirmish.bots.make_agent`),
which sees only its own view, as bots always do. Registered for every installed game as
``skirmish/<name>-v0`` (:meth:`skirmish.rl.game_parts.GameRL.gym_name`; ``skirmish.rl.GYM_IDS``
lists them).

- The observation is a flat ``Dict``: the AEC observation's parts plus ``action_mask``;
  :meth:`SkirmishGymEnv.action_masks` gives the mask as sb3-contrib's ``MaskablePPO``
  expects it.
- A step applies the agent's action, then the bot's until the agent must decide again or
  the game ends. The reward is the agent's (see :mod:`.aec`): +1/-1/0 at the end, plus the
  shaped terms with ``shaped=True``.
- ``info``: ``action`` (the notation of the agent's action), ``opponent_actions`` (the
  bot's since, its secret bids and cards read ``(secret)``), ``decision`` (the kind of the
  pending decision), ``action_mask``, ``illegal`` and, at the end, ``outcome``.
- An index outside the mask changes nothing: with ``on_illegal="penalize"`` (the default)
  it costs ``illegal_penalty``; with ``"raise"`` it is a ``ValueError``.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skirmish.core.agents import Agent, view_of
from skirmish.rl.aec import AGENTS, SkirmishAEC

Observation = dict[str, npt.NDArray[Any]]


class SkirmishGymEnv(gym.Env[Observation, np.int64]):
    """One seat against a bot (see the module)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array", "human"],  # noqa: RUF012
                                "render_fps": 1}

    def __init__(self, ruleset: str | None = None, *, opponent: str = "random",
                 seat: int | str = 0, render_mode: str | None = None,
                 on_illegal: str = "penalize", illegal_penalty: float = 0.1,
                 **env_kwargs: Any) -> None:
        from skirmish.bots.registry import check_agent

        if seat not in (0, 1, "random"):
            raise ValueError(f"seat is 0, 1 or 'random', got {seat!r}")
        if on_illegal not in ("penalize", "raise"):
            raise ValueError(f"on_illegal is 'penalize' or 'raise', got {on_illegal!r}")
        self.opponent_name = check_agent(opponent)
        self.seat_option = seat
        self.seat = 0 if seat == "random" else int(seat)
        self.on_illegal, self.illegal_penalty = on_illegal, float(illegal_penalty)
        self.aec = SkirmishAEC(ruleset, render_mode=render_mode, **env_kwargs)
        self.render_mode = render_mode
        size = self.aec.codec.size
        self.observation_space: spaces.Space[Any] = spaces.Dict({
            **self.aec.encoder.space().spaces,
            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8)})
        self.action_space = spaces.Discrete(size)
        self.opponent: Agent | None = None

    @property
    def game(self) -> Any:
        return self.aec.game

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        from skirmish.bots.registry import make_agent

        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1, dtype=np.int64))
        bot_seed = int(self.np_random.integers(0, 2**31 - 1))
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(0, 2))
        self.aec.reset(seed=game_seed)
        self.opponent = make_agent(self.opponent_name, bot_seed)
        since = len(self.aec.game.log)
        self._bot()
        return self._observation(), self._info(None, since, illegal=False)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.over:
            raise RuntimeError("the episode is over: call reset()")
        me = AGENTS[self.seat]
        text = aec.notation(int(action))
        if text is None:
            if self.on_illegal == "raise":
                raise ValueError(f"action {action} is not legal now (see action_masks())")
            return (self._observation(), -self.illegal_penalty, False, False,
                    self._info(None, len(aec.game.log), illegal=True))
        aec._cumulative_rewards[me] = 0.0
        since = len(aec.game.log) + 1
        aec.step(int(action))
        self._bot()
        reward = float(aec._cumulative_rewards[me])
        aec._cumulative_rewards[me] = 0.0
        terminated = aec.game.is_over
        truncated = not terminated and aec.over
        return self._observation(), reward, terminated, truncated, \
            self._info(text, since, illegal=False)

    def _bot(self) -> None:
        """The bot decides until the agent must, or the game ends."""
        aec, game = self.aec, self.aec.game
        bot = self.opponent
        assert bot is not None
        while not aec.over and game.decision().player != self.seat:
            seat = game.decision().player
            action = bot.act(view_of(game, seat, bot), list(game.legal_actions()))
            aec.apply(action, prepare=False)
        if not aec.over:
            aec.prepare()

    def _observation(self) -> Observation:
        me = AGENTS[self.seat]
        obs = self.aec.observe(me)
        out: Observation = dict(obs["observation"])
        out["action_mask"] = obs["action_mask"]
        return out

    def _info(self, action: str | None, since: int, *, illegal: bool) -> dict[str, Any]:
        aec = self.aec
        seen = aec.last_actions_seen(self.seat, since)
        info: dict[str, Any] = {"action": action, "opponent_actions": seen,
                                "illegal": illegal, "seat": self.seat,
                                "action_mask": aec.action_mask(AGENTS[self.seat])}
        if aec.game.is_over:
            outcome = aec.game.outcome()
            info["outcome"] = None if outcome is None else outcome.to_json()
            info["decision"] = None
        elif not aec.over:
            info["decision"] = aec.game.decision().kind
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (sb3-contrib's ``MaskablePPO`` asks for them)."""
        return self.aec.action_mask(AGENTS[self.seat]).astype(bool)

    def render(self) -> Any:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
