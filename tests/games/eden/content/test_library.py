"""The card library: every sample card loads and validates; the rulebook's facts are kept;
malformed content gives a precise message naming file, card, field and expectation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skirmish.games.eden.cards.equipment import Equipment
from skirmish.games.eden.cards.library import ContentError
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.cards.troops import suggest
from skirmish.games.eden.content import load_library

from .helpers import library

LIB = library()


def test_every_sample_card_loads_and_is_marked_sample() -> None:
    assert {f: sum(p.faction == f for p in LIB.fighters.values()) >= 5
            for f in LIB.factions()} == dict.fromkeys(
        ["Bamaka", "I.S.C.", "Jokers", "Matriarchy"], True)
    assert len(LIB.missions) >= 8 and len(LIB.tactical) >= 10 and len(LIB.abilities) >= 20
    # the rulebook's 13 sceneries and 4 ORIGINAL ones (Territory Management's keywords)
    assert len(LIB.scenery) == 17 and LIB.npfs
    assert all(o.sample for o in LIB.origin.values())
    content = Path(__file__).parents[4] / "src/skirmish/games/eden/cards/content"
    for path in content.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "SAMPLE CONTENT" in text and "sample: true" in text, path.name


def test_the_rulebooks_facts() -> None:
    yuri = LIB.fighters["Yuri"]
    # Rulebook 1.D, value: FR "La valeur de Yûri est de 25", EN "The value of Yuri is 20";
    # the French original wins (docs/rulings.md).
    assert (yuri.faction, yuri.stigma, yuri.types, yuri.value) == ("Jokers", "Chaos",
                                                                  ("Human",), 25)
    assert [lp.white for lp in yuri.limbs] == [4, 4, 4, 5]
    head = yuri.limb(Limb.HEAD)
    assert (head.white_cp, head.red_cp, head.red, head.faces) == (2, 2, 3, (1,))
    assert set(yuri.equipment) == {"Molotov", "Throwing knives"}
    assert LIB.fighters["Vladd"].limb(Limb.ARMS).white == 6
    assert "Flamethrower" in LIB.fighters["Vladd"].equipment
    assert LIB.fighters["Abama Big-Belly"].limb(Limb.ARMS).white == 4
    assert LIB.fighters["Ngobo Quick-Arm"].limb(Limb.ARMS).red == 4
    elenia = LIB.fighters["Elenia"]
    assert elenia.faction == "Matriarchy" and elenia.location(5) == Limb.TORSO
    assert LIB.abilities[elenia.abilities[0]].effects[0].effect == "shift-location"
    values = {n: LIB.fighters[n].value for n in ("Sabaka", "Ngwane", "Tarar", "Sekongo",
                                                  "Dacke", "Folayan", "Ngobo Quick-Arm",
                                                  "Abama Big-Belly", "Mark", "Henrich")}
    assert values == {"Sabaka": 50, "Ngwane": 30, "Tarar": 30, "Sekongo": 30, "Dacke": 10,
                      "Folayan": 10, "Ngobo Quick-Arm": 25, "Abama Big-Belly": 20,
                      "Mark": 25, "Henrich": 20}
    jokers = {"Vladd", "Anton", "Ievgeni", "Yuri"}
    assert jokers <= {n for n, p in LIB.fighters.items() if p.faction == "Jokers"}
    assert "Adrenalin" in LIB.tactical and "Contaminated Area" in LIB.tactical
    assert any(e.effect == "hold-objectives" for m in LIB.missions.values() for e in m.effects)
    assert len(suggest(LIB, "faction", "I.S.C.").fighters) == 3
    bamaka = suggest(LIB, "faction", "Bamaka", include=["Ngwane", "Tarar", "Abama Big-Belly"])
    assert len(bamaka.fighters) == 5


def test_the_13_sceneries_and_their_keywords() -> None:
    assert list(LIB.scenery)[:13] == ["Tree", "Bushes", "Car wreck", "Wall", "Crumbling wall",
                                      "Dark wood", "Pond", "Devastated area", "Energy Beacon",
                                      "Quarterist Idol", "Waste Pile", "Lake", "Deep river"]
    # then ORIGINAL sample sceneries for the keywords the list does not use
    assert list(LIB.scenery)[13:] == ["Ruined tower", "Rock spur", "Ravine", "Rubble"]
    assert LIB.scenery["Ruined tower"].height == 6 and LIB.scenery["Rubble"].has("Hiding")
    wood = LIB.scenery["Dark wood"]
    assert (wood.cost, wood.keyword("Obstruction"), wood.keyword("Obstacle")) == (2, 2, 3)
    assert wood.has("Flammable") and wood.card.passable and wood.card.can_end_on
    assert wood.card.move_cost == 2 and wood.card.obstacle_count == 3
    assert LIB.scenery["Car wreck"].card.sight == "opaque"
    assert not LIB.scenery["Lake"].card.passable and LIB.scenery["Lake"].keyword("Swimming") == 4


def test_equipment_notation_round_trips() -> None:
    for item in LIB.equipment.values():
        assert str(Equipment.parse(str(item))) == str(item)
    assert str(LIB.equipment["Molotov"]) == "Molotov (Projectile): Burn(1), Range(15), 1/match"


def write(folder: Path, text: str, name: str = "mine.yaml") -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


FIGHTER = """
fighters:
- name: Zed
  faction: Jokers
  stigma: Chaos
  types: [Human]
  value: {value}
  limbs:
    head: {{white_cp: 1, red_cp: 1, white: 3, red: 2, faces: [1]}}
    arms: {{white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}}
    torso: {{white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [4, 5]}}
    legs: {{white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [6]}}
  equipment: [{equipment}]
  abilities: [{abilities}]
