"""Card prices under two ways of playing (issue 49): two balance reports side by side.

``skirmish balance`` prices cards under the agents that play its games: under the heuristic
bot a card may look mispriced because the bot plays it badly. Two reports of the same cards,
budget and seed (say ``--agents heuristic,heuristic`` and ``--agents mcts:expert,mcts:expert``)
compared card by card: each card's suggested cost and 95% interval under each, the change,
and whether the price **moves** (the two intervals do not overlap: the way of playing changes
what the card is worth beyond the noise of either run) or may be the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PriceChange:
    """One card under the two reports: printed cost, suggestion and interval in each."""

    kind: str
    name: str
    printed: float
    first: float | None
    first_interval: tuple[float, float]
    second: float | None
    second_interval: tuple[float, float]

    @property
    def change(self) -> float | None:
        if self.first is None or self.second is None:
            return None
        return self.second - self.first

    @property
    def moves(self) -> bool:
        """The intervals do not overlap (a card without a suggestion in either never moves)."""
        if self.first is None or self.second is None:
            return False
        (a_low, a_high), (b_low, b_high) = self.first_interval, self.second_interval
        return a_high < b_low or b_high < a_low

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "printed": self.printed,
                "first": _num(self.first), "first_interval": [_num(v) for v in
                                                              self.first_interval],
                "second": _num(self.second), "second_interval": [_num(v) for v in
                                                                 self.second_interval],
                "change": _num(self.change), "moves": self.moves}


def _num(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else round(value, 2)


def _bound(value: Any, default: float) -> float:
    return default if value is None else float(value)


def _cards(report: Mapping[str, Any], which: str) -> dict[tuple[str, str], Mapping[str, Any]]:
    cards = report.get("cards")
    if not isinstance(cards, list):
        raise ValueError(f"--compare: the {which} report has no card prices (a balance "
                         "report written with --json, whose games were analysed)")
    return {(str(c["kind"]), str(c["name"])): c for c in cards}


def compare_reports(first: Mapping[str, Any], second: Mapping[str, Any]
                    ) -> list[PriceChange]:
    """The cards of both reports, in the first report's order; reports of another game,
    budget or set of cards are a ValueError naming what differs."""
    for key in ("game", "budget"):
        if first.get(key) != second.get(key):
            raise ValueError(f"--compare: the reports differ in {key} "
                             f"({first.get(key)!r} and {second.get(key)!r})")
    a, b = _cards(first, "first"), _cards(second, "second")
    if set(a) != set(b):
        missing = sorted(f"{kind}:{name}" for kind, name in set(a) ^ set(b))
        raise ValueError(f"--compare: the reports price other cards ({', '.join(missing[:5])})")
    rows = []
    for (kind, name), card in a.items():
        other = b[kind, name]
        low_a, high_a = card["interval"]
        low_b, high_b = other["interval"]
        rows.append(PriceChange(
            kind, name, float(card["printed"]),
            None if card["suggested"] is None else float(card["suggested"]),
            (_bound(low_a, -math.inf), _bound(high_a, math.inf)),
            None if other["suggested"] is None else float(other["suggested"]),
            (_bound(low_b, -math.inf), _bound(high_b, math.inf))))
    return rows


def comparison_lines(first: Mapping[str, Any], second: Mapping[str, Any],
                     rows: list[PriceChange]) -> list[str]:
    """The comparison in sentences and a table, for a person."""
    names = " vs ".join(",".join(r.get("agents", ())) or "?" for r in (first, second))
    lines = [f"Suggested costs under {names} ({len(rows)} cards; a price moves when its two "
             "95% intervals do not overlap):"]
    for row in rows:
        def text(value: float | None, interval: tuple[float, float]) -> str:
            if value is None:
                return "-"
            low, high = (_fmt(v) for v in interval)
            return f"{value:.1f} [{low}, {high}]"

        change = "" if row.change is None else f"{row.change:+.1f}"
        lines.append(f"  {row.name:<28} printed {row.printed:g}: "
                     f"{text(row.first, row.first_interval)} -> "
                     f"{text(row.second, row.second_interval)} {change}"
                     f"{'  MOVES' if row.moves else ''}")
    moved = [r.name for r in rows if r.moves]
    lines.append(f"{len(moved)} price(s) move: {', '.join(moved)}." if moved else
                 "No price moves beyond the intervals.")
    return lines


def _fmt(value: float) -> str:
    return "-inf" if value == -math.inf else "+inf" if value == math.inf else f"{value:.1f}"


def comparison_json(first: Mapping[str, Any], second: Mapping[str, Any],
                    rows: list[PriceChange]) -> dict[str, Any]:
    return {"agents": [list(first.get("agents", ())), list(second.get("agents", ()))],
            "cards": [r.to_json() for r in rows],
            "moves": [r.name for r in rows if r.moves]}


__all__ = ["PriceChange", "compare_reports", "comparison_json", "comparison_lines"]
