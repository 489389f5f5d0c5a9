"""Agent names with presets and parameters (``mcts:hard``, ``mcts:iterations=2000``), as
every command, the simulator and the web table read them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from skirmish.bots.registry import (
    AGENTS,
    Parameter,
    agent_choices,
    check_agent,
    describe_agents,
    make_agent,
    parse_agent,
    register_agent,
    split_agents,
)
from skirmish.core.actions import Action
from skirmish.core.agents import RandomAgent


class Settled(RandomAgent):
    """A random agent that keeps the settings it was made with."""

    def __init__(self, seed: int = 0, **settings: Any) -> None:
        super().__init__(seed)
        self.seed, self.settings = seed, settings

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        return super().act(view, legal_actions)


@pytest.fixture
def search() -> Iterator[str]:
    """A stand-in for the search bot: presets easy/normal/hard, parameters iterations,
    seconds, exploration and rollouts."""
    register_agent("search", Settled, help="a stand-in", parameters={
        "iterations": Parameter(int, low=1), "seconds": Parameter(float, low=0.001, high=60),
        "verbose": Parameter(bool), "rollout": Parameter(str, choices=("heuristic", "random")),
    }, presets={"easy": {"seconds": 0.1}, "normal": {"seconds": 0.5},
                "hard": {"seconds": 2.0, "rollout": "heuristic"}})
    yield "search"
    del AGENTS["search"]


def test_plain_names_work_as_before() -> None:
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert type(make_agent("heuristic", 1)).__name__ == "AnyRuleset"
    assert isinstance(AGENTS["random"](3), RandomAgent)  # an entry still makes its agent
    assert sorted(AGENTS) == ["heuristic", "mcts", "random"]
    assert agent_choices() == [*sorted(AGENTS), "mcts:easy", "mcts:normal", "mcts:hard",
                               "mcts:expert"]
    assert check_agent(" heuristic ") == "heuristic"


def test_presets_and_parameters(search: str) -> None:
    agent = make_agent("search:hard", 5)
    assert isinstance(agent, Settled) and agent.seed == 5
    assert agent.settings == {"seconds": 2.0, "rollout": "heuristic"}
    agent = make_agent("search:iterations=2000,seconds=1.5", 1)
    assert isinstance(agent, Settled) and agent.settings == {"iterations": 2000, "seconds": 1.5}
    agent = make_agent("search:easy, verbose=yes", 1)  # a preset, then a value added
    assert isinstance(agent, Settled) and agent.settings == {"seconds": 0.1, "verbose": True}
    agent = make_agent("search", 1)
    assert isinstance(agent, Settled) and agent.settings == {}
    assert check_agent("search:seconds=1.5,iterations=20") == "search:iterations=20,seconds=1.5"
    parsed = parse_agent("search:hard,seconds=3")
    assert (parsed.preset, parsed.settings()["seconds"]) == ("hard", 3.0)
    assert agent_choices() == ["heuristic", "mcts", "random", "search", "mcts:easy",
                               "mcts:normal", "mcts:hard", "mcts:expert", "search:easy",
                               "search:normal", "search:hard"]
    assert any("presets easy, normal, hard" in line for line in describe_agents())


@pytest.mark.parametrize(("name", "message"), [
    ("clever", "unknown agent 'clever' (known: heuristic, mcts, random, search)"),
    ("", "an agent name is needed"),
    ("heuristic:hard", "agent 'heuristic' takes no preset or parameter"),
    ("search:brutal", "unknown preset 'brutal' for agent 'search' (known: easy, hard, normal)"),
    ("search:depth=3", "unknown parameter 'depth' for agent 'search' (known: iterations, "
                       "rollout, seconds, verbose)"),
    ("search:iterations=lots", "parameter 'iterations' takes a whole number, got 'lots'"),
    ("search:iterations=0", "parameter 'iterations' must be at least 1, got 0"),
    ("search:seconds=nan", "parameter 'seconds' takes a finite number"),
    ("search:seconds=100", "parameter 'seconds' must be at most 60"),
    ("search:verbose=maybe", "parameter 'verbose' takes true or false"),
    ("search:rollout=smart", "parameter 'rollout' is one of heuristic, random"),
    ("search:seconds=1,seconds=2", "parameter 'seconds' given twice"),
    ("search:seconds=1,hard", "one preset, before any KEY=VALUE"),
    ("search:", "an empty preset or parameter"),
    ("search:=3", "an empty preset or parameter"),
])
def test_bad_names_are_refused_naming_the_fault(search: str, name: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        make_agent(name, 0)
    assert message in str(caught.value)


def test_registration_checks_presets() -> None:
    with pytest.raises(ValueError, match="unknown parameter 'depth'"):
        register_agent("broken", Settled, presets={"easy": {"depth": 2}})
    with pytest.raises(ValueError, match="must be at least 1"):
        register_agent("broken", Settled, parameters={"iterations": Parameter(int, low=1)},
                       presets={"easy": {"iterations": 0}})
    with pytest.raises(ValueError, match="agent names"):
        register_agent("bad:name", Settled)
    assert "broken" not in AGENTS


def test_lists_of_agents_keep_parameters_together() -> None:
    assert split_agents("random,heuristic") == ["random", "heuristic"]
    assert split_agents("random, search:iterations=5,seconds=1, heuristic,search:hard") == [
        "random", "search:iterations=5,seconds=1", "heuristic", "search:hard"]
    assert split_agents("a=1,random") == ["a=1", "random"]  # no agent before: kept, refused later
    assert split_agents("heuristic,") == ["heuristic", ""]


def test_commands_and_the_web_table_accept_parameterised_names(search: str) -> None:
    from typer.testing import CliRunner

    from skirmish.cli.main import app
    from skirmish.web.server import ApiError, _seats

    seats = _seats([{"kind": "bot", "agent": "search:hard"}, {"kind": "human"}], "remote")
    assert seats[0]["agent"] == "search:hard"
    for bad, words in (("search:brutal", "unknown preset 'brutal'"), (3, "agent name"),
                       ("oracle", "unknown agent 'oracle'")):
        with pytest.raises(ApiError) as caught:
            _seats([{"kind": "bot", "agent": bad}, {"kind": "human"}], "remote")
        assert "seats[0].agent" in caught.value.message and words in caught.value.message
    result = CliRunner().invoke(app, ["simulate", "--agents", "search:iterations=3,seconds=1,"
                                      "heuristic", "--games", "1", "--rounds", "1",
                                      "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["simulate", "--agents", "search:brutal,random",
                                      "--games", "1", "--quiet"])
    assert result.exit_code == 2 and "unknown preset 'brutal'" in result.output