"""


def fighter(value="15", equipment="Pistol", abilities="") -> str:
    return FIGHTER.format(value=value, equipment=equipment, abilities=abilities)


@pytest.mark.parametrize(("text", "message"), [
    (fighter(value='"fifteen"'),
     "mine.yaml: fighter 'Zed': field 'value': expected a valid integer, got 'fifteen'"),
    (fighter(value="250"), "mine.yaml: fighter 'Zed': field 'value': expected less than or "
                           "equal to 200, got 250"),
    (fighter(equipment="Laser sword"), "mine.yaml: fighter 'Zed': field 'equipment[0]': "
                                       "unknown equipment 'Laser sword'"),
    (fighter(abilities="Flying"), "mine.yaml: fighter 'Zed': field 'abilities[0]': unknown "
                                  "ability 'Flying'"),
    (fighter().replace("faces: [6]", "faces: [7]"),
     "mine.yaml: fighter 'Zed': field 'limbs.legs.faces[0]': expected less than or equal to "
     "6, got 7"),
    (fighter().replace("faces: [6]", "faces: [5]"),
     "mine.yaml: fighter 'Zed': field 'limbs': limb faces must cover 1-6 exactly once, 5 is "
     "on both the torso and the legs"),
    (fighter().replace("  types", "  colour: red\n  types"),
     "mine.yaml: fighter 'Zed': field 'colour': unknown field"),
    ("abilities:\n- {name: Odd, effects: [{effect: teleport}]}\n",
     "mine.yaml: ability 'Odd': field 'effects[0]': unknown effect 'teleport' (expected one of"),
    ("abilities:\n- {name: Odd, effects: [{effect: modify, characteristic: CBT, delta: two}]}\n",
     "mine.yaml: ability 'Odd': field 'effects[0]': effect 'modify' parameter 'delta' must be "
     "int, got 'two'"),
    ("abilities:\n- {name: Odd, cost_ap: 5}\n",
     "mine.yaml: ability 'Odd': field 'cost_ap': expected less than or equal to 3, got 5"),
    ("tactical:\n- {name: Odd, cancellation: 0}\n",
     "mine.yaml: tactical card 'Odd': field 'cancellation': expected greater than or equal to "
     "1, got 0"),
    ("missions:\n- {name: Odd, deployment: parachute}\n",
     "mine.yaml: mission 'Odd': field 'deployment': expected 'confrontation' or 'ambush', got "
     "'parachute'"),
    ("scenery:\n- {name: Rock, radius: 2, keywords: [Bouncy]}\n",
     "mine.yaml: scenery 'Rock': unknown scenery keyword 'Bouncy'"),
    ("equipment:\n- 'Raygun (Zapping): Range(10)'\n",
     "mine.yaml: 'Raygun': field 'Raygun': unknown equipment category 'Zapping'"),
    ("missions:\n- {name: Odd}\n- {name: odd}\n",
     "mine.yaml: mission 'odd': field 'name': duplicate name: 'odd' is already defined in "
     "mine.yaml"),
    ("fighters: [\n  {name: Zed\n", "mine.yaml: broken YAML: line"),
    ("- just a list\n", "mine.yaml: expected a mapping with sections"),
    ("weapons: []\n", "mine.yaml: field 'weapons': unknown section"),
])
def test_malformed_content_names_file_card_field_and_expectation(
        tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        load_library([write(tmp_path / "cards", text)])
    assert str(info.value).replace(str(tmp_path / "cards") + "/", "").startswith(message), \
        str(info.value)


def test_duplicates_across_files_of_one_folder(tmp_path: Path) -> None:
    folder = write(tmp_path / "c", "tactical:\n- {name: Trick}\n", "a.yaml")
    write(folder, "tactical:\n- {name: Trick}\n", "b.yaml")
    with pytest.raises(ContentError, match=re.escape(
            "b.yaml: tactical card 'Trick': field 'name': duplicate name: 'Trick' is already "
            "defined in")):
        load_library([folder])


def test_a_folder_adds_and_overrides_cards_and_nothing_loads_half_way(tmp_path: Path) -> None:
    mine = write(tmp_path / "mine", fighter().replace("name: Zed", "name: Yuri"))
    lib = load_library([mine])
    assert lib.fighters["Yuri"].value == 15 and not lib.is_sample("fighters", "Yuri")
    assert lib.fighters["Vladd"].value == 30  # the rest is still there
    broken = write(tmp_path / "broken", fighter(equipment="Laser sword"))
    with pytest.raises(ContentError):
        load_library([mine, broken])
    assert load_library().fighters["Yuri"].value == 25  # nothing kept from a failed load
    with pytest.raises(ContentError, match="no such folder"):
        load_library([tmp_path / "missing"])
    (tmp_path / "a-file").write_text("name: x\n", encoding="utf-8")
    with pytest.raises(ContentError, match="expected a folder"):
        load_library([tmp_path / "a-file"])
