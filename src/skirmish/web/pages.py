"""The HTML pages of the web table: the lobby, the table, the replay (Jinja2, server-rendered).

The pages hold no game state: the table page opens the websocket ``/ws/{id}`` and draws what
the server sends (docs/web.md); the replay page reads ``/api/replays/{id}/{step}``. The
language is ``?lang=fr|en`` (kept in the ``lang`` cookie), else the cookie, else the browser's
Accept-Language. The server mounts ``static/`` at ``/static/``.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from skirmish.web.i18n import (
    DEFAULT,
    FR_EQUIPMENT_PATTERNS,
    FR_EQUIPMENT_WORDS,
    FR_PATTERNS,
    FR_WORDS,
    LANGUAGES,
    STRINGS,
)

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library
    from skirmish.games.masseffect.cards.library import Library as MassEffectLibrary

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
router = APIRouter()

LANG_COOKIE = "lang"
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def pick_language(request: Request) -> tuple[str, bool]:
    """The page's language and whether it was asked for now (``?lang=``: remember it)."""
    asked = request.query_params.get("lang", "").lower()
    if asked in LANGUAGES:
        return asked, True
    cookie = request.cookies.get(LANG_COOKIE, "").lower()
    if cookie in LANGUAGES:
        return cookie, False
    return from_accept_language(request.headers.get("accept-language", "")), False


def from_accept_language(header: str) -> str:
    """The first supported language of an Accept-Language header, by quality (RFC 9110)."""
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q=([0-9.]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and quality > 0:
            best.append((-quality, i, primary))
    return min(best)[2] if best else DEFAULT


def _library(request: Request) -> Library:
    """The server's card library (``create_app(library=…)``: the sample cards and the
    players' own), else the sample cards."""
    hub = getattr(request.app.state, "hub", None)
    if hub is not None:
        library: Library = hub.library
        return library
    return _sample_library()


@functools.cache
def _sample_library() -> Library:
    from skirmish.games.eden.cards.library import load_library

    return load_library()


def _masseffect_library(request: Request) -> MassEffectLibrary:
    """Mass Effect: Annihilation's card library (the server's, else the sample cards)."""
    hub = getattr(request.app.state, "hub", None)
    if hub is not None:
        library: MassEffectLibrary = hub.masseffect_library
        return library
    from skirmish.games.masseffect.cards.library import load_library

    return load_library()


def _factions(library: Library) -> list[str]:
    return library.factions()


def _missions(library: Library) -> list[dict[str, Any]]:
    return [{"name": m.name, "only": m.faction or m.stigma or "", "secret": m.secret}
            for m in library.missions.values()]


def _agents() -> list[str]:
    from skirmish.bots.registry import agent_choices

    return agent_choices()


def _client_config(lang: str, **extra: Any) -> str:
    """What the scripts need, as JSON for a ``<script type="application/json">`` block."""
    config: dict[str, Any] = {"lang": lang, "t": dict(STRINGS[lang])}
    if lang == "fr":
        config["tables"] = {"log": [FR_PATTERNS, FR_WORDS],
                            "equipment": [FR_EQUIPMENT_PATTERNS, FR_EQUIPMENT_WORDS]}
    config.update(extra)
    # "</" cannot end the script block early.
    return json.dumps(config, ensure_ascii=False).replace("</", "<\\/")


def _render(request: Request, name: str, **context: Any) -> HTMLResponse:
    lang, asked = pick_language(request)
    strings = STRINGS[lang]
    extra = context.pop("client", {})
    response = templates.TemplateResponse(
        request,
        name,
        {"lang": lang, "t": strings, "languages": LANGUAGES,
         "config": _client_config(lang, **extra), **context},
    )
    if asked:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """Create a match, list this browser's matches, upload a record to replay."""
    from skirmish.games.eden.optional.climate import CONDITIONS
    from skirmish.games.masseffect.web.setup import DEFAULT_BANDS, DEFAULT_SCENARIO, options

    library = _library(request)
    masseffect = options(_masseffect_library(request))
    return _render(request, "lobby.html", factions=_factions(library), agents=_agents(),
                   missions=_missions(library), me_bands=masseffect["bands"],
                   me_scenarios=masseffect["scenarios"], me_defaults=DEFAULT_BANDS,
                   me_scenario=DEFAULT_SCENARIO, climates=CONDITIONS)


@router.get("/match/{match_id}", response_class=HTMLResponse)
def table(request: Request, match_id: str) -> HTMLResponse:
    """The table: the client opens ``/ws/{match_id}`` (the seat cookie tells who it is)."""
    if not _ID.match(match_id):
        raise HTTPException(404, "no such match")
    return _render(request, "table.html", match_id=match_id, client={"match": match_id})


@router.get("/replay/{replay_id}", response_class=HTMLResponse)
def replay(request: Request, replay_id: str) -> HTMLResponse:
    """Step through a finished match or an uploaded record, forwards and backwards."""
    if not _ID.match(replay_id):
        raise HTTPException(404, "no such replay")
    step = request.query_params.get("step", "")
    return _render(request, "replay.html", replay_id=replay_id,
                   client={"replay": replay_id, "step": int(step) if step.isdigit() else None})
