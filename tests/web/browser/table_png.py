"""The screenshot of the web table in the docs (``docs/images/table.png``): a match against
the heuristic bot played through the page (the browser tests' driver) until seat A may
charge, then the charge's tape and exact odds shown before confirming. Not a test; run:

    .venv/bin/python -m tests.web.browser.table_png docs/images/table.png

Debian's Chromium (``/usr/bin/chromium``) is needed, as for the browser tests.
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path

from .conftest import CHROMIUM, NO_CHROMIUM, _free_port
from .driver import Stats, Table


def shoot(out: Path) -> str:
    """Write the screenshot to ``out``; the charge shown (the dice and the bot differ from
    run to run: run it again for another scene)."""
    import uvicorn
    from playwright.sync_api import sync_playwright

    from skirmish.web import create_app
    from skirmish.web.rooms import MAX_MESSAGE

    if CHROMIUM is None:
        raise SystemExit(NO_CHROMIUM)
    with tempfile.TemporaryDirectory() as data:
        app = create_app(data_dir=Path(data))
        port = _free_port()
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                               log_level="warning",
                                               ws_max_size=MAX_MESSAGE + 1024))
        thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=["--no-sandbox", "--disable-gpu"])
                context = browser.new_context(viewport={"width": 1400, "height": 860},
                                              locale="en-GB", base_url=f"http://127.0.0.1:{port}")
                context.set_default_timeout(30_000)
                page = context.new_page()
                page.goto("/")
                page.select_option("#troop-0", "Jokers")
                page.select_option("#troop-1", "Bamaka")
                page.select_option("#kind-1", "bot:heuristic")
                page.fill("#rounds", "3")
                page.fill("#title", "Jokers vs Bamaka")
                page.click("#create")
                page.wait_for_url("**/match/*")
                table = Table(page)
                stats = Stats()
                for _ in range(500):
                    state = table.wait_ready()
                    if state["over"] == "true":
                        raise SystemExit("the match ended before A could charge: run it again")
                    charges = [s for s in table.samples() if s.startswith("charge ")]
                    if state["decision"] == "action" and charges:
                        page.click(f'#actions button.sample[data-action="{charges[0]}"]')
                        page.wait_for_selector("#odds .odds-body")
                        table.wait_tape()
                        page.mouse.move(0, 0)
                        page.screenshot(path=str(out))
                        browser.close()
                        return charges[0]
                    table.step(stats)
                raise SystemExit("no charge in 500 decisions")
        finally:
            server.should_exit = True
            thread.join(15)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images/table.png")
    shown = shoot(target)
    print(f"{target}: {shown}")
