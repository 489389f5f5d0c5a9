"""``skirmish cards``: list, show and print the card library (built-in sample content plus
the players' own folders given with ``--content DIR``) of the game ``--game`` names: its
``"cli"`` part (:class:`skirmish.cli.game_parts.GameCommands`) does the work.

Add to the main app: ``app.add_typer(cards_app, name="cards")``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from skirmish.cli.errors import SkirmishTyper, check_output, fail
from skirmish.cli.options import ContentOpt, GameOpt, game_or_exit

cards_app = SkirmishTyper(help="List, show and print cards (sample content and your own).",
                          invoke_without_command=True, no_args_is_help=False,
                          add_completion=False)
console = Console(soft_wrap=True)

LanguageOpt = Annotated[str | None, typer.Option(
    "--language", help="The equipment notation: en (the default) or fr (the French "
                       "original, Rulebook 8).")]


def _commands(game: str) -> Any:
    from skirmish.cli.game_parts import commands_of

    return commands_of(game)


FactionOpt = Annotated[str | None, typer.Option(
    help="Only this faction's cards (fighters and missions; profiles and bands ...).")]
KindOpt = Annotated[str | None, typer.Option(
    help="Only one kind: fighters, npfs, abilities, equipment, missions, tactical, scenery "
         "(or the game's own: profiles, weapons, powers, scenarios, bands ...).")]
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
    _commands(game).list_cards(console, content=content, faction=faction, kind=kind,
                               as_json=as_json)


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
    """Show one card in the rulebook's notation (a game may add its cards' own: a profile
    with its weapons' and powers' cards ...)."""
    group = ctx.obj or {}
    _commands(game_or_exit(game, group.get("game"))).show_card(
        console, name, content=content or group.get("content"),
        as_json=as_json or bool(group.get("json")), language=language)


@cards_app.command("print")
def print_cards(
    ctx: typer.Context,
    troop: Annotated[Path | None, typer.Option(
        help="A troop file (YAML or JSON); a band file, as --band, in a game of bands.")]
    = None,
    out: Annotated[Path | None, typer.Option(
        help="The file to write: HTML, or a PDF when it ends in .pdf (default: cards.html, "
             "or none when --pdf is given).")] = None,
    pdf: Annotated[Path | None, typer.Option(
        "--pdf", help="Also write the cards as a PDF file (A4, WeasyPrint).")] = None,
    content: ContentOpt = None,
    language: LanguageOpt = None,
    band: Annotated[str | None, typer.Option(
        help="A game of bands: a band file (YAML or JSON) or a band of the library by "
             "name.")] = None,
    profiles: Annotated[str | None, typer.Option(
        help="A game of bands: profiles by name, comma-separated (instead of a band).")]
    = None,
    game: GameOpt = None,
) -> None:
    """Write printable profile cards, A4, four a page, to cut out and fold: each fighter's
    (figure's) front (limbs or thresholds, boxes to tick, characteristics, equipment)
    beside its back (abilities; weapons', gear's and powers' cards). HTML (print it from a
    browser) and/or PDF."""
    group = ctx.obj or {}
    _commands(game_or_exit(game, group.get("game"))).print_cards(
        console, content=content or group.get("content"), troop=troop, band=band,
        profiles=profiles, out=out, pdf=pdf, language=language)


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
