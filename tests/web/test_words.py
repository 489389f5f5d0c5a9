"""Words, not notation (docs/web.md): the log's lines as sentences with numbers rounded to
0.1 beside their exact notation; every frame of a match of each game, in French, holds no
English word (its log, its prompts, its picture's texts and tooltips, the UI's strings);
the reaction prompt's options not offered, with the rule's reason; "Why?" says what it
knows (an interval, too early to say, the heuristic's reason in the preparation)."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from typing import Any

from skirmish.bots.mcts import MCTSAgent
from skirmish.bots.registry import make_agent
from skirmish.core.agents import view_of
from skirmish.core.game import Game
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.library import read_library
from skirmish.games.eden.demo import demo_setup
from skirmish.games.eden.demo import match_setup as eden_setup
from skirmish.games.eden.rolling import state_of
from skirmish.games.masseffect import MASS_EFFECT
from skirmish.games.masseffect import match_setup as me_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.web.explanations import EARLY, SECRET, Explained, for_reader, verdict, wilson
from skirmish.web.frames import legality, log_lines, parse_action, probe, state_frame
from skirmish.web.game_parts import web_part
from skirmish.web.i18n import FR, TABLES, translate
from skirmish.web.sentences import rounded, sentence

#: English words that no French frame may hold (a proper name aside: a fighter's reference,
#: a card of the invented sample content, which has no French name in the rulebook).
ENGLISH = re.compile(
    r"\b(the|to|from|with|player|players|and|of|at|is|his|its|by|moves|move|roll|rolls|wins|"
    r"takes|take|shot|shoots|failure|success|successes|saved|spends|left|for|against|fails|"
    r"succeeds|yet|field|round|turn|edge|lower|upper|deployment|deploys|legend|north|south|"
    r"east|west|marker|markers|objective|scenery|burn|burning|moved|used|power|lost|troop|"
    r"leader|preparation|half|arms|legs|head|torso|charges|attacks|walks|runs|stays|facing|"
    r"hidden|plays|bids|activates|ends|reacts|aims|wound|wounds|damage|cover|"
    r"Why|Search|Copy|Larger|Smaller|Send|Cancel|Confirm|Waiting|your|you|which|what|"
    r"choose|pick|hold|holds|or|behind|makes|names|first|second|card|cards|hand|bid)\b")
REF = re.compile(r"\b[ABN]\.[^\s,)]+")
#: UI strings meant to stay as they are in French (a language's own name).
KEPT_ENGLISH = {"lang.en"}


def _sample_names() -> list[str]:
    """The sample's card names (invented, no French name): stripped before the check, with
    the notation's hyphens too."""
    lib = read_library()
    names = [*lib.tactical, *lib.missions, *lib.equipment, *lib.abilities]
    return sorted({n for name in names for n in (name, name.replace(" ", "-"))},
                  key=len, reverse=True)


NAMES = _sample_names()


def english_in(text: str) -> str | None:
    """The first English word of ``text`` once proper names are set aside, else ``None``."""
    for name in NAMES:
        text = text.replace(name, "")
    found = ENGLISH.search(REF.sub("", text))
    return found.group(0) if found else None


def svg_words(svg: str) -> Iterator[str]:
    """Every text and tooltip of a picture, as common.js's trPicture sees them."""
    for tag in ("text", "title"):
        for m in re.finditer(rf"<{tag}\b[^>]*>(.*?)</{tag}>", svg, re.S):
            inner = m.group(1)
            if "<" not in inner:
                yield html.unescape(inner)


def frames_of(game: Game, seed: int, every: int = 5) -> Iterator[dict[str, Any]]:
    """The state frames of every seat (and a spectator) every ``every`` decisions of a match
    played by heuristic bots (with some random choices), and at its end."""
    agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
    rng = random.Random(seed)
    step = 0
    while not game.is_over:
        if step % every == 0 or game.decision().kind in ("reaction", "secret-bid"):
            for seat in (0, 1, None):
                yield state_frame(game, seat, mode="remote")
        decision = game.decision()
        legal = list(game.legal_actions())
        agent = agents[decision.player]
        game.apply(agent.act(view_of(game, decision.player, agent), legal)
                   if rng.random() < 0.8 else rng.choice(legal))
        step += 1
    for seat in (0, 1, None):
        yield state_frame(game, seat, mode="remote")


