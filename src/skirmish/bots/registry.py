"""Agents by name, for the command line, the simulator, the ladder and the web table.

An agent is named ``NAME``, ``NAME:PRESET``, ``NAME:KEY=VALUE,KEY=VALUE`` or
``NAME:PRESET,KEY=VALUE`` (the preset first, the parameters given override it)::

    make_agent("heuristic", seed)
    make_agent("mcts:hard", seed)                      # a preset
    make_agent("mcts:iterations=2000", seed)           # explicit parameters
    make_agent("mcts:easy,seconds=0.2", seed)          # a preset, one value changed

Each entry of :data:`AGENTS` is an :class:`AgentEntry`: a factory called as
``factory(seed, **settings)``, the parameters it accepts (:class:`Parameter`: a type and
bounds) and its named presets (settings). A search bot plugs in with one call, its module
imported only when such an agent is made::

    def _mcts(seed: int, **settings: Any) -> Agent:
        from skirmish.bots.mcts import MCTSAgent
        return MCTSAgent(seed, **settings)

    register_agent("mcts", _mcts, help="information-set MCTS",
                   parameters={"iterations": Parameter(int, low=1),
                               "seconds": Parameter(float, low=0.001)},
                   presets={"easy": {"seconds": 0.1}, "normal": {"seconds": 0.5},
                            "hard": {"seconds": 2.0}})

Entries are registered when this module is imported (worker processes import it too), so
every agent a batch names exists in its workers. An unknown agent, preset or parameter, or
a bad value, is a ``ValueError`` naming it and listing the known ones.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, cast

from skirmish.bots.game_parts import heuristic_of, search_parameters, search_presets
from skirmish.bots.mcts.presets import HORIZONS, PICKS
from skirmish.bots.mcts.presets import PRESETS as MCTS_PRESETS
from skirmish.bots.parameters import Parameter, Value
from skirmish.core.actions import Action
from skirmish.core.agents import Agent, RandomAgent
from skirmish.core.plugins import GAMES, MissingPart


@dataclass(frozen=True, slots=True)
class AgentEntry:
    """A kind of agent: ``factory(seed, **settings)`` makes one; ``parameters`` are the
    settings it accepts and ``presets`` named sets of them."""

    factory: Callable[..., Agent]
    help: str = ""
    parameters: Mapping[str, Parameter] = field(default_factory=dict)
    presets: Mapping[str, Mapping[str, Value]] = field(default_factory=dict)

    def __call__(self, seed: int) -> Agent:
        """The agent with its default settings (as ``AGENTS[name](seed)`` always did)."""
        return self.factory(seed)


@dataclass(frozen=True, slots=True)
class AgentName:
    """A parsed agent name: the agent, its preset (if any) and the parameters given."""

    agent: str
    preset: str | None = None
    params: tuple[tuple[str, Value], ...] = ()

    def settings(self) -> dict[str, Value]:
        """The settings the factory is given: the preset's, then the explicit ones."""
        entry = AGENTS[self.agent]
        settings = dict(entry.presets[self.preset]) if self.preset is not None else {}
        settings.update(self.params)
        return settings

    def __str__(self) -> str:
        """The canonical name (parameters sorted): equal names make equal agents."""
        parts = ([self.preset] if self.preset is not None else []) + [
            f"{k}={_text_of(v)}" for k, v in sorted(self.params)]
        return self.agent + (":" + ",".join(parts) if parts else "")


def _text_of(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def _known(names: Sequence[str] | Mapping[str, Any]) -> str:
    return ", ".join(sorted(names)) if names else "it has none"


class _HandsOver:
    """What makes the ``heuristic`` agent play every game: the default game's heuristic
    (the class it is mixed with), handing another game's views to that game's own
    heuristic, made with the same seed on its first such view."""

    #: The default game's name: its views (and views that name no game) are the base's.
    home = ""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)  # type: ignore[call-arg]
        self.seed = seed
        self.others: dict[str, Agent] = {}

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        game = view.get("ruleset")
        if game is None or game == self.home:
            chosen: Action = super().act(view, legal_actions)  # type: ignore[misc]
            return chosen
        other = self.others.get(str(game))
        if other is None:
            factory = heuristic_of(str(game))
            if factory is None:
                title = GAMES.get(str(game)).title if game in GAMES else str(game)
                raise MissingPart(f"{title} ({game}) has no heuristic bot")
            other = self.others[str(game)] = factory(self.seed)
        return other.act(view, legal_actions)


class _HomeHeld:
    """The base of the ``heuristic`` agent when the default game's heuristic is no class
    (or it has none): that heuristic held, and asked."""

    factory: Callable[[int], Agent] | None = None
    home = ""

    def __init__(self, seed: int = 0) -> None:
        self.held = None if self.factory is None else self.factory(seed)

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if self.held is None:
            plugin = GAMES.get(self.home)
            raise MissingPart(f"{plugin.title} ({plugin.name}) has no heuristic bot")
        return self.held.act(view, legal_actions)


