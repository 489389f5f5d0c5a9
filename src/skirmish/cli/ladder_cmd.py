"""``skirmish ladder``: a round robin between agents, rated by Bradley–Terry (Elo scale).

Light on purpose (``skirmish --help`` imports it): the engine, numpy and matplotlib are
imported inside the functions. The logic is in :mod:`skirmish.sim.ladder`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
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
    message_of,
    save_json,
    write_figure,
)
from skirmish.cli.options import (
    HouseRulesFileOpt,
    HouseRulesOpt,
    default_game,
    games_help,
    house_rules_choices,
    house_rules_text,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from skirmish.sim.ladder import Deal, LadderReport, LadderSpec

console = Console()

#: Where each run's summary is appended (one JSON line per run).
HISTORY = Path("out/ladder-history.jsonl")


def deals_of_options(game: str, troops: str | None, scenarios: str | None, games: int,
                     rounds: int, readings: Mapping[str, str]) -> tuple[Deal, ...]:
    """The deals of ``--game``, ``--troops`` and ``--scenarios`` (the ladder's and
    self-play's): an unknown game, an empty list or a bad troop or scenario is one line
    naming the option (:func:`skirmish.sim.ladder.make_deals` deals them)."""
    from skirmish.core.plugins import plugin_or_error
    from skirmish.sim.ladder import make_deals

    try:
        plugin_or_error(game)
    except ValueError as exc:
        raise fail(str(exc)) from None
    chosen = [t.strip() for t in (troops or "").split(",") if t.strip()]
    if troops is not None and not chosen:
        raise fail(f"--troops: name at least one troop, got {troops!r}")
    stories = [s.strip() for s in (scenarios or "").split(",") if s.strip()]
    if scenarios is not None and not stories:
        raise fail(f"--scenarios: name at least one scenario, got {scenarios!r}")
    try:
        return make_deals(game, chosen, games=games, rounds=rounds, scenarios=stories,
                          house_rules=readings)
    except (ValueError, KeyError) as exc:
        if troops is None and scenarios is None:
            raise
        message = message_of(exc)
        raise fail(message if message.startswith("--") else f"--troops: {message}") from None


@guard
def ladder(
    agents: Annotated[str | None, typer.Option(help=(
        "The agents, comma-separated, at least two: random, heuristic, and any "
        "NAME:PRESET or NAME:KEY=VALUE,KEY=VALUE (e.g. mcts:hard, "
        "mcts:iterations=2000,seconds=1.5). The first one is rated 0."))] = None,
    games: Annotated[int, typer.Option(min=1, max=10**12, help=(
        "Games per pair of agents (an even number gives each agent each seat equally)."))]
    = 40,
    game: Annotated[str | None, typer.Option(
        "--game", help=games_help(), show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Ladder seed (same seed, same games).")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    rounds: Annotated[int, typer.Option(
        min=1, max=5, help="Rounds per match (a game with a round limit).")] = 5,
    troops: Annotated[str | None, typer.Option(help=(
        "The troops dealt in turn, comma-separated (the game's own: factions, stigma:NAME or "
        "troop files; bands ...). Default: every sample faction (band), all "
        "pairings."))] = None,
    scenarios: Annotated[str | None, typer.Option(help=(
        "A game with scenarios: the scenarios dealt in turn, comma-separated (e.g. "
        "'Extraction de données'). Default: every sample scenario."))] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the results here (JSON).")] = None,
    png: Annotated[Path | None, typer.Option(
        help="Draw the ratings with their 95% intervals here (PNG).")] = None,
    history: Annotated[Path, typer.Option(help=(
        "The history file (JSON Lines: one line per run): each run's ratings are "
        "appended to it."))] = HISTORY,
    no_history: Annotated[bool, typer.Option(
        "--no-history", help="Do not append this run to the history file.")] = False,
    show_history: Annotated[bool, typer.Option(
        "--show-history", help=(
            "Print the past runs' ratings side by side instead of playing: those of FILE, "
            "else of the --history file."))] = False,
    history_file: Annotated[Path | None, typer.Argument(
        metavar="FILE", show_default=False,
        help="With --show-history: the history file to show.")] = None,
    last: Annotated[int, typer.Option(
        min=1, help="With --show-history: the latest runs shown.")] = 8,
    compare: Annotated[Path | None, typer.Option(help=(
        "An earlier run's --json report with the same game, seed, rounds, deals and games per "
        "pair: each agent is compared, game by game, with the one at its place in that "
        "run's --agents (a paired difference, with its 95% interval)."))] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    log_dir: Annotated[Path | None, typer.Option(help=(
        "Write every game's record here as it finishes (with --resume, a long ladder is "
        "played in parts: stop it, run it again, and the games already there are "
        "reused)."))] = None,
    resume: ResumeOpt = False,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Rate agents: every pair plays --games games (seats and troops alternated, in
    parallel, reproducibly); Bradley-Terry ratings on the Elo scale with 95% intervals, the
    pairwise win rates, a JSON report and a PNG chart; each run is kept in a history.
    With --log-dir and --resume a long ladder is played in parts."""
    if show_history:
        _print_history(history_file or history, last)
        return
    if history_file is not None:
        raise fail(f"{history_file}: a file argument is read only with --show-history "
                   "(--history FILE names where runs are appended)")
    from skirmish.bots.registry import split_agents
    from skirmish.sim.ladder import (
        LadderReport,
        LadderSpec,
        append_history,
        check_ladder_agents,
        collect_ladder,
        git_commit,
        history_entry,
    )

    if agents is None:
        raise fail("--agents: name at least two agents, e.g. --agents random,heuristic")
    if resume and log_dir is None:
        raise fail("--resume: reuses the games of --log-dir; give --log-dir")
    names = check_ladder_agents(split_agents(agents))
    workers = check_workers(workers)
    where = backend_of(backend, workers, address)
    game = game or default_game()
    readings = house_rules_choices(house_rules, house_rules_file, game)
    deals = deals_of_options(game, troops, scenarios, games, rounds, readings)
    for path, what in ((json_out, "report file"), (png, "chart"),
                       (None if no_history else history, "history file")):
        if path is not None:
            check_output(path, what, default=path == HISTORY,
                         suffixes=CHART_SUFFIXES if path is png else ())
    if not no_history:
        _check_history(history)
    if log_dir is not None:
        check_output_dir(log_dir, "record folder")
    spec = LadderSpec(names, games, deals, seed, game, rounds)
    earlier = None if compare is None else _earlier_run(compare, spec)
    console.print(f"ladder: {len(names)} agents, {len(spec.pairs)} pairs x {games} games = "
                  f"{spec.total} games of {game} (seed {seed}; {len(deals)} deal"
                  f"{'s' if len(deals) > 1 else ''}: {deals[0].label}"
                  f"{', ...' if len(deals) > 1 else ''})", highlight=False)
    if readings:
        console.print(f"house rules: {house_rules_text(dict(deals[0].setup), game)}",
                      highlight=False)
    commit, dirty = git_commit()  # the code the games are played with, not a later one
    start = time.perf_counter()
    collected = play_batch("ladder", spec.total, lambda tick: collect_ladder(
        spec, where, tick, log_dir=log_dir, resume=resume), console, quiet)
    results = collected.results
    elapsed = time.perf_counter() - start
    if not results:
        raise fail("interrupted before any game finished: nothing to report")
    report = LadderReport.of(spec, results)
    _print_report(report, elapsed)
    import skirmish

    date = datetime.now(UTC).isoformat(timespec="seconds")
    data = report.to_json(commit=commit, dirty=dirty, version=skirmish.__version__,
                          date=date, seconds=elapsed)
    if earlier is not None and compare is not None:
        data["compared"] = _print_comparison(earlier, data, compare)
    if collected.cancelled:
        data["interrupted"] = {"games_planned": spec.total, "games_finished": len(results)}
    if not no_history and not collected.cancelled:
        try:
            append_history(history, history_entry(data))
        except OSError as exc:
            raise fail(f"{history}: cannot append the run to the history file "
                       f"({exc.strerror or exc})") from None
        console.print(f"run appended to {history} (skirmish ladder --show-history "
                      f"{history})", highlight=False)
    if json_out is not None:
        save_json(json_out, data, "report file")
        console.print(f"results written to {json_out}", highlight=False)
    if png is not None:
        title = (f"{game}: {games} games a pair, seed {seed}"
                 f"{f', commit {commit}' if commit else ''}{'+' if dirty else ''}")
        try:
            write_figure(ladder_figure(report, title), png, "chart", dpi=100)
        except ValueError as exc:
            raise fail(f"{exc}; the table is printed above") from None
        console.print(f"chart drawn in {png}", highlight=False)


def _earlier_run(path: Path, spec: LadderSpec) -> dict[str, Any]:
    """``--compare``: the earlier report, read and checked against this run before any
    game is played."""
    import json

    from skirmish.core.data_files import DataError, read_text
    from skirmish.sim.ladder_paired import check_comparable

    try:
        data = json.loads(read_text(path))
    except FileNotFoundError:
        raise fail(f"--compare: {path}: no such file") from None
    except OSError as exc:
        raise fail(f"--compare: {path}: cannot read it ({exc.strerror or exc})") from None
    except DataError as exc:
        raise fail(f"--compare: {path}: {exc}") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise fail(f"--compare: {path}: not JSON ({message_of(exc)})") from None
    try:
        check_comparable(data, spec.to_json(), str(path))
    except ValueError as exc:
        raise fail(f"--compare: {exc}") from None
    return dict(data)


def _print_comparison(earlier: Mapping[str, Any], data: Mapping[str, Any],
                      path: Path) -> list[dict[str, Any]]:
    """The paired comparison's table; its rows as JSON."""
    from skirmish.sim.ladder_paired import compare_runs

    rows = compare_runs(earlier, data, str(path))
    table = Table(title=f"Paired with {path} (the same games, game by game)")
    for column in ("agent", "was", "games", "then %", "now %", "change (95%)", "changed"):
        table.add_column(column, justify="left" if column in ("agent", "was") else "right",
                         no_wrap=column == "change (95%)")
    for row in rows:
        if row.games == 0:
            continue
        low, high = row.interval
        table.add_row(row.new, "(same)" if row.old == row.new else row.old, str(row.games),
                      f"{100 * row.old_score:.1f}", f"{100 * row.new_score:.1f}",
                      f"{100 * row.difference:+.1f} ({100 * low:+.0f} to {100 * high:+.0f})",
                      str(row.changed))
    console.print(table)
    return [{"agent": row.new, "was": row.old, "games": row.games,
             "score_then": round(row.old_score, 4), "score_now": round(row.new_score, 4),
             "difference": round(row.difference, 4), "se": round(row.se, 4),
             "changed": row.changed} for row in rows]


def _print_report(report: LadderReport, elapsed: float) -> None:
    spec, r = report.spec, report.ratings
    played = len(report.games) if report.games else spec.total  # fewer when interrupted
    console.print(f"{played} games in {elapsed:.1f} s", highlight=False)
    table = Table(title=f"Ratings (Bradley-Terry, Elo scale, {spec.agents[r.anchor]} = 0)")
    for column in ("#", "agent", "rating", "95% interval", "games", "W-D-L", "score %",
                   "ms/dec"):
        table.add_column(column, justify="left" if column == "agent" else "right",
                         no_wrap=column in ("agent", "95% interval", "W-D-L"))
    for rank, i in enumerate(report.order(), 1):
        rec = report.records[i]
        interval = "(anchor)" if i == r.anchor else f"{r.low[i]:.0f} to {r.high[i]:.0f}"
        table.add_row(str(rank), spec.agents[i], f"{r.elo[i]:.0f}", interval,
                      str(rec.games), f"{rec.wins}-{rec.draws}-{rec.losses}",
                      f"{100 * rec.score:.1f}", f"{rec.ms_per_decision:.2f}")
    console.print(table)
    matrix = Table(title="Score % of the row agent against the column agent (draws half)")
    matrix.add_column("agent")
    order = report.order()
    for j in order:
        matrix.add_column(spec.agents[j], justify="right")
    for i in order:
        cells = []
        for j in order:
            rate = report.win_rate(i, j)
            cells.append("-" if rate is None else f"{100 * rate:.0f} ({report.played[i][j]})")
        matrix.add_row(spec.agents[i], *cells)
    console.print(matrix)
    slowest = ", ".join(f"{spec.agents[i]} {1000 * report.records[i].slowest:.0f}"
                        for i in report.order())
    console.print(f"ms/dec: the agent's mean time per decision (the slowest one, ms: "
                  f"{slowest}). 95% intervals from the observed Fisher information, relative to "
                  f"{spec.agents[r.anchor]}; draws count half a win each; "
                  f"{r.prior_draws:g} virtual draw per pair keeps an undefeated agent finite.",
                  highlight=False)


def ladder_figure(report: LadderReport, title: str = "") -> Figure:
    """The ratings (Elo) as points with their 95 % intervals, strongest at the top."""
    from matplotlib.figure import Figure

    spec, r = report.spec, report.ratings
    order = report.order()[::-1]
    fig = Figure(figsize=(7.5, 1.0 + 0.55 * len(order)))
    ax = fig.subplots()
    ys = range(len(order))
    elo = [r.elo[i] for i in order]
    errors = [[r.elo[i] - r.low[i] for i in order], [r.high[i] - r.elo[i] for i in order]]
    ax.errorbar(elo, ys, xerr=errors, fmt="o", color="#1f4e79", ecolor="#6a8caf",
                elinewidth=2, capsize=4)
    for y, i in zip(ys, order, strict=True):
        ax.annotate(f"{r.elo[i]:.0f}", (r.elo[i], y), textcoords="offset points",
                    xytext=(0, 7), ha="center", fontsize="small")
    ax.set_yticks(list(ys), [spec.agents[i] for i in order])
    ax.set_ylim(-0.6, len(order) - 0.4)
    ax.axvline(0, color="#999999", linewidth=0.8, linestyle="--")
    ax.set_xlabel(f"rating (Elo, {spec.agents[r.anchor]} = 0), 95% interval")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title or "Bot strength ladder", fontsize="medium")
    fig.tight_layout()
    return fig


