"""Calibrate the search's ME:A leaf at a turn's start (docs/bots.md, "The leaf evaluation").

Plays heuristic self-play matches on the ladder's deals (every pairing of the sample bands
in the sample scenarios, in turn), records the leaf's terms
(:func:`skirmish.games.masseffect.bots.leaf.masseffect_terms`) at the start of every turn from turn
2 on, where the ``round`` horizon's leaves are, and fits a logistic regression of the match's
outcome (A won 1, drew 0.5, lost 0) on them, without an intercept (the seats are alike).
Prints the fitted weights (logits per unit), the 4-fold cross-validated log-loss (folds by
match) of a fit, and the log-loss of the stored fitted weights (``me_leaf=fitted``,
:data:`MASSEFFECT_TURN_START`) and of the hand-set ones (``me_leaf=hand``, the presets',
:data:`MASSEFFECT_HAND`)::

    python -m bench.me_leaf_fit --games 800        # some 16 minutes on one core

``--scenario NAME`` plays that scenario's deals only, and ``--beside`` asks what each term
adds to the presets' leaf as it stands (the hand-set weights and ``me_threat`` 1, one column
on a fitted scale): the cross-validated log-loss of that leaf alone, then of the leaf with
each term (and the shots still to come, and the objectives within a run: ``me_reach``) fitted
beside it, with the fitted weights: a term that lowers the log-loss deserves more weight than
the leaf gives it (``me_hold``: the score of the scenarios won by holding objectives,
docs/bots.md)::

    python -m bench.me_leaf_fit --games 100 --scenario "Tenir la position" --beside
"""

from __future__ import annotations

import argparse
import dataclasses
import math
from collections.abc import Sequence

import numpy as np

from skirmish.bots.mcts.policies import round_of
from skirmish.core import Game
from skirmish.core.ruleset import RULESETS
from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic
from skirmish.games.masseffect.bots.leaf import (
    MASSEFFECT_HAND,
    MASSEFFECT_THREAT,
    MASSEFFECT_TURN_START,
    MassEffectWeights,
    masseffect_terms,
)
from skirmish.sim.ladder import make_deals

NAMES = tuple(field.name for field in dataclasses.fields(MassEffectWeights))


@dataclasses.dataclass
class Sample:
    """The terms at each turn's start (from turn 2) of the matches, and their outcomes."""

    terms: list[list[float]] = dataclasses.field(default_factory=list)
    #: The presets' leaf (the hand-set weights and the shots still to come, ``me_threat``
    #: 1) and the shots' difference in band points, with ``beside`` only.
    leaf: list[list[float]] = dataclasses.field(default_factory=list)
    outcome: list[float] = dataclasses.field(default_factory=list)
    match: list[int] = dataclasses.field(default_factory=list)


def self_play(games: int, seed: int = 1000, scenario: str | None = None,
              beside: bool = False) -> Sample:
    """``games`` heuristic self-play matches on the ladder's ME:A deals (``scenario``'s
    only when named); with ``beside``, the presets' leaf recorded too."""
    import skirmish.games.masseffect.ruleset  # noqa: F401  (registers the ruleset)

    deals = make_deals("masseffect", games=2 * games,
                       scenarios=[scenario] if scenario else [])
    sample = Sample()
    for g in range(games):
        game = RULESETS.get("masseffect").new_game(deals[g % len(deals)].setup, seed=seed + g)
        bots = [MassEffectHeuristic(seed=3 * g + 1), MassEffectHeuristic(seed=3 * g + 2)]
        rows: list[list[float]] = []
        leaves: list[list[float]] = []
        turn = round_of(game)
        while not game.is_over:
            player = game.decision().player
            game.apply(bots[player].act(game.view(player), list(game.legal_actions())))
            if not game.is_over and round_of(game) != turn:
                turn = round_of(game)
                if turn >= 2:
                    terms = masseffect_terms(game)
                    rows.append([terms[name] for name in NAMES])
                    if beside:
                        leaves.append(_presets_leaf(game, terms))
        outcome = game.outcome()
        assert outcome is not None
        y = 0.5 if outcome.winner is None else float(outcome.winner == 0)
        sample.terms += rows
        sample.leaf += leaves
        sample.outcome += [y] * len(rows)
        sample.match += [g] * len(rows)
    return sample