@functools.cache
def _any_ruleset(home: str, base: type) -> type:
    """The class of the ``heuristic`` agent whose default game is ``home``, its heuristic's
    class ``base`` (so that the agent is one of its kind)."""
    return type("AnyRuleset", (_HandsOver, base), {"home": home, "__module__": __name__,
                                                   "__doc__": _HandsOver.__doc__})


def _heuristic(seed: int) -> Agent:
    home = GAMES.default().name
    factory = heuristic_of(home)
    if isinstance(factory, type):
        return cast(Agent, _any_ruleset(home, factory)(seed))
    return cast(Agent, _any_ruleset(home, _home_held(home, factory))(seed))


@functools.cache
def _home_held(home: str, factory: Callable[[int], Agent] | None) -> type:
    return type("HomeHeld", (_HomeHeld,), {
        "factory": None if factory is None else staticmethod(factory), "home": home,
        "__module__": __name__})


#: Every agent by name (``sorted(AGENTS)``: the agents' base names).
AGENTS: dict[str, AgentEntry] = {}


def register_agent(name: str, factory: Callable[..., Agent], *, help: str = "",
                   parameters: Mapping[str, Parameter] | None = None,
                   presets: Mapping[str, Mapping[str, Value]] | None = None) -> AgentEntry:
    """Add (or replace) the agent ``name``; its presets are checked against its
    parameters now. Returns the entry."""
    if not name or not all(c.isalnum() or c in "-_" for c in name):
        raise ValueError(f"agent names are letters, digits, '-' and '_', got {name!r}")
    parameters, presets = dict(parameters or {}), dict(presets or {})
    for preset, settings in presets.items():
        if not preset or "=" in preset or "," in preset or ":" in preset:
            raise ValueError(f"{name}: bad preset name {preset!r}")
        for key, value in settings.items():
            if key not in parameters:
                raise ValueError(f"{name}:{preset}: unknown parameter {key!r} "
                                 f"(known: {_known(parameters)})")
            try:
                parameters[key].check(value)
            except ValueError as exc:
                raise ValueError(f"{name}:{preset}: parameter {key!r} {exc}") from None
    entry = AgentEntry(factory, help, MappingProxyType(parameters),
                       MappingProxyType({k: MappingProxyType(dict(v))
                                         for k, v in presets.items()}))
    AGENTS[name] = entry
    return entry


register_agent("random", RandomAgent, help="uniform among the legal actions")
register_agent("heuristic", _heuristic, help="one-ply heuristic (each game's own)")


def _mcts(seed: int, **settings: Any) -> Agent:
    from skirmish.bots.mcts import make_mcts

    return make_mcts(seed, **settings)


#: The ``mcts`` agent's generic parameters (each game adds its own: :func:`register_games`).
MCTS_PARAMETERS: dict[str, Parameter] = {
    "iterations": Parameter(int, low=1, high=1_000_000, help="iterations per decision"),
    "seconds": Parameter(float, low=0.001, high=3600, help="time per decision (a cap)"),
    "exploration": Parameter(float, low=0, high=10, help="UCB1's exploration constant"),
    "widening": Parameter(float, low=0.1, high=100, help="progressive widening's C"),
    "alpha": Parameter(float, low=0, high=1, help="progressive widening's exponent"),
    "rollout": Parameter(int, low=0, high=1000, help="rollout depth, in decisions"),
    "greedy": Parameter(float, low=0, high=1, help="rollouts: share of preferred moves"),
    "determinizations": Parameter(int, low=1, high=1000,
                                  help="samples of the hidden cards per decision"),
    "plies": Parameter(int, low=0, high=50, help="length of the explained line"),
    "bias": Parameter(float, low=0, high=10, help="the root's bonus for the heuristic's "
                      "choice"),
    "guide": Parameter(int, low=0, high=50, help="tree levels below the root where the "
                       "heuristic adds its choice"),
    "confidence": Parameter(float, low=0, high=10, help="standard errors by which an "
                            "action must beat the heuristic's to be played instead"),
    "policy": Parameter(str, choices=("cheap", "heuristic"), help="who plays the "
                        "rollouts' decisions"),
    "horizon": Parameter(str, choices=HORIZONS, help="where a rollout stops: "
                         "settled exchange, end of round, of the next round, of game"),
    "scope": Parameter(str, choices=("all", "fights"), help="the decisions searched "
                       "(the others are the heuristic's)"),
    "paired": Parameter(bool, help="the root's actions compared on common dice and "
                        "determinizations"),
    "halving": Parameter(int, low=0, high=100, help="the root's first N actions "
                         "compared by sequential halving (0: UCB1)"),
    "pick": Parameter(str, choices=PICKS, help="the root action that may "
                      "take the heuristic's place: the most visited, or the one that "
                      "beats it by most standard errors (with paired)"),
    "student": Parameter(bool, help="the paired margins read through Student's t (a "
                         "margin over few pairs counts for less)"),
    "sparse": Parameter(bool, help="the search's games list fewer move destinations, "
                        "contact points and blast placements below the root (cheaper)"),
    "heuristic": Parameter(bool, help="the heuristic's prior and opponent model"),
}


