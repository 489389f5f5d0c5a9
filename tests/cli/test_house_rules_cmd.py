"""``skirmish house-rules`` and ``--house-rules`` / ``--house-rules-file`` (issue 47)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.core.record import Record

runner = CliRunner()
EDEN_OPTIONS = ["eden-npf-prowl", "eden-storm-charge", "eden-tied-bid", "eden-fear-burn",
                "eden-redirection", "eden-scenery-ranged", "eden-npf-burn-score",
                "eden-infestation-roll", "eden-scenery-no-room"]


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def test_the_listing_names_each_option_its_question_readings_and_default() -> None:
    result = run("house-rules", "eden")
    assert result.exit_code == 0, result.output
    assert "eden-npf-prowl: How far does a prowling NPF move?" in result.output
    # issue 47: the literal reading is the default (the engine's former one, up-to, is not)
    assert "exactly [default, literal]: exactly 5 cm" in result.output
    assert "    up-to: up to 5 cm" in result.output
    rows = json.loads(run("house-rules", "--json").output)
    assert {r["name"] for r in rows["eden"]} == set(EDEN_OPTIONS)
    assert [r["name"] for r in rows["masseffect"]] == [
        "me-rear-counter-charge", "me-natural-rolls", "me-eliminate-points",
        "me-protection-uses", "me-bare-hands", "me-melee-weapon",
        "me-brushing-past", "me-climbing", "me-armour", "me-melee-damage",
        "me-counter-charge-window", "me-counter-charge-roll"]


def test_check_a_file_good_and_bad_in_one_line_exit_2(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("game: eden\nhouse_rules:\n  eden-npf-prowl: up-to\n")
    result = run("house-rules", "check", str(good))
    assert result.exit_code == 0, result.output
    assert "a valid house-rule set for eden: eden-npf-prowl=up-to" in result.output
    for text, message in (
        ("game: eden\nhouse_rules:\n  eden-npf-prowl: far\n",
         "house_rules.eden-npf-prowl: unknown reading 'far' (known: up-to, exactly)"),
        ("game: eden\nhouse_rules:\n  eden-nope: x\n", "unknown house rule 'eden-nope'"),
        ("game: eden\nrules: {}\n", "unknown key 'rules' (known: game, house_rules)"),
        ("game: [\n", "not YAML"),
    ):
        bad = tmp_path / "bad.yaml"
        bad.write_text(text)
        result = run("house-rules", "check", str(bad))
        assert result.exit_code == 2, result.output
        assert message in result.output and str(bad) in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_simulate_plays_the_options_and_writes_them_in_the_records(tmp_path: Path) -> None:
    rules = tmp_path / "table.yaml"
    rules.write_text("game: eden\nhouse_rules:\n  eden-storm-charge: charge-too\n")
    out, logs = tmp_path / "report.json", tmp_path / "logs"
    result = run("simulate", "--games", "2", "--rounds", "1", "--quiet", "--workers", "1",
                 "--house-rules", "eden-npf-prowl=up-to", "--house-rules-file", str(rules),
                 "--json", str(out), "--log-dir", str(logs))
    assert result.exit_code == 0, result.output
    assert "house rules: eden-npf-prowl=up-to, eden-storm-charge=charge-too" in result.output
    chosen = {"eden-storm-charge": "charge-too", "eden-npf-prowl": "up-to"}
    assert json.loads(out.read_text())["house_rules"] == chosen
    record = Record.from_jsonl(next(logs.glob("*.jsonl")).read_text())
    assert record.header["setup"]["house_rules"] == chosen
    bad = run("simulate", "--games", "2", "--quiet", "--house-rules", "eden-npf-prowl")
    assert bad.exit_code == 2
    assert "--house-rules 'eden-npf-prowl': expected name=reading" in bad.output


def test_demo_and_play_take_the_options_a_game_without_them_refuses(tmp_path: Path) -> None:
    record = tmp_path / "demo.jsonl"
    result = run("demo", "--seed", "3", "--rounds", "1", "--brief", "--record", str(record),
                 "--house-rules", "eden-npf-prowl=up-to")
    assert result.exit_code == 0, result.output
    assert "house rules: eden-npf-prowl=up-to" in result.output
    header = Record.from_jsonl(record.read_text()).header
    assert header["setup"]["house_rules"] == {"eden-npf-prowl": "up-to"}
    result = runner.invoke(app, ["play", "--seed", "1", "--house-rules",
                                 "eden-storm-charge=charge-too"], input="quit\n")
    assert "house rules: eden-storm-charge=charge-too" in result.output
    result = run("demo", "--game", "masseffect", "--house-rules", "eden-npf-prowl=up-to")
    assert result.exit_code == 2
    assert ("unknown house rule 'eden-npf-prowl' (known: me-rear-counter-charge, "
            "me-natural-rolls, me-eliminate-points, me-protection-uses, me-bare-hands, "
            "me-melee-weapon, me-brushing-past, me-climbing, me-armour, me-melee-damage, "
            "me-counter-charge-window, me-counter-charge-roll)"
            ) in result.output


def test_soak_plays_random_house_rule_combinations_without_a_break(tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    result = run("soak", "--matches", "6", "--workers", "1", "--quiet", "--record-every", "1",
                 "--rules", "infestation:3,climate:3", "--house-rules", "random",
                 "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "house rules: a random reading of every option, each match" in result.output
    summary = json.loads(out.read_text())
    assert summary["spec"]["house_rules"] == "random"
    assert "records re-played: 6 (0 problems)" in result.output
    bad = run("soak", "--matches", "2", "--quiet", "--house-rules", "eden-tied-bid=maybe")
    assert bad.exit_code == 2
    assert "eden-tied-bid: unknown reading 'maybe' (known: first, chooses)" in bad.output


def test_replay_verify_reads_the_options_from_the_header(tmp_path: Path) -> None:
    record = tmp_path / "demo.jsonl"
    made = run("demo", "--seed", "4", "--rounds", "1", "--brief", "--record", str(record),
               "--rules", "infestation:3", "--house-rules",
               "eden-npf-prowl=up-to,eden-redirection=anyone-touching")
    assert made.exit_code == 0, made.output
    result = run("replay", str(record), "--verify")
    assert result.exit_code == 0, result.output
    assert "verified: every line matches the re-play" in result.output
    assert "house rules: eden-npf-prowl=up-to, eden-redirection=anyone-touching" in \
        result.output


def test_a_saved_set_reads_back_and_checks(tmp_path: Path) -> None:
    from skirmish.core.house_rules import read_file, write_file

    path = tmp_path / "our-table.yaml"
    write_file(path, "eden", {"eden-tied-bid": "chooses"})
    assert read_file(path) == ("eden", {"eden-tied-bid": "chooses"})
    result = run("house-rules", "check", str(path))
    assert result.exit_code == 0 and "eden-tied-bid=chooses" in result.output
