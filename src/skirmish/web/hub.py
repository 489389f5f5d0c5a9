"""The web table's shared state (docs/web.md): its store, its settings and limits, its
metrics, its live rooms and each game's content; and the request helpers every route uses.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import Request

from skirmish.core.game import Game
from skirmish.core.plugins import GAMES
from skirmish.web import chat, clocks
from skirmish.web.fanout import Fanout
from skirmish.web.game_parts import web_part
from skirmish.web.guards import Limits
from skirmish.web.ops import Metrics
from skirmish.web.rooms import Room
from skirmish.web.settings import WebSettings
from skirmish.web.storage import CHAT_NOTICE, CLOCK_NOTICE, END_NOTICE, Store

log = logging.getLogger("skirmish.web")

MAX_BODY = 256 * 1024
KEEP_FINISHED = 100
ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class ApiError(Exception):
    """An HTTP error answered as ``{"error": message}``."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


class Hub:
    """The server's state: its store, its live rooms and each game's content (``content``:
    game name -> what its web part's ``load_content`` made, e.g. a card library with the
    players' own cards; a game not named there gets its sample content, read when first
    needed: :meth:`content`).

    ``dice_key`` and ``bot_seed`` are for tests only: ``None`` (the default, and the only
    value a real server uses) gives every new match a fresh secret dice key and every bot a
    fresh seed; a fixed key (16 to 64 bytes) and seed make every match started while they are
    set play out the same way for the same moves (predictable dice: never on a real server)."""

    def __init__(self, store: Store, content: Mapping[str, Any] | None = None, *,
                 dice_key: bytes | None = None, bot_seed: int | None = None,
                 settings: WebSettings | None = None) -> None:
        self.store = store
        self.settings = settings or WebSettings()
        self.limits = Limits(self.settings)
        self.metrics = Metrics()
        #: The PostgreSQL listener (several server processes: :mod:`.fanout`).
        self.fanout: Fanout | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: The wall clock links expire by (tests move it).
        self.clock: Callable[[], float] = time.time
        #: Started (every open match restored) and not stopping: ``/readyz``.
        self.serving = False
        self.dice_key = dice_key
        self.bot_seed = bot_seed
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()
        self._content: dict[str, Any] = {k: v for k, v in (content or {}).items()
                                         if v is not None}
        #: Replays read lately: id -> (actions, checkpoints, the table's outcome: a match
        #: its table ended, e.g. a clock ran out, ends so after its last action).
        self.replays: OrderedDict[str, tuple[list[tuple[int, str]], list[Game],
                                             dict[str, Any] | None]] = OrderedDict()

    def content(self, game: str) -> Any:
        """The content of ``game`` the lobby offers (its web part's ``load_content``)."""
        if game not in self._content:
            self._content[game] = web_part(game).load_content()
        return self._content[game]

    @property
    def library(self) -> Any:
        """The default game's content (:meth:`content`)."""
        return self.content(GAMES.default().name)

    async def room(self, match_id: str) -> Room | None:
        """The live room of a stored match (re-played from the store if not in memory)."""
        room = self.rooms.get(match_id)
        if room is not None or not ID.match(match_id):
            return room
        async with self.loading:
            room = self.rooms.get(match_id)
            if room is not None:
                return room
            info = await asyncio.to_thread(self.store.match, match_id)
            if info is None:
                return None
            actions = await asyncio.to_thread(self.store.actions, match_id)
            room = await asyncio.to_thread(Room.restore, info, actions, self.store,
                                           bot_seed=self.bot_seed)
            self.add(room)
        room.wake_bots()
        return room

    def add(self, room: Room) -> None:
        """A live room; finished rooms nobody watches are let go beyond
        :data:`KEEP_FINISHED` (they are re-played from the store when asked for again)."""
        room.metrics = self.metrics
        room.now = lambda: self.clock()  # the hub's clock (tests move it): :mod:`.clocks`
        room.bot_pace = self.settings.bot_pace_s
        self.rooms[room.id] = room
        idle = [r for r in self.rooms.values()
                if r.game.is_over and not r.connections and r is not room]
        for old in idle[:max(0, len(idle) - KEEP_FINISHED)]:
            del self.rooms[old.id]
        self.metrics.matches_live.set(len(self.rooms))

    async def restore_all(self) -> None:
        """Start: every unfinished match is re-played and playable again."""
        for match_id in await asyncio.to_thread(self.store.open_matches):
            try:
                await self.room(match_id)
            except Exception:
                log.exception("match %s could not be restored", match_id)

    def start_fanout(self) -> None:
        """On PostgreSQL, listen for the actions other server processes commit (on SQLite one
        process serves every match: nothing to listen for)."""
        if self.store.is_sqlite or self.fanout is not None:
            return
        self.fanout = Fanout(self.store.url, asyncio.get_running_loop(), self._notice,
                             self._resync, self.event)
        self.fanout.start()

    def _notice(self, match_id: str, idx: int, action: tuple[int, str] | None) -> None:
        """Action ``idx`` of ``match_id`` was committed (by any process; ``action``: its
        player and text, when the notice holds them): a loaded room that lacks it catches
        up."""
        room = self.rooms.get(match_id)
        if room is not None and room.stored <= idx:  # entries: actions and takebacks
            self._spawn(room.catch_up(idx, action))

    def event(self, match_id: str, kind: str, payload: str) -> None:
        """Another process wrote a chat message, started a clock or ended a match
        (:func:`~skirmish.web.fanout.parse_event`): a loaded room shows it."""
        room = self.rooms.get(match_id)
        if room is None:
            return
        if kind == CHAT_NOTICE:
            chat.noticed(room, payload)
        elif kind in (CLOCK_NOTICE, END_NOTICE):
            self._spawn(clocks.reload(room))

    def _resync(self) -> None:
        for room in list(self.rooms.values()):
            self._spawn(room.catch_up())

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        if self.fanout is not None:
            await asyncio.to_thread(self.fanout.stop)
            self.fanout = None
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        self.replays.clear()


# -- request helpers ---------------------------------------------------------------------------
async def read_body(request: Request, limit: int) -> bytes:
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise ApiError(413, f"the body is larger than {limit // 1024} KB")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ApiError(413, f"the body is larger than {limit // 1024} KB")
    return bytes(body)


async def json_body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's body: a JSON object of at most ``limit`` bytes, else an :class:`ApiError`."""
    raw = await read_body(request, limit)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the body is a JSON object")
    return data


def short_text(value: Any, where: str, limit: int, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > limit:
        raise ApiError(400, f"{where}: expected a text of at most {limit} characters")
    return value


async def room_or_404(hub: Hub, match_id: str) -> Room:
    try:
        room = await hub.room(match_id)
    except Exception:
        log.exception("match %s could not be loaded", match_id)
        raise ApiError(500, "this match could not be re-played from its record") from None
    if room is None:
        raise ApiError(404, f"no match {match_id[:40]!r}")
    return room