def register_games() -> AgentEntry:
    """(Re-)register the ``mcts`` agent with the parameters the installed games add to it
    and their values in its presets (:mod:`skirmish.bots.game_parts`); done when this
    module is imported, and again after a game is installed in the process."""
    presets: dict[str, dict[str, Value]] = {k: dict(v) for k, v in MCTS_PRESETS.items()}
    for preset, values in search_presets().items():
        if preset not in presets:
            raise ValueError(f"a game sets the unknown mcts preset {preset!r} "
                             f"(known: {_known(presets)})")
        presets[preset].update(values)
    return register_agent(
        "mcts", _mcts, help="information-set MCTS over determinizations of its view "
        "(every game)", parameters={**MCTS_PARAMETERS, **search_parameters()},
        presets=presets)


def parse_agent(text: str) -> AgentName:
    """``NAME[:PRESET][,KEY=VALUE...]`` read and checked against the registry."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"an agent name is needed (known: {_known(AGENTS)})")
    name, colon, rest = text.strip().partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name[:60]!r} (known: {_known(AGENTS)})")
    entry = AGENTS[name]
    if not colon:
        return AgentName(name)
    if not entry.parameters and not entry.presets:
        raise ValueError(f"agent {name!r} takes no preset or parameter, got {text.strip()!r}")
    preset: str | None = None
    params: dict[str, Value] = {}
    for item in (part.strip() for part in rest.split(",")):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not key:
            raise ValueError(f"{text.strip()!r}: an empty preset or parameter "
                             f"(write {name}:PRESET or {name}:KEY=VALUE,KEY=VALUE)")
        if not equals:
            if key not in entry.presets:
                raise ValueError(f"unknown preset {key!r} for agent {name!r} "
                                 f"(known: {_known(entry.presets)})")
            if preset is not None or params:
                raise ValueError(f"{text.strip()!r}: one preset, before any KEY=VALUE")
            preset = key
            continue
        if key not in entry.parameters:
            raise ValueError(f"unknown parameter {key!r} for agent {name!r} "
                             f"(known: {_known(entry.parameters)})")
        if key in params:
            raise ValueError(f"{text.strip()!r}: parameter {key!r} given twice")
        try:
            params[key] = entry.parameters[key].read(value)
        except ValueError as exc:
            raise ValueError(f"agent {name!r}: parameter {key!r} {exc}") from None
    return AgentName(name, preset, tuple(params.items()))


def check_agent(text: str) -> str:
    """The canonical form of an agent name, or ``ValueError`` saying what is wrong."""
    return str(parse_agent(text))


def make_agent(name: str, seed: int) -> Agent:
    """An agent by name (``random``, ``heuristic``, ``NAME:PRESET``,
    ``NAME:KEY=VALUE,...``) with its own seed."""
    parsed = parse_agent(name)
    return AGENTS[parsed.agent].factory(seed, **parsed.settings())


def split_agents(text: str) -> list[str]:
    """A comma-separated list of agent names, where a ``KEY=VALUE`` item belongs to the
    agent before it: ``random,mcts:easy,seconds=0.2,heuristic`` is three agents. Names are
    not checked here (empty names are kept, for the caller to refuse)."""
    names: list[str] = []
    for item in text.split(","):
        word = item.strip()
        continues = "=" in word and ":" not in word.partition("=")[0]
        if continues and names and ":" in names[-1]:
            names[-1] += "," + word
        else:
            names.append(word)
    return names


def agent_choices() -> list[str]:
    """The agents to offer in a menu: every base name, then each ``NAME:PRESET``."""
    return sorted(AGENTS) + [f"{name}:{preset}" for name in sorted(AGENTS)
                             for preset in AGENTS[name].presets]


def describe_agents() -> list[str]:
    """One line per agent: its name, presets and parameters (for help and errors)."""
    lines = []
    for name in sorted(AGENTS):
        entry = AGENTS[name]
        extra = []
        if entry.presets:
            extra.append("presets " + ", ".join(entry.presets))
        if entry.parameters:
            extra.append("parameters " + ", ".join(f"{k} ({p.describe()})"
                                                  for k, p in entry.parameters.items()))
        line = name + (f": {entry.help}" if entry.help else "")
        lines.append(line + (f" [{'; '.join(extra)}]" if extra else ""))
    return lines


register_games()

__all__ = [
    "AGENTS",
    "MCTS_PARAMETERS",
    "AgentEntry",
    "AgentName",
    "Parameter",
    "Value",
    "agent_choices",
    "check_agent",
    "describe_agents",
    "make_agent",
    "parse_agent",
    "register_agent",
    "register_games",
    "split_agents",
]
