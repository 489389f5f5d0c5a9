"""Bradley–Terry ratings on the Elo scale, fitted by maximum likelihood.

The model: agent *i* scores against agent *j* with probability
``1 / (1 + 10 ** ((r_j - r_i) / 400))`` (ratings ``r`` in Elo points). A draw counts half
a win for each side (its likelihood is ``p ** 0.5 * (1 - p) ** 0.5``).

- **Regularisation**: every two agents are credited ``prior_draws`` virtual drawn games
  (one by default), so an undefeated agent gets a finite rating and agents that never met
  are still tied together; with many real games its weight vanishes.
- **Anchor**: the agent ``anchor`` (the first one by default, e.g. ``random``) is rated 0;
  the others' ratings and intervals are differences from it.
- **95 % intervals**: Wald intervals from the observed Fisher information of the
  regularised likelihood at its maximum (the inverse of the negated Hessian, anchor
  fixed): ``r ± 1.96 · se``. Counting a draw as half a win and half a loss makes them a
  little wide (conservative) when there are many draws. They need no random numbers, so
  they are reproducible, and stay finite for an undefeated agent (a bootstrap over games
  would give such an agent a zero-width interval).

The fit is Newton's method on the natural (log-odds) scale, which converges in a few steps
for the handful of agents of a ladder; :data:`ELO` converts to Elo points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

#: Elo points per unit of log-odds (400 / ln 10).
ELO = 400 / math.log(10)
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054

Matrix = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Ratings:
    """Fitted ratings (Elo points, the anchor at 0), their standard errors and 95 %
    intervals, in the order of ``names``."""

    names: tuple[str, ...]
    elo: tuple[float, ...]
    se: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    anchor: int = 0
    prior_draws: float = 1.0
    iterations: int = 0

    def interval(self, i: int) -> tuple[float, float]:
        return self.low[i], self.high[i]


def expected_score(rating: float, other: float) -> float:
    """The expected score (win = 1, draw = 1/2) of a ``rating`` against ``other``."""
    return 1 / (1 + 10 ** ((other - rating) / 400))


def _log_likelihood(beta: Matrix, wins: Matrix) -> float:
    diff = beta[:, None] - beta[None, :]
    # log sigmoid(d) = -log(1 + exp(-d)), computed stably
    return float(np.sum(wins * -np.logaddexp(0.0, -diff)))


def fit_bradley_terry(names: Sequence[str], score: Sequence[Sequence[float]] | Matrix,
                      games: Sequence[Sequence[float]] | Matrix, *, anchor: int = 0,
                      prior_draws: float = 1.0, tolerance: float = 1e-10,
                      max_iterations: int = 200) -> Ratings:
    """The Bradley–Terry ratings of ``names`` from ``score[i][j]`` (the points agent *i*
    scored against *j*: wins plus half the draws) and ``games[i][j]`` (the games they
    played, symmetric). ``ValueError`` for inconsistent input."""
    k = len(names)
    if k < 2:
        raise ValueError(f"ratings need at least two agents, got {k}")
    if not 0 <= anchor < k:
        raise ValueError(f"anchor: an agent index 0..{k - 1}, got {anchor}")
    if prior_draws < 0 or not math.isfinite(prior_draws):
        raise ValueError(f"prior_draws: a number >= 0, got {prior_draws}")
    s = np.asarray(score, dtype=np.float64)
    n = np.asarray(games, dtype=np.float64)
    if s.shape != (k, k) or n.shape != (k, k):
        raise ValueError(f"score and games are {k} x {k} matrices")
    if (n < 0).any() or (s < 0).any() or not np.allclose(n, n.T) or (np.diag(n) != 0).any():
        raise ValueError("games: a symmetric matrix of counts >= 0 with a zero diagonal")
    if not np.allclose(s + s.T, n) or (s > n + 1e-9).any():
        raise ValueError("score: score[i][j] + score[j][i] must equal games[i][j]")
    off = 1.0 - np.eye(k)
    wins = s + 0.5 * prior_draws * off
    total = n + prior_draws * off
    connected = total > 0
    if not _connected(connected):
        raise ValueError("the agents do not all meet, directly or through others "
                         "(give prior_draws > 0)")
    free = np.array([i for i in range(k) if i != anchor])
    beta = np.zeros(k)
    current = _log_likelihood(beta, wins)
    iterations = 0
    for iterations in range(1, max_iterations + 1):  # noqa: B007 - reported
        p = 1 / (1 + np.exp(-(beta[:, None] - beta[None, :])))
        gradient = (wins - total * p).sum(axis=1)
        info = total * p * (1 - p)
        hessian = info - np.diag(info.sum(axis=1))
        try:
            step = np.linalg.solve(-hessian[np.ix_(free, free)], gradient[free])
        except np.linalg.LinAlgError:
            step = np.full(len(free), np.inf)
        if not np.isfinite(step).all() or not np.isfinite(beta).all():
            raise ValueError("the ratings do not converge: an agent won or lost every game "
                             "(give prior_draws > 0)")
        scale = 1.0
        while True:  # damped Newton: never a step that lowers the likelihood
            trial = beta.copy()
            trial[free] += scale * step
            value = _log_likelihood(trial, wins)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        beta, current = trial, value
        if float(np.max(np.abs(scale * step))) < tolerance:
            break
    else:
        raise ValueError(f"the ratings do not converge in {max_iterations} steps")
    p = 1 / (1 + np.exp(-(beta[:, None] - beta[None, :])))
    info = total * p * (1 - p)
    hessian = info - np.diag(info.sum(axis=1))
    covariance = np.linalg.inv(-hessian[np.ix_(free, free)])
    se = np.zeros(k)
    se[free] = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    elo, se_elo = beta * ELO, se * ELO
    return Ratings(tuple(names), tuple(float(x) for x in elo),
                   tuple(float(x) for x in se_elo),
                   tuple(float(x) for x in elo - Z95 * se_elo),
                   tuple(float(x) for x in elo + Z95 * se_elo),
                   anchor, float(prior_draws), iterations)


def _connected(adjacent: NDArray[np.bool_]) -> bool:
    k = int(adjacent.shape[0])
    seen, stack = {0}, [0]
    while stack:
        i = stack.pop()
        for j in range(k):
            if bool(adjacent[i, j]) and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == k
