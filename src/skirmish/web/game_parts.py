"""What the web table needs from a game (issue 42, docs/web.md): the protocol of a game's
*web part*, the object its plugin names under ``"web"``
(:mod:`skirmish.core.plugins`, ``parts={"web": "mygame.web.part:WEB"}``).

The generic web layer (server, rooms, pages, the scripts) knows no game: it asks
:func:`web_part` for the game of a match or of a lobby request and calls the members below.
:class:`WebPart` is both the protocol and its generic defaults, so a game's part is a
subclass that overrides only what it has. A game whose plugin names no web part at all gets
a plain :class:`WebPart`: it is still offered in the lobby and playable at the table.

The minimal part (a game with only a kernel ruleset)::

    from skirmish.web.game_parts import WebPart

    class DuelWeb(WebPart):
        words = {"ruleset.duel": ("Duel", "Duel")}   # the game's name in the lobby

    WEB = DuelWeb()

With the defaults, a seat's ``state`` frame holds its view, its log, its legal actions as
text (buttons) and the ruleset's picture (``Ruleset.picture(state)``, drawn from what the
seat may know: :meth:`WebPart.knowledge`) when it draws one; a probe says whether the action
is legal now; a sight question and an odds question get one clear line ("<title> has no line
of sight" / "has no exact odds"); the lobby makes a match from the fields every game shares
(``title``, ``seats``, ``mode``) and an optional ``setup`` object handed to ``new_game`` as
it is.

Members, grouped by what they serve (every one has a default):

- the table (websocket frames, :mod:`skirmish.web.frames`): :meth:`~WebPart.knowledge`,
  :meth:`~WebPart.state_extras`, :meth:`~WebPart.replay_extras`, :meth:`~WebPart.probe`,
  :meth:`~WebPart.sight`, :meth:`~WebPart.odds`;
- the lobby (``GET /api/options``, ``POST /api/matches``, the page ``/``):
  :meth:`~WebPart.load_content`, :meth:`~WebPart.options`, :meth:`~WebPart.lobby_context`,
  :meth:`~WebPart.setup_of`, :meth:`~WebPart.routes`, :meth:`~WebPart.seats_first` (the
  fair dice of a game that draws a die as it is set up);
- the words (:mod:`skirmish.web.i18n`): :attr:`~WebPart.words`,
  :attr:`~WebPart.translations`;
- the browser's files: :attr:`~WebPart.static_dir` (served at ``/static/games/<name>/``),
  :attr:`~WebPart.scripts`, :attr:`~WebPart.lobby_scripts`, :attr:`~WebPart.styles`,
  :attr:`~WebPart.templates_dir` (Jinja templates, found by the pages as
  ``<name>/<file>``) and :attr:`~WebPart.lobby_templates`.

The browser side: a game's table script registers itself with ``SK.register(name,
{...})`` (``static/common.js``: the members a game may give, each with a default), its lobby
script with ``SK.lobbyPart(name, {body})``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.core.plugins import GAMES, GamePlugin

if TYPE_CHECKING:
    from fastapi import APIRouter

    from skirmish.core.game import Game

#: A translation table: (regular expressions and their templates, words for ``{1w}``).
Table = tuple[list[tuple[str, str]], dict[str, str]]


class FrameError(ValueError):
    """A question that cannot be answered (sent to its client as an ``error`` frame)."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.message = message
        self.rule = rule
        super().__init__(message)


