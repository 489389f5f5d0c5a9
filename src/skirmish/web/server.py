"""The web table's server (docs/web.md): the JSON API, one websocket per seat, and the
restore of every unfinished match at start. ``skirmish serve`` runs :func:`create_app` with
uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import importlib
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from skirmish.bots.registry import agent_choices, check_agent
from skirmish.core.dice import KeyedDice, dice_from_json
from skirmish.core.errors import RecordError, SkirmishError
from skirmish.core.game import Game
from skirmish.core.plugins import GAMES
from skirmish.core.record import Record, verify_jsonl
from skirmish.core.ruleset import RULESETS
from skirmish.web import frames
from skirmish.web.game_parts import SetupProblem, web_part, web_parts
from skirmish.web.guards import Limits, origin_allowed
from skirmish.web.middleware import Hardening, client_address
from skirmish.web.rooms import Connection, MessageError, Room, parse_message
from skirmish.web.settings import WebSettings
from skirmish.web.storage import SeatInfo, Store, database_url, new_token, token_hash

log = logging.getLogger("skirmish.web")

MAX_BODY = 256 * 1024
MAX_RECORD = 2 * 1024 * 1024
COOKIE_DAYS = 60
KEEP_FINISHED = 100
_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_JOIN = re.compile(r"(/(?:join|watch)/[^/\s]*/)[^\s\"?]+")
_STATIC = Path(__file__).with_name("static")


class ApiError(Exception):
    """An HTTP error answered as ``{"error": message}``."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


class _RedactTokens(logging.Filter):
    """Seat tokens never reach a log: a join path is logged without its token."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_JOIN.sub(r"\1[token]", a) if isinstance(a, str) else a
                                for a in record.args)
        if isinstance(record.msg, str) and ("/join/" in record.msg or "/watch/" in record.msg):
            record.msg = _JOIN.sub(r"\1[token]", record.msg)
        return True


def redact_logs() -> None:
    """Install the token filter on uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _RedactTokens) for f in logger.filters):
            logger.addFilter(_RedactTokens())


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
        self.dice_key = dice_key
        self.bot_seed = bot_seed
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()
        self._content: dict[str, Any] = {k: v for k, v in (content or {}).items()
                                         if v is not None}
        self.replays: OrderedDict[str, tuple[list[tuple[int, str]], list[Game]]] = OrderedDict()

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
        if room is not None or not _ID.match(match_id):
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
        self.rooms[room.id] = room
        idle = [r for r in self.rooms.values()
                if r.game.is_over and not r.connections and r is not room]
        for old in idle[:max(0, len(idle) - KEEP_FINISHED)]:
            del self.rooms[old.id]

    async def restore_all(self) -> None:
        """Start: every unfinished match is re-played and playable again."""
        for match_id in await asyncio.to_thread(self.store.open_matches):
            try:
                await self.room(match_id)
            except Exception:
                log.exception("match %s could not be restored", match_id)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        self.replays.clear()


# -- request helpers ---------------------------------------------------------------------------
async def _body(request: Request, limit: int) -> bytes:
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
    raw = await _body(request, limit)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the body is a JSON object")
    return data


