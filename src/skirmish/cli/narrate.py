"""A readable account of a game's log, for the terminal."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.table import Table

from skirmish.core.events import ActionEvent, Event, NoteEvent, RollEvent
from skirmish.core.game import Game


def narrate(console: Console, events: Iterable[Event], *, show_actions: bool = False) -> None:
    """Print events one per line: round headers in bold, rolls dimmed, decisions optional."""
    for event in events:
        if isinstance(event, ActionEvent):
            if show_actions:
                console.print(f"  [dim]> {event.text()}[/dim]")
            continue
        text = event.text().replace("[", r"\[")
        if isinstance(event, NoteEvent) and event.message.startswith("round "):
            console.rule(f"[bold]{text}[/bold]")
        elif isinstance(event, RollEvent):
            console.print(f"    [dim]{text}[/dim]")
        else:
            console.print(f"  {text}")


def fighters_table(game: Game) -> Table:
    """Each fighter's CP left per limb, AP and markers, from player A's view (all public)."""
    view = game.view(0)
    table = Table(title="Fighters")
    for column in ("fighter", "on field", "head", "arms", "torso", "legs", "markers"):
        table.add_column(column)
    for f in view["fighters"]:
        limbs = f["profile"]["limbs"]
        cells = []
        for i, limb in enumerate(("head", "arms", "torso", "legs")):
            total = limbs[limb]["white_cp"] + limbs[limb]["red_cp"]
            cells.append(f"{total - f['checked'][i]}/{total}")
        markers = ", ".join(f"{k} {v}" for k, v in f["markers"].items()) or "-"
        table.add_row(f["ref"], "yes" if f["on_field"] else "no", *cells, markers)
    return table
