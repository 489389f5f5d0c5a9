"""``skirmish replay``: re-play a game record, verify it line by line, narrate it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.core.record import Record

console = Console()


def replay(
    file: Annotated[Path, typer.Argument(help="A game record (.jsonl).")],
    verify_hash: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Re-play and check every line: header, actions, events, end line "
            "(outcome, count, state hash). Exit 2 at the first difference.",
        ),
    ] = False,
    commitment: Annotated[list[str] | None, typer.Option(
        "--commitment", metavar="HEX",
        help="With --verify: a dice commitment you noted during the match (the server's, "
             "shown when it began, or your seat's); the record must carry it. "
             "Repeat for several (docs/dice.md).")] = None,
    show: Annotated[bool, typer.Option(help="Narrate the re-played game.")] = False,
    brief: Annotated[bool, typer.Option(
        help="With --show: one line per activation, with the round headers.")] = False,
    table_at: Annotated[str | None, typer.Option(
        "--table-at", metavar="ROUND[.ACTIVATION]|TURN",
        help="Draw the table at this moment. ROUND = as round ROUND begins; "
             "ROUND.ACTIVATION = once the ACTIVATION-th activation begun in round ROUND "
             "is over (counted as the log shows them begin, interrupts included). "
             "A game of turns: TURN = as turn TURN begins. "
             "Written to --out (default table.svg).")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", help="The table picture: .svg, .png, or .json (a table file that "
                            "'skirmish render' draws again). Without --table-at: the "
                            "final table.")] = None,
) -> None:
    """Re-play a game record from its header and actions; optionally draw its table at
    any moment (--table-at, --out)."""
    picture = _picture_request(table_at, out)
    from skirmish.cli.dice_report import check_noted, dice_lines
    from skirmish.cli.errors import fail, message_of
    from skirmish.cli.game_parts import commands_of
    from skirmish.core.errors import RecordError
    from skirmish.core.record import Record, verify_file

    if commitment and not verify_hash:
        raise fail("--commitment: goes with --verify")
    try:
        game = verify_file(file) if verify_hash else _replay(file, Record.load(file))
        if verify_hash:
            check_noted(game, commitment or [])
    except (RecordError, KeyError, ValueError, RecursionError) as exc:
        # One line on stderr (cut at errors.MAX_LINE: a huge action is not echoed whole),
        # no traceback: the first difference and its line number, the file named first.
        text = message_of(exc)
        raise fail(text if text.startswith(str(file)) else f"{file}: {text}") from None
    if show:
        commands_of(game.ruleset.name).narrate(console, game.log, brief=brief)
    state = "verified: every line matches the re-play" if verify_hash else "re-played"
    # a takeback line keeps what was played (docs/web.md, Takebacks): the count is the kept
    taken = sum(1 for _, text in game.entries() if text.startswith("#takeback"))
    kept = f" kept after {taken} takeback{'' if taken == 1 else 's'}" if taken else ""
    console.print(f"{file}: {len(game.history)} actions{kept} {state} "
                  f"({game.state_hash()[:16]})")
    if game.setup.get("house_rules"):  # the readings in force that are not the defaults
        from skirmish.cli.options import house_rules_text

        console.print(f"house rules: {house_rules_text(dict(game.setup), game.ruleset.name)}",
                      highlight=False)
    if verify_hash:
        for line in dice_lines(game):
            typer.echo(line)
    if picture is not None:
        _draw_table(file, game, *picture)


def replayed(file: Path) -> Game:
    """The game of the record ``file``, re-played (``play --resume``); any problem is a
    ValueError whose one line names the file."""
    from skirmish.cli.errors import message_of
    from skirmish.core.errors import RecordError
    from skirmish.core.record import Record

    try:
        return _replay(file, Record.load(file))
    except (RecordError, KeyError, ValueError, RecursionError) as exc:
        text = message_of(exc)
        raise ValueError(text if text.startswith(str(file)) else f"{file}: {text}") from None


def _replay(file: Path, record: Record) -> Game:
    """Re-play ``record`` once its header's 'dice' and 'setup' are known to be objects
    (issue 46: ``"dice": []`` was an internal error)."""
    for key in ("dice", "setup"):
        if not isinstance(record.header.get(key), dict):
            raise ValueError(f"{file}, line 1: header: {key!r} must be a JSON object")
    seed, engine = record.header.get("seed"), record.header.get("engine")
    if seed is not None and type(seed) is not int:
        raise ValueError(f"{file}, line 1: header: 'seed' must be a whole number or null")
    if engine is not None and not isinstance(engine, str):
        raise ValueError(f"{file}, line 1: header: 'engine' must be a text")
    return record.replay()


def _picture_request(table_at: str | None, out: Path | None
                     ) -> tuple[str | None, Path] | None:
    """(moment, picture file) asked for, checked before the re-play; ``None``: no picture."""
    from skirmish.cli.errors import check_output, fail

    if table_at is None and out is None:
        return None
    path = Path("table.svg") if out is None else out
    if path.suffix.lower() not in (".svg", ".png", ".json"):
        raise fail(f"--out {path}: a picture is a .svg, .png or .json file")
    if table_at is not None:
        from skirmish.cli.moments import parse_moment

        try:
            parse_moment(table_at)
        except ValueError as exc:
            text = str(exc)
            raise fail(text if text.startswith("--table-at") else f"--table-at: {text}"
                       ) from None
    check_output(path, "picture file")
    return table_at, path


def _draw_table(file: Path, game: Game, table_at: str | None, path: Path) -> None:
    """Draw the re-played ``game``'s final table, or its table at the moment ``table_at``
    (the game's ``"cli"`` part: :meth:`skirmish.cli.game_parts.GameCommands.game_at`)."""
    from skirmish.cli.errors import fail
    from skirmish.cli.game_parts import commands_of
    from skirmish.cli.pictures import write_picture

    when = "final table"
    if table_at is not None:
        try:
            game, when = commands_of(game.ruleset.name).game_at(file, game, table_at)
        except ValueError as exc:
            raise fail(f"--table-at {table_at}: {exc}") from None
    write_picture(game, path, when=when)
    typer.echo(f"table {'at ' + table_at if table_at else 'at the end'} drawn in {path}")
