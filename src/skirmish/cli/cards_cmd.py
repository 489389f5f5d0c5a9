"""``skirmish cards``: list, show and print the card library (built-in sample content plus
the players' own folders given with ``--content DIR``); Eden's, or Mass Effect:
Annihilation's with ``--game masseffect`` (:mod:`skirmish.games.masseffect.cli.cards`).

Add to the main app: ``app.add_typer(cards_app, name="cards")``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from skirmish.cli.errors import SkirmishTyper, check_output, fail, write_output
from skirmish.cli.options import ContentOpt, GameOpt, game_or_exit, library_or_exit

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library

cards_app = SkirmishTyper(help="List, show and print cards (sample content and your own).",
                          invoke_without_command=True, no_args_is_help=False,
                          add_completion=False)
console = Console(soft_wrap=True)

LanguageOpt = Annotated[str | None, typer.Option(
    "--language", help="The equipment notation: en (the default) or fr (the French "
                       "original, Rulebook 8).")]


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


FactionOpt = Annotated[str | None, typer.Option(
    help="Only this faction's fighters and missions (ME:A: its profiles and bands).")]
KindOpt = Annotated[str | None, typer.Option(
    help="Only one kind: fighters, npfs, abilities, equipment, missions, tactical, scenery "
         "(ME:A: profiles, weapons, powers, scenarios, bands).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@cards_app.callback()
def cards(
    ctx: typer.Context,
    faction: FactionOpt = None,
    kind: KindOpt = None,
    as_json: JsonOpt = False,
    content: ContentOpt = None,
    game: GameOpt = None,
) -> None:
    """List the cards (sample cards are marked [sample])."""
    if ctx.invoked_subcommand is not None:
        ctx.obj = {"content": content, "game": game, "faction": faction, "kind": kind,
                   "json": as_json}
        return
    _list(content, faction, kind, as_json, game_or_exit(game))


@cards_app.command("list")
def list_cards(
    ctx: typer.Context,
    faction: FactionOpt = None,
    kind: KindOpt = None,
    as_json: JsonOpt = False,
    content: ContentOpt = None,
    game: GameOpt = None,
) -> None:
    """List the cards (as 'skirmish cards' alone does)."""
    group = ctx.obj or {}
    _list(content or group.get("content"), faction or group.get("faction"),
          kind or group.get("kind"), as_json or bool(group.get("json")),
          game_or_exit(game, group.get("game")))


def _list(content: list[Path] | None, faction: str | None, kind: str | None, as_json: bool,
          game: str) -> None:
    if game == "masseffect":
        from skirmish.games.masseffect.cli.cards import list_cards as me_list

        me_list(console, content, faction, kind, as_json)
        return
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


def print_listing(console: Console, rows: list[dict[str, Any]], as_json: bool,
                  not_what: str, extra: Callable[[dict[str, Any]], str]) -> None:
    """A library's cards, grouped by kind, one line each (``extra``: what follows the
    name), the sample ones marked; or the rows as JSON. Both games list their cards so."""
    if as_json:
        console.print_json(json.dumps(rows, ensure_ascii=False))
        return
    if any(r["sample"] for r in rows):
        console.print(f"Cards marked [sample] are ORIGINAL SAMPLE CONTENT, {not_what}.",
                      markup=False)
    current = ""
    for row in rows:
        if row["kind"] != current:
            current = row["kind"]
            console.print(f"\n{current}:", markup=False)
        mark = " [sample]" if row["sample"] else ""
        console.print(f"  {row['name']}{extra(row)}{mark}", markup=False, highlight=False)


@cards_app.command("show")
def show(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="A card's name (any case, accents optional).")],
    as_json: JsonOpt = False,
    content: ContentOpt = None,
    language: LanguageOpt = None,
    game: GameOpt = None,
) -> None:
    """Show one card in the rulebook's notation (ME:A: a profile in the draft's notation with
    its weapons' and powers' cards)."""
    group = ctx.obj or {}
    if game_or_exit(game, group.get("game")) == "masseffect":
        from skirmish.games.masseffect.cli.cards import show_card

        show_card(console, content or group.get("content"), name,
                  as_json or bool(group.get("json")))
        return
    from skirmish.games.eden.cards.cards_html import card_text
    from skirmish.games.eden.cards.equipment import check_language

    lib = library_or_exit(content or group.get("content"))
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


@cards_app.command("print")
def print_cards(
    ctx: typer.Context,
    troop: Annotated[Path | None, typer.Option(
        help="A troop file (YAML or JSON); ME:A: a band file, as --band.")] = None,
    out: Annotated[Path | None, typer.Option(
        help="The file to write: HTML, or a PDF when it ends in .pdf (default: cards.html, "
             "or none when --pdf is given).")] = None,
    pdf: Annotated[Path | None, typer.Option(
        "--pdf", help="Also write the cards as a PDF file (A4, WeasyPrint).")] = None,
    content: ContentOpt = None,
    language: LanguageOpt = None,
    band: Annotated[str | None, typer.Option(
        help="ME:A: a band file (YAML or JSON) or a band of the library by name.")] = None,
    profiles: Annotated[str | None, typer.Option(
        help="ME:A: profiles by name, comma-separated (instead of a band).")] = None,
    game: GameOpt = None,
) -> None:
    """Write printable profile cards, A4, four a page, to cut out and fold. Eden: each
    fighter's front (limbs with white/red CP boxes to tick, characteristics, location faces,
    equipment) beside its back (abilities). ME:A (--game masseffect): each figure's front
    (thresholds; boxes to tick for Vitalité, Armure, Héroïsme, Bouclier and Barrière uses;
    traits, equipment) beside its back (weapons', gear's and powers' cards). HTML (print it
    from a browser) and/or PDF."""
    group = ctx.obj or {}
    if game_or_exit(game, group.get("game")) == "masseffect":
        from skirmish.games.masseffect.cli.cards import print_cards as me_print

        me_print(console, content or group.get("content"),
                 band if band is not None or troop is None else str(troop), profiles, out,
                 pdf)
        return
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
    lib = library_or_exit(content or group.get("content"), troop_files=[troop])
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


def print_outputs(out: Path | None, pdf: Path | None) -> tuple[Path | None, Path | None]:
    """(HTML file, PDF file) that ``cards print`` writes, from --out and --pdf: an --out
    ending in .pdf is the PDF; neither: cards.html. Both are checked writable now."""
    if out is not None and out.suffix.lower() == ".pdf":
        if pdf is not None and pdf != out:
            raise fail("--out names a PDF file and --pdf another one: give one of them")
        out, pdf = None, out
    elif out is None and pdf is None:
        out = Path("cards.html")
    if out is not None:
        check_output(out, "HTML file")
    if pdf is not None:
        check_output(pdf, "PDF file")
    return out, pdf
