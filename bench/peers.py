"""Side by side against botbowl (issue 43): random play, one core, interleaved.

botbowl (github.com/njustesen/botbowl) is the closest peer: a Python Blood Bowl engine, pure
Python but for a Cython path finder. Issue 43 asks for >= 1x its decisions per second and
>= 2x its games per second in random play, measured here rather than remembered.

Each round starts two fresh processes, one after the other, each pinned to the same single CPU
and timed with its own CPU clock (``time.process_time``), so the other work on a shared machine
shifts both sides alike:

- botbowl, with the checkout's own Python: its standard random loop
  (``examples/random_bot_example.py``: ``Game.init()`` in fast mode plays the whole game, asking
  ``botbowl.ai.bots.random_bot.RandomBot`` for every decision; path finding off, as the example
  sets it). The agent is handed the live game (no copy), as botbowl does.
- Eden, with this interpreter: the same loop shape, a random agent choosing uniformly among
  the legal actions each decision, over ``bench.troops.benchmark_setup()``. Each match is
  played twice with the same seeds, alternately: once building the acting seat's view every
  decision (``view_of`` for an agent that reads it, the cost an agent that looks pays) and once
  without (the random agent declares it reads no view).

The rounds alternate which side goes first. Figures are medians over the rounds; the ratios
(skirmish / botbowl) are medians of each round's ratio. Writes ``out/peers.json``.

Usage::

    python -m bench.peers --botbowl /work/peers/botbowl --python /work/peers/venv/bin/python

(or the environment's ``BOTBOWL_CHECKOUT`` / ``BOTBOWL_PYTHON``). Without a checkout it says so
in one line and measures nothing. This module imports only the standard library at its top:
botbowl's Python runs this very file as its worker (``--worker botbowl``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "out" / "peers.json"
#: Issue 43's goals: skirmish / botbowl.
GOAL_DECISIONS_X = 1.0
GOAL_GAMES_X = 2.0
#: botbowl's agents: its own random bot (its examples' loop: an action type uniformly, then a
#: target of that type uniformly), or a uniform choice among every (type, target) pair.
BOTBOWL_AGENTS = ("random_bot", "uniform")
WORKER_TIMEOUT_S = 600


# --- workers (each runs in a fresh process) ----------------------------------------------


def eden_worker(matches: int, first_seed: int = 0) -> dict[str, dict[str, float]]:
    """Play ``matches`` Eden matches twice each (same seeds), with and without building the
    acting seat's view every decision, alternating; the CPU seconds, matches and decisions of
    each way."""
    from bench.troops import benchmark_setup
    from skirmish.core import RandomAgent
    from skirmish.core.agents import view_of
    from skirmish.games.eden import EDEN

    setup = benchmark_setup()
    totals = {way: {"games": 0.0, "decisions": 0.0, "cpu_s": 0.0} for way in ("views", "no_views")}
    for seed in range(first_seed, first_seed + matches):
        for way in totals:
            # agent=None: view_of builds the view, as for any agent that reads it.
            views = way == "views"
            start = time.process_time()
            game = EDEN.new_game(setup, seed=seed)
            agents = [RandomAgent(seed), RandomAgent(seed + 1)]
            decisions = 0
            while not game.is_over:
                player = game.decision().player
                agent = agents[player]
                view = view_of(game, player, None if views else agent)
                game.apply(agent.act(view, list(game.legal_actions())))
                decisions += 1
            totals[way]["cpu_s"] += time.process_time() - start
            totals[way]["games"] += 1
            totals[way]["decisions"] += decisions
    return totals


def botbowl_worker(checkout: str, games: int, first_seed: int = 0,
                   agent: str = "random_bot", pathfinding: bool = False) -> dict[str, Any]:
    """Play ``games`` botbowl games, random bot against random bot (run by botbowl's Python).
    The CPU seconds, games and decisions (actions the agents chose), and whether the Cython
    path finder is the compiled one."""
    # Run as a file, this folder leads sys.path: its modules (run, cli, geometry...) must not
    # stand in for botbowl's dependencies' own.
    here = Path(__file__).resolve().parent
    sys.path[:] = [checkout] + [p for p in sys.path if Path(p or ".").resolve() != here]
    import botbowl  # type: ignore[import-not-found]
    import numpy as np
    from botbowl.ai.bots.random_bot import RandomBot  # type: ignore[import-not-found]

    class CountingRandomBot(RandomBot):  # type: ignore[misc]
        """botbowl's own random bot, counting its decisions."""

        decisions = 0

        def act(self, game: Any) -> Any:
            self.decisions += 1
            return super().act(game)

    class UniformBot(CountingRandomBot):
        """Uniform among every (action type, target) pair botbowl offers (placing players
        left out, as botbowl's random bot does: the set-up formations place them)."""

        def act(self, game: Any) -> Any:
            self.decisions += 1
            options: list[tuple[Any, Any, Any]] = []
            for choice in game.state.available_actions:
                if choice.action_type == botbowl.ActionType.PLACE_PLAYER:
                    continue
                if choice.positions:
                    options.extend((choice.action_type, None, at) for at in choice.positions)
                elif choice.players:
                    options.extend((choice.action_type, who, None) for who in choice.players)
                else:
                    options.append((choice.action_type, None, None))
            kind, player, position = options[self.rnd.randint(len(options))]
            return botbowl.Action(kind, position=position, player=player)

    try:
        import botbowl.core.pathfinding.cython_pathfinding  # type: ignore[import-not-found]

        compiled = True
    except ImportError:
        compiled = False
    bot = UniformBot if agent == "uniform" else CountingRandomBot
    config = botbowl.load_config("bot-bowl")
    config.competition_mode = False
    config.pathfinding_enabled = pathfinding
    config.debug_mode = False
    config.fast_mode = True
    ruleset = botbowl.load_rule_set(config.ruleset)
    arena = botbowl.load_arena(config.arena)
    home = botbowl.load_team_by_filename("human", ruleset)
    away = botbowl.load_team_by_filename("human", ruleset)
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        home_agent, away_agent = bot("home", seed=2 * seed), bot("away", seed=2 * seed + 1)
        game = botbowl.Game(str(seed), home, away, home_agent, away_agent, config,
                            arena=arena, ruleset=ruleset, seed=seed)
        game.init()  # fast mode, no human: plays the whole game
        if not game.state.game_over:
            raise RuntimeError(f"botbowl game {seed} did not finish")
        decisions += home_agent.decisions + away_agent.decisions
    cpu_s = time.process_time() - start
    return {"games": games, "decisions": decisions, "cpu_s": cpu_s,
            "compiled_pathfinding": compiled, "numpy": np.__version__}


# --- the side by side ---------------------------------------------------------------------


def default_python(checkout: str) -> str:
    """botbowl's interpreter: ``BOTBOWL_PYTHON``, else a venv beside or inside the checkout,
    else this one."""
    if os.environ.get("BOTBOWL_PYTHON"):
        return os.environ["BOTBOWL_PYTHON"]
    base = Path(checkout)
    for venv in (base / ".venv", base / "venv", base.parent / "venv"):
        if (venv / "bin" / "python").exists():
            return str(venv / "bin" / "python")
    return sys.executable


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.peers",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--botbowl", default=os.environ.get("BOTBOWL_CHECKOUT"),
                        help="botbowl checkout (default: $BOTBOWL_CHECKOUT); none: measure nothing")
    parser.add_argument("--python", default=None,
                        help="botbowl's Python (default: $BOTBOWL_PYTHON, or a venv beside it)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20, help="botbowl games a round")
    parser.add_argument("--matches", type=int, default=20, help="Eden matches a round (each twice)")
    parser.add_argument("--botbowl-agent", choices=BOTBOWL_AGENTS, default="random_bot")
    parser.add_argument("--botbowl-pathfinding", action="store_true",
                        help="botbowl's path finding on (its Cython part; its example: off)")
    parser.add_argument("--out", type=Path, default=OUT)
    # Internal: run one side in this process and print its JSON.
    parser.add_argument("--worker", choices=("eden", "botbowl"), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--cpu", type=int, default=None, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def one_cpu() -> int:
    """The CPU both sides are pinned to: the last this process may use."""
    return max(os.sched_getaffinity(0))


def _spawn(command: list[str]) -> dict[str, Any]:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          timeout=WORKER_TIMEOUT_S, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:4])}... failed:\n{done.stderr[-2000:]}")
    # The worker's figures are its last line (an engine may print on its own).
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _rates(side: dict[str, float]) -> tuple[float, float]:
    return side["decisions"] / side["cpu_s"], side["games"] / side["cpu_s"]


