"""``skirmish balance`` from the command line: the report files, the same bytes for any
number of workers and after ``--resume``, Mass Effect: Annihilation, ``--what-if``,
``--iterate``, and errors that name the option. Small batches of random games: these tests
check the plumbing; the method is tested in tests/sim/test_balance_fit.py and
tests/sim/test_balance_planted.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.games.eden.content import load_library

runner = CliRunner()
SMALL = ["balance", "--games", "24", "--agents", "random,random", "--rounds", "1",
         "--bootstrap", "20", "--seed", "4"]


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_the_report_files_and_the_same_bytes_for_any_workers(tmp_path: Path) -> None:
    outputs = {}
    for workers in ("1", "2"):
        folder = tmp_path / workers
        folder.mkdir()  # issue 46: an output's folder must exist
        output = _run(*SMALL, "--workers", workers, "--json", str(folder / "r.json"),
                      "--png", str(folder / "r.png"), "--html", str(folder / "r.html"))
        outputs[workers] = {name: (folder / name).read_bytes()
                            for name in ("r.json", "r.png", "r.html")}
    assert outputs["1"] == outputs["2"]
    assert "What each card is worth" in output and "95% interval" in output
    data = json.loads(outputs["1"]["r.json"])
    fighters = load_library().fighters
    assert {c["name"] for c in data["cards"]} == set(fighters)
    card = data["cards"][0]
    assert set(card) >= {"printed", "suggested", "interval", "games", "win_rate_with",
                         "win_rate_without", "flag", "comes_with"}
    assert data["games"]["played"] == 24 and data["budget"] == 100
    assert "slope of the cards' effects on their printed costs" in data["method"]["conversion"]
    assert outputs["1"]["r.png"][:8] == b"\x89PNG\r\n\x1a\n"
    page = outputs["1"]["r.html"].decode()
    assert "What it says" in page and "data:image/png;base64," in page
    assert "Vladd" in page and "Flamethrower; Fury" in page


def test_resume_gives_the_same_report(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    _run(*SMALL, "--workers", "1", "--log-dir", str(logs), "--json", str(tmp_path / "a.json"))
    assert len(list((logs / "fit-0").glob("game-*.jsonl"))) == 24
    output = _run(*SMALL, "--workers", "1", "--log-dir", str(logs), "--resume",
                  "--json", str(tmp_path / "b.json"))
    assert "24 game(s) reused, 0 played" in output
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_mass_effect_bands_and_their_items(tmp_path: Path) -> None:
    out = tmp_path / "me.json"
    _run("balance", "--game", "masseffect", "--games", "8", "--agents", "random,random",
         "--bootstrap", "20", "--workers", "1", "--scenario", "escarmouche",
         "--json", str(out))
    data = json.loads(out.read_text())
    kinds = {c["kind"] for c in data["cards"]}
    assert kinds == {"profile", "item"} and data["budget"] == 30
    assert data["scenario"] == "Escarmouche"


def test_what_if_plays_the_table_with_and_without_the_change(tmp_path: Path) -> None:
    out, page = tmp_path / "w.json", tmp_path / "w.html"
    output = _run("balance", "--what-if", "vladd=25", "--table-troops", "3",
                  "--table-games", "2", "--agents", "random,random", "--rounds", "1",
                  "--bootstrap", "20", "--workers", "1", "--json", str(out),
                  "--html", str(page))
    assert "what if Vladd = 25" in output and "spread of the troop-vs-troop" in output
    what_if = json.loads(out.read_text())["what_if"]
    assert what_if["changes"] == {"Vladd": 25}
    assert set(what_if["spread"]) == {"before", "after", "change", "interval", "verdict"}
    group = what_if["troops_with_the_changed_cards"]
    assert group["troops"] == ["troop 2"] and len(group["interval"]) == 2
    assert "Vladd" in " ".join(what_if["troops"][1]["before"])
    assert "What if: Vladd = 25" in page.read_text()


def test_iterate_reprices_and_plays_again(tmp_path: Path) -> None:
    out = tmp_path / "i.json"
    output = _run(*SMALL, "--iterate", "1", "--reprice", "all", "--table-troops", "3",
                  "--table-games", "2", "--workers", "1", "--json", str(out))
    data = json.loads(out.read_text())
    rounds = data["iterate"]["rounds"]
    assert [r["round"] for r in rounds] == [0, 1] and rounds[1]["changed"]
    assert all(r["table"]["spread"] is not None for r in rounds)
    assert data["iterate"]["spread_change"]["verdict"] in ("shrank", "grew",
                                                           "no clear change")
    assert "round 1: balance" in output or "round 1" in output


@pytest.mark.parametrize(("args", "message"), [
    (["--what-if", "Nobody=3"], "no card 'Nobody'"),
    (["--what-if", "Vladd=cheap"], "--what-if: 'Vladd=cheap'"),
    (["--what-if", "Vladd=30"], "--what-if: the change leaves every card as it is"),
    (["--spread", "2"], "--spread: 0 to 1"),
    (["--budget", "500"], "--budget: 1 to 200"),
    (["--agents", "heuristic"], "--agents: two agents"),
    (["--iterate", "1", "--what-if", "Vladd=25"], "one at a time"),
    (["--game", "chess"], "--game: eden or masseffect"),
    (["--scenario", "Escarmouche"], "--scenario: Mass Effect"),
    (["--resume"], "--resume: reuses the games of --log-dir"),
    (["--backend", "cloud"], "--backend: local or ray"),
    (["--address", "auto"], "--address: only with --backend ray"),
])
def test_errors_name_the_option(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["balance", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_ctrl_c_reports_on_the_games_that_finished(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from skirmish.sim import balance

    play = balance.play_balance_game

    def interrupted(spec: balance.BalanceSpec, index: int) -> balance.BalanceGame:
        if index == 12:
            raise KeyboardInterrupt  # as Ctrl-C during game 12
        return play(spec, index)

    monkeypatch.setattr(balance, "play_balance_game", interrupted)
    out = tmp_path / "r.json"
    output = _run(*SMALL, "--workers", "1", "--json", str(out))
    assert "interrupted (Ctrl-C or SIGTERM): 12 of 24 games finished" in output
    data = json.loads(out.read_text())
    assert data["interrupted"] and data["games"]["played"] == 12
    assert data["games_planned"] == 24


def test_what_if_takes_a_changed_card_from_a_folder(tmp_path: Path) -> None:
    import yaml

    from skirmish.games.eden.cards.library import CONTENT_DIR

    data = yaml.safe_load((CONTENT_DIR / "jokers.yaml").read_text(encoding="utf-8"))
    vladd = next(f for f in data["fighters"] if f["name"] == "Vladd")
    vladd["equipment"] = ["Machete"]  # the same cost, another weapon
    data["fighters"] = [vladd]
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "vladd.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    out = tmp_path / "w.json"
    _run("balance", "--what-if", str(folder), "--table-troops", "2", "--table-games", "2",
         "--agents", "random,random", "--rounds", "1", "--bootstrap", "20", "--workers", "1",
         "--json", str(out))
    what_if = json.loads(out.read_text())["what_if"]
    assert what_if["changes"] == {"Vladd": 30}
    assert "Vladd" in " ".join(what_if["troops"][1]["after"])
