"""Memory flat (issue 46): the soak's RSS check, and the soak's set-up memo stays bounded."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.sim import memory, soak
from skirmish.sim.memory import MemoryWatch, growth, rss_bytes


def test_growth_compares_the_middle_with_the_end() -> None:
    assert growth([]) == 0.0 and growth([100]) == 0.0
    # warm-up in the first half does not count; the last half is flat
    assert growth([50, 90, 100, 100, 101]) == pytest.approx(0.01)
    assert growth([100, 100, 100, 110, 120]) == pytest.approx(0.2)
    assert growth([100, 120, 110, 100]) == pytest.approx(-20 / 120)


def test_the_watch_names_the_growth_only_past_the_bound() -> None:
    flat = MemoryWatch([60 << 20, 80 << 20, 80 << 20, 82 << 20])
    assert flat.problem(5) == ""
    assert flat.to_json() == {"rss_mb": {"start": 60.0, "middle": 80.0, "end": 82.0,
                                         "peak": 82.0}, "rss_growth_last_half_pct": 2.5}
    growing = MemoryWatch([60 << 20, 70 << 20, 80 << 20, 90 << 20])
    line = growing.problem(5)
    assert "RSS grew 28.6 % over the last half of 4 matches" in line
    assert "70.0 MB to 90.0 MB" in line and "\n" not in line
    assert rss_bytes() > 1 << 20


def test_the_command_records_memory_and_fails_on_growth(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    out = tmp_path / "soak.json"
    args = ["soak", "--matches", "2", "--pairings", "Jokers:Bamaka", "--quiet",
            "--record-every", "0", "--json", str(out)]
    result = runner.invoke(app, [*args, "--max-rss-growth", "1000"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert set(data["rss_mb"]) == {"start", "middle", "end", "peak"}
    assert "rss_growth_last_half_pct" in data and "memory (RSS)" in result.output
    sizes = itertools.count(100 << 20, 50 << 20)  # injected: 100 MB, then 150 MB
    monkeypatch.setattr(memory, "rss_bytes", lambda: next(sizes))
    result = runner.invoke(app, [*args, "--max-rss-growth", "5"])
    assert result.exit_code == 1
    assert "memory: RSS grew 50.0 % over the last half of 2 matches" in result.output
    assert json.loads(out.read_text())["rss_growth_last_half_pct"] == 50.0
    bad = runner.invoke(app, [*args, "--max-rss-growth", "5", "--workers", "2"])
    assert bad.exit_code == 2 and "--max-rss-growth plays in this process" in bad.output


def test_the_soak_set_up_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "_SETUPS", {})
    monkeypatch.setattr(soak, "SETUPS_KEPT", 3)
    first = soak._setup(("Jokers", "Bamaka"), 5, "eden", 0)
    for cycle in range(8):
        soak._setup(("Jokers", "Bamaka"), 5, "eden", cycle)
        assert len(soak._SETUPS) == 1  # another cycle's set-ups are dropped
    for pairing in [("Jokers", "Bamaka"), ("Bamaka", "Jokers"), ("Jokers", "Jokers"),
                    ("Bamaka", "Bamaka")]:
        soak._setup(pairing, 5, "eden", 7)
        assert len(soak._SETUPS) <= 3  # and never more than the bound
    assert soak._setup(("Jokers", "Bamaka"), 5, "eden", 7) is soak._setup(
        ("Jokers", "Bamaka"), 5, "eden", 7)  # still a memo for the current cycle
    assert soak._setup(("Jokers", "Bamaka"), 5, "eden", 0) == first


def test_one_cycle_of_set_ups_fits_the_real_bound() -> None:
    for game in ("eden", "masseffect"):
        assert len(soak.library_pairings("all", game)) <= soak.SETUPS_KEPT // 2


def test_interleave_spreads_each_games_matches_over_the_run() -> None:
    from skirmish.sim.soak_mixed import interleave

    order = interleave([6, 2])
    assert sorted(order) == [(0, i) for i in range(6)] + [(1, 0), (1, 1)]
    assert order.index((1, 0)) in (1, 2) and order.index((1, 1)) in (5, 6)
    for game in (0, 1):  # each game's matches in their own order
        mine = [i for k, i in order if k == game]
        assert mine == sorted(mine)
    # the second game is loaded in the first half, not at the end as played one after the other
    assert order.index((1, 0)) < len(order) // 2


def test_soak_with_another_game_plays_both_in_one_process(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "mixed.json"
    args = ["soak", "--matches", "4", "--pairings", "Jokers:Bamaka", "--quiet",
            "--record-every", "2", "--json", str(out)]
    result = runner.invoke(app, [*args, "--with", "masseffect:2", "--max-rss-growth", "1000"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["interleaved"] is True and "rss_growth_last_half_pct" in data
    assert {g: (d["matches"], d["invariant_breaks"], d["errors"])
            for g, d in data["games"].items()} == {"eden": (4, 0, 0), "masseffect": (2, 0, 0)}
    assert data["games"]["masseffect"]["records_checked"] == 1
    for bad, says in ((["--with", "masseffect"], "--with takes GAME:MATCHES"),
                      (["--with", "chess:3"], "unknown game 'chess'"),
                      (["--with", "masseffect:0"], "between 1 and 10,000,000"),
                      (["--with", "eden:3"], "the soak's own game"),
                      (["--with", "masseffect:2", "--workers", "2"], "plays both games")):
        refused = runner.invoke(app, [*args, *bad])
        assert refused.exit_code == 2 and says in refused.output, (bad, refused.output)
