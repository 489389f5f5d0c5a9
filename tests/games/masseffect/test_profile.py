"""ME5-ME7: profiles in the draft's notation, both ways; the equipment limits of a card."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.core.names import fold
from skirmish.games.masseffect.cards.powers import PowerKind
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.traits import ProfileError, Trait, TraitKind

from .fixtures import DRAFT, VETERAN_DRAFT, VETERAN_PRINTED


def test_the_draft_veteran_parses_from_the_drafts_own_text() -> None:
    """ME5: «Mercenaire vétéran (4 points)» reads as the draft prints it: Héroïsme "-" is 0,
    the lone "-" line is ignored, "Bouclier (6+, 1) ," keeps its comma's meaning."""
    if DRAFT.exists():  # the fixture is the draft's text, character for character
        assert VETERAN_DRAFT in DRAFT.read_text(encoding="utf-8")
    veteran = Profile.parse(VETERAN_DRAFT)
    assert (veteran.name, veteran.points) == ("Mercenaire vétéran", 4)
    assert (veteran.shoot, veteran.defence, veteran.melee, veteran.quality) == (4, 5, 5, 4)
    assert (veteran.vitality, veteran.heroism, veteran.is_hero) == (2, 0, False)
    assert veteran.shield == Trait(TraitKind.SHIELD, value=1, save=6)
    assert veteran.barrier is None and veteran.armour == 0 and veteran.incendiary
    assert veteran.equipment == ("Arme de mêlée", "Fusil mitrailleur")
    assert veteran.equipment_limit == 2 and veteran.move == 4


def test_the_draft_veteran_prints_back() -> None:
    """ME5: printing gives the draft's text without the stray "-" line and " ," spacing;
    that text reads back to the same profile."""
    veteran = Profile.parse(VETERAN_DRAFT)
    assert veteran.to_text() == VETERAN_PRINTED
    assert Profile.parse(VETERAN_PRINTED) == veteran
    assert Profile.from_dict(veteran.to_dict()) == veteran


def test_accents_case_and_spacing_are_read_as_typed() -> None:
    """ME5: labels without accents or in another case, "1 point", no colon after the
    header, no-break spaces, "Héroïsme : 0", "Traits : -"."""
    text = ("Drone (1 point)\nTIR : 5+\ndefense: 5+\nMelee :6+\nQualite\u00a0: 5+\n"
            "Vitalite : 1\nHeroisme : 0\nTraits : -\nEquipement : -")
    drone = Profile.parse(text, faction="Geth")
    assert (drone.points, drone.heroism, drone.traits, drone.equipment) == (1, 0, (), ())
    assert drone.faction == "Geth"
    assert drone.to_text().splitlines()[0] == "Drone (1 point) :"
    assert Profile.parse(drone.to_text()) == drone


def test_every_trait_reads_and_prints() -> None:
    """ME5: the draft's traits and those the rulings add; powers carry their kind."""
    texts = ["Bouclier (6+, 1)", "Barrière (5+, 2)", "Armure (3)", "Munitions incendiaires",
             "Projection (biotique)", "Surcharge (tech)", "Rage sanguinaire (autre)",
             "Tacticien (+1)", "Déplacement (6)", "Unique", "Arsenal (4)"]
    for text in texts:
        assert str(Trait.parse(text)) == text
    assert Trait.parse("barriere (4+,1)") == Trait(TraitKind.BARRIER, 1, 4)
    assert Trait.parse("Distorsion (Biotique)").power_kind is PowerKind.BIOTIC
    assert Trait.parse("Tacticien (2)").value == 2


@pytest.mark.parametrize(("text", "field", "problem"), [
    ("Tir : 4", "Tir", "'4' is not a threshold like 4+"),
    ("Tir : 7+", "Tir", "must be a whole number from 2 to 6, got 7"),
    ("Vitalité : 0", "Vitalité", "from 1 to 20, got 0"),
    ("Héroïsme : beaucoup", "Héroïsme", "is not a whole number (or - for none)"),
    ("Traits : Volant", "Traits", "unknown trait 'Volant' (expected Bouclier (X+, N)"),
    ("Traits : Bouclier (5+)", "Traits", "write Bouclier (X+, N), e.g. Bouclier (5+, 2)"),
    ("Traits : Bouclier (7+, 1)", "Traits", "Bouclier save: must be a whole number from 2"),
    ("Traits : Armure (2), Armure (1)", "Traits", "Armure (1) is given twice"),
    ("Traits : Unique (2)", "Traits", "trait Unique takes no value"),
    ("Force : 3", "notation", "unknown line 'Force : 3'"),
    ("+Mêlée : 4+", "Mêlée", "the line is given twice"),
])
def test_errors_name_the_profile_and_the_line(text: str, field: str, problem: str) -> None:
    """A leading "+" adds the line instead of replacing the line of that label."""
    lines = VETERAN_PRINTED.splitlines()
    key = text.split(":")[0].strip()
    replaced = [text if line.startswith(key) else line for line in lines]
    added = text.startswith("+") or replaced == lines
    source = "\n".join([*lines, text.lstrip("+")] if added else replaced)
    with pytest.raises(ProfileError) as error:
        Profile.parse(source)
    assert (error.value.profile, error.value.field) == ("Mercenaire vétéran", field)
    assert problem in error.value.problem, error.value.problem


