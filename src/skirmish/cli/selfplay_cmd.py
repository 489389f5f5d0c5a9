"""``skirmish selfplay``: matches between agents written as training data (issue 49).

Light on purpose (``skirmish --help`` imports it): the engine and numpy are imported inside
the function. The logic and the folder's format are in :mod:`skirmish.learn.selfplay`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from skirmish.cli.backend_options import AddressOpt, BackendOpt, backend_of, play_batch
from skirmish.cli.errors import check_output_dir, check_workers, fail, guard, message_of
from skirmish.cli.ladder_cmd import deals_of_options
from skirmish.cli.options import (
    HouseRulesFileOpt,
    HouseRulesOpt,
    default_game,
    games_help,
    house_rules_choices,
)

console = Console()

#: Matches enough for ``make_deals`` to deal every pairing and scenario.
EVERY_DEAL = 10**9


@guard
def selfplay(
    out: Annotated[Path, typer.Option(
        "--out", help="The folder the data is written to (created, one level).")],
    agents: Annotated[str, typer.Option(help=(
        "The agent at seat A, or the agents at seats A and B (swapped in every other "
        "match), e.g. mcts:normal or mcts:hard,heuristic."))] = "mcts:normal",
    games: Annotated[int, typer.Option(min=1, max=10**9, help="Matches to play.")] = 20,
    game: Annotated[str | None, typer.Option(
        "--game", help=games_help(), show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Seed (same seed, same matches and data).")] = 0,
    rounds: Annotated[int, typer.Option(
        min=1, max=5, help="Rounds per match (a game with a round limit).")] = 5,
    troops: Annotated[str | None, typer.Option(help=(
        "The troops dealt in turn, comma-separated (as the ladder's --troops). Default: "
        "every sample troop (band), all pairings."))] = None,
    scenarios: Annotated[str | None, typer.Option(help=(
        "A game with scenarios: the scenarios dealt in turn, comma-separated. Default: "
        "every sample scenario."))] = None,
    time_caps: Annotated[bool, typer.Option(
        "--time-caps", help=("Keep the agents' seconds caps (then the data depends on the "
                             "machine's speed); by default their iteration budgets alone "
                             "decide."))] = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Keep the matches an earlier run of the same batch left in --out "
                         "and play only the others.")] = False,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Self-play data: every choice of either seat with what that seat saw (its view through
    the game's learning encoder), the search's visits and estimate, and the match's result;
    one compressed file and one record per match, reproducible from the seed, resumable."""
    from skirmish.bots.registry import split_agents
    from skirmish.learn.selfplay import SelfplaySpec, run_selfplay

    names = [n for n in split_agents(agents) if n]
    if len(names) not in (1, 2):
        raise fail(f"--agents: one agent, or two (seat A, seat B); got {agents!r}")
    pair = (names[0], names[-1])
    workers = check_workers(workers)
    where = backend_of(backend, workers, address)
    game = game or default_game()
    readings = house_rules_choices(house_rules, house_rules_file, game)
    # every deal, whatever --games: a batch resumed with more matches is the same batch
    deals = deals_of_options(game, troops, scenarios, EVERY_DEAL, rounds, readings)
    check_output_dir(out, "--out folder")
    try:
        spec = SelfplaySpec(game, pair, games, deals, str(out), seed, time_caps)
    except ValueError as exc:
        raise fail(f"--agents: {message_of(exc)}") from None
    console.print(f"selfplay: {games} matches of {game}, {pair[0]} vs {pair[1]} (seed {seed}; "
                  f"{len(deals)} deal{'s' if len(deals) > 1 else ''}) into {out}",
                  highlight=False)
    start = time.perf_counter()
    try:
        collected = play_batch("selfplay", games, lambda tick: run_selfplay(
            spec, where, resume=resume, progress=tick), console, quiet)
    except ValueError as exc:
        raise fail(message_of(exc)) from None
    summaries = collected.results
    positions = sum(s.positions for s in summaries)
    searched = sum(s.searched for s in summaries)
    console.print(f"{len(summaries)} matches, {positions} positions ({searched} searched) in "
                  f"{time.perf_counter() - start:.1f} s; seat A scored "
                  f"{sum(s.result_a for s in summaries):g} of {len(summaries)}", highlight=False)
