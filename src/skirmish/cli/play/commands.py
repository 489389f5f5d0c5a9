"""The commands of ``skirmish play`` that look at the game without changing it: ``table``,
``odds``, ``status`` and ``log``. Each answers from what the screen's reader may know
(:meth:`Session.reader`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from skirmish.cli.errors import check_output, message_of
from skirmish.cli.play import prompts

if TYPE_CHECKING:
    from skirmish.cli.play.session import Session


def table(session: Session, name: str) -> None:
    """``table [FILE]``: draw the table (default ``table.svg``)."""
    from skirmish.cli.game_parts import commands_of

    path = Path(name or "table.svg").expanduser()
    try:
        check_output(path, "picture")
        commands_of(session.game.ruleset.name).write_table(session.game, session.reader(),
                                                           path)
    except (ValueError, OSError) as exc:
        session.error(message_of(exc))
        return
    session.say(f"table drawn in {path}")


def odds(session: Session, text: str) -> None:
    """``odds ACTION|N [REACTION]``: the exact odds of an attack."""
    from skirmish.cli.game_parts import commands_of

    if not text:
        session.error("odds ACTION: e.g. 'odds attack A.Vladd B.Sabaka' or 'odds 3'")
        return
    first, _, tail = text.partition(" ")
    if first.isdigit():
        number = int(first)
        if not 1 <= number <= len(session.legal) or session.game.is_over:
            session.error(f"no legal action numbered {number}")
            return
        text = f"{session.legal[number - 1]} {tail}".strip()
    try:
        lines = commands_of(session.game.ruleset.name).odds_lines(session.game,
                                                                  session.reader(), text)
    except ValueError as exc:
        session.error(str(exc))
        return
    for line in lines:
        session.say(line)


def status(session: Session, _: str) -> None:
    """``status``: the round, the points and the fighters."""
    view = session.game.view(session.reader())
    session.say(prompts.status_line(view))
    table = session.part().status_table(view)
    session.console.print(prompts.fighters_table(view) if table is None else table)


def card(session: Session, name: str) -> None:
    """``card NAME``: a card's full text (the game's ``cards show``), during play."""
    import click

    if not name:
        session.error("card NAME: e.g. 'card Vladd' or 'card Adrenaline'")
        return
    try:
        session.part().show_card(session.console, name, content=session.content or None,
                                 as_json=False, language=None)
    except (ValueError, KeyError) as exc:
        session.error(message_of(exc))
    except (click.exceptions.Exit, SystemExit):
        pass  # the card command already said why on the error stream


def fighter(session: Session, name: str) -> None:
    """``fighter NAME``: a fighter's card and where it stands, as the reader may know."""
    if not name:
        session.error("fighter NAME: e.g. 'fighter Vladd'")
        return
    try:
        lines = session.part().fighter_lines(session.game, session.reader(), name)
    except (ValueError, KeyError) as exc:
        session.error(message_of(exc))
        return
    for line in lines:
        session.say(line)


def log(session: Session, count: str) -> None:
    """``log [N]``: the last N events again (default 20)."""
    number = int(count) if count.isdigit() else 20
    session.narrate(session.game.log[-number:] if number else [])


COMMANDS: dict[str, Callable[[Session, str], None]] = {
    "table": table, "odds": odds, "status": status, "log": log, "card": card,
    "fighter": fighter,
}
