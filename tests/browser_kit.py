"""The browser tests' shared fixtures (a pytest plugin, loaded by ``tests/conftest.py``, so
that every folder's browser tests share them): ONE server (uvicorn on 127.0.0.1, a free port, a
temporary data folder) and ONE Chromium per session; a fresh browser context (its own cookie
jar: one player) per test. Screenshots go to ``out/screenshots/``.

Browsers cannot be downloaded here: the tests drive Debian's ``chromium`` package
(``apt-get install chromium``; ``.ci/run`` and ``make test`` install it when they can). Only
when no Chromium exists are they skipped, with that reason.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "out" / "screenshots"


def find_chromium() -> str | None:
    """Debian's Chromium (or one named by ``SKIRMISH_CHROMIUM``), if there is one."""
    for candidate in (os.environ.get("SKIRMISH_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


CHROMIUM = find_chromium()
NO_CHROMIUM = ("no Chromium found (/usr/bin/chromium): install Debian's package with "
               "'apt-get install chromium' (make test and .ci/run do it as root) - browser "
               "tests skipped")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM is not None:
        return
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.skip(reason=NO_CHROMIUM))


@dataclass
class Live:
    """The running server: its address and its application (for its store)."""

    url: str
    app: Any

    @property
    def hub(self) -> Any:
        return self.app.state.hub


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    import uvicorn

    from skirmish.web import create_app
    from skirmish.web.rooms import MAX_MESSAGE

    app = create_app(data_dir=tmp_path_factory.mktemp("web-data"))
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws_max_size=MAX_MESSAGE + 1024))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    yield Live(f"http://127.0.0.1:{port}", app)
    server.should_exit = True
    thread.join(15)


#: What :func:`seeded` fixes: the dice key of every match started meanwhile and its bots'
#: seed (a bot's is this plus its seat).
SEEDED_DICE_KEY = bytes(range(32))
SEEDED_BOT_SEED = 1


@pytest.fixture
def seeded(live: Live) -> Iterator[Live]:
    """The live server, giving the matches started during the test fixed dice and bot seeds
    (the hub's test-only ``dice_key`` and ``bot_seed``): such a match plays out the same way
    on every run for the same moves. The server's own unpredictable dice come back after."""
    hub = live.hub
    hub.dice_key, hub.bot_seed = SEEDED_DICE_KEY, SEEDED_BOT_SEED
    try:
        yield live
    finally:
        hub.dice_key = hub.bot_seed = None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    assert CHROMIUM is not None, NO_CHROMIUM
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM,
                                              args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


def new_page(browser: Any, live: Live, *, locale: str = "en-GB", enforce_csp: bool = False,
             touch: bool = False) -> Any:
    """A page in a context of its own (one player's browser), failing on script errors.
    The pages' Content-Security-Policy forbids eval, which Playwright's ``wait_for_function``
    uses: it is bypassed unless ``enforce_csp`` (tests/web/browser/test_policy.py plays
    under it). ``touch``: a phone's screen and fingers (no pointer that hovers)."""
    screen = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True} \
        if touch else {"viewport": {"width": 1400, "height": 900}}  # touch: a phone
    context = browser.new_context(**screen, locale=locale, base_url=live.url,
                                  accept_downloads=True, bypass_csp=not enforce_csp)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.script_errors = errors  # type: ignore[attr-defined]
    return page


@pytest.fixture
def page(browser: Any, live: Live) -> Iterator[Any]:
    page = new_page(browser, live)
    yield page
    errors = page.script_errors
    page.context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
