"""Rulebook 8, Equipment notation: ``Name (Category): Bonus / Penalty - Effects``."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from skirmish.games.eden.cards.equipment import (
    EFFECT_KEYWORDS,
    EFFECT_RANGES,
    LIMIT_RANGE,
    Category,
    Equipment,
    EquipmentPart,
)
from skirmish.games.eden.cards.profile import Characteristic, Limb

# -- examples ------------------------------------------------------------------------------------
EXAMPLES = [
    "Molotov (Projectile): Burn(1), Range(15), 1/match",
    "Throwing knives (Shooting): Range(10), Str(3)",
    "Flamethrower (Blast): Burn(1), 1/round",
    "Pistol (Shooting): CBT +1 - Range(20), Str(3)",
    "Helmet (Pr): head +1",  # Rulebook 8.A's example
    "Armour (Pr): complete +2",
    "Shield (Pr): head, arms +1",
    "Spear (Shooting/Projectile): CBT +1 - Range(10), Str(3) / Range(10), Explosive(2)",
    "Scanner (Tech)",
    "Heavy gun (Shooting): SPD -1 - Range(30), Str(5), Fear(1), 2/round",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_print_back_exactly(text: str) -> None:
    assert str(Equipment.parse(text)) == text


def test_parts_and_values() -> None:
    spear = Equipment.parse(EXAMPLES[7])
    assert spear.categories == (Category.SHOOTING, Category.PROJECTILE)
    shooting, projectile = spear.parts
    assert (shooting.characteristic, shooting.bonus) == (Characteristic.CBT, 1)
    assert shooting.range == 10.0 and shooting.effect("Str") == 3
    assert projectile.effect("Explosive") == 2 and projectile.effect("Str") is None
    assert spear.ranged_parts == spear.parts
    molotov = Equipment.parse(EXAMPLES[0])
    assert (molotov.parts[0].per_match, molotov.parts[0].per_round) == (1, None)
    shield = Equipment.parse("Shield (Pr): head, arms +1").parts[0]
    assert (shield.protects, shield.protection) == ((Limb.HEAD, Limb.ARMS), 1)
    armour = Equipment.parse("Armour (Pr): complete +2").parts[0]
    assert armour.protects == tuple(Limb)
    assert Equipment.parse("Scanner (Tech)").ranged_parts == ()


def test_limits_in_french_and_effects_in_any_order_normalise() -> None:
    knife = Equipment.parse("Knife (Shooting): 1/partie, Str(2), 2/tour")
    assert str(knife) == "Knife (Shooting): Str(2), 1/match, 2/round"
    assert Equipment.parse(str(knife)) == knife
    rap = Equipment.parse("Boots (Tech): RAP +1")
    assert rap.parts[0].characteristic is Characteristic.SPD


# -- errors name the item -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Gun (Laser): Range(3)", "Gun: unknown equipment category 'Laser'"),
        ("Gun (Shooting): Range(3), Zap(2)", "Gun: unknown effect 'Zap(2)'"),
        ("Gun (Shooting): burn(1)", "Gun: 'burn(1)' is not a bonus/penalty"),
        ("Gun (Shooting): CBT +1, Range(3)", "Gun: 'CBT +1, Range(3)' is not a bonus/penalty"),
        ("Gun (Shooting): head +1", "Gun: 'head +1' is not a bonus/penalty like 'CBT +2'"),
        ("Cap (Pr): hat +1", "Cap: protected limbs must be head, arms, torso, legs or complete"),
        ("Gun (Shooting): Range(3) / Str(2)", "Gun: 2 parts for 1 categories"),
        ("Gun", "'Gun': equipment is written 'Name (Category): Bonus/Penalty - Effects'"),
    ],
)
def test_errors_name_the_item(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Equipment.parse(text)


# -- property: printing then reading gives the same item ------------------------------------------
NAMES = st.from_regex(r"[A-Za-zÀÉàéèüö][A-Za-zÀÉàéèüö0-9' -]{0,16}[A-Za-z0-9]", fullmatch=True)
#: An effect and a value in its range (docs/rulings.md: the notation's numbers are bounded).
EFFECTS = st.sampled_from(EFFECT_KEYWORDS).flatmap(
    lambda k: st.tuples(st.just(k), st.integers(*EFFECT_RANGES[k])))
LIMITS = st.none() | st.integers(*LIMIT_RANGE)


@st.composite
def parts(draw: st.DrawFn, category: Category) -> EquipmentPart:
    fields: dict[str, object] = {"category": category}
    if category is Category.PR and draw(st.booleans()):
        # Limbs in card order, at least one, protection at least 1.
        limbs = draw(st.lists(st.sampled_from(list(Limb)), min_size=1, max_size=4, unique=True))
        fields["protects"] = tuple(limb for limb in Limb if limb in limbs)
        fields["protection"] = draw(st.integers(min_value=1, max_value=5))
    elif draw(st.booleans()):
        fields["characteristic"] = draw(st.sampled_from(list(Characteristic)))
        fields["bonus"] = draw(st.integers(min_value=-5, max_value=5))
    effects = draw(st.lists(EFFECTS, max_size=4))
    fields["effects"] = tuple(effects)
    fields["per_match"] = draw(LIMITS)
    fields["per_round"] = draw(LIMITS)
    return EquipmentPart(**fields)  # type: ignore[arg-type]


@st.composite
def items(draw: st.DrawFn) -> Equipment:
    categories = draw(st.lists(st.sampled_from(list(Category)), min_size=1, max_size=2))
    drawn = tuple(draw(parts(c)) for c in categories)
    if len(drawn) > 1:
        # Multi-category items whose parts all print something.
        assume(all(str(p) for p in drawn))
    return Equipment(draw(NAMES), drawn)


@given(items())
def test_notation_round_trip(item: Equipment) -> None:
    text = str(item)
    again = Equipment.parse(text)
    assert again == item
    assert str(again) == text


@given(items())
def test_parse_is_idempotent_on_printed_text(item: Equipment) -> None:
    once = str(Equipment.parse(str(item)))
    assert str(Equipment.parse(once)) == once


# -- defects found in equipment.py, fixed: kept as regression tests ---------------------------
def test_french_categories_parse() -> None:
    assert Equipment.parse("Fusil (Tir): CBT +1").categories == (Category.SHOOTING,)
    assert Equipment.parse("Grenade (Jet): Range(10)").categories == (Category.PROJECTILE,)


def test_empty_part_of_a_two_category_item_round_trips() -> None:
    item = Equipment("Spear", (EquipmentPart(Category.SHOOTING),
                               EquipmentPart(Category.PROJECTILE, effects=(("Range", 10),))))
    assert Equipment.parse(str(item)) == item


def test_zero_protection_round_trips() -> None:
    item = Equipment.parse("Cap (Pr): head +0")
    assert Equipment.parse(str(item)) == item
