"""The charts of the odds, drawn with matplotlib (PNG or SVG).

- :func:`figure` / :func:`draw`: for each fighter an attack may wound, P(at least X CP
  lost) for X = 0, 1, 2, ... as a step curve, with P(incapacitated) in the legend;
- :func:`roll_figure` / :func:`draw_roll`: P(at least X successes) of one roll;
- :func:`compare_figure` / :func:`draw_compare`: several attacks on one target side by
  side (grouped bars of P(at least X CP lost), one colour per attack).

The ``*_figure`` functions return a :class:`matplotlib.figure.Figure` made without pyplot
(no global state, no display: the Agg canvas draws it), so that tests read its axes; the
``draw*`` functions save one. The CP and successes axes have whole-number ticks only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from skirmish.core.atomic import write_atomically
from skirmish.games.eden.odds.dice import Dist, cumulative
from skirmish.games.eden.odds.results import AttackOdds

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

FORMATS = (".png", ".svg")
SIZE = (6.4, 4.0)


def _curve(at_least: dict[int, float]) -> tuple[list[int], list[float]]:
    xs = [0, *at_least]
    return xs, [1.0, *at_least.values()]


def _checked(path: str | Path) -> Path:
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"a chart is a .png or .svg file, got {path.name!r}")
    return path


def _new(size: tuple[float, float] = SIZE) -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=size)
    return fig, fig.subplots()


def _whole_numbers(ax: Axes) -> None:
    """Integer ticks only on the x axis (CP lost, successes: there is no half CP)."""
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _save(fig: Figure, path: Path) -> Path:
    """Draw ``fig`` into ``path`` atomically (drawn in memory, then a temporary file
    renamed: a full disk leaves no empty or half-drawn chart)."""
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format=path.suffix.lower().lstrip(".") or "png")
    try:
        write_atomically(path, buffer.getvalue())
    except OSError as exc:
        raise ValueError(f"{path}: cannot write the chart ({exc.strerror or exc})") from None
    return path


def figure(odds: AttackOdds, title: str | None = None) -> Figure:
    """The cumulative curve(s) of ``odds``: P(at least X CP lost) for each fighter."""
    fig, ax = _new()
    for info in odds.fighters:
        fighter = odds.fighter(info.ref)
        xs, ys = _curve({k: float(p) for k, p in fighter.at_least.items()})
        ax.step(xs, ys, where="post", marker="o",
                label=f"{info.ref} (incapacitated {float(fighter.p_incapacitated):.1%})")
    ax.set_xlabel("CP lost, at least")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1.05)
    _whole_numbers(ax)
    ax.grid(alpha=0.3)
    if odds.fighters:
        ax.legend(loc="upper right", fontsize="small")
    ax.set_title(title or _title(odds))
    return fig


def draw(odds: AttackOdds, path: str | Path, title: str | None = None) -> Path:
    """Draw the cumulative curve(s) of ``odds`` into ``path`` (.png or .svg)."""
    path = _checked(path)
    return _save(figure(odds, title), path)


def roll_figure(dist: Dist, title: str) -> Figure:
    """P(at least X successes) of one characteristic roll, as bars."""
    fig, ax = _new()
    xs, ys = _curve({k: float(p) for k, p in cumulative(dist).items()})
    ax.bar(xs, ys, color="#4a7ab7")
    ax.set_xlabel("successes, at least")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1.05)
    _whole_numbers(ax)
    ax.set_title(title)
    return fig


def draw_roll(dist: Dist, path: str | Path, title: str) -> Path:
    """Draw P(at least X successes) of one characteristic roll."""
    path = _checked(path)
    return _save(roll_figure(dist, title), path)


def compare_figure(columns: Sequence[tuple[str, AttackOdds]], title: str,
                   least: int = 3) -> Figure:
    """Grouped bars: for X = 1, 2, ... (at least up to ``least``), P(the target loses at
    least X CP) under each attack of ``columns`` (label, odds), the label's P(target
    incapacitated) in the legend."""
    fig, ax = _new((max(6.4, 1.2 + 0.9 * len(columns)), 4.0))
    tables = [(label, odds.target) for label, odds in columns]
    top = max([least, *(max(t.at_least, default=0) for _, t in tables)])
    xs = list(range(1, top + 1))
    width = 0.8 / max(1, len(tables))
    for i, (label, target) in enumerate(tables):
        shift = (i - (len(tables) - 1) / 2) * width
        ax.bar([x + shift for x in xs], [float(target.at_least.get(x, 0)) for x in xs],
               width=width,
               label=f"{label} (incapacitated {float(target.p_incapacitated):.1%})")
    ax.set_xlabel("CP lost by the target, at least")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1.05)
    _whole_numbers(ax)
    ax.grid(alpha=0.3, axis="y")
    if tables:
        ax.legend(loc="upper right", fontsize="small")
    ax.set_title(title)
    return fig


def draw_compare(columns: Sequence[tuple[str, AttackOdds]], path: str | Path,
                 title: str) -> Path:
    """Draw :func:`compare_figure` into ``path`` (.png or .svg)."""
    path = _checked(path)
    return _save(compare_figure(columns, title), path)


def _title(odds: AttackOdds) -> str:
    who = f"{odds.attacker} -> " if odds.attacker else ""
    extra = odds.settings.get("reaction") or odds.settings.get("weapon") or ""
    return f"{odds.kind}: {who}{odds.fighters[0].ref if odds.fighters else 'nobody'}" + (
        f" ({extra})" if extra else "")
