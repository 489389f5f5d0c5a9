"""Fixtures for Territory Management (optional rules 1): a table under Territory Management
with scenery already placed, forced dice, and the rulebook's sceneries as set-up cards.

The sceneries are the sample library's (the rulebook's list: names, costs and keywords;
footprints INVENTED); ``TOWER`` (Impenetrable) and the profiles are INVENTED test data."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from skirmish.core import Game, Procedure, ScriptedDice
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.cards import scenery_from_dict
from skirmish.games.eden.cards.profile import FighterProfile
from skirmish.games.eden.cards.troops import scenery_dict
from skirmish.games.eden.demo import ABILITIES, SAMPLE_EQUIPMENT, sample_library
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.optional.territory_setup import place_scenery, start_territory
from skirmish.games.eden.ruleset import catalogue_of
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Element

from ..profiles import NGOBO, VLADD, YURI


def card(name: str) -> dict[str, Any]:
    """A scenery card of the sample library (the rulebook's list) as set-up data."""
    return scenery_dict(sample_library().scenery[name].card)


TREE, WALL, CRUMBLING, DARK_WOOD, POND, DEVASTATED, BEACON, IDOL, WASTE, LAKE, RIVER, BUSHES, \
    WRECK = (card(n) for n in ("Tree", "Wall", "Crumbling wall", "Dark wood", "Pond",
                               "Devastated area", "Energy Beacon", "Quarterist Idol",
                               "Waste Pile", "Lake", "Deep river", "Bushes", "Car wreck"))
#: INVENTED: a tower sight cannot pass through (Impenetrable), 4 x 4 cm.
TOWER = {"name": "Tower", "shape": [[-2, -2], [2, -2], [2, 2], [-2, 2]], "cost": 2,
         "keywords": ["Impenetrable", "Destruction(5)"]}
#: INVENTED: a Sister of the Matriarchy (for the Quarterist Idol).
SISTER = replace(YURI, name="Sister Ada", faction="Matriarchy", stigma="Faith",
                 types=("Human", "Sister"), equipment=())
PYRO = replace(VLADD, equipment=("Flamethrower",))
EQUIPMENT = ["Fire grenade (Projectile): Range(20), Explosive(1), Burn(2)",
             "Frag grenade (Projectile): Range(20), Explosive(1)",
             "Armour (Pr): complete +2"]
GRENADIER = replace(YURI, name="Grenadier", equipment=("Fire grenade", "Frag grenade"))
ARMOURED_NGOBO = replace(NGOBO, equipment=("Armour",))

Placing = tuple[dict[str, Any], float, float] | tuple[dict[str, Any], float, float, float]


def terrain_table(
    a: Sequence[tuple[FighterProfile, float, float]],
    b: Sequence[tuple[FighterProfile, float, float]],
    *,
    elements: Sequence[Placing] = (),
    scenery: Sequence[dict[str, Any]] = (),
    dice: Iterable[int] = (),
    start: Sequence[Procedure] = (),
    ap: int = 3,
) -> Game:
    """Fighters of A and B at (x, y) with ``ap`` AP, Territory Management in play, these
    scenery ``elements`` placed by player A (card, x, y[, angle]) - the set-up's scenery list
    is ``scenery`` (default: the cards placed) -, forced ``dice``, the stack ``start``."""
    fighters = [Fighter(side, profile, x=x, y=y, on_field=True, ap=ap)
                for side, troop in enumerate((a, b)) for profile, x, y in troop]
    cards = list(scenery) or list({c[0]["name"]: c[0] for c in elements}.values())
    setup: dict[str, object] = {
        "equipment": [*SAMPLE_EQUIPMENT, *EQUIPMENT],
        "abilities": list(ABILITIES),
        "troops": [{"type": "faction",
                    "fighters": [{"profile": p.to_dict(), "at": [x, y]} for p, x, y in troop]}
                   for troop in (a, b)],
        "scenery": cards,
        "rules": {"territory": True},
    }
    game = Game(EDEN, EdenState(fighters, catalogue=catalogue_of(setup)), setup,
                ScriptedDice(dice))
    start_territory(game)
    for placing in elements:
        angle = placing[3] if len(placing) == 4 else None  # type: ignore[misc]
        place_scenery(game, scenery_from_dict(placing[0]), 0, (placing[1], placing[2]), angle)
    game.push(*start)
    game.advance()
    return game


def state(game: Game) -> EdenState:
    assert isinstance(game.state, EdenState)
    return game.state


def element(game: Game, ident: str) -> Element:
    return next(e for e in state(game).scenery if e.id == ident)


def texts(game: Game) -> list[str]:
    return [e.text() for e in game.log]
