"""``skirmish simulate`` and ``skirmish matchup``: many games, in parallel, reproducibly."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from skirmish.cli.errors import (
    check_output,
    check_output_dir,
    check_workers,
    fail,
    guard,
    save_json,
)
from skirmish.sim.runner import BatchSpec, GameSummary, run_batch
from skirmish.sim.stats import BatchReport, wilson_interval
from skirmish.sim.troops import setup_for

console = Console()


def _agents(text: str, count: int) -> tuple[str, ...]:
    """The agents named by ``--agents``, each known (checked before any game)."""
    from skirmish.bots.registry import make_agent

    names = tuple(a.strip() for a in text.split(","))
    if len(names) != count or not all(names):
        example = "heuristic,random" if count == 2 else "heuristic"
        raise ValueError(f"--agents takes {count} name{'s' if count > 1 else ''}, e.g. "
                         f"{example}; got {text!r}")
    for name in names:
        make_agent(name, 0)
    return names


def _run_with_progress(spec: BatchSpec, workers: int | None, label: str,
                       quiet: bool = False) -> list[GameSummary]:
    start = time.perf_counter()
    if quiet:
        return run_batch(spec, workers)
    with Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                  console=console, transient=False) as progress:
        task = progress.add_task(label, total=spec.games, rate="")

        def tick(_: GameSummary) -> None:
            done = progress.tasks[0].completed + 1
            rate = done / max(1e-9, time.perf_counter() - start)
            progress.update(task, advance=1, rate=f"{rate:.1f} games/s")

        return run_batch(spec, workers, tick)


@guard
def simulate(
    troop_a: Annotated[str | None, typer.Option(help="Troop A: a troop file or a name.")] = None,
    troop_b: Annotated[str | None, typer.Option(help="Troop B: a troop file or a name.")] = None,
    agents: Annotated[str, typer.Option(help="Two agents: random, heuristic.")] = (
        "heuristic,random"
    ),
    games: Annotated[int, typer.Option(min=1, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Batch seed (same seed, same results).")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    game: Annotated[str, typer.Option(help="The ruleset.")] = "eden",
    setup: Annotated[str | None, typer.Option(help="A full set-up file instead of troops.")] = None,
    rounds: Annotated[int, typer.Option(min=1, max=5, help="Rounds per match.")] = 5,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the report here.")] = None,
    log_dir: Annotated[Path | None, typer.Option(help="Write every game's record here.")] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    content: Annotated[list[Path] | None, typer.Option(
        help="A folder of your own cards (adds or overrides); repeatable.")] = None,
) -> None:
    """Play many games between two agents; report wins with 95% intervals, VP, rounds,
    and each fighter's survival and kills."""
    from skirmish.core.ruleset import RULESETS

    # Everything that can be refused is checked before the first game: the agents, the
    # output paths (their folders created), the troops or set-up, a first game set up.
    names = _agents(agents, 2)
    workers = check_workers(workers)
    if json_out is not None:
        check_output(json_out, "report file")
    if log_dir is not None:
        check_output_dir(log_dir, "record folder")
    the_setup = setup_for(troop_a, troop_b, max_rounds=rounds, setup_file=setup,
                          content=tuple(str(c) for c in content or ()))
    spec = BatchSpec(the_setup, (names[0], names[1]), games, seed, game,
                     log_dir=str(log_dir) if log_dir else None)
    try:
        RULESETS.get(game).new_game(the_setup, seed=0)  # fail fast on a bad set-up
    except ValueError as exc:
        raise ValueError(f"{setup}: {exc}" if setup else str(exc)) from None
    start = time.perf_counter()
    summaries = _run_with_progress(spec, workers, f"{names[0]} vs {names[1]}", quiet)
    elapsed = time.perf_counter() - start
    report = BatchReport.of((names[0], names[1]), summaries)
    _print_report(report, elapsed)
    if json_out is not None:
        data = report.to_json()
        data["seconds"] = elapsed
        data["games_per_second"] = len(summaries) / max(1e-9, elapsed)
        save_json(json_out, data, "report file")
        console.print(f"report written to {json_out}")
    if log_dir is not None:
        console.print(f"{len(summaries)} game records written to {log_dir}")