def _check_history(path: Path) -> None:
    """A run is appended only to a ladder history (issue 46: a junk ``--history`` file was
    appended to): a file already there must read as one, checked before any game."""
    from skirmish.sim.ladder import read_history

    if path.exists() and not path.is_file():
        raise fail(f"--history: {path}: not a plain file: runs are appended to a ladder "
                   "history only (name another file, or --no-history)")
    if path.is_file() and path.stat().st_size:
        try:
            read_history(path)
        except ValueError as exc:
            raise fail(f"--history: {message_of(exc)}: runs are appended to a ladder history "
                       "only (name another file, or --no-history)") from None


def _print_history(path: Path, last: int) -> None:
    from skirmish.sim.ladder import read_history

    runs = read_history(path)
    if not runs:
        console.print(f"{path}: no runs yet", highlight=False)
        return
    shown = runs[-last:]
    first = len(runs) - len(shown) + 1
    agents: dict[str, None] = {}
    for run in shown:
        agents.update(dict.fromkeys(run["ratings"]))
    table = Table(title=f"Ladder history ({path})",
                  caption=f"runs {first}-{len(runs)} of {len(runs)}; each cell: the rating "
                          "± half its 95% interval; + after a commit: modified files")
    table.add_column("agent")
    for number, run in enumerate(shown, first):
        table.add_column(_run_header(number, run), justify="right")
    for agent in agents:
        table.add_row(agent, *(_cell(run["ratings"].get(agent)) for run in shown))
    console.print(table)


def _run_header(number: int, run: Mapping[str, Any]) -> str:
    commit = str(run.get("commit") or "?") + ("+" if run.get("dirty") else "")
    date = str(run.get("date") or "")[:16].replace("T", " ")
    return (f"#{number} {date}\n{commit} {run.get('game', '?')}\n"
            f"{run.get('games_per_pair', '?')}/pair, 0 = {run.get('anchor', '?')}")


def _cell(rating: Mapping[str, Any] | None) -> str:
    if not rating:
        return ""
    low, high = _pair(rating.get("interval"))
    elo = float(rating.get("elo", 0))
    half = (high - low) / 2
    return f"{elo:.0f}" if half <= 0 else f"{elo:.0f} ± {half:.0f}"


def _pair(value: Any) -> tuple[float, float]:
    if isinstance(value, Sequence) and len(value) == 2:
        return float(value[0]), float(value[1])
    return 0.0, 0.0
