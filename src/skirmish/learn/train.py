"""Training a learned evaluation from self-play data (issue 49), with torch.

torch is the optional ``[train]`` extra, imported here only: the model it makes is saved for
numpy (:class:`skirmish.learn.model.ValueModel`), which is all a player needs. Training uses
an accelerator when torch sees one (CUDA), the CPU otherwise.

- **Data**: one or more self-play folders of one game and one observation layout
  (:mod:`skirmish.learn.selfplay`); every position is a row, its target the match's result
  for the seat that saw it.
- **Validation**: whole matches, every tenth of each folder (match ``i`` with
  ``i % 10 == 9``), so that no match has positions on both sides.
- **Model**: the inputs standardized by the training rows' mean and scale, ``hidden``
  layers with ReLU, one logistic output; binary cross-entropy against the result (½ for a
  draw); Adam with weight decay; minibatches in an order drawn from ``seed``; the epoch of
  the best validation loss kept (training stops after ``patience`` epochs without a better
  one).
- **Reproducible**: the same data, settings and seed give the same model on the CPU (torch's
  deterministic algorithms, one thread).
- **Metrics** in the model file: the training and validation losses, the loss of the best
  constant guess on the validation rows (the model must beat it to know anything), the
  validation accuracy on decisive matches, the data's size and SHA-256, the time, the
  command that made it.
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from skirmish.learn.model import ValueModel
from skirmish.learn.selfplay import DESCRIPTION, load_folder

#: How to get torch (the message when it is missing).
TRAIN_HINT = ("pip install 'skirmish-tabletop[train]' (in this project: make train, or "
              ".venv/bin/pip install -e '.[train]')")
#: Every tenth match (index % 10 == VALIDATION) is kept for validation.
VALIDATION = 9


@dataclass(frozen=True)
class TrainSettings:
    hidden: tuple[int, ...] = (64, 32)
    epochs: int = 60
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    patience: int = 8
    seed: int = 0


@dataclass
class Dataset:
    """Rows, targets and which rows validate, with what they came from."""

    rows: npt.NDArray[np.float32]
    targets: npt.NDArray[np.float32]
    validation: npt.NDArray[np.bool_]
    matches: int
    digest: str
    description: dict[str, Any]


def read_data(folders: Sequence[Path | str]) -> Dataset:
    """The positions of ``folders`` (one game, one layout; a ValueError names the folder
    at fault), the validation matches set aside."""
    if not folders:
        raise ValueError("--data: name at least one self-play folder")
    rows, targets, validation = [], [], []
    first: dict[str, Any] | None = None
    sha = hashlib.sha256()
    matches = 0
    for folder in folders:
        root = Path(folder)
        if not (root / DESCRIPTION).is_file():
            raise ValueError(f"--data: {root} is not a self-play folder (no {DESCRIPTION})")
        data = load_folder(root)
        described = data["description"]
        if first is None:
            first = described
        elif (described["game"], described["layout"]) != (first["game"], first["layout"]):
            raise ValueError(f"--data: {root} holds another game or observation layout than "
                             f"{folders[0]}")
        for path in sorted(root.glob("game-*.npz")):
            sha.update(path.read_bytes())
        index = data["match"]
        matches += len(set(index.tolist()))
        rows.append(data["obs"])
        targets.append(data["result"])
        validation.append(index % 10 == VALIDATION)
    assert first is not None
    return Dataset(np.concatenate(rows).astype(np.float32),
                   np.concatenate(targets).astype(np.float32),
                   np.concatenate(validation), matches, sha.hexdigest(), first)


def _bce(p: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> float:
    p = np.clip(p.astype(np.float64), 1e-7, 1 - 1e-7)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def train(data: Dataset, settings: TrainSettings, command: str = "") -> ValueModel:
    """A model trained on ``data`` (see the module)."""
    try:
        import torch
    except ImportError:
        raise ValueError(f"training needs torch: {TRAIN_HINT}") from None
    torch.manual_seed(settings.seed)
    torch.use_deterministic_algorithms(True)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cpu":
        torch.set_num_threads(1)
    fit, held = ~data.validation, data.validation
    if not fit.any() or not held.any():
        raise ValueError("--data: too few matches to set every tenth aside for validation "
                         "(at least 10)")
    x, y = data.rows[fit], data.targets[fit]
    mean = x.mean(axis=0).astype(np.float32)
    scale = x.std(axis=0).astype(np.float32)
    scale[scale < 1e-3] = 1.0  # a constant feature: left as it is
    widths = [x.shape[1], *settings.hidden, 1]
    layers: list[Any] = []
    for i, (a, b) in enumerate(itertools.pairwise(widths)):
        layers.append(torch.nn.Linear(a, b))
        if i < len(widths) - 2:
            layers.append(torch.nn.ReLU())
    net = torch.nn.Sequential(*layers).to(device)
    optimiser = torch.optim.Adam(net.parameters(), lr=settings.learning_rate,
                                 weight_decay=settings.weight_decay)
    loss_of = torch.nn.BCEWithLogitsLoss()
    xs = torch.from_numpy((x - mean) / scale).to(device)
    ys = torch.from_numpy(y).to(device)
    xv = torch.from_numpy((data.rows[held] - mean) / scale).to(device)
    yv = torch.from_numpy(data.targets[held]).to(device)
    order = torch.Generator().manual_seed(settings.seed)
    best: tuple[float, int, list[Any]] | None = None
    started = time.perf_counter()
    epoch = 0
    for epoch in range(1, settings.epochs + 1):
        net.train()
        for batch in torch.randperm(len(xs), generator=order).split(settings.batch):  # type: ignore[no-untyped-call]
            optimiser.zero_grad()
            loss = loss_of(net(xs[batch]).squeeze(1), ys[batch])
            loss.backward()
            optimiser.step()
        net.eval()
        with torch.no_grad():
            held_loss = float(loss_of(net(xv).squeeze(1), yv))
        if best is None or held_loss < best[0] - 1e-6:
            best = (held_loss, epoch, [p.detach().cpu().clone() for p in net.parameters()])
        elif epoch - best[1] >= settings.patience:
            break
    assert best is not None
    params = [p.numpy() for p in best[2]]
    pairs = [(params[i].T.copy(), params[i + 1].copy()) for i in range(0, len(params), 2)]
    described = data.description
    meta: dict[str, Any] = {
        "game": described["game"], "layout": described["layout"],
        "limits": described["layout"].get("limits"),
        "training": {
            "command": command, "settings": asdict(settings), "device": device,
            "torch": str(torch.__version__), "seconds": round(time.perf_counter() - started, 1),
            "epochs": epoch, "best_epoch": best[1],
            "data": {"sha256": data.digest, "matches": data.matches,
                     "positions": len(data.rows), "validation": int(held.sum()),
                     "agents": described.get("agents"), "seed": described.get("seed")}},
    }
    model = ValueModel(pairs, mean, scale, meta)
    meta["metrics"] = metrics(model, data)
    model.meta = meta
    return model


def metrics(model: ValueModel, data: Dataset) -> dict[str, float]:
    """The model's losses on the training and validation rows, the best constant guess's
    on the validation rows, and the validation accuracy on decisive results."""
    fit, held = ~data.validation, data.validation
    p_fit = model.evaluate(data.rows[fit])
    p_held = model.evaluate(data.rows[held])
    y_held = data.targets[held]
    constant = np.full_like(y_held, float(data.targets[fit].mean()))
    decisive = y_held != 0.5
    right = ((p_held[decisive] > 0.5) == (y_held[decisive] > 0.5)).mean() if decisive.any() \
        else float("nan")
    return {"train_loss": round(_bce(p_fit, data.targets[fit]), 5),
            "validation_loss": round(_bce(p_held, y_held), 5),
            "constant_loss": round(_bce(constant, y_held), 5),
            "validation_accuracy": round(float(right), 4)}


def describe(model: ValueModel) -> str:
    """One paragraph for a person: what the model was trained on and how it did."""
    training = model.meta.get("training", {})
    data = training.get("data", {})
    m = model.meta.get("metrics", {})
    return (f"{model.meta.get('game')}: {data.get('positions')} positions of "
            f"{data.get('matches')} matches ({data.get('validation')} validating); "
            f"loss {m.get('train_loss')} (training), {m.get('validation_loss')} (validation) "
            f"against {m.get('constant_loss')} for a constant guess; validation accuracy "
            f"{m.get('validation_accuracy')}; {training.get('epochs')} epochs, best "
            f"{training.get('best_epoch')}, {training.get('seconds')} s on "
            f"{training.get('device')}")


__all__ = ["TRAIN_HINT", "Dataset", "TrainSettings", "describe", "metrics", "read_data",
           "train"]
