"""A match's chat (docs/web.md, Chat): the players' messages, stored with the match (table
``chat``), sent to every reader of the match and, as a history, to each socket that joins.

Who writes: the two seats of a remote match. Spectators read the chat but may not write in
it (the ruling of docs/web.md, Chat: a table's talk is heard by those watching it, as at a
club; a spectator who could write could coach a player). A hot-seat match has no chat (its
players share one device): nothing is sent, the panel stays hidden.

Every message is checked here (a hostile client): one line of 1 to :data:`MAX_CHAT`
characters once control and formatting characters are taken out (bidirectional overrides
included), rate-limited by its own ``chat`` buckets (web/settings.py), and the page writes
it with ``textContent``, never as HTML. Several server processes: the writing process shows
the message to its readers at once; the others get it through PostgreSQL (a ``chat``
notice, :mod:`.fanout`) and show it to theirs.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.web.connections import Connection
    from skirmish.web.rooms import Room

#: The longest chat message (characters, after cleaning).
MAX_CHAT = 300
#: How many past messages a joining socket is sent.
HISTORY = 200
#: This server process, in the notices it sends (it has shown its own messages already).
ORIGIN = secrets.token_hex(6)


class ChatError(ValueError):
    """A chat message the server does not take (the message says why)."""


def clean(text: str) -> str:
    """The message as stored: control and formatting characters (Unicode categories Cc, Cf:
    newlines, bidirectional overrides, zero-width characters) become spaces or go, runs of
    spaces shrink to one, both ends are trimmed; :class:`ChatError` when nothing is left or
    it is longer than :data:`MAX_CHAT`."""
    out: list[str] = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Cc":
            char = " "
        elif category in ("Cf", "Cs", "Co", "Cn"):
            continue
        out.append(char)
    cleaned = " ".join("".join(out).split())
    if not cleaned:
        raise ChatError("chat: an empty message is not sent")
    if len(cleaned) > MAX_CHAT:
        raise ChatError(f"chat: a message is at most {MAX_CHAT} characters")
    return cleaned


def may_read(room: Room, conn: Connection) -> bool:
    """Does ``conn`` see the chat? Every socket of a remote match; none in hot-seat."""
    return room.mode != "hotseat" and not conn.hotseat


def writer(room: Room, conn: Connection) -> int | None:
    """The seat ``conn`` writes as, or None when it may not write (a spectator, hot-seat)."""
    return conn.seat if may_read(room, conn) and not conn.spectator else None


def named(room: Room, messages: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The messages as a page shows them: with their seat's name."""
    names = {s.seat: s.name for s in room.info.seats}
    return [{"id": m["id"], "seat": m["seat"], "name": names.get(int(m["seat"]), ""),
             "text": m["text"], "at": m["at"]} for m in messages]


async def history(room: Room, conn: Connection) -> None:
    """A socket joined: its chat history, if it sees the chat and the chat has messages
    (the page knows from its state frame whether it may write: a seat of a remote match)."""
    if not may_read(room, conn):
        return
    messages = await asyncio.to_thread(room.store.chat, room.id, HISTORY)
    if messages:
        conn.send({"type": "chat", "history": True, "messages": named(room, messages)})


async def post(room: Room, conn: Connection, text: str) -> None:
    """A ``chat`` message of ``conn``: checked, stored, then shown to every reader."""
    seat = writer(room, conn)
    if seat is None:
        conn.error("a hot-seat match has no chat" if not may_read(room, conn)
                   else "a spectator reads the chat but cannot write in it", "chat")
        return
    try:
        cleaned = clean(text)
    except ChatError as exc:
        conn.error(str(exc), "chat")
        return
    message = await asyncio.to_thread(room.store.add_chat, room.id, seat, cleaned, room.now(),
                                      origin=ORIGIN)
    show(room, [message])


def show(room: Room, messages: list[dict[str, Any]]) -> None:
    """Send new messages to every reader of the room."""
    frame = json.dumps({"type": "chat", "messages": named(room, messages)},
                       separators=(",", ":"))
    for conn in list(room.connections):
        if may_read(room, conn):
            conn.send_text(frame)


def noticed(room: Room, payload: str) -> None:
    """A message another server process stored (its ``chat`` notice): shown here too."""
    try:
        data = json.loads(payload)
        if data.get("origin") == ORIGIN:
            return
        message = {k: data[k] for k in ("id", "seat", "text", "at")}
    except (ValueError, KeyError, TypeError, AttributeError):
        return
    show(room, [message])
