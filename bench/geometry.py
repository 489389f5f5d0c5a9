"""Geometry benchmark: line of sight and move legality on a typical seeded table.

``run()`` returns medians over ``repeats`` runs of many queries each:
``los_query_us`` (one line-of-sight query with obstacle count, microseconds) and
``move_legality_ms`` (one ``is_legal_move`` check with a 10 cm allowance, milliseconds).
"""

from __future__ import annotations

import math
import random
import statistics
import time

from skirmish.geometry.paths import clear_path_memo, end_position_problem, is_legal_move
from skirmish.geometry.shapes import Base, Circle, Polygon
from skirmish.geometry.sight import line_of_sight
from skirmish.geometry.table import Element, Field, Table


def typical_table(seed: int = 1) -> Table:
    """60x60 cm, 8 scenery elements (5 cm apart), 12 bases of 30/40 mm (6 per side)."""
    rng = random.Random(seed)
    field = Field(60.0, 60.0)
    kinds = [
        dict(sight="opaque"),  # ruin
        dict(sight="opaque"),  # car wreck
        dict(sight="opaque"),  # tree (circle)
        dict(sight="low", passable=True),  # low wall
        dict(sight="low"),  # crumbling wall
        dict(sight="flat", passable=True, can_end_on=True),  # pond (flat)
        dict(sight="low", passable=True, move_cost=2.0, can_end_on=True, obstacle_count=3),
        dict(sight="opaque"),  # container
    ]
    elements: list[Element] = []
    attempts = 0
    while len(elements) < len(kinds):
        attempts += 1
        k = kinds[len(elements)]
        cx = rng.uniform(10, 50)
        cy = rng.uniform(12, 48)
        if len(elements) in (2, 5):
            shape: Circle | Polygon = Circle(cx, cy, rng.uniform(2.0, 4.0))
        else:
            w = rng.uniform(2.0, 10.0)
            h = rng.uniform(1.0, 6.0) if len(elements) not in (3, 4) else 1.0
            a = rng.uniform(0, math.pi)
            ca, sa = math.cos(a), math.sin(a)
            pts = [
                (cx + ca * dx - sa * dy, cy + sa * dx + ca * dy)
                for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
            ]
            shape = Polygon.of(pts)
        el = Element(f"s{len(elements)}", shape, **k)  # type: ignore[arg-type]
        x0, y0, r0 = el.bcircle
        if (
            all(
                math.hypot(x0 - e.bcircle[0], y0 - e.bcircle[1]) > r0 + e.bcircle[2] + 5
                for e in elements
            )
            or attempts > 2000
        ):
            elements.append(el)
    bases: list[Base] = []
    while len(bases) < 12:
        side = len(bases) % 2
        r = 1.5 if rng.random() < 0.7 else 2.0
        x = rng.uniform(r, 60 - r)
        y = rng.uniform(r, 20) if side == 0 else rng.uniform(40, 60 - r)
        if rng.random() < 0.3:
            y = rng.uniform(r, 60 - r)
        b = Base(x, y, r, f"{'AB'[side]}{len(bases) // 2}", "AB"[side])
        if any(math.hypot(b.x - o.x, b.y - o.y) < b.radius + o.radius + 0.5 for o in bases):
            continue
        if any(
            math.hypot(b.x - e.bcircle[0], b.y - e.bcircle[1]) < b.radius + e.bcircle[2] + 0.1
            for e in elements
        ):
            continue
        bases.append(b)
    return Table(field, tuple(elements), tuple(bases))


def _los_run(table: Table, pairs: list[tuple[Base, Base]]) -> tuple[float, float]:
    """(median, mean) microseconds per query."""
    bases = table.bases
    elements = table.elements
    times = []
    clock = time.perf_counter
    for v, t in pairs:
        t0 = clock()
        line_of_sight(v, t, bases=bases, elements=elements)
        times.append(clock() - t0)
    return statistics.median(times) * 1e6, statistics.fmean(times) * 1e6


def _move_run(
    table: Table, moves: list[tuple[Base, tuple[float, float]]]
) -> tuple[float, float, float]:
    """(median, mean, 90th percentile) milliseconds per check, each computed afresh (the
    geometry's memo of path queries emptied before it: a repeated query would be a lookup)."""
    times = []
    for mover, end in moves:
        clear_path_memo()
        t0 = time.perf_counter()
        is_legal_move(
            mover, end, 10.0, field=table.field, bases=table.bases, elements=table.elements
        )
        times.append(time.perf_counter() - t0)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    return statistics.median(times) * 1e3, statistics.fmean(times) * 1e3, p90 * 1e3


def run(repeats: int = 5) -> dict[str, float]:
    """Medians over ``repeats`` runs (each run: 2000 LOS queries between random pairs of bases,
    200 move checks to random destinations within 11 cm that are on the field and not on a
    base; the rest, e.g. ending on scenery or beyond the allowance, is left in)."""
    table = typical_table(1)
    rng = random.Random(7)
    bases = table.bases
    pairs = [tuple(rng.sample(bases, 2)) for _ in range(2000)]
    # destinations a bot would ask about: within 11 cm, on the field, not on another base
    moves: list[tuple[Base, tuple[float, float]]] = []
    while len(moves) < 200:
        m = rng.choice(bases)
        ang = rng.uniform(0, 2 * math.pi)
        d = 11.0 * math.sqrt(rng.random())
        end = (m.x + d * math.cos(ang), m.y + d * math.sin(ang))
        why = end_position_problem(m, end, field=table.field, bases=bases)
        if why in ("off_field", "overlaps_base"):
            continue
        moves.append((m, end))
    los = [_los_run(table, pairs) for _ in range(repeats)]  # type: ignore[arg-type]
    mv = [_move_run(table, moves) for _ in range(repeats)]
    return {
        "los_query_us": statistics.median(m for m, _ in los),
        "move_legality_ms": statistics.median(m for m, _, _ in mv),
        "los_query_mean_us": statistics.median(a for _, a in los),
        "move_legality_mean_ms": statistics.median(a for _, a, _ in mv),
        "move_legality_p90_ms": statistics.median(p for _, _, p in mv),
    }


if __name__ == "__main__":
    for k, v in run().items():
        print(f"{k}: {v:.2f}")
