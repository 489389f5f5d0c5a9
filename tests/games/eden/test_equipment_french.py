"""Rulebook 8, the French original's equipment notation: ``Nom (Catégorie) : Bonus/Malus –
Effets`` ("Casque (Pr) : Tête+1"), read and printed into and from the same language-neutral
items as the English ``Name (Category): Bonus / Penalty - Effects``.

Line numbers are those of the French text (``000_…``, "FR l.N") and the English one
(``001_…``, "EN l.N"). The choices are in docs/rulings.md ("Rulebook 8: French card
notation")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from skirmish.games.eden.cards.equipment import (
    EFFECT_KEYWORDS,
    EFFECT_RANGES,
    LIMIT_RANGE,
    Category,
    Equipment,
    EquipmentPart,
    detect_language,
)
from skirmish.games.eden.cards.library import ContentError
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.content import load_library

from .content.helpers import library


# -- every equipment line of the French rulebook ------------------------------------------------
@pytest.mark.parametrize(
    ("line", "text", "canonical", "english"),
    [
        # FR l.302 (8.A, Pr): "Exemple : l'équipement Casque (Pr) : Tête+1 est un équipement de
        # protection …"; EN l.340 "Helmet (PR): head + 1".
        (302, "Casque (Pr) : Tête+1", "Casque (Pr) : Tête+1", "Casque (PR): head + 1"),
        # FR l.342 (Territory Management, Balise énergétique): "l'équipement Champ
        # gyromagnétique(Pr) : complète+2"; EN l.386 "Gyromagnetic Field (Pr): complete +2".
        (342, "Champ gyromagnétique(Pr) : complète+2", "Champ gyromagnétique (Pr) : Complète+2",
         "Champ gyromagnétique (Pr): complete +2"),
        # FR l.98 (1, Équipements): "Yûri possède les équipements suivants : Molotov et
        # Couteaux de lancer" (names only; the values are the sample cards', jokers.yaml).
        (98, "Molotov (Jet) : Brûlure(1), Portée(15), 1/partie",
         "Molotov (Jet) : Brûlure(1), Portée(15), 1/partie",
         "Molotov (Projectile): Burn(1), Range(15), 1/match"),
        (98, "Couteaux de lancer (Tir) : Portée(10), Pui(3)",
         "Couteaux de lancer (Tir) : Portée(10), Pui(3)",
         "Couteaux de lancer (Shooting): Range(10), Str(3)"),
        # FR l.294: "Nom (Catégorie) : Bonus/Malus – Effets", with the 8.B example "CBT+X"
        # (l.304) and the 8.C effects Portée (X) (l.308) and Pui(X) (l.310).
        (294, "Nom (Tir) : CBT+2 – Portée (20), Pui(3)", "Nom (Tir) : CBT+2 – Portée(20), Pui(3)",
         "Nom (Shooting): CBT +2 - Range(20), Str(3)"),
        # FR l.296-297: "Nom (Catégorie1/Catégorie2) : Bonus/Malus pour la catégorie 1 - Effets
        # pour la catégorie 1 / Bonus/Malus pour la catégorie 2 - Effets pour la catégorie 2".
        (296, "Nom (Tir/Jet) : CBT+1 - Portée(10), Pui(3) / RAP-1 - Portée(10), Explosif(2)",
         "Nom (Tir/Jet) : CBT+1 – Portée(10), Pui(3) / RAP-1 – Portée(10), Explosif(2)",
         "Nom (Shooting/Projectile): CBT +1 - Range(10), Str(3) / SPD -1 - Range(10), "
         "Explosive(2)"),
        # FR l.306: "Brûlure (X)", "Effrayant (X)", "Explosif (X)" (8.C), on a Souffle item
        # (8.A "Souffle", printed "Soufe" by the PDF extraction, l.298).
        (306, "Nom (Souffle) : Brûlure (1), Effrayant (2), Explosif (3)",
         "Nom (Souffle) : Brûlure(1), Effrayant(2), Explosif(3)",
         "Nom (Blast): Burn(1), Fear(2), Explosive(3)"),
        # FR l.310: "X/partie", "X/tour" (8.C).
        (310, "Nom (Jet) : Portée(15), 1/partie, 2/tour",
         "Nom (Jet) : Portée(15), 1/partie, 2/tour",
         "Nom (Projectile): Range(15), 1/match, 2/round"),
        # FR l.303: "Tech : … Cet attribut ne donne pas lieu à une section Bonus/Malus ou Effet".
        (303, "Nom (Tech)", "Nom (Tech)", "Nom (Tech)"),
    ],
)
def test_every_french_rulebook_example_parses(line: int, text: str, canonical: str,
                                              english: str) -> None:
    item = Equipment.parse(text)
    assert Equipment.parse(text, language="fr") == item
    assert item.to_text("fr") == canonical  # parse fr -> print fr: the canonical text
    assert Equipment.parse(canonical, language="fr") == item
    assert item.to_text("en") == str(item) == str(Equipment.parse(english))
    assert Equipment.parse(english, language="en") == item  # parse fr == parse en


def test_the_rulebook_examples_parsed_values() -> None:
    casque = Equipment.parse("Casque (Pr) : Tête+1")  # FR l.302
    assert casque == Equipment("Casque", (EquipmentPart(Category.PR, protects=(Limb.HEAD,),
                                                        protection=1),))
    champ = Equipment.parse("Champ gyromagnétique(Pr) : complète+2")  # FR l.342
    assert champ.name == "Champ gyromagnétique"
    assert (champ.parts[0].protects, champ.parts[0].protection) == (tuple(Limb), 2)
    molotov = Equipment.parse("Molotov (Jet) : Brûlure(1), Portée(15), 1/partie")
    assert molotov == library().equipment["Molotov"]  # the same card as the English one
    knives = Equipment.parse("Couteaux de lancer (Tir) : Portée(10), Pui(3)")
    assert knives.parts == library().equipment["Throwing knives"].parts
    assert knives.parts[0].range == 10.0 and knives.parts[0].effect("Str") == 3
    two = Equipment.parse("Nom (Tir/Jet) : CBT+1 - Portée(10), Pui(3) / RAP-1 - Portée(10), "
                          "Explosif(2)")  # FR l.296
    shooting, projectile = two.parts
    assert (shooting.category, shooting.characteristic, shooting.bonus) == (
        Category.SHOOTING, Characteristic.CBT, 1)
    assert (projectile.category, projectile.characteristic, projectile.bonus) == (
        Category.PROJECTILE, Characteristic.SPD, -1)
    assert projectile.effects == (("Range", 10), ("Explosive", 2))
    blast = Equipment.parse("Nom (Souffle) : Brûlure (1), Effrayant (2), Explosif (3)")
    assert blast.parts[0].effects == (("Burn", 1), ("Fear", 2), ("Explosive", 3))
    limits = Equipment.parse("Nom (Jet) : Portée(15), 1/partie, 2/tour").parts[0]
    assert (limits.per_match, limits.per_round) == (1, 2)


# -- every French word, both ways --------------------------------------------------------------
TRANSLATIONS = [
    # categories (8.A), CBT+X (8.B), Portée, Pui (8.C)
    ("Fusil (Tir) : CBT+1 – Portée(20), Pui(3)", "Fusil (Shooting): CBT +1 - Range(20), Str(3)"),
    ("Grenade (Jet) : Portée(15), Explosif(2), Brûlure(1), 1/partie",
     "Grenade (Projectile): Range(15), Explosive(2), Burn(1), 1/match"),
    ("Lance-flammes (Souffle) : Brûlure(1), Effrayant(1), 1/tour",
     "Lance-flammes (Blast): Burn(1), Fear(1), 1/round"),
    # the characteristics (1.6: PSI, CBT, VIG, RAP), a malus
    ("Bottes (Tech) : RAP-1", "Bottes (Tech): SPD -1"),
    ("Casque psi (Tech) : PSI+2", "Casque psi (Tech): PSI +2"),
    ("Gilet (Pr) : VIG-1", "Gilet (Pr): VIG -1"),
    # the limbs (1.4: la Tête, les Bras, le Torse et les Jambes) and Complète (8.A)
    ("Casque (Pr) : Tête+1", "Casque (Pr): head +1"),
    ("Bouclier (Pr) : Bras, Torse+1", "Bouclier (Pr): arms, torso +1"),
    ("Jambières (Pr) : Jambes+2", "Jambières (Pr): legs +2"),
    ("Armure (Pr) : Complète+2", "Armure (Pr): complete +2"),
    # the states of 9 (Poison, Rage, Ralentissement) as effects
    ("Fléchettes (Tir) : Portée(15), Pui(2), Poison(1), Rage(1), Ralentissement(1)",
     "Fléchettes (Shooting): Range(15), Str(2), Poison(1), Rage(1), Slowdown(1)"),
    # two categories (8)
    ("Lance (Tir/Jet) : CBT+1 – Portée(10), Pui(3) / Portée(10), Explosif(2)",
     "Lance (Shooting/Projectile): CBT +1 - Range(10), Str(3) / Range(10), Explosive(2)"),
    ("Pistolet (Tir) : Portée(20), Pui(3)", "Pistolet (Shooting): Range(20), Str(3)"),
    ("Scanner (Tech)", "Scanner (Tech)"),
]


@pytest.mark.parametrize(("french", "english"), TRANSLATIONS)
def test_french_and_english_give_the_same_item(french: str, english: str) -> None:
    item = Equipment.parse(french, language="fr")
    assert item == Equipment.parse(english, language="en") == Equipment.parse(french)
    assert item.to_text("fr") == french
    assert str(item) == item.to_text() == item.to_text("en") == english
    assert Equipment.parse(english).to_text("fr") == french


def test_every_keyword_has_a_french_word() -> None:
    words = {k: Equipment("X", (EquipmentPart(Category.SHOOTING, effects=((k, 1),)),))
             .to_text("fr") for k in EFFECT_KEYWORDS}
    assert words == {
        "Burn": "X (Tir) : Brûlure(1)", "Fear": "X (Tir) : Effrayant(1)",
        "Explosive": "X (Tir) : Explosif(1)", "Range": "X (Tir) : Portée(1)",
        "Str": "X (Tir) : Pui(1)", "Poison": "X (Tir) : Poison(1)",
        "Rage": "X (Tir) : Rage(1)", "Slowdown": "X (Tir) : Ralentissement(1)",
    }
    assert [c.word("fr") for c in Category] == ["Tir", "Jet", "Souffle", "Pr", "Tech"]


def test_every_sample_card_prints_in_french_and_reads_back() -> None:
    for item in library().equipment.values():
        french = item.to_text("fr")
        assert Equipment.parse(french, language="fr") == item, french
        assert Equipment.parse(french) == item
        assert Equipment.parse(french).to_text("fr") == french


# -- the ambiguities (docs/rulings.md) -----------------------------------------------------------
@pytest.mark.parametrize("text", [
    "Casque (Pr) : Tête+1",          # French typography: a space before ":" (FR l.294, l.302)
    "Casque (Pr): Tête+1",
    "Casque (Pr)\u00a0: Tête+1",     # a no-break space before ":"
    "Casque (Pr)\u202f:\u00a0Tête+1",  # a narrow no-break space
    "Casque(Pr):Tête+1",             # no space at all (FR l.342 "gyromagnétique(Pr)")
    "Casque (Pr) Tête+1",            # no colon (as the English l.332 two-category example)
    "Casque (Pr) : Tête + 1",
    "Casque (Pr) : Tête +1",
    "  Casque   (Pr)  :  Tête+1  ",
])
def test_spaces_and_colon_as_typed(text: str) -> None:
    item = Equipment.parse(text, language="fr")
    assert item.to_text("fr") == "Casque (Pr) : Tête+1"


@pytest.mark.parametrize(("accentless", "canonical"), [
    ("Lance-flammes (Souffle) : Brulure(1)", "Lance-flammes (Souffle) : Brûlure(1)"),
    ("Fusil (Tir) : Portee(20), Pui(3)", "Fusil (Tir) : Portée(20), Pui(3)"),
    ("Casque (Pr) : Tete+1", "Casque (Pr) : Tête+1"),
    ("Armure (Pr) : Complete+2", "Armure (Pr) : Complète+2"),
])
def test_accents_are_optional_and_printed(accentless: str, canonical: str) -> None:
    assert Equipment.parse(accentless, language="fr") == Equipment.parse(canonical)
    assert Equipment.parse(accentless).to_text("fr") == canonical


def test_case_of_words() -> None:
    # categories, characteristics and limbs: any case (the rulebook prints "Tête" and
    # "complète", "X/Partie" l.241)
    item = Equipment.parse("Casque (PR) : TÊTE+1", language="fr")
    assert item == Equipment.parse("Casque (Pr) : Tête+1")
    assert Equipment.parse("Bottes (tech) : rap-1 – 1/Partie", language="fr") == (
        Equipment.parse("Bottes (Tech): SPD -1 - 1/match"))
    assert Equipment.parse("Fusil (TIR) : Portée(20)").categories == (Category.SHOOTING,)
    # effect keywords: a capital initial, as printed (like the English "burn(1)")
    with pytest.raises(ValueError, match=re.escape(
            "Fusil: 'brûlure(1)' n'est pas un bonus/malus comme 'CBT+2'")):
        Equipment.parse("Fusil (Tir) : brûlure(1)")
    with pytest.raises(ValueError, match=re.escape("Fusil: effet inconnu 'PUI(3)'")):
        Equipment.parse("Fusil (Tir) : Portée(20), PUI(3)")


def test_effrayant_is_fear_pui_is_str_and_their_other_names() -> None:
    # 8.C: "Effrayant (X) : … provoque l'état Peur"; 6.B: "la Puissance (noté Pui(X))"
    gun = Equipment.parse("Fusil (Tir) : Peur(1), Puissance(3)", language="fr")
    assert gun.parts[0].effects == (("Fear", 1), ("Str", 3))
    assert gun.to_text("fr") == "Fusil (Tir) : Effrayant(1), Pui(3)"
    assert gun == Equipment.parse("Fusil (Tir) : Effrayant(1), Pui(3)")


def test_souffle_is_blast_and_jet_is_projectile() -> None:
    assert Equipment.parse("A (Souffle) : Brûlure(1)").categories == (Category.BLAST,)
    assert Equipment.parse("A (Jet) : Portée(10)").categories == (Category.PROJECTILE,)
    assert Equipment.parse("A (Jet/Tir)", language="fr").categories == (
        Category.PROJECTILE, Category.SHOOTING)
    # "Soufe" is the PDF extraction's "Souffle" without its ligature, not a word
    with pytest.raises(ValueError, match="catégorie d'équipement inconnue 'Soufe'"):
        Equipment.parse("A (Soufe)", language="fr")


@pytest.mark.parametrize(("text", "message"), [
    ("Fusil (Tir) : Portée(7,5), Pui(3)",
     "Fusil: 'Portée(7,5)' a une valeur décimale ; les valeurs sont des nombres entiers"),
    ("Gun (Shooting): Range(7.5), Str(3)",
     "Gun: 'Range(7.5)' has a decimal value; values are whole numbers"),
])
def test_a_decimal_value_is_refused_not_split(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Equipment.parse(text)


@pytest.mark.parametrize("dash", ["-", "–", "—"])
def test_the_bonus_and_effects_dash(dash: str) -> None:
    item = Equipment.parse(f"Fusil (Tir) : CBT+1 {dash} Portée(20)")
    assert item.to_text("fr") == "Fusil (Tir) : CBT+1 – Portée(20)"
    assert str(item) == "Fusil (Shooting): CBT +1 - Range(20)"


def test_detecting_the_language() -> None:
    assert detect_language("Casque (Pr) : Tête+1") == "fr"
    assert detect_language("Helmet (Pr): head +1") == "en"
    assert detect_language("Fusil (Tir) : CBT+1") == "fr"
    # the name is free text: "Tir", "Round" in a name tell nothing
    assert detect_language("Tir de barrage (Shooting): Range(10)") == "en"
    assert detect_language("Round shield (Pr) : Bras+1") == "fr"
    # shared words only (Pr, Tech, PSI, CBT, VIG, Poison, Rage, "complete") or a tie: None
    assert detect_language("Scanner (Tech)") is None
    assert detect_language("Armour (Pr): complete +1") is None
    assert detect_language("Armure (Pr) : Complète+1") == "fr"
    assert detect_language("Knife (Shooting): 1/partie, Str(2), 2/tour") is None
    assert detect_language("not an item") is None


def test_undeclared_mixed_text_still_reads() -> None:
    # language=None accepts both vocabularies (the older "1/partie", "RAP", "Tir" inputs)
    knife = Equipment.parse("Knife (Tir): 1/partie, Str(2), Portée(3), 2/round")
    assert str(knife) == "Knife (Shooting): Str(2), Range(3), 1/match, 2/round"


@pytest.mark.parametrize(("text", "language", "message"), [
    # a declared language accepts its own words only, and says what to write
    ("Fusil (Tir) : Range(20)", "fr", "Fusil: effet inconnu 'Range(20)' (attendu Brûlure, "
     "Effrayant, Explosif, Portée, Pui, Poison, Rage, Ralentissement avec une valeur entre "
     "parenthèses, ou N/partie, N/tour) (en français : Portée(20))"),
    ("Fusil (Shooting) : Portée(20)", "fr", "Fusil: catégorie d'équipement inconnue "
     "'Shooting' (attendu Tir, Jet, Souffle, Pr, Tech) (en français : Tir)"),
    ("Fusil (Tir) : SPD+1", "fr", "Fusil: 'SPD+1' n'est pas un bonus/malus comme 'CBT+2' "
     "(en français : RAP+1)"),
    ("Casque (Pr) : head+1", "fr", "Casque: les membres protégés sont Tête, Bras, Torse, "
     "Jambes ou Complète, pas 'head' (en français : Tête+1)"),
    ("Fusil (Tir) : Portée(20), 1/match", "fr", "Fusil: effet inconnu '1/match'"),
    ("Gun (Shooting): Portée(20)", "en", "Gun: unknown effect 'Portée(20)' (expected Burn, "
     "Fear, Explosive, Range, Str, Poison, Rage, Slowdown with a value in brackets, or "
     "N/match, N/round) (in English: Range(20))"),
    ("Gun (Tir): Range(20)", "en", "Gun: unknown equipment category 'Tir' (expected "
     "Shooting, Projectile, Blast, Pr, Tech) (in English: Shooting)"),
    ("Boots (Tech): RAP -1", "en", "Boots: 'RAP -1' is not a bonus/penalty like 'CBT +2' "
     "(in English: SPD -1)"),
    # undeclared: the errors speak the language detected
    ("Fusil (Tir) : Portée(20), Zap(2)", None, "Fusil: effet inconnu 'Zap(2)' (attendu "),
    ("Fusil (Laser) : Portée(20)", None, "Fusil: catégorie d'équipement inconnue 'Laser' "
     "(attendu Tir, Jet, Souffle, Pr, Tech)"),
    ("Fusil (Tir) : Tête+1", None, "Fusil: 'Tête+1' n'est pas un bonus/malus comme 'CBT+2'"),
    ("Casque (Pr) : Chapeau, Tête+1", None, "Casque: les membres protégés sont Tête, Bras, "
     "Torse, Jambes ou Complète, pas 'Chapeau, Tête'"),
    ("Fusil (Tir) : Portée(3) / Pui(2)", None, "Fusil: 2 descriptions pour 1 catégories"),
    ("Casque", "fr", "'Casque': un équipement s'écrit 'Nom (Catégorie) : Bonus/Malus – Effets'"),
    ("Casque (Pr) : Tête+1", "de", "language must be 'en', 'fr' or None (detect), got 'de'"),
])
def test_french_errors_name_the_item(text: str, language: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Equipment.parse(text, language=language)


# -- property: printing in French then reading gives the same item ------------------------------
NAMES = st.from_regex(r"[A-Za-zÀÉàéèüö][A-Za-zÀÉàéèüö0-9' -]{0,16}[A-Za-z0-9]", fullmatch=True)


@st.composite
def items(draw: st.DrawFn) -> Equipment:
    drawn = []
    for category in draw(st.lists(st.sampled_from(list(Category)), min_size=1, max_size=2)):
        fields: dict[str, object] = {"category": category}
        if category is Category.PR and draw(st.booleans()):
            limbs = draw(st.lists(st.sampled_from(list(Limb)), min_size=1, unique=True))
            fields["protects"] = tuple(limb for limb in Limb if limb in limbs)
            fields["protection"] = draw(st.integers(min_value=0, max_value=5))
        elif draw(st.booleans()):
            fields["characteristic"] = draw(st.sampled_from(list(Characteristic)))
            fields["bonus"] = draw(st.integers(min_value=-5, max_value=5))
        fields["effects"] = tuple(draw(st.lists(st.sampled_from(EFFECT_KEYWORDS).flatmap(
            lambda k: st.tuples(st.just(k), st.integers(*EFFECT_RANGES[k]))), max_size=4)))
        fields["per_match"] = draw(st.none() | st.integers(*LIMIT_RANGE))
        fields["per_round"] = draw(st.none() | st.integers(*LIMIT_RANGE))
        drawn.append(EquipmentPart(**fields))  # type: ignore[arg-type]
    if len(drawn) > 1:
        assume(all(str(p) for p in drawn))
    return Equipment(draw(NAMES), tuple(drawn))


@given(items())
def test_french_notation_round_trip(item: Equipment) -> None:
    french = item.to_text("fr")
    assert Equipment.parse(french, language="fr") == item
    assert Equipment.parse(french) == item
    assert Equipment.parse(french).to_text("fr") == french
    assert Equipment.parse(item.to_text("en"), language="en") == item


# -- content files in French (library.py) --------------------------------------------------------
ZED = """
fighters:
- name: Zed
  faction: Jokers
  stigma: Chaos
  types: [Human]
  value: 10
  limbs:
    head: {white_cp: 1, red_cp: 1, white: 3, red: 2, faces: [1]}
    arms: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [4, 5]}
    legs: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [6]}
  equipment: [Casque, Pistolet, 'Couteau (Tir) : Portée(5), Pui(2)']
