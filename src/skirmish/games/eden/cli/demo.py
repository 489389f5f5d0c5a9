"""``skirmish demo``: a whole Eden match between two bots (the sample Jokers against Clan
Bamaka), narrated round by round; pictures as each round begins."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console

if TYPE_CHECKING:
    from skirmish.core.game import Game


def demo_eden(console: Console, *, seed: int, agents: str, rounds: int,
              content: list[Path] | None, rules: str | None, record: Path | None,
              actions: bool, brief: bool, svg: Path | None, svg_dir: Path | None,
              house_rules: Mapping[str, str] | None = None) -> None:
    """Play and narrate one Eden match between two bots (playing ``house_rules``, checked
    readings)."""
    from skirmish.bots import make_agent, split_agents
    from skirmish.cli.errors import fail
    from skirmish.cli.game_parts import finish
    from skirmish.cli.options import house_rules_text, rules_setup, rules_text
    from skirmish.core.agents import play
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.cards.troops import suggest
    from skirmish.games.eden.cli.library import library_or_exit
    from skirmish.games.eden.cli.narrate import fighters_table, narrate

    library = library_or_exit(content)
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    setup = rules_setup(library.setup(*troops, max_rounds=rounds), rules, "eden")
    if house_rules:
        setup = {**setup, "house_rules": dict(house_rules)}
    game = EDEN.new_game(setup, seed=seed)
    optional = f"; optional rules: {rules_text(setup, 'eden')}" if rules is not None else ""
    if house_rules:
        optional += f"; house rules: {house_rules_text(setup, 'eden')}"
    console.print(
        f"[bold]Eden demo[/bold]: the Jokers ({', '.join(troops[0].fighters)}) against Clan "
        f"Bamaka ({', '.join(troops[1].fighters)}), 100-point troops of the sample cards; "
        f"bots {agents}; seed {seed}{optional}."
    )
    names = split_agents(agents)
    if len(names) != 2:
        raise fail("--agents takes two names, e.g. heuristic,random")
    try:
        bots = [make_agent(names[0], seed), make_agent(names[1], seed + 1)]
    except ValueError as exc:
        raise fail(f"--agents: {exc}") from None
    play(game, bots)
    narrate(console, game.log, show_actions=actions, brief=brief)
    if not brief:
        console.print(fighters_table(game))
    finish(console, game, "VP", record=record, svg=svg)
    if svg_dir is not None:
        draw_rounds(game, svg_dir)


def draw_rounds(game: Game, folder: Path) -> None:
    """One picture as each round begins (round-N.svg), and the final table (final.svg)."""
    from skirmish.cli.errors import check_output_dir
    from skirmish.cli.pictures import write_picture
    from skirmish.games.eden.moments import round_starts

    check_output_dir(folder, "picture folder", create=True)
    for number, moment in round_starts(game):
        write_picture(moment, folder / f"round-{number}.svg", when="as it begins")
    write_picture(game, folder / "final.svg", when="final table")
    typer.echo(f"tables drawn in {folder} (round-N.svg as each round begins, final.svg)")
