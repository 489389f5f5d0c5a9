"""Mass Effect: Annihilation's words at the web table: every string in both languages (with
the same placeholders, checked for all strings by tests/web/browser/test_i18n.py), and the
engine's prompts in French."""

from __future__ import annotations

import random
import re

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.games.masseffect.web.i18n import WORDS
from skirmish.web.i18n import EN, FR, translate

ENGLISH = re.compile(r"\b(the|to|from|with|player|pick|choose|figure|shoot|hold|or|pass|"
                     r"for|left|hit|failed|roll|wins|takes|edge|walk|run|stay|deploy|its)\b")
REF = re.compile(r"\b[AB]\.\S+?(?=[,)]|\s|$)")


def test_the_masseffect_words_are_in_both_languages() -> None:
    assert set(WORDS) <= set(EN) == set(FR)
    assert (EN["verb.walk"], FR["verb.walk"]) == ("Walk", "Marcher")
    assert FR["me.shield"].startswith("Bouclier {save}+ :")


def test_the_engine_prompts_in_french() -> None:
    lib = load_library()
    bands, scenarios = list(lib.bands), list(lib.scenarios)
    prompts: dict[str, str] = {}
    for seed in range(4):
        game = MASS_EFFECT.new_game(match_setup(lib, [bands[seed % 4], bands[(seed + 1) % 4]],
                                                scenarios[seed % 4]), seed=seed)
        agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
        rng = random.Random(seed)
        while not game.is_over:
            decision = game.decision()
            prompts.setdefault(re.sub(r"\d+", "N", REF.sub("REF", decision.prompt)),
                               decision.prompt)
            legal = list(game.legal_actions())
            agent = agents[decision.player]
            game.apply(agent.act(view_of(game, decision.player, agent), legal)
                       if rng.random() < 0.8 else rng.choice(legal))
    kinds = {text.split(":")[0] for text in prompts}
    assert {"Phase de mouvement", "Phase de tir", "Phase de pouvoirs"} <= kinds
    untranslated = {}
    for shape, text in prompts.items():
        french = translate(text, "fr")
        if ENGLISH.search(REF.sub("", french)):
            untranslated[shape] = f"{text!r} -> {french!r}"
    assert not untranslated, "\n".join(untranslated.values())
    assert translate("player A takes the lower edge", "fr") == \
        "le joueur A prend le bord inférieur"
    assert translate("A.Soldat walks 3.2 pas to 10,20 cm", "fr") == \
        "A.Soldat marche 3.2 pas jusqu'en 10,20 cm"


def test_every_status_of_me34_reads_in_french() -> None:
    """A power's status note (combat.effects: "A.X is burning (ME34)") names the status in
    French, for each status the draft has (rules.STATUSES); a CI match that ended on a burning
    figure showed "burning" on the French page."""
    from skirmish.games.masseffect.rules import STATUSES

    for status, meaning in STATUSES.items():
        french = meaning.split(":")[0]
        assert translate(f"A.Soldat-de-l'Alliance is {status} (ME34)", "fr") == \
            f"A.Soldat-de-l'Alliance : {french} (ME34)"


def test_a_figure_pushed_or_pulled_by_a_power_reads_in_french() -> None:
    """combat.effects.push's move line ("is thrown" / "is pulled"), left in English before."""
    assert translate("A.Ingénieur-galarien is thrown 3.0 pas to 57.5,54.4 cm", "fr") == \
        "A.Ingénieur-galarien est projeté de 3.0 pas jusqu'en 57.5,54.4 cm"
    assert translate("B.Soldat-2 is pulled 0.0 pas to 34.2,41.2 cm", "fr") == \
        "B.Soldat-2 est attiré de 0.0 pas jusqu'en 34.2,41.2 cm"
