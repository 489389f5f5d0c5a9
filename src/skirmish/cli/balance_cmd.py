"""``skirmish balance``: what is each card really worth? (:mod:`skirmish.sim.balance`)

Random legal troops at a budget play each other (seats alternated); a regularised logistic
model gives each card's effect on winning, with bootstrap intervals, in points. ``--iterate
K`` re-prices and plays again; ``--what-if 'Vladd=25'`` plays a matchup table with the change
and without. Any backend (``--backend local|ray``) gives the same report.

Light on purpose (``skirmish --help`` imports it): the engine is imported inside functions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from skirmish.cli.backend_options import (
    AddressOpt,
    BackendOpt,
    ResumeOpt,
    backend_of,
    play_batch,
)
from skirmish.cli.errors import (
    check_output,
    check_output_dir,
    check_workers,
    fail,
    guard,
    message_of,
)
from skirmish.cli.options import (
    HouseRulesFileOpt,
    HouseRulesOpt,
    default_game,
    games_help,
    house_rules_choices,
)

if TYPE_CHECKING:
    from skirmish.sim.backends import Backend
    from skirmish.sim.balance import Analysis, BalanceGame, TableComparison, TableSpec
    from skirmish.sim.balance_report import Meta, Round
    from skirmish.sim.balance_troops import Armoury

console = Console()
#: The largest --penalty (an L2 penalty in log-odds: beyond it every cost stays printed).
MAX_PENALTY = 1e6


@guard
def balance(
    game: Annotated[str | None, typer.Option(
        "--game", help=games_help(), show_default=False)] = None,
    content: Annotated[list[Path] | None, typer.Option(
        help="A folder of your own cards (adds or overrides); repeatable.")] = None,
    budget: Annotated[int | None, typer.Option(help=(
        "The troops' budget (default: the game's usual one, e.g. 100 or 30)."))] = None,
    games: Annotated[int, typer.Option(min=2, max=10**12, help=(
        "Games to play (two per pairing of random troops, seats swapped)."))] = 2000,
    agents: Annotated[str, typer.Option(help=(
        "The two agents (seat A, seat B), e.g. heuristic,heuristic or mcts:easy,heuristic."))]
    = "heuristic,heuristic",
    rounds: Annotated[int, typer.Option(
        min=1, max=5, help="Rounds per match (a game with a round limit).")] = 5,
    scenario: Annotated[str, typer.Option(help=(
        "The scenario, in a game that has scenarios (default: the library's in turn)."))]
    = "",
    spread: Annotated[float, typer.Option(help=(
        "The troops spend from (1 - SPREAD) x budget to the budget: how much a point is worth "
        "is learnt from that range."))] = 0.5,
    penalty: Annotated[float, typer.Option(help=(
        "L2 penalty on a card's departure from its printed cost (log-odds)."))] = 2.0,
    bootstrap: Annotated[int, typer.Option(
        min=0, max=10_000, help="Bootstrap replicates (at most 10,000).")] = 200,
    seed: Annotated[int, typer.Option(help="Seed (same seed, same report).")] = 0,
    workers: Annotated[int | None, typer.Option(help="Processes (default: all cores).")] = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    log_dir: Annotated[Path | None, typer.Option(
        help="Write every game's record here (a folder per batch).")] = None,
    resume: ResumeOpt = False,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the report here.")]
    = None,
    png: Annotated[Path | None, typer.Option(help="Draw the costs chart here (PNG).")] = None,
    html: Annotated[Path | None, typer.Option(help="Write the report as a page here.")] = None,
    iterate: Annotated[int, typer.Option(min=0, max=10, help=(
        "Re-price the library with the suggestions and play again, K times; a matchup "
        "table each round tells whether the troops' win rates drew together."))] = 0,
    reprice: Annotated[str, typer.Option(help=(
        "With --iterate: re-price the flagged cards only (flagged) or every card (all)."))]
    = "flagged",
    table_troops: Annotated[int, typer.Option(min=2, max=30, help=(
        "Troops of the matchup table (--iterate, --what-if)."))] = 10,
    table_games: Annotated[int, typer.Option(min=2, max=10**9, help=(
        "Games per pair of the matchup table."))] = 10,
    what_if: Annotated[str | None, typer.Option(help=(
        "Play a matchup table with a change and without: NAME=COST[,NAME=COST...] and/or a "
        "folder of cards that replace the library's, e.g. 'Vladd=25'."))] = None,
    compare: Annotated[list[Path] | None, typer.Option(help=(
        "An earlier report (--json) of the same game, budget and cards, priced under other "
        "agents (say heuristic,heuristic against mcts:expert,mcts:expert): each card's "
        "suggested cost under both side by side, and which prices move (their 95% intervals "
        "do not overlap). Given twice: those two reports compared, no game played."))] = None,
    quiet: Annotated[bool, typer.Option(help="No progress bars.")] = False,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
) -> None:
    """What is each card really worth? Random legal troops at a budget play each other; each
    card's effect on winning is fitted (regularised logistic model, bootstrap 95% intervals)
    and converted to a suggested cost; over- and under-costed cards are flagged."""
    from skirmish.bots.registry import split_agents
    from skirmish.core.plugins import GAMES
    from skirmish.sim.balance import BalanceSpec, TableSpec
    from skirmish.sim.balance_report import Meta
    from skirmish.sim.balance_troops import armoury_for
    from skirmish.sim.game_parts import sims_of

    earlier = [_read_report(path) for path in compare or ()]
    if len(earlier) > 2:
        raise fail("--compare: one earlier report, or two reports to compare")
    if len(earlier) == 2:
        if json_out is not None:
            check_output(json_out, "report file")
        _print_comparison(earlier[0], earlier[1], json_out)
        return
    game = game or default_game()
    try:
        sims = sims_of(game)
    except ValueError as exc:
        raise fail(str(exc)) from None
    if sims.default_budget is None:
        raise fail(str(sims.lacks("balancer (random troops at a budget)")))
    names = tuple(split_agents(agents))
    if len(names) != 2 or not all(names):
        raise fail(f"--agents: two agents, e.g. heuristic,heuristic; got {agents!r}")
    _check_agents(names)
    readings = tuple(house_rules_choices(house_rules, house_rules_file, game).items())
    workers = check_workers(workers)
    if not (math.isfinite(penalty) and 0 < penalty <= MAX_PENALTY):
        raise fail(f"--penalty: a number above 0, at most {MAX_PENALTY:g}, got {penalty}")
    if reprice not in ("flagged", "all"):
        raise fail(f"--reprice: flagged or all, got {reprice!r}")
    if what_if is not None and iterate:
        raise fail("--what-if and --iterate: one at a time")
    if resume and log_dir is None:
        raise fail("--resume: reuses the games of --log-dir; give --log-dir")
    if not sims.has_scenarios and scenario:
        owners = " or ".join(p.title for p in GAMES if sims_of(p).has_scenarios)
        raise fail(f"--scenario: {owners}'s; --game {game} has none")
    for path, what, suffixes in ((json_out, "report file", ()), (png, "chart", (".png",)),
                                 (html, "report page", ())):
        if path is not None:
            check_output(path, what, suffixes=suffixes)
    if log_dir is not None:
        check_output_dir(log_dir, "record folder")
    folders = tuple(str(c) for c in content or ())
    armoury = armoury_for(game, folders)
    if scenario:
        from skirmish.core.names import match_name

        try:
            scenario = match_name(scenario, armoury.scenarios(), "scenario")
        except KeyError as exc:
            raise ValueError(f"--scenario: {exc}") from None
    budget = sims.default_budget if budget is None else budget
    where = backend_of(backend, workers, address)
    pair = (names[0], names[1])
    if what_if is not None:
        after = _what_if_armoury(what_if, armoury, game, folders)
        changed = _changed(armoury, after)
        before = TableSpec(armoury, budget, seed, pair, rounds, scenario, readings,
                           troops=table_troops, games=table_games, include=tuple(changed))
        before.dealt()  # troops all different, or one line naming --table-troops
        _run_what_if(before, after, changed, where, log_dir, resume, bootstrap,
                     Meta(folders, before.total), json_out, html, quiet)
        return
    spec = BalanceSpec(armoury, budget, seed, pair, rounds, scenario, readings, games=games,
                       spread=spread)
    table = TableSpec(armoury, budget, seed, pair, rounds, scenario, readings,
                      troops=table_troops, games=table_games)
    if iterate:
        table.dealt()  # troops all different, or one line naming --table-troops
    console.print(f"balance: {game}, {games} games between random troops of "
                  f"{math.ceil((1 - spread) * budget)}-{budget} points (budget {budget}), "
                  f"{names[0]} (seat A) vs {names[1]} (seat B), seed {seed}; "
                  f"{where.describe()}", highlight=False)
    if readings:
        console.print("house rules: " + ", ".join(f"{k}={v}" for k, v in readings),
                      highlight=False)
    rounds_done = _rounds(spec, table, iterate, reprice, where, log_dir, resume, penalty,
                          bootstrap, quiet)
    meta = Meta(folders, games, _CANCELLED[0])
    _write(spec, meta, rounds_done[0].analysis, rounds_done if iterate else (), bootstrap,
           json_out, png, html, earlier=earlier[0] if earlier else None)


def _read_report(path: Path) -> dict[str, Any]:
    """A balance report written with --json (one line naming the file when it is not)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise fail(f"--compare: {path}: not a readable report "
                   f"({getattr(exc, 'strerror', None) or exc})") from None
    if not isinstance(data, dict) or "balance" not in data:
        raise fail(f"--compare: {path}: not a balance report (skirmish balance --json)")
    return data


