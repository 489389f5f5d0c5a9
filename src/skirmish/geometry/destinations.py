"""Representative destinations of a move (:func:`sample_destinations`): points drawn in the disc
of the allowance, kept when a base may end there and reach them within it (:mod:`.paths`' rules
and searches, among the obstacles within reach), remembered by what they read
(:mod:`.sampling_memo`)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from functools import lru_cache

from .paths import (
    _MORE_MEMOS,
    MEMO_SIZE,
    MoveCheck,
    StandingRules,
    _reach_many,
    _within_reach,
)
from .sampling_memo import Latest, Trace
from .shapes import Base, Point
from .table import Element, Field, Marker
from .tangent_world import ZONE_STEP, World, build_world, segment_free, zone_cost


def sample_destinations(
    mover: Base,
    allowance: float,
    n: int,
    *,
    field: Field,
    bases: Sequence[Base] = (),
    elements: Sequence[Element] = (),
    markers: Sequence[Marker] = (),
    seed: int = 0,
    rng: random.Random | None = None,
    zone_step: float = ZONE_STEP,
    straight: bool = False,
    first: int | None = None,
) -> list[MoveCheck]:
    """Up to ``n`` deterministic, representative legal destinations within the allowance.

    Candidates are drawn uniformly in the disc of radius ``allowance`` around the mover (from
    ``rng`` or ``random.Random(seed)``), filtered by end-position rules and reachability.
    ``straight``: only destinations reached in a straight line (no path search: cheaper; none
    when every straight line is blocked). Memoized when drawn from ``seed``
    (:data:`MEMO_SIZE`), on what stands within reach (:func:`_within_reach`): the answer
    stays remembered while figures farther away come and go.

    ``first``: only the first ``first`` of those ``n`` - exactly the whole answer's first
    ones (an answer only ever grows at its end), worked out only as far as they go when
    drawn from ``seed``: a caller that may need no more asks for fewer first."""
    near = _within_reach(mover, allowance, bases, elements, markers)
    if rng is not None:
        return _sample(mover, allowance, n, field, *near, rng, zone_step, straight)[:first]
    return list(_sampled(mover, allowance, n, field, *near, seed, zone_step, straight,
                         n if first is None else min(first, n)))


@lru_cache(maxsize=MEMO_SIZE)
def _sampled(
    mover: Base,
    allowance: float,
    n: int,
    field: Field,
    bases: tuple[Base, ...],
    elements: tuple[Element, ...],
    markers: tuple[Marker, ...],
    zoned: bool,
    seed: int,
    zone_step: float,
    straight: bool,
    first: int,
) -> tuple[MoveCheck, ...]:
    question, among = (mover, allowance, seed, n, first), (field, elements, markers, zoned,
                                                           zone_step, straight)
    answer: tuple[MoveCheck, ...] | None = _LATEST.recall(question, among, mover, bases)
    if answer is None:
        trace = Trace()
        answer = tuple(_sample(mover, allowance, n, field, bases, elements, markers, zoned,
                               _Draws(seed), zone_step, straight, True, trace, first))
        _LATEST.keep(question, among, bases, trace, answer)
    return answer


class _Draws:
    """``random.Random(seed).random()``'s values in their order, the first
    :data:`DRAWS_KEPT` of each seed remembered (:data:`_FIRST_DRAWS`, at most
    :data:`SEEDS_KEPT` seeds): a sampling asks the same few seeds again and again, and
    seeding a generator costs more than the draws it usually needs."""

    __slots__ = ("random",)

    def __init__(self, seed: int) -> None:
        first = _FIRST_DRAWS.get(seed)
        if first is None:
            rng = random.Random(seed)
            if len(_FIRST_DRAWS) >= SEEDS_KEPT:
                del _FIRST_DRAWS[next(iter(_FIRST_DRAWS))]
            first = _FIRST_DRAWS[seed] = tuple([rng.random() for _ in range(DRAWS_KEPT)])
        self.random = itertools.chain(first, _draws_after(seed)).__next__


def _draws_after(seed: int) -> Iterator[float]:
    """The draws that follow the remembered ones (a generator: seeded only when reached)."""
    rng = random.Random(seed)
    for _ in range(DRAWS_KEPT):
        rng.random()
    yield from iter(rng.random, None)


#: How many first draws of a seed :class:`_Draws` remembers, and for how many seeds.
DRAWS_KEPT = 64
SEEDS_KEPT = 256
_FIRST_DRAWS: dict[int, tuple[float, ...]] = {}


#: The latest answer of :func:`_sampled` to each question among other bases, given again
#: while it stands (:mod:`.sampling_memo`): after a figure elsewhere moved.
_LATEST = Latest()


def _sample(
    mover: Base,
    allowance: float,
    n: int,
    field: Field,
    bases: tuple[Base, ...],
    elements: tuple[Element, ...],
    markers: tuple[Marker, ...],
    zoned: bool,
    rnd: random.Random | _Draws,
    zone_step: float,
    straight: bool,
    own_draws: bool = False,
    trace: Trace | None = None,
    first: int | None = None,
) -> list[MoveCheck]:
    """The sampling behind :func:`sample_destinations`, among the obstacles within reach.

    Rounds of candidates: each drawn point that may end a move is a candidate; the first
    round's (every round's when ``straight``) are kept when reached in a straight line, the
    later rounds' when reached at all (:func:`_reach_many`), in their order, until ``n``.
    A straight round tests each candidate as it comes and stops testing once ``n`` are
    found (those after would be cut off); with ``own_draws`` (``rnd`` is no one else's) it
    stops drawing too, else it draws on as the round would, for the caller's generator.
    What it tests is written in ``trace``. With ``own_draws``, ``first`` stops it as soon
    as the answer's first ``first`` are found (what follows only adds to the end)."""
    stop = n if first is None or not own_draws else min(first, n)
    out: list[MoveCheck] = []
    r = mover.radius
    x_lo, x_hi = max(r, mover.x - allowance), min(field.width - r, mover.x + allowance)
    y_lo, y_hi = max(r, mover.y - allowance), min(field.height - r, mover.y + allowance)
    if x_lo > x_hi or y_lo > y_hi:
        return out
    w: World | None = None
    refuses = StandingRules(mover, field, bases, elements, markers).refuses
    mx, my, reach2 = mover.x, mover.y, allowance * allowance
    x_span, y_span, draw = x_hi - x_lo, y_hi - y_lo, rnd.random
    start = Point(mx, my)
    for _round in range(6):
        cands: list[Point] = []
        tries = 0
        want = (n - len(out)) + 2 if _round == 0 else 2 * (n - len(out))
        in_line = _round == 0 or straight  # cheap pass: reached in a straight line only
        while len(cands) < want and tries < 40 * n:
            tries += 1
            # uniform in the disc of the allowance, drawn within the field's box only (as
            # rnd.uniform(x_lo, x_hi) draws it, one call fewer)
            x = x_lo + x_span * draw()
            y = y_lo + y_span * draw()
            if (x - mx) ** 2 + (y - my) ** 2 > reach2:
                continue
            if trace is not None:
                trace.points.append(x)
                trace.points.append(y)
            if refuses(x, y):
                continue
            p = Point(x, y)
            cands.append(p)
            if w is None:
                w = build_world(mover, field, bases, elements, zoned)
            if not in_line or len(out) >= n:
                continue
            if trace is not None:
                trace.ends.append(x)
                trace.ends.append(y)
            if segment_free(w, mx, my, x, y):
                cost = zone_cost(w, mx, my, x, y)
                if cost <= allowance + 1e-9:
                    out.append(MoveCheck(True, "", cost, (start, p), p))
                    if own_draws and len(out) >= stop:
                        return out[:stop]
        if cands and not in_line:
            assert w is not None
            out.extend(_reach_many(mover, cands, allowance, w, zone_step,
                                   needed=stop - len(out), trace=trace))
        if len(out) >= stop:
            break
    return out[:stop]


_MORE_MEMOS.extend((_sampled.cache_clear, _LATEST.clear))

__all__ = ["DRAWS_KEPT", "SEEDS_KEPT", "sample_destinations"]
