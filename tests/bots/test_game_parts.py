"""The bots layer asks a game's bots part (issue 42, :mod:`skirmish.bots.game_parts`): a game
with a minimal part (a leaf and a parameter of its own) or none at all is searched, its
parameter joins the ``mcts`` agent's table, and what it lacks is said in one line."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skirmish.bots.game_parts import (
    GameBots,
    GameSearch,
    SearchKnowledge,
    bots_of,
    game_search,
    generic_leaf,
    given,
    positions_of,
    search_parameters,
)
from skirmish.bots.mcts import MCTSAgent, Search, Settings
from skirmish.bots.parameters import Parameter
from skirmish.bots.registry import AGENTS, make_agent, parse_agent, register_games
from skirmish.bots.tactics import score
from skirmish.core import Game, SeededDice
from skirmish.core.agents import view_of
from skirmish.core.observation import observe
from skirmish.core.plugins import GAMES, GamePlugin, MissingPart
from tests.core.test_observation import HIDDEN_TOY

#: The toy race's leaf: A's lead, and the parameter scaling it.
LEADS: list[float] = []
TOY_PARAMETERS = {"toy_scale": Parameter(float, low=0, high=10, default=1.0,
                                         help="the toy leaf's scale")}


def toy_leaf(scale: float) -> Any:
    def leaf(game: Game) -> float:
        state: Any = game.state
        lead = float(state.position[0] - state.position[1])
        LEADS.append(scale)
        return 1.0 if lead * scale > 0 else 0.0 if lead * scale < 0 else 0.5

    return leaf


def toy_configure(settings: Settings) -> GameSearch:
    return GameSearch(leaf=toy_leaf(given(settings, TOY_PARAMETERS)["toy_scale"]))


TOY_BOTS = GameBots(search=SearchKnowledge(toy_configure, TOY_PARAMETERS,
                                           {"hard": {"toy_scale": 2.0}}))


@pytest.fixture
def toy_game() -> Iterator[str]:
    """The hidden toy race installed as a game whose bots part gives a leaf only."""
    GAMES.add(GamePlugin(name=HIDDEN_TOY.name, title="Hidden toy", order=50,
                         ruleset="tests.core.test_observation:HIDDEN_TOY",
                         parts={"bots": "tests.bots.test_game_parts:TOY_BOTS"}))
    register_games()
    try:
        yield HIDDEN_TOY.name
    finally:
        GAMES.refresh()
        register_games()


def test_a_game_without_a_bots_part_gets_the_generic_knowledge() -> None:
    assert bots_of(HIDDEN_TOY.name) is None  # not an installed game
    knowledge = game_search(HIDDEN_TOY.name, Settings())
    assert knowledge == GameSearch() and knowledge.leaf is None
    game = HIDDEN_TOY.new_game({}, seed=3)
    assert generic_leaf(game) == 0.5  # no scores in its view, not over


def test_the_generic_leaf_reads_the_views_scores() -> None:
    class Scored:
        is_over = False

        def view(self, player: int) -> dict[str, Any]:
            return {"scores": [3, 1]}

    value = generic_leaf(Scored())  # type: ignore[arg-type]
    assert 0.85 < value < 0.9  # two points ahead: logistic(2)


def test_a_minimal_bots_part_gives_its_leaf_and_its_parameter(toy_game: str) -> None:
    assert "toy_scale" in AGENTS["mcts"].parameters and "toy_scale" in search_parameters()
    assert parse_agent("mcts:hard").settings()["toy_scale"] == 2.0
    assert parse_agent("mcts:toy_scale=3").settings() == {"toy_scale": 3.0}
    agent = make_agent("mcts:iterations=20,toy_scale=3", 1)
    assert isinstance(agent, MCTSAgent) and agent.settings.toy_scale == 3.0
    assert MCTSAgent(1).settings.toy_scale == 1.0  # the parameter's default
    game = HIDDEN_TOY.new_game({}, seed=3)
    LEADS.clear()
    search = Search(observe(game, 0), list(game.legal_actions()),
                    Settings(iterations=20, rollout=20, extra={"toy_scale": 3.0}),
                    SeededDice(1))
    search.run()
    assert LEADS and set(LEADS) == {3.0}  # the game's own leaf, with its parameter
    action = agent.act(view_of(game, 0, agent), list(game.legal_actions()))
    assert str(action) in {str(a) for a in game.legal_actions()}


def test_what_a_game_lacks_is_said_in_one_line(toy_game: str) -> None:
    game = HIDDEN_TOY.new_game({}, seed=3)
    view = {**game.view(0), "ruleset": toy_game}
    with pytest.raises(MissingPart, match=r"Hidden toy \(toy-hidden\) has no heuristic bot"):
        make_agent("heuristic", 1).act(view, list(game.legal_actions()))
    with pytest.raises(MissingPart, match="has no tactical positions"):
        positions_of(toy_game)
    with pytest.raises(MissingPart, match=r"\(toy-hidden\) has no held-out tactical positions"):
        positions_of(toy_game, "held-out")
    with pytest.raises(MissingPart, match="has no tactical positions"):
        score("heuristic", game=toy_game)
    agent = MCTSAgent(1, iterations=10)  # no heuristic: the search goes unguided
    agent.act(view_of(game, 0, agent), list(game.legal_actions()))
    assert agent.last is not None and agent.last.prior is None


def test_an_unknown_game_parameter_is_refused() -> None:
    with pytest.raises(TypeError, match="toy_scale"):
        MCTSAgent(1, toy_scale=2.0)
    with pytest.raises(ValueError, match="unknown parameter 'toy_scale'"):
        parse_agent("mcts:toy_scale=2")


def test_every_installed_games_parameters_are_the_agents() -> None:
    for plugin in GAMES:
        bots = bots_of(plugin.name)
        if bots is not None and bots.search is not None:
            assert set(bots.search.parameters) <= set(AGENTS["mcts"].parameters)


def test_a_games_horizon_at_a_decision_is_the_searchs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``GameSearch.horizon_at``: a game names the rollouts' horizon at a decision (from the
    seat's view), whose margins are then read through Student's t; ``None`` keeps the
    agent's horizon and reading, and a horizon no search knows is refused in one line that
    names the game."""
    from skirmish.bots.mcts import search as searching

    game = HIDDEN_TOY.new_game({}, seed=3)
    view, legal = observe(game, 0), list(game.legal_actions())
    answers: list[str | None] = []

    def knowledge(ruleset: str, settings: Settings) -> GameSearch:
        return GameSearch(horizon_at=lambda seen: answers[-1])

    monkeypatch.setattr(searching, "game_search", knowledge)
    settings = Settings(iterations=4, rollout=50, horizon="round")
    for answer, horizon in ((None, "round"), ("game", "game"), ("settle", "settle")):
        answers.append(answer)
        search = Search(view, legal, settings, SeededDice(1))
        assert search.horizon == horizon
        # a decision with a horizon of its own reads its margins through Student's t
        assert search.student is (answer is not None)
        search.run()
    answers.append("forever")
    with pytest.raises(ValueError, match=r"a decision's horizon must be one of .*'forever'"):
        Search(view, legal, settings, SeededDice(1))
