"""A readable account of a game's log, for the terminal.

Every line stays whole when the output is not a terminal (a file, a pipe): nothing is
wrapped at the console's width. With colour on, each player's fighters (``A.Vladd``) and
mentions (``player B``) have the player's colour; without colour the text is the same.
``brief`` gives one line per activation, built from the events between its start and end.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from skirmish.cli.narration import narrate_log, styled
from skirmish.core.events import Event, NoteEvent, RollEvent

if TYPE_CHECKING:
    from skirmish.core.game import Game

_ROUND = re.compile(r"^round (\d+) begins$")
_ACTIVATED = re.compile(r"^(\S+) is activated \(\d+ AP\)$")
_INTERRUPTS = re.compile(r"^(\S+) interrupts (\S+)$")
_MOVED = {"moves": "moved", "charges": "charged", "withdraws": "withdrew"}


def narrate(
    console: Console,
    events: Iterable[Event],
    *,
    show_actions: bool = False,
    brief: bool = False,
) -> None:
    """Print events one per line: round headers in bold, rolls dimmed, decisions optional.

    A location line that only repeats the location roll just above it is left out, and so
    are the first player's hand-overs within the activation phase (the players alternate,
    Rulebook 4.B: the next "... begins its activation" line says who acts); the first
    player is told once a round, when the tactical phase names him. With
    ``brief``: the round headers, one line per activation and the end of the match."""
    narrate_log(console, events, show_actions=show_actions, brief=brief,
                skip=_says_nothing_new, brief_lines=brief_lines)


#: The reasons of the first player's hand-overs within the activation phase
#: (rounds/activation.py), left out of the narration.
HAND_OVERS = frozenset({"the opponent's fighter has finished its activation",
                        "the first player cannot activate",
                        "last to activate a fighter this round"})


def _says_nothing_new(previous: Event | None, event: Event) -> bool:
    """A repeated location, or a hand-over of the first player at an activation's end."""
    from skirmish.games.eden.events import FirstPlayerEvent

    if isinstance(event, FirstPlayerEvent) and event.reason in HAND_OVERS:
        return True
    return _repeats_location(previous, event)


def _repeats_location(previous: Event | None, event: Event) -> bool:
    """"location 4: torso" just after "... location roll: [4] B.X's torso" says nothing new."""
    from skirmish.games.eden.events import LocationEvent

    return (isinstance(event, LocationEvent) and not event.spent
            and event.rolled == event.face and isinstance(previous, RollEvent)
            and previous.roll == "location" and tuple(previous.faces) == (event.face,))


# -- brief: one line per activation -----------------------------------------------------------
@dataclass
class _Harm:
    """What one step did to one fighter (from one source)."""

    cp: int = 0
    limbs: list[str] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
    out: bool = False

    def text(self) -> str:
        parts = []
        if self.cp:
            parts.append(f"{self.cp} CP lost: {', '.join(self.limbs)}")
        parts += self.markers
        if self.out:
            parts.append("incapacitated")
        return ", ".join(parts)


@dataclass
class _Step:
    """One thing the activated fighter did, and what came of it."""

    what: str
    target: str = ""
    attack: bool = False
    notes: list[str] = field(default_factory=list)
    harm: dict[tuple[str, str], _Harm] = field(default_factory=dict)

    def text(self, actor: str) -> str:
        harmed = []
        # the target first, then whoever else was covered, hit back or hurt
        for (victim, by), harm in sorted(self.harm.items(), key=lambda kv: kv[0][0] != self.target):
            said = harm.text()
            if not said:
                continue
            if victim != self.target:
                said = f"{victim} {said}"
            if by and by not in (actor, victim):
                said += f" by {by}"
            harmed.append(said)
        if self.attack and not harmed:
            harmed.append("no CP lost")
        parts = self.notes + harmed
        return f"{self.what} ({'; '.join(parts)})" if parts else self.what


