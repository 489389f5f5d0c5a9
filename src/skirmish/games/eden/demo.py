"""Ready-made set-ups of the sample cards, for examples, tests and the demo.

Every card comes from the card library (``eden/content``, ORIGINAL SAMPLE CONTENT - not the
published cards): there is one set of sample cards, so "Vladd" and "Abama" are the same
fighters in the README's examples, ``skirmish odds``, ``skirmish demo`` and the tests.

- :func:`demo_setup`: two pairs already in base contact in the middle of the table (Yuri
  and Vladd of the Jokers against Ngobo Quick-Arm and Abama Big-Belly of Clan Bamaka),
  preparation settled: the first activation is the first decision of substance.
- :func:`match_setup`: a whole match by the basic rules, three fighters a side
  (Yuri, Vladd, Anton against Ngobo, Abama, Tarar), three missions and three tactical
  cards each, a pool of four scenery elements.

The profile constants (:data:`YURI` ...) are the library's cards as set-up data.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skirmish.games.eden.cards.troops import Troop, ability_dict
from skirmish.games.eden.content import load_library
from skirmish.games.eden.optional.options import options_of

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library

__all__ = ["ABAMA", "ABILITIES", "ANTON", "MATCH_EQUIPMENT", "NGOBO", "SAMPLE_EQUIPMENT",
           "TARAR", "VLADD", "YURI", "demo_setup", "match_setup", "sample_library", "with_npfs"]

JOKERS = ("Yuri", "Vladd", "Anton")
BAMAKA = ("Ngobo Quick-Arm", "Abama Big-Belly", "Tarar")
MISSIONS = ("Hunt", "Hold the crossroads", "Raid")
TACTICAL = ("Adrenalin", "Smoke screen", "Contaminated Area")
SCENERY = ("Wall", "Car wreck", "Bushes", "Pond")


@functools.cache
def sample_library() -> Library:
    """The built-in card library (read once)."""
    return load_library()


def _profile(name: str) -> dict[str, Any]:
    return sample_library().profile(name).to_dict()


def _equipment(names: tuple[str, ...]) -> tuple[str, ...]:
    lib = sample_library()
    items = dict.fromkeys(e for n in names for e in lib.profile(n).equipment)
    return tuple(str(lib.equipment[e]) for e in items)


YURI, VLADD, ANTON = (_profile(n) for n in JOKERS)
NGOBO, ABAMA, TARAR = (_profile(n) for n in BAMAKA)
#: The equipment of the demo's four fighters, and of the match's six (rulebook notation).
SAMPLE_EQUIPMENT = _equipment(("Yuri", "Vladd", "Ngobo Quick-Arm", "Abama Big-Belly"))
MATCH_EQUIPMENT = _equipment(JOKERS + BAMAKA)
#: The abilities the six fighters have, as set-up data.
ABILITIES = tuple(ability_dict(sample_library().abilities[a])
                  for a in dict.fromkeys(a for n in JOKERS + BAMAKA
                                         for a in sample_library().profile(n).abilities))


def demo_setup(max_rounds: int = 3) -> dict[str, Any]:
    """Jokers (Yuri, Vladd) against Bamaka (Ngobo, Abama), paired off in base contact in the
    middle of a 60 x 60 cm field (30 mm bases: centres 3 cm apart). A fresh copy: change
    it as you like."""
    return copy.deepcopy({
        "equipment": list(MATCH_EQUIPMENT),
        "abilities": list(ABILITIES),
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
    })


def match_setup(max_rounds: int = 5) -> dict[str, Any]:
    """A whole match by the basic rules: two three-fighter sample troops (Jokers against
    Clan Bamaka), three missions and three tactical cards each, a pool of four scenery
    elements; everything from the first-player bid to the last VP is played."""
    return sample_library().setup(
        Troop("faction", JOKERS, name="Jokers"), Troop("faction", BAMAKA, name="Clan Bamaka"),
        max_rounds=max_rounds, missions=(MISSIONS, MISSIONS), tactical=(TACTICAL, TACTICAL),
        scenery=SCENERY)


def with_npfs(setup: Mapping[str, Any]) -> dict[str, Any]:
    """``setup`` itself when it does not play Infestation or names its own ``npfs``;
    otherwise a copy holding the card library's NPFs and the abilities they name (ruled:
    the sample library is the default bestiary), so that the match, and its record, carry
    every NPF profile that may be placed."""
    out = dict(setup)
    if options_of(setup).infestation is None or "npfs" in setup:
        return out
    library = sample_library()
    out["npfs"] = [p.to_dict() for p in library.npfs.values()]
    abilities = list(setup.get("abilities", []))
    named = {str(a.get("name")) for a in abilities if isinstance(a, Mapping)}
    for profile in library.npfs.values():
        for name in profile.abilities:
            if name not in named and name in library.abilities:
                abilities.append(ability_dict(library.abilities[name]))
                named.add(name)
    out["abilities"] = abilities
    return out
