"""The HTTP side of the table's hardening (docs/web.md, Hardening), as one ASGI middleware:
security headers on every answer, ``Origin`` checked on state-changing requests, and the
per-address rate limits (``http`` for any request but static files and the operations
endpoints, ``create`` for new matches, ``upload`` for uploaded records). Websockets pass
through: the socket handler checks them (:func:`skirmish.web.guards.origin_allowed`)."""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from skirmish.web.guards import Limits, origin_allowed

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The page's policy: its own scripts only (no inline script, no eval), its own sockets and
#: requests, never framed. Inline styles stay allowed: the table's SVG colours its pieces
#: with ``style`` attributes.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # a join link's token never leaves in a Referer
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: Paths the per-address ``http`` rate leaves alone: static files, and the probes and
#: metrics a load balancer or Prometheus asks for.
_UNLIMITED = ("/static/", "/healthz", "/readyz", "/metrics")


def client_address(scope: Scope) -> str:
    """The client's address as the server sees it (behind a proxy: what uvicorn's
    ``--forwarded-allow-ips`` lets it read from ``X-Forwarded-For``)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class Hardening:
    """The middleware: ``limits`` holds the per-address buckets; ``rejected(reason)`` counts
    each refusal (the server's metrics)."""

    def __init__(self, app: App, *, limits: Limits,
                 rejected: Callable[[str], None] = lambda _reason: None) -> None:
        self.app = app
        self.limits = limits
        self.rejected = rejected

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        method = str(scope.get("method", "GET"))
        refusal = self._refusal(scope, path, method)
        if refusal is not None:
            status, message, extra = refusal
            await _answer(send, status, message, extra)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {bytes(k).lower() for k, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)

    def _refusal(self, scope: Scope, path: str, method: str
                 ) -> tuple[int, str, list[tuple[bytes, bytes]]] | None:
        """(status, message, headers) when the request is refused, else None."""
        if method in _CHANGING and not origin_allowed(
                header(scope, b"origin"), scheme=str(scope.get("scheme", "http")),
                host=header(scope, b"host"), settings=self.limits.settings):
            self.rejected("origin")
            return 403, ("this request comes from a page of another origin (public_origins, "
                         "docs/web.md)"), []
        if path.startswith(_UNLIMITED):
            return None
        address = client_address(scope)
        kinds = ["http"]
        if method == "POST" and path == "/api/matches":
            kinds.append("create")
        elif method == "POST" and path == "/api/replays":
            kinds.append("upload")
        for kind in kinds:
            if not self.limits.allow(kind, address=address):
                self.rejected("rate")
                wait = max(1, math.ceil(self.limits.retry_after(kind, address)))
                return 429, (f"too many requests from this address ({kind}: at most "
                             f"{self.limits.settings.address_rate(kind)}); try again in "
                             f"{wait} s"), [(b"retry-after", str(wait).encode())]
        return None


async def _answer(send: Send, status: int, message: str,
                  extra: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            *extra, *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})
