"""What is each card worth? A regularised logistic model of the result on the difference of
the two troops' compositions, with bootstrap intervals, in points of the game's own scale.

The model. In game *g* the troop at seat A scores ``y`` (1 a win, 1/2 a draw, 0 a loss) with
probability ``p`` where

    logit p = γ + Σ_k β_k · d_k + Σ_j ν_j · z_j,      β_k = α · c_k + δ_k

``d_k`` is how many more of card *k* seat A's troop holds than seat B's, ``c_k`` the card's
printed cost, ``z_j`` other differences (the armoury's ``nuisance``: e.g. a kind of troop
the rules treat apart),
γ the advantage of seat A (with its agent). ``β_k`` is the card's marginal effect on
winning, in log-odds; it is split into ``α · c_k``, what its printed cost says it is worth,
and ``δ_k``, how far it is from that.

- **Regularisation**: an L2 penalty ``λ/2 · Σ δ_k²`` (``penalty``, default 2: a prior
  standard deviation of 0.7 log-odds per card) shrinks each card towards its printed cost,
  so a card seldom played is not called mispriced on a handful of games; γ, α and ν are
  free (a 1e-6 ridge only keeps the solve well-posed). For fixed β the best α is the slope
  of the effects on the printed costs (a least-squares line through the origin): α is
  *the fitted relationship between printed value and effect*, in log-odds per point.
- **Suggested cost**: the card's effect converted with that rate, ``β_k / α = c_k + δ_k /
  α``: the points at which the card would be worth what it costs. Its scale is the game's
  own (values, points ...). α is learnt from troops that spend different amounts
  (:mod:`skirmish.sim.balance_troops` draws their spends over a range): were all troops to
  spend exactly the budget, no game would tell what a point is worth.
- **Intervals**: 95 % percentile intervals from a seeded bootstrap that redraws the troop
  pairings (both games of a pairing together) and refits (weighted Newton from the fit);
  a replicate whose α is not positive (points do not help) sends the card's suggestion to
  ±infinity, which keeps the interval honest. A card is flagged **under-costed** when its
  whole interval is above its printed cost, **over-costed** when below.

The fit is Newton's method (iteratively reweighted least squares) with step halving on the
penalised log-likelihood, a few steps for the few dozen cards of a library.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

#: The default L2 penalty on a card's departure from its printed cost (log-odds).
PENALTY = 2.0
#: The bootstrap's replicates by default.
REPLICATES = 200
#: The ridge that keeps the unpenalised parameters' solve well-posed.
RIDGE = 1e-6


@dataclass(frozen=True)
class FitData:
    """The games as the model sees them: ``counts`` (games x cards: seat A's count minus
    seat B's), ``nuisance`` (games x others), ``score`` (seat A's: 1, 1/2, 0),
    ``cluster`` (the pairing each game belongs to) and the cards' printed ``costs``."""

    counts: Array
    nuisance: Array
    score: Array
    cluster: NDArray[np.int64]
    costs: Array

    def __post_init__(self) -> None:
        n, k = self.counts.shape
        if self.score.shape != (n,) or self.cluster.shape != (n,) or self.costs.shape != (k,):
            raise ValueError("counts, score, cluster and costs do not agree in size")
        if self.nuisance.shape[0] != n:
            raise ValueError("nuisance has one row per game")
        if n == 0:
            raise ValueError("no games to fit")

    @classmethod
    def of(cls, counts: Sequence[Sequence[float]], score: Sequence[float],
           cluster: Sequence[int], costs: Sequence[float],
           nuisance: Sequence[Sequence[float]] | None = None) -> FitData:
        n = len(score)
        z = np.zeros((n, 0)) if nuisance is None else np.asarray(nuisance, dtype=np.float64)
        return cls(np.asarray(counts, dtype=np.float64).reshape(n, -1), z.reshape(n, -1),
                   np.asarray(score, dtype=np.float64), np.asarray(cluster, dtype=np.int64),
                   np.asarray(costs, dtype=np.float64))

    def design(self) -> Array:
        """The columns: 1 (seat), spend difference (α), nuisance (ν), counts (δ)."""
        n = self.score.shape[0]
        spend = self.counts @ self.costs
        return np.column_stack([np.ones(n), spend, self.nuisance, self.counts])

    def penalties(self, penalty: float) -> Array:
        m, k = self.nuisance.shape[1], self.counts.shape[1]
        return np.concatenate([np.full(2 + m, RIDGE), np.full(k, penalty)])


@dataclass(frozen=True)
class Fit:
    """The fitted model: ``seat`` (γ), ``rate`` (α, log-odds per point), ``nuisance`` (ν),
    ``departure`` (δ per card), ``effect`` (β = α·c + δ) and ``suggested`` (β / α)."""

    seat: float
    rate: float
    nuisance: tuple[float, ...]
    departure: tuple[float, ...]
    effect: tuple[float, ...]
    suggested: tuple[float, ...]
    iterations: int
    converged: bool


def _unpack(theta: Array, data: FitData) -> Fit:
    m = data.nuisance.shape[1]
    alpha = float(theta[1])
    delta = theta[2 + m:]
    effect = alpha * data.costs + delta
    suggested = _suggest(effect, alpha)
    return Fit(float(theta[0]), alpha, tuple(float(v) for v in theta[2:2 + m]),
               tuple(float(v) for v in delta), tuple(float(v) for v in effect),
               tuple(float(v) for v in suggested), 0, True)


