"""One websocket of a match (docs/web.md, Websocket): the messages a client may send, each
checked before anything reads it (:func:`parse_message`), and the connection that queues the
frames it is sent (:class:`Connection`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from skirmish.web.guards import Buckets

#: The largest websocket message read (bytes, docs/web.md).
MAX_MESSAGE = 16 * 1024
#: The longest ``text``, ``from`` or ``to`` in a message (characters).
MAX_TEXT = 400
#: Each message kind and its fields (beyond ``type``): name -> required.
MESSAGES: dict[str, dict[str, bool]] = {
    "action": {"text": True},
    "probe": {"text": True},
    "sight": {"from": True, "to": True},
    "odds": {"text": True, "reaction": False},
    "ready": {},
    # hot-seat: hand the device to the deciding seat (to see the choices its public frame
    # leaves out), docs/web.md, Hot-seat
    "handover": {},
    "explain": {},
    "ping": {},
    "resync": {},
    "chat": {"text": True},
    # takebacks (docs/web.md, Takebacks): without ``answer``, ask (or, against a bot and
    # in hot-seat, take back at once); with it, answer the pending request: accept or
    # refuse it (the other seat), withdraw it (the asker)
    "takeback": {"answer": False},
    # the seat's dice nonce (docs/dice.md, web/fair.py): its commitment, then the nonce;
    # ``seat`` on a hot-seat device only
    "commit": {"commitment": True, "seat": False},
    "reveal": {"nonce": True, "seat": False},
}
REACTIONS = ("passive", "dodge", "response")
#: The answers to a takeback request (:mod:`skirmish.web.takebacks`).
TAKEBACK_ANSWERS = ("accept", "refuse", "withdraw")
#: A client that lets this many frames pile up unread is disconnected.
MAX_QUEUED = 512


class MessageError(ValueError):
    """A websocket message that is malformed (closes its connection, code 1008) or too
    large (code 1009)."""

    def __init__(self, message: str, code: int = 1008) -> None:
        self.code = code
        super().__init__(message)


def parse_message(raw: str | bytes | None) -> dict[str, Any]:
    """A client message, checked: a JSON text of at most :data:`MAX_MESSAGE` bytes, an
    object with a known ``type`` and exactly its fields, each a short string."""
    if not isinstance(raw, str):
        raise MessageError("messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise MessageError(f"a message is at most {MAX_MESSAGE} bytes", 1009)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise MessageError("not JSON") from None
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise MessageError(f"unknown message type (expected one of {', '.join(MESSAGES)})")
    fields = MESSAGES[kind]
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise MessageError(f"{kind}: unknown field(s) {', '.join(unknown)[:80]}")
    for name, required in fields.items():
        value = data.get(name)
        if value is None and not required:
            continue
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
            raise MessageError(f"{kind}: '{name}' must be a text of 1 to {MAX_TEXT} characters")
    if kind == "odds" and data.get("reaction") not in (None, *REACTIONS):
        raise MessageError(f"odds: 'reaction' is one of {', '.join(REACTIONS)}")
    if kind == "takeback" and data.get("answer") not in (None, *TAKEBACK_ANSWERS):
        raise MessageError(f"takeback: 'answer' is one of {', '.join(TAKEBACK_ANSWERS)}")
    return data


@dataclass(eq=False)
class Connection:
    """One websocket of a room. ``seat`` is its fixed seat (remote), ``None`` for a
    spectator; a hot-seat connection shows ``shown`` (its own frame when ``private``, after
    a handover; the public frame of the deciding seat otherwise) and, after a handover,
    waits for ``ready`` (``waiting``)."""

    ws: WebSocket
    seat: int | None
    hotseat: bool = False
    shown: int | None = None
    waiting: int | None = None
    private: bool = False
    log_sent: int = 0
    queue: asyncio.Queue[str | tuple[int, str]] = field(default_factory=asyncio.Queue)
    #: The client's address and its socket's own rate buckets (:mod:`.guards`).
    address: str = "unknown"
    buckets: Buckets = field(default_factory=Buckets)
    #: When this connection was last told it asks too often (one notice a second at most).
    throttled_at: float = -1.0
    #: Messages dropped in a row for their rate (so many closes the socket).
    dropped: int = 0
    #: Whether the client reads delta frames (``/ws/{id}?deltas=1``, :mod:`.deltas`), and
    #: the version of the last state frame sent ('': none yet, or a resync was asked for).
    deltas: bool = False
    version: str = ""
    #: Whether the client wants the server's picture of the table (``svg``) in its frames:
    #: the table page draws the board itself and asks ``?picture=0`` (a game without a
    #: board sends it anyway: :meth:`WebPart.state_extras`).
    picture: bool = True

    @property
    def spectator(self) -> bool:
        """Watching only: no seat, not a hot-seat device."""
        return self.seat is None and not self.hotseat

    @property
    def acting_seat(self) -> int | None:
        """The seat this connection acts for now (``None``: it may not act)."""
        if self.hotseat:
            return self.shown if self.waiting is None else None
        return self.seat

    def send(self, frame: Mapping[str, Any]) -> None:
        self.send_text(json.dumps(frame, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        """Queue a frame already written as JSON (one text shared by every reader of the
        same view: :meth:`Room._broadcast`)."""
        if self.queue.qsize() >= MAX_QUEUED:
            if self.queue.qsize() == MAX_QUEUED:
                self.close(1008, "too many unread frames")
            return
        self.queue.put_nowait(text)

    def error(self, message: str, rule: str = "") -> None:
        self.send({"type": "error", "message": message, "rule": rule})

    def close(self, code: int, reason: str) -> None:
        self.queue.put_nowait((code, reason))

    async def write(self) -> None:
        """Send the queued frames in order (the writer task of the connection)."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):
                    await self.ws.close(code=item[0], reason=item[1][:120])
                return
            try:
                await self.ws.send_text(item)
            except Exception:  # the client is gone: its receive loop ends the connection
                return
