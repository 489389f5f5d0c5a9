"""sim.memory: the RSS read over many matches, and its growth over the last half."""

from __future__ import annotations

import itertools

import pytest

from skirmish.sim.memory import MemoryReport, growth_over_last_half, memory_soak, rss_mb


def test_growth_is_measured_from_the_middle_sample_to_the_last() -> None:
    assert growth_over_last_half([50.0, 80.0, 100.0, 100.0, 104.0]) == pytest.approx(0.04)
    assert growth_over_last_half([50.0, 100.0, 100.0, 106.0]) == pytest.approx(0.06)
    assert growth_over_last_half([100.0]) == 0.0


def test_a_report_is_flat_within_five_percent_and_without_problems() -> None:
    assert MemoryReport([60.0, 100.0, 104.0], [1, 2, 3]).flat()
    assert not MemoryReport([60.0, 100.0, 106.0], [1, 2, 3]).flat()
    assert not MemoryReport([100.0, 100.0], [1, 2], ["eden match 3: boom"]).flat()


def test_a_memory_soak_samples_every_few_matches_and_at_the_end() -> None:
    fake = itertools.count(100.0)
    report = memory_soak([("eden", 3), ("masseffect", 2)], every=2,
                         sample=lambda: float(next(fake)))
    assert report.after == [2, 4, 5] and report.samples == [100.0, 101.0, 102.0]
    assert report.problems == []
    assert report.to_json()["growth_over_last_half"] == pytest.approx(0.0099, abs=1e-4)
    assert rss_mb() > 1.0


def test_the_soaks_set_ups_are_bounded() -> None:
    # Issue 46: a set-up per pairing and cycle was kept for ever (2,000 matches grew a
    # process by some 90 MB); the oldest now go past SETUPS_KEPT.
    from skirmish.sim import soak

    soak._SETUPS.clear()
    pairing = soak.library_pairings("factions", "eden")[0]
    for cycle in range(soak.SETUPS_KEPT + 5):
        soak._setup(pairing, 1, "eden", cycle)
    assert len(soak._SETUPS) == soak.SETUPS_KEPT
