"""The pages under their Content-Security-Policy (docs/web.md, Hardening): the lobby, a match
against a bot and its table play with the policy enforced (the other browser tests bypass it
for Playwright's own scripts), and nothing the pages do is refused by it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import new_page

pytestmark = pytest.mark.browser


def test_the_pages_play_under_their_content_security_policy(browser: Any, live: Any) -> None:
    page = new_page(browser, live, enforce_csp=True)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text)
            if "Content Security Policy" in m.text else None)
    kinds: list[str] = []  # the table reads delta frames (docs/web.md, Delta frames)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: kinds.append(
        json.loads(payload)["type"])))
    try:
        lobby = page.goto("/")
        assert lobby is not None and "script-src 'self'" in lobby.headers[
            "content-security-policy"]
        page.select_option("#kind-1", "bot:random")
        page.fill("#rounds", "1")
        page.click("#create")
        page.wait_for_url("**/match/*")
        # the table's scripts ran: its socket delivered the state, the picture is drawn
        page.wait_for_selector("body[data-turn]")
        page.wait_for_selector("#field svg")
        page.wait_for_selector("#actions button.act")
        page.click("#actions button.act")  # one decision through the page
        page.click("#commit-yes")  # a secret bid: confirmed first (docs/web.md, Confirm)
        page.wait_for_selector("body[data-count]:not([data-count='0'])")
        assert kinds[0] == "state" and "delta" in kinds
        assert not refused, f"the policy refused: {refused}"
        assert not page.script_errors, f"script errors in the page: {page.script_errors}"
    finally:
        page.context.close()


def test_the_lobby_makes_a_private_match_and_issues_a_new_link(browser: Any, live: Any) -> None:
    page = new_page(browser, live, enforce_csp=True)
    try:
        page.goto("/")
        page.select_option("#kind-1", "human")
        page.check("#private")
        page.click("#create")
        page.wait_for_selector("#watch-url")
        old_link = page.input_value("#join-url-1")
        assert "/watch/" in page.input_value("#watch-url") and "/join/" in old_link
        # My matches: this browser owns the match and gives seat B a new link
        page.wait_for_selector("#my-matches button.new-link[data-seat='1']")
        page.click("#my-matches button.new-link[data-seat='1']")
        page.wait_for_selector("#my-matches .new-links input.join-url")
        new_link = page.input_value("#my-matches .new-links input.join-url")
        assert new_link != old_link and "/join/" in new_link
        assert page.request.get(old_link, max_redirects=0).status == 404
        assert page.request.get(new_link, max_redirects=0).status == 303
        assert not page.script_errors, f"script errors in the page: {page.script_errors}"
    finally:
        page.context.close()
