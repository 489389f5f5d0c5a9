from __future__ import annotations

import math

import pytest

from skirmish.geometry.shapes import Base
from skirmish.geometry.table import Field
from skirmish.geometry.templates import (
    DEFAULT_BLAST,
    DEFAULT_EXPLOSION,
    BlastTemplate,
    blast_angles,
    blast_covers,
    blast_discs,
    blast_options,
    explosion_covers,
    nearest_base,
)
from skirmish.geometry.zones import ambush_zone, confrontation_zone


def test_template_defaults() -> None:
    assert DEFAULT_EXPLOSION.diameter == 7.5
    assert (DEFAULT_BLAST.length, DEFAULT_BLAST.narrow_width, DEFAULT_BLAST.wide_width) == (
        20.0,
        2.0,
        8.0,
    )


def test_explosion_covers_partly_covered_bases_only() -> None:
    bases = [
        Base(0, 0, 1.5, "in"),
        Base(5.2, 0, 1.5, "edge"),
        Base(5.3, 0, 1.5, "touch"),
        Base(10, 0, 1.5, "out"),
    ]
    ids = [b.id for b in explosion_covers((0, 0), bases)]
    assert ids == ["in", "edge"]  # 3.75 + 1.5 = 5.25: touching is not covering


def test_blast_narrow_end_touches_attacker_and_reaches_length() -> None:
    att = Base(10, 10, 1.5, "a")
    (nx, ny, nr), (wx, _wy, wr) = blast_discs(att, 0.0)
    assert math.hypot(nx - att.x, ny - att.y) - nr == pytest.approx(att.radius)  # contact
    assert wx + wr - (att.x + att.radius) == pytest.approx(20.0)
    far = Base(10 + 1.5 + 20 + 1.4, 10, 1.5, "far")
    assert [b.id for b in blast_covers(att, 0.0, [att, far])] == ["far"]
    assert blast_covers(att, math.pi, [att, far]) == []


def test_blast_angles_interval_keeps_nearest_covered() -> None:
    att = Base(10, 10, 1.5, "a")
    near = Base(20, 10, 1.5, "n")
    other = Base(20, 15, 1.5, "o")
    lo, hi = blast_angles(att, near) or (0.0, 0.0)
    assert lo < 0.0 < hi
    assert near in blast_covers(att, lo + 1e-6, [near])
    assert near not in blast_covers(att, hi + 1e-3, [near])
    opts = blast_options(att, near, [att, near, other])
    assert all("n" in o.covered for o in opts)
    assert any("o" in o.covered for o in opts)  # rotating brings the second enemy in
    assert blast_angles(att, Base(50, 10, 1.5)) is None


def test_nearest_base_edge_to_edge() -> None:
    att = Base(0, 0, 1.5, "a")
    small = Base(5.1, 0, 1.5, "s")  # edge gap 2.1
    big = Base(0, 5.4, 2.0, "b")  # edge gap 1.9
    assert nearest_base(att, [att, small, big]) == big


def test_bad_blast_template() -> None:
    with pytest.raises(ValueError):
        BlastTemplate(length=20, narrow_width=9, wide_width=8)


F = Field(60, 60)


def test_confrontation_zone() -> None:
    z = confrontation_zone(F, "south")
    assert z.contains(Base(30, 8.5, 1.5))  # edge exactly at 10 cm = 20 cm from the line
    assert not z.contains(Base(30, 8.6, 1.5))
    assert not z.contains(Base(30, 1.0, 1.5))  # off the field
    zn = confrontation_zone(F, "north")
    assert zn.contains(Base(30, 55, 2.0)) and not zn.contains(Base(30, 5, 2.0))


def test_ambush_zone_measures_from_the_field_centre_per_the_french_text() -> None:
    z = ambush_zone(F, "south")
    assert z.centre() == (30, 30)
    assert z.contains(Base(30, 8.5, 1.5))
    assert not z.contains(Base(30, 9.0, 1.5))
    assert z.contains(Base(5, 25, 1.5))  # far to the side of the centre, near the line
    english = ambush_zone(F, "south", centre="half")
    assert english.centre() == (30, 15)
    assert not english.contains(Base(30, 8.5, 1.5))
    assert english.contains(Base(3, 3, 1.5))


@pytest.mark.parametrize("kind", ["confrontation", "ambush"])
def test_zone_sampling_is_deterministic_and_valid(kind: str) -> None:
    z = confrontation_zone(F, "west") if kind == "confrontation" else ambush_zone(F, "east")
    pts = z.sample_points(20, 2.0, seed=4)
    assert pts == z.sample_points(20, 2.0, seed=4) and len(pts) == 20
    assert all(z.contains(Base(p.x, p.y, 2.0)) for p in pts)