def _suggest(effect: Array, alpha: float) -> Array:
    if alpha > 0:
        return effect / alpha
    return np.where(effect > 0, math.inf, np.where(effect < 0, -math.inf, 0.0))


# The products use einsum, not BLAS: on a busy machine a threaded BLAS spends a hundred
# times longer on these small matrices than a plain loop does.
def _eta(a: Array, theta: Array) -> Array:
    out: Array = np.einsum("nj,j->n", a, theta, optimize=False)
    return out


def _objective(theta: Array, a: Array, y: Array, w: Array, pen: Array) -> float:
    eta = _eta(a, theta)
    # y·log p + (1-y)·log(1-p) = y·η - log(1 + e^η), computed stably
    return float(np.sum(w * (y * eta - np.logaddexp(0.0, eta))) - 0.5 * np.sum(pen * theta**2))


def _newton(a: Array, y: Array, w: Array, pen: Array, theta: Array,
            tolerance: float = 1e-9, max_iterations: int = 100) -> tuple[Array, int, bool]:
    current = _objective(theta, a, y, w, pen)
    for iteration in range(1, max_iterations + 1):
        p = 1.0 / (1.0 + np.exp(-_eta(a, theta)))
        gradient = np.einsum("nj,n->j", a, w * (y - p), optimize=False) - pen * theta
        hessian = np.einsum("ni,nj->ij", a * (w * p * (1 - p))[:, None], a,
                            optimize=False) + np.diag(pen)
        step = np.linalg.solve(hessian, gradient)
        scale = 1.0
        while True:  # damped: never a step that lowers the penalised likelihood
            trial = theta + scale * step
            value = _objective(trial, a, y, w, pen)
            if value >= current - 1e-12 or scale < 1e-8:
                break
            scale /= 2
        theta, current = trial, value
        if float(np.max(np.abs(scale * step))) < tolerance:
            return theta, iteration, True
    return theta, max_iterations, False


def fit(data: FitData, penalty: float = PENALTY) -> Fit:
    """The penalised maximum-likelihood fit (see the module's docstring)."""
    if not penalty > 0 or not math.isfinite(penalty):
        raise ValueError(f"--penalty: a number > 0, got {penalty}")
    a = data.design()
    if float(np.std(a[:, 1])) < 1e-9:
        raise ValueError("every troop spent the same points: no game tells what a point is "
                         "worth (give --spread above 0)")
    theta, iterations, converged = _newton(a, data.score, np.ones(len(data.score)),
                                           data.penalties(penalty), np.zeros(a.shape[1]))
    out = _unpack(theta, data)
    return Fit(out.seat, out.rate, out.nuisance, out.departure, out.effect, out.suggested,
               iterations, converged)


@dataclass(frozen=True)
class Bootstrap:
    """The bootstrap replicates: ``rate`` (α per replicate), ``effect`` and ``suggested``
    (replicates x cards); 95 % percentile intervals by :meth:`interval`."""

    rate: Array
    effect: Array
    suggested: Array
    seed: int

    @staticmethod
    def _interval(values: Array, level: float = 0.95) -> tuple[Array, Array]:
        tail = (1 - level) / 2
        low = np.quantile(values, tail, axis=0, method="inverted_cdf")
        high = np.quantile(values, 1 - tail, axis=0, method="inverted_cdf")
        return low, high

    def interval(self, level: float = 0.95) -> tuple[Array, Array]:
        """The suggested costs' intervals (low, high per card)."""
        return self._interval(self.suggested, level)

    def effect_interval(self, level: float = 0.95) -> tuple[Array, Array]:
        return self._interval(self.effect, level)

    def rate_interval(self, level: float = 0.95) -> tuple[float, float]:
        low, high = self._interval(self.rate, level)
        return float(low), float(high)


def bootstrap(data: FitData, base: Fit, penalty: float = PENALTY,
              replicates: int = REPLICATES, seed: int = 0) -> Bootstrap:
    """Refit ``replicates`` times on pairings drawn with replacement (seeded: the same
    seed, the same intervals)."""
    if replicates < 20:
        raise ValueError(f"--bootstrap: at least 20 replicates, got {replicates}")
    a, pen = data.design(), data.penalties(penalty)
    m = data.nuisance.shape[1]
    theta0 = np.concatenate([[base.seat, base.rate], base.nuisance, base.departure])
    clusters, position = np.unique(data.cluster, return_inverse=True)
    rng = np.random.default_rng(seed)
    rates, effects, suggested = [], [], []
    for _ in range(replicates):
        drawn = np.bincount(rng.integers(0, len(clusters), len(clusters)),
                            minlength=len(clusters)).astype(np.float64)
        theta, _, _ = _newton(a, data.score, drawn[position], pen, theta0.copy())
        alpha = float(theta[1])
        effect = alpha * data.costs + theta[2 + m:]
        rates.append(alpha)
        effects.append(effect)
        suggested.append(_suggest(effect, alpha))
    return Bootstrap(np.asarray(rates), np.asarray(effects), np.asarray(suggested), seed)


def flag(printed: float, low: float, high: float) -> str:
    """"under" when the whole interval is above the printed cost (the card is worth more
    than it costs), "over" when below, "" otherwise."""
    if low > printed:
        return "under"
    if high < printed:
        return "over"
    return ""
