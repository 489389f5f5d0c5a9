"""Mass Effect: Annihilation's web part (:class:`skirmish.web.game_parts.WebPart`), named by
the game's plugin under ``"web"``: its frames and answers (:mod:`.frames`, :mod:`.odds`),
its lobby (:mod:`.setup`, the templates ``templates/``, ``static/lobby.js``), its
words (:mod:`.i18n`) and its table script (``static/table.js``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.games.masseffect.web import i18n
from skirmish.web.game_parts import Table, WebPart

if TYPE_CHECKING:
    from skirmish.core.game import Game

HERE = Path(__file__).parent


class MassEffectWeb(WebPart):
    """ME:A at the web table: it hides nothing, so every answer is computed on the game."""

    words: Mapping[str, tuple[str, str]] = i18n.WORDS
    translations: Mapping[str, Table] = {"log": (i18n.FR_PATTERNS, i18n.FR_WORDS),
                                         "sentences": (i18n.FR_SENTENCES, i18n.FR_WORDS),
                                         "picture": (i18n.PICTURE_PATTERNS, i18n.PICTURE_WORDS),
                                         "cards": (i18n.POWER_PATTERNS, {})}
    sentences: Table = (i18n.SENTENCES, {})
    static_dir = HERE / "static"
    scripts = ("table.js",)
    lobby_scripts = ("lobby.js",)
    moved_files: Mapping[str, str] = {"masseffect.js": "table.js"}  # once /static/masseffect.js
    styles = ("style.css",)
    templates_dir = HERE / "templates"
    lobby_templates: Mapping[str, str] = {"seat": "lobby_seat.html",
                                          "match": "lobby_match.html"}

    # -- the table -----------------------------------------------------------------------------
    def knowledge(self, game: Game, seat: int | None) -> Game:
        return game.copy()

    def picture_svg(self, game: Game, seat: int | None, **overlays: Any) -> str:
        from skirmish.games.masseffect.web import frames

        return frames.table_svg(game, seat, **overlays)

    def state_extras(self, game: Game, seat: int | None, *, picture: bool = True
                     ) -> dict[str, Any]:
        from skirmish.games.masseffect.web import frames

        return frames.frame_extras(game, seat, picture=picture)

    def replay_extras(self, game: Game) -> dict[str, Any]:
        from skirmish.games.masseffect.web import frames

        return {"svg": frames.table_svg(game, None), "cards": frames.cards(game)}

    def probe(self, game: Game, seat: int | None, text: str) -> dict[str, Any]:
        from skirmish.games.masseffect.web import frames

        return frames.probe(game, seat, text)

    def sight(self, game: Game, seat: int | None, viewer: str, target: str
              ) -> dict[str, Any]:
        from skirmish.games.masseffect.web import frames

        return frames.sight(game, seat, viewer, target)

    def odds(self, known: Game, text: str, reaction: str | None) -> dict[str, Any]:
        from skirmish.games.masseffect.web import odds

        return odds.odds(known, text)

    # -- the lobby -------------------------------------------------------------------------------
    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        from skirmish.games.masseffect.cards.library import load_library

        return load_library(paths or ())

    def options(self, content: Any) -> dict[str, Any]:
        from skirmish.games.masseffect.web import setup

        return setup.options(content)

    def lobby_context(self, content: Any, lang: str) -> dict[str, Any]:
        from skirmish.games.masseffect.web import setup

        offered = setup.options(content)
        return {"bands": offered["bands"], "scenarios": offered["scenarios"],
                "defaults": setup.DEFAULT_BANDS, "scenario": setup.DEFAULT_SCENARIO}

    def seats_first(self, setup: Mapping[str, Any]) -> dict[str, Any] | None:
        """ME:A rolls at once (the roll-off, or the first initiative): at the web table the
        match opens with each seat's "begin" (phases/begin.py), so that its first die comes
        after every seat's dice nonce (docs/dice.md)."""
        from skirmish.games.masseffect.phases.begin import BEGIN

        return {**setup, BEGIN: True}

    def setup_of(self, body: Mapping[str, Any], content: Any) -> tuple[dict[str, Any], str]:
        from skirmish.games.masseffect.web import setup

        return setup.setup_of(body, content)


WEB = MassEffectWeb()
