"""The "at least X" curve of an attack, drawn with matplotlib (PNG or SVG).

For each fighter the attack may wound: P(at least X CP lost) for X = 0, 1, 2, ... as a
step curve, with P(incapacitated) in the legend.
"""

from __future__ import annotations

from pathlib import Path

from skirmish.odds.dice import Dist, cumulative
from skirmish.odds.results import AttackOdds

FORMATS = (".png", ".svg")


def _curve(at_least: dict[int, float]) -> tuple[list[int], list[float]]:
    xs = [0, *at_least]
    return xs, [1.0, *at_least.values()]


def draw(odds: AttackOdds, path: str | Path, title: str | None = None) -> Path:
    """Draw the cumulative curve(s) of ``odds`` into ``path`` (.png or .svg)."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"a chart is a .png or .svg file, got {path.name!r}")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    try:
        for info in odds.fighters:
            fighter = odds.fighter(info.ref)
            xs, ys = _curve({k: float(p) for k, p in fighter.at_least.items()})
            ax.step(xs, ys, where="post", marker="o",
                    label=f"{info.ref} (incapacitated {float(fighter.p_incapacitated):.1%})")
        ax.set_xlabel("CP lost, at least")
        ax.set_ylabel("probability")
        ax.set_ylim(0, 1.05)
        ax.grid(alpha=0.3)
        ax.legend(loc="upper right", fontsize="small")
        ax.set_title(title or _title(odds))
        fig.tight_layout()
        fig.savefig(path)
    finally:
        plt.close(fig)
    return path


def draw_roll(dist: Dist, path: str | Path, title: str) -> Path:
    """Draw P(at least X successes) of one characteristic roll."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"a chart is a .png or .svg file, got {path.name!r}")
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    try:
        xs, ys = _curve({k: float(p) for k, p in cumulative(dist).items()})
        ax.bar(xs, ys, color="#4a7ab7")
        ax.set_xlabel("successes, at least")
        ax.set_ylabel("probability")
        ax.set_ylim(0, 1.05)
        ax.set_title(title)
        fig.tight_layout()
        fig.savefig(path)
    finally:
        plt.close(fig)
    return path


def _title(odds: AttackOdds) -> str:
    who = f"{odds.attacker} -> " if odds.attacker else ""
    extra = odds.settings.get("reaction") or odds.settings.get("weapon") or ""
    return f"{odds.kind}: {who}{odds.fighters[0].ref if odds.fighters else 'nobody'}" + (
        f" ({extra})" if extra else "")
