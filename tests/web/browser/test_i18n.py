"""The words of the web table (no browser needed): both languages have every string, and the
French patterns turn the engine's prompts, log lines and equipment into French."""

from __future__ import annotations

import random
import re

import pytest

from skirmish.bots.registry import make_agent
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.equipment import Equipment
from skirmish.games.eden.content import load_library, setup_for
from skirmish.games.eden.demo import SAMPLE_EQUIPMENT, match_setup
from skirmish.web.i18n import EN, FR, FR_EQUIPMENT_PATTERNS, FR_EQUIPMENT_WORDS, translate
from skirmish.web.pages import from_accept_language

ENGLISH = re.compile(r"\b(the|to|from|with|player|loses|takes|roll|covers|is|and|has|at|"
                     r"of|his|its|or|by|each|successes|wound|wounds|marker|ends|begins)\b")


def test_every_string_in_both_languages_with_the_same_placeholders() -> None:
    assert set(EN) == set(FR)
    for key in EN:
        assert set(re.findall(r"\{(\w+)\}", EN[key])) == set(re.findall(r"\{(\w+)\}", FR[key])), key


def test_the_rules_terms_as_each_rulebook_spells_them() -> None:
    assert [EN[f"term.{t}"] for t in ("PSI", "CBT", "VIG", "SPD", "AP", "SP", "VP", "CP")] == \
        ["PSI", "CBT", "VIG", "SPD", "AP", "SP", "VP", "CP"]
    assert [FR[f"term.{t}"] for t in ("PSI", "CBT", "VIG", "SPD", "AP", "SP", "VP", "CP")] == \
        ["PSI", "CBT", "VIG", "RAP", "PA", "PS", "PV", "PC"]
    assert (EN["verb.charge"], FR["verb.charge"]) == ("Charge", "Engagement")


@pytest.mark.parametrize(("header", "expected"), [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("en-GB,en;q=0.9", "en"), ("de-DE,de;q=0.9", "en"),
    ("de;q=1, fr;q=0.5, en;q=0.4", "fr"), ("en;q=0.2, fr-CA;q=0.8", "fr"), ("", "en"),
    ("fr;q=0", "en"),
])
def test_the_language_from_the_browser(header: str, expected: str) -> None:
    assert from_accept_language(header) == expected


def test_the_engine_prompts_and_log_in_french() -> None:
    library = load_library()
    names = sorted({*library.missions, *library.tactical, *library.equipment,
                    *library.abilities, *(m.name for m in library.missions.values()),
                    *(c.name for c in library.tactical.values())}, key=len, reverse=True)
    untranslated: dict[str, str] = {}
    seen = 0
    for seed in range(6):
        setup = match_setup() if seed % 2 else setup_for(None, None)
        game = EDEN.new_game(setup, seed=seed)
        agents = [make_agent("heuristic", seed), make_agent("random", seed + 1)]
        rng = random.Random(seed)
        texts: list[str] = []
        while not game.is_over:
            decision = game.decision()
            texts.append(decision.prompt)
            legal = list(game.legal_actions())
            agent = agents[decision.player]
            game.apply(agent.act(game.view(decision.player), legal) if rng.random() < 0.7
                       else rng.choice(legal))
        texts += [e.text() for e in game.log_for(0)]
        for text in texts:
            seen += 1
            french = translate(text, "fr")
            if french.startswith("joueur "):  # an action: the notation stays as it is
                continue
            bare = french
            for name in names:
                bare = bare.replace(name, "").replace(name.replace(" ", "-"), "")
            if ENGLISH.search(bare):
                shape = re.sub(r"[\d.]+", "N", text)
                untranslated.setdefault(shape, f"{text!r} -> {french!r}")
    assert seen > 1000
    assert not untranslated, "\n".join(untranslated.values())


def test_equipment_in_the_french_card_notation() -> None:
    items = [*load_library().equipment.values(), *map(Equipment.parse, SAMPLE_EQUIPMENT)]
    for item in items:
        french = translate(str(item), "fr", FR_EQUIPMENT_PATTERNS, FR_EQUIPMENT_WORDS)
        assert french == item.to_text("fr"), str(item)
    assert translate("Pistol (Shooting): Range(20), Str(3)", "en") == \
        "Pistol (Shooting): Range(20), Str(3)"