class SetupProblem(ValueError):
    """A lobby request that cannot make a match: its HTTP ``status`` and message (400 for a
    malformed request, 422 for one that breaks a rule, 413 for one too large)."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


#: The fields of ``POST /api/matches`` every game shares (the generic layer reads them).
COMMON_FIELDS = frozenset({"ruleset", "seats", "mode", "title", "private", "clock",
                           "house_rules"})


class WebPart:
    """A game's web part, with generic defaults (see the module). ``plugin`` is set by
    :func:`web_part` (the game's name and title)."""

    #: Filled in by :func:`web_part`: the game this part belongs to.
    plugin: GamePlugin | None = None

    # -- words -----------------------------------------------------------------------------
    #: The game's UI words: key -> (English, French); at least ``ruleset.<name>`` (its name
    #: in the lobby's game list, else its title).
    words: Mapping[str, tuple[str, str]] = {}
    #: The game's French translations of the engine's English text, by table name: ``"log"``
    #: (prompts and log lines) and any other the scripts ask for (``SK.tr(text, name)``).
    translations: Mapping[str, Table] = {}
    #: The game's decisions in the log as English sentences: "player A: <notation>" (the
    #: :class:`~skirmish.core.events.ActionEvent` line) -> a sentence, applied by the server
    #: (:func:`skirmish.web.sentences.sentence`) before the ``"log"`` table makes it French.
    sentences: Table = ([], {})

    # -- the browser's files -----------------------------------------------------------------
    #: The folder served at ``/static/games/<name>/`` (``None``: none).
    static_dir: Path | None = None
    #: Files of :attr:`static_dir` the table and replay pages load (the game's
    #: ``SK.register``); :attr:`lobby_scripts` the lobby page loads; :attr:`styles` every page.
    scripts: Sequence[str] = ()
    lobby_scripts: Sequence[str] = ()
    styles: Sequence[str] = ()
    #: Files the game once had among the generic ones (``/static/<old name>``), by their old
    #: names: the file of :attr:`static_dir` each became. The old address still answers, with
    #: a permanent redirect (a page or bookmark from before keeps working).
    moved_files: Mapping[str, str] = {}
    #: A folder of Jinja templates (found by the pages as ``<name>/<file>``); and, by slot,
    #: the file of it the lobby includes: ``"seat"`` (inside each seat's box; it reads
    #: ``seat``, 0 or 1, and ``game.context``: :meth:`lobby_context`) and ``"match"`` (below
    #: the mode). A game without them offers only the fields every game shares.
    templates_dir: Path | None = None
    lobby_templates: Mapping[str, str] = {}

    @property
    def name(self) -> str:
        return self.plugin.name if self.plugin is not None else ""

    @property
    def title(self) -> str:
        return self.plugin.title if self.plugin is not None else self.name

    # -- the table ---------------------------------------------------------------------------
    def knowledge(self, game: Game, seat: int | None) -> Game:
        """A copy of ``game`` holding only what ``seat`` may know (``None``: a spectator,
        who knows neither player's secrets). By default: the kernel's observation
        (:func:`skirmish.core.observation.observe`, for a spectator both players' in turn)
        when the ruleset has its hooks, else a plain copy (a game that hides nothing)."""
        from skirmish.core.observation import observable, observe, rebuild

        if not observable(game.ruleset):
            return game.copy()
        seats = (0, 1) if seat is None else (seat,)
        known = game
        for player in seats:
            known = rebuild(observe(known, player))
        return known if known is not game else game.copy()

    def picture_svg(self, game: Game, seat: int | None, **overlays: Any) -> str:
        """The table picture ``seat`` receives (SVG text; ``""``: none): by default the
        ruleset's own picture (``picture(state)``) of :meth:`knowledge`."""
        from skirmish.core.ruleset import picture_of

        known = self.knowledge(game, seat)
        return picture_of(known.ruleset, known.state) or ""

    def state_extras(self, game: Game, seat: int | None, *, picture: bool = True
                     ) -> dict[str, Any]:
        """What ``seat``'s ``state`` frame holds beyond what every game's does (seat, mode,
        count, over, outcome, view, log, legal): at least ``svg``, the picture. A game that
        adds a ``board`` (the page draws the table itself) leaves the picture out when
        ``picture`` is False (the table page asks so: docs/web.md, Frames); a game without
        one always sends it."""
        return {"svg": self.picture_svg(game, seat)}

    def replay_extras(self, game: Game) -> dict[str, Any]:
        """What a replay step holds beyond the generic fields: at least ``svg`` (what a
        spectator sees)."""
        return {"svg": self.picture_svg(game, None)}

    def probe(self, game: Game, seat: int | None, text: str) -> dict[str, Any]:
        """``probe``: is the action legal now for ``seat``, why not, and (a game's own)
        its geometry. Default: the legality only."""
        from skirmish.web.frames import probe_answer

        return probe_answer(game, seat, text)

    def sight(self, game: Game, seat: int | None, viewer: str, target: str
              ) -> dict[str, Any]:
        """``sight``: the line of sight from ``viewer`` to ``target`` on ``seat``'s table;
        raise :class:`FrameError` when it cannot be answered."""
        raise FrameError(f"{self.title} ({self.name}) has no line of sight")

    def odds(self, known: Game, text: str, reaction: str | None) -> dict[str, Any]:
        """``odds``: the exact odds of the action ``text``, on the seat's
        :meth:`knowledge` ``known``; raise :class:`FrameError` when there are none."""
        raise FrameError(f"{self.title} ({self.name}) has no exact odds")

    # -- the lobby -----------------------------------------------------------------------------
    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        """The game's content the lobby offers and checks requests against (a card
        library: its sample cards, plus the players' own read from ``paths``); ``None``: the
        game has none."""
        return None

    def options(self, content: Any) -> dict[str, Any]:
        """What ``GET /api/options`` offers of this game (its bands, troops, scenarios...).
        The default game's options sit at the top of the answer, the others' under their
        game's name."""
        return {}

    def lobby_context(self, content: Any, lang: str) -> dict[str, Any]:
        """The variables :attr:`lobby_templates` read (the lobby page's)."""
        return {}

    def setup_of(self, body: Mapping[str, Any], content: Any) -> tuple[dict[str, Any], str]:
        """The set-up of a ``POST /api/matches`` request for this game and the match's
        default title; raise :class:`SetupProblem`. The generic layer reads the shared
        fields (:data:`COMMON_FIELDS`) itself. Default: ``setup`` (an object, default
        ``{}``) handed to the ruleset as it is."""
        known = COMMON_FIELDS | {"setup"}
        unknown = sorted(set(body) - known)
        if unknown:
            raise SetupProblem(400, f"unknown field(s) {', '.join(unknown)[:200]} "
                                    f"(expected {', '.join(sorted(known))})")
        setup = body.get("setup", {})
        if not isinstance(setup, Mapping):
            raise SetupProblem(400, "setup: expected an object")
        return dict(setup), self.title

    def seats_first(self, setup: Mapping[str, Any]) -> dict[str, Any] | None:
        """The set-up of a match whose game draws a die as it is set up (its first die would
        come before any seat's dice nonce, web/fair.py): the same match opening with
        decisions of the seats, so that its first die comes after them (and after every
        seat that joined has committed its nonce). ``None`` (the default): no such opening;
        the commitments close at once, the human seats absent (docs/dice.md)."""
        return None

    def routes(self, content: Callable[[], Any]) -> APIRouter | None:
        """The game's own API routes (e.g. checking a troop file), given a function that
        returns its content; ``None``: none."""
        return None


def web_part(name: str) -> WebPart:
    """The web part of the installed game ``name`` (a plain :class:`WebPart` when its
    plugin names none); an unknown game is a :class:`KeyError`."""
    plugin = GAMES.get(name)
    part = plugin.part("web")
    if part is None:
        part = _DEFAULTS.setdefault(name, WebPart())
    if not isinstance(part, WebPart):
        raise TypeError(f"the web part of {plugin.title} ({name}) is not a WebPart")
    if part.plugin is None:
        part.plugin = plugin
    return part


_DEFAULTS: dict[str, WebPart] = {}


def web_parts() -> list[WebPart]:
    """The web parts of every installed game, in the registry's order (the lobby's)."""
    return [web_part(name) for name in GAMES.names()]
