"""The learned evaluation as a search leaf (issue 49).

A game's search knowledge (its bots part) may weigh a :class:`~skirmish.learn.model.ValueModel`
into its leaf: :func:`learned_leaf` reads a search's game as both seats see it (each seat's
own view, through the learning encoder the model was trained on, with the same sizes) and
gives player A's chances: the mean of A's expected result and one less B's. A model is read
once per file and process.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from skirmish.core.agents import view_of
from skirmish.learn.model import ModelError, ValueModel

if TYPE_CHECKING:
    from skirmish.core.game import Game

_MODELS: dict[str, ValueModel] = {}


def model_at(path: Path | str) -> ValueModel:
    """The model of the file at ``path``, read once per process."""
    key = str(Path(path).resolve())
    if key not in _MODELS:
        _MODELS[key] = ValueModel.load(key)
    return _MODELS[key]


_LEAVES: dict[str, LearnedLeaf] = {}


def leaf_at(path: Path | str) -> LearnedLeaf:
    """The learned leaf of the model at ``path``, made once per process (its encoder with
    it)."""
    key = str(Path(path).resolve())
    if key not in _LEAVES:
        _LEAVES[key] = LearnedLeaf(model_at(key))
    return _LEAVES[key]


class LearnedLeaf:
    """Player A's chances in a search's game, by ``model`` (see the module)."""

    def __init__(self, model: ValueModel) -> None:
        self.model = model
        self.game = str(model.meta.get("game"))
        self._encoder: Any = None
        self._parts: list[str] = [p["name"] for p in model.meta["layout"]["parts"]]
        self._shapes = [tuple(p["shape"]) for p in model.meta["layout"]["parts"]]

    def _encoder_for(self, first_view: Any) -> Any:
        if self._encoder is None:
            from skirmish.rl.game_parts import rl_of
            from skirmish.rl.setups import Limits

            limits = Limits(**self.model.meta["limits"])
            encoder = rl_of(self.game).encoder(limits, first_view)
            space = encoder.space().spaces
            names = sorted(space)
            shapes = [tuple(space[name].shape or ()) for name in names]
            if (names, shapes) != (self._parts, self._shapes):
                raise ModelError(
                    f"the model of {self.game} reads the observation parts "
                    f"{dict(zip(self._parts, self._shapes, strict=True))}; this version's "
                    f"encoder makes {dict(zip(names, shapes, strict=True))}: train it again "
                    "(make train)")
            self._encoder = encoder
        return self._encoder

    def rows(self, game: Game) -> np.ndarray:
        """Each seat's flat observation of ``game``, as the model reads them."""
        out = []
        for seat in (0, 1):
            view = view_of(game, seat)
            encoder = self._encoder_for(view)
            arrays = encoder.encode(view, seat, encoder.roster())
            out.append(np.concatenate([np.asarray(arrays[name], np.float32).ravel()
                                       for name in self._parts]))
        return np.stack(out)

    def __call__(self, game: Game) -> float:
        a, b = self.model.evaluate(self.rows(game))
        return float((a + 1.0 - b) / 2.0)


def blended(rules: Callable[[Game], float], path: Path | str, weight: float
            ) -> Callable[[Game], float]:
    """``rules`` (a game's own leaf) and the learned evaluation of the model at ``path``
    mixed: ``(1 - weight) * rules + weight * learned``; ``rules`` alone at weight 0."""
    if weight <= 0:
        return rules
    learned = leaf_at(path)
    if weight >= 1:
        return learned

    def leaf(game: Game) -> float:
        mine = learned(game)  # first: a search's leaf may spend the game it is given
        return (1.0 - weight) * rules(game) + weight * mine

    return leaf


__all__ = ["LearnedLeaf", "blended", "leaf_at", "model_at"]
