"""The web table's server (docs/web.md): the JSON API, one websocket per seat, and the
restore of every unfinished match at start. ``skirmish serve`` runs :func:`create_app` with
uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.responses import JSONResponse, PlainTextResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from skirmish.bots.registry import agent_choices, check_agent
from skirmish.core.dice import dice_from_json
from skirmish.core.errors import RecordError, SkirmishError
from skirmish.core.game import Game, play_entry
from skirmish.core.house_rules import house_rules_of
from skirmish.core.plugins import GAMES
from skirmish.core.record import ENDED_BY_TABLE, Record, first_dice, verify_jsonl
from skirmish.core.ruleset import RULESETS, Outcome
from skirmish.web import clocks, fair, frames
from skirmish.web.game_parts import SetupProblem, web_part, web_parts
from skirmish.web.hub import (
    ID,
    MAX_BODY,
    ApiError,
    Hub,
    json_body,
    read_body,
    room_or_404,
    short_text,
)
from skirmish.web.links import OWNER_DAYS, link_expiry, links_router, set_token_cookie
from skirmish.web.middleware import Hardening
from skirmish.web.ops import configure_logging, ops_router, prune_forever
from skirmish.web.rooms import Room
from skirmish.web.settings import WebSettings
from skirmish.web.sockets import serve_socket
from skirmish.web.storage import SeatInfo, Store, database_url, new_token, token_hash
from skirmish.web.takebacks import game_entries

__all__ = ["MAX_BODY", "MAX_RECORD", "ApiError", "Hub", "create_app", "json_body",
           "redact_logs"]

log = logging.getLogger("skirmish.web")

MAX_RECORD = 2 * 1024 * 1024
_JOIN = re.compile(r"(/(?:join|watch)/[^/\s]*/)[^\s\"?]+")
_STATIC = Path(__file__).with_name("static")


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
        configure_logging(settings.log_format)  # after uvicorn set its loggers up
        hub.loading = asyncio.Lock()
        await hub.restore_all()
        hub.start_fanout()
        pruning = asyncio.get_running_loop().create_task(prune_forever(hub.store, settings))
        watching = asyncio.get_running_loop().create_task(clocks.watch(hub))
        hub.serving = True
        try:
            yield
        finally:
            hub.serving = False
            for task in (pruning, watching):
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            await hub.close()
            hub.store.close()

    app = FastAPI(title="skirmish web table", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.add_middleware(Hardening, limits=hub.limits, rejected=hub.metrics.reject)
    app.include_router(ops_router(hub.store, hub.metrics, settings, ready=lambda: hub.serving))
    app.include_router(links_router(hub))

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
                                   "modes": ["remote", "hotseat"],
                                   "house_rules": {g: [r.to_json() for r in house_rules_of(g)]
                                                   for g in GAMES.names()}}
        for part in web_parts():
            own = part.options(hub.content(part.name))
            if part.name == default:
                offered.update(own)
            else:
                offered[part.name] = own
        return offered

    @app.post("/api/matches", status_code=201)
    async def create_match(request: Request, response: Response) -> dict[str, Any]:
        answer = await _create(hub, await json_body(request))
        # the creating browser owns the match: it may issue new seat links (links.py)
        set_token_cookie(response, request, f"owner_{answer['id']}", answer.pop("_owner"),
                         OWNER_DAYS)
        return answer

    @app.get("/api/matches/{match_id}")
    async def match_summary(match_id: str) -> dict[str, Any]:
        info = await asyncio.to_thread(hub.store.match, match_id) if ID.match(match_id) \
            else None
        if info is None:
            raise ApiError(404, f"no match {match_id[:40]!r}")
        return info.summary()

    @app.get("/api/matches/{match_id}/record")
    async def match_record(match_id: str) -> Response:
        room = await room_or_404(hub, match_id)
        async with room.lock:
            if not room.game.is_over:
                raise ApiError(404, "the record is offered once the match is over")
            text = Record.of(room.game).to_jsonl()
        return PlainTextResponse(text, media_type="application/x-ndjson")

    @app.post("/api/replays", status_code=201)
    async def upload_replay(request: Request) -> dict[str, Any]:
        raw = await read_body(request, MAX_RECORD)
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

    @app.websocket("/ws/{match_id}")
    async def websocket(ws: WebSocket, match_id: str) -> None:
        await serve_socket(hub, ws, match_id)

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


async def _create(hub: Hub, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/matches``: the game's part makes the set-up from the request; the mode,
    the seats and the title are every game's."""
    ruleset = body.get("ruleset", GAMES.default().name)
    if not isinstance(ruleset, str) or ruleset not in GAMES:
        raise ApiError(400, f"ruleset: only {' and '.join(repr(n) for n in GAMES.names())} "
                            "are played here")
    setup, title = web_part(ruleset).setup_of(body, hub.content(ruleset))
    setup = _house_rules(setup, ruleset, body.get("house_rules"))
    mode = _mode(body)
    seats = _seats(body.get("seats"), mode)
    title = short_text(body.get("title"), "title", 100) or title
    private = body.get("private", False)
    if not isinstance(private, bool):
        raise ApiError(400, "private: true (spectators need the spectator link) or false")
    try:
        clock = clocks.settings_of(body.get("clock"))
    except clocks.ClockError as exc:
        raise ApiError(400, str(exc)) from None
    return await _start(hub, ruleset, setup, title, mode, seats, private=private, clock=clock)


