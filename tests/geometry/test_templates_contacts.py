"""The blast template's contact intervals (:func:`skirmish.geometry.templates.blast_contacts`)
answer each contact angle from the template's own frame when the answer is clear and with
the exact coverage test otherwise: the scan and the bisections must visit the same angles
and get the same answers as the exact test alone, to the last bit. The reference below is
that scan, written with the exact test only."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry.shapes import Base
from skirmish.geometry.templates import (
    DEFAULT_BLAST,
    BlastTemplate,
    _blast_contacts,
    _covers,
    _turn,
    blast_discs,
    blast_pivot_limit,
)

TEMPLATES = (DEFAULT_BLAST, BlastTemplate(15.0, 3.0, 6.0), BlastTemplate(10.0, 4.0, 8.0),
             BlastTemplate(12.0, 4.0, 4.0), BlastTemplate(6.0, 2.0, 7.0))


def exact_contacts(attacker: Base, target: Base, template: BlastTemplate,
                   step: float = math.radians(3.0)) -> list[tuple[float, float]]:
    """The scan every ``step`` and the bisections of each end, the exact test at every
    angle (the axis turned as near the target as the pivot allows)."""
    limit = blast_pivot_limit(template)

    def reaches(angle: float) -> bool:
        (nx, ny, _), _ = blast_discs(attacker, angle, template)
        toward = _turn(math.atan2(target.y - ny, target.x - nx) - angle)
        return _covers(attacker, angle, target, template,
                       angle + max(-limit, min(limit, toward)))

    start = math.atan2(target.y - attacker.y, target.x - attacker.x) + math.pi
    n = max(8, math.ceil(2 * math.pi / step))

    def at(k: float) -> float:
        return start + 2 * math.pi * k / n

    flags = [reaches(at(k)) for k in range(n)]
    if all(flags):
        return [(at(0), at(n))]
    if not any(flags):
        return []

    def edge(inside: float, outside: float) -> float:
        for _ in range(44):
            mid = (inside + outside) / 2
            if reaches(at(mid)):
                inside = mid
            else:
                outside = mid
        return at(inside)

    first = flags.index(False)
    out: list[tuple[float, float]] = []
    k = first
    while k < first + n:
        if not flags[k % n]:
            k += 1
            continue
        begin = k
        while k < first + n and flags[k % n]:
            k += 1
        lo, hi = edge(begin, begin - 1), edge(k - 1, k)
        shift = 2 * math.pi * math.floor((lo + math.pi) / (2 * math.pi))
        out.append((lo - shift, hi - shift))
    return sorted(out)


@pytest.mark.parametrize("seed", range(4))
def test_contacts_are_the_exact_scans_to_the_last_bit(seed: int) -> None:
    rng = random.Random(seed)
    reached = 0
    for _ in range(150):
        attacker = Base(rng.uniform(0, 120), rng.uniform(0, 120), rng.choice((1.25, 1.5, 2.5)),
                        "a")
        reach, turn = rng.uniform(0, 35), rng.uniform(-math.pi, math.pi)
        target = Base(attacker.x + reach * math.cos(turn), attacker.y + reach * math.sin(turn),
                      rng.choice((0.5, 1.25, 1.5, 2.5, 4.0)), "t")
        template = rng.choice(TEMPLATES)
        got = _blast_contacts(attacker, target, template)
        assert got == exact_contacts(attacker, target, template)
        reached += bool(got)
    assert reached > 50  # most targets within reach: the bisections are exercised


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 40), st.floats(-math.pi, math.pi), st.sampled_from((1.0, 1.5, 2.5)),
       st.sampled_from(TEMPLATES))
def test_contacts_at_the_edge_of_reach_are_the_exact_ones(
        reach: float, turn: float, radius: float, template: BlastTemplate) -> None:
    """Targets about the template's length away, where the shortcuts must step aside."""
    attacker = Base(30.0, 30.0, 1.5, "a")
    far = attacker.radius + template.length + radius - reach / 20  # within 2 cm of the limit
    target = Base(30.0 + far * math.cos(turn), 30.0 + far * math.sin(turn), radius, "t")
    assert _blast_contacts(attacker, target, template) == exact_contacts(attacker, target,
                                                                        template)
