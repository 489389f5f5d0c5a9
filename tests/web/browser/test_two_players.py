"""Two people: a remote match between two browser contexts (each its own cookies, the join
link sent from one to the other), with a lost connection on the way; and a hot-seat match in
one browser, with the 'pass the device' screen before each change of seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.games.eden.cards.troops import suggest
from skirmish.games.eden.content import load_library

from .conftest import new_page
from .driver import Stats, Table, play_to_the_end

pytestmark = pytest.mark.browser


def create_in_lobby(page: Any, *, mode: str, title: str, goto: bool = True) -> None:
    if goto:
        page.goto("/")
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "human")
    page.check(f"input[name=mode][value={mode}]")
    page.fill("#rounds", "1")
    page.fill("#title", title)
    page.click("#create")


def test_a_remote_match_between_two_browsers(page: Any, browser: Any, live: Any,
                                             shots: Path) -> None:
    create_in_lobby(page, mode="remote", title="Remote test")
    page.wait_for_selector("#created:not([hidden])")
    link_b = page.input_value("#join-url-1")
    page.screenshot(path=shots / "lobby-created.png")
    other = new_page(browser, live)
    try:
        other.goto(link_b)
        other.wait_for_url("**/match/*")
        page.click("#join-0")
        page.wait_for_url("**/match/*")
        a, b = Table(page), Table(other)
        assert a.wait_ready()["seat"] == "A"
        # B waits, and A's secret bid stays secret
        other.wait_for_selector("#waiting:not([hidden])")
        assert "Waiting for the opponent" in other.inner_text("#waiting")
        assert a.click_action("bid 3")
        b.wait_ready()
        assert "bid 3" not in other.inner_text("#log")
        assert "player A makes a secret choice" in other.inner_text("#log")
        other.screenshot(path=shots / "remote-b.png")
        # a lost connection: the page says so, then comes back by itself
        other.context.set_offline(True)
        other.wait_for_selector("#conn[data-state=retry]")
        other.context.set_offline(False)
        other.wait_for_selector("#conn[data-state=open]", timeout=15_000)
        assert b.wait_ready()["turn"] == "me"
        # a reload resumes the match where it stands
        other.reload()
        assert b.wait_ready()["seat"] == "B"
        stats = play_to_the_end([a, b])
        assert stats.decisions > 10
        for p in (page, other):
            p.wait_for_selector("#end:not([hidden])")
        page.screenshot(path=shots / "remote-end.png")
        # both lobbies list the match, over
        other.goto("/")
        other.wait_for_selector("#my-matches .match-item")
        assert "Remote test" in other.inner_text("#my-matches")
        assert "over" in other.inner_text("#my-matches")
    finally:
        errors = other.script_errors
        other.context.close()
    assert not errors


def test_a_hot_seat_match_with_an_uploaded_troop(page: Any, shots: Path,
                                                 tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("fighters: [Yuri\n", encoding="utf-8")
    troop = tmp_path / "bamaka.yaml"
    suggest(load_library(), "faction", "Bamaka").save(troop)
    page.goto("/")
    page.select_option("#troop-1", "__yaml__")
    page.set_input_files("#troop-file-1", str(broken))
    create_in_lobby(page, mode="hotseat", title="Hot-seat test", goto=False)
    page.wait_for_selector("#create-error:not([hidden])")
    assert "broken.yaml" in page.inner_text("#create-error")
    page.set_input_files("#troop-file-1", str(troop))
    page.click("#create")
    page.wait_for_url("**/match/*")
    page.wait_for_selector("#handover:not([hidden])")
    assert "Pass the device to Player A" in page.inner_text("#handover")
    page.screenshot(path=shots / "hotseat-handover.png")
    table = Table(page)
    stats = Stats()
    table.step(stats)  # ready: A's table
    assert table.wait_ready()["seat"] == "A"
    assert table.click_action("bid 2")
    state = table.wait_ready()
    assert state["turn"] == "handover"  # B's secret bid: pass the device first
    assert "Pass the device to Player B" in page.inner_text("#handover")
    assert not page.is_visible("#actions")  # the table is hidden behind the handover
    more = play_to_the_end([table])
    assert stats.handovers + more.handovers >= 3
    page.wait_for_selector("#end:not([hidden])")
