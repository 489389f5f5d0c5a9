"""``skirmish simulate`` and ``skirmish matchup``: many games, in parallel, reproducibly.

``simulate`` reports by troop ("Jokers (heuristic)" against "Bamaka (heuristic)") and, when
the two agents differ, by agent too; kills are the fighters' (a burn roll's kills are
listed apart). ``matchup`` draws a heat map whose cells give the win %, the games played
and the 95% interval.

Light on purpose (``skirmish --help`` imports it): the engine is imported inside functions.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skirmish.cli.backend_options import (
    AddressOpt,
    BackendOpt,
    ResumeOpt,
    backend_of,
    play_batch,
)
from skirmish.cli.errors import (
    CHART_SUFFIXES,
    check_output,
    check_output_dir,
    check_workers,
    fail,
    guard,
    save_json,
)
from skirmish.cli.options import (
    HouseRulesFileOpt,
    HouseRulesOpt,
    RulesOpt,
    default_game,
    games_help,
    house_rules_setup,
    house_rules_text,
    rules_setup,
    rules_text,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from skirmish.sim.backends import Backend, Collected
    from skirmish.sim.game_parts import GameSims
    from skirmish.sim.runner import BatchSpec, GameSummary
    from skirmish.sim.stats import BatchReport

console = Console()
#: The most troops ``matchup --troops`` names (every pair plays: 50 troops are 1,225 pairs).
MAX_TROOPS = 50

#: The agents when ``--agents`` is not given: two troops compared by the same bot, or (no
#: troop named) the bot against random play.
TROOP_AGENTS, DEFAULT_AGENTS = "heuristic,heuristic", "heuristic,random"


def _agents(text: str, count: int) -> tuple[str, ...]:
    """The agents named by ``--agents``, each known (checked before any game)."""
    from skirmish.bots.registry import make_agent, split_agents

    names = tuple(split_agents(text))
    if len(names) != count or not all(names):
        example = "heuristic,random" if count == 2 else "heuristic"
        raise ValueError(f"--agents takes {count} name{'s' if count > 1 else ''}, e.g. "
                         f"{example}; got {text[:80]!r}")
    for name in names:
        try:
            make_agent(name, 0)
        except ValueError as exc:
            raise ValueError(f"--agents: {exc}") from None
    return names


def _run_with_progress(spec: BatchSpec, backend: Backend, label: str,
                       quiet: bool = False, resume: bool = False) -> Collected[GameSummary]:
    """The batch under a progress bar (:func:`skirmish.cli.backend_options.play_batch`):
    Ctrl-C keeps the finished games; with ``resume`` the games of ``spec.log_dir`` are
    reused."""
    from skirmish.sim.runner import collect_batch

    return play_batch(label, spec.games, lambda tick: collect_batch(
        spec, backend, progress=tick, resume=resume), console, quiet)


@guard
def simulate(
    troop_a: Annotated[str | None, typer.Option(help="Troop A: a troop file or a name.")] = None,
    troop_b: Annotated[str | None, typer.Option(help="Troop B: a troop file or a name.")] = None,
    agents: Annotated[str | None, typer.Option(help=(
        f"Two agents: random, heuristic (default: {TROOP_AGENTS} when --troop-a or "
        f"--troop-b is given, else {DEFAULT_AGENTS})."))] = None,
    games: Annotated[int, typer.Option(min=1, max=10**12, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Batch seed (same seed, same results).")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    game: Annotated[str | None, typer.Option(
        help=f"{games_help()} --troop-a/--troop-b name its troops (bands ...).",
        show_default=False)] = None,
    scenario: Annotated[str | None, typer.Option(
        help="The scenario, in a game that has scenarios (a sample one or from --content; "
             "default: the game's own).", show_default=False)] = None,
    setup: Annotated[str | None, typer.Option(help="A full set-up file instead of troops.")] = None,
    rounds: Annotated[int, typer.Option(min=1, max=5, help="Rounds per match.")] = 5,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the report here.")] = None,
    log_dir: Annotated[Path | None, typer.Option(help="Write every game's record here.")] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    content: Annotated[list[Path] | None, typer.Option(
        help="A folder of your own cards (adds or overrides); repeatable.")] = None,
    rules: RulesOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    resume: ResumeOpt = False,
) -> None:
    """Play many games between two agents; report wins with 95% intervals, VP, rounds,
    and each fighter's survival and kills, by troop (and by agent when they differ)."""
    from skirmish.core.ruleset import RULESETS
    from skirmish.sim.game_parts import SetupRequest, sims_of
    from skirmish.sim.runner import BatchSpec
    from skirmish.sim.stats import BatchReport

    # Everything that can be refused is checked before the first game: the agents, the
    # output paths (their folders created), the troops or set-up, a first game set up.
    if agents is None:
        agents = TROOP_AGENTS if troop_a is not None or troop_b is not None else DEFAULT_AGENTS
    names = _agents(agents, 2)
    workers = check_workers(workers)
    where = backend_of(backend, workers, address)
    if resume and log_dir is None:
        raise ValueError("--resume: reuses the games of --log-dir; give --log-dir")
    if json_out is not None:
        check_output(json_out, "report file")
    if log_dir is not None:
        check_output_dir(log_dir, "record folder")
    game = game or default_game()
    sims = sims_of(game)
    the_setup = sims.setup(SetupRequest((troop_a, troop_b), rounds, scenario, setup,
                                        tuple(str(c) for c in content or ())))
    the_setup = rules_setup(the_setup, rules, game)
    the_setup = house_rules_setup(the_setup, house_rules, house_rules_file, game)
    spec = BatchSpec(the_setup, (names[0], names[1]), games, seed, game,
                     log_dir=str(log_dir) if log_dir else None)
    try:
        RULESETS.get(game).new_game(the_setup, seed=0)  # fail fast on a bad set-up
    except ValueError as exc:
        raise ValueError(f"{setup}: {exc}" if setup else str(exc)) from None
    troops = troop_names(the_setup, (troop_a, troop_b) if setup is None else (None, None),
                         game)
    start = time.perf_counter()
    collected = _run_with_progress(spec, where, f"{troops[0]} vs {troops[1]}", quiet, resume)
    summaries = collected.results
    elapsed = time.perf_counter() - start
    if not summaries:
        raise fail("interrupted before any game finished: nothing to report")
    report = BatchReport.of((names[0], names[1]), summaries, troops)
    if sims.has_rules:
        console.print(f"optional rules: {rules_text(the_setup, game)}", highlight=False)
    if the_setup.get("house_rules"):
        console.print(f"house rules: {house_rules_text(the_setup, game)}", highlight=False)
    _print_report(report, elapsed, sims)
    if json_out is not None:
        data = report.to_json()
        if sims.has_rules:
            data["rules"] = the_setup.get("rules", {})
        if the_setup.get("house_rules"):
            data["house_rules"] = the_setup["house_rules"]
        if collected.cancelled:
            data["interrupted"] = {"games_planned": games, "games_finished": len(summaries)}
        data["seconds"] = elapsed
        data["games_per_second"] = len(summaries) / max(1e-9, elapsed)
        save_json(json_out, data, "report file")
        console.print(f"report written to {json_out}")
    if log_dir is not None:
        console.print(f"{len(summaries)} game records in {log_dir}")


