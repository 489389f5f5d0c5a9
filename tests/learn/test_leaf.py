"""The learned evaluation as the search's leaf (issue 49): it reads each seat's own view as
self-play wrote it, gives player A's chances, and the games' searches weigh it in by a
parameter (0: the rules' leaf alone, as before)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from skirmish.core.agents import view_of
from skirmish.core.ruleset import RULESETS
from skirmish.learn.leaf import LearnedLeaf, blended, leaf_at
from skirmish.learn.model import ModelError, ValueModel
from skirmish.learn.selfplay import Observer
from skirmish.sim.ladder import make_deals


def _model_for(game: str, seed: int = 0) -> tuple[ValueModel, Observer]:
    deals = make_deals(game, games=10**9, rounds=1)
    observer = Observer(game, deals)
    rng = np.random.default_rng(seed)
    width = observer.width
    layers = [(rng.normal(scale=0.05, size=(width, 8)).astype(np.float32),
               np.zeros(8, np.float32)),
              (rng.normal(size=(8, 1)).astype(np.float32), np.zeros(1, np.float32))]
    layout = observer.layout()
    model = ValueModel(layers, np.zeros(width, np.float32), np.ones(width, np.float32),
                       {"game": game, "layout": layout, "limits": layout["limits"]})
    return model, observer


@pytest.mark.parametrize("game", ["eden", "masseffect"])
def test_the_leaf_reads_each_seats_view_as_selfplay_wrote_it(game: str) -> None:
    model, observer = _model_for(game)
    leaf = LearnedLeaf(model)
    match = RULESETS.get(game).new_game(dict(make_deals(game, games=2, rounds=1)[0].setup),
                                        seed=3)
    rows = leaf.rows(match)
    for seat in (0, 1):
        expected = observer.row(view_of(match, seat), seat, observer.encoder.roster())
        np.testing.assert_array_equal(rows[seat], expected)
    a, b = model.evaluate(rows)
    assert leaf(match) == pytest.approx((a + 1 - b) / 2)
    assert 0.0 <= leaf(match) <= 1.0


@pytest.mark.parametrize("change", ["a part fewer", "a part of another shape"])
def test_a_model_of_another_layout_is_refused_by_name(change: str) -> None:
    model, _ = _model_for("eden")
    parts = model.meta["layout"]["parts"]
    if change == "a part fewer":
        model.meta["layout"]["parts"] = parts[1:]
    else:  # the same names, a decision kind more (an encoder that grew since the training)
        parts[0] = {**parts[0], "shape": [parts[0]["shape"][0] + 1]}
    match = RULESETS.get("eden").new_game(dict(make_deals("eden", games=2, rounds=1)[0].setup),
                                          seed=3)
    with pytest.raises(ModelError, match="reads the observation parts"):
        LearnedLeaf(model).rows(match)


def test_the_blend_weighs_the_rules_and_the_model(tmp_path: Path) -> None:
    model, _ = _model_for("eden")
    path = tmp_path / "value.npz"
    model.save(path)

    def rules(game: object) -> float:
        return 0.25

    assert blended(rules, path, 0.0) is rules
    assert blended(rules, path, 1.0) is leaf_at(path)
    match = RULESETS.get("eden").new_game(dict(make_deals("eden", games=2, rounds=1)[0].setup),
                                          seed=3)
    learned = leaf_at(path)(match)
    assert blended(rules, path, 0.4)(match) == pytest.approx(0.6 * 0.25 + 0.4 * learned)


@pytest.mark.parametrize(("game", "parameter", "module"), [
    ("eden", "learned", "skirmish.games.eden.bots.search"),
    ("masseffect", "me_learned", "skirmish.games.masseffect.bots.search")])
def test_a_search_weighs_the_shipped_model_in_by_its_parameter(
        game: str, parameter: str, module: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from skirmish.bots.registry import make_agent
    from skirmish.learn import leaf as leaf_module

    model, _ = _model_for(game)
    path = tmp_path / "value.npz"
    model.save(path)
    monkeypatch.setattr(importlib.import_module(module), "LEARNED_MODEL", path)
    calls = []
    real = leaf_module.LearnedLeaf.__call__

    def counted(self: LearnedLeaf, match: object) -> float:
        calls.append(1)
        return real(self, match)  # type: ignore[arg-type]

    monkeypatch.setattr(leaf_module.LearnedLeaf, "__call__", counted)
    match = RULESETS.get(game).new_game(dict(make_deals(game, games=2, rounds=1)[0].setup),
                                        seed=3)
    while len(list(match.legal_actions())) < 2:
        match.apply(next(iter(match.legal_actions())))
    player = match.decision().player
    agent = make_agent(f"mcts:iterations=6,scope=all,{parameter}=0.5", 1)
    agent.act(view_of(match, player, agent), list(match.legal_actions()))
    assert calls, "the learned leaf was never asked"
    calls.clear()
    plain = make_agent("mcts:iterations=6,scope=all", 1)
    plain.act(view_of(match, player, plain), list(match.legal_actions()))
    assert not calls  # weight 0: the rules' leaf alone, as before