def _presets_leaf(game: Game, terms: dict[str, float]) -> list[float]:
    """The presets' leaf in logits (before the race of an Extraction), the shots and the
    objectives within a run (``me_reach``)."""
    from skirmish.games.masseffect.bots.reach import masseffect_reach
    from skirmish.games.masseffect.bots.threats import me_threats

    ta, tb = me_threats(game)
    hand = sum(getattr(MASSEFFECT_HAND, name) * terms[name] for name in NAMES)
    return [hand + MASSEFFECT_THREAT * (ta - tb), ta - tb, masseffect_reach(game.state)]


def cross_validated(x: np.ndarray, y: np.ndarray, match: np.ndarray, folds: int = 4) -> float:
    """The log-loss of a fit on the other folds (folds by match), over every position."""
    total = 0.0
    for k in range(folds):
        test = match % folds == k
        total += log_loss(x[test], y[test], fit(x[~test], y[~test])) * int(test.sum())
    return total / len(y)


def beside_the_leaf(sample: Sample, folds: int = 4) -> dict[str, tuple[float, list[float]]]:
    """The presets' leaf alone ("leaf"), then with each term fitted beside it (a term that
    never varies in the sample left out): the cross-validated log-loss and the weights."""
    leaf = np.array(sample.leaf)
    y, match = np.array(sample.outcome), np.array(sample.match)
    columns = {"leaf": leaf[:, :1]}
    terms = np.array(sample.terms)
    for j, name in enumerate(NAMES):
        if np.std(terms[:, j]) > 0:
            columns[name] = np.column_stack([leaf[:, 0], terms[:, j]])
    columns["threat"] = leaf[:, :2]
    if np.std(leaf[:, 2]) > 0:
        columns["reach"] = leaf[:, [0, 2]]
    return {name: (cross_validated(x, y, match, folds), [float(w) for w in fit(x, y)])
            for name, x in columns.items()}


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-2) -> np.ndarray:
    """Logistic regression by Newton's method (a little ridge: a term that never varies in
    the sample, as the data extracted at a turn's start, gets 0)."""
    w = np.zeros(x.shape[1])
    for _ in range(60):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        hessian = (x.T * (p * (1 - p))) @ x + ridge * np.eye(len(w))
        w -= np.linalg.solve(hessian, x.T @ (p - y) + ridge * w)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ w))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def report(sample: Sample, folds: int = 4) -> dict[str, float]:
    """The cross-validated log-loss of a fit, and the log-loss of the stored fitted
    weights and of the hand-set ones."""
    x, y = np.array(sample.terms), np.array(sample.outcome)
    fitted = cross_validated(x, y, np.array(sample.match), folds)
    stored = np.array([getattr(MASSEFFECT_TURN_START, n) for n in NAMES])
    hand = np.array([getattr(MASSEFFECT_HAND, n) for n in NAMES])
    return {"positions": float(len(y)), "cross_validated_fit": fitted,
            "me_leaf_fitted": log_loss(x, y, stored), "me_leaf_hand": log_loss(x, y, hand)}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--beside", action="store_true")
    args = parser.parse_args(argv)
    sample = self_play(args.games, args.seed, args.scenario, args.beside)
    if args.beside:
        for name, (loss, added) in beside_the_leaf(sample).items():
            print(f"{'the leaf' if name == 'leaf' else 'the leaf and ' + name}: "
                  f"log-loss {loss:.4f}, weights {[round(w, 3) for w in added]}")
    weights = fit(np.array(sample.terms), np.array(sample.outcome))
    print("fitted weights (logits per unit):",
          {n: round(float(w), 3) for n, w in zip(NAMES, weights, strict=True)})
    for name, value in report(sample).items():
        print(f"{name}: {value:.4f}" if not math.isclose(value, round(value)) else
              f"{name}: {int(value)}")


if __name__ == "__main__":
    main()