def _text(value: Any, where: str, limit: int, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > limit:
        raise ApiError(400, f"{where}: expected a text of at most {limit} characters")
    return value


# -- the application -------------------------------------------------------------------------------
def create_app(db_url: str | None = None, data_dir: str | Path | None = None, *,
               library: Any = None, content: Mapping[str, Any] | None = None,
               settings: WebSettings | None = None, **libraries: Any) -> FastAPI:
    """The web table: JSON API, websockets, and the pages (``web/pages.py``) when present.
    ``db_url`` is any SQLAlchemy URL (``postgresql://…``); by default the SQLite file
    ``skirmish.db`` in ``data_dir`` (``./skirmish-data``). ``content``: game name -> the
    content the lobby offers and requests are checked against (``skirmish serve
    --content``: the sample cards and the players' own, made by the game's web part's
    ``load_content``); a game not named: its sample content. ``library`` is the default
    game's, ``<game>_library`` that game's (the same, as keywords). ``settings``: the
    hardening, limits and operations settings (by default from the environment:
    :meth:`WebSettings.from_env`)."""
    given = dict(content or {})
    if library is not None:
        given[GAMES.default().name] = library
    for keyword, value in libraries.items():
        game = keyword.removesuffix("_library")
        if not keyword.endswith("_library") or game not in GAMES:
            raise TypeError(f"create_app() got an unexpected keyword argument {keyword!r} "
                            f"(a game's content is <game>_library: "
                            f"{', '.join(g + '_library' for g in GAMES.names())})")
        if value is not None:
            given[game] = value
    redact_logs()
    settings = settings if settings is not None else WebSettings.from_env()
    hub = Hub(Store(database_url(db_url, data_dir)), given, settings=settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.loading = asyncio.Lock()
        await hub.restore_all()
        yield
        await hub.close()
        hub.store.close()

    app = FastAPI(title="skirmish web table", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.add_middleware(Hardening, limits=hub.limits)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> Response:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(SetupProblem)
    async def setup_problem(_request: Request, exc: SetupProblem) -> Response:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        """What the lobby offers: the games, the bots, the modes; the default game's own
        offer at the top, each other game's under its name."""
        default = GAMES.default().name
        offered: dict[str, Any] = {"rulesets": GAMES.names(), "agents": agent_choices(),
                                   "modes": ["remote", "hotseat"]}
        for part in web_parts():
            own = part.options(hub.content(part.name))
            if part.name == default:
                offered.update(own)
            else:
                offered[part.name] = own
        return offered

    @app.post("/api/matches", status_code=201)
    async def create_match(request: Request) -> dict[str, Any]:
        return await _create(hub, await json_body(request))

    @app.get("/api/matches")
    async def my_matches(request: Request) -> dict[str, Any]:
        held = {name[5:]: token_hash(value) for name, value in request.cookies.items()
                if name.startswith("seat_") and _ID.match(name[5:])}
        found = await asyncio.to_thread(hub.store.matches_of, dict(list(held.items())[:200]))
        return {"matches": [{**info.summary(), "seat": seat} for info, seat in found]}

    @app.get("/api/matches/{match_id}")
    async def match_summary(match_id: str) -> dict[str, Any]:
        info = await asyncio.to_thread(hub.store.match, match_id) if _ID.match(match_id) \
            else None
        if info is None:
            raise ApiError(404, f"no match {match_id[:40]!r}")
        return info.summary()

    @app.get("/api/matches/{match_id}/record")
    async def match_record(match_id: str) -> Response:
        room = await _room_or_404(hub, match_id)
        async with room.lock:
            if not room.game.is_over:
                raise ApiError(404, "the record is offered once the match is over")
            text = Record.of(room.game).to_jsonl()
        return PlainTextResponse(text, media_type="application/x-ndjson")

    @app.post("/api/replays", status_code=201)
    async def upload_replay(request: Request) -> dict[str, Any]:
        raw = await _body(request, MAX_RECORD)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ApiError(422, "a record is UTF-8 text (JSON Lines)") from None
        try:
            await asyncio.to_thread(verify_jsonl, text, source="uploaded record")
        except (RecordError, SkirmishError, ValueError, KeyError) as exc:
            raise ApiError(422, str(exc)) from None
        return {"id": await asyncio.to_thread(hub.store.add_replay, text)}

    @app.get("/api/replays/{replay_id}/{step}")
    async def replay_step(replay_id: str, step: int) -> dict[str, Any]:
        return await _replay(hub, replay_id, step)

    @app.get("/join/{match_id}/{token}")
    async def join(request: Request, match_id: str, token: str) -> Response:
        info = await asyncio.to_thread(hub.store.match, match_id) if _ID.match(match_id) \
            else None
        digest = token_hash(token)
        if info is None or not any(s.token_hash and hmac.compare_digest(s.token_hash, digest)
                                   for s in info.seats):
            raise ApiError(404, "this join link is not valid")
        response = RedirectResponse(f"/match/{match_id}", status_code=303)
        response.set_cookie(f"seat_{match_id}", token, max_age=COOKIE_DAYS * 86400,
                            path="/", httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")
        return response

    @app.websocket("/ws/{match_id}")
    async def websocket(ws: WebSocket, match_id: str) -> None:
        await _serve_socket(hub, ws, match_id)

    for part in web_parts():
        router = part.routes(functools.partial(hub.content, part.name))
        if router is not None:
            app.include_router(router)
    try:
        pages = importlib.import_module("skirmish.web.pages")
    except ModuleNotFoundError as exc:
        if exc.name != "skirmish.web.pages":
            raise
    else:
        app.include_router(pages.router)
    for part in web_parts():  # before /static, which would answer for them
        for old, new in part.moved_files.items():
            app.add_api_route(f"/static/{old}", _redirect(f"/static/games/{part.name}/{new}"),
                              methods=["GET", "HEAD"], include_in_schema=False)
        if part.static_dir is not None and part.static_dir.is_dir():
            app.mount(f"/static/games/{part.name}", StaticFiles(directory=part.static_dir),
                      name=f"static-{part.name}")
    if _STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    return app


def _redirect(to: str) -> Callable[[], Awaitable[RedirectResponse]]:
    """A route answering with a permanent redirect to ``to`` (a moved static file)."""
    async def moved() -> RedirectResponse:
        return RedirectResponse(to, status_code=301)

    return moved


async def _room_or_404(hub: Hub, match_id: str) -> Room:
    try:
        room = await hub.room(match_id)
    except Exception:
        log.exception("match %s could not be loaded", match_id)
        raise ApiError(500, "this match could not be re-played from its record") from None
    if room is None:
        raise ApiError(404, f"no match {match_id[:40]!r}")
    return room


async def _create(hub: Hub, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/matches``: the game's part makes the set-up from the request; the mode,
    the seats and the title are every game's."""
    ruleset = body.get("ruleset", GAMES.default().name)
    if not isinstance(ruleset, str) or ruleset not in GAMES:
        raise ApiError(400, f"ruleset: only {' and '.join(repr(n) for n in GAMES.names())} "
                            "are played here")
    setup, title = web_part(ruleset).setup_of(body, hub.content(ruleset))
    mode = _mode(body)
    seats = _seats(body.get("seats"), mode)
    title = _text(body.get("title"), "title", 100) or title
    return await _start(hub, ruleset, setup, title, mode, seats)


def _mode(body: dict[str, Any]) -> str:
    mode = body.get("mode", "remote")
    if mode not in ("remote", "hotseat"):
        raise ApiError(400, "mode: 'remote' or 'hotseat'")
    return str(mode)


async def _start(hub: Hub, ruleset: str, setup: dict[str, Any], title: str, mode: str,
                 seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A new match of ``ruleset``: its game, stored, and its live room."""
    dice = KeyedDice(hub.dice_key)  # None (always, but in tests): a fresh secret key
    try:
        game = await asyncio.to_thread(RULESETS.get(ruleset).new_game, setup, dice=dice.clone())
    except (SkirmishError, ValueError, KeyError) as exc:
        raise ApiError(422, f"set-up: {exc}") from None
    tokens: dict[int, str] = {}
    if mode == "hotseat":
        token = new_token()
        tokens = {0: token, 1: token}
    else:
        tokens = {s["seat"]: new_token() for s in seats if s["kind"] == "human"}
    rows = [SeatInfo(s["seat"], s["kind"], s.get("agent"), s.get("name", ""),
                     token_hash(tokens[s["seat"]]) if s["seat"] in tokens else None)
            for s in seats]
    match_id = await asyncio.to_thread(hub.store.create_match, ruleset=ruleset, setup=setup,
                                       dice=dice.to_json(), title=title, mode=mode, seats=rows)
    info = await asyncio.to_thread(hub.store.match, match_id)
    assert info is not None
    room = Room(info, game, hub.store, bot_seed=hub.bot_seed)
    hub.add(room)
    room.wake_bots()
    return {"id": match_id, "join": {str(seat): f"/join/{match_id}/{token}"
                                     for seat, token in tokens.items()}}


def _seats(value: Any, mode: str) -> list[dict[str, Any]]:
    if value is None:
        value = [{"kind": "human"}, {"kind": "human"}]
    if not isinstance(value, list) or len(value) != 2:
        raise ApiError(400, "seats: expected two seats")
    out = []
    for i, seat in enumerate(value):
        where = f"seats[{i}]"
        if not isinstance(seat, dict) or not set(seat) <= {"kind", "agent", "name"}:
            raise ApiError(400, f"{where}: expected {{\"kind\": \"human\"}} or "
                                "{\"kind\": \"bot\", \"agent\": ...}")
        kind = seat.get("kind")
        name = _text(seat.get("name"), f"{where}.name", 40)
        if kind == "human":
            out.append({"seat": i, "kind": "human", "name": name})
        elif kind == "bot":
            agent = seat.get("agent", "heuristic")
            try:
                agent = check_agent(agent) if isinstance(agent, str) else check_agent("")
            except ValueError as exc:
                raise ApiError(400, f"{where}.agent: {exc}") from None
            out.append({"seat": i, "kind": "bot", "agent": agent, "name": name or agent})
        else:
            raise ApiError(400, f"{where}.kind: 'human' or 'bot'")
    if mode == "hotseat" and any(s["kind"] != "human" for s in out):
        raise ApiError(400, "seats: a hot-seat match has two human seats")
    return out


# -- replays -------------------------------------------------------------------------------------
_CHECKPOINT = 25
_CACHED_REPLAYS = 8


async def _replay(hub: Hub, replay_id: str, step: int) -> dict[str, Any]:
    if not _ID.match(replay_id):
        raise ApiError(404, "no such replay")
    cached = hub.replays.get(replay_id)
    if cached is None:
        text = await asyncio.to_thread(hub.store.replay, replay_id)
        if text is not None:
            record = Record.from_jsonl(text, source="uploaded record")
            header, actions = record.header, record.actions
            game = await asyncio.to_thread(
                lambda: RULESETS.get(str(header["ruleset"])).new_game(
                    header["setup"], dice=dice_from_json(header["dice"])))
        else:
            info = await asyncio.to_thread(hub.store.match, replay_id)
            if info is None or info.status != "over":
                raise ApiError(404, "no finished match or uploaded record with this id")
            actions = await asyncio.to_thread(hub.store.actions, replay_id)
            game = await asyncio.to_thread(
                lambda: RULESETS.get(info.ruleset).new_game(info.setup,
                                                            dice=dice_from_json(info.dice)))
        cached = (actions, [game])
        hub.replays[replay_id] = cached
        while len(hub.replays) > _CACHED_REPLAYS:
            hub.replays.popitem(last=False)
    hub.replays.move_to_end(replay_id)
    actions, checkpoints = cached
    if not 0 <= step <= len(actions):
        raise ApiError(404, f"step {step} is outside 0..{len(actions)}")
    return await asyncio.to_thread(_replay_frame, replay_id, actions, checkpoints, step)


def _replay_frame(replay_id: str, actions: list[tuple[int, str]], checkpoints: list[Game],
                  step: int) -> dict[str, Any]:
    """The table after ``step`` actions, from the nearest checkpoint (one every 25 actions)."""
    index = min(step // _CHECKPOINT, len(checkpoints) - 1)
    game = checkpoints[index].copy()
    for at in range(index * _CHECKPOINT, step):
        game.apply(actions[at][1])
        if (at + 1) % _CHECKPOINT == 0 and (at + 1) // _CHECKPOINT == len(checkpoints):
            checkpoints.append(game.copy())
    view = game.view(None)
    outcome = game.outcome()
    action = actions[step - 1] if step else None
    return {"id": replay_id, "step": step, "count": len(actions),
            **frames.replay_extras(game), "view": view,
            "log": [{"kind": e.kind, "text": e.text()} for e in game.log],
            "action": None if action is None else {"player": action[0], "text": action[1]},
            "over": game.is_over, "outcome": outcome.to_json() if outcome else None}


# -- the websocket ---------------------------------------------------------------------------------
async def _serve_socket(hub: Hub, ws: WebSocket, match_id: str) -> None:
    settings = hub.settings
    if not origin_allowed(ws.headers.get("origin"), scheme=ws.url.scheme,
                          host=ws.headers.get("host"), settings=settings):
        # before accept: the handshake is refused (HTTP 403), nothing is read or sent
        log.warning("match %s: a websocket from another origin was refused", match_id[:40])
        await ws.close(code=1008, reason="another origin")
        return
    address = client_address(ws.scope)
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
    held = []
    if token:
        digest = token_hash(token)
        held = [s.seat for s in room.info.seats
                if s.token_hash and hmac.compare_digest(s.token_hash, digest)]
    hotseat = room.mode == "hotseat" and len(held) == 2
    conn = Connection(ws, held[0] if len(held) == 1 else None, hotseat=hotseat,
                      address=address, buckets=hub.limits.socket_buckets())
    refusal = hub.limits.open_socket(address, spectator=conn.spectator)
    if refusal:
        await _refuse(ws, refusal)
        return
    try:
        await _serve_connection(hub, room, conn, match_id, bad_token=bool(token and not held))
    finally:
        hub.limits.close_socket(address, spectator=conn.spectator)


async def _refuse(ws: WebSocket, reason: str) -> None:
    """Tell a socket why it is not served, and close it (1013: try again later)."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "message": reason, "rule": "limits"}))
        await ws.close(code=1013, reason=reason[:120])


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
            raw = message.get("text")
            try:
                data = parse_message(raw if raw is not None else message.get("bytes"))
            except MessageError as exc:
                conn.error(f"malformed message: {exc}")
                conn.close(exc.code, str(exc))
                closing = True
                break
            kind = str(data["type"])
            if not hub.limits.allow(kind, address=conn.address, own=conn.buckets):
                _throttled(hub, conn, kind)
                continue
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


def _throttled(hub: Hub, conn: Connection, kind: str) -> None:
    """A message over its rate limit is dropped; the client is told (once a second at most,
    so a flood does not become a flood of answers)."""
    now = time.monotonic()
    if now - conn.throttled_at < 1.0:
        return
    conn.throttled_at = now
    conn.error(f"too many '{kind}' messages: at most {hub.settings.socket_rate(kind)} per "
               f"socket and {hub.settings.address_rate(kind)} per address (docs/web.md, "
               "Limits); this one was not answered", "limits")