def _print_report(report: BatchReport, elapsed: float) -> None:
    table = Table(title=f"{report.games} games in {elapsed:.1f} s "
                        f"({report.games / max(1e-9, elapsed):.1f} games/s)")
    for column in ("agent", "wins", "draws", "losses", "win %", "95% interval", "mean VP"):
        table.add_column(column, justify="right" if column != "agent" else "left")
    for i, name in enumerate(report.agents):
        lo, hi = report.interval(i)
        table.add_row(name, str(report.wins[i]), str(report.draws), str(report.wins[1 - i]),
                      f"{100 * report.wins[i] / max(1, report.games):.1f}",
                      f"{100 * lo:.1f}-{100 * hi:.1f}", f"{report.mean_vp[i]:.2f}")
    console.print(table)
    console.print(f"mean rounds {report.mean_rounds:.2f}, mean decisions "
                  f"{report.mean_decisions:.0f} per game")
    fighters = Table(title="Fighters (by seat)")
    for column in ("fighter", "survival %", "kills per game"):
        fighters.add_column(column, justify="right" if column != "fighter" else "left")
    for ref, survival in report.survival.items():
        fighters.add_row(ref, f"{100 * survival:.0f}", f"{report.kills.get(ref, 0):.2f}")
    console.print(fighters)


@guard
def matchup(
    troops: Annotated[str, typer.Option(help="Comma-separated troop files or names.")],
    agents: Annotated[str, typer.Option(help="The agent that plays every troop.")] = "heuristic",
    games: Annotated[int, typer.Option(min=2, help="Games per pair.")] = 40,
    seed: Annotated[int, typer.Option(help="Batch seed.")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    rounds: Annotated[int, typer.Option(min=1, max=5, help="Rounds per match.")] = 5,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the table here.")] = None,
    png: Annotated[Path | None, typer.Option(help="Draw a heat map here (PNG).")] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bars.")] = False,
    content: Annotated[list[Path] | None, typer.Option(
        help="A folder of your own cards (adds or overrides); repeatable.")] = None,
) -> None:
    """Every troop against every other (each side and seat equally often): a win-% table."""
    names = [t.strip() for t in troops.split(",") if t.strip()]
    if len(names) < 2:
        raise fail(f"--troops needs at least two troops, got {troops!r}")
    agent = _agents(agents, 1)[0]
    workers = check_workers(workers)
    for path, what in ((json_out, "table file"), (png, "heat map")):
        if path is not None:
            check_output(path, what)
    content_dirs = tuple(str(c) for c in content or ())
    # every troop is checked (and every pair set up) before the first game
    setups = {(i, j): setup_for(names[i], names[j], max_rounds=rounds, content=content_dirs)
              for i, j in itertools.combinations(range(len(names)), 2)}
    rate: dict[tuple[int, int], float] = {}
    for (i, j), setup in setups.items():
        spec = BatchSpec(setup, (agent, agent), games, seed)
        results = _run_with_progress(spec, workers, f"{names[i]} vs {names[j]}", quiet)
        wins_i = sum(1 for s in results if s.winner_agent is not None
                     and s.agent_seats[s.winner_agent] == 0)
        wins_j = sum(1 for s in results if s.winner_agent is not None
                     and s.agent_seats[s.winner_agent] == 1)
        rate[(i, j)] = (wins_i + 0.5 * (games - wins_i - wins_j)) / games
        rate[(j, i)] = 1 - rate[(i, j)]
    table = Table(title=f"win % of the row troop ({games} games a pair, draws count half)")
    table.add_column("troop")
    for name in names:
        table.add_column(Path(name).stem, justify="right")
    for i, name in enumerate(names):
        table.add_row(Path(name).stem, *("-" if i == j else f"{100 * rate[(i, j)]:.0f}"
                                         for j in range(len(names))))
    console.print(table)
    if json_out is not None:
        data = {"troops": names, "games_per_pair": games, "agents": agents,
                "win_rate": [[None if i == j else rate[(i, j)] for j in range(len(names))]
                             for i in range(len(names))],
                "win_rate_95": [[None if i == j else list(wilson_interval(rate[(i, j)] * games,
                                                                            games))
                                 for j in range(len(names))] for i in range(len(names))]}
        save_json(json_out, data, "table file")
    if png is not None:
        try:
            _heat_map(names, rate, png)
        except OSError as exc:
            raise fail(f"{png}: cannot draw the heat map ({exc.strerror or exc}); the table "
                       "is printed above") from None
        console.print(f"heat map drawn in {png}")


def _heat_map(names: list[str], rate: dict[tuple[int, int], float], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(names)
    grid = [[rate.get((i, j), 0.5) for j in range(n)] for i in range(n)]
    labels = [Path(name).stem for name in names]
    fig, ax = plt.subplots(figsize=(1.2 * n + 2, 1.2 * n + 1))
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(n), labels, rotation=45, ha="right")
    ax.set_yticks(range(n), labels)
    for i in range(n):
        for j in range(n):
            if i != j:
                ax.text(j, i, f"{100 * grid[i][j]:.0f}", ha="center", va="center")
    ax.set_title("win % of the row troop")
    fig.colorbar(image)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)
