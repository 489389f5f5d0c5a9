"""The information-set MCTS agent (``mcts``, ``mcts:easy|normal|hard|expert``, ``mcts:KEY=VALUE``).

It reads its view and its observation (``reads_observation``: :func:`view_of` adds the
game's snapshot as its player may know it) and never the game. Each decision with more than
one legal action is searched (:mod:`.search`) from a seed drawn from the agent's own
generator, so an agent made with the same seed makes the same choices from the same
observations under an iteration budget. With ``scope`` "fights" only the decisions the
game's search knowledge calls searched are (a fighter's activation, actions and replies to
attacks, say: :attr:`~skirmish.bots.game_parts.GameSearch.searched`); the preparation and
the like are the heuristic's, at once (its choices there are hard to improve on with a
round's horizon, and the time is better spent on the fights). Where the heuristic picks at
random the search does not defer to its choice (the game's ``uninformed`` decisions). The
heuristic bot of the game (its bots part's, :mod:`skirmish.bots.game_parts`) guides the
search: its choice is the first the root admits (added when the sampled actions lack it, a
move destination of its own), and is kept unless the search finds another clearly better
(``confidence``); inside the search it adds its choice one level down (``guide``) and plays
the opponent's secret choices. Its settings are those of
:class:`~skirmish.bots.mcts.settings.Settings`, the games' own parameters among them; the
registry's presets (:mod:`skirmish.bots.mcts.presets`) name the difficulty levels.

:meth:`MCTSAgent.explain` says why the last decision was taken (the expected line, the win
estimate, the heuristic's choice, the iterations done), for the web table's log.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skirmish.bots.game_parts import GameSearch, game_search, heuristic_of, search_parameters
from skirmish.bots.mcts.explanation import Explanation
from skirmish.bots.mcts.presets import PRESETS
from skirmish.bots.mcts.search import Search
from skirmish.bots.mcts.settings import Settings
from skirmish.bots.parameters import Value
from skirmish.core.actions import Action
from skirmish.core.agents import Agent
from skirmish.core.dice import SeededDice
from skirmish.core.game import Game


class MCTSAgent:
    """Single-observer information-set MCTS over determinizations of its observation."""

    reads_observation = True

    def __init__(self, seed: int = 0, *, iterations: int | None = None,
                 seconds: float | None = None, exploration: float = 0.7,
                 widening: float = 1.0, alpha: float = 0.5, rollout: int = 8,
                 greedy: float = 0.8, determinizations: int = 8, plies: int = 6,
                 bias: float = 0.1, guide: int = 1, confidence: float = 1.0,
                 policy: str = "cheap", horizon: str = "settle", scope: str = "all",
                 paired: bool = False, halving: int = 0, sparse: bool = False,
                 pick: str = "visits", student: bool = False, heuristic: bool = True,
                 clock: Callable[[], float] = time.perf_counter, **extra: Value) -> None:
        """``extra``: the games' own parameters (:func:`search_parameters`); another name
        is a ``TypeError``, as for any unexpected keyword."""
        unknown = sorted(set(extra) - set(search_parameters()))
        if unknown:
            raise TypeError(f"MCTSAgent got unexpected keyword argument(s) "
                            f"{', '.join(map(repr, unknown))}")
        self.seed = seed
        self.settings = Settings(iterations, seconds, exploration, widening, alpha, rollout,
                                 greedy, determinizations, plies, bias, guide, confidence,
                                 policy, horizon, scope, paired, halving, sparse, pick,
                                 student, dict(extra))
        self.heuristic = heuristic
        self.clock = clock
        self._rng = SeededDice(seed)
        self._helpers: dict[str, Agent] = {}
        self._games: dict[str, GameSearch] = {}
        self.last: Explanation | None = None
        #: Iterations skipped since the agent was made (a determinization the rules
        #: refused): none is expected.
        self.errors = 0

    # -- the game's knowledge ----------------------------------------------------------------
    def _game(self, ruleset: str) -> GameSearch:
        """What the search knows of ``ruleset`` for the agent's settings (asked once)."""
        known = self._games.get(ruleset)
        if known is None:
            known = self._games[ruleset] = game_search(ruleset, self.settings)
        return known

    # -- the heuristic helpers ---------------------------------------------------------------
    def _helper(self, ruleset: str, role: str = "prior") -> Agent | None:
        """The game's heuristic bot for the agent's own decisions (``role`` "prior") or
        for the search's games ("search": both players' views, its own generator);
        ``None`` for a game without one, or when the agent is told to do without."""
        if not self.heuristic:
            return None
        factory = heuristic_of(ruleset)
        if factory is None:
            return None
        helper = self._helpers.get(f"{ruleset}:{role}")
        if helper is None:
            helper = factory(self.seed if role == "prior" else self.seed + 1)
            self._helpers[f"{ruleset}:{role}"] = helper
        return helper

    def _in_search(self, ruleset: str) -> Callable[[Game, Sequence[Action]], Action] | None:
        """The heuristic deciding in the search's own games, from the decider's view."""
        helper = self._helper(ruleset, "search")
        if helper is None:
            return None

        lone = self._game(ruleset).lone  # the heuristic takes a lone action without a look

        def choose(game: Game, actions: Sequence[Action]) -> Action:
            if lone and len(actions) == 1:
                return actions[0]  # no view built for it
            return helper.act(game.view(game.decision().player), actions)

        return choose

    # -- deciding ----------------------------------------------------------------------------------
    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        seed = self._rng.below(1 << 62)
        if len(legal_actions) == 1:
            self.last = Explanation(str(legal_actions[0]), 0.5, 0, 0.0)
            return legal_actions[0]
        if not self._searched(view):
            helper = self._helper(self._ruleset(view))
            if helper is not None:
                action = helper.act(view, legal_actions)
                self.last = Explanation(str(action), 0.5, 0, 0.0, prior=str(action),
                                        reason=self._reason(helper, view, action))
                return action
        action, self.last = self.search(view, legal_actions, seed).run()
        self.errors += self.last.errors
        return action

    @staticmethod
    def _reason(helper: Agent, view: Mapping[str, Any], action: Action) -> str | None:
        """The heuristic's reason for its choice (its ``reason(view, action)``, when it has
        one: the "Why?" of a decision taken without a search)."""
        reason = getattr(helper, "reason", None)
        if not callable(reason):
            return None
        said = reason(view, action)
        return said if isinstance(said, str) else None

    @staticmethod
    def _ruleset(view: Mapping[str, Any]) -> str:
        observation = view.get("observation")
        return str(observation["ruleset"]) if isinstance(observation, Mapping) else ""

    def _searched(self, view: Mapping[str, Any]) -> bool:
        """Whether this decision is searched (``scope``): with "fights", a decision the
        game does not call searched is the heuristic's, at once."""
        if self.settings.scope == "all":
            return True
        searched = self._game(self._ruleset(view)).searched
        if searched is None:
            return True
        return searched(str((view.get("decision") or {}).get("kind", "")))

    def search(self, view: Mapping[str, Any], legal_actions: Sequence[Action],
               seed: int) -> Search:
        """The search of one decision, ready to run: its root prior (the heuristic's choice
        from ``view``) is taken here, and its time counts in the seconds cap."""
        begun = self.clock()
        observation = view.get("observation")
        if not isinstance(observation, Mapping):
            raise ValueError("the mcts agent needs its observation (view_of gives it to "
                             "agents with reads_observation = True)")
        ruleset = str(observation["ruleset"])
        helper = self._helper(ruleset)
        candidates = self._candidates(ruleset, helper, view, legal_actions)
        if candidates:
            prior: Action | None = candidates[0]
        else:
            prior = None if helper is None else helper.act(view, legal_actions)
        knowledge = self._game(ruleset)
        uninformed = knowledge.uninformed
        informed = uninformed is None or not uninformed(view)
        among = None if informed or knowledge.default_among is None else (
            knowledge.default_among(view))
        return Search(observation, legal_actions, self.settings, SeededDice(seed),
                      prior=prior, opponent=self._in_search(ruleset),
                      guide=self._in_search(ruleset), informed=informed, clock=self.clock,
                      begun=begun, candidates=candidates or None, default_among=among)

    def _candidates(self, ruleset: str, helper: Agent | None, view: Mapping[str, Any],
                    legal_actions: Sequence[Action]) -> list[Action]:
        """The root's actions when the game narrows them (a movement's best moves of the
        figure the heuristic would move, its choice first:
        :attr:`~skirmish.bots.game_parts.GameSearch.candidates`); [] elsewhere."""
        narrow = self._game(ruleset).candidates
        if narrow is None or helper is None:
            return []
        return list(narrow(helper, view, legal_actions))

    def explain(self) -> dict[str, Any] | None:
        """The last decision's explanation as JSON data (``None`` before the first)."""
        return None if self.last is None else self.last.to_json()


def make_mcts(seed: int, **settings: Any) -> MCTSAgent:
    """The registry's factory (:mod:`skirmish.bots.registry`)."""
    return MCTSAgent(seed, **settings)


__all__ = ["PRESETS", "MCTSAgent", "make_mcts"]
