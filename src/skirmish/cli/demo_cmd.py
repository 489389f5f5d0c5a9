"""``skirmish demo``: a whole Eden match between two bots, narrated round by round."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from skirmish.cli.options import ContentOpt, library_or_exit

console = Console()


def demo(
    seed: Annotated[int | None, typer.Option(
        help="Seed of the game's dice and of the bots (default: fresh random bits, printed).")
    ] = None,
    rounds: Annotated[int, typer.Option(min=1, max=5, help="Rounds to play.")] = 5,
    record: Annotated[
        Path | None, typer.Option(help="Also save the game record (JSON Lines) here.")
    ] = None,
    actions: Annotated[bool, typer.Option(help="Show every decision too.")] = False,
    svg: Annotated[Path | None, typer.Option(help="Draw the final table as SVG here.")] = None,
    agents: Annotated[str, typer.Option(help="The two bots: heuristic, random.")] = (
        "heuristic,heuristic"
    ),
    content: ContentOpt = None,
) -> None:
    """Play a whole Eden match between two bots and narrate it round by round."""
    from skirmish.bots import make_agent
    from skirmish.cli.narrate import fighters_table, narrate
    from skirmish.core.agents import play
    from skirmish.core.dice import fresh_seed
    from skirmish.core.record import Record
    from skirmish.eden import EDEN
    from skirmish.eden.troops import suggest

    seed = fresh_seed() if seed is None else seed
    library = library_or_exit(content)
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    game = EDEN.new_game(library.setup(*troops, max_rounds=rounds), seed=seed)
    console.print(
        f"[bold]Eden demo[/bold]: the Jokers ({', '.join(troops[0].fighters)}) against Clan "
        f"Bamaka ({', '.join(troops[1].fighters)}), 100-point troops of the sample cards; "
        f"bots {agents}; seed {seed}."
    )
    names = [a.strip() for a in agents.split(",")]
    if len(names) != 2:
        console.print("[red]error[/red]: --agents takes two names, e.g. heuristic,random")
        raise typer.Exit(2)
    try:
        bots = [make_agent(names[0], seed), make_agent(names[1], seed + 1)]
    except ValueError as exc:
        console.print(f"[red]error[/red]: {exc}")
        raise typer.Exit(2) from None
    play(game, bots)
    narrate(console, game.log, show_actions=actions)
    console.print(fighters_table(game))
    outcome = game.outcome()
    if outcome is not None:
        winner = "a draw" if outcome.winner is None else f"player {'AB'[outcome.winner]} wins"
        console.print(
            f"[bold]Result[/bold]: {winner} - VP A {outcome.scores[0]}, B {outcome.scores[1]} "
            f"({outcome.reason}); {len(game.history)} decisions."
        )
    if record is not None:
        Record.of(game).save(record)
        console.print(f"record saved to {record}")
    if svg is not None:
        from skirmish.eden.rolling import state_of
        from skirmish.geometry.svg import render as render_svg

        svg.write_text(render_svg(state_of(game).table()), encoding="utf-8")
        console.print(f"table drawn in {svg}")
