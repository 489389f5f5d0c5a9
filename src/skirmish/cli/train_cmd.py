"""``skirmish train``: a learned evaluation from self-play folders (issue 49).

Light on purpose (``skirmish --help`` imports it): torch and numpy are imported inside the
function. The logic is in :mod:`skirmish.learn.train`, the model file in
:mod:`skirmish.learn.model`.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from skirmish.cli.errors import check_output, fail, guard, message_of

if TYPE_CHECKING:
    from skirmish.learn.train import TrainSettings

console = Console()


def _command(data: list[Path], out: Path, settings: TrainSettings) -> str:
    """The command that trains this model again (every setting written out)."""
    words = ["skirmish", "train"]
    for folder in data:
        words += ["--data", str(folder)]
    words += ["--out", str(out), "--hidden", ",".join(map(str, settings.hidden)),
              "--epochs", str(settings.epochs), "--patience", str(settings.patience),
              "--batch", str(settings.batch), "--learning-rate", repr(settings.learning_rate),
              "--weight-decay", repr(settings.weight_decay), "--seed", str(settings.seed)]
    return shlex.join(words)


@guard
def train(
    data: Annotated[list[Path], typer.Option(
        "--data", help="A self-play folder (skirmish selfplay --out); give it again for more.")],
    out: Annotated[Path, typer.Option(
        "--out", help="The model file to write (.npz).")],
    hidden: Annotated[str, typer.Option(
        help="The hidden layers' widths, comma-separated.")] = "64,32",
    epochs: Annotated[int, typer.Option(min=1, max=10_000, help="Epochs at most.")] = 60,
    patience: Annotated[int, typer.Option(
        min=1, max=10_000, help="Stop after this many epochs without a better validation "
                                "loss.")] = 8,
    batch: Annotated[int, typer.Option(min=1, max=1 << 20, help="Rows a minibatch.")] = 256,
    learning_rate: Annotated[float, typer.Option(
        "--learning-rate", min=1e-6, max=1.0, help="Adam's step size.")] = 1e-3,
    weight_decay: Annotated[float, typer.Option(
        "--weight-decay", min=0.0, max=1.0, help="Adam's weight decay.")] = 1e-4,
    seed: Annotated[int, typer.Option(help="Seed (same data and seed, same model).")] = 0,
) -> None:
    """Train a learned evaluation (a small perceptron reading a seat's view) on self-play
    data with torch (the [train] extra; an accelerator when there is one), and write it for
    numpy with its training command, the data's hash and its metrics."""
    from skirmish.learn.train import TrainSettings, describe, read_data
    from skirmish.learn.train import train as fit

    try:
        widths = tuple(int(w) for w in hidden.split(",") if w.strip())
    except ValueError:
        raise fail(f"--hidden: widths such as 64,32; got {hidden!r}") from None
    if any(w < 1 for w in widths):
        raise fail(f"--hidden: every width at least 1; got {hidden!r}")
    check_output(out, "model file", suffixes=(".npz",))
    settings = TrainSettings(widths, epochs, batch, learning_rate, weight_decay, patience,
                             seed)
    try:
        dataset = read_data(data)
        console.print(f"train: {len(dataset.rows)} positions of {dataset.matches} matches "
                      f"({dataset.description['game']})", highlight=False)
        model = fit(dataset, settings, command=_command(data, out, settings))
    except (ValueError, OSError) as exc:
        raise fail(message_of(exc)) from None
    model.save(out)
    console.print(describe(model), highlight=False)
    console.print(f"model written to {out}", highlight=False)