def _print_comparison(first: Mapping[str, Any], second: Mapping[str, Any],
                      json_out: Path | None) -> dict[str, Any]:
    """Print the two reports' prices side by side; with ``json_out`` write them there
    (the comparison alone: no game was played)."""
    from skirmish.cli.errors import save_json
    from skirmish.sim.balance_compare import compare_reports, comparison_json, comparison_lines

    try:
        rows = compare_reports(first, second)
    except ValueError as exc:
        raise fail(str(exc)) from None
    for line in comparison_lines(first, second, rows):
        console.print(line, highlight=False)
    data = comparison_json(first, second, rows)
    if json_out is not None:
        save_json(json_out, {"balance_comparison": 1, **data}, "report file")
        console.print(f"comparison written to {json_out}", highlight=False)
    return data


#: Whether a batch of this run was stopped by Ctrl-C.
_CANCELLED = [False]


def _check_agents(names: Sequence[str]) -> None:
    from skirmish.bots.registry import check_agent

    for name in names:
        try:
            check_agent(name)
        except ValueError as exc:
            raise ValueError(f"--agents: {exc}") from None


def _log(log_dir: Path | None, name: str) -> str | None:
    return None if log_dir is None else str(log_dir / name)


def _play(label: str, spec: Any, backend: Backend, log_dir: str | None, resume: bool,
          known: Mapping[int, BalanceGame] | None, quiet: bool) -> list[BalanceGame]:
    from skirmish.sim.balance import run_games, total_games

    collected = play_batch(label, total_games(spec), lambda tick: run_games(
        spec, backend, progress=tick, log_dir=log_dir, resume=resume, known=known),
        console, quiet)
    _CANCELLED[0] = _CANCELLED[0] or collected.cancelled
    return collected.results


