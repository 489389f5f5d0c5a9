"""The tactical suite's score (issue 16): the share of the hand-built Eden positions of
:mod:`skirmish.games.eden.bots.tactics` (the default game's suite of
:mod:`skirmish.bots.tactics`) where an agent makes the strong player's move, in percent.

Measured for ``heuristic``, ``mcts:normal`` and ``mcts:hard`` - the search bots with their
presets' settings without the time caps (so their ITERATION budgets stop them), so that
the score is the same on any machine and under any load; seed 0 for every agent. Not a
speed figure: larger is better, and the issue's goal is ``mcts:hard`` >= 80%. The Mass
Effect: Annihilation positions are scored apart (``tactics_me_...``).
``python -m bench.tactics`` prints each position's answer.

``python -m bench.tactics --suite held-out`` scores the held-out suite of issue 49 (each
game's :attr:`GameBots.held_out <skirmish.bots.game_parts.GameBots.held_out>`, Eden and ME:A
together, written after the learned evaluation was trained and never used in tuning) for
every level, ``mcts:expert`` included: its goals are expert >= 90 % and each level solving
at least as many as the one below it. ``--levels`` and ``--seed`` choose others.
"""

from __future__ import annotations

import argparse
import sys

from skirmish.bots import registry
from skirmish.bots.game_parts import positions_of
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


#: Every level, weakest first (the held-out suite's goal: each solves at least as many
#: positions as the one before it).
LEVELS = {
    "heuristic": "heuristic",
    "normal": uncapped("normal"),
    "hard": uncapped("hard"),
    "expert": uncapped("expert"),
}


def held_out() -> list[Position]:
    """The held-out suite: Eden's positions, then ME:A's."""
    return positions_of("eden", "held-out") + positions_of("masseffect", "held-out")


def results(seed: int = 0, positions: list[Position] | None = None
            ) -> dict[str, list[Result]]:
    """Each agent's answers on the Eden suite (or on ``positions``)."""
    return {figure: score(agent, seed, positions) for figure, agent in AGENTS.items()}


def run(seed: int = 0) -> dict[str, float]:
    """The Eden suite's scores (the issue's measure), the Mass Effect: Annihilation
    positions' apart (``tactics_me_...``), and every level's on the held-out suite of issue
    49 (``tactics_held_out_...``)."""
    figures: dict[str, float] = {}
    for prefix, positions in (("", None), ("me_", MASS_EFFECT_POSITIONS)):
        for figure, answers in results(seed, positions).items():
            missed = ", ".join(r.position for r in answers if not r.hit) or "none"
            print(f"{'ME:A ' if prefix else ''}{AGENTS[figure]}: "
                  f"{sum(r.hit for r in answers)}/{len(answers)} solved; missed: {missed}",
                  file=sys.stderr)
            figures[figure.replace("tactics_", f"tactics_{prefix}")] = 100.0 * share(answers)
    positions = held_out()
    for level, agent in LEVELS.items():  # issue 49's held-out suite, every level
        answers = score(agent, seed, positions)
        missed = ", ".join(r.position for r in answers if not r.hit) or "none"
        print(f"held-out, {level}: {sum(r.hit for r in answers)}/{len(answers)} solved; "
              f"missed: {missed}", file=sys.stderr)
        figures[f"tactics_held_out_{level}_pct"] = 100.0 * share(answers)
    return figures


def table(found: dict[str, list[Result]]) -> str:
    """Each position's answers by agent (yes / NO), then each agent's share, as text."""
    names = [r.position for r in next(iter(found.values()))]
    width = max(len(n) for n in names)
    lines = [f"{'position':{width}}  " + "  ".join(found)]
    for i, name in enumerate(names):
        marks = "  ".join(f"{'yes' if found[a][i].hit else 'NO':{len(a)}}" for a in found)
        lines.append(f"{name:{width}}  {marks}")
    for agent, answers in found.items():
        lines.append(f"{agent}: {sum(r.hit for r in answers)}/{len(answers)} "
                     f"({100 * share(answers):.0f}%)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a report for people
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", choices=("tuned", "held-out"), default="tuned")
    parser.add_argument("--levels", default="",
                        help="comma-separated levels among " + ", ".join(LEVELS) + " (by "
                             "default heuristic, normal and hard, and expert too on the "
                             "held-out suite)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.levels:
        unknown = [lv for lv in args.levels.split(",") if lv not in LEVELS]
        if unknown:
            parser.error(f"--levels: no level {unknown[0]!r} ({', '.join(LEVELS)})")
        agents = {lv: LEVELS[lv] for lv in args.levels.split(",")}
    elif args.suite == "held-out":
        agents = dict(LEVELS)
    else:
        agents = {lv: LEVELS[lv] for lv in ("heuristic", "normal", "hard")}
    positions = held_out() if args.suite == "held-out" else None
    found = {label: score(agent, args.seed, positions) for label, agent in agents.items()}
    print(table(found))


if __name__ == "__main__":  # pragma: no cover
    main()
