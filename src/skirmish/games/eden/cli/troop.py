"""``skirmish troop``: check an Eden troop file, or build a new one (Rulebook 3)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import typer
from rich.console import Console

from skirmish.cli.content_field import content_field
from skirmish.cli.errors import DATA_SUFFIXES, check_output, fail
from skirmish.games.eden.cli.library import library_or_exit


def validate_troop(console: Console, file: Path, content: list[Path] | None) -> None:
    """Check a troop against Rulebook 3; exit code 2 with every broken rule named."""
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


def new_troop(console: Console, out: Path, *, faction: str | None, stigma: str | None,
              fighters: str | None, budget: int | None, leader: str | None, name: str,
              content: list[Path] | None) -> None:
    """Build a troop from ``fighters``, or interactively (prompts), and write it."""
    from skirmish.games.eden.cards.troops import (
        Troop,
        candidates,
        sp_reserve,
        total_value,
        troop_problems,
    )

    budget = 100 if budget is None else budget
    check_output(out, "troop file", suffixes=DATA_SUFFIXES)
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
    troop = Troop(troop_type, tuple(names), budget, leader, name or symbol,
                  content=content_field(content, out))
    problems = troop_problems(lib, troop)
    if problems:
        raise fail("; ".join(problems))
    try:
        troop.save(out)  # atomically: a full disk leaves no half-written troop file
    except OSError as exc:
        raise fail(f"{out}: cannot write the troop file ({exc.strerror or exc})") from None
    console.print(f"{out}: {troop_type} troop {', '.join(names)} - {total_value(lib, troop)}/"
                  f"{budget} points, SP reserve {sp_reserve(lib, troop)}", markup=False,
                  highlight=False)