def _rounds(spec: Any, table: TableSpec, iterate: int, reprice: str, backend: Backend,
            log_dir: Path | None, resume: bool, penalty: float, replicates: int,
            quiet: bool) -> list[Round]:
    """Round 0 on the printed costs, then ``iterate`` re-priced rounds (a matchup table in
    each when iterating); stops early at Ctrl-C or when nothing is left to re-price."""
    from dataclasses import replace

    from skirmish.sim.balance import Table, analyse, carry_over
    from skirmish.sim.balance_report import Round

    _CANCELLED[0] = False
    out: list[Round] = []
    changed: dict[str, tuple[int, int]] = {}
    previous: tuple[Any, list[BalanceGame], Any, list[BalanceGame]] | None = None
    for number in range(iterate + 1):
        known = None if previous is None else carry_over(previous[0], previous[1], spec)
        results = _play(f"round {number}: balance" if iterate else "balance", spec, backend,
                        _log(log_dir, f"fit-{number}"), resume, known, quiet)
        analysis = analyse(spec, results, penalty=penalty, replicates=replicates) \
            if len(results) >= 2 else None
        if analysis is not None:
            _print_analysis(analysis, f"round {number}" if iterate else "")
        played_table: Table | None = None
        table_games: list[BalanceGame] = []
        if iterate and not _CANCELLED[0]:
            table_known = None if previous is None else carry_over(previous[2], previous[3],
                                                                  table)
            table_games = _play(f"round {number}: table", table, backend,
                                _log(log_dir, f"table-{number}"), resume, table_known, quiet)
            played_table = Table.of(table, table_games)
            console.print(f"round {number}: spread of the troop-vs-troop win rates "
                          f"{100 * played_table.spread():.1f}% (raw "
                          f"{100 * played_table.raw_spread():.1f}%)", highlight=False)
        out.append(Round(number, changed, analysis, played_table))
        if analysis is None or _CANCELLED[0] or number == iterate:
            break
        prices = analysis.prices(reprice)
        if not prices:
            console.print(f"round {number}: no card to re-price; stopping", highlight=False)
            break
        changed = {name: (next(c.cost for c in spec.armoury.cards if c.name == name), cost)
                   for name, cost in prices.items()}
        previous = (spec, results, table, table_games)
        armoury = spec.armoury.repriced(prices)
        spec, table = replace(spec, armoury=armoury), replace(table, armoury=armoury)
    return out


