"""``skirmish demo``: a whole match between two bots, narrated round by round: the game's
``"cli"`` part (:meth:`skirmish.cli.game_parts.GameCommands.demo`) plays it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from skirmish.cli.game_parts import finish
from skirmish.cli.options import (
    ContentOpt,
    HouseRulesFileOpt,
    HouseRulesOpt,
    RulesOpt,
    default_game,
    games_help,
    house_rules_choices,
)

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
                          "begins (turn-N.svg as each turn begins, in a game of turns), "
                          "and final.svg.")] = None,
    agents: Annotated[str, typer.Option(help="The two bots: heuristic, random.")] = (
        "heuristic,heuristic"
    ),
    content: ContentOpt = None,
    ruleset: Annotated[str | None, typer.Option(
        "--game", help=games_help(), show_default=False)] = None,
    scenario: Annotated[str | None, typer.Option(
        help="The scenario, in a game that has scenarios (default: the game's own).",
        show_default=False)] = None,
    bands: Annotated[str | None, typer.Option(
        help="A game of bands: the two bands, e.g. Orion,Tisiphone.")] = None,
    rules: RulesOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
) -> None:
    """Play a whole match between two bots (of the game --game names) and narrate it round
    by round (turn by turn)."""
    from skirmish.cli.errors import check_output, check_output_dir, fail
    from skirmish.cli.game_parts import commands_of
    from skirmish.cli.pictures import SUFFIXES
    from skirmish.core.dice import fresh_seed

    # the output paths, checked before the match (issue 46: an error names the file)
    if record is not None:
        check_output(record, "record file")
    if svg is not None:
        if svg.suffix.lower() not in SUFFIXES:
            raise ValueError(f"{svg}: a picture is a .svg, .png or .json file, not "
                             f"{svg.suffix or 'a file without a suffix'!r}")
        check_output(svg, "picture")
    if svg_dir is not None:
        check_output_dir(svg_dir, "picture folder")
    seed = fresh_seed() if seed is None else seed
    console.soft_wrap = not console.is_terminal  # whole lines in a file or a pipe
    game = ruleset or default_game()
    try:
        commands = commands_of(game)
        _check_agents(agents)  # before the game's banner: a refused demo prints nothing else
    except ValueError as exc:
        raise fail(str(exc)) from None
    chosen = house_rules_choices(house_rules, house_rules_file, game)
    commands.demo(console, seed=seed, agents=agents, rounds=rounds, content=content,
                  scenario=scenario, bands=bands, rules=rules, record=record,
                  actions=actions, brief=brief, svg=svg, svg_dir=svg_dir, house_rules=chosen)


def _check_agents(text: str) -> None:
    """``--agents``: two known bots (a ValueError names what is wrong)."""
    from skirmish.bots.registry import check_agent, split_agents

    names = split_agents(text)
    if len(names) != 2 or not all(names):
        raise ValueError(f"--agents takes two names, e.g. heuristic,random; got {text!r}")
    for name in names:
        check_agent(name)


__all__ = ["demo", "finish"]
