"""Issue 45: a move typed in words in the table's notation box (``move vladd toward sabaka
3``) is played as the legal Move it becomes (the server resolves it: web/rooms.py ``act``);
an impossible one is one error line and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from .driver import Stats, Table

pytestmark = pytest.mark.browser


def test_a_move_in_words_in_the_notation_box(page: Any, live: Any) -> None:
    page.goto("/")
    page.select_option("#troop-0", "Jokers")
    page.select_option("#troop-1", "Bamaka")
    page.select_option("#kind-1", "bot:heuristic")
    page.fill("#rounds", "1")
    page.click("#create")
    page.wait_for_url("**/match/*")
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    table = Table(page)
    stats = Stats()
    while (state := table.wait_ready())["decision"] != "action":
        assert state["over"] != "true"
        table.step(stats)
    active = page.get_attribute(".fighter-card", "data-ref")
    assert active and active.startswith("A.")
    enemy = next(ref for ref, b in table.bases().items() if b[3] == "B")
    name, target = active.split(".", 1)[1].lower(), enemy.split(".", 1)[1].lower()
    store = live.hub.store
    before = list(store.actions(match_id))
    count = state["count"]
    page.evaluate("document.getElementById('toast').hidden = true")
    page.fill("#notation", f"move {name} 12 north")
    page.click("#notation-send")
    page.wait_for_selector("#toast:not([hidden])")
    assert "allowance is 10 cm" in page.inner_text("#toast")
    assert list(store.actions(match_id)) == before and table.state()["count"] == count
    page.evaluate("document.getElementById('toast').hidden = true")
    page.fill("#notation", f"move {name} toward {target} 3")
    page.click("#notation-send")
    page.wait_for_function("([n]) => document.body.dataset.count !== n", arg=[count])
    played = list(store.actions(match_id))[len(before)]
    assert played[0] == 0 and played[1].startswith(f"move {active} ")
    # the page says what the words became (the resolved frame), the exact notation on hover
    page.wait_for_function("() => !!document.getElementById('toast').dataset.resolved")
    assert page.get_attribute("#toast", "data-resolved") == played[1]
    assert f"toward {target} 3" in page.inner_text("#toast")
