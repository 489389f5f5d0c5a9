"""``--house-rules`` / ``--house-rules-file`` on ``ladder``, ``balance`` and ``odds`` (issue
47): the readings reach every game (the set-ups, hence the records' headers) and the JSON
reports name them; a bad option is one line naming it, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.record import Record

runner = CliRunner()
BAD = ("eden-npf-prowl=far", "--house-rules.eden-npf-prowl: unknown reading 'far' "
                             "(known: up-to, exactly)")


def _one_line_exit_2(args: list[str], message: str, folder: Path) -> None:
    before = sorted(folder.rglob("*"))
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert sorted(folder.rglob("*")) == before  # nothing written


def test_ladder_plays_the_readings_and_its_report_names_them(tmp_path: Path) -> None:
    sets = tmp_path / "table.yaml"
    sets.write_text("game: eden\nhouse_rules:\n  eden-tied-bid: chooses\n")
    out = tmp_path / "ladder.json"
    result = runner.invoke(app, ["ladder", "--agents", "random,heuristic", "--games", "2",
                                 "--rounds", "1", "--quiet", "--workers", "1",
                                 "--no-history", "--json", str(out), "--house-rules",
                                 "eden-storm-charge=charge-too", "--house-rules-file",
                                 str(sets)])
    assert result.exit_code == 0, result.output
    chosen = {"eden-tied-bid": "chooses", "eden-storm-charge": "charge-too"}
    assert "house rules: eden-storm-charge=charge-too, eden-tied-bid=chooses" in result.output
    report = json.loads(out.read_text())
    assert report["house_rules"] == chosen
    # a run under other readings does not pair with it (not the same games)
    from skirmish.sim.ladder_paired import check_comparable

    with pytest.raises(ValueError, match="its house rules differs"):
        check_comparable(report, {k: v for k, v in report.items() if k != "house_rules"})
    history = tmp_path / "history.jsonl"
    _one_line_exit_2(["ladder", "--agents", "random,heuristic", "--games", "2",
                      "--history", str(history), "--json", str(tmp_path / "bad.json"),
                      "--house-rules", BAD[0]], BAD[1], tmp_path)


def test_the_ladder_deals_carry_the_readings() -> None:
    from skirmish.sim.ladder import LadderSpec, make_deals

    deals = make_deals("eden", games=4, rounds=1, house_rules={"eden-fear-burn": "forbidden"})
    assert all(d.setup["house_rules"] == {"eden-fear-burn": "forbidden"} for d in deals)
    spec = LadderSpec(("random", "heuristic"), 2, deals, game="eden", rounds=1)
    assert spec.to_json()["house_rules"] == {"eden-fear-burn": "forbidden"}
    assert "house_rules" not in LadderSpec(("random", "heuristic"), 2,
                                           make_deals("eden", games=2), game="eden").to_json()


def test_balance_plays_the_readings_in_every_record_and_names_them(tmp_path: Path) -> None:
    out, logs = tmp_path / "balance.json", tmp_path / "logs"
    result = runner.invoke(app, ["balance", "--games", "4", "--agents", "random,random",
                                 "--rounds", "1", "--bootstrap", "20", "--quiet",
                                 "--workers", "1", "--json", str(out), "--log-dir", str(logs),
                                 "--house-rules", "eden-tied-bid=chooses"])
    assert result.exit_code == 0, result.output
    assert "house rules: eden-tied-bid=chooses" in result.output
    assert json.loads(out.read_text())["house_rules"] == {"eden-tied-bid": "chooses"}
    records = sorted((logs / "fit-0").glob("game-*.jsonl"))
    assert len(records) == 4
    for path in records:
        header = Record.from_jsonl(path.read_text()).header
        assert header["setup"]["house_rules"] == {"eden-tied-bid": "chooses"}
    _one_line_exit_2(["balance", "--games", "4", "--json", str(tmp_path / "bad.json"),
                      "--log-dir", str(tmp_path / "bad-logs"), "--house-rules", BAD[0]],
                     BAD[1], tmp_path)


def test_the_balancer_specs_carry_the_readings_and_a_change_of_them_plays_again() -> None:
    from dataclasses import replace

    from skirmish.sim.balance import BalanceGame, BalanceSpec, TableSpec, carry_over
    from skirmish.sim.balance_troops import armoury_for

    armoury = armoury_for("eden")
    rules = (("eden-storm-charge", "charge-too"),)
    spec = BalanceSpec(armoury, 100, 3, ("random", "random"), 1, "", rules, games=4)
    table = TableSpec(armoury, 100, 3, ("random", "random"), 1, "", rules, troops=2,
                      games=2)
    for batch in (spec, table):
        assert batch.setup(0)["house_rules"] == {"eden-storm-charge": "charge-too"}
        assert batch.description()["house_rules"] == {"eden-storm-charge": "charge-too"}
    plain = replace(spec, house_rules=())
    assert "house_rules" not in plain.setup(0) and "house_rules" not in plain.description()
    games = [BalanceGame(i, 1.0, (1, 0), 1, 10) for i in range(4)]
    assert carry_over(spec, games, spec) and not carry_over(spec, games, plain)


def _captured(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    seen: list[Any] = []

    def capture(cards: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(cards)
        raise SystemExit(0)

    monkeypatch.setattr(module, name, capture)
    return seen


def test_odds_pass_the_readings_to_the_games_odds(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    from skirmish.games.eden.cli.odds import common, single, templates

    # the entry point: the odds' set-up holds the readings, and the duel game plays them
    cards = common.load_setup(None, None, {"eden-fear-burn": "forbidden"})
    assert cards["house_rules"] == {"eden-fear-burn": "forbidden"}
    assert "house_rules" not in common.load_setup(None, None)
    game = common.duel_game(cards, [])
    assert game.setup["house_rules"] == {"eden-fear-burn": "forbidden"}
    assert game.state.catalogue.house_rules == {"eden-fear-burn": "forbidden"}
    # every command threads them down
    sets = tmp_path / "ours.yaml"
    sets.write_text("game: eden\nhouse_rules:\n  eden-redirection: anyone-touching\n")
    for args, module, name in (
            (["melee", "--attacker", "Vladd", "--target", "Abama"], single, "melee_of"),
            (["charge", "--attacker", "Vladd", "--target", "Abama"], single, "charge_of"),
            (["shoot", "--attacker", "Vladd", "--target", "Abama"], single, "shooting_of"),
            (["throw", "--attacker", "Vladd", "--target", "Abama"], templates, "throw_of")):
        seen = _captured(monkeypatch, module, name)
        result = runner.invoke(app, ["odds", *args, "--house-rules",
                                     "eden-fear-burn=forbidden", "--house-rules-file",
                                     str(sets)])
        assert result.exit_code == 0, (args, result.output)
        assert seen[0]["house_rules"] == {"eden-redirection": "anyone-touching",
                                          "eden-fear-burn": "forbidden"}, args


@pytest.mark.parametrize("args", [
    ["odds", "melee", "--attacker", "Vladd", "--target", "Abama"],
    ["odds", "burn", "--fighter", "Vladd"],
    ["odds", "compare", "--attacker", "Vladd", "--target", "Tarar"],
])
def test_a_bad_reading_on_odds_is_one_line_exit_2(args: list[str], tmp_path: Path) -> None:
    chart = tmp_path / "chart.png"
    _one_line_exit_2([*args, "--chart", str(chart), "--house-rules", BAD[0]], BAD[1],
                     tmp_path)


def test_mass_effect_odds_take_the_option_and_refuse_an_unknown_one(tmp_path: Path) -> None:
    shot = ["odds", "shoot", "--game", "masseffect", "Mercenaire vétéran", "Fusil mitrailleur",
            "Soldat de l'Alliance"]
    plain = runner.invoke(app, [*shot, "--json"])
    assert plain.exit_code == 0, plain.output
    assert "house_rules" not in json.loads(plain.output)  # no options: the defaults
    _one_line_exit_2([*shot, "--house-rules", "eden-npf-prowl=exactly"],
                     "unknown house rule 'eden-npf-prowl'", tmp_path)
    _one_line_exit_2(["odds", "melee", "--game", "masseffect", "Mercenaire vétéran",
                      "Soldat de l'Alliance", "--house-rules", "eden-npf-prowl=exactly"],
                     "unknown house rule 'eden-npf-prowl'", tmp_path)


def test_the_matchup_table_names_the_readings(tmp_path: Path) -> None:
    out = tmp_path / "matchup.json"
    result = runner.invoke(app, ["matchup", "--troops", "Jokers,Bamaka", "--games", "2",
                                 "--rounds", "1", "--agents", "random", "--quiet",
                                 "--workers", "1", "--json", str(out),
                                 "--house-rules", "eden-storm-charge=charge-too"])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["house_rules"] == {"eden-storm-charge": "charge-too"}
