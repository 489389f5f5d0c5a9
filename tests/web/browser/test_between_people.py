"""Between people (docs/web.md, Chat, Clock, Your turn): two browsers chat (escaped, an unread
marker while the panel is closed), the clock set in the lobby shows on both tables, and the
seat whose decision arrives is told: the page's title, a short sound (WebAudio, stubbed here)
and, the tab hidden, a browser notification (stubbed, permitted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import new_page
from .driver import Table

pytestmark = pytest.mark.browser

#: Stand-ins for WebAudio and notifications that count their calls, and a tab the test hides.
STUBS = """
window.__tones = 0; window.__notes = []; window.__hidden = false;
class FakeAudio {
  constructor() { this.currentTime = 0; this.state = 'running'; this.destination = {}; }
  createOscillator() { window.__tones += 1;
    return {frequency: {value: 0}, connect() {}, start() {}, stop() {}}; }
  createGain() { return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}},
                         connect() {}}; }
}
window.AudioContext = FakeAudio;
class FakeNotification {
  constructor(title, options) { window.__notes.push({title, body: (options || {}).body}); }
  close() {}
}
FakeNotification.permission = 'granted';
FakeNotification.requestPermission = async () => 'granted';
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, 'hidden',
                      {configurable: true, get() { return window.__hidden; }});
"""


def chat_texts(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#chat-log .chat-text",
                                          "ns => ns.map(n => n.textContent)"))


def test_two_people_chat_with_a_clock_and_the_turn_is_signalled(page: Any, browser: Any,
                                                               live: Any, shots: Path) -> None:
    page.goto("/")
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "human")
    page.check("input[name=mode][value=remote]")
    page.fill("#rounds", "1")
    page.fill("#title", "Chat test")
    page.fill("#clock-minutes", "10")
    page.fill("#clock-increment", "5")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    link_b = page.input_value("#join-url-1")
    other = new_page(browser, live)
    other.add_init_script(STUBS)
    try:
        other.goto(link_b)
        other.wait_for_url("**/match/*")
        page.click("#join-0")
        page.wait_for_url("**/match/*")
        a, b = Table(page), Table(other)
        assert a.wait_ready()["seat"] == "A"
        other.wait_for_selector("#waiting:not([hidden])")
        # the clock, set in the lobby: both tables show it, A's time runs (A bids)
        for p in (page, other):
            p.wait_for_selector("#clock:not([hidden])")
        page.wait_for_selector("#clock-0.running")
        assert "A: 10:00" in other.inner_text("#clock-0") or "A: 9:5" in other.inner_text(
            "#clock-0")
        assert "B: 10:00" in other.inner_text("#clock-1")
        # A writes: B reads it as text (no element made of it)
        assert page.is_visible("#chat-form") and other.is_visible("#chat-form")
        page.fill("#chat-text", "Hello <b>B</b> & good luck")
        page.press("#chat-text", "Enter")
        other.wait_for_selector("#chat-log .chat-line")
        assert chat_texts(other) == ["Hello <b>B</b> & good luck"]
        assert other.locator("#chat-log b").count() == 0
        assert page.input_value("#chat-text") == ""
        # B closes the panel: a new message is marked unread until B opens it again
        other.click("#chat summary")
        page.fill("#chat-text", "your move soon")
        page.click("#chat-send")
        other.wait_for_selector("#chat-unread:not([hidden])")
        assert other.inner_text("#chat-unread") == "1 new"
        other.click("#chat summary")
        other.wait_for_selector("#chat-unread", state="hidden")
        other.fill("#chat-text", "thanks!")
        other.click("#chat-send")
        page.wait_for_function("document.querySelectorAll('#chat-log .chat-line').length === 3")
        assert chat_texts(page) == ["Hello <b>B</b> & good luck", "your move soon", "thanks!"]
        # a reload gets the history
        page.reload()
        page.wait_for_function("document.querySelectorAll('#chat-log .chat-line').length === 3")
        a.wait_ready()
        # your turn: B's tab is hidden when A's bid makes it B's turn
        assert not other.title().startswith("●")
        assert other.evaluate("window.__tones") == 0
        other.evaluate("window.__hidden = true")
        assert a.click_action("bid 3")
        assert b.wait_ready()["turn"] == "me"
        other.wait_for_function("document.title.startsWith('● Your turn — ')")
        assert other.evaluate("window.__tones") == 2  # one chime of two notes
        notes = other.evaluate("window.__notes")
        assert len(notes) == 1 and notes[0]["title"].startswith("● Your turn")
        assert not page.title().startswith("●")
        other.screenshot(path=shots / "between-people.png")
        # B decides: the mark goes
        assert b.click_action("bid 1")
        other.wait_for_function("!document.title.startsWith('●')")
        # muted, and remembered
        other.click("#sound-toggle")
        assert other.inner_text("#sound-toggle") == "Sound off"
        assert other.evaluate("localStorage.getItem('skirmish.sound')") == "off"
        other.reload()
        other.wait_for_selector("#conn[data-state=open]")
        assert other.inner_text("#sound-toggle") == "Sound off"
    finally:
        errors = other.script_errors
        other.context.close()
    assert not errors


def test_hot_seat_has_no_chat_panel_nor_turn_signal(page: Any) -> None:
    page.goto("/")
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "human")
    page.check("input[name=mode][value=hotseat]")
    page.fill("#rounds", "1")
    page.click("#create")
    page.wait_for_url("**/match/*")
    page.wait_for_selector("#handover:not([hidden])")
    page.click("#handover-ready")
    Table(page).wait_ready()
    assert page.locator("#chat").is_hidden()
    assert page.locator("#clock").is_hidden()  # no clock: the default
    assert not page.title().startswith("●")  # the handover screen says whose turn it is
