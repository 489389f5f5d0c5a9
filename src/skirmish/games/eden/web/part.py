"""Eden's web part (:class:`skirmish.web.game_parts.WebPart`), named by the game's plugin
under ``"web"``: its frames and answers (:mod:`.frames`), its lobby (:mod:`.setup`, the
templates ``templates/``, ``static/lobby.js``), its words (:mod:`.i18n`) and its table
script (``static/cards.js``: the fighter cards, roster, odds and status line)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request

from skirmish.games.eden.web import i18n
from skirmish.web.game_parts import Table, WebPart

if TYPE_CHECKING:
    from skirmish.core.game import Game

HERE = Path(__file__).parent


class EdenWeb(WebPart):
    """Eden at the web table."""

    words: Mapping[str, tuple[str, str]] = i18n.WORDS
    translations: Mapping[str, Table] = {
        "log": (i18n.FR_PATTERNS, i18n.FR_WORDS),
        "sentences": (i18n.FR_SENTENCES, i18n.FR_WORDS),
        "picture": (i18n.PICTURE_PATTERNS, i18n.PICTURE_WORDS),
        "cards": (i18n.CARD_PATTERNS, {}),
        "equipment": (i18n.FR_EQUIPMENT_PATTERNS, i18n.FR_EQUIPMENT_WORDS),
    }
    sentences: Table = (i18n.SENTENCES, {})
    static_dir = HERE / "static"
    scripts = ("cards.js",)
    lobby_scripts = ("lobby.js",)
    moved_files: Mapping[str, str] = {"cards.js": "cards.js"}  # once /static/cards.js
    styles = ("style.css",)
    templates_dir = HERE / "templates"
    lobby_templates: Mapping[str, str] = {"seat": "lobby_seat.html",
                                          "match": "lobby_match.html"}

    # -- the table -----------------------------------------------------------------------------
    def knowledge(self, game: Game, seat: int | None) -> Game:
        from skirmish.games.eden.web import frames

        return frames.knowledge(game, seat)

    def picture_svg(self, game: Game, seat: int | None, **overlays: Any) -> str:
        from skirmish.games.eden.web import frames

        return frames.svg_of(frames.picture_for(game, seat), **overlays)

    def state_extras(self, game: Game, seat: int | None, *, picture: bool = True
                     ) -> dict[str, Any]:
        from skirmish.games.eden.web import frames

        return frames.state_extras(game, seat, picture=picture)

    def replay_extras(self, game: Game) -> dict[str, Any]:
        from skirmish.games.eden.web.glossary import glossary

        return {"svg": self.picture_svg(game, None), "glossary": glossary(game)}

    def probe(self, game: Game, seat: int | None, text: str) -> dict[str, Any]:
        from skirmish.games.eden.web import frames

        return frames.probe(game, seat, text)

    def sight(self, game: Game, seat: int | None, viewer: str, target: str
              ) -> dict[str, Any]:
        from skirmish.games.eden.web import frames

        return frames.sight(game, seat, viewer, target)

    def odds(self, known: Game, text: str, reaction: str | None) -> dict[str, Any]:
        from skirmish.games.eden.web import frames

        return frames.odds(known, text, reaction)

    # -- the lobby -------------------------------------------------------------------------------
    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        from skirmish.games.eden.content import load_library

        return load_library(paths or ())

    def options(self, content: Any) -> dict[str, Any]:
        from skirmish.games.eden.web import setup

        return setup.options(content)

    def lobby_context(self, content: Any, lang: str) -> dict[str, Any]:
        from skirmish.games.eden.optional.climate import CONDITIONS

        missions = [{"name": m.name, "only": m.faction or m.stigma or "", "secret": m.secret}
                    for m in content.missions.values()]
        return {"factions": content.factions(), "missions": missions, "climates": CONDITIONS,
                "defaults": ("Jokers", "Bamaka")}

    def setup_of(self, body: Mapping[str, Any], content: Any) -> tuple[dict[str, Any], str]:
        from skirmish.games.eden.web import setup

        return setup.setup_of(body, content)

    def routes(self, content: Callable[[], Any]) -> APIRouter | None:
        """``POST /api/troops/validate``: a troop (as the lobby sends it) checked as
        ``skirmish troop validate`` checks it."""
        from skirmish.games.eden.web import setup
        from skirmish.web.server import json_body

        router = APIRouter()

        @router.post("/api/troops/validate")
        async def validate_troop(request: Request) -> dict[str, Any]:
            body = await json_body(request)
            spec: Any = body if "yaml" not in body else {k: body[k] for k in body
                                                          if k in ("yaml", "name")}
            library = content()
            troop = setup.troop_of(spec, library, str(body.get("name", "troop"))[:100])
            return {"ok": True, "troop": troop.to_dict(),
                    "summary": setup.troop_summary(library, troop)}

        return router


WEB = EdenWeb()