@dataclass
class _Activation:
    """A fighter's activation as it is summed up."""

    round: int
    fighter: str
    side: str
    interrupting: str = ""
    steps: list[_Step] = field(default_factory=list)

    def line(self) -> Text:
        head = f"R{self.round} {self.fighter}"
        if self.interrupting:
            head += f" (interrupts {self.interrupting})"
        done = ", ".join(s.text(self.fighter) for s in self.steps if s.what) or "no action"
        return styled(f"{head}: {done}", indent=2)

    def add(self, what: str, target: str = "", *, attack: bool = False) -> _Step:
        step = _Step(what, target, attack)
        self.steps.append(step)
        return step

    def harm(self, victim: str, by: str) -> _Harm:
        if not self.steps:
            self.add("")
        return self.steps[-1].harm.setdefault((victim, by), _Harm())

    def take(self, event: Event) -> None:
        """Fold one event of the activation into its summary."""
        from skirmish.games.eden.events import (
            AbilityEvent,
            CardEvent,
            IncapacitatedEvent,
            MarkerEvent,
            MoveEvent,
            ReactionEvent,
            WoundEvent,
        )
        from skirmish.games.eden.fighting.ranged import RangedAttackEvent, RedirectEvent
        from skirmish.games.eden.fighting.templates_attack import TemplateEvent

        me = self.fighter
        last = self.steps[-1] if self.steps else None
        if isinstance(event, MoveEvent) and event.fighter == me:
            verb = _MOVED.get(event.how, event.how)
            if last is None or last.what != verb or last.harm:
                self.add(verb)
        elif isinstance(event, ReactionEvent) and event.attacker == me:
            if last is not None and last.what == "charged" and not last.target:
                last.what, last.target = f"charged {event.fighter}", event.fighter
                last.attack = True
            else:
                self.add(f"attacked {event.fighter}", event.fighter, attack=True)
        elif isinstance(event, RangedAttackEvent) and event.fighter == me:
            if event.category == "Shooting":
                self.add(f"shot {event.target}", event.target, attack=True)
            else:
                verb = "threw" if event.category == "Projectile" else "blasted"
                self.add(f"{verb} {event.weapon}", attack=True)
        elif isinstance(event, TemplateEvent) and event.fighter == me and last is not None:
            last.what += f" at {', '.join(event.covered) or 'nobody'}"
            if len(event.covered) == 1:
                last.target = event.covered[0]
        elif isinstance(event, RedirectEvent) and event.fighter == me and last is not None:
            last.notes.append(f"hits {event.target} instead")
            last.target = event.target
        elif isinstance(event, AbilityEvent) and event.fighter == me:
            on = f" on {event.target}" if event.target and event.target != me else ""
            self.add(f"used {event.ability}{on}")
        elif isinstance(event, CardEvent):
            who = "" if "AB"[event.player] == self.side else f"player {'AB'[event.player]} "
            verb = {"plays": "played", "cancels": "cancelled"}.get(event.what, event.what)
            self.add(f"{who}{verb} {event.card}")
        elif isinstance(event, WoundEvent) and event.lost:
            harm = self.harm(event.fighter, event.by)
            harm.cp += event.lost
            if event.limb not in harm.limbs:
                harm.limbs.append(event.limb)
        elif isinstance(event, IncapacitatedEvent):
            self.harm(event.fighter, event.by).out = True
        elif isinstance(event, MarkerEvent) and event.change:
            if event.change > 0 and last is not None:
                by = next((b for v, b in last.harm if v == event.fighter), me)
                self.harm(event.fighter, by).markers.append(f"+{event.change} {event.condition}")
            elif event.change < 0 and event.fighter == me and "AP" in event.reason:
                self.add(f"removed a {event.condition} marker")


def brief_lines(events: Iterable[Event]) -> Iterator[Text | str]:
    """The brief account: a round header (``str``), then one line per activation (``Text``),
    and the end of the match."""
    from skirmish.games.eden.events import FirstPlayerEvent

    round_number = 0
    current: _Activation | None = None
    interrupting = ""
    for event in events:
        message = event.message if isinstance(event, NoteEvent) else ""
        started = _ACTIVATED.match(message)
        ends = (
            started is not None
            or isinstance(event, FirstPlayerEvent)
            or message.startswith(("activation phase ends", "round ", "end of round",
                                   "the match ends"))
            or _INTERRUPTS.match(message) is not None
        )
        if current is not None and ends:
            yield current.line()
            current = None
        if match := _ROUND.match(message):
            round_number = int(match.group(1))
            yield message
        elif message.startswith("the match ends"):
            yield styled(message, "bold", 2)
        elif event.kind == "eden.climate":  # the optional rules' climatic conditions
            yield styled(event.text(), indent=2)
        elif match := _INTERRUPTS.match(message):
            interrupting = match.group(2)
        elif started is not None:
            ref = started.group(1)
            current = _Activation(round_number, ref, ref.partition(".")[0], interrupting)
            interrupting = ""
        elif current is not None:
            current.take(event)
    if current is not None:
        yield current.line()


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
        table.add_row(styled(f["ref"]), "yes" if f["on_field"] else "no", *cells, markers)
    return table
