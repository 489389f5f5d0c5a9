"""``skirmish troop``: check a troop file, or build a new one (Rulebook 3); with ``--game
masseffect``, a Mass Effect: Annihilation band file (ME39: :mod:`.troop_masseffect`).

Add to the main app: ``app.add_typer(troop_app, name="troop")``.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from skirmish.cli.errors import SkirmishTyper, check_output, fail
from skirmish.cli.options import ContentOpt, GameOpt, game_or_exit, library_or_exit

#: Rulebook 3 (skirmish.games.eden.cards.troops.MAX_BUDGET, checked by a test): the largest budget.
MAX_BUDGET = 200
console = Console(soft_wrap=True)

troop_app = SkirmishTyper(help="Check or build a troop (Rulebook 3) or, with --game "
                               "masseffect, a band (ME39).", no_args_is_help=True,
                          add_completion=False)


@troop_app.command("validate")
def validate(
    file: Annotated[Path, typer.Argument(help="A troop file (YAML or JSON); ME:A: a band "
                                              "file.")],
    content: ContentOpt = None,
    game: GameOpt = None,
) -> None:
    """Check a troop against Rulebook 3; exit code 2 with every broken rule named. ME:A
    (--game masseffect): check a band file against ME7/ME39, every broken rule on its own
    line and exit code 1 when it breaks one."""
    if game_or_exit(game) == "masseffect":
        from skirmish.games.masseffect.cli.troop import validate_band

        validate_band(console, file, content)
        return
    from skirmish.games.eden.cards.troop_files import read_troop
    from skirmish.games.eden.cards.troops import TroopError, sp_reserve, total_value, troop_problems

    lib = library_or_exit(content, [file])
    try:
        troop = read_troop(file)
    except TroopError as exc:
        raise fail(str(exc)) from None
    problems = troop_problems(lib, troop)
    if problems:
        raise fail(f"{file}: " + "; ".join(problems))
    console.print(f"{file}: a legal {troop.type} troop - {', '.join(troop.fighters)}: "
                  f"{total_value(lib, troop)}/{troop.budget} points, SP reserve "
                  f"{sp_reserve(lib, troop)}", markup=False, highlight=False)


@troop_app.command("new")
def new(
    out: Annotated[Path, typer.Option(help="The troop file to write (.yaml or .json).")] =
    Path("troop.yaml"),
    faction: Annotated[str | None, typer.Option(help="A faction troop of this faction.")] =
    None,
    stigma: Annotated[str | None, typer.Option(help="A stigma troop of this stigma.")] = None,
    fighters: Annotated[str | None, typer.Option(help="Comma-separated fighter names.")] =
    None,
    budget: Annotated[int | None, typer.Option(
        help=f"Points (100; agreed up to {MAX_BUDGET}). ME:A: 30 (10 to 200).")] = None,
    leader: Annotated[str | None, typer.Option(help="The troop leader.")] = None,
    name: Annotated[str, typer.Option(help="A name for the troop.")] = "",
    content: ContentOpt = None,
    game: GameOpt = None,
    figures: Annotated[str | None, typer.Option(
        help="ME:A: comma-separated profile names (a name twice: two figures).")] = None,
) -> None:
    """Build a troop from --fighters, or interactively (prompts), and write it. ME:A (--game
    masseffect): a band file from --figures (or prompts), in --faction."""
    if game_or_exit(game) == "masseffect":
        from skirmish.games.masseffect.cli.troop import new_band
        from skirmish.games.masseffect.rules import DEFAULT_BUDGET

        new_band(console, out, faction=faction, figures=figures or fighters,
                 budget=DEFAULT_BUDGET if budget is None else budget, name=name,
                 content=content)
        return
    from skirmish.games.eden.cards.troops import (
        Troop,
        candidates,
        sp_reserve,
        total_value,
        troop_problems,
    )

    budget = 100 if budget is None else budget
    check_output(out, "troop file")
    lib = library_or_exit(content)
    troop_type = "stigma" if stigma else "faction"
    try:
        if stigma:
            symbol = next((s for s in {p.stigma for p in lib.fighters.values()}
                           if s.casefold() == stigma.casefold()), None)
            if symbol is None:
                raise KeyError(f"no stigma {stigma!r}")
        elif faction:
            symbol = lib.faction(faction)
        elif fighters:
            symbol = lib.profile(fighters.split(",")[0].strip()).faction
        else:
            symbol = lib.faction(typer.prompt(f"Faction ({', '.join(lib.factions())})"))
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None
    if fighters is None:
        pool = candidates(lib, troop_type, symbol)
        for p in pool:
            console.print(f"  {p.name} ({p.value} pts, {p.stigma})", markup=False)
        fighters = typer.prompt(f"Fighters, comma-separated ({budget} points)")
        if leader is None:
            leader = typer.prompt("Leader (empty for none)", default="") or None
    names = []
    for text in (f.strip() for f in fighters.split(",") if f.strip()):
        try:
            names.append(lib.profile(text).name)
        except KeyError:
            names.append(text)
    if leader:
        with contextlib.suppress(KeyError):
            leader = lib.profile(leader).name
    troop = Troop(troop_type, tuple(names), budget, leader, name or symbol)
    problems = troop_problems(lib, troop)
    if problems:
        raise fail("; ".join(problems))
    troop.save(out)
    console.print(f"{out}: {troop_type} troop {', '.join(names)} - {total_value(lib, troop)}/"
                  f"{budget} points, SP reserve {sp_reserve(lib, troop)}", markup=False,
                  highlight=False)
