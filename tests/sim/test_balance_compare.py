"""Card prices under two ways of playing (issue 49): two balance reports side by side, and
which prices move beyond their intervals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.sim.balance_compare import compare_reports, comparison_lines


def _report(agents: list[str], cards: list[tuple[str, float, float | None, float | None]],
            budget: int = 100) -> dict[str, Any]:
    return {"balance": 1, "game": "eden", "budget": budget, "agents": agents,
            "cards": [{"kind": "fighter", "name": n, "printed": 20, "suggested": s,
                       "interval": [lo, hi]} for n, s, lo, hi in cards]}


def test_a_price_moves_when_the_intervals_do_not_overlap() -> None:
    first = _report(["heuristic", "heuristic"], [("A", 20, 15, 25), ("B", 20, 15, 25),
                                                 ("C", 20, None, 25)])
    second = _report(["mcts:expert", "mcts:expert"], [("A", 31, 26, 36), ("B", 24, 19, 29),
                                                      ("C", 40, 30, None)])
    rows = {r.name: r for r in compare_reports(first, second)}
    assert rows["A"].moves and rows["A"].change == 11
    assert not rows["B"].moves  # 15-25 and 19-29 overlap
    assert rows["C"].moves  # -inf to 25 and 30 to +inf
    lines = comparison_lines(first, second, list(rows.values()))
    assert "heuristic,heuristic vs mcts:expert,mcts:expert" in lines[0]
    assert lines[-1] == "2 price(s) move: A, C."


def test_reports_of_other_cards_or_budgets_are_refused_by_name() -> None:
    one = _report(["a", "a"], [("A", 20, 15, 25)])
    with pytest.raises(ValueError, match="differ in budget"):
        compare_reports(one, _report(["b", "b"], [("A", 20, 15, 25)], budget=80))
    with pytest.raises(ValueError, match=r"other cards .*fighter:B"):
        compare_reports(one, _report(["b", "b"], [("B", 20, 15, 25)]))


def test_the_command_compares_two_reports_or_a_run_with_one(tmp_path: Path) -> None:
    runner = CliRunner()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_report(["h", "h"], [("A", 20, 15, 25)])))
    b.write_text(json.dumps(_report(["x", "x"], [("A", 31, 26, 36)])))
    out = tmp_path / "c.json"
    result = runner.invoke(app, ["balance", "--compare", str(a), "--compare", str(b),
                                 "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "MOVES" in result.output
    assert json.loads(out.read_text())["moves"] == ["A"]
    bad = runner.invoke(app, ["balance", "--compare", str(tmp_path / "none.json"),
                              "--compare", str(b)])
    assert bad.exit_code == 2 and "--compare" in bad.output
    # a run compared with an earlier report: the comparison in the new report
    first, second = tmp_path / "r1.json", tmp_path / "r2.json"
    common = ["balance", "--game", "eden", "--games", "24", "--rounds", "1", "--bootstrap",
              "20", "--workers", "1", "--quiet"]
    assert runner.invoke(app, [*common, "--agents", "random,random", "--json",
                               str(first)]).exit_code == 0
    run = runner.invoke(app, [*common, "--agents", "heuristic,heuristic", "--json",
                              str(second), "--compare", str(first)])
    assert run.exit_code == 0, run.output
    compared = json.loads(second.read_text())["compared"]
    assert compared["agents"] == [["random", "random"], ["heuristic", "heuristic"]]
    assert len(compared["cards"]) == len(json.loads(first.read_text())["cards"])
