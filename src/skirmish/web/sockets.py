"""The websocket ``/ws/{match_id}`` (docs/web.md, Websocket): who a socket is (a seat by its
token, a hot-seat device, a spectator, with the spectator token of a private match), what it
may open (its origin, the caps on sockets and spectators), and the loop reading its messages
within their rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import time

from fastapi import WebSocket, WebSocketDisconnect

from skirmish.web.connections import Connection, MessageError, parse_message
from skirmish.web.guards import origin_allowed
from skirmish.web.hub import Hub
from skirmish.web.middleware import client_address
from skirmish.web.rooms import Room
from skirmish.web.storage import token_hash

log = logging.getLogger("skirmish.web")


async def serve_socket(hub: Hub, ws: WebSocket, match_id: str) -> None:
    """Serve one websocket until it closes."""
    settings = hub.settings
    if not origin_allowed(ws.headers.get("origin"), scheme=ws.url.scheme,
                          host=ws.headers.get("host"), settings=settings):
        # before accept: the handshake is refused (HTTP 403), nothing is read or sent
        log.warning("match %s: a websocket from another origin was refused", match_id[:40])
        hub.metrics.reject("origin")
        await ws.close(code=1008, reason="another origin")
        return
    address = client_address(ws.scope)
    if not hub.limits.allow("connect", address=address):
        hub.metrics.reject("rate")
        await ws.close(code=1013, reason="too many new sockets from this address")
        return
    await ws.accept()
    try:
        room = await hub.room(match_id)
    except Exception:
        log.exception("match %s could not be loaded", match_id)
        room = None
    if room is None:
        await ws.send_text(json.dumps({"type": "error", "message": "no such match", "rule": ""}))
        await ws.close(code=1008, reason="no such match")
        return
    token = ws.headers.get("x-seat-token") or ws.cookies.get(f"seat_{match_id}")
    held: list[int] = []
    if token:
        digest, now = token_hash(token), hub.clock()
        held = [s.seat for s in room.info.seats if s.held_by(digest, now)]
    hotseat = room.mode == "hotseat" and len(held) == 2
    conn = Connection(ws, held[0] if len(held) == 1 else None, hotseat=hotseat,
                      address=address, buckets=hub.limits.socket_buckets(),
                      deltas=ws.query_params.get("deltas") == "1",
                      picture=ws.query_params.get("picture") != "0")
    if conn.spectator and not _may_watch(room, ws, match_id):
        hub.metrics.reject("token")
        await refuse(ws, "this match is private: its spectators need the spectator link",
                     code=1008)
        return
    refusal = hub.limits.open_socket(address, spectator=conn.spectator)
    if refusal:
        hub.metrics.reject("sockets")
        await refuse(ws, refusal)
        return
    kind = "spectator" if conn.spectator else "seat"
    hub.metrics.socket_opened(kind)
    try:
        await _serve_connection(hub, room, conn, match_id, bad_token=bool(token and not held))
    finally:
        hub.limits.close_socket(address, spectator=conn.spectator)
        hub.metrics.socket_closed(kind)


def _may_watch(room: Room, ws: WebSocket, match_id: str) -> bool:
    """May a socket without a seat watch ``room``? Any match but a private one, whose
    spectators bring its spectator token (the ``/watch`` link's cookie, or a header)."""
    wanted = room.info.spectator_hash
    if wanted is None:
        return True
    token = ws.headers.get("x-watch-token") or ws.cookies.get(f"watch_{match_id}")
    return bool(token) and hmac.compare_digest(wanted, token_hash(token or ""))


async def refuse(ws: WebSocket, reason: str, *, code: int = 1013) -> None:
    """Tell a socket why it is not served, and close it (1013: try again later; 1008: not
    allowed)."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "message": reason, "rule": "limits"}))
        await ws.close(code=code, reason=reason[:120])


async def _serve_connection(hub: Hub, room: Room, conn: Connection, match_id: str, *,
                            bad_token: bool) -> None:
    """Read ``conn``'s messages until it closes: each checked (:func:`parse_message`), within
    its rate limits (docs/web.md, Limits), then answered by its room."""
    ws = conn.ws
    cap = hub.settings.spectators_per_match
    writer = asyncio.get_running_loop().create_task(conn.write())
    if bad_token:
        conn.error("this seat token is not valid for this match: you are watching as a "
                   "spectator")
    if not await room.join(conn, spectators=cap):
        hub.metrics.reject("spectators")
        reason = f"this match has {cap} spectators already (spectators_per_match)"
        conn.error(reason, "limits")
        conn.close(1013, reason)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)
        return
    closing = False
    try:
        while not writer.done():
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            # any message, before it is even parsed: a flood costs its sender its socket
            if not hub.limits.allow("message", address=conn.address, own=conn.buckets):
                hub.metrics.reject("rate")
                if _dropped(hub, conn, "message"):
                    closing = True
                    break
                continue
            raw = message.get("text")
            try:
                data = parse_message(raw if raw is not None else message.get("bytes"))
            except MessageError as exc:
                hub.metrics.reject("size" if exc.code == 1009 else "malformed")
                conn.error(f"malformed message: {exc}")
                conn.close(exc.code, str(exc))
                closing = True
                break
            kind = str(data["type"])
            if not hub.limits.allow(kind, address=conn.address, own=conn.buckets):
                hub.metrics.reject("rate")
                if _dropped(hub, conn, kind):
                    closing = True
                    break
                continue
            conn.dropped = 0
            try:
                await room.handle(conn, data)
            except Exception:
                log.exception("match %s: a %s message failed", match_id, kind)
                conn.error("the server could not answer this message")
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await room.leave(conn)
        if closing:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
        writer.cancel()
        with contextlib.suppress(BaseException):
            await writer


def _dropped(hub: Hub, conn: Connection, kind: str) -> bool:
    """A message over its rate limit is dropped; the client is told (once a second at most,
    so a flood does not become a flood of answers). After ``drops_before_close`` drops in a
    row the socket is closed (1008): True."""
    conn.dropped += 1
    if conn.dropped >= hub.settings.drops_before_close:
        conn.error(f"too many messages: {conn.dropped} dropped in a row (docs/web.md, Limits)",
                   "limits")
        conn.close(1008, "too many messages")
        return True
    now = time.monotonic()
    if now - conn.throttled_at < 1.0:
        return False
    conn.throttled_at = now
    conn.error(f"too many '{kind}' messages: at most {hub.settings.socket_rate(kind)} per "
               f"socket and {hub.settings.address_rate(kind)} per address (docs/web.md, "
               "Limits); this one was not answered", "limits")
    return False
