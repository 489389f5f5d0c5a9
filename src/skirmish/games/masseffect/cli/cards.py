"""``skirmish cards --game masseffect``: list, show and print Mass Effect: Annihilation's
cards (light: the engine is imported inside the functions).

- list: every card by section (profiles with their faction and points, bands with their
  cost), sample cards marked ``[sample]``;
- show NAME: a profile in the draft's notation with its weapons' and powers' cards, or a
  weapon, power, scenario or band card (:mod:`skirmish.games.masseffect.cards.cards_text`);
- print: the printable profile cards of a band (a band file or a band of the library), or
  of profiles by name (:mod:`skirmish.games.masseffect.cards.printing`).
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from skirmish.cli.cards_cmd import print_outputs
from skirmish.cli.errors import fail, write_output
from skirmish.games.masseffect.cli.library import me_library_or_exit


def list_cards(console: Console, content: list[Path] | None, faction: str | None,
               kind: str | None, as_json: bool) -> None:
    """Print the library's cards (or their rows as JSON)."""
    from skirmish.games.masseffect.cards.cards_text import listing

    library = me_library_or_exit(content)
    try:
        rows = listing(library, faction, kind)
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None
    from skirmish.cli.cards_cmd import print_listing

    print_listing(console, rows, as_json,
                  "not taken from the Mass Effect: Annihilation draft or the video games",
                  lambda row: f" - {row['faction']}, {row['points']} pts"
                  if "points" in row else "")


def show_card(console: Console, content: list[Path] | None, name: str, as_json: bool) -> None:
    """Print one card as text (or as JSON)."""
    from skirmish.games.masseffect.cards.cards_text import card_text

    library = me_library_or_exit(content)
    try:
        kind, exact = library.find(name)
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None
    if as_json:
        card = getattr(library, kind)[exact]
        data = {**card.to_dict(), "section": kind}  # a power's own "kind" is biotic, tech…
        console.print_json(json.dumps(data, ensure_ascii=False))
        return
    console.print(card_text(library, kind, exact), markup=False, highlight=False)


def print_cards(console: Console, content: list[Path] | None, band: str | None,
                profiles: str | None, out: Path | None, pdf: Path | None) -> None:
    """Write the printable cards of a band (a file, or a library band's name) or of
    profiles (comma-separated names): HTML and/or PDF."""
    from skirmish.games.masseffect.cards.band_files import content_of_band, read_band
    from skirmish.games.masseffect.cards.bands import BandError, band_problems
    from skirmish.games.masseffect.cards.printing import render_band, render_profiles, write_pdf

    if (band is None) == (profiles is None):
        raise fail("cards print --game masseffect: give --band (a band file or a band's "
                   "name) or --profiles (names, comma-separated)")
    out, pdf = print_outputs(out, pdf)
    try:
        from_file = read_band(band) if band is not None and Path(band).is_file() else None
    except BandError as exc:
        raise fail(str(exc)) from None
    own = content_of_band(from_file, band or "") if from_file is not None else []
    library = me_library_or_exit([*own, *(content or ())])
    try:
        if band is not None:
            chosen = from_file if from_file is not None else library.band(band)
            unknown = [p for p in band_problems(library, chosen)
                       if p.startswith(("ME39 (figures)", "ME39 (equipment)"))]
            if unknown:
                raise fail(f"{band}: " + "; ".join(unknown))
            html, count = render_band(library, chosen), len(chosen.figures)
        else:
            names = [library.profile(n.strip()).name
                     for n in (profiles or "").split(",") if n.strip()]
            html, count = render_profiles(library, names), len(names)
    except (KeyError, BandError) as exc:
        raise fail(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc)) from None
    written = []
    if out is not None:
        write_output(out, html, "HTML file")
        written.append(str(out))
    if pdf is not None:
        write_pdf(html, pdf)
        written.append(str(pdf))
    console.print(f"{count} profile cards written to {' and '.join(written)}", markup=False)

