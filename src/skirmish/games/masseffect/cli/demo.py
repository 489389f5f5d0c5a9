"""``skirmish demo --game masseffect``: a whole Mass Effect: Annihilation game between two
bots, narrated turn by turn (light: the engine is imported inside the function)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.table import Table

from skirmish.cli.errors import fail

if TYPE_CHECKING:
    from skirmish.core.game import Game


def demo_masseffect(console: Console, *, seed: int, agents: Sequence[str], scenario: str,
                    bands: Sequence[str], content: Sequence[Path], record: Path | None,
                    actions: bool, brief: bool, svg: Path | None = None,
                    svg_dir: Path | None = None) -> None:
    """Play and narrate one ME:A game (docs/masseffect.md) between two bots; draw its final
    table (``svg``) and its table as each turn begins (``svg_dir``)."""
    from skirmish.bots import make_agent
    from skirmish.core.agents import play
    from skirmish.games.masseffect import MASS_EFFECT, match_setup
    from skirmish.games.masseffect.cards.library import load_library
    from skirmish.games.masseffect.rolling import state_of

    library = load_library([str(c) for c in content])
    names = list(library.bands)
    chosen = [library.band(b) for b in bands] if bands else [library.band(names[0]),
                                                              library.band(names[1])]
    if len(chosen) != 2:
        raise fail("--bands takes two band names, e.g. Orion,Tisiphone")
    card = library.scenario(scenario)
    game = MASS_EFFECT.new_game(match_setup(library, chosen, card), seed=seed)
    console.print(f"[bold]Mass Effect: Annihilation demo[/bold]: {chosen[0].name} against "
                  f"{chosen[1].name}, scenario {card.name} ({card.turns} turns); bots "
                  f"{', '.join(agents)}; seed {seed}.")
    bots = [make_agent(agents[0], seed), make_agent(agents[1], seed + 1)]
    play(game, bots)
    for event in game.log:
        if event.kind == "action" and not actions:
            continue
        if event.kind == "me.turn":
            console.print(f"\n[bold]{event.text()}[/bold]", highlight=False)
        elif event.kind == "me.phase":
            if not brief:
                console.print(f"[italic]{event.text()}[/italic]", highlight=False)
        elif not brief or event.kind in ("me.wound", "me.score", "me.note"):
            console.print(f"  {event.text()}", markup=False, highlight=False)
    state = state_of(game)
    if not brief:
        table = Table(title="Figures")
        for column in ("figure", "Vitalité", "Armure", "Héroïsme", "state"):
            table.add_column(column)
        for f in state.figures:
            where = "out of action" if f.out else "extracted" if f.extracted else "in action"
            table.add_row(str(f.ref), f"{f.vitality}/{f.profile.vitality}",
                          f"{f.armour}/{f.profile.armour}", str(f.heroism), where)
        console.print(table)
    from skirmish.cli.game_parts import finish

    finish(console, game, "points", record=record, svg=svg)
    if svg_dir is not None:
        draw_turns(game, svg_dir)


def draw_turns(game: Game, folder: Path) -> None:
    """One picture as each turn begins (turn-N.svg), and the final table (final.svg)."""
    from skirmish.cli.errors import check_output_dir
    from skirmish.cli.pictures import write_picture
    from skirmish.games.masseffect.table.moments import turn_starts

    check_output_dir(folder, "picture folder", create=True)
    for number, moment in turn_starts(game):
        write_picture(moment, folder / f"turn-{number}.svg", when="as it begins")
    write_picture(game, folder / "final.svg", when="final table")
    typer.echo(f"tables drawn in {folder} (turn-N.svg as each turn begins, final.svg)")
