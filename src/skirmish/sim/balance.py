"""The designer's balancer: what is each card really worth?

:class:`BalanceSpec` is a batch of games between random legal troops
(:mod:`skirmish.sim.balance_troops`) at a budget: pairing *p* is two troops drawn from the
batch seed and *p*, played twice, seats swapped (game ``2p`` puts the first troop at seat
A, game ``2p + 1`` the second); the agents keep their seats (the first agent at A). Game *i*
has the seed :func:`skirmish.sim.runner.game_seed` of the batch seed and *i*, and the agent
at each seat the seed :mod:`skirmish.sim.runner` gives it: game *i* depends only on the spec
and *i*, so any backend and any number of workers give the same games.
:func:`analyse` fits each card's effect (:mod:`skirmish.sim.balance_fit`) and sums up the
games in which it played.

:class:`TableSpec` is a matchup table: ``troops`` random troops that spend as much of the
budget as they can, each against each ``games`` times (seats alternating). Its *spread* is
how far the troop-vs-troop win rates are from 50 %, the binomial noise taken out: ``--iterate``
compares it before and after re-pricing, ``--what-if`` between the printed costs and a
change (:func:`compare_tables`).
"""

from __future__ import annotations

import itertools
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.game import Game
from skirmish.core.record import Record
from skirmish.core.ruleset import RULESETS
from skirmish.sim.backends import Backend, Collected, Logged, collect
from skirmish.sim.balance_fit import PENALTY, REPLICATES, FitData, bootstrap, fit, flag
from skirmish.sim.balance_troops import Armoury, Card, RandomTroop, price_step
from skirmish.sim.logdir import LogDir, digest
from skirmish.sim.runner import game_seed
from skirmish.sim.stats import Z95

#: The JSON report's format (bumped when a field changes meaning).
FORMAT = 1


@dataclass(frozen=True, slots=True)
class BalanceGame:
    """One game's result: seat A's score (1, 1/2, 0), the VP, rounds (turns) and
    decisions."""

    index: int
    score: float
    vp: tuple[int, int]
    rounds: int
    decisions: int

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "score": self.score, "vp": list(self.vp),
                "rounds": self.rounds, "decisions": self.decisions}

    @classmethod
    def from_json(cls, data: Any) -> BalanceGame:
        try:
            return cls(int(data["index"]), float(data["score"]),
                       (int(data["vp"][0]), int(data["vp"][1])), int(data["rounds"]),
                       int(data["decisions"]))
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"not a balance game ({exc})") from None


@dataclass(frozen=True)
class _Deals(ABC):
    """What :class:`BalanceSpec` and :class:`TableSpec` share: the armoury, the agents (at
    seats A and B), the rounds (a game with a round limit) and the scenario (a game with
    scenarios: "" cycles the library's)."""

    armoury: Armoury = field(repr=False)
    budget: int
    seed: int
    agents: tuple[str, str]
    rounds: int
    scenario: str
    #: The house rules every game plays (issue 47): ``(option, reading)`` pairs, checked
    #: against the game's options by the command; () for the default readings.
    house_rules: tuple[tuple[str, str], ...] = ()

    def _scenario(self, number: int) -> str:
        if self.scenario or not self.armoury.scenarios():
            return self.scenario
        names = self.armoury.scenarios()
        return names[number % len(names)]

    @abstractmethod
    def deal(self, index: int) -> tuple[RandomTroop, RandomTroop, str]:
        ...

    def setup(self, index: int) -> dict[str, Any]:
        a, b, scenario = self.deal(index)
        setup = self.armoury.setup(a, b, rounds=self.rounds, scenario=scenario)
        if self.house_rules:  # in the set-up, hence in every record's header
            setup["house_rules"] = dict(self.house_rules)
        return setup

    def _described(self, out: dict[str, Any]) -> dict[str, Any]:
        """A description with the house rules when some are chosen (a batch of the default
        readings keeps the fingerprint it had before house rules existed)."""
        if self.house_rules:
            out["house_rules"] = dict(self.house_rules)
        return out

    def prices(self) -> dict[str, int]:
        return {c.name: c.cost for c in self.armoury.cards}


