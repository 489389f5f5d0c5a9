"""``skirmish troop --game masseffect``: check a band file, or build one from profile names
(docs/masseffect.md ME7, ME39; light: the engine is imported inside the functions)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from skirmish.cli.content_field import content_field
from skirmish.cli.errors import DATA_SUFFIXES, check_output, fail
from skirmish.games.masseffect.cli.library import me_library_or_exit

#: The exit code of a band that breaks a rule (a file that cannot be read is 2).
EXIT_ILLEGAL = 1


def validate_band(console: Console, file: Path, content: list[Path] | None) -> None:
    """Print whether the band file is legal: its cost, or every rule it breaks, one line
    each (then exit 1)."""
    from skirmish.games.masseffect.cards.band_files import content_of_band, read_band
    from skirmish.games.masseffect.cards.bands import BandError, band_cost, band_problems

    try:
        band = read_band(file)
    except BandError as exc:
        raise fail(str(exc)) from None
    # the folders its file names (``content:``), then --content (a later card wins)
    library = me_library_or_exit([*content_of_band(band, file), *(content or ())])
    problems = band_problems(library, band)
    if problems:
        console.print(f"{file}: not a legal band ({len(problems)} problem"
                      f"{'' if len(problems) == 1 else 's'}):", markup=False, highlight=False)
        for problem in problems:
            console.print(f"  {problem}", markup=False, highlight=False)
        raise typer.Exit(EXIT_ILLEGAL)
    names = ", ".join(e.profile for e in band.figures)
    console.print(f"{file}: a legal band - {names}: {band_cost(library, band)}/{band.budget} "
                  "points", markup=False, highlight=False)


def new_band(console: Console, out: Path, *, faction: str | None, figures: str | None,
             budget: int, name: str, content: list[Path] | None) -> None:
    """Build a band from profile names (``figures``, else asked for) and write its file."""
    from skirmish.games.masseffect.cards.band_files import write_band
    from skirmish.games.masseffect.cards.bands import Band, BandEntry, band_cost, band_problems

    check_output(out, "band file", suffixes=DATA_SUFFIXES)
    library = me_library_or_exit(content)
    try:
        if faction is not None:
            faction = library.faction(faction)
        elif figures:
            faction = library.profile(figures.split(",")[0].strip()).faction
        else:
            faction = library.faction(typer.prompt(f"Faction ({', '.join(library.factions())})"))
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None
    if figures is None:
        for p in library.profiles.values():
            if p.faction == faction:
                console.print(f"  {p.name} ({p.points} pts)", markup=False, highlight=False)
        figures = typer.prompt(f"Figures, comma-separated ({budget} points)")
    names = []
    for text in (f.strip() for f in figures.split(",") if f.strip()):
        try:
            names.append(library.profile(text).name)
        except KeyError:
            names.append(text)  # band_problems names it
    band = Band(name or f"Bande {faction}", tuple(BandEntry(n) for n in names), faction,
                budget, content=content_field(content, out))
    problems = band_problems(library, band)
    if problems:
        raise fail("; ".join(problems))
    write_band(band, out)
    console.print(f"{out}: band {band.name} ({faction}) - {', '.join(names)}: "
                  f"{band_cost(library, band)}/{budget} points", markup=False,
                  highlight=False)