"""


def _folder(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    (folder / "mine.yaml").write_text(text, encoding="utf-8")
    return folder


def test_content_in_french_per_file_per_card_or_detected(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "language: fr\nequipment:\n"
                     "- 'Casque (Pr) : Tête+1'\n"
                     "- {notation: 'Gun (Shooting): Range(20), Str(3)', language: en}\n"
                     + ZED)
    (folder / "more.yaml").write_text(
        "equipment:\n- 'Pistolet (Tir) : Portée(20), Pui(3)'\n"   # detected
        "- {notation: 'Lance-flammes (Souffle) : Brûlure(1), 1/tour', language: fr}\n",
        encoding="utf-8")
    lib = load_library([folder])
    assert lib.equipment["Casque"] == Equipment.parse("Casque (Pr): head +1")
    assert lib.equipment["Gun"] == Equipment.parse("Gun (Shooting): Range(20), Str(3)")
    assert lib.equipment["Pistolet"].parts == lib.equipment["Gun"].parts
    assert str(lib.equipment["Lance-flammes"]) == "Lance-flammes (Blast): Burn(1), 1/round"
    assert lib.fighters["Zed"].equipment[:2] == ("Casque", "Pistolet")


@pytest.mark.parametrize(("text", "message"), [
    ("language: fr\nequipment:\n- 'Fusil (Tir) : Portée(20), Zap(2)'\n",
     "mine.yaml: 'Fusil': field 'Fusil': effet inconnu 'Zap(2)' (attendu Brûlure, Effrayant, "
     "Explosif, Portée, Pui, Poison, Rage, Ralentissement avec une valeur entre parenthèses, "
     "ou N/partie, N/tour)"),
    ("equipment:\n- 'Fusil (Tir) : Portée(20), Zap(2)'\n",  # detected
     "mine.yaml: 'Fusil': field 'Fusil': effet inconnu 'Zap(2)'"),
    ("language: fr\nequipment:\n- 'Fusil (Tir) : Range(20)'\n",
     "mine.yaml: 'Fusil': field 'Fusil': effet inconnu 'Range(20)' (attendu Brûlure"),
    ("equipment:\n- 'Fusil (Tir) : Portée(7,5)'\n",
     "mine.yaml: 'Fusil': field 'Fusil': 'Portée(7,5)' a une valeur décimale"),
    ("equipment:\n- {notation: 'Fusil (Tir) : Range(20)', language: fr}\n",
     "mine.yaml: 'Fusil': field 'notation': effet inconnu 'Range(20)'"),
    ("equipment:\n- {notation: 'Fusil (Tir) : Portée(20)', language: de}\n",
     "mine.yaml: 'Fusil': field 'language': expected 'fr' or 'en', got 'de'"),
    ("equipment:\n- {notation: 'Fusil (Tir) : Portée(20)', lang: fr}\n",
     "mine.yaml: 'Fusil': field 'lang': unknown field"),
    ("equipment:\n- {language: fr}\n", "mine.yaml: {'language': 'fr'}: field 'notation': "
     "is required"),
    ("language: de\nequipment: []\n", "mine.yaml: field 'language': expected 'fr' or 'en', "
     "got 'de'"),
])
def test_malformed_french_content_names_file_card_field_and_expectation(
        tmp_path: Path, text: str, message: str) -> None:
    folder = _folder(tmp_path, text)
    with pytest.raises(ContentError) as info:
        load_library([folder], builtin=False)
    assert str(info.value).replace(str(folder) + "/", "").startswith(message), str(info.value)


# -- skirmish cards show --language ---------------------------------------------------------------
def test_cards_show_prints_equipment_in_french(tmp_path: Path) -> None:
    import json

    import typer

    from skirmish.cli.cards_cmd import cards_app

    app = typer.Typer()
    app.add_typer(cards_app, name="cards")
    runner = CliRunner()
    out = runner.invoke(app, ["cards", "show", "Molotov", "--language", "fr"]).output
    assert "Equipment: Molotov (Jet) : Brûlure(1), Portée(15), 1/partie [sample]" in out
    out = runner.invoke(app, ["cards", "show", "yuri", "--language", "fr"]).output
    assert "Equipment: Throwing knives (Tir) : Portée(10), Pui(3)" in out
    out = runner.invoke(app, ["cards", "show", "yuri"]).output  # English stays the default
    assert "Equipment: Molotov (Projectile): Burn(1), Range(15), 1/match" in out
    out = runner.invoke(app, ["cards", "show", "Helmet", "--language", "fr", "--json"]).output
    assert json.loads(out)["text"] == "Helmet (Pr) : Tête+1"
    result = runner.invoke(app, ["cards", "show", "Helmet", "--language", "de"])
    assert result.exit_code == 2 and "--language: expected en or fr, got 'de'" in result.output
    # a French file: its cards shown as typed by default, in either language on request
    folder = _folder(tmp_path, "language: fr\nequipment:\n- 'Casque (Pr) : Tête+1'\n"
                     "- 'Pistolet (Tir) : Portée(20), Pui(3)'\n" + ZED)
    out = runner.invoke(app, ["cards", "--content", str(folder), "show", "Zed"]).output
    assert "Equipment: Casque (Pr): head +1" in out
    assert "Equipment: Couteau (Tir) : Portée(5), Pui(2)" in out
    out = runner.invoke(app, ["cards", "--content", str(folder), "show", "Zed",
                              "--language", "fr"]).output
    assert "Equipment: Casque (Pr) : Tête+1" in out
    assert "Equipment: Pistolet (Tir) : Portée(20), Pui(3)" in out
    out = runner.invoke(app, ["cards", "--content", str(folder), "show", "Zed",
                              "--language", "en"]).output
    assert "Equipment: Couteau (Shooting): Range(5), Str(2)" in out
