"""A match's optional clock (docs/web.md, Clock): each player has some minutes for the whole
match, plus an increment for each decision taken; time runs only while that player's seat
decides (a bot's time is counted against nobody), and runs out -> the player concedes.

The server is the clock: the time each seat has left is stored with every commit
(``matches.clock``, :meth:`Store.append`), so it survives a restart and is shared by every
server process; the client only counts down what its frames say. A seat's time starts
running once every human seat of the match has opened the table (the first join of the
last of them), so nobody's time runs while the link is still on its way. A time-out is
noticed by the hub's watcher (:func:`watch`), or when the seat out of time tries to act (the
action is refused): the match ends with the table's outcome (:meth:`Game.end`), stored with
it, and the record says so. Every time comes from the hub's clock (``room.now``): tests move
it, and call :func:`check` instead of waiting.

The ruling (each game's rulings document names it, with the tests that pin it): the player
whose time runs out concedes, the other wins, scores are not counted (the
match was not played to its end), the reason says whose time ran out.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skirmish.core.ruleset import Outcome

if TYPE_CHECKING:
    from skirmish.web.connections import Connection
    from skirmish.web.hub import Hub
    from skirmish.web.rooms import Room
    from skirmish.web.storage import MatchInfo

log = logging.getLogger("skirmish.web")

#: The longest clock offered (minutes per player) and the largest increment (seconds).
MAX_MINUTES = 24 * 60
MAX_INCREMENT = 3600
#: The outcome's reason when seat ``side`` ran out of time (engine English, translated).
REASON = "player {side} ran out of time"


class ClockError(ValueError):
    """A clock setting the lobby may not ask for (the message names the field)."""


def settings_of(value: Any) -> dict[str, Any] | None:
    """The clock a new match asks for (``POST /api/matches``'s ``clock``): ``null`` or
    absent = no clock, else ``{"minutes": M, "increment": S}`` (``minutes`` per player,
    more than 0, at most a day; ``increment`` seconds added after each decision, 0 by
    default). The clock as stored, before anybody's time runs."""
    if value is None:
        return None
    if not isinstance(value, dict) or not set(value) <= {"minutes", "increment"}:
        raise ClockError('clock: null (no clock) or {"minutes": M, "increment": S}')
    minutes, increment = value.get("minutes"), value.get("increment", 0)
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or not (
            0 < minutes <= MAX_MINUTES):
        raise ClockError(f"clock.minutes: minutes per player, more than 0 and at most "
                         f"{MAX_MINUTES}")
    if isinstance(increment, bool) or not isinstance(increment, int | float) or not (
            0 <= increment <= MAX_INCREMENT):
        raise ClockError(f"clock.increment: seconds added per decision, 0 to {MAX_INCREMENT}")
    initial = round(float(minutes) * 60.0, 3)
    return Clock(initial, float(increment), [initial, initial]).to_json()


@dataclass(slots=True)
class Clock:
    """A match's clock: each seat's time ``left`` (seconds) as of ``since``, whose time runs
    (``running``: a human seat that decides; None: nobody's, a bot decides, the clock has
    not started or the match is over)."""

    initial: float
    increment: float
    left: list[float]
    running: int | None = None
    since: float = 0.0
    started: bool = False
    #: The seats that have opened the table since the match began (the clock starts when
    #: every human seat has).
    joined: list[int] = field(default_factory=list)
    #: The clock before the last action (put back if that action is not stored after all).
    previous: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        return cls(float(data["initial"]), float(data["increment"]),
                   [float(x) for x in data["left"]], data.get("running"),
                   float(data.get("since", 0.0)), bool(data.get("started", False)),
                   [int(s) for s in data.get("joined", [])])

    def to_json(self) -> dict[str, Any]:
        return {"initial": self.initial, "increment": self.increment,
                "left": [round(x, 3) for x in self.left], "running": self.running,
                "since": self.since, "started": self.started, "joined": list(self.joined)}

    def remaining(self, seat: int, now: float) -> float:
        """Seconds seat ``seat`` has left at ``now`` (never below 0)."""
        left = self.left[seat]
        if self.running == seat:
            left -= max(0.0, now - self.since)
        return max(0.0, left)

    def out(self, now: float) -> int | None:
        """The seat whose time has run out at ``now``, if any."""
        seat = self.running
        return seat if seat is not None and self.remaining(seat, now) <= 0 else None

    def run(self, seat: int | None, now: float) -> None:
        """From ``now`` on, ``seat``'s time runs (None: nobody's)."""
        if self.running is not None:
            self.left[self.running] = self.remaining(self.running, now)
        self.running = seat if self.started else None
        self.since = now

    def decided(self, seat: int, now: float) -> None:
        """Seat ``seat`` took a decision at ``now``: its time stops, the increment is added
        (only when its own time was running)."""
        if self.running == seat:
            self.left[seat] = self.remaining(seat, now) + self.increment
            self.running = None
        self.since = now

    def public(self, now: float) -> dict[str, Any]:
        """What every reader's frame shows: each seat's time left now (seconds, 0.1 s), whose
        time runs, the increment."""
        return {"left": [round(self.remaining(s, now), 1) for s in range(len(self.left))],
                "running": self.running, "increment": self.increment,
                "started": self.started}


# -- the room's hooks (rooms.py calls these: a line each) --------------------------------------
def of(info: MatchInfo) -> Clock | None:
    """The clock of a stored match (None: it has none)."""
    return None if info.clock is None else Clock.from_json(info.clock)


def of_stored(data: Mapping[str, Any] | None) -> Clock | None:
    """The clock as :meth:`Store.clock` read it (None: no clock)."""
    return None if data is None else Clock.from_json(data)


def _timed_seat(room: Room) -> int | None:
    """The seat whose time should run now: a human seat that decides (lock held)."""
    game = room.game
    if game.is_over:
        return None
    seat = game.decision().player
    return None if seat in room.bots else seat


def refusal(room: Room, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` may not act now for its clock (its time has run out: the watcher ends
    the match), else None. Called in the commit, lock held."""
    clock = room.clock
    if clock is not None and clock.out(room.now()) == seat:
        return "your time has run out: the match ends", "clock"
    return None


def committed(room: Room, seat: int) -> dict[str, Any] | None:
    """The clock after ``seat``'s action was applied (to store with it), or None (lock held,
    in the commit): ``seat``'s time stops, the increment is added, the next human seat's
    time runs."""
    clock = room.clock
    if clock is None:
        return None
    clock.previous = clock.to_json()
    now = room.now()
    clock.decided(seat, now)
    clock.run(_timed_seat(room), now)
    return clock.to_json()


def reran(room: Room) -> dict[str, Any] | None:
    """The clock after a takeback entry was applied (to store with it), or None (lock held,
    in the commit): no increment for anyone (nobody decided), the time of whoever decides
    now runs (a takeback may give the decision back to the other seat)."""
    clock = room.clock
    if clock is None:
        return None
    clock.previous = clock.to_json()
    clock.run(_timed_seat(room), room.now())
    return clock.to_json()


def undone(room: Room) -> None:
    """The action was not stored after all: the clock is back as it was (lock held)."""
    if room.clock is not None and room.clock.previous is not None:
        room.clock = Clock.from_json(room.clock.previous)


def stamp(room: Room, frame: dict[str, Any]) -> None:
    """Add the clock to a state frame (nothing when the match has no clock)."""
    if room.clock is not None:
        frame["clock"] = room.clock.public(room.now())


def restored(room: Room) -> None:
    """A room re-played from the store: a match its table ended (the clock ran out) ends
    again with the stored outcome (its actions alone would not end it)."""
    info, game = room.info, room.game
    if info.status == "over" and not game.is_over and info.outcome is not None:
        game.end(Outcome.from_json(info.outcome))


async def joined(room: Room, conn: Connection) -> None:
    """A seat opened the table: once every human seat has, the clock starts (stored, under
    the match's row lock, so that two processes start it once)."""
    clock = room.clock
    if clock is None or clock.started or conn.spectator:
        return
    seats = [s.seat for s in room.info.seats if s.kind == "human"]
    new = set(seats) if conn.hotseat else {conn.seat}
    if new <= set(clock.joined):
        return
    async with room.lock:
        now = room.now()

        def start(stored: dict[str, Any]) -> dict[str, Any]:
            fresh = Clock.from_json(stored)
            fresh.joined = sorted(set(fresh.joined) | {s for s in new if s is not None})
            if not fresh.started and set(seats) <= set(fresh.joined):
                fresh.started = True
                fresh.run(_timed_seat(room), now)
            return fresh.to_json()

        data = await asyncio.to_thread(room.store.change_clock, room.id, start)
        if data is not None:
            room.clock = Clock.from_json(data)
            if room.clock.started:
                await room._broadcast()


async def reload(room: Room) -> None:
    """Another server process changed the match's clock or ended it: read both again."""
    async with room.lock:
        info = await asyncio.to_thread(room.store.match, room.id)
        if info is None:
            return
        if info.clock is not None:
            room.clock = Clock.from_json(info.clock)
        if info.status == "over" and not room.game.is_over and info.outcome is not None:
            actions = await asyncio.to_thread(room.store.actions, room.id,
                                              len(room.game.history))
            room._replay(actions)
            if not room.game.is_over:
                room.game.end(Outcome.from_json(info.outcome))
        await room._broadcast()


async def time_out(room: Room) -> bool:
    """End the match if the deciding seat's time has run out: it concedes, the other seat
    wins (stored first, then shown). True when the match ended here."""
    async with room.lock:
        clock, game = room.clock, room.game
        if clock is None or game.is_over:
            return False
        now = room.now()
        seat = clock.out(now)
        if seat is None:
            return False
        outcome = Outcome(winner=1 - seat, scores=(), reason=REASON.format(side="AB"[seat]))
        clock.run(None, now)
        count = len(game.history)
        stored = await asyncio.to_thread(room.store.end_match, room.id, count,
                                         outcome.to_json(), clock.to_json())
        if stored is None:  # an action was committed meanwhile (another process)
            return False
        actions = await asyncio.to_thread(room.store.actions, room.id, count)
        room._replay(actions)
        if not game.is_over:
            game.end(Outcome.from_json(stored))
        info = await asyncio.to_thread(room.store.match, room.id)
        room.info = info if info is not None else room.info
        await room._broadcast()
    return True


async def check(hub: Hub) -> int:
    """End every live match whose deciding seat's time has run out; how many ended."""
    ended = 0
    for room in list(hub.rooms.values()):
        if room.clock is not None and room.clock.running is not None \
                and not room.game.is_over and room.clock.out(room.now()) is not None:
            try:
                ended += await time_out(room)
            except Exception:
                log.exception("match %s: ending it for its clock failed", room.id)
    return ended


async def watch(hub: Hub) -> None:
    """The watcher of a server process: every ``clock_watch_s`` seconds (a setting; 0:
    never), :func:`check`."""
    every = hub.settings.clock_watch_s
    while every > 0:
        await asyncio.sleep(every)
        await check(hub)