def _print_analysis(a: Analysis, title: str) -> None:
    from skirmish.sim.balance_report import interval_text, summary_lines

    table = RichTable(title=f"What each card is worth{f' ({title})' if title else ''}: "
                            f"{a.games} games (win %: the troops with the card, without)")
    for column in ("card", "cost", "suggested", "95% interval", "games", "with", "w/o",
                   "flag"):
        table.add_column(column, justify="left" if column in ("card", "flag") else "right",
                         no_wrap=column != "card")
    for r in a.rows:
        flag = {"under": "[red]under[/red]", "over": "[blue]over[/blue]"}.get(r.flag, "")
        table.add_row(f"{r.card.name} ({r.card.group})", str(r.card.cost),
                      "-" if not math.isfinite(r.suggested) else f"{r.suggested:.1f}",
                      interval_text(r), str(r.games), _pct(r.with_rate),
                      _pct(r.without_rate), flag)
    console.print(table)
    for line in summary_lines(a):
        console.print(line, highlight=False)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}"


def _write(spec: Any, meta: Meta, analysis: Analysis | None, rounds: Sequence[Round],
           replicates: int, json_out: Path | None, png: Path | None, html: Path | None,
           *, what_if: Mapping[str, int] | None = None,
           what_if_result: TableComparison | None = None,
           earlier: Mapping[str, Any] | None = None) -> None:
    from skirmish.cli.errors import save_json, write_output
    from skirmish.sim.balance import compare_tables
    from skirmish.sim.balance_report import html_page, png_bytes, report_json

    verdict = None
    tables = [r.table for r in rounds if r.table is not None]
    if len(tables) >= 2:
        verdict = compare_tables(tables[0], tables[-1], replicates, spec.seed)
        console.print(f"spread of the troop-vs-troop win rates, round 0 to round "
                      f"{rounds[-1].number}: {100 * tables[0].spread():.1f}% -> "
                      f"{100 * tables[-1].spread():.1f}% ({verdict.verdict}; 95% interval "
                      f"of the change {100 * verdict.spread_low:.1f} to "
                      f"{100 * verdict.spread_high:.1f} points)", highlight=False)
    data = report_json(spec, meta, analysis, rounds=rounds, iterate=verdict,
                       what_if=what_if, what_if_result=what_if_result)
    if earlier is not None and analysis is not None:
        data["compared"] = _print_comparison(earlier, data, None)
    title = f"Balance report: {spec.armoury.game}, budget {spec.budget}"
    chart = png_bytes(analysis, title) if analysis is not None and (png or html) else None
    if json_out is not None:
        save_json(json_out, data, "report file")
        console.print(f"report written to {json_out}", highlight=False)
    if png is not None and chart is not None:
        try:
            write_output(png, chart, "chart")
        except ValueError as exc:
            raise fail(str(exc)) from None
        console.print(f"chart drawn in {png}", highlight=False)
    if html is not None:
        write_output(html, html_page(data, chart, title), "report page")
        console.print(f"report page written to {html}", highlight=False)


