"""``skirmish cards``: Eden's card library listed, shown in the rulebook's notation and
printed as profile cards (Rulebook 8: the equipment notation, in English or French)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from skirmish.cli.cards_cmd import print_listing, print_outputs
from skirmish.cli.errors import fail, write_output
from skirmish.games.eden.cli.library import library_or_exit

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library


def _section(kind: str) -> str:
    """The section a ``--kind`` names ("fighter", "NPFs", "tactical" ...)."""
    from skirmish.core.names import fold
    from skirmish.games.eden.cards.library import SECTIONS, SINGULAR

    for section in SECTIONS:
        if fold(kind) in (fold(section), fold(section.rstrip("s")), fold(SINGULAR[section])):
            return section
    raise KeyError(f"--kind: no kind {kind!r} (expected {', '.join(SECTIONS)})")


def _listing(lib: Library, faction: str | None, kind: str | None) -> list[dict[str, Any]]:
    from skirmish.games.eden.cards.library import SECTIONS

    rows = []
    wanted = lib.faction(faction) if faction is not None else None
    only = _section(kind) if kind is not None else None
    for section in SECTIONS:
        if only is not None and section != only:
            continue
        for name, card in getattr(lib, section).items():
            owner = getattr(card, "faction", None)
            if wanted and section in ("fighters", "missions") and owner != wanted:
                continue
            if wanted and section not in ("fighters", "missions"):
                continue
            origin = lib.origin[(section, name)]
            row: dict[str, Any] = {"kind": section, "name": name, "sample": origin.sample,
                                   "file": origin.file}
            if section in ("fighters", "npfs"):
                row.update(faction=card.faction, stigma=card.stigma,
                           value=card.value if card.level is None else None, level=card.level)
            rows.append(row)
    return rows


def list_cards(console: Console, content: list[Path] | None, faction: str | None,
               kind: str | None, as_json: bool) -> None:
    """Print the library's cards (or their rows as JSON)."""
    lib = library_or_exit(content)
    try:
        rows = _listing(lib, faction, kind)
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None

    def extra(row: dict[str, Any]) -> str:
        if row["kind"] not in ("fighters", "npfs"):
            return ""
        worth = f"{row['value']} pts" if row["level"] is None else f"level {row['level']}"
        return f" - {row['faction']}, {row['stigma'] or 'no stigma'}, {worth}"

    print_listing(console, rows, as_json, "not the published Eden cards", extra)


def show_card(console: Console, content: list[Path] | None, name: str, as_json: bool,
              language: str | None) -> None:
    """Print one card in the rulebook's notation (or as JSON)."""
    from skirmish.games.eden.cards.cards_html import card_text
    from skirmish.games.eden.cards.equipment import check_language

    lib = library_or_exit(content)
    try:
        lang = check_language(language)
    except ValueError:
        raise fail(f"--language: expected en or fr, got {language!r}") from None
    try:
        kind, exact = lib.find(name)
    except KeyError as exc:
        raise fail(str(exc.args[0])) from None
    if as_json:
        card = getattr(lib, kind)[exact]
        data = card.to_dict() if hasattr(card, "to_dict") else {
            "name": exact, "text": card.to_text(lang or "en") if kind == "equipment"
            else str(card)}
        console.print_json(json.dumps({"kind": kind, **data}, ensure_ascii=False,
                                      default=str))
        return
    text = card_text(lib, kind, exact)
    if lang is not None:
        text = _equipment_in(lib, kind, exact, text, lang)
    console.print(text, markup=False, highlight=False)


def _equipment_in(lib: Library, kind: str, name: str, text: str, language: str) -> str:
    """``text`` (a card in the rulebook's notation) with its equipment in ``language``: an
    item of the library is shown as ``str(item)``, one written on the profile as typed."""
    from skirmish.games.eden.cards.equipment import Equipment

    if kind == "equipment":
        items = [(str(lib.equipment[name]), lib.equipment[name])]
    elif kind in ("fighters", "npfs"):
        items = [(str(lib.equipment[e]), lib.equipment[e]) if e in lib.equipment
                 else (e, Equipment.parse(e))
                 for e in getattr(lib, kind)[name].equipment
                 if e in lib.equipment or "(" in e]
    else:
        return text
    for shown, item in items:
        text = text.replace(f": {shown}", f": {item.to_text(language)}")
    return text


def print_cards(console: Console, content: list[Path] | None, troop: Path | None,
                out: Path | None, pdf: Path | None, language: str | None) -> None:
    """Write a troop's printable profile cards (HTML and/or PDF)."""
    from skirmish.games.eden.cards.equipment import check_language
    from skirmish.games.eden.cards.printing import render_cards, write_pdf
    from skirmish.games.eden.cards.troop_files import read_troop
    from skirmish.games.eden.cards.troops import TroopError, troop_problems

    if troop is None:
        raise fail("cards print: give --troop, a troop file (YAML or JSON)")
    try:
        lang = check_language(language)
    except ValueError:
        raise fail(f"--language: expected en or fr, got {language!r}") from None
    out, pdf = print_outputs(out, pdf)
    try:
        team = read_troop(troop)
    except TroopError as exc:
        raise fail(str(exc)) from None
    lib = library_or_exit(content, troop_files=[troop])
    unknown = [p for p in troop_problems(lib, team) if "unknown fighter" in p]
    if unknown:
        raise fail(f"{troop}: " + "; ".join(unknown))
    html = render_cards(lib, list(team.fighters), team.name or troop.stem, lang)
    written = []
    if out is not None:
        write_output(out, html, "HTML file")
        written.append(str(out))
    if pdf is not None:
        write_pdf(html, pdf)
        written.append(str(pdf))
    console.print(f"{len(team.fighters)} profile cards written to {' and '.join(written)}",
                  markup=False)
