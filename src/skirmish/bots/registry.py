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

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, cast

from skirmish.bots.mcts.presets import HORIZONS, LEAVES, PICKS
from skirmish.bots.mcts.presets import PRESETS as MCTS_PRESETS
from skirmish.core.actions import Action
from skirmish.core.agents import Agent, RandomAgent

#: A parameter's value, once read from its text.
Value = int | float | bool | str

_KINDS: dict[type, str] = {int: "a whole number", float: "a number", bool: "true or false",
                           str: "a word"}
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True, slots=True)
class Parameter:
    """A parameter an agent accepts: its type (int, float, bool or str), bounds for numbers
    (inclusive), the words a str may be, and a line of help."""

    kind: type = int
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    help: str = ""

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise TypeError(f"a parameter is an int, float, bool or str, not {self.kind}")

    def read(self, text: str) -> Value:
        """The value of ``text``; ``ValueError`` (without the parameter's name) if bad."""
        word = text.strip()
        value: Value
        if self.kind is bool:
            if word.lower() not in (*_TRUE, *_FALSE):
                raise ValueError(f"takes true or false, got {text!r}")
            value = word.lower() in _TRUE
        elif self.kind is str:
            if self.choices and word not in self.choices:
                raise ValueError(f"is one of {', '.join(self.choices)}, got {text!r}")
            value = word
        else:
            try:
                value = int(word) if self.kind is int else float(word)
            except ValueError:
                raise ValueError(f"takes {_KINDS[self.kind]}, got {text!r}") from None
            if not math.isfinite(value):
                raise ValueError(f"takes a finite number, got {text!r}")
        self.check(value)
        return value

    def check(self, value: Value) -> None:
        """Refuse a value of the wrong type or out of bounds (``ValueError``)."""
        kinds: tuple[type, ...] = (int, float) if self.kind is float else (self.kind,)
        if not isinstance(value, kinds) or (self.kind is not bool and isinstance(value, bool)):
            raise ValueError(f"takes {_KINDS[self.kind]}, got {value!r}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.low is not None and value < self.low:
                raise ValueError(f"must be at least {self.low:g}, got {value:g}")
            if self.high is not None and value > self.high:
                raise ValueError(f"must be at most {self.high:g}, got {value:g}")

    def describe(self) -> str:
        bounds = ""
        if self.low is not None or self.high is not None:
            low = "" if self.low is None else f"{self.low:g}"
            high = "" if self.high is None else f"{self.high:g}"
            bounds = f" {low}..{high}"
        choices = f" ({'|'.join(self.choices)})" if self.choices else ""
        return f"{self.kind.__name__}{bounds}{choices}"


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


def _heuristic(seed: int) -> Agent:
    from skirmish.games.eden.bots.heuristic import HeuristicAgent

    class AnyRuleset(HeuristicAgent):
        """Eden's heuristic, handing Mass Effect: Annihilation views to the ME:A heuristic
        (made with the same seed on the first such view)."""

        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            self.seed, self.masseffect = seed, cast(Agent | None, None)

        def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
            if view.get("ruleset") != "masseffect":
                return super().act(view, legal_actions)
            if self.masseffect is None:
                from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic

                self.masseffect = MassEffectHeuristic(self.seed)
            return self.masseffect.act(view, legal_actions)

    return AnyRuleset(seed)


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
register_agent("heuristic", _heuristic, help="one-ply heuristic (Eden and ME:A)")


def _mcts(seed: int, **settings: Any) -> Agent:
    from skirmish.bots.mcts import make_mcts

    return make_mcts(seed, **settings)


register_agent(
    "mcts", _mcts, help="information-set MCTS over determinizations of its view (Eden, ME:A)",
    parameters={
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
        "threat": Parameter(float, low=0, high=100, help="weight of the threats on the "
                            "table in the evaluation (Eden)"),
        "confidence": Parameter(float, low=0, high=10, help="standard errors by which an "
                                "action must beat the heuristic's to be played instead"),
        "policy": Parameter(str, choices=("cheap", "heuristic"), help="who plays the "
                            "rollouts' decisions"),
        "tempo": Parameter(float, low=0, high=100, help="VP a fighter still to act this "
                           "round is worth in the evaluation (Eden)"),
        "horizon": Parameter(str, choices=HORIZONS, help="where a rollout stops: "
                             "settled exchange, end of round, of the next round, of game"),
        "scope": Parameter(str, choices=("all", "fights"), help="the decisions searched "
                           "(the others are the heuristic's)"),
        "me_horizon": Parameter(str, choices=HORIZONS, help="the "
                                "horizon on Mass Effect: Annihilation"),
        "me_iterations": Parameter(int, low=1, high=1_000_000, help="iterations per "
                                   "decision on Mass Effect: Annihilation"),
        "missions": Parameter(float, low=0, high=100, help="weight of the missions' "
                              "projected VP in the evaluation (Eden)"),
        "paired": Parameter(bool, help="the root's actions compared on common dice and "
                            "determinizations"),
        "halving": Parameter(int, low=0, high=100, help="the root's first N actions "
                             "compared by sequential halving (0: UCB1)"),
        "me_halving": Parameter(int, low=0, high=100, help="the halving on Mass Effect: "
                                "Annihilation"),
        "me_confidence": Parameter(float, low=0, high=10, help="the confidence on Mass "
                                   "Effect: Annihilation"),
        "me_threat": Parameter(float, low=0, high=10, help="weight of the shots still to "
                               "come this turn in the evaluation (Mass Effect: "
                               "Annihilation)"),
        "me_race": Parameter(float, low=0, high=10, help="weight of the data race of an "
                             "Extraction in the evaluation, logits a turn (Mass Effect: "
                             "Annihilation)"),
        "me_hold": Parameter(float, low=0, high=10, help="what a point scored adds to the "
                             "evaluation in a scenario won by holding objectives, logits "
                             "(Mass Effect: Annihilation)"),
        "me_stays": Parameter(bool, help="Mass Effect: Annihilation's rollouts play the "
                              "movement phase as stays (cheap: a turn plays out in tens "
                              "of ms)"),
        "me_replay": Parameter(bool, help="Mass Effect: Annihilation's rollouts play the "
                               "movement phase with the heuristic's moves, each worked out "
                               "once a position and replayed"),
        "me_moves": Parameter(int, low=0, high=64, help="the root of a Mass Effect: "
                              "Annihilation movement compares the heuristic's N best moves "
                              "of the figure it would move (0: every listed move)"),
        "me_leaf": Parameter(str, choices=LEAVES, help="the weights of "
                             "the Mass Effect: Annihilation leaf: set by hand, fitted on "
                             "heuristic self-play at a turn's start, or set by hand with "
                             "data carried worth a band"),
        "pick": Parameter(str, choices=PICKS, help="the root action that may "
                          "take the heuristic's place: the most visited, or the one that "
                          "beats it by most standard errors (with paired)"),
        "me_pick": Parameter(str, choices=PICKS, help="the pick on Mass "
                             "Effect: Annihilation"),
        "student": Parameter(bool, help="the paired margins read through Student's t (a "
                             "margin over few pairs counts for less)"),
        "me_student": Parameter(bool, help="the student on Mass Effect: Annihilation"),
        "sparse": Parameter(bool, help="the search's games list fewer move destinations, "
                            "contact points and blast placements below the root (cheaper)"),
        "heuristic": Parameter(bool, help="the heuristic's prior and opponent model"),
    },
    presets=MCTS_PRESETS)


def parse_agent(text: str) -> AgentName:
    """``NAME[:PRESET][,KEY=VALUE...]`` read and checked against the registry."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"an agent name is needed (known: {_known(AGENTS)})")
    name, colon, rest = text.strip().partition(":")
    name = name.strip()
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (known: {_known(AGENTS)})")
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