@dataclass(frozen=True)
class BalanceSpec(_Deals):
    """``games`` games between random troops at ``budget`` whose spends range from
    ``(1 - spread) * budget`` to the budget."""

    games: int = 2000
    spread: float = 0.5

    def __post_init__(self) -> None:
        low, high = self.armoury.budget_range
        if not low <= self.budget <= high:
            raise ValueError(f"--budget: {low} to {high} points, got {self.budget}")
        if self.games < 2:
            raise ValueError(f"--games: at least 2 games, got {self.games}")
        if not 0 <= self.spread <= 1:
            raise ValueError(f"--spread: 0 to 1, got {self.spread}")

    def pairing(self, number: int) -> tuple[RandomTroop, RandomTroop]:
        """Pairing ``number``'s two troops (a pure function of the seed and the number)."""
        rng = random.Random(f"skirmish-balance:{self.seed}:{number}")
        return (self.armoury.random_troop(rng, self.budget, self.spread,
                                          f"troop {2 * number + 1}"),
                self.armoury.random_troop(rng, self.budget, self.spread,
                                          f"troop {2 * number + 2}"))

    def deal(self, index: int) -> tuple[RandomTroop, RandomTroop, str]:
        first, second = self.pairing(index // 2)
        a, b = (first, second) if index % 2 == 0 else (second, first)
        return a, b, self._scenario(index // 2)

    def description(self) -> dict[str, Any]:
        """What decides the games (the log folder's fingerprint)."""
        return self._described({
            "kind": "balance", "game": self.armoury.game, "agents": list(self.agents),
            "seed": self.seed, "budget": self.budget, "spread": self.spread,
            "rounds": self.rounds, "scenario": self.scenario,
            "cards": digest([[c.kind, c.name, c.cost, c.detail] for c in self.armoury.cards])})


#: Draws for one table troop before giving up finding one unlike the troops before it.
TABLE_DRAWS = 200


@dataclass(frozen=True)
class TableSpec(_Deals):
    """A matchup table: ``troops`` random full troops (those of odd number built around the
    cards of ``include``), each pair playing ``games`` games, seats alternating."""

    troops: int = 10
    games: int = 10
    include: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.troops < 2:
            raise ValueError(f"--table-troops: at least 2 troops, got {self.troops}")
        if self.games < 2:
            raise ValueError(f"--table-games: at least 2 games a pair, got {self.games}")

    def troop(self, number: int) -> RandomTroop:
        """Troop ``number`` of the table: every troop differs from the others in what the fit
        reads of it (its cards' counts and other features), so no pair is a mirror match and
        no troop is counted twice. Each is drawn from its own generator (the seed and its
        number); one that repeats an earlier troop is drawn again from that generator."""
        return self.dealt()[number]

    def dealt(self) -> tuple[RandomTroop, ...]:
        """Every troop of the table (drawn on first use, then kept); a ValueError naming
        ``--table-troops`` when the budget allows fewer different troops."""
        known: tuple[RandomTroop, ...] | None = self.__dict__.get("_troops")
        if known is None:
            known = ()
            seen: set[tuple[tuple[int, ...], tuple[float, ...]]] = set()
            for number in range(self.troops):
                troop = self._distinct(number, seen)
                seen.add((troop.counts, troop.nuisance))
                known += (troop,)
            object.__setattr__(self, "_troops", known)  # a frozen spec's own memo
        return known

    def _distinct(self, number: int, seen: set[tuple[tuple[int, ...], tuple[float, ...]]]
                  ) -> RandomTroop:
        rng = random.Random(f"skirmish-table:{self.seed}:{number}")
        include = self.include[(number // 2) % len(self.include)] if (
            self.include and number % 2 == 1) else None
        for _attempt in range(TABLE_DRAWS):
            troop = self.armoury.random_troop(rng, self.budget, 0.0, f"troop {number + 1}",
                                              include)
            if (troop.counts, troop.nuisance) not in seen:
                return troop
        raise ValueError(f"--table-troops: no troop {number + 1} unlike the {number} before "
                         f"it in {TABLE_DRAWS} draws at budget {self.budget}; ask fewer troops")

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(itertools.combinations(range(self.troops), 2))

    @property
    def total(self) -> int:
        return len(self.pairs) * self.games

    def deal(self, index: int) -> tuple[RandomTroop, RandomTroop, str]:
        pair, game = divmod(index, self.games)
        i, j = self.pairs[pair]
        a, b = (i, j) if game % 2 == 0 else (j, i)
        return self.troop(a), self.troop(b), self._scenario(game // 2)

    def description(self) -> dict[str, Any]:
        return self._described({
            "kind": "balance-table", "game": self.armoury.game,
            "agents": list(self.agents), "seed": self.seed, "budget": self.budget,
            "troops": self.troops, "games": self.games, "include": list(self.include),
            "rounds": self.rounds, "scenario": self.scenario,
            "cards": digest([[c.kind, c.name, c.cost, c.detail] for c in self.armoury.cards])})


# -- playing ------------------------------------------------------------------------------------
def _play(spec: _Deals, index: int) -> Game:
    seed = game_seed(spec.seed, index)
    game = RULESETS.get(spec.armoury.game).new_game(spec.setup(index), seed=seed)
    agents = [make_agent(spec.agents[seat], seed + 7919 * (seat + 1)) for seat in (0, 1)]
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return game


def _result(index: int, game: Game) -> BalanceGame:
    outcome = game.outcome()
    assert outcome is not None
    score = 0.5 if outcome.winner is None else float(outcome.winner == 0)
    view = game.view(0)
    return BalanceGame(index, score, (outcome.scores[0], outcome.scores[1]),
                       int(view.get("round", view.get("turn", 0))), len(game.history))


def play_balance_game(spec: _Deals, index: int) -> BalanceGame:
    """Game ``index`` of a balance batch or a matchup table (a pure function of both)."""
    return _result(index, _play(spec, index))


def play_balance_logged(spec: _Deals, index: int) -> Logged[BalanceGame]:
    game = _play(spec, index)
    return Logged(index, _result(index, game), Record.of(game, events=True).to_jsonl())


def total_games(spec: _Deals) -> int:
    return spec.total if isinstance(spec, TableSpec) else getattr(spec, "games", 0)


def run_games(spec: BalanceSpec | TableSpec, backend: Backend, *,
              progress: Callable[[BalanceGame], None] | None = None,
              log_dir: str | None = None, resume: bool = False,
              known: Mapping[int, BalanceGame] | None = None) -> Collected[BalanceGame]:
    """Every game of ``spec`` in index order (Ctrl-C keeps the finished ones); with
    ``log_dir`` every record is written there, and ``resume`` reuses the games an earlier
    run of the same batch left there. ``known``: results already known (:func:`carry_over`),
    not played again (nor logged)."""
    total = total_games(spec)
    done = dict(known or {})
    if log_dir is None:
        if resume:
            raise ValueError("--resume: reuses the games of --log-dir; give --log-dir")
        return collect(play_balance_game, spec, total, backend, progress=progress, done=done)
    log = LogDir(log_dir, spec.description(), BalanceGame.to_json, BalanceGame.from_json)
    found = log.start(resume=resume)
    done.update(log.reuse(found, total, lambda i: (game_seed(spec.seed, i), spec.setup(i))))
    return collect(play_balance_logged, spec, total, backend, progress=progress, done=done,
                   log=log)


def carry_over(before: BalanceSpec | TableSpec, games: Sequence[BalanceGame],
               after: BalanceSpec | TableSpec) -> dict[int, BalanceGame]:
    """The games of ``before`` that ``after`` would play identically: same index, seed and
    agents, and the same set-up (two troops that the changed costs left alone). A game is a
    pure function of those, so its result is carried over instead of played again (a
    re-priced round, or a what-if, only plays the games its change touches)."""
    if (before.seed, before.agents, before.rounds, before.house_rules) != (
            after.seed, after.agents, after.rounds, after.house_rules):
        return {}
    total = total_games(after)
    out = {}
    for game in games:
        if game.index < total and digest(before.setup(game.index)) == digest(
                after.setup(game.index)):
            out[game.index] = game
    return out


# -- the fit ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardRow:
    """A card's line of the report."""

    card: Card
    suggested: float
    low: float
    high: float
    effect: float
    games: int
    with_rate: float | None
    without_rate: float | None
    flag: str
    repriced: int


@dataclass(frozen=True)
class Analysis:
    """The fit of a balance batch: each card's row, the value of a point (``rate``,
    log-odds per point, with its interval), the seat's advantage, the games."""

    spec: BalanceSpec
    rows: tuple[CardRow, ...]
    rate: float
    rate_low: float
    rate_high: float
    seat: float
    nuisance: tuple[tuple[str, float], ...]
    games: int
    draws: int
    seat_a_score: float
    penalty: float
    replicates: int
    converged: bool

    def flagged(self, which: str = "") -> list[CardRow]:
        return [r for r in self.rows if r.flag and (not which or r.flag == which)]

    def prices(self, which: str = "flagged") -> dict[str, int]:
        """The re-priced costs: of the flagged cards (``flagged``) or of every card whose
        rounded suggestion differs (``all``); none when the fit found no value in a point
        (its suggestions mean nothing), nor for a card whose suggestion is unbounded."""
        if self.rate <= 0:
            return {}
        return {r.card.name: r.repriced for r in self.rows
                if math.isfinite(r.suggested) and r.repriced != r.card.cost
                and (which == "all" or r.flag)}


def fit_data(spec: BalanceSpec, games: Sequence[BalanceGame]) -> FitData:
    counts, nuisance, score, cluster = [], [], [], []
    for g in games:
        a, b, _ = spec.deal(g.index)
        counts.append([x - y for x, y in zip(a.counts, b.counts, strict=True)])
        nuisance.append([x - y for x, y in zip(a.nuisance, b.nuisance, strict=True)])
        score.append(g.score)
        cluster.append(g.index // 2)
    return FitData.of(counts, score, cluster, [c.cost for c in spec.armoury.cards],
                      nuisance)


def _rounded(value: float, step: int, lowest: int, highest: int) -> int:
    """A suggestion as a price: a multiple of ``step`` from ``lowest`` to ``highest``."""
    if not math.isfinite(value):
        return lowest if value < 0 else highest
    return min(highest, max(lowest, round(value / step) * step))


def analyse(spec: BalanceSpec, games: Sequence[BalanceGame], *, penalty: float = PENALTY,
            replicates: int = REPLICATES, seed: int | None = None) -> Analysis:
    """Fit the games of ``spec`` (all of them, or those that finished) and sum them up. The
    bootstrap's seed is the batch's unless given."""
    if len(games) < 2:
        raise ValueError(f"only {len(games)} game(s) finished: too few to fit")
    data = fit_data(spec, games)
    base = fit(data, penalty)
    boot = bootstrap(data, base, penalty, replicates, spec.seed if seed is None else seed)
    low, high = boot.interval()
    rate_low, rate_high = boot.rate_interval()
    cards = spec.armoury.cards
    played = [0] * len(cards)
    score_with = [0.0] * len(cards)
    n_with = [0] * len(cards)
    score_all, n_all = 0.0, 0
    for g in games:
        a, b, _ = spec.deal(g.index)
        for troop, score in ((a, g.score), (b, 1 - g.score)):
            score_all += score
            n_all += 1
            for k, count in enumerate(troop.counts):
                if count > 0:
                    score_with[k] += score
                    n_with[k] += 1
        for k in range(len(cards)):
            played[k] += a.counts[k] > 0 or b.counts[k] > 0
    rows = []
    for k, card in enumerate(cards):
        n_without = n_all - n_with[k]
        step = price_step(spec.armoury, card.kind)
        rows.append(CardRow(
            card, base.suggested[k], float(low[k]), float(high[k]), base.effect[k],
            played[k], score_with[k] / n_with[k] if n_with[k] else None,
            (score_all - score_with[k]) / n_without if n_without else None,
            flag(card.cost, float(low[k]), float(high[k])) if base.rate > 0 else "",
            _rounded(base.suggested[k], step, 0 if card.kind == "item" else step,
                     spec.armoury.budget_range[1])))
    draws = sum(1 for g in games if g.score == 0.5)
    return Analysis(spec, tuple(rows), base.rate, rate_low, rate_high, base.seat,
                    tuple(zip(spec.armoury.nuisance, base.nuisance, strict=True)),
                    len(games), draws, sum(g.score for g in games) / len(games), penalty,
                    replicates, base.converged)


# -- matchup tables -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """A played matchup table: its troops, and per pair (i < j) the scores of troop i."""

    spec: TableSpec
    troops: tuple[RandomTroop, ...]
    cells: Mapping[tuple[int, int], tuple[float, ...]]

    @classmethod
    def of(cls, spec: TableSpec, games: Sequence[BalanceGame]) -> Table:
        cells: dict[tuple[int, int], list[float]] = {}
        for g in games:
            pair, k = divmod(g.index, spec.games)
            i, j = spec.pairs[pair]
            cells.setdefault((i, j), []).append(g.score if k % 2 == 0 else 1 - g.score)
        return cls(spec, tuple(spec.troop(t) for t in range(spec.troops)),
                   {key: tuple(v) for key, v in sorted(cells.items())})

    def rate(self, i: int, j: int) -> float | None:
        if (i, j) in self.cells:
            scores = self.cells[(i, j)]
            return sum(scores) / len(scores)
        if (j, i) in self.cells:
            scores = self.cells[(j, i)]
            return 1 - sum(scores) / len(scores)
        return None

    def troop_score(self, t: int) -> tuple[float, float, int]:
        """Troop ``t``'s mean score over all its games, its standard error, its games."""
        scores = [s for (i, j), cell in self.cells.items() if t in (i, j)
                  for s in (cell if i == t else [1 - x for x in cell])]
        if not scores:
            return math.nan, math.nan, 0
        values = np.asarray(scores)
        se = float(values.std(ddof=1) / math.sqrt(len(values))) if len(values) > 1 else 0.0
        return float(values.mean()), se, len(values)

    def spread(self, cells: Mapping[tuple[int, int], Sequence[float]] | None = None
               ) -> float:
        """How far the troop-vs-troop win rates are from 50 %: the root mean square of
        (rate - 1/2) over the pairs, less each rate's own sampling variance (so that a
        perfectly balanced table scores about 0 whatever its games)."""
        excess = []
        for scores in (cells or self.cells).values():
            values = np.asarray(scores, dtype=np.float64)
            noise = float(values.var(ddof=1)) / len(values) if len(values) > 1 else 0.0
            excess.append((float(values.mean()) - 0.5) ** 2 - noise)
        return math.sqrt(max(0.0, float(np.mean(excess)))) if excess else math.nan

    def raw_spread(self) -> float:
        """The root mean square of (rate - 1/2) over the pairs, sampling noise included."""
        rates = [sum(c) / len(c) - 0.5 for c in self.cells.values()]
        return math.sqrt(float(np.mean(np.square(rates)))) if rates else math.nan

    def resampled_spread(self, troops: Sequence[int], rng: np.random.Generator) -> float:
        """The spread of the table made of ``troops`` (numbers drawn with replacement: a
        troop drawn twice does not meet itself), each pair's games drawn with replacement
        too: one bootstrap replicate, over the troops and over the games."""
        cells: dict[tuple[int, int], list[float]] = {}
        for a, b in itertools.combinations(range(len(troops)), 2):
            i, j = sorted((troops[a], troops[b]))
            scores = self.cells.get((i, j))
            if i != j and scores:
                values = np.asarray(scores)
                cells[(a, b)] = list(values[rng.integers(0, len(values), len(values))])
        return self.spread(cells) if cells else math.nan


@dataclass(frozen=True)
class TableComparison:
    """Two tables (before, after) and the differences, with 95 % intervals: the spread
    (bootstrap), each troop's mean score and the mean score of the troops built around the
    changed cards (normal approximation)."""

    before: Table
    after: Table
    spread_change: float
    spread_low: float
    spread_high: float
    troops: tuple[tuple[float, float, float, float], ...]  # before, after, low, high
    group: tuple[float, float, float, float] | None

    @property
    def verdict(self) -> str:
        if self.spread_high < 0:
            return "shrank"
        if self.spread_low > 0:
            return "grew"
        return "no clear change"


def compare_tables(before: Table, after: Table, replicates: int = REPLICATES,
                   seed: int = 0) -> TableComparison:
    """The difference between two matchup tables played with the same troop seeds. The
    spread's interval is a paired bootstrap: the same troop numbers drawn for both tables
    (which troops a table happened to draw matters as much as its games), the games of
    each pair drawn in each."""
    rng = np.random.default_rng(seed)
    n = before.spec.troops
    changes = []
    for _ in range(replicates):
        drawn = [int(t) for t in rng.integers(0, n, n)]
        changes.append(after.resampled_spread(drawn, rng) - before.resampled_spread(drawn, rng))
    finite = np.asarray([c for c in changes if math.isfinite(c)] or [math.nan])
    low = float(np.quantile(finite, 0.025, method="inverted_cdf"))
    high = float(np.quantile(finite, 0.975, method="inverted_cdf"))
    troops = []
    for t in range(before.spec.troops):
        m0, se0, _ = before.troop_score(t)
        m1, se1, _ = after.troop_score(t)
        half = Z95 * math.hypot(se0, se1)
        troops.append((m0, m1, m1 - m0 - half, m1 - m0 + half))
    group = None
    if before.spec.include:
        odd = range(1, before.spec.troops, 2)
        sums = []
        for table in (before, after):
            scores = [s for t in odd for s in _troop_scores(table, t)]
            values = np.asarray(scores)
            sums.append((float(values.mean()),
                         float(values.std(ddof=1) / math.sqrt(len(values)))))
        (m0, se0), (m1, se1) = sums
        half = Z95 * math.hypot(se0, se1)
        group = (m0, m1, m1 - m0 - half, m1 - m0 + half)
    return TableComparison(before, after, after.spread() - before.spread(), low, high,
                           tuple(troops), group)


def _troop_scores(table: Table, t: int) -> list[float]:
    return [s for (i, j), cell in table.cells.items() if t in (i, j)
            for s in (cell if i == t else [1 - x for x in cell])]


def parse_what_if(text: str, armoury: Armoury) -> dict[str, int]:
    """``--what-if 'Vladd=25,Yuri=20'``: new costs by card (names as players type them)."""
    changes: dict[str, int] = {}
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--what-if: {item!r} is not NAME=COST (e.g. 'Vladd=25')")
        from skirmish.sim.balance_troops import card_named

        card = card_named(armoury, name.strip())
        try:
            cost = int(value.strip())
        except ValueError:
            raise ValueError(f"--what-if: {item!r}: the cost is a whole number, got "
                             f"{value.strip()!r}") from None
        if not 0 <= cost <= 200:
            raise ValueError(f"--what-if: {item!r}: a cost is 0 to 200 points")
        if card.name in changes:  # issue 46: was silently the last
            raise ValueError(f"--what-if: {card.name!r} is named twice (one cost a card)")
        changes[card.name] = cost
    if not changes:
        raise ValueError(f"--what-if: name at least one NAME=COST, got {text!r}")
    return changes