def troop_names(setup: dict[str, Any], specs: Sequence[str | None] = (None, None),
                game: str | None = None) -> tuple[str, str]:
    """The two sides' names for the reports (the game's ``"sim"`` part's
    :meth:`~skirmish.sim.game_parts.GameSims.side_names`)."""
    from skirmish.sim.game_parts import sims_of

    return sims_of(game or default_game()).side_names(setup, specs)


# -- the report -----------------------------------------------------------------------------------
#: One row of a results table: name, wins, losses, mean VP, 95% interval of the win rate.
Row = tuple[str, int, int, float, tuple[float, float]]


def _results_table(title: str, first: str, rows: Sequence[Row], games: int, draws: int,
                   score: str = "VP") -> Table:
    table = Table(title=title)
    for column in (first, "wins", "draws", "losses", "win %", "95% interval", f"mean {score}"):
        table.add_column(column, justify="right" if column != first else "left")
    for name, won, lost, vp, (lo, hi) in rows:
        table.add_row(name, str(won), str(draws), str(lost),
                      f"{100 * won / max(1, games):.1f}", f"{100 * lo:.1f}-{100 * hi:.1f}",
                      f"{vp:.2f}")
    return table


def _print_report(report: BatchReport, elapsed: float, sims: GameSims | None = None
                  ) -> None:
    """The report in the game's own words (``sims``, by default the default game's: its
    rounds or turns, VP or points)."""
    if sims is None:
        from skirmish.sim.game_parts import sims_of

        sims = sims_of(default_game())
    games, draws = report.games, report.draws
    console.print(f"{games} games in {elapsed:.1f} s ({games / max(1e-9, elapsed):.1f} "
                  "games/s)", highlight=False)
    by_troop = [(report.troop_label(s), report.troop_wins[s], report.troop_wins[1 - s],
                 report.troop_mean_vp[s], report.troop_interval(s)) for s in (0, 1)]
    console.print(_results_table(f"{report.troop_label(0)} vs {report.troop_label(1)}",
                                 "troop", by_troop, games, draws, sims.score_word))
    if report.agents[0] != report.agents[1]:
        by_agent = [(name, report.wins[i], report.wins[1 - i], report.mean_vp[i],
                     report.interval(i)) for i, name in enumerate(report.agents)]
        console.print(_results_table("by agent (each plays each troop in turn)", "agent",
                                     by_agent, games, draws, sims.score_word))
    console.print(f"mean {sims.period_word} {report.mean_rounds:.2f}, mean decisions "
                  f"{report.mean_decisions:.0f} per game")
    fighters = Table(title="Fighters")
    for column in ("troop", "fighter", "survival %", "kills per game"):
        fighters.add_column(column, justify="right" if column in ("survival %",
                                                                  "kills per game") else "left")
    for ref, survival in report.survival.items():
        fighters.add_row(report.troops[report.seat_of(ref)], ref.partition(".")[2],
                         f"{100 * survival:.0f}", f"{report.kills.get(ref, 0):.2f}")
    console.print(fighters)
    for cause, per_game in report.other_kills.items():
        what = "a non-player fighter" if cause.startswith("N.") else "no fighter"
        console.print(f"kills by {cause} ({what}): {per_game:.2f} per game",
                      highlight=False)


