"""A slice of a goal ladder, played again with another agent: a paired test of a change that
only one kind of game reads (issue 49).

A leaf term read in one scenario only (``me_reach``, ``me_hold``: the hold-the-objectives
scenarios) changes nothing in the ladder's other games, so a whole 400-game ladder is hours
spent mostly on games it cannot change. This plays the goal ladder's games whose deal has
that scenario, each with its own index, so the same seed, deal and seats as in the goal
ladder, into a ladder log folder of the same game, seed and rounds; ``python -m bench.waste
SLICE --paired GOAL_FOLDER`` then compares the two game by game (the ladders' first agents,
the opponent, so the sign is the opponent's)::

    python -m bench.ladder_slice masseffect-heuristic "Dernier carré" \\
        --agent "mcts:expert,me_reach=0.03" --upto 160 --out out/goals/slice-reach
    python -m bench.waste out/goals/slice-reach --paired out/goals/masseffect-heuristic

``--upto N`` plays the slice's games below index N (those the goal ladder has played, to pair
them all); the agent replaces the goal's second agent (expert), the first plays as in the
goal. Resumable: the games already in ``--out`` (checked as ``skirmish ladder --resume``
checks them) are kept, and ``kill PID`` stops it between games' records, keeping them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.goals import GAMES, GOALS, SEED, Goal
from skirmish.sim.backends import terminate_as_interrupt
from skirmish.sim.ladder import LadderGame, LadderSpec, make_deals, play_ladder_logged
from skirmish.sim.logdir import LogDir


def goal_named(name: str) -> Goal:
    """The goal ladder ``name`` (:data:`bench.goals.GOALS`); a ValueError names the others."""
    for goal in GOALS:
        if goal.name == name:
            return goal
    raise ValueError(f"no goal ladder {name!r} (one of {', '.join(g.name for g in GOALS)})")


def slice_spec(goal: Goal, agent: str) -> LadderSpec:
    """The goal's ladder with ``agent`` as its second agent: the same deals, seed and rounds,
    so each game index has the same seed, deal and seats."""
    deals = make_deals(goal.game, games=GAMES, rounds=goal.rounds)
    return LadderSpec((goal.agents[0], agent), GAMES, tuple(deals), SEED, goal.game,
                      goal.rounds)


def slice_indices(spec: LadderSpec, scenario: str, upto: int) -> list[int]:
    """The games below ``upto`` whose deal has ``scenario``; a ValueError when there are none
    (a scenario the game's deals do not have)."""
    found = [i for i in range(min(upto, spec.total))
             if spec.deals[spec.dealt(i)[1]].scenario == scenario]
    if not found:
        names = sorted({d.scenario for d in spec.deals if d.scenario})
        raise ValueError(f"no game of the ladder below {upto} has the scenario {scenario!r} "
                         f"(its scenarios: {', '.join(names) or 'none'})")
    return found


def play_slice(goal: Goal, scenario: str, agent: str, out: Path, upto: int = GAMES
               ) -> dict[int, LadderGame]:
    """Play the slice's games not yet in ``out`` (a ladder log folder, resumed), each record
    written as it finishes; the slice's results by index. ``kill PID`` (SIGTERM) or Ctrl-C
    stops it between records, keeping the finished games."""
    spec = slice_spec(goal, agent)
    log = LogDir(out, spec.description(), LadderGame.to_json, LadderGame.from_json)
    done: dict[int, LadderGame] = log.reuse(log.start(resume=True), spec.total, spec.expected)
    wanted = slice_indices(spec, scenario, upto)
    try:
        with terminate_as_interrupt():
            for index in wanted:
                if index in done:
                    continue
                logged = play_ladder_logged(spec, index)
                log.write(index, logged.record, logged.result)
                done[index] = logged.result
                print(f"game {index}: {len(done)} of {len(wanted)}", flush=True)
    except KeyboardInterrupt:
        print("stopped: the finished games are kept", flush=True)
    return {i: done[i] for i in wanted if i in done}


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a report for people
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("goal")
    parser.add_argument("scenario")
    parser.add_argument("--agent", required=True, help="in the place of the goal's expert")
    parser.add_argument("--upto", type=int, default=GAMES)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        results = play_slice(goal_named(args.goal), args.scenario, args.agent, args.out,
                             args.upto)
    except ValueError as exc:
        print(f"bench.ladder_slice: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    wins = sum(1 for r in results.values() if r.winner == 1)
    draws = sum(1 for r in results.values() if r.winner is None)
    print(f"{args.agent}: {wins}-{draws}-{len(results) - wins - draws} over {len(results)} "
          f"games of {args.scenario}; pair them with python -m bench.waste {args.out} "
          "--paired GOAL_FOLDER")


if __name__ == "__main__":
    main()
