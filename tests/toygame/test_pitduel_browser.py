"""Pit Duel in the browser, with no web part of its own: chosen in the lobby against the
random bot, played to its end through the decision's buttons (the generic table: the
seat's legal actions, its ruleset's picture; its secret guard confirmed, as every secret
choice is: issue 45), then its record verifies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.core.record import verify_jsonl

pytestmark = pytest.mark.browser


def test_a_pit_duel_against_the_random_bot(page: Any, live: Any, shots: Path) -> None:
    page.goto("/")
    page.select_option("#ruleset", "pitduel")
    page.select_option("#kind-1", "bot:random")
    page.fill("#title", "Pit Duel in the browser")
    page.click("#create")
    page.wait_for_url("**/match/*")
    match_id = page.url.rsplit("/", 1)[1]
    decisions = 0
    kinds = set()
    while True:
        page.wait_for_function(
            "document.body.dataset.over === 'true' || document.body.dataset.turn === 'me'",
            timeout=30_000)
        state = dict(page.evaluate("({...document.body.dataset})"))
        if state["over"] == "true":
            break
        kinds.add(state["decision"])
        assert page.locator("#field svg circle").count() == 6  # the ruleset's picture
        buttons = page.locator("#actions button.act")
        assert buttons.count() >= 1
        count = state["count"]
        buttons.first.click()
        if state["decision"].startswith("secret"):  # a secret choice is confirmed first
            page.wait_for_selector("#commit[open]")
            assert "guard" in page.inner_text("#commit-text").lower()
            page.click("#commit-yes")
        page.wait_for_function(f"document.body.dataset.count !== '{count}'", timeout=30_000)
        decisions += 1
    page.screenshot(path=shots / "pitduel-over.png", full_page=True)
    assert decisions >= 3 and kinds == {"secret-guard", "strike"}
    record = page.request.get(f"/api/matches/{match_id}/record")
    assert record.ok, record.status
    game = verify_jsonl(record.text())
    assert game.ruleset.name == "pitduel" and game.is_over
