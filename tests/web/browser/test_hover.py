"""Cards at hand (docs/web.md): a fighter's card in short wherever its name or reference
appears (the log, the roster; ME:A's figures too), an ability's text wherever its name
appears (the fighter's card panel: the state frame's glossary), in French on a French
page."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.games.eden.demo import match_setup as eden_setup
from skirmish.games.masseffect import match_setup as me_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.web.storage import SeatInfo, new_token, token_hash

from .conftest import new_page
from .driver import Stats, Table
from .test_words import stored

pytestmark = pytest.mark.browser

FIGHTER_HINT = "#log .card-hint[data-card-text*='\\n']"
ABILITY_HINT = ".fighter-card li .card-hint"


def open_table(page: Any, live: Any) -> Table:
    """An Eden match, our seat against a bot, played until its fighters are on the roster."""
    token = new_token()
    match_id = stored(live, "eden", eden_setup(),
                      [SeatInfo(0, "human", None, "", token_hash(token)),
                       SeatInfo(1, "bot", "random", "random", None)])
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    table = Table(page)
    stats = Stats()
    for _ in range(200):
        state = table.wait_ready()
        if state["over"] == "true" or (page.locator(FIGHTER_HINT).count()
                                       and page.locator("#roster .roster-item").count()):
            break
        table.step(stats)
    return table


def an_ability_hint(page: Any) -> Any:
    """The first ability hint of a fighter's card panel, selecting fighters in turn."""
    items = page.locator("#roster .roster-item")
    for i in range(items.count()):
        items.nth(i).click()
        if page.locator(ABILITY_HINT).count():
            return page.locator(ABILITY_HINT).first
    raise AssertionError("no fighter on the roster has an ability")


def test_a_fighters_name_in_the_log_shows_its_card(page: Any, live: Any) -> None:
    open_table(page, live)
    hint = page.locator(FIGHTER_HINT).first
    text = hint.get_attribute("data-card-text")
    assert text and hint.get_attribute("title") == text  # on hover
    lines = text.split("\n")
    name = hint.inner_text()
    assert name.split(".")[-1].replace("-", " ") in lines[0].replace("-", " ")  # its name
    assert all(c in lines[1] for c in ("PSI", "CBT", "VIG"))  # its characteristics
    hint.focus()  # a tap or the keyboard opens it
    assert page.evaluate("getComputedStyle(document.activeElement, '::after').content") != "none"
    # the roster names it too, with the same card
    ref_or_name = page.locator("#roster .roster-item .card-hint").first
    assert "\n" in (ref_or_name.get_attribute("data-card-text") or "")
    # an attack's button carries its target's card (on hover, for screen readers)
    refs = page.evaluate("[...document.querySelectorAll('#roster .roster-item')]"
                         ".map((li) => li.dataset.ref)")
    title = page.evaluate("""(refs) => {
      const label = SK.gameOf({ruleset: 'eden'}).label(
        {verb: 'attack', text: `attack ${refs[0]} ${refs[1]}`});
      return label.getAttribute('title');
    }""", [refs[0], refs[-1]])
    assert title == page.evaluate("(ref) => SK.cardText(ref)", refs[-1]) and "\n" in title


def test_an_abilitys_name_shows_its_text(page: Any, live: Any) -> None:
    open_table(page, live)
    hint = an_ability_hint(page)
    name = hint.inner_text()
    text = hint.get_attribute("data-card-text") or ""
    assert text.startswith(name + " (") and ("(Permanent): " in text or "(Action" in text)
    hint.hover()
    assert hint.get_attribute("title") == text


def test_an_abilitys_text_reads_in_french(browser: Any, live: Any) -> None:
    page = new_page(browser, live, locale="fr-FR")
    try:
        open_table(page, live)
        hint = an_ability_hint(page)
        text = hint.get_attribute("data-card-text") or ""
        assert "(permanente) : " in text or "(action : " in text, text
        fighter = page.locator(FIGHTER_HINT).first.get_attribute("data-card-text") or ""
        assert "Capacités : " in fighter or "Équipement : " in fighter or "RAP" in fighter
    finally:
        page.close()


def test_a_masseffect_figures_name_shows_its_card(page: Any, live: Any) -> None:
    lib = load_library()
    bands = list(lib.bands)
    token = new_token()
    match_id = stored(live, "masseffect",
                      me_setup(lib, [bands[0], bands[1]], next(iter(lib.scenarios))),
                      [SeatInfo(0, "human", None, "", token_hash(token)),
                       SeatInfo(1, "bot", "random", "random", None)])
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    Table(page).wait_ready()
    page.wait_for_selector("#roster .roster-item .card-hint")
    hint = page.locator("#roster .roster-item .card-hint").first
    text = hint.get_attribute("data-card-text") or ""
    lines = text.split("\n")
    assert lines[0].startswith(hint.inner_text() + " · ") and "points" in lines[0]
    assert all(word in lines[1] for word in ("Tir", "Défense", "Mêlée", "Qualité"))
    assert "Vitalité" in lines[2]
    assert hint.get_attribute("title") == text


def test_every_button_naming_a_fighter_or_an_ability_shows_its_card(page: Any, live: Any) -> None:
    table = open_table(page, live)
    stats = Stats()
    found = None
    for _ in range(200):  # a button other than an attack's (those carry their target's card)
        found = page.evaluate("""() => {
          for (const b of document.querySelectorAll('#actions button.act')) {
            const text = b.dataset.action || b.dataset.prefix || '';
            const ref = text.split(' ').slice(1).find((a) => SK.cardText(a));
            if (ref && !/^(attack|interrupt|shoot) /.test(text)) {
              return {text, card: SK.cardText(ref), title: b.getAttribute('title'),
                      aria: b.getAttribute('aria-label')};
            }
          }
          return null;
        }""")
        if found or table.wait_ready()["over"] == "true":
            break
        table.step(stats)
    assert found, "no button named a fighter"
    assert found["card"] in found["title"], found
    assert found["card"] in found["aria"], found
    # an ability's button (use FIGHTER ABILITY) shows the ability's text
    name = an_ability_hint(page).inner_text()
    attrs = page.evaluate("(name) => TableActions.cardAttrs(`use A.X ${name.replace(/ /g, '-')}`,"
                          " 'use')", name)
    assert attrs["title"].startswith(name + " (") and attrs["aria-label"].startswith("use: ")
