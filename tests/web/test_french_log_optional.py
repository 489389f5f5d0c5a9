"""Eden's log lines in French with the optional rules (Territory Management, Infestation,
Climatic conditions: games.eden.web.i18n_optional): every line a French reader gets holds
no English word, over whole matches played by heuristic bots with random choices mixed
in; and some lines pinned word for word."""

from __future__ import annotations

import random
import re

import pytest

from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.web.frames import log_lines
from skirmish.web.i18n import translate
from tests.web.test_french_refusals import eden
from tests.web.test_words import english_in

RULES = {"territory": True, "infestation": 3, "climate": ["roll", "roll"]}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_prompt_and_log_line_of_an_optional_rules_match_reads_in_french(
        seed: int) -> None:
    game = eden(seed, RULES)
    agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
    rng = random.Random(seed)
    found: dict[str, str] = {}
    while not game.is_over:
        decision = game.decision()
        _check(decision.prompt, found)
        legal = list(game.legal_actions())
        agent = agents[decision.player]
        game.apply(agent.act(view_of(game, decision.player, agent), legal)
                   if rng.random() < 0.7 else rng.choice(legal))
    for player in (0, 1):
        for line in log_lines(game, player):
            _check(str(line.get("line") or ""), found)
    assert found == {}, "\n".join(found.values())


def _check(english: str, found: dict[str, str]) -> None:
    """``english`` in French; its shape and an example in ``found`` if an English word is
    left."""
    french = translate(english, "fr")
    word = english_in(french)
    if word:
        shape = re.sub(r"\d+(\.\d+)?", "N", re.sub(r"\b[ABN]\.\S+", "REF", english))
        found.setdefault(shape, f"{english!r} -> {french!r} ({word!r})")


@pytest.mark.parametrize(("english", "french"), [
    ("climate roll: [6, 6] (sum 12: Snowstorm)",
     "jet de climat : [6, 6] (somme 12 : Tempête de neige)"),
    ("climatic conditions (optional rules 3): 3 Storm: a Move covers 8 cm instead of 10",
     "conditions climatiques (règles optionnelles 3) : 3 Vent contraire : un Déplacement "
     "couvre 8 cm au lieu de 10"),
    ("Climatic conditions 10-11 (Acid rain): every free fighter makes a VIG roll, difficulty 5",
     "Conditions climatiques 10-11 (Pluie acide) : chaque combattant libre fait un jet de VIG, "
     "difficulté 5"),
    ("player A buys Car wreck (1 scenery point; 5 left) and places it (Car-wreck-3) at "
     "(35, 50), turned 90 degrees",
     "le joueur A achète Épave de voiture (1 point(s) de décor ; reste 5) et le place "
     "(Car-wreck-3) en (35, 50), tourné de 90 degrés"),
    ("A.Anton is in contact with Pond-2 as its activation begins: Hostile Presence (1), "
     "1 wound ignoring protections",
     "A.Anton est au contact de Pond-2 au début de son activation : Présence Hostile (1), "
     "1 blessure(s) qui ignorent les protections"),
    ("N.Spined-crawler (activated by player B) prowls", "N.Spined-crawler (activé par le "
     "joueur B) rôde"),
    ("B.Sabaka CBT 6 vs N.Abomination-2 6: faces [5, 5, 5, 5, 4, 3]; won B.Sabaka wins",
     "B.Sabaka CBT 6 contre N.Abomination-2 6 : faces [5, 5, 5, 5, 4, 3] ; B.Sabaka l'emporte"),
    ("Buy and place a scenery element: 8 scenery points left (for sale: Wall 1, Car wreck 1, "
     "Pond 2); 5 cm or more from scenery, edges and objectives",
     "Achetez et placez un élément de décor : reste 8 point(s) de décor (en vente : Muret 1, "
     "Épave de voiture 1, Étang 2) ; à 5 cm ou plus des décors, des bords et des objectifs"),
    ("Deploy one fighter in your Confrontation zone: the south half, 20 cm or more from the "
     "centre line (Mist: one at a time, alternately)",
     "Déployez un combattant dans votre zone Confrontation : la moitié sud, à 20 cm ou plus de "
     "la ligne centrale (Brume : un à la fois, en alternance)"),
    ("every scenery point is spent: the scenery step ends",
     "tous les points de décor sont dépensés : l'étape des décors prend fin"),
])
def test_optional_rules_lines_word_for_word(english: str, french: str) -> None:
    assert translate(english, "fr") == french
