"""Bounded resources for every input (issue 11, point 3): content and set-up files are read
without YAML aliases, nested at most 32 levels, in UTF-8; every number a card or a set-up
holds is finite and in a range named by the error; values are quoted cut; a content folder
loads in time linear in its size."""

from __future__ import annotations

import copy
import math
import re
import time
from pathlib import Path

import pytest

from skirmish.core.data_files import MAX_DEPTH, DataError, parse_data, quote, read_data
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.equipment import Equipment
from skirmish.games.eden.cards.inputs import check_effect_params
from skirmish.games.eden.cards.library import ContentError
from skirmish.games.eden.content import load_library
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.ruleset import SetupError


def write(folder: Path, text: str | bytes, name: str = "mine.yaml") -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return folder


def refused(folder: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_library([folder])
    return str(info.value)


# -- reading ------------------------------------------------------------------------------------
def test_yaml_aliases_are_refused_before_anything_expands(tmp_path: Path) -> None:
    bomb = ["- &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    bomb += [f"- &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    folder = write(tmp_path / "c", "npfs:\n" + "\n".join(bomb) + "\nsample: *a8\n")
    start = time.perf_counter()
    message = refused(folder)
    assert time.perf_counter() - start < 5
    assert "mine.yaml: broken YAML: line 3, column 8: an alias (*a0)" in message
    assert "aliases are not allowed" in message
    with pytest.raises(DataError, match="alias"):
        parse_data("a: &x 1\nb: {<<: *x}\n", "yaml")
    assert parse_data("a: &x 1\n", "yaml") == {"a": 1}  # an anchor alone is harmless


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_nesting_is_limited(fmt: str) -> None:
    assert parse_data("[" * MAX_DEPTH + "]" * MAX_DEPTH, fmt) is not None
    for depth in (MAX_DEPTH + 1, 100_000):
        with pytest.raises(DataError, match=r"nest"):
            parse_data("[" * depth + "]" * depth, fmt)
    if fmt == "yaml":
        block = "".join("  " * i + "-\n" for i in range(MAX_DEPTH + 5))
        with pytest.raises(DataError, match=r"line \d+, column \d+: nested more than 32"):
            parse_data(block, fmt)


def test_files_that_are_not_utf8_or_not_files(tmp_path: Path) -> None:
    folder = write(tmp_path / "c", "fighters:\n- name: Zoë\n".encode("latin-1"))
    assert refused(folder).endswith("mine.yaml: not UTF-8 text (line 2, byte 21)")
    (folder / "mine.yaml").unlink()
    (folder / "sub.yaml").mkdir()
    assert "sub.yaml: cannot read the file" in refused(folder)
    with pytest.raises(OSError):
        read_data(tmp_path / "none.json")


@pytest.mark.parametrize(("text", "message"), [
    ('{"a": NaN}', "NaN is not a JSON number"),
    ('{"a": 1' + "0" * 5000 + "}", "more than 4300 digits"),
    ('{"a": 1,}', "line 1, column 9"),
])
def test_broken_json(text: str, message: str) -> None:
    with pytest.raises(DataError, match=re.escape(message)):
        parse_data(text, "json")


def test_values_are_quoted_cut() -> None:
    assert quote("x" * 10_000).startswith("'xxx") and len(quote("x" * 10_000)) <= 80
    assert len(quote(list(range(100_000)))) <= 80
    assert quote(10**100_000) == f"<a {(10**100_000).bit_length()}-bit whole number>"
    nested: list = []
    for _ in range(10_000):
        nested = [nested]
    assert len(quote(nested)) <= 80
    assert quote(3) == "3" and quote("Bob") == "'Bob'"


def test_a_long_value_in_a_message_is_cut(tmp_path: Path) -> None:
    folder = write(tmp_path / "c", "sample: [" + ", ".join(["spam"] * 200_000) + "]\n")
    message = refused(folder)
    assert "field 'sample': expected a valid boolean, got ['spam', 'spam'" in message
    assert len(message) < len(str(folder)) + 200


# -- numbers in content -------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    ("Gun (Shooting): Range(20), Str(999999999)",
     "Gun: 'Str(999999999)' is out of range: Str(X) is 0 to 20"),
    ("Gun (Shooting): Range(0)", "Gun: 'Range(0)' is out of range: Range(X) is 1 to 500"),
    ("Gun (Shooting): Burn(-1)", "Gun: 'Burn(-1)' is out of range: Burn(X) is 0 to 20"),
    ("Gun (Shooting): Explosive(21)", "Explosive(X) is 0 to 20"),
    ("Gun (Shooting): 11/round", "Gun: '11/round' is out of range: N/round is 1 to 10"),
    ("Gun (Shooting): 0/match", "N/match is 1 to 10"),
    ("Gun (Shooting): CBT +13 - Range(3)", "'CBT +13' is out of range: a bonus or penalty is "
                                           "-12 to 12"),
    ("Cap (Pr): head +13", "Cap: 'head +13' is out of range: a protection is 0 to 12"),
    ("Fusil (Tir) : Pui(99)", "Fusil: 'Pui(99)' hors limites : Pui(X) va de 0 à 20"),
    ("Fusil (Tir) : 99/tour", "Fusil: '99/tour' hors limites : N/tour va de 1 à 10"),
    ("Gun (Shooting): " + "Range(3), " * 100, "Gun: an equipment notation is at most 500 "
                                              "characters (this one has 1016)"),
])
def test_the_notations_numbers_are_bounded(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Equipment.parse(text)


def test_bounds_of_the_notation_are_inclusive() -> None:
    item = Equipment.parse("Gun (Shooting): CBT -12 - Range(500), Str(20), Burn(0), 10/round")
    assert item.parts[0].effects == (("Range", 500), ("Str", 20), ("Burn", 0))
    assert Equipment.parse("Cap (Pr): complete +12").parts[0].protection == 12


FIGHTER = """fighters:
- name: Zed
  faction: Jokers
  stigma: Chaos
  types: [Human]
  value: 15
  limbs:
    head: {white_cp: 1, red_cp: 1, white: 3, red: 2, faces: [1]}
    arms: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [4, 5]}
    legs: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [6]}
  equipment: [Pistol]
"""


@pytest.mark.parametrize(("text", "message"), [
    ("equipment:\n- 'Gun (Shooting): Range(20), Str(999999999)'\n",
     "mine.yaml: 'Gun': field 'Gun': 'Str(999999999)' is out of range: Str(X) is 0 to 20"),
    (FIGHTER.replace("white: 4, red: 3, faces: [2, 3]", "white: 99, red: 3, faces: [2, 3]"),
     "mine.yaml: fighter 'Zed': field 'limbs.arms.white': expected less than or equal to 12, "
     "got 99"),
    (FIGHTER.replace("equipment: [Pistol]", "equipment: ['Gun (Shooting): Str(50)']"),
     "mine.yaml: fighter 'Zed': field 'equipment[0]': Gun: 'Str(50)' is out of range"),
    ("scenery:\n- {name: Rock, shape: [[0, 0], [1, .nan], [1, 1]]}\n",
     "mine.yaml: scenery 'Rock': field 'shape[1][1]': expected a finite number, got nan"),
    ("scenery:\n- {name: Rock, shape: [[0, 0], [100, 0], [1, 1]]}\n",
     "mine.yaml: scenery 'Rock': field 'shape[1][0]': expected less than or equal to 50, "
     "got 100"),
    ("scenery:\n- {name: Rock, radius: .inf}\n",
     "mine.yaml: scenery 'Rock': field 'radius': expected a finite number, got inf"),
    ("scenery:\n- {name: Rock, radius: 2, keywords: ['Obstacle(99999)']}\n",
     "mine.yaml: scenery 'Rock': scenery keyword Obstacle (99999) is out of range (0 to 20)"),
    ("abilities:\n- {name: Huge, effects: [{effect: modify, characteristic: CBT, "
     "delta: 1000000000}]}\n",
     "mine.yaml: ability 'Huge': field 'effects[0]': parameter 'delta': 1000000000 is out of "
     "range (-20 to 20)"),
    ("abilities:\n- {name: Far, effects: [{effect: heal, amount: 1, range: 1.0e+300}]}\n",
     "mine.yaml: ability 'Far': field 'effects[0]': parameter 'range': 1e+300 is out of range "
     "(0 to 500)"),
    ("abilities:\n- {name: Odd, effects: [{effect: modify, characteristic: CBT, "
     "factor: '1e99999999999'}]}\n",
     "mine.yaml: ability 'Odd': field 'effects[0]': parameter 'factor': expected a number or "
     "a fraction like '1/2', got '1e99999999999'"),
    ("missions:\n- {name: Far, effects: [{effect: vp-near, at: [[10, .nan]]}]}\n",
     "mine.yaml: mission 'Far': field 'effects[0]': parameter 'at'[0][1]: expected a finite "
     "number from 0 to 500, got nan"),
    ("abilities:\n- {name: Odd, effects: [{delta: 1}]}\n",
     "mine.yaml: ability 'Odd': field 'effects[0]': 'effect' (the effect's name, a text) is "
     "required, got None"),
    ("fighters:\n- {name: Zed, value: " + "9" * 5000 + "}\n",
     "mine.yaml: broken YAML: a whole number has more than 4300 digits"),
    ("abilities: [3]\n", "mine.yaml: abilities[0]: expected a mapping of the card's fields, "
                         "got 3"),
])
def test_content_numbers_are_bounded(tmp_path: Path, text: str, message: str) -> None:
    message_seen = refused(write(tmp_path / "cards", text))
    assert message_seen.replace(str(tmp_path / "cards") + "/", "").startswith(message), \
        message_seen


def test_effect_parameters() -> None:
    check_effect_params({"delta": -20, "within": 500, "factor": "1/2", "at": [[0, 500]]}, "x")
    for params, message in [({"delta": 21}, "'delta': 21 is out of range (-20 to 20)"),
                            ({"cm": -1}, "'cm': -1 is out of range (0 to 500)"),
                            ({"factor": 11}, "'factor': 11 is out of range (0 to 10)"),
                            ({"factor": "3/0"}, "expected a number or a fraction")]:
        with pytest.raises(DataError, match=re.escape(message)):
            check_effect_params(params, "x")


# -- loading is linear in the folder's size -----------------------------------------------------
def test_a_20000_card_folder_loads_in_linear_time(tmp_path: Path) -> None:
    """Issue 11: 20,000 cards did not load in 15 minutes (each name was compared with every
    earlier card). Now a dict of folded names: seconds, also when a second folder replaces
    every card."""
    folder = tmp_path / "many"
    folder.mkdir()
    for part in range(4):
        (folder / f"part{part}.yaml").write_text("tactical:\n" + "".join(
            f"- {{name: Card {part}-{i}, text: 'A card typed in by a player.'}}\n"
            for i in range(5000)), encoding="utf-8")
    start = time.perf_counter()
    lib = load_library([folder, folder])
    assert time.perf_counter() - start < 30
    assert sum(name.startswith("Card ") for name in lib.tactical) == 20_000
    assert not lib.is_sample("tactical", "Card 3-4999")


def test_a_later_folder_replaces_a_card_whatever_its_spelling(tmp_path: Path) -> None:
    mine = write(tmp_path / "mine", FIGHTER.replace("name: Zed", "name: VLADD"))
    lib = load_library([mine])
    assert "VLADD" in lib.fighters and "Vladd" not in lib.fighters
    assert ("fighters", "Vladd") not in lib.origin


# -- set-ups ------------------------------------------------------------------------------------
def setup_with(change) -> dict:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(match_setup(max_rounds=1))
    change(data)
    return data


def fighter(data: dict) -> dict:
    return data["troops"][0]["fighters"][0]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(field=[0, 0]), "setup.field[0]: 0 is out of range (20 to 500)"),
    (lambda d: d.update(field=[60, math.nan]),
     "setup.field[1]: expected a finite number from 20 to 500, got nan"),
    (lambda d: d.update(field=[60, 501]), "setup.field[1]: 501 is out of range (20 to 500)"),
    (lambda d: d.update(field=60), "setup.field: expected [width, height] in cm, got 60"),
    (lambda d: d.update(max_rounds=0), "setup.max_rounds: 0 is out of range (1 to 20)"),
    (lambda d: d.update(max_rounds=2.5),
     "setup.max_rounds: expected a whole number from 1 to 20, got 2.5"),
    (lambda d: d.update(budget=10**12), "setup.budget: 1000000000000 is out of range"),
    (lambda d: d.update(scenery_per_player=-1), "setup.scenery_per_player: -1 is out of range"),
    (lambda d: fighter(d).update(at=[math.inf, 3]),
     "setup.troops[0].fighters[0].at[0]: expected a finite number from -10000 to 10000, "
     "got inf"),
    (lambda d: fighter(d).update(at=[1, 2, 3]),
     "setup.troops[0].fighters[0].at: expected [x, y] in cm, got [1, 2, 3]"),
    (lambda d: fighter(d)["profile"]["limbs"]["arms"].update(white=999_999_999),
     "setup.troops[0].fighters[0].profile.limbs.arms.white: 999999999 is out of range "
     "(0 to 12)"),
    (lambda d: fighter(d)["profile"].update(value=10**6),
     "setup.troops[0].fighters[0].profile.value: 1000000 is out of range (0 to 200)"),
    (lambda d: d.update(troops="x"),
     "setup.troops must list exactly two troops (player A, player B)"),
    (lambda d: d["troops"][1].update(fighters=5),
     "setup.troops[1].fighters: expected a list of JSON objects, got 5"),
    (lambda d: d.update(abilities=[{"name": "Huge", "effects": [
        {"effect": "modify", "characteristic": "CBT", "delta": 10**9}]}]),
     "setup.abilities[0].effects[0]: parameter 'delta': 1000000000 is out of range"),
    (lambda d: d.update(equipment=["Gun (Shooting): Range(20), Str(999999999)"]),
     "'Str(999999999)' is out of range: Str(X) is 0 to 20"),
    (lambda d: d.update(preparation_skip="all"), "setup.preparation_skip: expected a list"),
])
def test_setup_numbers_are_bounded(change, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SetupError, match=re.escape(message)):
        EDEN.new_game(setup_with(change), seed=1)


def test_a_setup_that_is_not_a_mapping() -> None:
    with pytest.raises(SetupError, match=re.escape("setup: expected a JSON object, got [1, 2]")):
        EDEN.new_game([1, 2], seed=1)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="not JSON data"):
        EDEN.new_game(setup_with(lambda d: d.update(extra={1, 2})), seed=1)
