"""The demo exchange: two small sample troops already in contact, played by bots.

The profiles here are ORIGINAL SAMPLE DATA (not the published cards): the few
facts the rulebook gives (Yuri 4/4/4/5 with a 2+2 CP head on face 1, Vlädd CBT 6,
Abama CBT 4) and invented values for the rest. The card library with four
factions arrives with the content issue.
"""

from __future__ import annotations

from typing import Any


def _limb(white_cp: int, red_cp: int, white: int, red: int, *faces: int) -> dict[str, Any]:
    return {"white_cp": white_cp, "red_cp": red_cp, "white": white, "red": red,
            "faces": list(faces)}


def _profile(name: str, faction: str, stigma: str, value: int, limbs: list[dict[str, Any]],
             equipment: list[str] | None = None) -> dict[str, Any]:
    head, arms, torso, legs = limbs
    return {
        "name": name, "faction": faction, "stigma": stigma, "types": ["Human"], "value": value,
        "limbs": {"head": head, "arms": arms, "torso": torso, "legs": legs},
        "equipment": equipment or [], "abilities": [], "base_mm": 30,
    }


YURI = _profile("Yuri", "Jokers", "Chaos", 20, [
    _limb(2, 2, 4, 3, 1), _limb(2, 1, 4, 3, 2, 3), _limb(3, 1, 4, 3, 4), _limb(2, 1, 5, 4, 5, 6),
], ["Molotov", "Throwing knives"])
VLADD = _profile("Vladd", "Jokers", "Destruction", 30, [
    _limb(1, 1, 3, 2, 1), _limb(3, 1, 6, 4, 2, 3), _limb(3, 2, 5, 4, 4, 5), _limb(2, 1, 3, 2, 6),
], ["Flamethrower"])
NGOBO = _profile("Ngobo Quick-Arm", "Bamaka", "Protection", 25, [
    _limb(2, 1, 3, 2, 1), _limb(2, 1, 5, 4, 2, 3), _limb(3, 1, 4, 3, 4), _limb(2, 1, 5, 4, 5, 6),
])
ABAMA = _profile("Abama Big-Belly", "Bamaka", "Protection", 20, [
    _limb(2, 1, 2, 1, 1), _limb(2, 1, 4, 3, 2), _limb(4, 2, 5, 4, 3, 4, 5), _limb(2, 1, 3, 2, 6),
])


#: Sample equipment in the rulebook's notation (values invented).
SAMPLE_EQUIPMENT = (
    "Molotov (Projectile): Burn(1), Range(15), 1/match",
    "Throwing knives (Shooting): Range(10), Str(3)",
    "Flamethrower (Blast): Burn(1), 1/round",
)


def demo_setup(max_rounds: int = 3) -> dict[str, Any]:
    """Jokers (Yuri, Vladd) against Bamaka (Ngobo, Abama), paired off in base contact in the
    middle of a 60 x 60 cm field (30 mm bases: centres 3 cm apart)."""
    return {
        "equipment": list(SAMPLE_EQUIPMENT),
        "field": [60, 60],
        "max_rounds": max_rounds,
        "troops": [
            {"type": "faction", "fighters": [
                {"profile": YURI, "at": [25.0, 28.5]},
                {"profile": VLADD, "at": [35.0, 28.5]},
            ]},
            {"type": "faction", "fighters": [
                {"profile": NGOBO, "at": [25.0, 31.5]},
                {"profile": ABAMA, "at": [35.0, 31.5]},
            ]},
        ],
    }