def test_a_missing_line_or_header_is_named() -> None:
    with pytest.raises(ProfileError, match="Mercenaire vétéran: Qualité: the line is missing"):
        Profile.parse(VETERAN_PRINTED.replace("Qualité : 4+\n", ""))
    with pytest.raises(ProfileError, match="name: 'Mercenaire vétéran :': a profile starts"):
        Profile.parse(VETERAN_PRINTED.replace(" (4 points)", ""))


def _card(heroism: int, items: int, traits: str = "") -> str:
    equipment = ", ".join(f"Objet {i}" for i in range(items))
    return (f"Héros (5 points) :\nTir : 4+\nDéfense : 4+\nMêlée : 4+\nQualité : 4+\n"
            f"Vitalité : 2\nHéroïsme : {heroism}\nTraits : {traits or '-'}\n"
            f"Équipement : {equipment}")


def test_equipment_limits_on_cards() -> None:
    """ME7: 2 items, 3 for a hero (Héroïsme 1 or more), N for a named hero with Arsenal (N)
    (Unique and Héroïsme 1 or more); a card over its limit is refused, naming the limit."""
    assert Profile.parse(_card(0, 2)).equipment_limit == 2
    assert Profile.parse(_card(1, 3)).equipment_limit == 3
    assert Profile.parse(_card(2, 5, "Unique, Arsenal (5)")).equipment_limit == 5
    with pytest.raises(ProfileError, match=r"3 items, the limit is 2 \(not a hero, ME7\)"):
        Profile.parse(_card(0, 3))
    with pytest.raises(ProfileError, match=r"4 items, the limit is 3 \(a hero"):
        Profile.parse(_card(1, 4))
    with pytest.raises(ProfileError, match=r"Traits: Arsenal \(N\) is for a named hero"):
        Profile.parse(_card(1, 3, "Arsenal (4)"))
    with pytest.raises(ProfileError, match="named hero"):
        Profile.parse(_card(0, 2, "Unique, Arsenal (4)"))


# -- property: print then parse gives the same profile --------------------------------------
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzéèàçôABCDEFGHIJKLMNOPQRSTUVWXYZ'-",
                min_size=1, max_size=10)
_NAME = st.lists(_WORD, min_size=1, max_size=3).map(" ".join).filter(
    lambda n: n.strip("-–— ") != "")


@st.composite
def traits(draw: st.DrawFn) -> tuple[Trait, ...]:
    out: list[Trait] = []
    for kind in draw(st.lists(st.sampled_from([k for k in TraitKind
                                               if k not in (TraitKind.POWER,
                                                            TraitKind.ARSENAL)]),
                              unique=True, max_size=5)):
        if kind in (TraitKind.SHIELD, TraitKind.BARRIER):
            out.append(Trait(kind, draw(st.integers(1, 6)), draw(st.integers(2, 6))))
        elif kind in (TraitKind.ARMOUR, TraitKind.MOVE):
            out.append(Trait(kind, draw(st.integers(1, 10))))
        elif kind is TraitKind.TACTICIAN:
            out.append(Trait(kind, draw(st.integers(1, 3))))
        else:
            out.append(Trait(kind))
    names = draw(st.lists(_NAME, unique_by=fold, max_size=3))
    for name in names:
        try:
            out.append(Trait(TraitKind.POWER, name=name,
                             power_kind=draw(st.sampled_from(list(PowerKind)))))
        except ValueError:  # a name that is a trait keyword
            continue
    return tuple(draw(st.permutations(out)))


@st.composite
def profiles(draw: st.DrawFn) -> Profile:
    heroism = draw(st.integers(0, 10))
    chosen = draw(traits())
    items = draw(st.lists(_NAME, unique_by=fold,
                          max_size=3 if heroism else 2))
    return Profile(draw(_NAME), draw(st.integers(0, 100)), *draw(st.tuples(
        *[st.integers(2, 6)] * 4)), draw(st.integers(1, 20)), heroism, chosen,
        tuple(items), draw(st.sampled_from(["", "Geth", "Alliance"])),
        draw(st.sampled_from([25, 30, 40, 50, 60])))


@given(profiles())
def test_print_then_parse_gives_the_same_profile(profile: Profile) -> None:
    """ME5: the notation round trip (and the dict one) for any valid profile."""
    assert Profile.parse(profile.to_text()) == profile
    assert Profile.from_dict(profile.to_dict()) == profile
    assert Profile.parse(profile.to_text()).to_text() == profile.to_text()


def test_profiles_are_frozen() -> None:
    veteran = Profile.parse(VETERAN_DRAFT)
    with pytest.raises(dataclasses.FrozenInstanceError):
        veteran.points = 5  # type: ignore[misc]