@guard
def matchup(
    troops: Annotated[str, typer.Option(help="Comma-separated troop files or names.")],
    agents: Annotated[str, typer.Option(help="The agent that plays every troop.")] = "heuristic",
    games: Annotated[int, typer.Option(min=2, max=10**12, help="Games per pair.")] = 40,
    seed: Annotated[int, typer.Option(help="Batch seed.")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    rounds: Annotated[int, typer.Option(min=1, max=5, help="Rounds per match.")] = 5,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the table here.")] = None,
    png: Annotated[Path | None, typer.Option(help="Draw a heat map here (PNG).")] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bars.")] = False,
    content: Annotated[list[Path] | None, typer.Option(
        help="A folder of your own cards (adds or overrides); repeatable.")] = None,
    ruleset: Annotated[str | None, typer.Option(
        "--game", help=f"{games_help()} --troops names its troops (bands ...).",
        show_default=False)] = None,
    scenario: Annotated[str | None, typer.Option(
        help="The scenario, in a game that has scenarios (default: the game's own).",
        show_default=False)] = None,
    rules: RulesOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Every troop (or band ...) against every other (each side and seat equally often): a
    win-% table."""
    from skirmish.sim.game_parts import SetupRequest, rules_owners, sims_of
    from skirmish.sim.runner import BatchSpec
    from skirmish.sim.stats import wilson_interval

    names = [t.strip() for t in troops.split(",") if t.strip()]
    if len(names) < 2:
        raise fail(f"--troops needs at least two troops, got {troops[:80]!r}")
    if len(names) > MAX_TROOPS:
        raise fail(f"--troops: at most {MAX_TROOPS} troops (every pair plays), got "
                   f"{len(names)}")
    agent = _agents(agents, 1)[0]
    workers = check_workers(workers)
    where = backend_of(backend, workers, address)
    if json_out is not None:
        check_output(json_out, "table file")
    if png is not None:
        check_output(png, "heat map", suffixes=CHART_SUFFIXES)
    content_dirs = tuple(str(c) for c in content or ())
    # every troop is checked (and every pair set up) before the first game
    ruleset = ruleset or default_game()
    try:
        sims = sims_of(ruleset)
    except ValueError as exc:
        raise fail(str(exc)) from None
    if rules is not None and not sims.has_rules:
        raise fail(f"--rules: {rules_owners()}'s optional rules; --game {ruleset} has none")
    setups = {(i, j): house_rules_setup(rules_setup(sims.setup(SetupRequest(
        (names[i], names[j]), rounds, scenario, content=content_dirs)), rules, ruleset),
        house_rules, house_rules_file, ruleset)
        for i, j in itertools.combinations(range(len(names)), 2)}
    if house_rules is not None or house_rules_file is not None:
        console.print(f"house rules: {house_rules_text(next(iter(setups.values())), ruleset)}",
                      highlight=False)
    if rules is not None:
        from skirmish.core.ruleset import RULESETS

        first = next(iter(setups.values()))
        RULESETS.get(ruleset).new_game(first, seed=0)  # options refused up front
        console.print(f"optional rules: {rules_text(first, ruleset)}", highlight=False)
    rate: dict[tuple[int, int], float] = {}
    for (i, j), setup in setups.items():
        spec = BatchSpec(setup, (agent, agent), games, seed, ruleset)
        collected = _run_with_progress(spec, where, f"{names[i]} vs {names[j]}", quiet)
        if collected.cancelled:
            console.print(f"the table shows the {len(rate) // 2} pair(s) that finished "
                          f"({names[i]} vs {names[j]} was cut short)", highlight=False)
            break
        results = collected.results
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
        table.add_row(Path(name).stem, *("-" if (i, j) not in rate
                                         else f"{100 * rate[(i, j)]:.0f}"
                                         for j in range(len(names))))
    console.print(table)
    if json_out is not None:
        first = next(iter(setups.values()))
        data = {"troops": names, "games_per_pair": games, "agents": agents,
                "rules": first.get("rules", {}),
                **({"house_rules": first["house_rules"]} if first.get("house_rules") else {}),
                "win_rate": [[rate.get((i, j)) for j in range(len(names))]
                             for i in range(len(names))],
                "win_rate_95": [[None if (i, j) not in rate else list(
                    wilson_interval(rate[(i, j)] * games, games))
                                 for j in range(len(names))] for i in range(len(names))]}
        save_json(json_out, data, "table file")
    if png is not None:
        try:
            _heat_map(names, rate, games, png)
        except OSError as exc:
            raise fail(f"{png}: cannot draw the heat map ({exc.strerror or exc}); the table "
                       "is printed above") from None
        console.print(f"heat map drawn in {png}")


def heat_map_figure(names: Sequence[str], rate: Mapping[tuple[int, int], float],
                    games: int) -> Figure:
    """The matchup heat map: the row troop's win % (draws count half) in each cell, and
    below it, smaller, the games played and the 95% Wilson interval."""
    from matplotlib import colormaps
    from matplotlib.figure import Figure

    from skirmish.sim.stats import wilson_interval

    n = len(names)
    grid = [[rate.get((i, j), math.nan) if i != j else math.nan for j in range(n)]
            for i in range(n)]
    labels = [Path(name).stem for name in names]
    fig = Figure(figsize=(1.5 * n + 2.5, 1.3 * n + 1.2))
    ax = fig.subplots()
    image = ax.imshow(grid, vmin=0, vmax=1,
                      cmap=colormaps["RdYlGn"].with_extremes(bad="#dddddd"))
    ax.set_xticks(range(n), labels, rotation=45, ha="right")
    ax.set_yticks(range(n), labels)
    for i in range(n):
        for j in range(n):
            if i == j or math.isnan(grid[i][j]):
                continue
            lo, hi = wilson_interval(grid[i][j] * games, games)
            ax.text(j, i - 0.12, f"{100 * grid[i][j]:.0f}%", ha="center", va="center",
                    fontsize="large", fontweight="bold")
            ax.text(j, i + 0.22, f"{games} games\n95%: {100 * lo:.0f}-{100 * hi:.0f}",
                    ha="center", va="center", fontsize="x-small")
    ax.set_title("win % of the row troop (draws count half)")
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    return fig


def _heat_map(names: list[str], rate: dict[tuple[int, int], float], games: int,
              out: Path) -> None:
    from skirmish.cli.errors import write_figure

    write_figure(heat_map_figure(names, rate, games), out, "heat map", dpi=100)
