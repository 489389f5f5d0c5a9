"""ME40: the content library: every sample card loads and is marked sample; malformed
content names file, card, field and what was expected, and loads nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.core.names import UnknownNameError
from skirmish.games.masseffect.cards.library import CONTENT_DIR, ContentError, load_library
from skirmish.games.masseffect.cards.powers import Target
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.weapons import Weapon, WeaponKind

from .fixtures import VETERAN_DRAFT

LIB = load_library()


def test_every_sample_card_loads_and_is_marked_sample() -> None:
    """ME40: 4 factions of 5+ profiles, weapons, powers, 3+ scenarios, 4 bands; every card
    is sample content, and every file says so."""
    counts = {f: sum(p.faction == f for p in LIB.profiles.values()) for f in LIB.factions()}
    assert set(counts) == {"Alliance", "Cerberus", "Geth", "Mercenaires"}
    assert min(counts.values()) >= 5
    assert len(LIB.weapons) >= 10 and len(LIB.powers) >= 8
    assert len(LIB.scenarios) >= 3 and len(LIB.bands) >= 4
    assert all(origin.sample for origin in LIB.origin.values())
    for path in CONTENT_DIR.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "ORIGINAL SAMPLE CONTENT" in text and "sample: true" in text, path.name


def test_the_drafts_veteran_is_a_sample_card() -> None:
    """ME5: the sample file holds the draft's profile verbatim; it loads as the fixture."""
    veteran = LIB.profile("mercenaire veteran")
    assert veteran == Profile.parse(VETERAN_DRAFT, faction="Mercenaires")
    assert VETERAN_DRAFT in (CONTENT_DIR / "mercenaires.yaml").read_text(encoding="utf-8"
                                                                         ).replace("    ", "")


def test_sample_cards_cover_the_issue() -> None:
    """ME32-ME37: heroes and named heroes, every power kind, the six classic powers, gear
    that heals, the three victory conditions."""
    assert any(p.is_hero and not p.unique for p in LIB.profiles.values())
    assert any(p.arsenal for p in LIB.profiles.values())
    assert {p.kind.french for p in LIB.powers.values()} == {"biotique", "tech", "autre"}
    for name in ("Projection", "Attraction", "Distorsion", "Surcharge", "Incinération",
                 "Singularité"):
        assert LIB.power(name).attacks
    assert LIB.power("Singularité").target is Target.POINT
    medigel = LIB.weapon("Medigel")
    assert medigel.kind is WeaponKind.GEAR and medigel.effects[0].kind == "heal"
    assert {s.victory.kind for s in LIB.scenarios.values()} == {
        "eliminate", "hold_objectives", "extract_data"}
    for weapon in LIB.weapons.values():
        assert Weapon.parse(weapon.to_text()).to_text() == weapon.to_text()
    for profile in LIB.profiles.values():
        assert Profile.parse(profile.to_text()) == profile


def test_names_are_found_as_players_type_them() -> None:
    assert LIB.profile("primat").name == "Primat geth"
    assert LIB.faction("geth") == "Geth"
    assert LIB.scenario("extraction").name == "Extraction de données"
    with pytest.raises(UnknownNameError, match="did you mean"):
        LIB.weapon("Fusil mitraileur")


def write(folder: Path, text: str, name: str = "mine.yaml") -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


PROFILE = """faction: Geth
profiles:
- |
  Zed (3 points) :
  Tir : {shoot}
  Défense : 5+
  Mêlée : 5+
  Qualité : 5+
  Vitalité : 2
  Héroïsme : -
  Traits : {traits}
  Équipement : {equipment}
"""


def profile(shoot: str = "4+", traits: str = "-", equipment: str = "Pistolet lourd") -> str:
    return PROFILE.format(shoot=shoot, traits=traits, equipment=equipment)


