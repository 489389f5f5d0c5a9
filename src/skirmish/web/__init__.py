"""The web table (issue 12, docs/web.md): an authoritative server where each seat plays from
its own view over a websocket. :func:`create_app` builds the FastAPI application;
``skirmish serve`` runs it with uvicorn."""

from skirmish.web.server import create_app

__all__ = ["create_app"]
