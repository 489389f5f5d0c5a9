"""The side-by-side workloads (issue 43): each a fixed amount of work on one core, timed with
the process's CPU time, written so that this ONE file runs against the baseline tree
(0633749, before the games moved under ``skirmish.games``) and against the current one.

:mod:`bench.side_by_side` runs this file in a fresh subprocess per workload, tree and round
(``python -P bench/workloads.py WORKLOAD --out FILE``, with ``PYTHONPATH=<tree>/src:<tree>``
so the tree's own ``skirmish`` and ``bench.troops`` are imported). Nothing here imports the
other bench modules (they differ between the trees, and other people change them); what
moved between the trees is found by :func:`first_module` under its old or its new name.

Each workload returns a :class:`Result`: its figures (rates ``..._per_s`` or CPU times
``..._s``), and a digest of what it played (the ``str`` of every action of every game, the
search's statistics, the SVG...), so the driver can say whether both trees played the same
games. The digest is information, never a failure: a workload that stopped being exact is
for the golden tests to catch.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

#: Eden's optional rules, all on, as the golden records and ``skirmish soak --rules`` put them
#: into a set-up (tests/golden/replay.py).
EDEN_OPTIONAL_RULES: dict[str, Any] = {"territory": True, "infestation": "random",
                                       "climate": ["roll"]}
#: bench/masseffect.py's match: two sample bands on the Escarmouche scenario.
ME_BANDS = ("Escouade Orion", "Cellule Tisiphone")
ME_SCENARIO = "Escarmouche"
#: The preset whose search the MCTS workloads run (rollouts to the end of the round in Eden,
#: of the turn in ME:A), as bench/mcts.py's ``ROUND``: its settings less its budget.
MCTS_PRESET = "normal"
BUDGET_KEYS = ("iterations", "seconds", "me_iterations")
#: The side (cm) of the square each base of the render workload's table stands in.
CELL_CM = 5.0


@dataclass
class Result:
    """What one run of a workload measured: ``figures`` by name (rates end in ``_per_s``,
    CPU times in ``_s``), ``digest``, a hash of what was played (equal in both trees when
    they play the same games), and ``notes`` (the work done: games, decisions, settings)."""

    figures: dict[str, float]
    digest: str = ""
    notes: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"figures": self.figures, "digest": self.digest, "notes": self.notes}


def first_module(*names: str) -> ModuleType:
    """The first of ``names`` that imports: a module under its current name, then under its
    name at the baseline. A module that exists but fails to import is an error, not a miss."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise
    raise ModuleNotFoundError(f"none of {', '.join(names)}")


def _digest(texts: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode())
        digest.update(b"\n")
    return digest.hexdigest()[:16]


def _ruleset(name: str) -> Any:
    from skirmish.core.ruleset import RULESETS  # the same registry in both trees

    return RULESETS.get(name)


#: The house-rule readings that play as the baseline commit (0633749) played, for the
#: options whose default issue 47 switched to the rulebook's literal reading: both trees
#: then play the same games (the digests check it). A tree without house rules (the
#: baseline) gets none; an option this tree does not know is left out.
BASELINE_READINGS: dict[str, dict[str, str]] = {
    "eden": {"eden-npf-prowl": "up-to", "eden-scenery-ranged": "contact",
             "eden-scenery-no-room": "lost"},
    "masseffect": {"me-rear-counter-charge": "forbidden", "me-natural-rolls": "naturals",
                   "me-eliminate-points": "card", "me-protection-uses": "each-phase",
                   "me-bare-hands": "one-worse", "me-melee-weapon": "best",
                   "me-brushing-past": "passes", "me-climbing": "never"},
}


def as_baseline(game: str, setup: dict[str, Any]) -> dict[str, Any]:
    """``setup`` with :data:`BASELINE_READINGS` of ``game`` where this tree knows them."""
    try:
        from skirmish.core.house_rules import house_rules_of
    except ImportError:  # the baseline: no house rules
        return setup
    known = {rule.name for rule in house_rules_of(game)}
    readings = {k: v for k, v in BASELINE_READINGS[game].items() if k in known}
    if readings:
        setup = {**setup, "house_rules": {**setup.get("house_rules", {}), **readings}}
    return setup


