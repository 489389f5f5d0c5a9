"""Rulebook 1, Profile cards: limbs, CP, characteristics, location index."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.games.eden.cards.profile import (
    CHARACTERISTIC_OF,
    LIMB_OF,
    Characteristic,
    FighterProfile,
    Limb,
    LimbProfile,
)
from tests.games.eden.profiles import ALL, ELENIA, NGOBO, YURI, limb


def test_limb_order_is_head_arms_torso_legs() -> None:
    assert list(Limb) == [Limb.HEAD, Limb.ARMS, Limb.TORSO, Limb.LEGS]
    assert [limb.value for limb in Limb] == ["head", "arms", "torso", "legs"]


def test_characteristics_are_linked_to_limbs() -> None:
    assert CHARACTERISTIC_OF == {
        Limb.HEAD: Characteristic.PSI,
        Limb.ARMS: Characteristic.CBT,
        Limb.TORSO: Characteristic.VIG,
        Limb.LEGS: Characteristic.SPD,
    }
    assert all(CHARACTERISTIC_OF[LIMB_OF[c]] == c for c in Characteristic)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PSI", Characteristic.PSI),
        ("cbt", Characteristic.CBT),
        (" VIG ", Characteristic.VIG),
        ("SPD", Characteristic.SPD),
        ("RAP", Characteristic.SPD),
        ("rap", Characteristic.SPD),
    ],
)
def test_characteristic_parse(text: str, expected: Characteristic) -> None:
    assert Characteristic.parse(text) is expected


def test_characteristic_parse_rejects_unknown() -> None:
    with pytest.raises(ValueError, match="unknown characteristic 'STR'"):
        Characteristic.parse("STR")


def test_yuri_card_reads_like_the_rulebook() -> None:
    head = YURI.limb(Limb.HEAD)
    assert (head.white_cp, head.red_cp) == (2, 2)
    assert (head.white, head.red) == (4, 3)
    assert [YURI.limb(limb).white for limb in Limb] == [4, 4, 4, 5]
    assert YURI.location(1) is Limb.HEAD
    assert YURI.value == 20
    assert YURI.faction == "Jokers" and YURI.stigma == "Chaos" and YURI.types == ("Human",)
    assert set(YURI.equipment) == {"Molotov", "Throwing knives"}


def test_location_covers_every_face() -> None:
    for profile in ALL:
        hit = [profile.location(face) for face in range(1, 7)]
        for face, limb_hit in zip(range(1, 7), hit, strict=True):
            assert face in profile.limb(limb_hit).faces


@pytest.mark.parametrize("face", [0, 7, -1])
def test_location_rejects_non_faces(face: int) -> None:
    with pytest.raises(ValueError, match="D6 face"):
        YURI.location(face)


def test_key_replaces_whitespace() -> None:
    assert YURI.key == "Yuri"
    assert NGOBO.key == "Ngobo-Quick-Arm"
    assert dataclasses.replace(YURI, name="Old  Yuri\tthe Mad").key == "Old-Yuri-the-Mad"


def test_missing_face_is_named() -> None:
    limbs = (limb(2, 2, 4, 3, 1), limb(1, 1, 4, 3, 2), limb(1, 1, 4, 3, 4, 5), limb(1, 1, 5, 4, 6))
    with pytest.raises(
        ValueError, match=r"^Yuri: limb faces must cover 1-6 exactly once, 3 is missing$"
    ):
        dataclasses.replace(YURI, limbs=limbs)


def test_duplicated_face_is_named() -> None:
    limbs = (
        limb(2, 2, 4, 3, 1),
        limb(1, 1, 4, 3, 1, 2, 3),
        limb(1, 1, 4, 3, 4, 5),
        limb(1, 1, 5, 4, 6),
    )
    with pytest.raises(ValueError, match="1 is on both the head and the arms"):
        dataclasses.replace(YURI, limbs=limbs)


def test_every_limb_needs_a_face() -> None:
    limbs = (
        limb(2, 2, 4, 3),
        limb(1, 1, 4, 3, 1, 2, 3),
        limb(1, 1, 4, 3, 4, 5),
        limb(1, 1, 5, 4, 6),
    )
    with pytest.raises(ValueError, match="Yuri: limb faces: the head has no location face"):
        dataclasses.replace(YURI, limbs=limbs)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"white_cp": -1}, "white_cp must be >= 0"),
        ({"red_cp": -1}, "red_cp must be >= 0"),
        ({"white_cp": 0, "red_cp": 0}, r"at least one CP \(white_cp \+ red_cp >= 1\)"),
        ({"white": -1}, "white must be >= 0"),
        ({"red": -2}, "red must be >= 0"),
        ({"faces": (7,)}, "faces must be D6 faces 1-6"),
    ],
)
def test_limb_validation(fields: dict[str, object], message: str) -> None:
    base: dict[str, object] = {"white_cp": 1, "red_cp": 1, "white": 3, "red": 2, "faces": (1,)}
    with pytest.raises(ValueError, match=message):
        LimbProfile(**{**base, **fields})  # type: ignore[arg-type]


def test_red_value_may_exceed_white() -> None:
    """Rulebook 1.6: red is only "generally" lower than white."""
    assert LimbProfile(1, 1, 2, 5, (1,)).red == 5


def test_red_only_limb_is_allowed() -> None:
    assert LimbProfile(0, 2, 3, 2, (1,)).total_cp == 2


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"value": -5}, "^Yuri: value must be >= 0, got -5$"),
        ({"base_mm": 0}, "^Yuri: base_mm must be >= 1"),
        ({"level": 0}, "^Yuri: level must be >= 1"),
        ({"types": ["Human"]}, "^Yuri: types must be a tuple of texts"),
        ({"name": " "}, "^profile: name must be a non-empty text"),
    ],
)
def test_profile_validation(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(YURI, **fields)  # type: ignore[arg-type]


def test_profile_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        YURI.value = 3  # type: ignore[misc]


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.key)
def test_dict_round_trip_is_exact(profile: FighterProfile) -> None:
    data = profile.to_dict()
    assert list(data["limbs"]) == ["head", "arms", "torso", "legs"]
    again = FighterProfile.from_dict(json.loads(json.dumps(data)))
    assert again == profile
    assert again.to_dict() == data


def test_from_dict_defaults_and_errors() -> None:
    data = YURI.to_dict()
    for optional in ("equipment", "abilities", "base_mm", "level"):
        del data[optional]
    short = FighterProfile.from_dict(data)
    assert short.equipment == () and short.base_mm == 30 and short.level is None
    with pytest.raises(ValueError, match="Yuri: unknown profile field"):
        FighterProfile.from_dict({**YURI.to_dict(), "colour": "red"})
    with pytest.raises(ValueError, match="Yuri: limbs: missing the legs"):
        bad = YURI.to_dict()
        del bad["limbs"]["legs"]
        FighterProfile.from_dict(bad)
    with pytest.raises(ValueError, match="Elenia: torso white_cp must be >= 0"):
        bad = ELENIA.to_dict()
        bad["limbs"]["torso"]["white_cp"] = -1
        FighterProfile.from_dict(bad)
    with pytest.raises(ValueError, match="Yuri: missing field value"):
        bad = YURI.to_dict()
        del bad["value"]
        FighterProfile.from_dict(bad)


@st.composite
def profiles(draw: st.DrawFn) -> FighterProfile:
    faces = draw(st.permutations([1, 2, 3, 4, 5, 6]))
    cuts = sorted(draw(st.lists(st.integers(1, 5), min_size=3, max_size=3, unique=True)))
    groups = [
        faces[: cuts[0]],
        faces[cuts[0] : cuts[1]],
        faces[cuts[1] : cuts[2]],
        faces[cuts[2] :],
    ]
    limbs = []
    for group in groups:
        white_cp = draw(st.integers(0, 4))
        red_cp = draw(st.integers(1 if white_cp == 0 else 0, 3))
        limbs.append(
            LimbProfile(
                white_cp, red_cp, draw(st.integers(0, 8)), draw(st.integers(0, 8)), tuple(group)
            )
        )
    return FighterProfile(
        name=draw(st.text(min_size=1, max_size=12).filter(str.strip)),
        faction=draw(st.text(max_size=8)),
        stigma=draw(st.sampled_from(["Destruction", "Order", "Protection", "Chaos", "Change"])),
        types=tuple(draw(st.lists(st.text(max_size=6), max_size=3))),
        value=draw(st.integers(0, 200)),
        limbs=(limbs[0], limbs[1], limbs[2], limbs[3]),
        equipment=tuple(draw(st.lists(st.text(max_size=6), max_size=3))),
        base_mm=draw(st.sampled_from([30, 40])),
        level=draw(st.none() | st.integers(1, 10)),
    )


@given(profiles())
def test_round_trip_property(profile: FighterProfile) -> None:
    assert FighterProfile.from_dict(json.loads(json.dumps(profile.to_dict()))) == profile
    assert sorted(f for lp in profile.limbs for f in lp.faces) == [1, 2, 3, 4, 5, 6]