def side_by_side(args: argparse.Namespace) -> dict[str, Any]:
    """Interleave the rounds; the figures (medians) and each round's raw counts."""
    checkout = str(Path(args.botbowl).resolve())
    python = args.python or default_python(checkout)
    cpu = one_cpu()
    this_file = str(Path(__file__).resolve())
    rounds: list[dict[str, Any]] = []
    for r in range(args.rounds):
        seed = 1000 * r
        bb_command = [python, this_file, "--worker", "botbowl", "--botbowl", checkout,
                      "--games", str(args.games), "--seed", str(seed), "--cpu", str(cpu),
                      "--botbowl-agent", args.botbowl_agent]
        if args.botbowl_pathfinding:
            bb_command.append("--botbowl-pathfinding")
        eden_command = [sys.executable, "-m", "bench.peers", "--worker", "eden",
                        "--matches", str(args.matches), "--seed", str(seed), "--cpu", str(cpu)]
        order = [("botbowl", bb_command), ("eden", eden_command)]
        if r % 2:
            order.reverse()
        rounds.append({name: _spawn(command) for name, command in order})
    per_round: dict[str, list[float]] = {}
    for done in rounds:
        bb_decisions, bb_games = _rates(done["botbowl"])
        ours = {"": _rates(done["eden"]["views"]), "noview_": _rates(done["eden"]["no_views"])}
        values = {"peer_botbowl_decisions_per_s": bb_decisions,
                  "peer_botbowl_games_per_s": bb_games}
        for tag, (decisions, games) in ours.items():
            values[f"peer_eden_{tag}decisions_per_s"] = decisions
            values[f"peer_eden_{tag}games_per_s"] = games
            values[f"peer_{tag}decisions_x"] = decisions / bb_decisions
            values[f"peer_{tag}games_x"] = games / bb_games
        for key, value in values.items():
            per_round.setdefault(key, []).append(value)
    figures = {key: median(values) for key, values in per_round.items()}
    return {
        "botbowl": {"checkout": checkout, "python": python, "commit": _commit(checkout),
                    "agent": args.botbowl_agent, "pathfinding": args.botbowl_pathfinding,
                    "compiled_pathfinding": rounds[0]["botbowl"]["compiled_pathfinding"]},
        "cpu": cpu,
        "figures": figures,
        "goals": {"decisions_x": GOAL_DECISIONS_X, "games_x": GOAL_GAMES_X},
        "rounds": rounds,
    }


