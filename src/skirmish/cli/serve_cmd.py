"""``skirmish serve``: the web table (docs/web.md) with uvicorn, until Ctrl-C."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skirmish.cli.options import ContentOpt


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="A database URL (postgresql://user:pass@host/db); default: the SQLite file "
             "skirmish.db in --data.")] = None,
    data: Annotated[Path, typer.Option(
        help="The data folder of the default SQLite database.")] = Path("skirmish-data"),
    content: ContentOpt = None,
    masseffect_content: Annotated[list[Path] | None, typer.Option(
        "--masseffect-content", help="A folder (or file) of your own Mass Effect: "
        "Annihilation cards, on top of its sample cards; repeatable.")] = None,
) -> None:
    """Serve the web table: a lobby, matches between people or against bots, replays.
    ``--content`` (Eden) and ``--masseffect-content``: the players' own cards, offered in
    the lobby and usable in troops and bands."""
    import uvicorn

    from skirmish.cli.options import library_or_exit, me_library_or_exit
    from skirmish.web.rooms import MAX_MESSAGE
    from skirmish.web.server import create_app

    # the cards are read and checked before the server starts
    library = library_or_exit(content)
    me_library = me_library_or_exit(masseffect_content) if masseffect_content else None
    app = create_app(db, data, library=library, masseffect_library=me_library)
    where = "the database given by --db" if db else f"{data / 'skirmish.db'}"
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"skirmish web table: http://{shown}:{port}/  (data: {where}; Ctrl-C stops it)")
    # Frames are capped at the websocket layer too, and sent uncompressed (docs/web.md).
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE + 1024,
                ws_per_message_deflate=False, log_level="info", timeout_graceful_shutdown=5)
