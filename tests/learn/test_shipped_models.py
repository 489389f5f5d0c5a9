"""The learned evaluations each game ships (issue 49): they load, read this version's
observation, evaluate a position, know more than a constant guess on their validation
matches, say how they were made; and the expert preset decides with them."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.ruleset import RULESETS
from skirmish.learn.leaf import LearnedLeaf
from skirmish.learn.model import ValueModel
from skirmish.sim.ladder import make_deals

GAMES = [("eden", "skirmish.games.eden.bots.search"),
         ("masseffect", "skirmish.games.masseffect.bots.search")]


@pytest.mark.parametrize(("game", "module"), GAMES)
def test_the_shipped_model_loads_and_evaluates_a_position(game: str, module: str) -> None:
    path = importlib.import_module(module).LEARNED_MODEL
    model = ValueModel.load(path)
    assert model.meta["game"] == game
    training = model.meta["training"]
    assert training["command"].startswith("skirmish train --data ")
    assert len(training["data"]["sha256"]) == 64 and training["data"]["positions"] > 0
    metrics = model.meta["metrics"]
    assert metrics["validation_loss"] < metrics["constant_loss"]  # it learned something
    match = RULESETS.get(game).new_game(dict(make_deals(game, games=2)[0].setup), seed=2)
    leaf = LearnedLeaf(model)
    rows = leaf.rows(match)  # this version's encoder makes what the model reads
    values = model.evaluate(rows)
    assert values.shape == (2,) and np.all((values >= 0) & (values <= 1))
    assert 0 <= leaf(match) <= 1


@pytest.mark.parametrize(("game", "module"), GAMES)
def test_the_expert_decides_with_the_learned_leaf(game: str, module: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from skirmish.learn import leaf as leaf_module

    asked = []
    real = leaf_module.LearnedLeaf.__call__

    def counted(self: LearnedLeaf, match: object) -> float:
        asked.append(1)
        return real(self, match)  # type: ignore[arg-type]

    monkeypatch.setattr(leaf_module.LearnedLeaf, "__call__", counted)
    match = RULESETS.get(game).new_game(dict(make_deals(game, games=2)[0].setup), seed=2)
    while len(list(match.legal_actions())) < 2:
        match.apply(next(iter(match.legal_actions())))
    player = match.decision().player
    expert = make_agent("mcts:expert,iterations=4,me_iterations=4", 3)
    legal = list(match.legal_actions())
    assert expert.act(view_of(match, player, expert), legal) in legal
    assert asked  # the very first decision (a bid, a pick) is searched, with the model
