"""Territory Management, A: the scenery keywords as typed data (src/skirmish/games/eden/optional/
keywords.py); docs/rulings.md, "Optional rules 1: the scenery keywords' names and values"."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from skirmish.games.eden.cards.keywords import (
    KEYWORDS,
    Climbing,
    Crossing,
    Destruction,
    Elevation,
    Flammable,
    Hiding,
    HostilePresence,
    Impenetrable,
    Jump,
    Keyword,
    Obstacle,
    Obstruction,
    Occupation,
    Swimming,
    ValuedKeyword,
    parse_keywords,
    scenery_keywords,
)
from skirmish.games.eden.cards.library import KEYWORDS as LIBRARY_KEYWORDS
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.content import load_library

SCENERY_YAML = (Path(__file__).resolve().parents[4]
                / "src/skirmish/games/eden/cards/content/scenery.yaml")

#: The rulebook's list (EN 001_, FR 000_), in its order: English, French, takes X.
BOOK = [("Destruction", "Destruction", True), ("Hiding", "Dissimulation", False),
        ("Elevation", "Élévation", False), ("Climbing", "Escalade", True),
        ("Crossing", "Franchissement", False), ("Impenetrable", "Impénétrable", False),
        ("Flammable", "Inflammable", False), ("Obstacle", "Obstacle", True),
        ("Obstruction", "Obstruction", True), ("Occupation", "Occupation", False),
        ("Swimming", "Nage", True), ("Hostile Presence", "Présence Hostile", True),
        ("Jump", "Saut", True)]


@lru_cache(maxsize=1)
def library() -> Library:
    return load_library()


def test_the_list_names_and_values_in_both_languages() -> None:
    assert [(k.NAME, k.FRENCH, k.takes_value()) for k in KEYWORDS] == BOOK
    # The same list as the one the basic rules read the sample cards with.
    assert {k.NAME: k.takes_value() for k in KEYWORDS} == LIBRARY_KEYWORDS
    assert all(k.__doc__ and ("EN \"" in k.__doc__ or "EN '" in k.__doc__)
               and "How it plays:" in k.__doc__ for k in KEYWORDS)


def every_keyword() -> list[Keyword]:
    return [k(5) if issubclass(k, ValuedKeyword) else k() for k in KEYWORDS]


@pytest.mark.parametrize("keyword", every_keyword(), ids=lambda k: k.NAME)
def test_parse_and_print_round_trip_in_both_languages(keyword: Keyword) -> None:
    for language in ("en", "fr"):
        text = keyword.to_text(language)
        assert Keyword.parse(text) == keyword
        assert type(keyword).parse(text) == keyword
        # Case, accents and spacing do not count.
        for variant in (text.upper(), text.lower(), text.replace(" (", "("),
                        text.replace("(", " ( ").replace(")", " ) "), f"  {text}\t",
                        text.replace("é", "e").replace("É", "E"), text.replace(" ", "  ")):
            assert Keyword.parse(variant) == keyword, variant


def test_printed_as_in_the_rulebook() -> None:
    assert Destruction(3).to_text() == "Destruction (3)"
    assert Destruction(3).to_text("fr") == "Destruction(3)"
    assert HostilePresence(1).to_text() == "Hostile Presence (1)"
    assert HostilePresence(1).to_text("fr") == "Présence Hostile(1)"
    assert Flammable().to_text("fr") == "Inflammable" and Elevation().to_text("fr") == "Élévation"
    assert [Hiding().to_text("fr"), Climbing(2).to_text("fr"), Crossing().to_text("fr"),
            Impenetrable().to_text("fr"), Swimming(4).to_text("fr"), Jump(3).to_text("fr")] == [
        "Dissimulation", "Escalade(2)", "Franchissement", "Impénétrable", "Nage(4)", "Saut(3)"]


def test_the_value_is_1_by_default_and_in_bounds() -> None:
    assert Keyword.parse("Obstacle") == Obstacle(1) == Obstacle()
    assert Keyword.parse("Présence Hostile") == HostilePresence(1)
    assert Keyword.parse("Destruction(20)") == Destruction(20)
    assert Keyword.parse("Obstacle (0)") == Obstacle(0)
    assert Keyword.parse("Nage(0)").to_text() == "Swimming (0)"
    for text, message in [("Destruction (0)", "from 1 to 20, got 0"),
                          ("Obstruction(0)", "from 1 to 20, got 0"),
                          ("Obstacle(21)", "from 0 to 20, got 21"),
                          ("Destruction(x)", "X is a whole number, got 'Destruction\\(x\\)'"),
                          ("Destruction(-1)", "X is a whole number"),
                          ("Destruction(1.5)", "X is a whole number"),
                          ("Destruction()", "X is a whole number"),
                          ("Destruction(9999999999)", "X is a whole number"),
                          ("Flammable (1)", "Flammable takes no value"),
                          ("Occupation(2)", "Occupation takes no value")]:
        with pytest.raises(ValueError, match=message):
            Keyword.parse(text)
    with pytest.raises(ValueError, match="from 0 to 20"):
        Jump(21)
    with pytest.raises(ValueError, match="from 1 to 20"):
        Destruction(True)


@pytest.mark.parametrize("text", ["Foo", "Fire(2)", "Obstacle!", "Hostile-Presence", "",
                                  "Obstacle(1)(2)", "Destruction 3", "Inammable", "x" * 81])
def test_an_unknown_keyword_is_named_and_the_known_ones_listed(text: str) -> None:
    with pytest.raises(ValueError) as error:
        Keyword.parse(text)
    message = str(error.value)
    if len(text) > 80:
        assert "at most 80 characters" in message
        return
    assert f"unknown scenery keyword {text!r}" in message
    for english, french, _ in BOOK:
        assert english in message and french in message
    assert "Hostile Presence (X)" in message and "Flammable," in message


def test_a_keyword_class_parses_only_its_own_keyword() -> None:
    assert Obstacle.parse("obstacle(3)") == Obstacle(3)
    with pytest.raises(ValueError, match="'Flammable' is Flammable, not Obstacle"):
        Obstacle.parse("Flammable")


def test_interference_is_obstruction() -> None:
    """The English scenery list's "Interference (2)" (Bushes, Pond, Devastated area) is the
    keyword Obstruction (2) of the rules, as the French list says."""
    assert Keyword.parse("Interference (2)") == Obstruction(2) == Keyword.parse("Obstruction(2)")
    assert Keyword.parse("interference") == Obstruction(1)
    assert Obstruction.parse("Interference(2)").to_text() == "Obstruction (2)"
    assert Obstruction(2).to_text("fr") == "Obstruction(2)"


def test_every_sample_scenery_parses() -> None:
    raw = yaml.safe_load(SCENERY_YAML.read_text(encoding="utf-8"))["scenery"]
    # the rulebook's 13, then ORIGINAL ones marked by their note
    assert len([c for c in raw if "ORIGINAL" not in c.get("note", "")]) == 13
    lib = library()
    for card in raw:
        typed = parse_keywords(card["keywords"])
        assert scenery_keywords(lib.scenery[card["name"]]) == typed
        # The typed keywords say what the basic rules read from the card.
        entry = lib.scenery[card["name"]]
        for keyword in typed:
            value = keyword.value if isinstance(keyword, ValuedKeyword) else None
            assert entry.has(keyword.NAME) and entry.keyword(keyword.NAME) == value
    assert scenery_keywords(lib.scenery["Dark wood"]) == (
        Flammable(), Destruction(6), Obstruction(2), HostilePresence(1), Obstacle(3),
        Occupation())
    assert scenery_keywords(lib.scenery["Lake"]) == (HostilePresence(1), Swimming(4))


def test_the_scenery_cards_are_not_changed() -> None:
    """Reading the typed keywords leaves the card the basic rules play as it was."""
    wood = library().scenery["Dark wood"]
    before = (wood.card, wood.keywords)
    scenery_keywords(wood)
    assert (wood.card, wood.keywords) == before
    assert wood.card.passable and wood.card.can_end_on and wood.card.move_cost == 2.0