def eden_setup(optional: bool = False) -> dict[str, Any]:
    """The benchmark's Eden match (``bench.troops``: the starter factions' suggested
    100-point troops), with all the optional rules when ``optional``."""
    from bench.troops import benchmark_setup

    setup = dict(benchmark_setup())
    if optional:
        setup["rules"] = json.loads(json.dumps(EDEN_OPTIONAL_RULES))
    return as_baseline("eden", setup)


def me_setup() -> dict[str, Any]:
    """bench/masseffect.py's match: Escouade Orion against Cellule Tisiphone, Escarmouche."""
    game = first_module("skirmish.games.masseffect", "skirmish.masseffect")
    library = first_module("skirmish.games.masseffect.cards.library",
                           "skirmish.masseffect.cards.library")
    setup: dict[str, Any] = game.match_setup(library.load_library(), list(ME_BANDS),
                                             ME_SCENARIO)
    return as_baseline("masseffect", setup)


def play_random(ruleset: Any, setup: dict[str, Any], seed: int,
                stop: Callable[[Any], bool] | None = None, views: bool = False,
                chosen: list[str] | None = None) -> Any:
    """A game random against random from ``seed`` (agents seeded ``seed`` and ``seed + 1``),
    each agent given its view and the listed legal actions, as bench/kernel.py plays it;
    to its end, or until ``stop(game)`` (asked before each choice).

    A decision with one legal action is applied without asking the agent (nor building its
    view), and only the choices are written in ``chosen``: so a tree that asks a decision
    the other does not - issue 46 opens the tactical windows on public facts, where a player
    with no playable card can only pass - still plays the same games, its agents drawing
    the same numbers for the same choices, and both count the same choices."""
    from skirmish.core import RandomAgent
    from skirmish.core.agents import view_of

    game = ruleset.new_game(setup, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while not game.is_over:
        legal = list(game.legal_actions())
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        if stop and stop(game):
            break
        player = game.decision().player
        agent = agents[player]
        if views:  # the deciding seat's view built, as an agent that reads it is given
            action = agent.act(view_of(game, player), legal)
        else:
            action = agent.act(view_of(game, player, agent), legal)
        game.apply(action)
        if chosen is not None:
            chosen.append(str(action))
    return game


def random_games(ruleset_name: str, setup: dict[str, Any], games: int,
                 first_seed: int = 0, views: bool = False) -> Result:
    """``games`` whole random games (seeds ``first_seed``...): decisions and games per
    CPU second, the digest of every action chosen. The decisions counted are the choices
    (a decision with two legal actions or more: :func:`play_random`)."""
    ruleset = _ruleset(ruleset_name)
    histories: list[str] = []
    decisions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        chosen: list[str] = []
        play_random(ruleset, setup, seed, views=views, chosen=chosen)
        decisions += len(chosen)
        histories.append(f"{seed}:" + "|".join(chosen))
    elapsed = time.process_time() - start
    return Result({"decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed},
                  _digest(histories), {"games": games, "decisions": decisions,
                                       "cpu_s": elapsed})


def eden_random(games: int = 40) -> Result:
    """Random against random, whole Eden matches on the benchmark's set-up."""
    return random_games("eden", eden_setup(), games)


def eden_random_views(games: int = 24) -> Result:
    """The same, the deciding seat's view built at every decision (botbowl's agents are
    given the game's state: bench/peers.py)."""
    return random_games("eden", eden_setup(), games, views=True)


def eden_optional(games: int = 10) -> Result:
    """The same with all of Eden's optional rules (territory, infestation, climate)."""
    return random_games("eden", eden_setup(optional=True), games)


def me_random(games: int = 20) -> Result:
    """Random against random, whole ME:A games on bench/masseffect.py's set-up."""
    return random_games("masseffect", me_setup(), games)


def search_settings() -> dict[str, Any]:
    """The preset's search less its budget (bench/mcts.py's ``ROUND``), from the agents'
    registry (the same in both trees; ``skirmish.bots.mcts.presets`` lost ME:A's keys when
    the games moved)."""
    from skirmish.bots.registry import AGENTS

    presets = AGENTS["mcts"].presets
    return {k: v for k, v in presets[MCTS_PRESET].items() if k not in BUDGET_KEYS}


def eden_mid_game(seed: int = 7) -> Any:
    """bench/kernel.py's mid-game: a random match ten decisions into round 3 (the first
    seed from ``seed`` whose match is not over by then)."""
    ruleset, setup = _ruleset("eden"), eden_setup()
    for attempt in range(20):
        game = play_random(ruleset, setup, seed + attempt, stop=_into_round_3(10))
        if not game.is_over:
            return game
    raise RuntimeError("no match reached round 3")


def _into_round_3(decisions: int) -> Callable[[Any], bool]:
    """A stop: true once ``decisions`` decisions of round 3 are played."""
    played = [0]

    def stop(game: Any) -> bool:
        if game.state.round < 3:
            return False
        played[0] += 1
        return played[0] > decisions

    return stop


def me_mid_game(seed: int = 7) -> Any:
    """bench/mcts.py's ME:A mid-game: a random game at the start of turn 3."""
    game = play_random(_ruleset("masseffect"), me_setup(), seed,
                       stop=lambda g: g.state.turn >= 3)
    if game.is_over:
        raise RuntimeError("the ME:A game ended before turn 3")
    return game


def _table_digest(game: Any) -> str:
    """The digest of a game's table (its state's snapshot, not its list of actions: a tree
    that asks one more decision with a single legal action reaches the same table)."""
    return _digest([json.dumps(game.state.to_json(), sort_keys=True)])


def search_rate(game: Any, iterations: int, searches: int) -> Result:
    """``searches`` MCTS searches (seeds 0...) of ``iterations`` each from the deciding
    player's view, the preset's settings, timed around ``run`` from cold (the path and
    sight memos emptied), as bench/mcts.py times them: iterations per CPU second."""
    from skirmish.bots.mcts.agent import MCTSAgent
    from skirmish.core.agents import view_of
    from skirmish.geometry.paths import clear_path_memo

    try:  # every bounded memo of the rules (a tree older than skirmish.core.memos has none)
        from skirmish.core.memos import clear_memos
    except ImportError:
        def clear_memos() -> None:
            return None

    targeting = first_module("skirmish.games.masseffect.combat.targeting",
                             "skirmish.masseffect.combat.targeting")
    settings = search_settings()
    player = game.decision().player
    legal = list(game.legal_actions())
    done, elapsed, seen = 0, 0.0, [_table_digest(game)]
    for seed in range(searches):
        agent = MCTSAgent(seed, **{**settings, "iterations": iterations})
        search = agent.search(view_of(game, player, agent), legal, seed)
        clear_path_memo()
        targeting.clear_targeting_memo()
        clear_memos()
        start = time.process_time()
        search.run()
        elapsed += time.process_time() - start
        done += search.iterations
        seen.append(str(search.iterations))
    return Result({"iterations_per_s": done / elapsed}, _digest(seen),
                  {"searches": searches, "iterations": done, "cpu_s": elapsed,
                   "settings": settings})


def mcts_round(iterations: int = 16, searches: int = 5) -> Result:
    """Eden: the search's round rollouts on the mid-game (digest: the mid-game's state)."""
    return search_rate(eden_mid_game(), iterations, searches)


def me_mcts_turn(iterations: int = 40, searches: int = 4) -> Result:
    """ME:A: the search's turn rollouts on the turn-3 game (digest: the game's state)."""
    return search_rate(me_mid_game(), iterations, searches)


def rl_eden_observed(steps: int = 4000, first_seed: int = 0) -> Result:
    """PettingZoo AEC Eden steps per CPU second on the benchmark's match, the observation
    built at every step and a masked random policy reading its mask (bench/rl.py's way),
    for exactly ``steps`` steps with a choice (digest: the notation of every action chosen
    and every mask's size: an action's index may move when the action space is laid out
    anew - issue 47 gave ``attack`` a weapon - while the legal indices keep their order,
    so that the same games are played); a step with one legal index is taken without a
    draw and not counted, as :func:`play_random` does."""
    import numpy as np

    from skirmish.rl.aec import SkirmishAEC

    env = SkirmishAEC("eden", setup=eden_setup())
    rng = np.random.default_rng(first_seed)
    done, seed, trail = 0, first_seed, []
    start = time.process_time()
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _info = env.last(True)
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            if len(legal) == 1:  # no choice: taken without a draw, not counted (play_random)
                env.step(int(legal[0]))
                continue
            choice = int(legal[rng.integers(len(legal))])
            trail.append(f"{env.notation(choice)}/{len(legal)}")
            env.step(choice)
            done += 1
            if done >= steps:
                break
    elapsed = time.process_time() - start
    return Result({"steps_per_s": done / elapsed}, _digest(trail),
                  {"steps": done, "episodes": seed - first_seed, "cpu_s": elapsed})


def crowded_table(bases: int, seed: int = 1) -> dict[str, Any]:
    """A table file (JSON) of ``bases`` bases, one in each ``CELL_CM`` square of a jittered
    grid on a square field just big enough (fields are at most 500 cm a side, so 10,000
    bases stand in 4.95 cm squares), two sides, a scenery element and a marker every 100
    bases: one density whatever the size, so a linear drawing takes time in proportion."""
    rng = random.Random(seed)
    extra = bases // 100
    cols = math.ceil(math.sqrt(bases + 2 * extra))
    cell = min(CELL_CM, 500.0 / max(cols, 1))
    side = max(20.0, cols * cell)
    squares = [(i % cols, i // cols) for i in range(cols * cols)]
    rng.shuffle(squares)
    base_list = []
    for n, (i, j) in enumerate(squares[:bases]):
        r = rng.choice((1.25, 1.5, 2.0))
        room = cell / 2 - r - 0.1
        owner = "AB"[n % 2]
        base_list.append({"id": f"{owner}{n // 2}", "owner": owner,
                          "x": round((i + 0.5) * cell + rng.uniform(-room, room), 3),
                          "y": round((j + 0.5) * cell + rng.uniform(-room, room), 3),
                          "radius": r})
    elements, markers = [], []
    for k, (i, j) in enumerate(squares[bases:bases + 2 * extra]):
        x, y = (i + 0.5) * cell, (j + 0.5) * cell
        if k % 2:
            markers.append({"id": f"m{k // 2}", "x": x, "y": y, "radius": 0.5,
                            "label": "objective"})
        else:
            elements.append({"id": f"s{k // 2}", "circle": [x, y, 1.8], "sight": "opaque",
                             "label": f"ruin {k // 2}"})
    return {"field": {"width": side, "height": side}, "elements": elements,
            "bases": base_list, "markers": markers}


def render(bases: int = 400) -> Result:
    """``skirmish render``'s SVG (framed, labels on) of the crowded table of ``bases``:
    the table file read and drawn as the command reads and draws it, CPU seconds
    (figure ``<bases>_bases_s``; digest: the SVG)."""
    from skirmish.cli.render_cmd import load_picture, load_table
    from skirmish.geometry.svg import render as render_svg

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"table-{bases}.json"
        path.write_text(json.dumps(crowded_table(bases)))
        start = time.process_time()
        svg = render_svg(load_picture(path, load_table(path)), labels=True, frame=True)
        elapsed = time.process_time() - start
    return Result({f"{bases}_bases_s": elapsed}, _digest([svg]),
                  {"bases": bases, "svg_chars": len(svg)})


#: The workloads by name, in the order the driver runs them.
WORKLOADS: dict[str, Callable[..., Result]] = {
    "eden_random": eden_random,
    "eden_random_views": eden_random_views,
    "eden_optional": eden_optional,
    "me_random": me_random,
    "mcts_round": mcts_round,
    "me_mcts_turn": me_mcts_turn,
    "rl_eden_observed": rl_eden_observed,
    "render": render,
}


def pin_to_core(core: int | None) -> int | None:
    """Run on ``core`` alone (``os.sched_setaffinity``, where the system has it); the core
    pinned, or None."""
    if core is None or not hasattr(os, "sched_setaffinity"):
        return None
    try:
        os.sched_setaffinity(0, {core})
    except OSError:
        return None
    return core


def main(argv: list[str] | None = None) -> None:
    """``python -P bench/workloads.py WORKLOAD [--arg NAME=INT ...] [--core N] --out FILE``:
    one workload in this process, its :class:`Result` (with the ``skirmish`` package it
    ran) written to FILE as JSON."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("workload", choices=sorted(WORKLOADS))
    parser.add_argument("--arg", action="append", default=[], metavar="NAME=INT",
                        help="the workload's amount of work (e.g. games=4)")
    parser.add_argument("--core", type=int, default=None)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    kwargs = {name: int(value) for name, _, value in (a.partition("=") for a in args.arg)}
    core = pin_to_core(args.core)
    import skirmish

    result = WORKLOADS[args.workload](**kwargs).to_json()
    result["package"] = str(Path(skirmish.__file__).resolve().parent)
    result["core"] = core
    args.out.write_text(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