# -- what if ------------------------------------------------------------------------------------
def _what_if_armoury(text: str, armoury: Armoury, game: str, folders: Sequence[str]
                     ) -> Armoury:
    """The armoury with the changes of ``--what-if``: costs (NAME=COST) and card folders."""
    from skirmish.sim.balance import parse_what_if
    from skirmish.sim.balance_troops import armoury_for

    items = [p.strip() for p in text.split(",") if p.strip()]
    files = [p for p in items if "=" not in p]
    for path in files:
        if not Path(path).exists():
            raise ValueError(f"--what-if: {path!r} is neither NAME=COST nor a folder of "
                             "cards")
    changed = armoury_for(game, (*folders, *files)) if files else armoury
    costs = [p for p in items if "=" in p]
    if not costs:
        return changed
    try:
        return changed.repriced(parse_what_if(",".join(costs), changed))
    except (KeyError, ValueError) as exc:
        text = message_of(exc)
        raise ValueError(text if text.startswith("--what-if") else f"--what-if: {text}"
                         ) from None


def _changed(before: Armoury, after: Armoury) -> list[str]:
    old = {(c.name, c.cost, c.detail) for c in before.cards}
    names = [c.name for c in after.cards if (c.name, c.cost, c.detail) not in old]
    if not names:
        raise ValueError("--what-if: the change leaves every card as it is")
    return names


def _run_what_if(before: TableSpec, after_armoury: Armoury, changed: Sequence[str],
                 backend: Backend, log_dir: Path | None, resume: bool, replicates: int,
                 meta: Meta, json_out: Path | None, html: Path | None, quiet: bool) -> None:
    from dataclasses import replace

    from skirmish.sim.balance import Table, carry_over, compare_tables

    after = replace(before, armoury=after_armoury)
    costs = {name: next(c.cost for c in after_armoury.cards if c.name == name)
             for name in changed}
    console.print(f"what if {', '.join(f'{n} = {c}' for n, c in costs.items())}: "
                  f"{before.troops} troops (those of even number built around the changed "
                  f"cards), {before.games} games a pair, with the printed costs and with the "
                  f"change; {backend.describe()}", highlight=False)
    _CANCELLED[0] = False
    first = _play("printed costs", before, backend, _log(log_dir, "before"), resume, None,
                  quiet)
    second = [] if _CANCELLED[0] else _play(
        "what if", after, backend, _log(log_dir, "after"), resume,
        carry_over(before, first, after), quiet)
    meta = replace(meta, cancelled=_CANCELLED[0])
    if _CANCELLED[0] or not second:
        _write(before, meta, None, (), replicates, json_out, None, html, what_if=costs)
        return
    result = compare_tables(Table.of(before, first), Table.of(after, second), replicates,
                            before.seed)
    _print_what_if(result)
    _write(before, meta, None, (), replicates, json_out, None, html, what_if=costs,
           what_if_result=result)


def _print_what_if(c: TableComparison) -> None:
    from skirmish.sim.balance_report import troop_cards

    console.print(f"spread of the troop-vs-troop win rates: {100 * c.before.spread():.1f}% "
                  f"-> {100 * c.after.spread():.1f}% ({c.verdict}; 95% interval of the "
                  f"change {100 * c.spread_low:.1f} to {100 * c.spread_high:.1f} points)",
                  highlight=False)
    if c.group is not None:
        m0, m1, lo, hi = c.group
        console.print(f"troops built around the changed cards scored {100 * m0:.1f}% -> "
                      f"{100 * m1:.1f}% (change {100 * (m1 - m0):+.1f} points, 95% interval "
                      f"{100 * lo:+.1f} to {100 * hi:+.1f})", highlight=False)
    table = RichTable(title="Each troop's score (draws half) against the others")
    for column in ("troop", "printed costs", "what if", "before", "after", "95% interval"):
        table.add_column(column, justify="left" if column in ("troop", "printed costs",
                                                              "what if") else "right")
    for t, (m0, m1, lo, hi) in enumerate(c.troops):
        table.add_row(c.before.troops[t].label,
                      ", ".join(troop_cards(c.before, c.before.troops[t])),
                      ", ".join(troop_cards(c.after, c.after.troops[t])),
                      _pct(m0), _pct(m1), f"{100 * lo:+.0f} to {100 * hi:+.0f}")
    console.print(table)

