""""Why?": against the search bot, the table's button asks for its latest move's explanation
and the log shows it (what it played, how much its few iterations can tell, the line it
expected)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.core.dice import KeyedDice
from skirmish.games.eden.demo import demo_setup
from skirmish.web.storage import SeatInfo, new_token, token_hash

from .driver import Stats, Table

pytestmark = pytest.mark.browser


def test_the_bot_explains_its_move_in_the_log(page: Any, live: Any, shots: Path) -> None:
    token = new_token()
    seats = [SeatInfo(0, "human", None, "", token_hash(token)),
             SeatInfo(1, "bot", "mcts:iterations=20", "mcts", None)]
    match_id = live.hub.store.create_match(ruleset="eden", setup=demo_setup(max_rounds=1),
                                           dice=KeyedDice().to_json(), title="Why",
                                           mode="remote", seats=seats)
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    table = Table(page)
    stats = Stats()
    for _ in range(40):
        state = table.wait_ready()
        if page.is_visible("#why") or state["over"] == "true":
            break
        table.step(stats)
    assert page.is_visible("#why"), "the bot never explained a move"
    page.click("#why")
    page.wait_for_selector("#log li.log-explain")
    line = page.inner_text("#log li.log-explain")
    # 20 iterations are too few to claim a chance (docs/web.md, "Why?"); a lone option is
    # said to be one
    assert "mcts:iterations=20 (B) played" in line
    assert "too early to say, 20 iterations only" in line or "its only legal action" in line
    assert "its chances at" not in line
    page.screenshot(path=shots / "why.png")
