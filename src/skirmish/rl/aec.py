"""The PettingZoo AEC environment: both seats of a game of any installed ruleset.

Agents are ``player_0`` (player A) and ``player_1`` (player B); the agent selected is the
one whose decision is pending (reactions and interrupts included, so one agent may act
several times in a row, or answer in the other's activation). Each step applies one engine
action, chosen by its index in the fixed ``Discrete`` space (:mod:`.actions`).

- Observations (:meth:`SkirmishAEC.observe`) are PettingZoo's masked form:
  ``{"observation": Dict(...) (the game's encoder: :mod:`.game_parts`), "action_mask": int8
  array}``, built
  from ``game.view(seat)`` alone; the mask is all zeros but for the agent to act. The
  mask is also in that agent's ``infos[agent]["action_mask"]``, with ``"decision"`` (the
  decision's kind); ``infos[agent]["action"]`` is the notation of the last action the agent
  applied (for debugging). An index outside the mask is refused (``ValueError``).
- Rewards: +1 for a win, -1 for a loss, 0 for a draw, when the game ends; with
  ``shaped=True`` (or ``(vp_weight, cp_weight)``) also the change of a potential after every
  action: ``vp_weight`` x (own points - the opponent's) + ``cp_weight`` x (what the
  opponent's pieces lost - what one's own lost), from the public facts the game's part
  names (:meth:`~skirmish.rl.game_parts.GameRL.shaping_facts`: victory points and CP lost,
  scores and vitality lost ...).
- The episode ends (both agents terminated) exactly when the game does; ``max_steps``
  truncates it.
- ``reset(seed=s)`` draws the game's dice seed from ``numpy.random.default_rng(s)``: the
  same seed and actions give the same episode.
- ``render_mode``: ``"ansi"`` (text), ``"rgb_array"`` (the table's SVG, rasterised) or
  ``"human"`` (the text printed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from skirmish.core.actions import Action
from skirmish.core.events import ActionEvent
from skirmish.core.game import Game
from skirmish.core.ruleset import Outcome
from skirmish.rl.actions import ActionCodec, Mask
from skirmish.rl.game_parts import GameRL, build_setup, game_named, rl_of
from skirmish.rl.render import RENDER_MODES, ansi, rgb_array
from skirmish.rl.setups import Limits

AGENTS = ("player_0", "player_1")
#: The shaped reward's weights when ``shaped=True``: per VP, per CP (or Vitalité) point.
SHAPED_WEIGHTS = (0.1, 0.02)


def potential(view: Mapping[str, Any], weights: tuple[float, float], part: GameRL
              ) -> tuple[float, float]:
    """Each seat's shaping potential from the public facts of a view (each seat's points
    and losses, as the game's part gives them: :meth:`GameRL.shaping_facts`)."""
    points, lost = part.shaping_facts(view)
    vp_weight, cp_weight = weights
    return tuple(  # type: ignore[return-value]
        vp_weight * (points[s] - points[1 - s]) + cp_weight * (lost[1 - s] - lost[s])
        for s in (0, 1))


class SkirmishAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Both seats of one ruleset's game (see the module). Arguments: ``ruleset`` (an
    installed game's name; ``None``: the default game), the set-up
    (:func:`skirmish.rl.game_parts.build_setup`: ``setup``, ``max_rounds`` and the game's
    own keywords, e.g. two sides' names), ``house_rules`` (``{option: reading}``, issue 47:
    put in the set-up, checked against the game's options; every episode plays them),
    ``limits`` (the spaces' sizes, by default fitted to the set-up by the game's part:
    :meth:`~skirmish.rl.game_parts.GameRL.limits`), ``shaped``, ``render_mode``,
    ``max_steps``."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "skirmish_v0",
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, ruleset: str | None = None, *, setup: Mapping[str, Any] | None = None,
                 max_rounds: int | None = None, limits: Limits | None = None,
                 shaped: bool | tuple[float, float] = False, render_mode: str | None = None,
                 max_steps: int | None = None, house_rules: Mapping[str, str] | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.game_plugin = game_named(ruleset)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)}, "
                             f"got {render_mode!r}")
        self.part = rl_of(self.game_plugin)
        self.ruleset = self.game_plugin.rules()
        self.setup = build_setup(self.game_plugin.name, setup=setup, max_rounds=max_rounds,
                                 **options)
        if house_rules:  # checked against the game's options (HouseRuleError: one line)
            from skirmish.core.house_rules import with_house_rules

            self.setup = with_house_rules(self.setup, self.game_plugin.name, house_rules,
                                          "house_rules")
        probe = self.ruleset.new_game(self.setup, seed=0)  # checks the set-up, sizes it
        first_view = probe.view(0)
        self.limits = limits or self.part.limits(self.setup, first_view)
        self.codec = ActionCodec(self.ruleset.actions, self.limits)
        self.encoder = self.part.encoder(self.limits, first_view)
        self.roster = self.encoder.roster()
        self.shaped: tuple[float, float] | None = (
            SHAPED_WEIGHTS if shaped is True else None if shaped is False else
            (float(shaped[0]), float(shaped[1])))
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.observation_spaces = {a: self._observation_space() for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in AGENTS}
        self.game: Game = probe
        self.steps = 0
        self._rng: np.random.Generator | None = None
        self._seat = 0
        self._mask: Mask = np.zeros(self.codec.size, dtype=np.int8)
        self._table: dict[int, Action] = {}
        self._last: list[str | None] = [None, None]
        self._potential = (0.0, 0.0)
        self._views: dict[int, dict[str, Any]] = {}
        self._views_of: tuple[int, int] = (0, -1)

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict({"observation": self.encoder.space(),
                            "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8)})

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episodes ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game of the set-up, its dice seeded from ``seed`` (see the module)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**63 - 1, dtype=np.int64))
        self.start(self.ruleset.new_game(self.setup, seed=game_seed))

    def start(self, game: Game) -> None:
        """Play ``game`` (a game of this ruleset at any point before its end) from now on."""
        if game.is_over:
            raise ValueError("the game is over")
        self.game = game
        self._views.clear()
        self.roster.clear()
        self.roster.sync(self.view(game.decision().player))
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.steps = 0
        self._last = [None, None]
        if self.shaped is not None:
            self._potential = potential(self.view(0), self.shaped, self.part)
        self.prepare()

    def prepare(self) -> None:
        """List the pending decision's legal actions and their indices."""
        game = self.game
        decision = game.decision()
        seat = decision.player
        legal = list(game.legal_actions())
        mask, table, left_out = self.codec.encode(legal, seat, self.roster)
        if left_out and self.codec.unknown(legal, self.roster):
            self.roster.sync(self.view(seat))  # a piece or element new to the roster
            mask, table, _ = self.codec.encode(legal, seat, self.roster)
        if not table:
            raise RuntimeError(f"no legal action of {game!r} fits the action space: widen "
                               f"the limits ({self.limits})")
        self._seat, self._mask, self._table = seat, mask, table
        self.agent_selection = AGENTS[seat]
        for s, agent in enumerate(AGENTS):
            info: dict[str, Any] = {"action": self._last[s]}
            if s == seat:
                info["action_mask"] = mask
                info["decision"] = decision.kind
            self.infos[agent] = info

    # -- acting ---------------------------------------------------------------------------------
    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        engine_action = self._table.get(int(action))
        if engine_action is None:
            raise ValueError(f"action {action} is not legal now (the decision is "
                             f"{self.game.decision().kind} for {agent}; {len(self._table)} "
                             "legal indices, see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.apply(engine_action)

    def legal(self) -> dict[int, Action]:
        """The legal indices of the pending decision and the engine actions behind them."""
        return dict(self._table)

    def apply(self, action: Action, *, prepare: bool = True) -> None:
        """Apply an engine action for the deciding seat (a bot's choice, or the one behind
        an index), then give out rewards, end the episode or list the next decision
        (unless ``prepare`` is false: then call :meth:`prepare` before the next step)."""
        game = self.game
        seat = game.decision().player
        at = len(game.log)
        game.apply(action)
        self._views.clear()
        event = game.log[at]  # the action's notation, as the game wrote it in its log
        self._last[seat] = event.action if isinstance(event, ActionEvent) else str(action)
        self.steps += 1
        rewards = {a: 0.0 for a in self.agents}
        if self.shaped is not None:
            now = potential(self.view(0), self.shaped, self.part)
            for s, agent in enumerate(AGENTS):
                rewards[agent] += now[s] - self._potential[s]
            self._potential = now
        if game.is_over:
            self._finish(rewards, game.outcome())
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self._finish(rewards, None, truncated=True)
        else:
            self.rewards = rewards
            if prepare:
                self.prepare()
            else:
                self._seat = game.decision().player
                self.agent_selection = AGENTS[self._seat]
        self._accumulate_rewards()

    def _finish(self, rewards: dict[str, float], outcome: Outcome | None, *,
                truncated: bool = False) -> None:
        for s, agent in enumerate(AGENTS):
            if outcome is not None and outcome.winner is not None:
                rewards[agent] += 1.0 if outcome.winner == s else -1.0
            if truncated:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True
            self.infos[agent] = {"action": self._last[s],
                                 "outcome": None if outcome is None else outcome.to_json()}
        self.rewards = rewards
        self._mask = np.zeros(self.codec.size, dtype=np.int8)
        self._table = {}
        self.agent_selection = AGENTS[1 - self._seat]

    # -- observing ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over or any(self.truncations.values())

    def action_mask(self, agent: str) -> Mask:
        """The agent's mask now (a copy; zeros when it is not to act)."""
        if self.over or AGENTS.index(agent) != self._seat:
            return np.zeros(self.codec.size, dtype=np.int8)
        return self._mask.copy()

    def view(self, seat: int) -> dict[str, Any]:
        """``game.view(seat)``, built once per step: the roster, the shaped reward and the
        observation of one step share it (views are read-only)."""
        now = (id(self.game), len(self.game.history))
        if now != self._views_of:  # the game changed under the environment
            self._views.clear()
            self._views_of = now
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        return view

    def observe(self, agent: str) -> dict[str, Any]:
        seat = AGENTS.index(agent)
        return {"observation": self.encoder.encode(self.view(seat), seat, self.roster),
                "action_mask": self.action_mask(agent)}

    def notation(self, index: int) -> str | None:
        """The notation of the engine action behind a legal index (``None`` if illegal)."""
        action = self._table.get(int(index))
        return None if action is None else str(action)

    def last_actions_seen(self, seat: int, since: int) -> list[str]:
        """The actions applied from log position ``since`` on, as ``seat`` may know them
        (another's secret bid or card reads ``(secret)``)."""
        return [event.for_player(seat).action  # type: ignore[attr-defined]
                for event in self.game.log[since:] if isinstance(event, ActionEvent)]

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return ansi(self.game, self.part, self.game_plugin.title)
        if self.render_mode == "rgb_array":
            return rgb_array(self.game)
        if self.render_mode == "human":
            print(ansi(self.game, self.part, self.game_plugin.title), end="")
        return None

    def close(self) -> None:
        """Nothing to release."""


def raw_env(ruleset: str | None = None, **kwargs: Any) -> SkirmishAEC:
    """The environment without PettingZoo's wrappers (the fastest)."""
    return SkirmishAEC(ruleset, **kwargs)


def env(ruleset: str | None = None, **kwargs: Any) -> Any:
    """The environment as PettingZoo's classic games come: wrapped to refuse out-of-bounds
    actions and calls out of order (see :class:`SkirmishAEC` for the arguments)."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(ruleset, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
