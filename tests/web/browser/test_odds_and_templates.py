"""Before an attack, the page shows its exact odds (from the seat's own view), and a blast's
template with the fighters it covers. A stored match whose fighters start in contact (the
demo set-up) gets there in a few decisions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.core.dice import KeyedDice
from skirmish.games.eden.demo import demo_setup
from skirmish.web.storage import SeatInfo, new_token, token_hash
from tests.browser_kit import SEEDED_DICE_KEY

from .driver import Stats, Table

pytestmark = pytest.mark.browser


def stored_match(live: Any, setup: dict[str, Any]) -> tuple[str, str]:
    """A match with any set-up, stored directly: seat A human (its join link), B the bot.
    Its dice are the fixed :data:`SEEDED_DICE_KEY`'s (with the ``seeded`` fixture's bot seed
    the match plays out the same way on every run): with unpredictable dice the bot's play
    sometimes took Vladd out of the blast before he could act, one run in about six."""
    token = new_token()
    seats = [SeatInfo(0, "human", None, "", token_hash(token)),
             SeatInfo(1, "bot", "heuristic", "heuristic", None)]
    match_id = live.hub.store.create_match(ruleset="eden", setup=setup,
                                           dice=KeyedDice(SEEDED_DICE_KEY).to_json(),
                                           title="In contact", mode="remote", seats=seats)
    return match_id, f"/join/{match_id}/{token}"


def test_odds_before_an_attack_and_a_blast_template(page: Any, seeded: Any, shots: Path) -> None:
    live = seeded
    setup = demo_setup(max_rounds=1)
    setup["troops"][0]["fighters"][1]["at"] = [35.0, 23.0]  # Vladd free, 4.5 cm from Abama
    match_id, join = stored_match(live, setup)
    page.goto(join)
    page.wait_for_url(f"**/match/{match_id}")
    table = Table(page)
    stats = Stats()
    for _ in range(60):
        state = table.wait_ready()
        assert state["over"] != "true", "the match ended before Vladd could act"
        actions = table.actions()
        if "activate A.Vladd" in actions:
            assert table.click_action("activate A.Vladd")
            continue
        if state["decision"] == "action" and page.locator(
                '#actions button.pick[data-prefix="blast A.Vladd Flamethrower"]').count():
            break
        table.step(stats)
    else:
        raise AssertionError("Vladd never got to act")
    # the blast: aim the template on the table, see whom it covers and the odds
    page.click('#actions button.pick[data-prefix="blast A.Vladd Flamethrower"]')
    x, y, _, _ = table.bases()["B.Abama-Big-Belly"]
    table.click_cm(x, y)
    page.wait_for_selector("#template-preview")
    assert "Covers: B.Abama-Big-Belly" in table.wait_tape()
    page.wait_for_selector("#odds .odds-body")
    assert "B.Abama-Big-Belly" in page.inner_text("#odds")
    page.screenshot(path=shots / "blast-template.png")
    page.click("#cancel")
    assert page.locator("#template-preview").count() == 0
    # the charge: a point next to the target, its tape and its exact odds, then confirm
    charge = table.samples()
    charge = [c for c in charge if c.startswith("charge A.Vladd B.Abama-Big-Belly")]
    page.click(f'#actions button.sample[data-action="{charge[0]}"]')
    page.wait_for_selector("#odds .odds-body")
    odds = page.inner_text("#odds")
    assert "incapacitated" in odds and "%" in odds and "expected CP lost" in odds
    assert "Path" in table.wait_tape()
    page.screenshot(path=shots / "odds.png")
    assert table.confirm()
