"""``skirmish``: play, replay and inspect tabletop skirmish matches."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

import skirmish
from skirmish.cli.errors import SkirmishTyper, set_debug
from skirmish.core.agents import play
from skirmish.core.errors import RecordError
from skirmish.core.record import Record, verify_file

app = SkirmishTyper(
    help="Tabletop skirmish wargames (Eden) played exactly by their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@app.callback()
def options(
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show the traceback of an error (otherwise one line on stderr).")
    ] = False,
) -> None:
    """Tabletop skirmish wargames (Eden) played exactly by their rulebooks."""
    set_debug(debug)


@app.command()
def version() -> None:
    """Print the engine version."""
    console.print(f"skirmish {skirmish.__version__}")


@app.command()
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
) -> None:
    """Play a whole Eden match between two bots and narrate it round by round."""
    from skirmish.bots import make_agent
    from skirmish.cli.narrate import fighters_table, narrate
    from skirmish.core.dice import fresh_seed
    from skirmish.eden import EDEN
    from skirmish.eden.library import load_library
    from skirmish.eden.troops import suggest

    seed = fresh_seed() if seed is None else seed
    library = load_library()
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


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (.jsonl).", exists=True)],
    verify_hash: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Re-play and check every line: header, actions, events, end line "
            "(outcome, count, state hash). Exit 2 at the first difference.",
        ),
    ] = False,
    show: Annotated[bool, typer.Option(help="Narrate the re-played game.")] = False,
) -> None:
    """Re-play a game record from its header and actions."""
    from skirmish.cli.narrate import narrate

    try:
        game = verify_file(file) if verify_hash else Record.load(file).replay()
    except (RecordError, KeyError, ValueError) as exc:
        # One line on stderr, no traceback: the first difference and its line number.
        typer.echo("error: " + str(exc).replace("\n", " "), err=True)
        raise typer.Exit(2) from None
    if show:
        narrate(console, game.log)
    state = "verified: every line matches the re-play" if verify_hash else "re-played"
    console.print(f"{file}: {len(game.history)} actions {state} ({game.state_hash()[:16]})")


from skirmish.cli.cards_cmd import cards_app  # noqa: E402
from skirmish.cli.odds_cmd import odds_app  # noqa: E402
from skirmish.cli.render_cmd import render  # noqa: E402
from skirmish.cli.serve_cmd import serve  # noqa: E402
from skirmish.cli.simulate_cmd import matchup, simulate  # noqa: E402
from skirmish.cli.soak_cmd import soak  # noqa: E402
from skirmish.cli.troop_cmd import troop_app  # noqa: E402

app.command("render", help="Draw a table (JSON) as SVG: scenery, bases, sight, paths, templates.")(
    render
)


app.add_typer(cards_app, name="cards")
app.add_typer(troop_app, name="troop")
app.add_typer(odds_app, name="odds")
app.command("simulate")(simulate)
app.command("matchup")(matchup)
app.command("soak")(soak)
app.command("serve")(serve)


def main() -> None:  # pragma: no cover - console entry point
    """The command line: every error is one line on stderr (cli/errors.py)."""
    sys.exit(app())