def french_problems(frames: Iterator[dict[str, Any]]) -> dict[str, str]:
    """Each English word left in the French frames: shape of the text -> the evidence."""
    picture = TABLES["picture"]
    problems: dict[str, str] = {}

    def check(kind: str, english: str, french: str) -> None:
        word = english_in(french)
        if word:
            shape = re.sub(r"\d+", "N", REF.sub("REF", english))
            problems.setdefault(f"{kind}: {shape}", f"{english!r} -> {french!r} ({word!r})")

    for frame in frames:
        for line in frame["log"]:
            check("log", line["line"], translate(line["line"], "fr"))
        decision = frame["view"].get("decision")
        if decision and decision.get("prompt"):
            check("prompt", decision["prompt"], translate(decision["prompt"], "fr"))
        for item in frame.get("unavailable", []):
            check("unavailable", item["reason"], translate(item["reason"], "fr"))
        for text in set(svg_words(frame.get("svg", ""))):
            check("picture", text, translate(text, "fr", *picture))
    return problems


# -- words, not notation ------------------------------------------------------------------------
def test_a_decision_is_a_sentence_with_its_numbers_rounded_and_its_notation_kept() -> None:
    eden = web_part("eden")
    said = sentence(eden, "player A: move A.Yuri 28.098109381426248,41.93")
    assert said == "player A moves A.Yuri to (28.1, 41.9)"
    assert translate(said, "fr") == "le joueur A déplace A.Yuri en (28.1, 41.9)"
    assert sentence(eden, "player B: (secret)") == "player B makes a secret choice"
    assert translate(sentence(eden, "player A: react dodge"), "fr") == \
        "le joueur A réagit : esquive"
    assert translate(sentence(eden, "player B: place Car-wreck 30,15"), "fr") == \
        "le joueur B place Épave de voiture en (30, 15)"
    me = web_part("masseffect")
    assert sentence(me, "player A: walk A.Soldat 10.456,20.04 90") == \
        "player A: A.Soldat walks to (10.5, 20.0), facing 90°"
    assert translate(sentence(me, "player A: walk A.Soldat 10.456,20.04 90"), "fr") == \
        "joueur A : A.Soldat marche jusqu'en (10.5, 20.0), orienté à 90°"
    assert rounded("B.Tarar is deployed at (52.07, 27.031) (the east half), 3 AP") == \
        "B.Tarar is deployed at (52.1, 27.0) (the east half), 3 AP"