def _commit(checkout: str) -> str:
    try:
        return subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _goal(ratio: float, goal: float) -> str:
    return f"goal >= {goal:g}x: {'met' if ratio >= goal else 'not met'}"


def report(result: dict[str, Any]) -> str:
    """The figures as lines, with the issue's goals met or not."""
    f = result["figures"]
    bb = result["botbowl"]
    pathfinding = "on" if bb["pathfinding"] else "off"
    lines = [
        f"botbowl {bb['commit']} ({bb['agent']}, path finding {pathfinding}, "
        f"Cython path finder {'compiled' if bb['compiled_pathfinding'] else 'NOT compiled'}), "
        f"CPU {result['cpu']}, {len(result['rounds'])} rounds, medians:",
        f"  botbowl       {f['peer_botbowl_decisions_per_s']:8,.0f} decisions/s "
        f"{f['peer_botbowl_games_per_s']:6.2f} games/s",
        f"  Eden (views)  {f['peer_eden_decisions_per_s']:8,.0f} decisions/s "
        f"{f['peer_eden_games_per_s']:6.2f} matches/s",
        f"  Eden (none)   {f['peer_eden_noview_decisions_per_s']:8,.0f} decisions/s "
        f"{f['peer_eden_noview_games_per_s']:6.2f} matches/s",
    ]
    for tag, label in (("", "with views"), ("noview_", "without views")):
        d, g = f[f"peer_{tag}decisions_x"], f[f"peer_{tag}games_x"]
        lines.append(f"  Eden / botbowl {label}: {d:.2f}x decisions/s "
                     f"({_goal(d, GOAL_DECISIONS_X)}), {g:.2f}x games/s ({_goal(g, GOAL_GAMES_X)})")
    return "\n".join(lines)


def measure(args: argparse.Namespace) -> dict[str, float]:
    """The side by side for parsed arguments: printed, written to ``args.out``, returned."""
    if not args.botbowl:
        print("bench.peers: no botbowl checkout given (--botbowl or BOTBOWL_CHECKOUT): skipped")
        return {}
    result = side_by_side(args)
    print(report(result))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"written {args.out}")
    return dict(result["figures"])


def run() -> dict[str, float]:
    """``make bench``'s entry: the side by side with the defaults, {} without a checkout."""
    return measure(parse_args([]))


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.worker:
        if args.cpu is not None:
            os.sched_setaffinity(0, {args.cpu})
        if args.worker == "eden":
            out: dict[str, Any] = dict(eden_worker(args.matches, args.seed))
        else:
            out = botbowl_worker(args.botbowl, args.games, args.seed,
                                 args.botbowl_agent, args.botbowl_pathfinding)
        print(json.dumps(out))
        return
    measure(args)


if __name__ == "__main__":
    main()
