"""What every batch command (``simulate``, ``matchup``, ``ladder``, ``balance``) shares:
``--backend``/``--address`` (local processes or a Ray cluster), ``--resume``, and the
progress bar that keeps the finished games when Ctrl-C (or ``kill``: SIGTERM) stops a batch.

Light on purpose (``skirmish --help`` imports it): the engine is imported inside functions.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

if TYPE_CHECKING:
    from skirmish.sim.backends import Backend, Collected

BackendOpt = Annotated[str, typer.Option(
    "--backend", help="Where the games are played: local (processes on this machine) or ray "
                      "(a Ray cluster; pip install 'skirmish-tabletop[ray]'). The results are the "
                      "same.")]
AddressOpt = Annotated[str | None, typer.Option(
    "--address", help="With --backend ray: 'auto' (this machine is a node of a cluster "
                      "started with 'ray start'), or ray://HOST:10001 (Ray Client); "
                      "default: a Ray instance started on this machine for the run.")]
ResumeOpt = Annotated[bool, typer.Option(
    "--resume", help="Reuse the games an earlier run of the same batch left in --log-dir "
                     "(checked against this batch), and play only the others.")]


def backend_of(name: str, workers: int | None, address: str | None) -> Backend:
    """The backend of the options (a ValueError names the option at fault)."""
    from skirmish.sim.backends import make_backend

    return make_backend(name, workers, address)


def _progress_lines(label: str, total: int, console: Console) -> Callable[[Any], None]:
    """A progress report for an output that is not a terminal: ``label: 20/200 games
    (0.3 games/s, 61 s)`` at every tenth of the batch and at its end."""
    start = time.perf_counter()
    done = 0
    step = max(1, total // 10)

    def tick(_: Any) -> None:
        nonlocal done
        done += 1
        if done % step == 0 or done == total:
            spent = time.perf_counter() - start
            console.print(f"{label}: {done}/{total} games ({done / max(spent, 1e-9):.2f} "
                          f"games/s, {spent:.0f} s)", highlight=False)

    return tick


def play_batch(label: str, total: int, run: Callable[[Callable[[Any], None] | None],
                                                    Collected[Any]],
               console: Console, quiet: bool = False) -> Collected[Any]:
    """Run a batch (``run(progress)``) under a progress bar (none with ``quiet``; a plain
    line at every tenth of the batch when the output is not a terminal: a file, a pipe, a
    CI log); say so when Ctrl-C or SIGTERM stopped it, or when games were reused."""
    if quiet:
        collected = run(None)
    elif not console.is_terminal:
        collected = run(_progress_lines(label, total, console))
    else:
        start = time.perf_counter()
        with Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                      console=console, transient=False) as progress:
            task = progress.add_task(label, total=total, rate="")

            def tick(_: Any) -> None:
                done = progress.tasks[0].completed + 1
                rate = done / max(1e-9, time.perf_counter() - start)
                progress.update(task, advance=1, rate=f"{rate:.1f} games/s")

            collected = run(tick)
    if collected.reused:
        console.print(f"{label}: {collected.reused} game(s) reused, "
                      f"{len(collected.results) - collected.reused} played", highlight=False)
    if collected.cancelled:
        console.print(f"[bold]interrupted (Ctrl-C or SIGTERM)[/bold]: {len(collected.results)} of "
                      f"{total} games finished; the report is on those", highlight=False)
    return collected