def _house_rules(setup: dict[str, Any], ruleset: str, choices: Any) -> dict[str, Any]:
    """The set-up playing the request's ``house_rules`` (``{name: reading}``, checked
    against the game's options: :mod:`skirmish.core.house_rules`); a bad one is a 400 in
    one line naming the option or reading."""
    if choices is None:
        return setup
    from skirmish.core.house_rules import HouseRuleError, with_house_rules

    try:
        return with_house_rules(setup, ruleset, choices, "house_rules")
    except HouseRuleError as exc:
        raise ApiError(400, str(exc)[:300]) from None


def _mode(body: dict[str, Any]) -> str:
    mode = body.get("mode", "remote")
    if mode not in ("remote", "hotseat"):
        raise ApiError(400, "mode: 'remote' or 'hotseat'")
    return str(mode)


async def _start(hub: Hub, ruleset: str, setup: dict[str, Any], title: str, mode: str,
                 seats: list[dict[str, Any]], *, private: bool = False,
                 clock: dict[str, Any] | None = None) -> dict[str, Any]:
    """A new match of ``ruleset``: its game, stored, and its live room. The answer holds
    the seats' join links (expiring after ``join_link_days``), a private match's spectator
    link (``watch``) and, under ``_owner``, the owner's token (a cookie: links.py)."""
    # fair dice whose seats' commitments come in (web/fair.py); keyed dice in tests only
    dice = fair.new_dice(seats, hub.dice_key)
    try:
        game, dice, opened = await asyncio.to_thread(fair.new_game, RULESETS.get(ruleset),
                                                     setup, dice)
    except (SkirmishError, ValueError, KeyError) as exc:
        raise ApiError(422, f"set-up: {exc}") from None
    setup = dict(opened)  # with the seats' opening, when the game draws a die at once
    tokens: dict[int, str] = {}
    if mode == "hotseat":
        token = new_token()
        tokens = {0: token, 1: token}
    else:
        tokens = {s["seat"]: new_token() for s in seats if s["kind"] == "human"}
    expires = link_expiry(hub)
    rows = [SeatInfo(s["seat"], s["kind"], s.get("agent"), s.get("name", ""),
                     token_hash(tokens[s["seat"]]) if s["seat"] in tokens else None,
                     token_expires_at=expires if s["seat"] in tokens else None)
            for s in seats]
    owner, watcher = new_token(), new_token() if private else None
    match_id = await asyncio.to_thread(
        hub.store.create_match, ruleset=ruleset, setup=setup, dice=dice.to_json(), title=title,
        mode=mode, seats=rows, owner_hash=token_hash(owner),
        spectator_hash=token_hash(watcher) if watcher else None, clock=clock)
    info = await asyncio.to_thread(hub.store.match, match_id)
    assert info is not None
    room = Room(info, game, hub.store, bot_seed=hub.bot_seed)
    hub.add(room)
    room.wake_bots()
    answer: dict[str, Any] = {"id": match_id, "join": {str(seat): f"/join/{match_id}/{token}"
                                                       for seat, token in tokens.items()},
                              "expires_at": expires, "_owner": owner}
    if watcher is not None:
        answer["watch"] = f"/watch/{match_id}/{watcher}"
    return answer


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
        name = short_text(seat.get("name"), f"{where}.name", 40)
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
    if not ID.match(replay_id):
        raise ApiError(404, "no such replay")
    cached = hub.replays.get(replay_id)
    if cached is None:
        text = await asyncio.to_thread(hub.store.replay, replay_id)
        if text is not None:
            record = Record.from_jsonl(text, source="uploaded record")
            header, actions = record.header, record.actions
            end = record.end or {}
            ended = end.get("outcome") if end.get("ended") == ENDED_BY_TABLE else None
            game = await asyncio.to_thread(
                lambda: RULESETS.get(str(header["ruleset"])).new_game(
                    header["setup"], dice=first_dice(header["dice"], record.end)))
        else:
            info = await asyncio.to_thread(hub.store.match, replay_id)
            if info is None or info.status != "over":
                raise ApiError(404, "no finished match or uploaded record with this id")
            ended = info.outcome
            # the game's entries (actions, takebacks), not the takeback requests
            actions = game_entries(await asyncio.to_thread(hub.store.actions, replay_id))
            game = await asyncio.to_thread(
                lambda: RULESETS.get(info.ruleset).new_game(info.setup,
                                                            dice=dice_from_json(info.dice)))
        cached = (actions, [game], ended)
        hub.replays[replay_id] = cached
        while len(hub.replays) > _CACHED_REPLAYS:
            hub.replays.popitem(last=False)
    hub.replays.move_to_end(replay_id)
    actions, checkpoints, ended = cached
    if not 0 <= step <= len(actions):
        raise ApiError(404, f"step {step} is outside 0..{len(actions)}")
    return await asyncio.to_thread(_replay_frame, replay_id, actions, checkpoints, step,
                                   ended)


def _replay_frame(replay_id: str, actions: list[tuple[int, str]], checkpoints: list[Game],
                  step: int, ended: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table after ``step`` actions, from the nearest checkpoint (one every 25 actions);
    after the last one, a match its table ended (``ended``: a clock ran out) ends so."""
    index = min(step // _CHECKPOINT, len(checkpoints) - 1)
    game = checkpoints[index].copy()
    for at in range(index * _CHECKPOINT, step):
        play_entry(game, *actions[at])  # an action or a takeback (docs/web.md, Takebacks)
        if (at + 1) % _CHECKPOINT == 0 and (at + 1) // _CHECKPOINT == len(checkpoints):
            checkpoints.append(game.copy())
    if ended is not None and step == len(actions) and not game.is_over:
        game.end(Outcome.from_json(ended))
    view = game.view(None)
    outcome = game.outcome()
    action = actions[step - 1] if step else None
    return {"id": replay_id, "step": step, "count": len(actions),
            **frames.replay_extras(game), "view": view,
            "log": frames.lines_of(game, game.log),
            "action": None if action is None else {
                "player": action[0], "text": action[1],
                "line": frames.action_line(game, action[0], action[1])},
            "over": game.is_over, "outcome": outcome.to_json() if outcome else None}
