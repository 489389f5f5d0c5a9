"""``skirmish serve``: the web table (docs/web.md) with uvicorn, until Ctrl-C.

``--content`` gives the default game's own cards; every other installed game with a card
library gets its own option, ``--<game>-content`` (its ``"cli"`` part's
:meth:`~skirmish.cli.game_parts.GameCommands.library` reads them)."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated, Any

import typer

from skirmish.cli.options import ContentOpt
from skirmish.core.plugins import GAMES


def _serve(host: str, port: int, db: str | None, data: Path, content: list[Path] | None,
           public_origin: list[str] | None = None, log_format: str | None = None,
           forwarded_allow_ips: str | None = None, **others: list[Path] | None) -> None:
    """Serve the web table: a lobby, matches between people or against bots, replays.
    ``--content`` (the default game) and ``--<game>-content``: the players' own cards,
    offered in the lobby and usable in troops and bands. Every other setting (limits,
    retention, metrics) comes from ``SKIRMISH_*`` variables (docs/web.md, Configuration)."""
    import uvicorn

    from skirmish.cli.game_parts import commands_of
    from skirmish.web.rooms import MAX_MESSAGE
    from skirmish.web.server import create_app
    from skirmish.web.settings import SettingsError, WebSettings

    try:
        settings = WebSettings.from_env(
            public_origins=tuple(public_origin) if public_origin else None,
            log_format=log_format)
    except SettingsError as exc:
        from skirmish.cli.errors import fail

        raise fail(f"serve: {exc}") from None

    # the cards are read and checked before the server starts
    default = GAMES.default().name
    library = commands_of(default).library(content)
    others_libraries: dict[str, Any] = {}
    for keyword, folders in others.items():
        game = keyword.removesuffix("_content")
        others_libraries[f"{game}_library"] = (commands_of(game).library(folders) if folders
                                               else None)
    app = create_app(db, data, library=library, settings=settings, **others_libraries)
    where = "the database given by --db" if db else f"{data / 'skirmish.db'}"
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"skirmish web table: http://{shown}:{port}/  (data: {where}; Ctrl-C stops it)")
    # Frames are capped at the websocket layer too, and sent uncompressed (docs/web.md).
    # Behind a reverse proxy, --forwarded-allow-ips names it: the clients' addresses (the
    # limits' keys) and scheme are then read from its X-Forwarded-* headers.
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE + 1024,
                ws_per_message_deflate=False, log_level="info", timeout_graceful_shutdown=5,
                proxy_headers=forwarded_allow_ips is not None,
                forwarded_allow_ips=forwarded_allow_ips)


def _content_option(name: str, title: str) -> inspect.Parameter:
    """``--<name>-content``: another game's own cards."""
    option = typer.Option(f"--{name}-content", help=f"A folder (or file) of your own {title} "
                          "cards, on top of its sample cards; repeatable.")
    return inspect.Parameter(f"{name}_content", inspect.Parameter.KEYWORD_ONLY, default=None,
                             annotation=Annotated[list[Path] | None, option])


def make_serve() -> Any:
    """The ``serve`` command, with a ``--<game>-content`` option per other game."""

    def serve(
        host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")]
        = 8000,
        db: Annotated[str | None, typer.Option(
            help="A database URL (postgresql://user:pass@host/db); default: the SQLite file "
                 "skirmish.db in --data.")] = None,
        data: Annotated[Path, typer.Option(
            help="The data folder of the default SQLite database.")] = Path("skirmish-data"),
        content: ContentOpt = None,
        public_origin: Annotated[list[str] | None, typer.Option(
            help="An origin the table's pages are served from (https://table.example); "
                 "repeatable. Websockets and changes from pages of other origins are refused. "
                 "Default: SKIRMISH_PUBLIC_ORIGINS, else the request's own origin.")] = None,
        log_format: Annotated[str | None, typer.Option(
            help="text or json (one JSON object a line). Default: SKIRMISH_LOG_FORMAT, "
                 "else text.")] = None,
        forwarded_allow_ips: Annotated[str | None, typer.Option(
            help="The reverse proxies (addresses, comma-separated, or *) whose "
                 "X-Forwarded-For/-Proto are trusted.")] = None,
        **others: list[Path] | None,
    ) -> None:
        _serve(host, port, db, data, content, public_origin, log_format, forwarded_allow_ips,
               **others)

    serve.__doc__ = _serve.__doc__
    own = [p for p in inspect.signature(serve, eval_str=True).parameters.values()
           if p.kind is not inspect.Parameter.VAR_KEYWORD]
    extra = [_content_option(g.name.replace("-", "_"), g.title) for g in GAMES
             if g.name != GAMES.default().name and g.has("cli")]
    serve.__signature__ = inspect.Signature([*own, *extra])  # type: ignore[attr-defined]
    return serve


serve = make_serve()
