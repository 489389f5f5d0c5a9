"""House rules in the lobby (issue 47): the section offers each option with its default
chosen; the reading picked is the one the created match plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import new_page

pytestmark = pytest.mark.browser


def test_a_house_rule_chosen_in_the_lobby_is_played(browser: Any, live: Any) -> None:
    page = new_page(browser, live)
    try:
        page.goto("/")
        select = "#house-rule-eden-eden-npf-prowl"
        assert page.input_value(select) == "exactly"  # the default (the letter), preselected
        assert "House rules" in page.inner_text("fieldset.house-rules[data-game=eden]")
        page.select_option(select, "up-to")
        page.select_option("#kind-1", "bot:random")
        page.fill("#rounds", "1")
        page.click("#create")
        page.wait_for_url("**/match/*")
        match_id = page.url.rstrip("/").rsplit("/", 1)[1]
        setup = live.hub.rooms[match_id].game.setup
        assert setup["house_rules"]["eden-npf-prowl"] == "up-to"
        assert setup["house_rules"]["eden-storm-charge"] == "move-only"  # its default
    finally:
        errors = page.script_errors
        page.context.close()
    assert not errors


def test_the_lobby_with_its_house_rules_fits_a_phone(browser: Any, live: Any) -> None:
    # A house rule's long readings once widened the form past a phone's screen, and its
    # fields then covered the Create button: the page may not be wider than the screen.
    page = new_page(browser, live, touch=True)
    try:
        page.goto("/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("#create").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
    finally:
        page.close()


def test_both_seats_see_the_house_rules_the_match_plays(browser: Any, live: Any,
                                                        shots: Path) -> None:
    # A remote match created with a house rule: each player's table says which readings it
    # plays (the one chosen, in the page's language), the defaults left unsaid.
    page = new_page(browser, live)
    other = new_page(browser, live, locale="fr-FR")
    try:
        page.goto("/")
        page.select_option("#house-rule-eden-eden-storm-charge", "charge-too")
        page.select_option("#kind-0", "human")
        page.select_option("#kind-1", "human")
        page.check("input[name=mode][value=remote]")
        page.fill("#rounds", "1")
        page.click("#create")
        page.wait_for_selector("#created:not([hidden])")
        link_b = page.input_value("#join-url-1")
        other.goto(link_b)
        other.wait_for_url("**/match/*")
        page.click("#join-0")
        page.wait_for_url("**/match/*")
        for table in (page, other):
            table.wait_for_selector("#house-rules:not([hidden])")
            assert table.get_attribute("#house-rules", "data-rules") == \
                "eden-storm-charge=charge-too"
        english = page.inner_text("#house-rules")
        assert english == ("House rules: Does Storm's 8 cm limit the Charge as well as the "
                           "Move? — a Move and a Charge both cover 8 cm")
        page.screenshot(path=shots / "table-house-rules.png")
        french = other.inner_text("#house-rules")
        assert french == ("Règles maison : Le Vent contraire (8 cm) limite-t-il aussi "
                          "l'Engagement ? — un Déplacement et un Engagement couvrent 8 cm")
    finally:
        errors = page.script_errors + other.script_errors
        page.context.close()
        other.context.close()
    assert not errors
