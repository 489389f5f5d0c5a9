"""Cross-site websocket hijacking (docs/web.md, Hardening): a page of another origin on the same
host (another port: the same *site*, so the victim's SameSite=Strict seat cookie goes along)
cannot open the victim's seat socket; the same script on the table's own origin can."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from .conftest import new_page

pytestmark = pytest.mark.browser

#: The attacker's script: open the table's websocket, keep what comes back.
OPEN_SOCKET = """(url) => new Promise((done) => {
  const got = [];
  const ws = new WebSocket(url);
  ws.onmessage = (e) => { got.push(e.data); ws.close(); };
  ws.onclose = (e) => done({code: e.code, got});
  setTimeout(() => { ws.close(); done({code: -1, got}); }, 5000);
})"""


@contextmanager
def evil_site() -> Iterator[str]:
    """A harmless-looking page served by another server on the same host (another port):
    its URL."""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<html><body>cute cats</body></html>"
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/cats.html"
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_of_another_origin_cannot_open_a_seats_socket(browser: Any, live: Any) -> None:
    made = httpx.post(live.url + "/api/matches", json={}, timeout=30).json()
    page = new_page(browser, live)
    try:
        page.goto(made["join"]["0"])  # the victim joins: its seat cookie is set
        page.wait_for_url(f"**/match/{made['id']}")
        socket_url = live.url.replace("http://", "ws://") + f"/ws/{made['id']}"
        # the same script, from the table's own page: the seat is served
        own = page.evaluate(OPEN_SOCKET, socket_url)
        assert json.loads(own["got"][0])["seat"] == 0
        # from another origin of the same host: the handshake is refused, nothing is read
        with evil_site() as evil:
            page.goto(evil)
            stolen = page.evaluate(OPEN_SOCKET, socket_url)
        assert stolen["got"] == [] and stolen["code"] == 1006
        cookies = {c["name"] for c in page.context.cookies(live.url)}
        assert f"seat_{made['id']}" in cookies  # the cookie was there to be sent
    finally:
        page.context.close()
