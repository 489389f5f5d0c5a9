"""The tactical suite's score (issue 16): the share of the hand-built Eden positions of
:mod:`skirmish.games.eden.bots.tactics` (the default game's suite of
:mod:`skirmish.bots.tactics`) where an agent makes the strong player's move, in percent.

Measured for ``heuristic``, ``mcts:normal`` and ``mcts:hard`` - the search bots with their
presets' settings without the time caps (so their ITERATION budgets stop them), so that
the score is the same on any machine and under any load; seed 0 for every agent. Not a
speed figure: larger is better, and the issue's goal is ``mcts:hard`` >= 80%. The Mass
Effect: Annihilation positions are scored apart (``tactics_me_...``).
``python -m bench.tactics`` prints each position's answer.
"""

from __future__ import annotations

import sys

from skirmish.bots import registry
from skirmish.bots.tactics import Position, Result, score, share
from skirmish.games.masseffect.bots.tactics import MASS_EFFECT_POSITIONS


def uncapped(level: str) -> str:
    """The agent name of the ``mcts`` preset ``level`` (the games' settings with the
    generic ones) without its time cap."""
    settings = {k: v for k, v in registry.AGENTS["mcts"].presets[level].items()
                if k != "seconds"}
    text = {True: "true", False: "false"}
    return "mcts:" + ",".join(f"{k}={text.get(v, v) if isinstance(v, bool) else v}"
                              for k, v in settings.items())


#: The figure's name and the agent measured (the presets' iteration budgets, no time cap).
AGENTS = {
    "tactics_heuristic_pct": "heuristic",
    "tactics_mcts_normal_pct": uncapped("normal"),
    "tactics_mcts_hard_pct": uncapped("hard"),
}


def results(seed: int = 0, positions: list[Position] | None = None
            ) -> dict[str, list[Result]]:
    """Each agent's answers on the Eden suite (or on ``positions``)."""
    return {figure: score(agent, seed, positions) for figure, agent in AGENTS.items()}


def run(seed: int = 0) -> dict[str, float]:
    """The Eden suite's scores (the issue's measure), and the Mass Effect: Annihilation
    positions' apart (``tactics_me_...``)."""
    figures: dict[str, float] = {}
    for prefix, positions in (("", None), ("me_", MASS_EFFECT_POSITIONS)):
        for figure, answers in results(seed, positions).items():
            missed = ", ".join(r.position for r in answers if not r.hit) or "none"
            print(f"{'ME:A ' if prefix else ''}{AGENTS[figure]}: "
                  f"{sum(r.hit for r in answers)}/{len(answers)} solved; missed: {missed}",
                  file=sys.stderr)
            figures[figure.replace("tactics_", f"tactics_{prefix}")] = 100.0 * share(answers)
    return figures


def main() -> None:  # pragma: no cover - a report for people
    found = results()
    names = [r.position for r in next(iter(found.values()))]
    width = max(len(n) for n in names)
    print(f"{'position':{width}}  " + "  ".join(AGENTS[f] for f in found))
    for i, name in enumerate(names):
        marks = "  ".join(f"{'yes' if found[f][i].hit else 'NO':{len(AGENTS[f])}}"
                          for f in found)
        print(f"{name:{width}}  {marks}")
    for figure, answers in found.items():
        print(f"{AGENTS[figure]}: {100 * share(answers):.0f}%")


if __name__ == "__main__":  # pragma: no cover
    main()
