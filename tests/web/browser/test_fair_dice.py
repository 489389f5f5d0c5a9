"""Fair dice in the browser (docs/dice.md, static/fair_dice.js): the page draws its own
nonce, commits, reveals it once every seat has committed; the dice the server draws come
from it; at the end the page checks the record with Web Crypto and says "dice verified", and
refuses a record whose nonce was changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skirmish.core.fair_dice import FairDice, seat_commitment
from skirmish.games.eden.demo import demo_setup
from skirmish.web.fair import new_dice
from skirmish.web.storage import SeatInfo, new_token, token_hash

from .driver import Stats, Table

pytestmark = pytest.mark.browser


def _join_a_match_against_the_random_bot(page: Any, live: Any, title: str) -> str:
    """An Eden demo match with fair dice, seat 0 this page's (joined), seat 1 the random
    bot's: its id."""
    token = new_token()
    seats = [SeatInfo(0, "human", None, "", token_hash(token)),
             SeatInfo(1, "bot", "random", "random", None)]
    dice = new_dice([{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "bot"}])
    match_id: str = live.hub.store.create_match(ruleset="eden", setup=demo_setup(max_rounds=1),
                                                dice=dice.to_json(), title=title,
                                                mode="remote", seats=seats)
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    return match_id


def test_the_browser_adds_its_nonce_and_verifies_the_dice(page: Any, live: Any,
                                                          shots: Path) -> None:
    match_id = _join_a_match_against_the_random_bot(page, live, "Fair dice")
    page.wait_for_selector("body[data-dice=drawn]")
    nonce = page.evaluate(f"localStorage.getItem('skirmish-dice-{match_id}-nonce-0')")
    game = live.hub.rooms[match_id].game
    assert isinstance(game.dice, FairDice)
    assert game.dice.nonces[0] == bytes.fromhex(nonce)  # the browser's own nonce
    assert game.dice.commitments()["seats"][0] == seat_commitment(0, bytes.fromhex(nonce))
    table, stats = Table(page), Stats()
    for _ in range(400):
        if table.wait_ready()["over"] == "true":
            break
        table.step(stats)
    page.wait_for_selector("#end-dice[data-verified=yes]", timeout=30_000)
    assert "Dice verified in your browser" in page.inner_text("#end-dice")
    page.screenshot(path=shots / "fair-dice-end.png")
    # the same check refuses a record whose seat nonce was changed
    record = page.evaluate(f"fetch('/api/matches/{match_id}/record').then(r => r.text())")
    lines = record.splitlines()
    end = json.loads(lines[-1])
    end["reveal"]["seats"][0] = "00" * 32
    forged = "\n".join([*lines[:-1], json.dumps(end)]) + "\n"
    verdict = page.evaluate("(text) => FairDice.check(text, null).then(n => 'ok ' + n, "
                            "e => 'refused: ' + e.message)", forged)
    assert verdict == "refused: seat 0's nonce does not match its commitment"
    assert page.evaluate("(text) => FairDice.check(text, null)", record) >= 0
    assert not page.script_errors


def test_a_masseffect_match_begins_with_the_browsers_nonce(page: Any, live: Any,
                                                           shots: Path) -> None:
    """ME:A rolls at once: its web match opens with each seat's "begin" (docs/masseffect.md
    ME52), shown as a decision with one button; the roll-off comes after it, its dice
    derived from the page's own nonce."""
    page.goto("/")
    page.select_option("#ruleset", "masseffect")
    page.select_option("#kind-1", "bot:random")
    page.click("#create")
    page.wait_for_url("**/match/*")
    match_id = page.url.rsplit("/", 1)[1]
    table = Table(page)
    state = table.wait_ready()
    assert state["decision"] == "begin"
    page.wait_for_selector("body[data-dice=drawn]", state="attached")  # the page's nonce in
    page.screenshot(path=shots / "me-begin.png")
    assert table.click_action("pass")
    assert table.wait_ready()["decision"] in ("edge", "deploy")
    nonce = page.evaluate(f"localStorage.getItem('skirmish-dice-{match_id}-nonce-0')")
    game = live.hub.rooms[match_id].game
    assert isinstance(game.dice, FairDice) and game.dice.counter > 0  # the roll-off
    assert game.dice.nonces[0] == bytes.fromhex(nonce)  # the browser's own nonce


#: The page's socket loses its first commitment and its first nonce on the way.
_LOSE_FIRST = """(() => {
  const send = WebSocket.prototype.send;
  window.lost = [];
  WebSocket.prototype.send = function (data) {
    const kind = typeof data === "string" ? (JSON.parse(data).type || "") : "";
    if ((kind === "commit" || kind === "reveal") && !window.lost.includes(kind)) {
      window.lost.push(kind);
      return undefined;
    }
    return send.call(this, data);
  };
})();"""


def test_a_commitment_and_a_nonce_lost_on_the_way_are_sent_again(page: Any, live: Any) -> None:
    """No frame confirms what the socket lost: the page sends it again (static/fair_dice.js),
    and the dice are drawn from its own nonce all the same."""
    page.add_init_script(_LOSE_FIRST)
    match_id = _join_a_match_against_the_random_bot(page, live, "Lost on the way")
    page.wait_for_selector("body[data-dice=drawn]", state="attached")
    assert page.evaluate("window.lost") == ["commit", "reveal"]
    nonce = page.evaluate(f"localStorage.getItem('skirmish-dice-{match_id}-nonce-0')")
    game = live.hub.rooms[match_id].game
    assert isinstance(game.dice, FairDice)
    assert game.dice.nonces[0] == bytes.fromhex(nonce)
