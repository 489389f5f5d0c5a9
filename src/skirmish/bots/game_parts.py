"""What the bots layer needs from a game: the protocol of a game's ``bots`` part.

A game names its part in its plugin (``parts={"bots": "mygame.bots.part:BOTS"}``,
:mod:`skirmish.core.plugins`); the part is a :class:`GameBots`. Every member is optional, and
a game without the part at all is still played by every agent the layer has:

- ``heuristic``: the game's heuristic bot, ``heuristic(seed) -> Agent`` (its class, say),
  or the ``"module:attribute"`` naming it, imported on first use. The registry's
  ``heuristic`` agent hands each view to the heuristic of the view's game (the default
  game's own being the agent itself); the ``mcts`` agent takes it as its root prior, its
  guide below the root and its opponent model. Without one, ``heuristic`` refuses the game
  in one line and ``mcts`` searches unguided.
- ``search``: the game's knowledge for the search (:class:`SearchKnowledge`): the
  parameters it adds to the ``mcts`` agent and their values in the presets, and
  ``configure(settings) -> GameSearch``, the leaf evaluation, the rollout policy's
  preferences, the horizons' round counter and the game's own search settings for one
  agent's :class:`~skirmish.bots.mcts.settings.Settings`. Without it, :class:`GameSearch`'s
  defaults: the :func:`generic_leaf`, every verb alike, rollouts through every decision.
- ``positions``: the game's tactical positions (``positions() -> list[Position]``,
  :mod:`skirmish.bots.tactics`), the suite :func:`skirmish.bots.tactics.score` runs.

A game of a hundred lines may give ``GameBots()`` or nothing, or only a leaf::

    BOTS = GameBots(search=SearchKnowledge(lambda settings: GameSearch(leaf=my_leaf)))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from skirmish.bots.parameters import Parameter, Value
from skirmish.core.plugins import GAMES, MissingPart, load_reference

if TYPE_CHECKING:
    from skirmish.bots.mcts.settings import Settings
    from skirmish.bots.tactics.positions import Position
    from skirmish.core.actions import Action
    from skirmish.core.agents import Agent
    from skirmish.core.game import Game

#: The part's kind in a game's plugin.
PART = "bots"


def outcome_value(game: Game) -> float:
    """A finished game: 1 if A won, 0 if B did, 0.5 for a draw."""
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == 0 else 0.0


def logistic(score: float) -> float:
    """The logistic curve, 0 far below -60 (no overflow)."""
    if score < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score))


def generic_leaf(game: Game) -> float:
    """The leaf of a game that gives none: the outcome once over; else, when player A's view
    shows two ``scores``, their difference through a logistic curve (a point a logit);
    else even (0.5)."""
    if game.is_over:
        return outcome_value(game)
    scores = game.view(0).get("scores")
    if (isinstance(scores, Sequence) and len(scores) == 2
            and all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)):
        return logistic(float(scores[0]) - float(scores[1]))
    return 0.5


def round_counter(game: Game) -> int:
    """The round under way, for a rollout's horizon: the state's ``round`` or ``turn``
    (0 for a state with neither)."""
    state: Any = game.state
    return int(getattr(state, "round", getattr(state, "turn", 0)))


@dataclass(frozen=True)
class GameSearch:
    """What the search knows of a game, for one agent's settings (every member has a
    generic default).

    - ``leaf``: player A's chances in [0, 1] from a search's game (thrown away once
      evaluated, so it may be spent); ``None``: :func:`generic_leaf`.
    - ``preference``: the cheap rollout policy's liking of each action verb (the prior of
      progressive widening too); verbs not listed: 1.
    - ``settling``: the decision kinds a "settle" rollout plays through (those that settle
      an exchange under way); ``None``: every kind.
    - ``round_of``: the round (or turn) under way, for the "round" horizons.
    - ``iterations``, ``horizon``, ``confidence``, ``pick``, ``student``, ``halving``: the
      game's own values of these settings; ``None``: the agent's.
    - ``horizon_at``: the rollouts' horizon at a decision (``horizon_at(view)``, the seat's
      view), where a game's decisions differ in how far their consequences reach (a pick
      that scores over the whole game, weighed at a round's end, is weighed by what that
      round shows of it); ``None`` (or an answer of ``None``): ``horizon``'s. A decision
      with a horizon of its own reads its paired margins through Student's t (``student``):
      weighed by few rollouts, its margins stand on few pairs.
    - ``costly``: decision kinds whose listing is dear (a figure's moves): with
      ``stand_in`` or ``replay`` the tree stops at them below the root and the rollouts
      play them, by ``stand_in(game)`` (a cheap fixed choice) or, with ``replay``, by the
      rollout policy once a position, remembered and replayed on the next visits.
    - ``searched``: with the ``scope`` "fights", whether a decision kind is searched (the
      others are the heuristic's, at once); ``None``: every one.
    - ``uninformed``: whether at a decision (the seat's view) the heuristic picks at
      random, so that the search does not defer to its choice (no ``confidence`` margin);
      ``None``: its choice is a judgement everywhere.
    - ``default_among``: where the heuristic's choice is no judgement (``uninformed``),
      ``default_among(view)`` may name the actions whose most visited is the search's choice
      unless another beats it by the ``confidence`` margin (a test of an action; ``None``:
      the most visited action, as everywhere else).
    - ``lone``: the heuristic plays a lone legal action without a look (the search then
      builds no view for it).
    - ``candidates``: the root's actions when the game narrows them,
      ``candidates(heuristic, view, legal)`` (its choice first; ``[]``: not narrowed here).
    """

    leaf: Callable[[Game], float] | None = None
    preference: Mapping[str, float] = field(default_factory=dict)
    settling: frozenset[str] | None = None
    round_of: Callable[[Game], int] = round_counter
    iterations: int | None = None
    horizon: str | None = None
    horizon_at: Callable[[Mapping[str, Any]], str | None] | None = None
    confidence: float | None = None
    pick: str | None = None
    student: bool | None = None
    halving: int | None = None
    costly: frozenset[str] = frozenset()
    stand_in: Callable[[Game], Action] | None = None
    replay: bool = False
    searched: Callable[[str], bool] | None = None
    uninformed: Callable[[Mapping[str, Any]], bool] | None = None
    default_among: Callable[[Mapping[str, Any]], Callable[[Action], bool] | None] | None = None
    lone: bool = False
    candidates: Callable[[Agent, Mapping[str, Any], Sequence[Action]],
                         Sequence[Action]] | None = None


def _no_settings(settings: Settings) -> GameSearch:
    return GameSearch()


@dataclass(frozen=True)
class SearchKnowledge:
    """A game's knowledge for the ``mcts`` agent: ``configure(settings)`` gives the
    :class:`GameSearch` of an agent's settings (reading the game's own parameters from
    ``settings.extra``, :func:`given`); ``parameters`` are those the game adds to the
    agent's table (their names must not clash with another game's: a prefix of the game's
    helps); ``presets`` their values in the agent's presets (``{"hard": {...}}``)."""

    configure: Callable[[Settings], GameSearch] = _no_settings
    parameters: Mapping[str, Parameter] = field(default_factory=dict)
    presets: Mapping[str, Mapping[str, Value]] = field(default_factory=dict)


@dataclass(frozen=True)
class GameBots:
    """A game's ``bots`` part (see the module's description): its heuristic bot, its
    search knowledge and its tactical positions, each optional: ``positions``, the suite
    the bots were tuned on, and ``held_out``, a second suite kept out of all tuning (issue
    49: written after the learned evaluation was trained)."""

    heuristic: Callable[[int], Agent] | str | None = None
    search: SearchKnowledge | None = None
    positions: Callable[[], Sequence[Position]] | None = None
    held_out: Callable[[], Sequence[Position]] | None = None


def bots_of(game: str) -> GameBots | None:
    """The bots part of the installed game ``game``; ``None`` for a game without one, or a
    name the registry does not know (a test's ruleset)."""
    if game not in GAMES:
        return None
    part = GAMES.get(game).part(PART)
    if part is not None and not isinstance(part, GameBots):
        raise TypeError(f"the bots part of {game!r} is not a GameBots: {part!r}")
    return part


def game_search(game: str, settings: Settings) -> GameSearch:
    """The search's knowledge of ``game`` for ``settings`` (the generic defaults for a game
    that gives none)."""
    bots = bots_of(game)
    if bots is None or bots.search is None:
        return GameSearch()
    return bots.search.configure(settings)


def heuristic_of(game: str) -> Callable[[int], Agent] | None:
    """The heuristic bot's factory of ``game``, ``None`` when it has none."""
    bots = bots_of(game)
    if bots is None or bots.heuristic is None:
        return None
    if isinstance(bots.heuristic, str):
        factory: Callable[[int], Agent] = load_reference(bots.heuristic)
        return factory
    return bots.heuristic


#: The tactical suites a game may give: the one the bots were tuned on, and the held-out one.
SUITES = ("tuned", "held-out")


def positions_of(game: str | None = None, suite: str = "tuned") -> list[Position]:
    """The tactical positions of ``game`` (the default game's when ``None``): its ``tuned``
    suite (:attr:`GameBots.positions`) or its ``held-out`` one (:attr:`GameBots.held_out`);
    :class:`~skirmish.core.plugins.MissingPart` for a game without that suite."""
    if suite not in SUITES:
        raise ValueError(f"no tactical suite {suite!r}: {', '.join(SUITES)}")
    plugin = GAMES.default() if game is None else GAMES.get(game)
    bots = bots_of(plugin.name)
    found = None if bots is None else (bots.positions if suite == "tuned" else bots.held_out)
    if found is None:
        which = "" if suite == "tuned" else f"{suite} "
        raise MissingPart(f"{plugin.title} ({plugin.name}) has no {which}tactical positions")
    return list(found())


def search_parameters() -> Mapping[str, Parameter]:
    """Every parameter the installed games add to the ``mcts`` agent; two games adding the
    same name is a ``ValueError``."""
    found: dict[str, Parameter] = {}
    owner: dict[str, str] = {}
    for plugin in GAMES:
        bots = bots_of(plugin.name)
        if bots is None or bots.search is None:
            continue
        for name, parameter in bots.search.parameters.items():
            if name in owner and found[name] != parameter:
                raise ValueError(f"mcts parameter {name!r} is added by both {owner[name]!r} "
                                 f"and {plugin.name!r}")
            found[name], owner[name] = parameter, plugin.name
    return MappingProxyType(found)


def search_presets() -> dict[str, dict[str, Value]]:
    """The values the installed games' parameters take in each preset of ``mcts``."""
    presets: dict[str, dict[str, Value]] = {}
    for plugin in GAMES:
        bots = bots_of(plugin.name)
        if bots is None or bots.search is None:
            continue
        for preset, values in bots.search.presets.items():
            presets.setdefault(preset, {}).update(values)
    return presets


def given(settings: Settings, parameters: Mapping[str, Parameter]) -> dict[str, Any]:
    """Each of a game's ``parameters`` as ``settings`` have it: the value given, else the
    parameter's default."""
    extra = settings.extra
    return {name: extra.get(name, parameter.default)
            for name, parameter in parameters.items()}


__all__ = ["PART", "GameBots", "GameSearch", "SearchKnowledge", "bots_of", "game_search",
           "generic_leaf", "given", "heuristic_of", "logistic", "outcome_value",
           "positions_of", "round_counter", "search_parameters", "search_presets"]