def test_every_log_line_keeps_its_exact_text_and_shows_no_long_number() -> None:
    game = EDEN.new_game(eden_setup(), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    lines = log_lines(game, 0)
    assert [line["text"] for line in lines] == [e.for_player(0).text() for e in game.log]
    assert any(re.search(r"\d\.\d{3,}", line["text"]) for line in lines)  # the notation's
    assert not any(re.search(r"\d\.\d{2,}", line["line"]) for line in lines)
    assert not any(line["line"].startswith("player A: move ") for line in lines)


# -- every frame in French ------------------------------------------------------------------------
def test_the_french_ui_strings_hold_no_english_word() -> None:
    bad = {key: text for key, text in FR.items()
           if key not in KEPT_ENGLISH and english_in(re.sub(r"\{\w+\}", "", text))}
    assert not bad, bad


def test_every_eden_frame_in_french_holds_no_english_word() -> None:
    problems: dict[str, str] = {}
    for seed in (1, 2):
        problems.update(french_problems(frames_of(EDEN.new_game(eden_setup(), seed=seed), seed)))
    assert not problems, "\n".join(sorted(problems.values()))


def test_every_masseffect_frame_in_french_holds_no_english_word() -> None:
    lib = load_library()
    bands, scenarios = list(lib.bands), list(lib.scenarios)
    problems: dict[str, str] = {}
    for seed in (0, 1, 2):
        game = MASS_EFFECT.new_game(me_setup(lib, [bands[seed % 4], bands[(seed + 1) % 4]],
                                             scenarios[seed % 4]), seed=seed)
        problems.update(french_problems(frames_of(game, seed)))
    assert not problems, "\n".join(sorted(problems.values()))


# -- the reaction prompt says why an option is not offered ----------------------------------------
def test_a_reaction_not_offered_comes_with_its_reason_to_the_deciding_seat_only() -> None:
    for seed in range(30):
        game = EDEN.new_game(eden_setup(), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            decision = game.decision()
            if decision.kind == "reaction":
                # the target has spent its AP: neither dodge nor response (Rulebook 6.A)
                state_of(game).fighter(str(decision.context["target"])).ap = 0
                mine = state_frame(game, decision.player, mode="remote")
                assert mine["legal"] == ["react passive"]
                assert [item["action"] for item in mine["unavailable"]] == [
                    "react dodge", "react response"]
                assert all(item["reason"].startswith("Rulebook 6.A")
                           for item in mine["unavailable"])
                assert translate(mine["unavailable"][0]["reason"], "fr").startswith(
                    "Livre de règles 6.A, réaction d'Esquive")
                assert all(not english_in(translate(item["reason"], "fr"))
                           for item in mine["unavailable"])
                for other in (1 - decision.player, None):
                    assert "unavailable" not in state_frame(game, other, mode="remote")
                return
            game.apply(rng.choice(list(game.legal_actions())))
    raise AssertionError("no melee attack in 30 random matches")


# -- "Why?" says what it knows --------------------------------------------------------------------
def test_an_estimate_comes_with_its_interval_and_few_iterations_are_too_early() -> None:
    assert verdict({"win": 1.0, "iterations": 15}) == ("early", [round(wilson(1.0, 15)[0], 4),
                                                                 1.0])
    assert wilson(1.0, 15)[0] < 0.8  # 15 wins in 15 says little
    kind, (low, high) = verdict({"win": 0.6, "iterations": 1000})  # type: ignore[misc]
    assert kind == "estimate" and low < 0.6 < high and high - low < 0.07
    assert verdict({"win": 0.5, "iterations": EARLY - 1})[0] == "early"
    assert verdict({"win": 0.5, "iterations": 0, "prior": "bid 1"}) == ("heuristic", None)
    assert verdict({"win": 0.5, "iterations": 0}) == ("forced", None)


def test_the_preparation_says_the_heuristics_reason_and_keeps_a_secret_one() -> None:
    game = EDEN.new_game(eden_setup(), seed=4)
    agent = MCTSAgent(4, iterations=8, scope="fights")
    decision = game.decision()
    assert decision.kind == "secret-bid"
    action = agent.act(view_of(game, decision.player, agent), list(game.legal_actions()))
    data = agent.explain()
    assert data is not None and data["iterations"] == 0
    assert data["reason"].startswith(f"it bids {action.sp} SP")  # type: ignore[attr-defined]
    item = Explained(0, decision.player, "mcts", True, data)
    own = for_reader(game, item, decision.player)
    assert own["verdict"] == "heuristic" and own["reason"] == data["reason"]
    assert not english_in(translate(own["reason"], "fr"))
    other = for_reader(game, item, 1 - decision.player)
    assert other["reason"] == SECRET and other["action"] == SECRET
    assert str(action) not in str(other) and f"{action.sp} SP" not in str(other)  # type: ignore[attr-defined]
    assert other["sentence"] == f"player {'AB'[decision.player]} makes a secret choice"


def test_a_moves_refusal_reads_in_french() -> None:
    game = EDEN.new_game(demo_setup(), seed=3)
    rng = random.Random(1)
    while game.decision().kind != "action":
        game.apply(rng.choice(list(game.legal_actions())))
    decision = game.decision()
    ref = decision.prompt.split()[0]
    answer = probe(game, decision.player, f"move {ref} 200,200")
    assert not answer["legal"] and answer["path_problem"] == "off_field"
    french = translate(answer["reason"], "fr")
    assert french == (f"{ref} ne peut pas « move {ref} 200,200 » (Livre de règles 2.D, "
                      "déplacement : le socle sortirait de la table)")
    assert translate(answer["path_problem"], "fr") == "hors de la table"


def test_every_sample_card_text_has_its_french() -> None:
    """The texts a card's name shows (Eden's tactical and mission cards, ME:A's powers)."""
    cards = TABLES["cards"]
    lib = read_library()
    texts = [c.text for c in [*lib.tactical.values(), *lib.missions.values()]]
    texts += [p.text for p in load_library().powers.values()]
    untranslated = [text for text in texts if translate(text, "fr", *cards) == text]
    assert not untranslated, untranslated
    assert not [text for text in texts if english_in(translate(text, "fr", *cards))]


def test_the_web_layers_refusals_read_in_french() -> None:
    game = EDEN.new_game(demo_setup(), seed=3)
    decider = game.decision().player
    action = parse_action(game, str(next(iter(game.legal_actions()))))
    _, reason, _ = legality(game, 1 - decider, action)
    assert translate(reason, "fr") == f"c'est au joueur {'AB'[decider]} de décider, pas à vous"
    assert translate(legality(game, None, action)[1], "fr") == "un spectateur ne peut pas agir"


def test_masseffect_deployment_says_the_heuristics_reason() -> None:
    lib = load_library()
    bands = list(lib.bands)
    game = MASS_EFFECT.new_game(me_setup(lib, [bands[0], bands[1]], next(iter(lib.scenarios))),
                                seed=2)
    agent = MCTSAgent(2, iterations=8, scope="fights")
    while game.decision().kind != "deploy" or len(list(game.legal_actions())) < 2:
        decision = game.decision()
        game.apply(agent.act(view_of(game, decision.player, agent), list(game.legal_actions())))
    decision = game.decision()
    agent.act(view_of(game, decision.player, agent), list(game.legal_actions()))
    data = agent.explain()
    assert data is not None and data["reason"].startswith("the best spot of its zone")
    said = for_reader(game, Explained(0, decision.player, "mcts", False, data), None)
    assert said["verdict"] == "heuristic" and said["reason"] == data["reason"]
    assert translate(said["reason"], "fr").startswith("le meilleur endroit de sa zone")


def test_a_deployments_and_a_scenerys_refusals_read_in_french() -> None:
    assert translate("Rulebook 4.A step 7: A.Yuri cannot be deployed at 18.3,52.1: its base "
                     "would stand on scenery a fighter cannot stop on", "fr") == (
        "Livre de règles 4.A, étape 7 : A.Yuri ne peut pas être déployé en (18.3,52.1) : son "
        "socle serait sur un décor où un combattant ne peut pas s'arrêter")
    assert translate("Wall at 61.7,59.9: it is 0.00 cm from a field edge (Rulebook 4.A step 6: "
                     "scenery 5 cm or more from other scenery, the field edges and mission "
                     "objectives)", "fr") == (
        "Muret en (61.7,59.9) : à 0.00 cm d'un bord de table (Livre de règles 4.A, étape 6 : "
        "les décors à 5 cm ou plus des autres décors, des bords de table et des objectifs de "
        "mission)")


def test_the_translation_tables_are_compiled_once_not_at_every_line() -> None:
    """The French tables hold more expressions than ``re``'s own cache (512): each was
    compiled again at every line (25 ms a line), and the French tests hung."""
    from skirmish.web import sentences
    from skirmish.web.i18n import FR_PATTERNS, translate

    assert len(FR_PATTERNS) > 512  # why the compiled expressions are kept by the table
    translate("player A: pass", "fr")
    compiled = sentences._compiled.cache_info()
    assert compiled.currsize >= len({pattern for pattern, _ in FR_PATTERNS})
    translate("player B: pass", "fr")
    assert sentences._compiled.cache_info().misses == compiled.misses
