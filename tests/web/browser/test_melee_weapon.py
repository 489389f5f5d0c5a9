"""ME42 in the browser: a figure carrying two melee weapons is asked which one it strikes with
this phase; each choice's button names the weapon and shows the melee's exact odds with it
before it is sent; the choice is logged. (The card's line for the weapon held this phase is
not reached here: the seeded bot disengages, so the choice falls in the movement phase and is
cleared by the next turn before the page's next decision.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.core.dice import KeyedDice
from skirmish.web.storage import SeatInfo, new_token, token_hash
from tests.games.masseffect.cards import target
from tests.games.masseffect.table import Put, setup_for

from .driver import Table

pytestmark = pytest.mark.browser

BRUTE = target("Brute", vitality=5, equipment="Arme de mêlée, Poing hydraulique")
CLUB, FIST = "wield A.Brute Arme-de-mêlée", "wield A.Brute Poing-hydraulique"


def test_the_player_chooses_the_melee_weapon_with_its_odds(page: Any, seeded: Any,
                                                            shots: Path) -> None:
    # The brute (A, the page) starts in base contact with a target (B, the random bot): the
    # choice comes before the brute's first roll, in the melee phase or at the opportunity
    # attack if the bot disengages (fixed dice and bot: the same match on every run).
    live = seeded
    setup = setup_for([Put(0, BRUTE, 10, 10), Put(1, target(vitality=5), 10, 11.2)])
    token = new_token()
    match_id = live.hub.store.create_match(
        ruleset="masseffect", setup=setup, dice=KeyedDice(bytes(range(32))).to_json(),
        title="ME42", mode="remote",
        seats=[SeatInfo(0, "human", None, "", token_hash(token)),
               SeatInfo(1, "bot", "random", "random", None)])
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    table = Table(page)
    for _ in range(40):  # to the melee phase: stay, pass, fight
        state = table.wait_ready()
        assert state["over"] != "true"
        if state["decision"] == "wield":
            break
        actions = table.actions()
        fight = next((a for a in actions if a.startswith("fight ")), None)
        if fight is not None:
            table.propose_attack(fight)
            assert table.confirm()
            continue
        act = next((a for a in actions if a.startswith("stay A.Brute")), None) or next(
            (a for a in actions if a == "pass"), actions[0] if actions else None)
        assert act is not None, state
        assert table.click_action(act)
    else:
        pytest.fail("no melee weapon to choose")
    assert sorted(table.actions()) == [CLUB, FIST]
    button = page.locator(f'#actions button.act[data-action="{FIST}"]')
    assert "Poing hydraulique" in button.inner_text()
    club = table.propose_attack(CLUB)["text"]
    assert "A.Brute strikes with Arme de mêlée" in club
    page.click("#cancel")
    fist = table.propose_attack(FIST)["text"]
    assert "A.Brute strikes with Poing hydraulique" in fist and fist != club
    page.screenshot(path=shots / "me-wield.png")
    assert table.confirm()
    page.wait_for_selector("#log li[data-notation='player A: wield A.Brute "
                           "Poing-hydraulique']", state="attached")
    assert not page.script_errors
