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


YURI = _profile("Yuri", "Jokers", "Chaos", 25, [
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
        "preparation_skip": ["scenery", "deployment"],
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


ANTON = _profile("Anton", "Jokers", "Chaos", 15, [
    _limb(1, 1, 3, 2, 1), _limb(2, 1, 4, 3, 2, 3), _limb(2, 1, 4, 3, 4, 5), _limb(2, 1, 4, 3, 6),
], ["Pistol"])
TARAR = _profile("Tarar", "Bamaka", "Order", 30, [
    _limb(2, 1, 3, 2, 1), _limb(2, 2, 5, 4, 2, 3), _limb(3, 1, 5, 4, 4, 5), _limb(2, 1, 4, 3, 6),
], ["Spear", "Helmet"])

#: Sample missions (invented): one secret, one revealed per troop.
HUNT = {"name": "Hunt", "secret": True, "deployment": "confrontation",
        "text": "1 VP for each enemy fighter incapacitated, 2 more for the leader.",
        "effects": [{"effect": "vp-per-kill", "vp": 1, "leader": 2}]}
CROSSROADS = {"name": "Hold the crossroads", "secret": False, "deployment": "confrontation",
              "text": "Two objective markers; 1 VP per marker held at each round's end.",
              "effects": [{"effect": "hold-objectives", "at": [[20, 30], [40, 30]], "vp": 1}]}
RAID = {"name": "Raid", "secret": False, "deployment": "ambush",
        "text": "One objective marker in the centre; 2 VP when held at a round's end.",
        "effects": [{"effect": "hold-objectives", "at": [[30, 30]], "vp": 2}]}

#: Sample tactical cards (invented but for the names the rulebook gives).
ADRENALIN = {"name": "Adrenalin", "text": "One fighter gets +1 CBT until the end of the round.",
             "effects": [{"effect": "modify", "characteristic": "CBT", "delta": 1,
                          "who": "target"}]}
SMOKE = {"name": "Smoke screen", "cancellation": 1,
         "text": "Your fighters get +1 SPD until the end of the round.",
         "effects": [{"effect": "modify", "characteristic": "SPD", "delta": 1, "who": "troop"}]}
CONTAMINATED = {"name": "Contaminated Area", "first_round": True,
                "text": "Enemy fighters get -1 VIG until the end of the round.",
                "effects": [{"effect": "modify", "characteristic": "VIG", "delta": -1,
                             "who": "enemies"}]}

#: Sample scenery pool (sizes invented): what the basic rules call opaque, low and flat.
SCENERY = [
    {"name": "Wall", "shape": [[-6, -1], [6, -1], [6, 1], [-6, 1]]},
    {"name": "Car wreck", "shape": [[-4, -2], [4, -2], [4, 2], [-4, 2]]},
    {"name": "Bushes", "radius": 3, "sight": "low", "passable": True, "move_cost": 2.0,
     "can_end_on": True},
    {"name": "Pond", "radius": 4, "sight": "flat", "passable": True, "move_cost": 2.0},
]

MATCH_EQUIPMENT = (
    *SAMPLE_EQUIPMENT,
    "Pistol (Shooting): Range(20), Str(3)",
    "Spear (Shooting/Projectile): CBT +1 - Range(10), Str(3) / Range(10), Explosive(1), 1/match",
    "Helmet (Pr): head +1",
)


def match_setup(max_rounds: int = 5) -> dict[str, Any]:
    """A whole match by the basic rules: two three-fighter sample troops (Jokers against
    Clan Bamaka), two missions and three tactical cards each, a pool of four scenery
    elements; everything from the first-player bid to the last VP is played."""
    def troop(fighters: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "type": "faction",
            "fighters": [{"profile": p} for p in fighters],
            "missions": [HUNT, CROSSROADS, RAID],
            "tactical": [ADRENALIN, SMOKE, CONTAMINATED],
        }

    return {
        "field": [60, 60],
        "max_rounds": max_rounds,
        "equipment": list(MATCH_EQUIPMENT),
        "scenery": SCENERY,
        "scenery_per_player": 2,
        "troops": [troop([YURI, VLADD, ANTON]), troop([NGOBO, ABAMA, TARAR])],
    }
