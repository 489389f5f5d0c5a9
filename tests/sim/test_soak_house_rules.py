"""``skirmish soak --house-rules random`` (issue 47): each match draws its own reading of
every option of the game, from its seed alone; the match plays it, its record's header
carries it (the record re-plays under it) and a problem's example names it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skirmish.core.house_rules import house_rules_of
from skirmish.sim import soak
from skirmish.sim.soak import SoakReport, SoakSpec, _house_rules, library_pairings, soak_one


def _spec(matches: int = 4, game: str = "eden") -> SoakSpec:
    return SoakSpec(matches, library_pairings("factions", game), max_rounds=1, game=game,
                    house_rules="random", record_every=1)


def test_each_match_draws_every_option_and_all_readings_come_up() -> None:
    spec = _spec()
    rules = house_rules_of("eden")
    draws = [_house_rules(spec, seed) for seed in range(60)]
    assert all(set(d) == {r.name for r in rules} for d in draws)  # every option, each match
    for rule in rules:  # and every reading of each comes up
        assert {d[rule.name] for d in draws} == set(rule.names())
    assert _house_rules(spec, 7) == _house_rules(spec, 7)  # a pure function of the seed
    assert len({json.dumps(d, sort_keys=True) for d in draws}) > 10  # combinations vary


def test_the_match_plays_its_draw_and_its_record_carries_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    headers: list[dict[str, Any]] = []
    real = soak.verify

    def watched(record: Any) -> Any:
        headers.append(record.header)
        return real(record)

    monkeypatch.setattr(soak, "verify", watched)
    spec = _spec()
    for index in range(3):
        result = soak_one(spec, index)
        assert not result.error and not result.invariant_breaks and not result.record_problem
        assert result.record_checked
        assert dict(result.house_rules) == _house_rules(spec, result.seed)
        assert headers[-1]["setup"]["house_rules"] == dict(result.house_rules)


def test_a_problem_example_names_the_draw() -> None:
    report = SoakReport()
    report.add(soak.MatchResult(3, 99, ("A", "B"), 5, (), "boom",
                                house_rules=(("eden-tied-bid", "chooses"),)))
    assert report.examples[0]["house_rules"] == {"eden-tied-bid": "chooses"}
    lines = soak.describe(report, _spec())
    assert any("eden-tied-bid=chooses): boom" in line for line in lines)


def test_mass_effect_soaks_with_random_readings_too() -> None:
    # ME:A has options since issue 47's ME:A part: a random draw reads every one of them
    from skirmish.games.masseffect.house_rules import HOUSE_RULES

    spec = _spec(game="masseffect")
    result = soak_one(spec, 0)
    assert not result.error
    assert [name for name, _ in result.house_rules] == [r.name for r in HOUSE_RULES]


def test_make_soak_plays_1000_random_combinations_per_game() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    target = makefile[makefile.index("\nsoak:"):]
    target = target[:target.index("\n\n")]
    flat = target.replace("\\\n", " ")
    lines = [" ".join(line.split()) for line in flat.splitlines()]
    eden = [x for x in lines if "--house-rules random" in x and "--game" not in x]
    others = [x for x in lines if "--house-rules random" in x and "--game masseffect" in x]
    assert eden and "--matches 1000" in eden[0]
    assert others and "--matches 1000" in others[0]


def test_the_summary_counts_the_readings_played(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    out = tmp_path / "soak.json"
    result = CliRunner().invoke(app, ["soak", "--matches", "8", "--workers", "1", "--quiet",
                                      "--house-rules", "random", "--json", str(out)])
    assert result.exit_code == 0, result.output
    played = json.loads(out.read_text())["house_rules_played"]
    assert set(played) == {r.name for r in house_rules_of("eden")}
    assert all(sum(counts.values()) == 8 for counts in played.values())
    assert "readings played: eden-" in result.output
