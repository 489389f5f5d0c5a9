"""Confirm and take back, through the table page (docs/web.md, Confirm and Takebacks): an
irreversible secret choice shows what it commits ("Bid 3 of your N reserve") and waits for
the player's word; the "Take back" button goes back to the human's last decision against the
bot at once, and between two people once the other seat accepts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import new_page
from .driver import Stats, Table

pytestmark = pytest.mark.browser


def new_match(page: Any, second: str) -> None:
    page.goto("/")
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", second)
    page.fill("#rounds", "1")
    page.click("#create")


def until_takeback(tables: list[Table], least: int) -> Table:
    """Play every page's decisions until one of them may take back, ``least`` actions in."""
    stats = Stats()
    for _ in range(400):
        for table in tables:
            state = table.wait_ready() if len(tables) == 1 else table.state()
            if state.get("turn") == "me" and int(state["count"]) >= least and \
                    state.get("takeback") == "can":
                return table
            table.step(stats)
        if len(tables) > 1:
            tables[0].page.wait_for_timeout(30)
    raise AssertionError("no takeback became possible")


def test_a_secret_bid_is_confirmed_against_the_reserve_then_taken_back(page: Any,
                                                                      shots: Path) -> None:
    new_match(page, "bot:random")
    page.wait_for_url("**/match/*")
    table = Table(page)
    assert table.wait_ready()["decision"] == "secret-bid"
    # the bid asks first: what it commits, against the reserve; "Back" sends nothing
    page.click('#actions button.act[data-action="bid 3"]')
    page.wait_for_selector("#commit[open]")
    said = page.inner_text("#commit-text")
    assert re.fullmatch(r"Bid 3 of your \d+ reserve", said), said
    page.screenshot(path=shots / "confirm-bid.png")
    page.click("#commit-no")
    assert not page.is_visible("#commit")
    page.wait_for_timeout(300)
    assert table.state()["count"] == "0"
    assert table.click_action("bid 3")
    # a secret bid cannot be taken back; a later action can, at once, against the bot
    table = until_takeback([table], 8)
    count = int(table.state()["count"])
    assert page.inner_text("#takeback-button") == "Take back"
    page.click("#takeback-button")
    page.wait_for_function("([n]) => +document.body.dataset.count < n", arg=[count])
    assert table.wait_ready()["turn"] == "me"


def test_between_two_people_a_takeback_waits_for_the_other_seat(page: Any, browser: Any,
                                                               live: Any, shots: Path) -> None:
    new_match(page, "human")
    page.wait_for_selector("#created:not([hidden])")
    link_b = page.input_value("#join-url-1")
    other = new_page(browser, live)
    try:
        other.goto(link_b)
        other.wait_for_url("**/match/*")
        page.click("#join-0")
        page.wait_for_url("**/match/*")
        a, b = Table(page), Table(other)
        asker = until_takeback([a, b], 8)
        answerer = b if asker is a else a
        count = int(asker.state()["count"])
        assert asker.page.inner_text("#takeback-button") == "Ask to take back"
        asker.page.click("#takeback-button")
        answerer.page.wait_for_selector("#takeback-accept:visible")
        answerer.page.screenshot(path=shots / "takeback-request.png")
        assert "asks to take back" in answerer.page.inner_text("#takeback-text")
        assert asker.page.is_visible("#takeback-withdraw")
        # refused: nothing changes
        answerer.page.click("#takeback-refuse")
        asker.page.wait_for_selector("#takeback-request", state="hidden")
        assert int(asker.state()["count"]) == count
        # asked again and accepted: the asker's last action is taken back
        asker.page.wait_for_function("document.body.dataset.takeback === 'can'")
        asker.page.click("#takeback-button")
        answerer.page.wait_for_selector("#takeback-accept:visible")
        answerer.page.click("#takeback-accept")
        for p in (page, other):
            p.wait_for_function("([n]) => +document.body.dataset.count < n", arg=[count])
    finally:
        errors = other.script_errors
        other.context.close()
    assert not errors


def test_hot_seat_shows_the_public_table_and_hands_over_when_asked(page: Any) -> None:
    """Hot-seat: between secret decisions the device shows the public table, acting for
    the deciding seat; a choice that would show a hand's card is left out until the player
    asks for the device ("More choices, in private"), docs/web.md, Hot-seat."""
    page.goto("/")
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "human")
    page.check("input[name=mode][value=hotseat]")
    page.fill("#rounds", "2")
    page.click("#create")
    page.wait_for_url("**/match/*")
    table, stats = Table(page), Stats()
    for _ in range(600):
        state = table.wait_ready()
        assert state.get("over") != "true", "no public frame left a private choice out"
        if page.is_visible("#device-button"):
            break
        table.step(stats)
    public = set(table.actions())
    assert "pass" in public and not any(a.startswith("play ") for a in public)
    page.click("#device-button")
    page.wait_for_selector("#handover:not([hidden])")
    page.click("#handover-ready")
    page.wait_for_function("document.body.dataset.turn === 'me'")
    assert any(a.startswith(("play ", "cancel")) for a in table.actions())
    assert stats.handovers > 0


def test_the_tactical_hand_is_held_card_by_card_and_confirmed_once_whole(page: Any,
                                                                        live: Any) -> None:
    """The hand is one secret choice of several cards (one decision a card): each card clicked
    is held in the page, clicked again it is let go; once the hand is full the dialog shows
    it whole, and Commit sends every card, each at its own decision."""
    new_match(page, "bot:random")
    page.wait_for_url("**/match/*")
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    table = Table(page)
    stats = Stats()
    while (state := table.wait_ready())["decision"] != "secret-hand":
        assert state["over"] != "true"
        table.step(stats)
    prompt = page.inner_text("#prompt")
    taken, size = map(int, re.search(r"\((\d+)/(\d+)\)", prompt).groups())
    size -= taken
    assert size >= 2, prompt
    cards = table.actions()[:size]
    count = state["count"]
    page.click(f'#actions button.act[data-action="{cards[0]}"]')
    assert table.picks() == 1 and not page.is_visible("#commit")
    assert page.get_attribute(f'#actions button.act[data-action="{cards[0]}"]',
                              "aria-pressed") == "true"
    page.click(f'#actions button.act[data-action="{cards[0]}"]')  # let go
    assert table.picks() == 0
    for card in cards:
        page.click(f'#actions button.act[data-action="{card}"]')
    page.wait_for_selector("#commit[open]")
    said = page.inner_text("#commit-text")
    assert said.count("into your hand") == size, said
    page.wait_for_timeout(200)
    assert table.state()["count"] == count  # nothing sent before Commit
    page.click("#commit-yes")
    page.wait_for_function("([n, k]) => Number(document.body.dataset.count) >= Number(n) + k",
                           arg=[count, size])
    played = [text for player, text in live.hub.store.actions(match_id) if player == 0]
    assert played[-size:] == cards
