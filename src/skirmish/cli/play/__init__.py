"""``skirmish play``: play a match of a game (``--game``, by default the default game) from
the terminal, hot-seat or against a bot (the game's ``"cli"`` part sets it up:
:meth:`skirmish.cli.game_parts.GameCommands.new_match`).

Kept light (``skirmish --help`` imports it): the engine and the session loop
(:mod:`skirmish.cli.play.session`) are imported inside :func:`play` only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from skirmish.cli.errors import fail
from skirmish.cli.options import (
    ContentOpt,
    GameOpt,
    HouseRulesFileOpt,
    HouseRulesOpt,
    RulesOpt,
)


def _read_line(prompt: str) -> str | None:
    """One line of the standard input (``None`` at its end)."""
    try:
        return input(prompt)
    except EOFError:
        return None


def play(
    vs: Annotated[str | None, typer.Option(
        "--vs", help="Play against a bot: any agent name, e.g. heuristic, random or "
        "mcts:normal (default: hot-seat, two people at this terminal).")] = None,
    seat: Annotated[str, typer.Option(help="Your seat against a bot: A or B.")] = "A",
    troop_a: Annotated[str | None, typer.Option(
        help="Troop A: a troop file or a faction ('stigma:NAME' for a stigma); default: the "
        "game's own first sample troop.")] = None,
    troop_b: Annotated[str | None, typer.Option(
        help="Troop B: a troop file or a faction; default: the game's own second sample "
        "troop.")] = None,
    rounds: Annotated[int, typer.Option(min=1, max=5, help="Rounds to play.")] = 5,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the game's dice and of the bot, for analysis: the dice follow from it "
        "and it is shown (default: fair dice both seats contribute to, no seed).")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="Continue a game saved with 'save FILE' (a record, JSON Lines); give --vs and "
        "--seat again to play it against a bot.", dir_okay=False)] = None,
    autosave: Annotated[Path | None, typer.Option(
        help="Save the game's record here after every decision.", dir_okay=False)] = None,
    content: ContentOpt = None,
    rules: RulesOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    game_name: GameOpt = None,
) -> None:
    """Play a match from the terminal, hot-seat or against a bot (--vs): type the number of
    a legal action, an action in the notation, a move in words ('move Yuri toward Sabaka 6',
    'move Yuri 6 north', 'charge Yuri Sabaka'), or a command (undo, odds, table, status,
    card, fighter, save, help, quit)."""
    from skirmish.bots import make_agent
    from skirmish.cli.errors import check_output
    from skirmish.cli.game_parts import commands_of
    from skirmish.cli.options import default_game, house_rules_choices
    from skirmish.cli.play.session import Session
    from skirmish.core.dice import fresh_seed

    human = seat.strip().upper()
    if human not in ("A", "B"):
        raise fail(f"--seat: A or B, got {seat!r}")
    if autosave is not None:
        check_output(autosave, "record")
    console = Console(highlight=False)
    if resume is not None:
        from skirmish.cli.replay_cmd import replayed

        game = replayed(resume)
        dice_seed = game.initial_dice.get("seed")
        seed = seed if seed is not None else (
            int(dice_seed) if isinstance(dice_seed, int) else fresh_seed())
        intro = f"resumed {resume}: {len(game.history)} decisions played"
    else:  # no seed asked for: fair dice, no seed shown (docs/dice.md)
        name = game_name or default_game()
        game, intro = commands_of(name).new_match(
            troop_a, troop_b, rounds=rounds, seed=seed, content=content, rules=rules,
            house_rules=house_rules_choices(house_rules, house_rules_file, name))
    bot = None if vs is None else make_agent(vs, fresh_seed() if seed is None else seed + 1)
    humans = (0, 1) if bot is None else ("AB".index(human),)
    mode = ("hot-seat: both seats at this terminal" if bot is None else
            f"you play {human}, the {vs} bot plays {'B' if human == 'A' else 'A'}")
    console.print(f"{intro}; {mode}.", soft_wrap=True, markup=False, style="bold")
    console.print("Type a number, an action, or 'help'.")
    session = Session(game, humans=humans, console=console, read=_read_line, bot=bot,
                      bot_name=vs or "", autosave=autosave, content=content or ())
    code = session.run()
    if code:
        raise typer.Exit(code)
