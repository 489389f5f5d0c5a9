"""A learned evaluation, evaluated in numpy (issue 49): players need no deep-learning install.

A :class:`ValueModel` is a small multilayer perceptron: the flat observation of a seat's
view (:mod:`skirmish.learn.selfplay`'s rows) standardized by the training set's mean and
scale, hidden layers with ReLU, and one output through the logistic function: the seat's
expected result (1 won, ½ drawn, 0 lost). It is trained with torch
(:mod:`skirmish.learn.train`, the ``[train]`` extra) and saved as a numpy ``.npz`` file that
holds the weights and, as JSON, where it came from: the game, the observation's layout and
learning-encoder sizes it reads, the training command, the data's hash and the metrics.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from skirmish.core.atomic import write_atomically

#: The model file's format (bumped when a field changes meaning).
MODEL_FORMAT = 1
Array = npt.NDArray[np.float32]


class ModelError(ValueError):
    """A model file that cannot be read as one (names the file and what is wrong)."""


class ValueModel:
    """Weights ``layers`` (``(W, b)`` pairs, ``W`` of shape inputs x outputs), the inputs'
    ``mean`` and ``scale``, and ``meta`` (JSON data: game, layout, limits, training)."""

    def __init__(self, layers: Sequence[tuple[Array, Array]], mean: Array, scale: Array,
                 meta: Mapping[str, Any]) -> None:
        if not layers:
            raise ModelError("a model needs at least one layer")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32))
                       for w, b in layers]
        self.mean = np.asarray(mean, np.float32)
        self.scale = np.asarray(scale, np.float32)
        self.meta = dict(meta)
        width = self.layers[0][0].shape[0]
        if self.mean.shape != (width,) or self.scale.shape != (width,):
            raise ModelError(f"the inputs' mean and scale must have {width} values")
        for (w, b), (nxt, _) in zip(self.layers, [*self.layers[1:], (None, None)],
                                    strict=True):
            if b.shape != (w.shape[1],):
                raise ModelError("a layer's bias must have one value per output")
            if nxt is not None and nxt.shape[0] != w.shape[1]:
                raise ModelError("a layer's inputs must be the outputs of the one before")
        if self.layers[-1][0].shape[1] != 1:
            raise ModelError("the last layer must have one output")
        # the standardization folded into the first layer: one matrix product fewer
        w0, b0 = self.layers[0]
        inverse = (1.0 / self.scale).astype(np.float32)
        self._first = ((w0 * inverse[:, None]).astype(np.float32),
                       (b0 - (self.mean * inverse) @ w0).astype(np.float32))

    @property
    def width(self) -> int:
        """The features a row has."""
        return int(self.layers[0][0].shape[0])

    def logits(self, rows: npt.ArrayLike) -> Array:
        """The output before the logistic function, one per row (a 1-D row: one value)."""
        x = np.asarray(rows, dtype=np.float32)
        single = x.ndim == 1
        x = np.atleast_2d(x)
        if x.shape[1] != self.width:
            raise ModelError(f"a row of {x.shape[1]} features; the model reads {self.width}")
        w, b = self._first
        x = x @ w + b
        for w, b in self.layers[1:]:
            np.maximum(x, 0.0, out=x)
            x = x @ w + b
        out = x[:, 0]
        return out[:1] if single else out

    def evaluate(self, rows: npt.ArrayLike) -> Array:
        """The seat's expected result in [0, 1], one per row."""
        z = np.clip(self.logits(rows), -30.0, 30.0)
        return (1.0 / (1.0 + np.exp(-z))).astype(np.float32)

    # -- the file --------------------------------------------------------------------------
    def save(self, path: Path | str) -> None:
        """Write the model (atomically) as a numpy ``.npz`` file."""
        import io

        arrays: dict[str, npt.NDArray[Any]] = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        meta = {**self.meta, "format": MODEL_FORMAT, "layers": len(self.layers)}
        arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"),
                                       dtype=np.uint8)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]  # numpy's **kwds
        write_atomically(Path(path), buffer.getvalue())

    @classmethod
    def load(cls, path: Path | str) -> ValueModel:
        """Read a model file; a :class:`ModelError` names the file and what is wrong."""
        where = Path(path)
        try:
            with np.load(where, allow_pickle=False) as npz:
                meta = json.loads(bytes(npz["meta"]).decode("utf-8"))
                if meta.get("format") != MODEL_FORMAT:
                    raise ModelError(f"{where}: model format {meta.get('format')!r}, this "
                                     f"version reads {MODEL_FORMAT}")
                layers = [(npz[f"w{i}"], npz[f"b{i}"]) for i in range(int(meta["layers"]))]
                return cls(layers, npz["mean"], npz["scale"], meta)
        except ModelError as exc:
            text = str(exc)
            raise ModelError(text if text.startswith(str(where)) else f"{where}: {text}"
                             ) from None
        except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError) as exc:
            raise ModelError(f"{where}: not a model file ({exc})") from None


__all__ = ["MODEL_FORMAT", "ModelError", "ValueModel"]
