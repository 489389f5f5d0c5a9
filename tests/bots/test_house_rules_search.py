"""The search bots follow the match's house rules (issue 47): a determinized copy of an
observation plays the same readings as the game it was observed from (the set-up travels in
the observation; the rules read them from it), and so does every game an MCTS search walks."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.dice import SeededDice
from skirmish.core.game import Game
from skirmish.core.house_rules import house_rules_of, in_force
from skirmish.core.observation import Determinizer, observe
from skirmish.core.plugins import GAMES
from skirmish.core.ruleset import RULESETS
from skirmish.sim.soak import _setup, library_pairings

READINGS = {"eden-tied-bid": "chooses", "eden-fear-burn": "forbidden",
            "eden-redirection": "anyone-touching"}


def _eden_game(actions: int = 12) -> Game:
    setup = {**_setup(library_pairings("factions", "eden")[0], 1, "eden"),
             "house_rules": READINGS}
    game = RULESETS.get("eden").new_game(setup, seed=5)
    agent = make_agent("random", 1)
    for _ in range(actions):
        if game.is_over:
            break
        player = game.decision().player
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return game


def test_a_determinized_copy_keeps_the_readings_of_the_state() -> None:
    game = _eden_game()
    assert game.state.catalogue.house_rules == READINGS
    for player in (0, 1):
        sampler = Determinizer(observe(game, player))
        for seed in range(3):
            copy = sampler.sample(SeededDice(seed))
            assert copy.setup["house_rules"] == READINGS
            assert copy.state.catalogue.house_rules == READINGS  # what the rules read
            assert in_force("eden", copy.setup) == in_force("eden", game.setup) != {}
            assert copy.copy().state.catalogue.house_rules == READINGS


def test_every_game_an_mcts_search_walks_plays_the_readings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import skirmish.bots.mcts.search as search

    walked: list[Any] = []

    class Watched(search.Determinizer):
        def sample(self, rng: Any) -> Game:
            game = super().sample(rng)
            walked.append(game)
            return game

    monkeypatch.setattr(search, "Determinizer", Watched)
    game = _eden_game()
    player = game.decision().player
    agent = make_agent("mcts:iterations=8,seconds=30", 2)
    action = agent.act(view_of(game, player, agent), list(game.legal_actions()))
    assert action in list(game.legal_actions())
    assert walked
    assert all(g.setup["house_rules"] == READINGS for g in walked)
    assert all(g.state.catalogue.house_rules == READINGS for g in walked)


@pytest.mark.parametrize("name", [g.name for g in GAMES if house_rules_of(g.name)])
def test_every_game_with_options_determinizes_under_its_readings(name: str) -> None:
    # each option at a reading other than its default: the copies say the same and play on
    chosen = {r.name: next(n for n in r.names() if n != r.default)
              for r in house_rules_of(name)}
    setup = {**_setup(library_pairings("factions", name)[0], 1, name), "house_rules": chosen}
    game = RULESETS.get(name).new_game(setup, seed=9)
    agent = make_agent("random", 4)
    for _ in range(15):
        if game.is_over:
            break
        player = game.decision().player
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    if game.is_over:
        pytest.skip("the match ended before it could be observed")
    player = game.decision().player
    copy = Determinizer(observe(game, player)).sample(SeededDice(3))
    assert in_force(name, copy.setup) == in_force(name, game.setup) == chosen
    assert copy.view(player) == game.view(player)
    for _ in range(10):  # it plays on under them
        if copy.is_over:
            break
        seat = copy.decision().player
        copy.apply(agent.act(view_of(copy, seat, agent), list(copy.legal_actions())))
