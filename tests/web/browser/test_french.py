"""The French UI: chosen from the browser's language, switchable, with the rules' terms as
the French rulebook spells them (RAP, PA, PS, PV, PC) and the engine's words in French."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.core import RandomAgent, play
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.equipment import Equipment
from skirmish.games.eden.demo import SAMPLE_EQUIPMENT, match_setup
from skirmish.web.i18n import translate

from .conftest import new_page
from .driver import Stats, Table

pytestmark = pytest.mark.browser


def test_the_french_table(browser: Any, live: Any, shots: Path) -> None:
    page = new_page(browser, live, locale="fr-FR")
    try:
        page.goto("/")
        assert page.get_attribute("html", "lang") == "fr"
        assert "Nouvelle partie" in page.inner_text("#new-match")
        page.click("a[data-lang=en]")
        page.wait_for_selector("text=New match")
        page.goto("/")  # the choice is kept (cookie)
        assert page.get_attribute("html", "lang") == "en"
        page.click("a[data-lang=fr]")
        page.wait_for_selector("text=Nouvelle partie")
        page.select_option("#kind-1", "bot:random")
        page.fill("#rounds", "1")
        page.fill("#title", "Partie d'essai")
        page.click("#create")
        page.wait_for_url("**/match/*")
        table = Table(page)
        table.wait_ready()
        assert "Mise secrète pour le Premier joueur" in page.inner_text("#prompt")
        status = page.inner_text("#status")
        assert "PV" in status and "PS" in status and "Vous jouez Joueur A" in status
        stats = Stats()
        while table.wait_ready()["decision"] != "deploy":
            table.step(stats)
        card = page.inner_text(".fighter-card")
        assert "RAP" in card and "SPD" not in card and "PA restants" in card
        assert "Tête" in card and "Jambes" in card
        log = page.inner_text("#log")
        assert "le joueur A révèle une troupe de faction" in log
        assert "Déploiement" in (page.text_content("#actions") or "")
        page.screenshot(path=shots / "table-fr.png")
        # the browser's French is the same as i18n.translate's, line for line
        game = EDEN.new_game(match_setup(), seed=5)
        play(game, [RandomAgent(1), RandomAgent(2)])
        lines = sorted({e.text() for e in game.log_for(0)})
        assert page.evaluate("lines => lines.map(line => SK.tr(line))", lines) == \
            [translate(line, "fr") for line in lines]
        items = [str(Equipment.parse(text)) for text in SAMPLE_EQUIPMENT]
        assert page.evaluate("items => items.map(i => SK.tr(i, 'equipment'))", items) == \
            [Equipment.parse(text).to_text("fr") for text in SAMPLE_EQUIPMENT]
    finally:
        errors = page.script_errors
        page.context.close()
    assert not errors
