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
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

from skirmish.core.house_rules import house_rules_of
from skirmish.core.plugins import GAMES
from skirmish.web.game_parts import WebPart, web_parts
from skirmish.web.i18n import DEFAULT, LANGUAGES, strings, tables

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


def _content(request: Request, part: WebPart) -> Any:
    """The content of ``part``'s game the server offers (``create_app(content=…)``: the
    sample cards and the players' own), else its sample content."""
    hub = getattr(request.app.state, "hub", None)
    if hub is not None:
        return hub.content(part.name)
    return _sample_content(part.name)


@functools.cache
def _sample_content(game: str) -> Any:
    return next(p for p in web_parts() if p.name == game).load_content()


def _game_loader() -> None:
    """The templates of the pages, then each game's, found as ``<game>/<file>``."""
    folders = {p.name: str(p.templates_dir) for p in web_parts() if p.templates_dir is not None}
    if getattr(templates.env, "_game_folders", None) != folders:
        templates.env.loader = ChoiceLoader([
            FileSystemLoader(str(HERE / "templates")),
            PrefixLoader({name: FileSystemLoader(folder) for name, folder in folders.items()})])
        templates.env._game_folders = folders  # type: ignore[attr-defined]


def _files(kind: str) -> list[str]:
    """The URLs of every installed game's ``scripts``, ``lobby_scripts`` or ``styles``."""
    return [f"/static/games/{part.name}/{name}" for part in web_parts()
            for name in getattr(part, kind)]


def _agents() -> list[str]:
    from skirmish.bots.registry import agent_choices

    return agent_choices()


def _client_config(lang: str, **extra: Any) -> str:
    """What the scripts need, as JSON for a ``<script type="application/json">`` block."""
    config: dict[str, Any] = {"lang": lang, "t": strings(lang)}
    if lang == "fr":
        config["tables"] = {name: [patterns, words]
                            for name, (patterns, words) in tables().items()}
    config.update(extra)
    # "</" cannot end the script block early.
    return json.dumps(config, ensure_ascii=False).replace("</", "<\\/")


def _render(request: Request, name: str, **context: Any) -> HTMLResponse:
    lang, asked = pick_language(request)
    extra = context.pop("client", {})
    _game_loader()
    response = templates.TemplateResponse(
        request,
        name,
        {"lang": lang, "t": strings(lang), "languages": LANGUAGES,
         "config": _client_config(lang, **extra), "game_styles": _files("styles"),
         "game_scripts": _files("scripts"), **context},
    )
    if asked:
        response.set_cookie(LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """Create a match, list this browser's matches, upload a record to replay: the games
    in the registry's order (the default game chosen), each with its own part of the form
    (its web part's ``lobby_templates``, reading its ``lobby_context``)."""
    lang, _ = pick_language(request)
    default = GAMES.default().name
    games = [{"name": part.name, "default": part.name == default,
              "templates": {slot: f"{part.name}/{name}"
                            for slot, name in part.lobby_templates.items()},
              "context": part.lobby_context(_content(request, part), lang),
              "house_rules": [r.in_language(lang) for r in house_rules_of(part.name)]}
             for part in web_parts()]
    return _render(request, "lobby.html", games=games, agents=_agents(),
                   lobby_scripts=_files("lobby_scripts"))


@router.get("/match/{match_id}", response_class=HTMLResponse)
def table(request: Request, match_id: str) -> HTMLResponse:
    """The table: the client opens ``/ws/{match_id}`` (the seat cookie tells who it is)."""
    if not _ID.match(match_id):
        raise HTTPException(404, "no such match")
    lang, _ = pick_language(request)
    return _render(request, "table.html", match_id=match_id,
                   client={"match": match_id, "house_rules": house_rule_words(lang)})


def house_rule_words(lang: str) -> dict[str, dict[str, Any]]:
    """Every installed game's house rules in ``lang``, by option (their names are the
    games' own): the question and each reading's description, for the table's line of the
    options in force (static/house_rules.js; the state frame names the readings)."""
    out: dict[str, dict[str, Any]] = {}
    for part in web_parts():
        for rule in house_rules_of(part.name):
            words = rule.in_language(lang)
            out[rule.name] = {"question": words["question"],
                              "readings": {r["name"]: r["description"]
                                           for r in words["readings"]}}
    return out


@router.get("/replay/{replay_id}", response_class=HTMLResponse)
def replay(request: Request, replay_id: str) -> HTMLResponse:
    """Step through a finished match or an uploaded record, forwards and backwards."""
    if not _ID.match(replay_id):
        raise HTTPException(404, "no such replay")
    step = request.query_params.get("step", "")
    return _render(request, "replay.html", replay_id=replay_id,
                   client={"replay": replay_id, "step": int(step) if step.isdigit() else None})
