"""Several server processes on one PostgreSQL database (docs/web.md, Scale-out): an action
committed by one process reaches the readers connected to another through PostgreSQL's
``LISTEN/NOTIFY``, with no other infrastructure.

The committing transaction notifies :data:`~skirmish.web.storage.CHANNEL` with
``match_id:idx`` (:meth:`Store.append`); PostgreSQL delivers it to every listener once the
transaction commits, so a process is never told of an action it could not read yet. Each
process listens on a connection of its own in a thread, and hands each notice to the event
loop; the hub then brings the match's room up to date from the database
(:meth:`Room.catch_up`). A notice lost while the listener reconnects costs nothing: after a
reconnection every loaded room catches up (``on_resync``).

Other notices are ``match_id:KIND[:payload]`` (:func:`parse_event`): ``chat`` (a chat message,
its JSON: :mod:`.chat`), ``clock`` (a match's clock started: :mod:`.clocks`) and ``end`` (its
table ended the match: a clock ran out); each goes to ``on_event``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from skirmish.web.storage import CHANNEL, CHAT_NOTICE, CLOCK_NOTICE, END_NOTICE

log = logging.getLogger("skirmish.web.fanout")

#: Seconds between two tries to (re)connect the listener.
RETRY_S = 1.0


def libpq_url(sqlalchemy_url: str) -> str:
    """The SQLAlchemy URL as libpq reads it (``postgresql+psycopg://`` -> ``postgresql://``)."""
    return make_url(sqlalchemy_url).set(drivername="postgresql").render_as_string(
        hide_password=False)


#: A notice: the match, the action's index, and (player, text) when the payload holds it.
Notice = tuple[str, int, tuple[int, str] | None]


def parse_notice(payload: str) -> Notice | None:
    """``match_id:idx[:player:text]`` (:func:`skirmish.web.storage.notice`) -> (match id,
    action index, (player, text) or None); None for anything else."""
    parts = payload.split(":", 3)
    if len(parts) < 2 or not parts[0] or not parts[1].isdigit():
        return None
    action = None
    if len(parts) == 4 and parts[2] in ("0", "1"):
        action = (int(parts[2]), parts[3])
    return parts[0], int(parts[1]), action


#: The notice kinds that are not actions.
EVENTS = (CHAT_NOTICE, CLOCK_NOTICE, END_NOTICE)


def parse_event(payload: str) -> tuple[str, str, str] | None:
    """``match_id:KIND[:payload]`` (KIND one of :data:`EVENTS`) -> (match id, kind,
    payload); None for anything else (an action's notice included)."""
    parts = payload.split(":", 2)
    if len(parts) < 2 or not parts[0] or parts[1] not in EVENTS:
        return None
    return parts[0], parts[1], parts[2] if len(parts) == 3 else ""


class Fanout:
    """The listener of one server process: ``on_action(match_id, idx, action)``,
    ``on_resync()`` and ``on_event(match_id, kind, payload)`` run on the event loop
    ``loop``."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop,
                 on_action: Callable[[str, int, tuple[int, str] | None], None],
                 on_resync: Callable[[], None],
                 on_event: Callable[[str, str, str], None] | None = None) -> None:
        self.url = libpq_url(url)
        self.loop = loop
        self.on_action = on_action
        self.on_resync = on_resync
        self.on_event = on_event
        self._stop = threading.Event()
        #: Set once the first LISTEN is in place (tests and readiness wait on it).
        self.listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="skirmish-fanout", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:  # notices may have been missed meanwhile
                        self.loop.call_soon_threadsafe(self.on_resync)
                    first = False
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            parsed = parse_notice(notice.payload)
                            if parsed is not None:
                                self.loop.call_soon_threadsafe(self.on_action, *parsed)
                                continue
                            event = parse_event(notice.payload)
                            if event is not None and self.on_event is not None:
                                self.loop.call_soon_threadsafe(self.on_event, *event)
            except Exception:
                if self._stop.is_set():
                    return
                log.warning("fan-out: the PostgreSQL listener lost its connection; "
                            "reconnecting", exc_info=True)
                self._stop.wait(RETRY_S)
