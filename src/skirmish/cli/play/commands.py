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
    session.console.print(prompts.fighters_table(view))


def log(session: Session, count: str) -> None:
    """``log [N]``: the last N events again (default 20)."""
    number = int(count) if count.isdigit() else 20
    session.narrate(session.game.log[-number:] if number else [])


COMMANDS: dict[str, Callable[[Session, str], None]] = {
    "table": table, "odds": odds, "status": status, "log": log,
}
