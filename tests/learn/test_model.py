"""The learned evaluation (issue 49): numpy inference of the model file, training with torch
on a fixed small data set, and the models shipped with the games."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from skirmish.learn.model import ModelError, ValueModel


def _model(width: int = 5, seed: int = 0) -> ValueModel:
    rng = np.random.default_rng(seed)
    f32 = np.float32
    layers = [(rng.normal(size=(width, 4)).astype(f32), rng.normal(size=4).astype(f32)),
              (rng.normal(size=(4, 1)).astype(f32), rng.normal(size=1).astype(f32))]
    mean = rng.normal(size=width).astype(np.float32)
    scale = rng.uniform(0.5, 2, size=width).astype(np.float32)
    return ValueModel(layers, mean, scale, {"game": "test"})


def test_the_forward_pass_is_the_perceptrons() -> None:
    """Standardize, ReLU between layers, logistic at the end: written out by hand."""
    model = _model()
    rows = np.random.default_rng(1).normal(size=(7, 5)).astype(np.float32)
    (w0, b0), (w1, b1) = model.layers
    hidden = np.maximum(((rows - model.mean) / model.scale) @ w0 + b0, 0)
    expected = 1 / (1 + np.exp(-(hidden @ w1 + b1)[:, 0]))
    np.testing.assert_allclose(model.evaluate(rows), expected, rtol=1e-5, atol=1e-6)
    assert model.evaluate(rows[0]).shape == (1,)
    assert ((model.evaluate(rows) >= 0) & (model.evaluate(rows) <= 1)).all()


def test_a_model_file_round_trips_and_a_bad_one_is_named(tmp_path: Path) -> None:
    model = _model()
    path = tmp_path / "value.npz"
    model.save(path)
    again = ValueModel.load(path)
    rows = np.ones((3, 5), np.float32)
    np.testing.assert_array_equal(again.evaluate(rows), model.evaluate(rows))
    assert again.meta["game"] == "test"
    (tmp_path / "bad.npz").write_bytes(b"not a model")
    with pytest.raises(ModelError, match=r"bad\.npz: not a model file"):
        ValueModel.load(tmp_path / "bad.npz")
    with pytest.raises(ModelError, match="a row of 4 features; the model reads 5"):
        model.evaluate(np.ones(4))


def test_a_tiny_model_retrains_from_a_fixed_small_data_set(tmp_path: Path) -> None:
    """Issue 49: a test re-trains a tiny model from a fixed small data set and checks its
    loss. Twenty short matches of self-play (the same every time: the seed), a model of one
    hidden layer: it fits its training rows better than the best constant guess, and the
    same data and seed train the same model."""
    pytest.importorskip("torch")
    from skirmish.learn.selfplay import SelfplaySpec, run_selfplay
    from skirmish.learn.train import TrainSettings, read_data, train
    from skirmish.sim.backends import LocalBackend
    from skirmish.sim.ladder import make_deals

    out = tmp_path / "data"
    deals = make_deals("eden", games=10**9, rounds=1)
    run_selfplay(SelfplaySpec("eden", ("heuristic", "random"), 20, deals, str(out), 5),
                 LocalBackend(1))
    data = read_data([out])
    assert data.matches == 20 and data.validation.sum() > 0
    settings = TrainSettings(hidden=(16,), epochs=30, patience=30, seed=3)
    model = train(data, settings, command="test")
    metrics = model.meta["metrics"]
    constant_fit = _constant_loss(data.targets[~data.validation])
    assert metrics["train_loss"] < 0.9 * constant_fit  # it learned something
    assert model.meta["training"]["data"]["positions"] == len(data.rows)
    assert model.meta["layout"]["width"] == model.width
    again = train(data, settings, command="test")
    np.testing.assert_array_equal(again.layers[0][0], model.layers[0][0])
    model.save(tmp_path / "m.npz")
    assert ValueModel.load(tmp_path / "m.npz").meta["metrics"] == metrics


def _constant_loss(y: np.ndarray) -> float:
    p = float(np.clip(y.mean(), 1e-7, 1 - 1e-7))
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def test_the_train_command_writes_a_model_and_refuses_bad_input(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    runner = CliRunner()
    data = tmp_path / "data"
    made = runner.invoke(app, ["selfplay", "--out", str(data), "--agents", "heuristic,random",
                               "--games", "10", "--rounds", "1", "--workers", "1", "--quiet"])
    assert made.exit_code == 0, made.output
    out = tmp_path / "value.npz"
    result = runner.invoke(app, ["train", "--data", str(data), "--out", str(out), "--hidden",
                                 "8", "--epochs", "3"])
    assert result.exit_code == 0, result.output
    model = ValueModel.load(out)
    assert model.meta["training"]["command"].startswith(f"skirmish train --data {data} ")
    assert model.meta["training"]["data"]["matches"] == 10
    for args, words in (
            (["--data", str(tmp_path), "--out", str(tmp_path / "m.npz")], "not a self-play"),
            (["--data", str(data), "--out", str(tmp_path / "m.txt")], ".npz"),
            (["--data", str(data), "--out", str(tmp_path / "m.npz"), "--hidden", "8,x"],
             "--hidden")):
        bad = runner.invoke(app, ["train", *args])
        assert bad.exit_code == 2 and words in bad.output, bad.output
        assert not (tmp_path / "m.npz").exists()
