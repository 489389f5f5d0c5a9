"""``skirmish soak``: many whole matches, every invariant checked after every action."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from skirmish.cli.errors import check_output, check_workers, guard, save_json
from skirmish.cli.options import (
    HouseRulesFileOpt,
    RulesOpt,
    default_game,
    games_help,
    house_rules_choices,
)

console = Console()


@guard
def soak(
    matches: Annotated[int, typer.Option(min=1, max=10_000_000, help="Matches to play.")] = 1000,
    agents: Annotated[str, typer.Option(help="Two agents (they swap seats every cycle).")] = (
        "random,random"
    ),
    pairings: Annotated[str, typer.Option(
        help="'factions' (every faction pairing, both seats), 'all' (factions and stigmas), "
        "or pairs like Jokers:Bamaka,ISC:Jokers (the game's own troops or bands).")] =
    "factions",
    seed: Annotated[int, typer.Option(help="Soak seed (match i depends only on it and i).")] = 0,
    record_every: Annotated[int, typer.Option(
        min=0, help="Re-play the record of every N-th match (0: never).")] = 100,
    workers: Annotated[int | None, typer.Option(min=1, help="Processes (default: all cores).")]
    = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the summary here.")]
    = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    game: Annotated[str | None, typer.Option(
        help=f"{games_help()} Its sample troops (bands ...), on its sample scenarios in "
        "turn when it has scenarios.", show_default=False)] = None,
    rules: RulesOpt = None,
    house_rules: Annotated[str | None, typer.Option(
        "--house-rules", help="House rules, name=reading comma-separated (`skirmish "
                              "house-rules` lists them), or `random`: each match a random "
                              "reading of every option.")] = None,
    house_rules_file: HouseRulesFileOpt = None,
    max_rss_growth: Annotated[float | None, typer.Option(
        min=0, max=1000, help="Play in this process, sample its memory (RSS) after every "
        "match and fail when it grew more than this percent over the last half.")] = None,
    with_game: Annotated[str | None, typer.Option(
        "--with", help="Also play MATCHES of another GAME (GAME:MATCHES, its sample troops, "
        "the same agents) in this process, interleaved with these as a server hosting both "
        "plays them.", show_default=False)] = None,
) -> None:
    """Play many matches checking the rules' invariants after every action and re-playing
    records; exit code 1 when anything broke (each problem is listed with its seed)."""
    from skirmish.bots.registry import make_agent, split_agents
    from skirmish.sim.game_parts import rules_owners, sims_of
    from skirmish.sim.memory import MemoryWatch
    from skirmish.sim.soak import SoakSpec, describe, parse_pairings, run_soak

    workers = check_workers(workers)
    memory = None
    if max_rss_growth is not None:
        if workers not in (None, 1):
            raise ValueError("--max-rss-growth plays in this process: leave out --workers "
                             f"(or --workers 1); got --workers {workers}")
        memory = MemoryWatch()
    if with_game is not None and workers not in (None, 1):
        raise ValueError("--with plays both games in this process: leave out --workers "
                         f"(or --workers 1); got --workers {workers}")
    names = tuple(split_agents(agents))
    if len(names) != 2 or not all(names):
        raise ValueError(f"--agents takes two names, e.g. random,heuristic; got "
                         f"{agents[:80]!r}")
    for name in names:
        try:
            make_agent(name, 0)
        except ValueError as exc:
            raise ValueError(f"--agents: {exc}") from None
    game = game or default_game()
    sims = sims_of(game)
    rules_json = ""
    if rules is not None:
        if not sims.has_rules:
            raise ValueError(f"--rules: {rules_owners()}'s optional rules; --game {game} "
                             "has none")
        rules_json = json.dumps(sims.parse_rules(rules), sort_keys=True)
    house_json = "random" if house_rules == "random" else ""
    if house_rules_file is not None or (house_rules is not None and not house_json):
        house_json = json.dumps(house_rules_choices(house_rules, house_rules_file, game))
    spec = SoakSpec(matches, parse_pairings(pairings, game), (names[0], names[1]), seed,
                    record_every, game=game, rules=rules_json, house_rules=house_json)
    if pairings not in ("factions", "all"):  # unknown troops refused before any match
        checked = iter(sims.check_names([n for pair in spec.pairings for n in pair]))
        spec = SoakSpec(matches, tuple((next(checked), next(checked)) for _ in spec.pairings),
                        spec.agents, seed, record_every, game=game, rules=rules_json,
                        house_rules=house_json)
    if json_out is not None:
        check_output(json_out, "summary file")
    if with_game is not None:
        _soak_with(spec, with_game, quiet, memory, max_rss_growth, json_out)
        return
    start = time.perf_counter()
    if quiet:
        report = run_soak(spec, workers, memory=memory)
    else:
        with Progress(TextColumn("[bold]soak"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                      console=console) as progress:
            task = progress.add_task("soak", total=matches, rate="")

            def tick(_: object) -> None:
                done = progress.tasks[0].completed + 1
                rate = done / max(1e-9, time.perf_counter() - start)
                progress.update(task, advance=1, rate=f"{rate:.1f} matches/s")

            report = run_soak(spec, workers, tick, memory)
    for line in describe(report, spec):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    problem = _memory_lines(memory, max_rss_growth)
    if json_out is not None:
        save_json(json_out, {"spec": {"game": game, "matches": matches, "agents": list(names),
                                      "pairings": [list(p) for p in spec.pairings],
                                      "seed": seed, "record_every": record_every,
                                      "rules": json.loads(rules_json or "{}"),
                                      "house_rules": (house_json if house_json == "random"
                                                      else json.loads(house_json or "{}"))},
                             **report.to_json(),
                             **(memory.to_json() if memory is not None else {})},
                  "summary file")
    if not report.clean or problem:
        raise typer.Exit(1)


def _soak_with(spec: Any, with_game: str, quiet: bool, memory: Any,
               max_rss_growth: float | None, json_out: Path | None) -> None:
    """``--with GAME:N``: this soak and N matches of another game, interleaved in this
    process (:mod:`skirmish.sim.soak_mixed`); a report for each game, the memory of both."""
    from dataclasses import replace

    from skirmish.core.plugins import GAMES
    from skirmish.sim.soak import describe, parse_pairings
    from skirmish.sim.soak_mixed import parse_with, run_interleaved

    name, count = parse_with(with_game, [g.name for g in GAMES])
    if name == spec.game:
        raise ValueError(f"--with: {name} is the soak's own game (--game); name another")
    other = replace(spec, matches=count, game=name, pairings=parse_pairings("all", name),
                    rules="", house_rules="random" if spec.house_rules == "random" else "")
    specs = (spec, other)
    total = spec.matches + count
    if quiet:
        reports = run_interleaved(specs, memory=memory)
    else:
        with Progress(TextColumn("[bold]soak"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console) as progress:
            task = progress.add_task("soak", total=total)
            reports = run_interleaved(specs, lambda _: progress.advance(task), memory)
    for each, report in zip(specs, reports, strict=True):
        console.print(f"{each.game}:", markup=False, highlight=False)
        for line in describe(report, each):
            console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    problem = _memory_lines(memory, max_rss_growth)
    if json_out is not None:
        save_json(json_out, {"games": {each.game: {"matches": each.matches,
                                                   "agents": list(each.agents),
                                                   **report.to_json()}
                                       for each, report in zip(specs, reports, strict=True)},
                             "interleaved": True,
                             **(memory.to_json() if memory is not None else {})},
                  "summary file")
    if not all(report.clean for report in reports) or problem:
        raise typer.Exit(1)


def _memory_lines(memory: Any, max_rss_growth: float | None) -> str:
    """Print the RSS at the start, halfway and at the end; the problem line, if any."""
    if memory is None or max_rss_growth is None:
        return ""
    mb = memory.to_json().get("rss_mb", {})
    console.print(f"memory (RSS): {mb.get('start')} MB at the start, {mb.get('middle')} MB "
                  f"halfway, {mb.get('end')} MB at the end "
                  f"({100 * memory.growth:+.1f} % over the last half)", highlight=False)
    problem: str = memory.problem(max_rss_growth)
    if problem:
        console.print(problem, markup=False, highlight=False, soft_wrap=True)
    return problem
