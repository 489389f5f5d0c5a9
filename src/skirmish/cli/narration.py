"""A readable account of a game's log, for the terminal, for every game: round headers as
rules, rolls dimmed, decisions optional, each player's mentions in the player's colour.

Every line stays whole when the output is not a terminal (a file, a pipe): nothing is
wrapped at the console's width. With colour on, each player's pieces (``A.Vladd``) and
mentions (``player B``) have the player's colour; without colour the text is the same. A
game's command-line part narrates through :func:`narrate_log`, giving what only it knows:
the events not worth a line (``skip``) and its brief account (``brief_lines``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from rich.console import Console
from rich.text import Text

from skirmish.core.events import ActionEvent, Event, NoteEvent, RollEvent

#: Player A's colour, then player B's (shown only when the console has colour).
PLAYER_STYLES = ("cyan", "magenta")

#: What names a player: his pieces' refs, "player A", and the owner of a points line.
_MENTIONS = tuple(
    re.compile(rf"(?<![\w.]){p}\.[\w-]+|\bplayer {p}\b|^{p}(?=: )|\(chosen by {p}\)")
    for p in "AB"
)
#: A round's first note.
ROUND = re.compile(r"^round (\d+) begins$")

#: Whether an event repeats the one before it (left out), given the one before.
Skip = Callable[[Event | None, Event], bool]
#: A brief account: a round header (``str``), then lines (``Text``).
BriefLines = Callable[[Iterable[Event]], Iterator[Text | str]]


def styled(text: str, style: str = "", indent: int = 0) -> Text:
    """``text`` as it is (no markup) after ``indent`` spaces, each player's mentions in the
    player's colour."""
    line = Text(text, style=style)
    for player, pattern in enumerate(_MENTIONS):
        line.highlight_regex(pattern, PLAYER_STYLES[player])
    return Text(" " * indent, style=style) + line if indent else line


def round_headers(events: Iterable[Event]) -> Iterator[Text | str]:
    """The brief account of a game that has no better one: its round headers and the end of
    the match."""
    for event in events:
        message = event.message if isinstance(event, NoteEvent) else ""
        if ROUND.match(message):
            yield message
        elif message.startswith("the match ends"):
            yield styled(message, "bold", 2)


def narrate_log(console: Console, events: Iterable[Event], *, show_actions: bool = False,
                brief: bool = False, skip: Skip | None = None,
                brief_lines: BriefLines = round_headers) -> None:
    """Print events one per line: round headers in bold, rolls dimmed, decisions optional
    (``show_actions``), the events ``skip`` says repeat the one before them left out. With
    ``brief``: the game's ``brief_lines`` instead."""
    soft_wrap = console.soft_wrap or not console.is_terminal
    if brief:
        for line in brief_lines(events):
            if isinstance(line, str):
                console.rule(Text(line, style="bold"))
            else:
                console.print(line, soft_wrap=soft_wrap)
        return
    previous: Event | None = None
    for event in events:
        if isinstance(event, ActionEvent):
            if show_actions:
                console.print(styled(f"> {event.text()}", "dim", 2), soft_wrap=soft_wrap)
            continue
        repeat = skip is not None and skip(previous, event)
        previous = event
        if repeat:
            continue
        text = event.text()
        if isinstance(event, NoteEvent) and event.message.startswith("round "):
            console.rule(Text(text, style="bold"))
        elif isinstance(event, RollEvent):
            console.print(styled(text, "dim", 4), soft_wrap=soft_wrap)
        else:
            console.print(styled(text, indent=2), soft_wrap=soft_wrap)
