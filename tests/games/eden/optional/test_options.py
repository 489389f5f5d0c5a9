"""Match options: the optional rules a set-up names (``rules``) and the command line's
``--rules``; malformed options and rules not played yet are refused, naming the part."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.optional.options import (
    ROLL,
    MatchOptions,
    OptionsError,
    options_of,
    parse_rules,
    with_options,
)
from skirmish.games.eden.ruleset import SetupError


@pytest.mark.parametrize(("data", "expected"), [
    (None, MatchOptions()),
    ({}, MatchOptions()),
    ({"climate": 3}, MatchOptions((3,))),
    ({"climate": "roll"}, MatchOptions((ROLL,))),
    ({"climate": True}, MatchOptions((ROLL,))),
    ({"climate": False}, MatchOptions()),
    ({"climate": [2, 12]}, MatchOptions((2, 12))),
    ({"climate": ["roll", 7, "roll"]}, MatchOptions((ROLL, 7, ROLL))),
    ({"territory": True, "infestation": 3}, MatchOptions((), True, 3)),
    ({"infestation": "random"}, MatchOptions(infestation="random")),
])
def test_the_json_forms(data: Any, expected: MatchOptions) -> None:
    options = MatchOptions.from_json(data)
    assert options == expected
    assert MatchOptions.from_json(options.to_json()) == options  # the canonical form


def test_the_canonical_json_names_only_the_rules_played() -> None:
    assert MatchOptions((3,)).to_json() == {"climate": [3]}
    assert MatchOptions((ROLL,), True, "random").to_json() == {
        "climate": ["roll"], "territory": True, "infestation": "random"}
    assert MatchOptions().to_json() == {}
    setup = {"troops": [], "rules": {"climate": [4]}}
    assert with_options(setup, MatchOptions()) == {"troops": []}
    assert with_options(setup, MatchOptions((12,)))["rules"] == {"climate": [12]}


@pytest.mark.parametrize(("data", "message"), [
    ([3], "setup.rules: expected an object naming optional rules"),
    ({"weather": 3}, "setup.rules: no optional rule 'weather' (the rulebook's are climate, "
                     "territory, infestation)"),
    ({"climate": 13}, "setup.rules.climate: a climate roll is the sum of 2D6, 2 to 12, or "
                      "\"roll\""),
    ({"climate": [2, "rain"]}, "setup.rules.climate[1]: a climate roll"),
    ({"climate": [2, 3, 4, 5]}, "setup.rules.climate: 1 to 3 climate rolls"),
    ({"climate": []}, "setup.rules.climate: 1 to 3 climate rolls"),
    ({"climate": 3.0}, "setup.rules.climate: a climate roll"),
    ({"territory": "yes"}, "setup.rules.territory: expected true or false"),
    ({"infestation": 11}, "setup.rules.infestation: an Infestation level is 1 to 10"),
    ({"infestation": True}, "setup.rules.infestation: an Infestation level"),
])
def test_malformed_json_names_the_field(data: Any, message: str) -> None:
    with pytest.raises(OptionsError) as error:
        MatchOptions.from_json(data)
    assert str(error.value).startswith(message), error.value


@pytest.mark.parametrize(("text", "expected"), [
    ("climate", MatchOptions((ROLL,))),
    ("climate:roll", MatchOptions((ROLL,))),
    ("climate:3", MatchOptions((3,))),
    ("climate:2+12", MatchOptions((2, 12))),
    ("Climate: roll + 5 ", MatchOptions((ROLL, 5))),
    ("climate:roll+roll+roll", MatchOptions((ROLL, ROLL, ROLL))),
    ("territory,infestation:3,climate", MatchOptions((ROLL,), True, 3)),
    ("infestation:random", MatchOptions(infestation="random")),
])
def test_the_command_line_forms(text: str, expected: MatchOptions) -> None:
    assert parse_rules(text) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("", "--rules: expected optional rules such as climate"),
    ("climate,,territory", "--rules 'climate,,territory': an empty part between commas"),
    ("weather:3", "--rules 'weather:3': no optional rule 'weather'"),
    ("climate:13", "--rules 'climate:13': a climate roll is the sum of 2D6, 2 to 12"),
    ("climate:2+x", "--rules 'climate:2+x': a climate roll"),
    ("climate:", "--rules 'climate:': a value is expected after the colon"),
    ("climate:2+3+4+5", "--rules 'climate:2+3+4+5': 1 to 3 climate rolls"),
    ("climate:3,climate:4", "--rules 'climate:4': climate is named twice"),
    ("territory:2", "--rules 'territory:2': territory takes no value"),
    ("infestation", "--rules 'infestation': infestation needs its level"),
    ("infestation:0", "--rules 'infestation:0': an Infestation level is 1 to 10"),
    ("climate:99999999", "--rules 'climate:99999999': a climate roll"),
])
def test_command_line_errors_name_the_part(text: str, message: str) -> None:
    with pytest.raises(OptionsError) as error:
        parse_rules(text)
    assert str(error.value).startswith(message), error.value


def setup_with(rules: Any) -> dict[str, Any]:
    return {**match_setup(), "rules": rules}


def test_a_set_up_names_its_rules_and_bad_ones_are_set_up_errors() -> None:
    game = EDEN.new_game(setup_with({"climate": 3}), seed=1)
    assert options_of(game.setup) == MatchOptions((3,))
    with pytest.raises(SetupError, match=r"setup.rules.climate: a climate roll is the sum"):
        EDEN.new_game(setup_with({"climate": 1}), seed=1)
    with pytest.raises(SetupError, match="no optional rule 'fog'"):
        EDEN.new_game(setup_with({"fog": True}), seed=1)


def test_the_three_rules_together_start_a_match() -> None:
    """Territory Management, Infestation and the climatic conditions are all played: named
    together, they make one match (a name that is none of them is refused above)."""
    game = EDEN.new_game(setup_with({"territory": True, "infestation": 3, "climate": 3}),
                         seed=1)
    assert options_of(game.setup) == MatchOptions((3,), territory=True, infestation=3)
    assert game.setup["npfs"]  # the library's NPF cards, carried by the set-up
    assert game.state.territory


def test_naming_no_rule_is_the_basic_rules() -> None:
    assert options_of({}) == MatchOptions() and not MatchOptions()
    assert MatchOptions().describe() == "none (the basic rules only)"
    assert MatchOptions((3,)).describe() == "climatic conditions 3 (Storm)"
    assert MatchOptions((2, ROLL)).describe() == (
        "climatic conditions 2 (Ion storm) + rolled (2D6)")
    assert MatchOptions((ROLL, ROLL)).describe() == (
        "climatic conditions rolled (2D6) 2 times as each match starts")
