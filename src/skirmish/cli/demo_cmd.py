"""``skirmish demo``: a whole Eden match between two bots, narrated round by round."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from skirmish.cli.options import ContentOpt, RulesOpt, library_or_exit, rules_setup, rules_text

if TYPE_CHECKING:
    from skirmish.core.game import Game

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
    brief: Annotated[bool, typer.Option(
        help="One line per activation, with the round headers and the result.")] = False,
    svg: Annotated[Path | None, typer.Option(help="Draw the final table as SVG here.")] = None,
    svg_dir: Annotated[Path | None, typer.Option(
        "--svg-dir", help="Draw the table into this folder: round-N.svg as each round "
                          "begins (turn-N.svg as each turn begins, with --game masseffect), "
                          "and final.svg.")] = None,
    agents: Annotated[str, typer.Option(help="The two bots: heuristic, random.")] = (
        "heuristic,heuristic"
    ),
    content: ContentOpt = None,
    ruleset: Annotated[str, typer.Option(
        "--game", help="The game: eden or masseffect.")] = "eden",
    scenario: Annotated[str, typer.Option(
        help="Mass Effect: Annihilation's scenario.")] = "Escarmouche",
    bands: Annotated[str | None, typer.Option(
        help="Mass Effect: Annihilation's two bands, e.g. Orion,Tisiphone.")] = None,
    rules: RulesOpt = None,
) -> None:
    """Play a whole match between two bots (Eden, or Mass Effect: Annihilation with --game
    masseffect) and narrate it round by round."""
    from skirmish.bots import make_agent, split_agents
    from skirmish.core.agents import play
    from skirmish.core.dice import fresh_seed
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.cards.troops import suggest
    from skirmish.games.eden.cli.narrate import fighters_table, narrate

    seed = fresh_seed() if seed is None else seed
    console.soft_wrap = not console.is_terminal  # whole lines in a file or a pipe
    if ruleset not in ("eden", "masseffect"):
        console.print(f"[red]error[/red]: --game: eden or masseffect, got {ruleset!r}")
        raise typer.Exit(2)
    if ruleset == "masseffect":
        if rules is not None:
            console.print("[red]error[/red]: --rules: Eden's optional rules; --game "
                          "masseffect has none")
            raise typer.Exit(2)
        from skirmish.games.masseffect.cli.demo import demo_masseffect

        try:
            demo_masseffect(console, seed=seed, agents=split_agents(agents),
                            scenario=scenario, bands=[b.strip() for b in (bands or "").split(
                                ",") if b.strip()], content=content or [], record=record,
                            actions=actions, brief=brief, svg=svg, svg_dir=svg_dir)
        except (KeyError, ValueError) as exc:
            console.print(f"[red]error[/red]: {exc.args[0] if exc.args else exc}")
            raise typer.Exit(2) from None
        return
    library = library_or_exit(content)
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    setup = rules_setup(library.setup(*troops, max_rounds=rounds), rules)
    game = EDEN.new_game(setup, seed=seed)
    optional = f"; optional rules: {rules_text(setup)}" if rules is not None else ""
    console.print(
        f"[bold]Eden demo[/bold]: the Jokers ({', '.join(troops[0].fighters)}) against Clan "
        f"Bamaka ({', '.join(troops[1].fighters)}), 100-point troops of the sample cards; "
        f"bots {agents}; seed {seed}{optional}."
    )
    names = split_agents(agents)
    if len(names) != 2:
        console.print("[red]error[/red]: --agents takes two names, e.g. heuristic,random")
        raise typer.Exit(2)
    try:
        bots = [make_agent(names[0], seed), make_agent(names[1], seed + 1)]
    except ValueError as exc:
        console.print(f"[red]error[/red]: {exc}")
        raise typer.Exit(2) from None
    play(game, bots)
    narrate(console, game.log, show_actions=actions, brief=brief)
    if not brief:
        console.print(fighters_table(game))
    finish(console, game, "VP", record=record, svg=svg)
    if svg_dir is not None:
        _draw_rounds(game, svg_dir)


def finish(console: Console, game: Game, points: str, *, record: Path | None,
           svg: Path | None) -> None:
    """The end of a demo, whatever the game: the result (``points``: "VP", "points"), the
    record saved, the final table drawn."""
    from skirmish.core.record import Record

    outcome = game.outcome()
    if outcome is not None:
        winner = "a draw" if outcome.winner is None else f"player {'AB'[outcome.winner]} wins"
        console.print(
            f"[bold]Result[/bold]: {winner} - {points} A {outcome.scores[0]}, B "
            f"{outcome.scores[1]} ({outcome.reason}); {len(game.history)} decisions."
        )
    if record is not None:
        Record.of(game).save(record)
        console.print(f"record saved to {record}")
    if svg is not None:
        from skirmish.cli.pictures import write_picture

        write_picture(game, svg, when="final table")
        console.print(f"table drawn in {svg}")


def _draw_rounds(game: Game, folder: Path) -> None:
    """One picture as each round begins (round-N.svg), and the final table (final.svg)."""
    from skirmish.cli.errors import check_output_dir
    from skirmish.cli.pictures import write_picture
    from skirmish.games.eden.moments import round_starts

    check_output_dir(folder, "picture folder")
    for number, moment in round_starts(game):
        write_picture(moment, folder / f"round-{number}.svg", when="as it begins")
    write_picture(game, folder / "final.svg", when="final table")
    typer.echo(f"tables drawn in {folder} (round-N.svg as each round begins, final.svg)")