@pytest.mark.parametrize(("text", "message"), [
    (profile(shoot="4"), "mine.yaml: profile 'Zed': field 'Tir': '4' is not a threshold"),
    (profile(traits="Volant"), "mine.yaml: profile 'Zed': field 'Traits': unknown trait "
                               "'Volant'"),
    (profile(equipment="Pistolet lourd, Laser"),
     "mine.yaml: profile 'Zed': field 'Équipement[1]': no weapon 'Laser'"),
    (profile(equipment="pistolet lourd"), "field 'Équipement[0]': no weapon 'pistolet lourd': "
                                          "write its exact name 'Pistolet lourd'"),
    (profile(equipment="Pistolet lourd, Médigel, Omni-lame"),
     "mine.yaml: profile 'Zed': field 'Équipement': 3 items, the limit is 2 (not a hero, ME7)"),
    (profile(traits="Projection (tech)"), "mine.yaml: profile 'Zed': field 'Traits': "
                                          "Projection (tech) but the power card 'Projection' "
                                          "is biotique"),
    (profile(traits="Téléportation (biotique)"),
     "field 'Traits': no power 'Téléportation'"),
    (profile().replace("faction: Geth\n", ""),
     "mine.yaml: profile 'Zed': field 'faction': is required"),
    ("profiles:\n- {name: Zed, points: 3, faction: Geth, shoot: 7, defence: 4, melee: 4, "
     "quality: 4, vitality: 2}\n",
     "mine.yaml: profile 'Zed': field 'shoot': expected less than or equal to 6, got 7"),
    ("profiles:\n- {name: Zed, points: 3, faction: Geth, shoot: 4, defence: 4, melee: 4, "
     "quality: 4, vitality: 2, traits: [Volant]}\n",
     "mine.yaml: profile 'Zed': field 'traits[0]': unknown trait 'Volant'"),
    ("weapons:\n- 'Laser (Tir) : Dégâts (1)'\n",
     "mine.yaml: weapon 'Laser': field 'notation': Portée: a ranged weapon has a range"),
    ("weapons:\n- Laser (Tir) : Portée (8), Dégâts (1)\n",
     "mine.yaml: weapon 'Laser': expected the notation 'Nom (Tir) : Portée (X), Dégâts (X)' "
     "as a text, or {notation: …, effects: [...]}, got {'Laser (Tir)': 'Portée (8), Dégâts "
     "(1)'} (quote the notation: in YAML an unquoted ' : ' makes a mapping)"),
    ("weapons:\n- {notation: 'Kit (Équipement)', effects: [{kind: heal}]}\n",
     "mine.yaml: weapon 'Kit': field 'notation': effects[0]: effect 'heal' needs parameter "
     "'amount'"),
    ("powers:\n- {name: Zap, kind: tech, range: 8, effects: [{kind: damage}]}\n",
     "mine.yaml: power 'Zap': field 'effects[0]': effect 'damage' needs parameter 'amount'"),
    ("powers:\n- {name: Zap, kind: tech, range: 80, effects: [{kind: damage, amount: 1}]}\n",
     "mine.yaml: power 'Zap': field 'range': expected less than or equal to 36, got 80"),
    ("powers:\n- {name: Zap, kind: psionique, effects: [{kind: damage, amount: 1}]}\n",
     "mine.yaml: power 'Zap': field 'kind': expected 'biotique', 'tech', 'autre'"),
    ("powers:\n- {name: Zap, kind: tech, effects: []}\n",
     "mine.yaml: power 'Zap': field 'effects': expected at least 1 item(s), got []"),
    ("scenarios:\n- {name: Raid, victory: {kind: capture}}\n",
     "mine.yaml: scenario 'Raid': field 'victory': unknown victory kind 'capture' (expected "
     "eliminate, hold_objectives, extract_data)"),
    ("scenarios:\n- {name: Raid, victory: {kind: eliminate}, markers: [{kind: objective, "
     "at: [30, 40]}]}\n",
     "mine.yaml: scenario 'Raid': field 'markers[0].at': [30, 40] is off the 36 x 36 pas "
     "table"),
    ("scenarios:\n- {name: Raid, victory: {kind: hold_objectives}}\n",
     "mine.yaml: scenario 'Raid': field 'markers': hold_objectives needs at least one "
     "objective marker"),
    ("scenarios:\n- {name: Raid, turns: 20, victory: {kind: eliminate}}\n",
     "mine.yaml: scenario 'Raid': field 'turns': expected less than or equal to 12, got 20"),
    ("bands:\n- {name: Bande, figures: [Zorglub]}\n",
     "mine.yaml: band 'Bande': field 'figures[0]': no profile 'Zorglub'"),
    ("bands:\n- {name: Bande, figures: [{profile: Mercenaire, equipment: [Laser]}]}\n",
     "mine.yaml: band 'Bande': field 'figures[0].equipment': no weapon 'Laser'"),
    ("missions:\n- {name: Raid}\n",
     "mine.yaml: field 'missions': unknown section (expected sample, faction, profiles"),
    ("- just a list\n", "mine.yaml: expected a mapping with sections profiles"),
    ("profiles: [\n", "mine.yaml: broken YAML: line 2, column 1"),
    ("a: &x [1]\nb: *x\n", "mine.yaml: broken YAML: line 2, column 4: an alias (*x)"),
])
def test_malformed_content_names_file_card_and_field(tmp_path: Path, text: str,
                                                     message: str) -> None:
    """ME40: errors name the file, the card, the field and what was expected."""
    with pytest.raises(ContentError) as error:
        load_library([write(tmp_path / "content", text)])
    assert message in str(error.value), str(error.value)


def test_nothing_is_loaded_half_way(tmp_path: Path) -> None:
    """ME40: one bad card anywhere and no library is returned; a good folder replaces and
    adds cards by name (whatever the spelling); a duplicate in one folder is refused."""
    good = write(tmp_path / "mine", "weapons:\n- 'Pistolet lourd (Tir) : Portée (12), "
                                    "Dégâts (1)'\n- 'Laser (Tir) : Portée (9), Dégâts (D2)'\n")
    lib = load_library([good])
    assert lib.weapons["Pistolet lourd"].range == 12 and "Laser" in lib.weapons
    assert not lib.is_sample("weapons", "Laser") and lib.origin[("weapons", "Laser")].file
    write(good, "powers:\n- {name: Zap, kind: tech, effects: [{kind: nothing}]}\n", "z.yaml")
    with pytest.raises(ContentError, match=r"z\.yaml: power 'Zap'"):
        load_library([good])
    twice = write(tmp_path / "twice", "weapons:\n- 'Laser (Tir) : Portée (9), Dégâts (1)'\n"
                                      "- 'LASER (Tir) : Portée (9), Dégâts (1)'\n")
    with pytest.raises(ContentError, match="field 'name': duplicate name: 'LASER' is already"):
        load_library([twice])
    respelled = write(tmp_path / "respelled", "weapons:\n- 'pistolet LOURD (Tir) : Portée "
                                              "(11), Dégâts (1)'\n")
    with pytest.raises(ContentError, match="no weapon 'Pistolet lourd': write its exact name "
                                           "'pistolet LOURD'"):
        load_library([respelled])  # replaced by its new spelling: the profiles' name is gone


def test_a_missing_folder_and_an_empty_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="nowhere: no such folder"):
        load_library([tmp_path / "nowhere"])
    assert load_library([write(tmp_path / "empty", "")]).profiles == LIB.profiles
