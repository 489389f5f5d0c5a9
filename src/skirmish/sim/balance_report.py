"""The balancer's report: JSON, a PNG chart and an HTML page (Jinja2), from an
:class:`~skirmish.sim.balance.Analysis` and, with ``--iterate``, the re-priced rounds and,
with ``--what-if``, the two matchup tables.

Everything here is a function of the games and the options: no date and no timing, so the
same seed gives byte-identical files whatever the backend or the number of workers.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skirmish.sim.balance import FORMAT, Analysis, CardRow, Table, TableComparison
from skirmish.sim.game_parts import sims_of

if TYPE_CHECKING:
    from matplotlib.figure import Figure

METHOD = {
    "model": "logistic regression of seat A's result (win 1, draw 1/2, loss 0) on the "
             "difference of the two troops' card counts; each card's effect (log-odds) = "
             "rate x printed cost + departure",
    "regularisation": "L2 penalty on each card's departure from its printed cost",
    "conversion": "suggested cost = effect / rate, where the rate (log-odds per point) is "
                  "the slope of the cards' effects on their printed costs, learnt from "
                  "troops that spend different amounts",
    "interval": "95% percentile bootstrap over troop pairings (seeded)",
    "flag": "under-costed when the whole interval is above the printed cost, over-costed "
            "when below",
}


@dataclass(frozen=True)
class Round:
    """One round of ``--iterate``: the costs it played (``changed`` from the round before),
    its fit and its matchup table (None when Ctrl-C came first)."""

    number: int
    changed: Mapping[str, tuple[int, int]]
    analysis: Analysis | None
    table: Table | None


@dataclass(frozen=True)
class Meta:
    """What the report says about the run: the card folders, the games planned, whether it
    was cut short."""

    content: tuple[str, ...] = ()
    planned: int = 0
    cancelled: bool = False
    notes: tuple[str, ...] = field(default=())


def _num(value: float | None, digits: int = 4) -> float | None:
    if value is None or not math.isfinite(value):
        return None
    return round(float(value), digits)


def _points(value: float) -> str:
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{value:.1f}"


def interval_text(row: CardRow) -> str:
    return f"{_points(row.low)} to {_points(row.high)}"


def card_json(row: CardRow) -> dict[str, Any]:
    return {
        "kind": row.card.kind, "name": row.card.name, "group": row.card.group,
        "comes_with": row.card.detail, "printed": row.card.cost,
        "suggested": _num(row.suggested, 2),
        "interval": [_num(row.low, 2), _num(row.high, 2)],
        "effect_log_odds": _num(row.effect),
        "games": row.games,
        "win_rate_with": _num(row.with_rate), "win_rate_without": _num(row.without_rate),
        "flag": {"under": "under-costed", "over": "over-costed"}.get(row.flag),
        "repriced": row.repriced,
    }


def summary_lines(analysis: Analysis) -> list[str]:
    """What the report says, in sentences."""
    a = analysis
    lines = []
    if a.rate > 0:
        per = 1 / a.rate
        low = 1 / a.rate_high if a.rate_high > 0 else math.inf
        high = 1 / a.rate_low if a.rate_low > 0 else math.inf
        upper = "unbounded" if high > 1000 * per else _points(high)
        lines.append(f"A point of cost is worth {a.rate:.4f} log-odds of winning: one "
                     f"log-odds (a 50% chance made 73%) costs {per:.1f} points (95% "
                     f"interval {_points(low)} to {upper}).")
    else:
        lines.append("The games show no relationship between printed cost and winning (the "
                     "fitted rate is not positive): no suggestion can be made; play more "
                     "games or widen --spread.")
    for which, words in (("under", "Under-costed (worth more than printed)"),
                         ("over", "Over-costed (worth less than printed)")):
        rows = a.flagged(which)
        if rows:
            lines.append(f"{words}: " + "; ".join(
                f"{r.card.name} {r.card.cost} -> {r.suggested:.0f} ({interval_text(r)})"
                for r in rows) + ".")
    if not a.flagged():
        lines.append("No card's interval excludes its printed cost: nothing is flagged at "
                     "this sample size.")
    return lines


def analysis_json(a: Analysis) -> dict[str, Any]:
    return {
        "value_of_a_point": {"log_odds": _num(a.rate, 6),
                             "interval": [_num(a.rate_low, 6), _num(a.rate_high, 6)],
                             "points_per_log_odds": _num(1 / a.rate, 2) if a.rate > 0
                             else None},
        "seat_a_advantage_log_odds": _num(a.seat),
        "nuisance_log_odds": {name: _num(v) for name, v in a.nuisance},
        "games": {"played": a.games, "draws": a.draws,
                  "seat_a_score": _num(a.seat_a_score)},
        "converged": a.converged,
        "cards": [card_json(r) for r in a.rows],
        "flagged": {"under-costed": [r.card.name for r in a.flagged("under")],
                    "over-costed": [r.card.name for r in a.flagged("over")]},
        "summary": summary_lines(a),
    }


def table_json(table: Table) -> dict[str, Any]:
    n = table.spec.troops
    return {
        "troops": [{"label": t.label, "symbol": t.symbol, "spend": t.spend,
                    "cards": troop_cards(table, t)} for t in table.troops],
        "games_per_pair": table.spec.games,
        "win_rate": [[_num(table.rate(i, j)) if i != j else None for j in range(n)]
                     for i in range(n)],
        "spread": _num(table.spread()), "raw_spread": _num(table.raw_spread()),
    }


def troop_cards(table: Table, troop: Any) -> list[str]:
    cards = table.spec.armoury.cards
    out = []
    for card, count in zip(cards, troop.counts, strict=True):
        if count:
            sign = "" if card.kind != "item" else ("+" if count > 0 else "-")
            out.append(f"{sign}{card.name}" + (f" x{abs(count)}" if abs(count) > 1 else ""))
    return out


def comparison_json(c: TableComparison) -> dict[str, Any]:
    out: dict[str, Any] = {
        "spread": {"before": _num(c.before.spread()), "after": _num(c.after.spread()),
                   "change": _num(c.spread_change),
                   "interval": [_num(c.spread_low), _num(c.spread_high)],
                   "verdict": c.verdict},
        "troops": [{"label": c.before.troops[t].label,
                    "before": troop_cards(c.before, c.before.troops[t]),
                    "after": troop_cards(c.after, c.after.troops[t]),
                    "score_before": _num(m0), "score_after": _num(m1),
                    "change_interval": [_num(lo), _num(hi)]}
                   for t, (m0, m1, lo, hi) in enumerate(c.troops)],
        "before": table_json(c.before), "after": table_json(c.after),
    }
    if c.group is not None:
        m0, m1, lo, hi = c.group
        out["troops_with_the_changed_cards"] = {
            "troops": [c.before.troops[t].label for t in range(1, c.before.spec.troops, 2)],
            "score_before": _num(m0), "score_after": _num(m1), "change": _num(m1 - m0),
            "interval": [_num(lo), _num(hi)]}
    return out


def report_json(spec_like: Any, meta: Meta, analysis: Analysis | None = None, *,
                rounds: Sequence[Round] = (), iterate: TableComparison | None = None,
                what_if: Mapping[str, int] | None = None,
                what_if_result: TableComparison | None = None) -> dict[str, Any]:
    """The whole report as JSON (no timing: reproducible byte for byte)."""
    spec = spec_like
    out: dict[str, Any] = {
        "balance": FORMAT, "game": spec.armoury.game, "content": list(meta.content),
        "budget": spec.budget, "agents": list(spec.agents), "seed": spec.seed,
        "rounds": spec.rounds if sims_of(spec.armoury.game).has_round_limit else None,
        "scenario": spec.scenario or None,
        "games_planned": meta.planned, "interrupted": meta.cancelled,
        "notes": list(meta.notes),
    }
    if hasattr(spec, "spread"):
        out["spread"] = spec.spread
    if getattr(spec, "house_rules", ()):  # issue 47: the options in force, when chosen
        out["house_rules"] = dict(spec.house_rules)
    if analysis is not None:
        out["method"] = {**METHOD, "penalty": analysis.penalty,
                         "bootstrap_replicates": analysis.replicates}
        out.update(analysis_json(analysis))
    if rounds:
        out["iterate"] = {
            "rounds": [{"round": r.number,
                        "changed": {k: list(v) for k, v in r.changed.items()},
                        "flagged": None if r.analysis is None else
                        [x.card.name for x in r.analysis.flagged()],
                        "table": None if r.table is None else table_json(r.table)}
                       for r in rounds],
            "spread_change": None if iterate is None else comparison_json(iterate)["spread"],
        }
    if what_if is not None:
        out["what_if"] = {"changes": {k: v for k, v in what_if.items()},
                          **({} if what_if_result is None
                             else comparison_json(what_if_result))}
    return out


# -- the chart ----------------------------------------------------------------------------------
def figure(analysis: Analysis, title: str = "") -> Figure:
    """Each card's printed cost (a cross) and suggested cost with its 95 % interval (a dot
    and a bar; red: under-costed, blue: over-costed), grouped as the report lists them."""
    from matplotlib.figure import Figure

    rows = list(analysis.rows)[::-1]
    fig = Figure(figsize=(8.5, 1.2 + 0.32 * len(rows)))
    ax = fig.subplots()
    finite = [v for r in rows for v in (r.card.cost, r.suggested, r.low, r.high)
              if math.isfinite(v)]
    printed = [r.card.cost for r in rows]
    span = max(printed) if printed else 1
    lo_lim = min(min(finite, default=0), 0) - 0.05 * span
    hi_lim = min(max(finite, default=span), 3 * span) + 0.05 * span
    lo_lim = max(lo_lim, -1.5 * span)
    colours = {"under": "#c0392b", "over": "#2e6da4", "": "#555555"}
    def clip(value: float) -> float:  # an infinite bound runs to the edge
        return min(max(value, lo_lim), hi_lim)

    for y, r in enumerate(rows):
        colour = colours[r.flag]
        ax.plot([clip(r.low), clip(r.high)], [y, y], color=colour, linewidth=2, alpha=0.7)
        if math.isfinite(r.suggested) and lo_lim <= r.suggested <= hi_lim:
            ax.plot(r.suggested, y, "o", color=colour)
        ax.plot(r.card.cost, y, "x", color="black", markersize=7)
    ax.set_yticks(range(len(rows)), [f"{r.card.name} ({r.card.group})" for r in rows],
                  fontsize="small")
    ax.set_xlim(lo_lim, hi_lim)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("points: x printed cost, o suggested cost with its 95% interval "
                  "(red under-costed, blue over-costed)", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title or "What each card is worth", fontsize="medium")
    fig.tight_layout()
    return fig


def png_bytes(analysis: Analysis, title: str = "") -> bytes:
    buffer = io.BytesIO()
    figure(analysis, title).savefig(buffer, format="png", dpi=100,
                                    metadata={"Software": None})
    return buffer.getvalue()


def html_page(data: Mapping[str, Any], chart: bytes | None, title: str) -> str:
    """The report as one self-contained HTML page (the chart inline)."""
    from skirmish.core.printing import template_environment

    template = template_environment("skirmish.sim").get_template("balance.html.j2")
    image = base64.b64encode(chart).decode("ascii") if chart else ""
    return template.render(data=data, title=title, chart=image, fmt=_fmt, pct=_pct)


def _fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "unbounded"
    return f"{float(value):.{digits}f}"


def _pct(value: Any) -> str:
    return "-" if value is None else f"{100 * float(value):.0f}%"
