"""Mass Effect: Annihilation positions of the tactical suite (issue 16, "ME:A ones later"):
kept apart from the default game's suite (:func:`skirmish.bots.tactics.score`), whose score
is the issue's measure. Each is a real match of the sample library (ORIGINAL SAMPLE CONTENT),
scenario "Escarmouche" (each band scores the points of the enemy figures out of action),
its figures placed, then played with every figure staying until the decision; the odds
are :mod:`skirmish.games.masseffect.odds`'s.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

from skirmish.bots.tactics.positions import Position, Predicate, hits, registry
from skirmish.core import Game
from skirmish.core.actions import Action
from skirmish.games.masseffect import MASS_EFFECT
from skirmish.games.masseffect.cards.library import Library, load_library
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MARKER_RADIUS

MASS_EFFECT_POSITIONS: list[Position] = []
position = registry(MASS_EFFECT_POSITIONS)


@functools.cache
def library() -> Library:
    return load_library()


def me_table(figures: Sequence[tuple[int, str, float, float]], *,
             vitality: dict[int, int] | None = None, decision: str = "tir",
             statuses: dict[int, Sequence[str]] | None = None, seed: int = 1,
             scenario: str = "Escarmouche") -> Game:
    """Figures ``(side, profile, x, y)`` (pas) of the sample library with their cards'
    equipment, facing the enemy; ``vitality`` sets what some of them (by index) have left;
    then every figure stays until player A's first decision of kind ``decision``, where
    some figures (by index) are given ``statuses`` (ME34: a status lasts the turn, so it is
    given once the turn is under way); ``scenario``: the sample scenario played."""
    lib = library()
    weapons: dict[str, Any] = {}
    powers: dict[str, Any] = {}
    bands: list[dict[str, Any]] = [{"name": "A", "figures": []}, {"name": "B", "figures": []}]
    for side, name, x, y in figures:
        profile = lib.profile(name)
        for weapon in profile.equipment:
            weapons[weapon] = lib.weapon(weapon).to_dict()
        for trait in profile.powers:
            power = lib.power(trait.name)
            powers[power.name] = power.to_dict()
        bands[side]["figures"].append({
            "profile": profile.to_dict(), "equipment": list(profile.equipment),
            "at": [pas_to_cm(x), pas_to_cm(y)], "facing": 90 if side == 0 else 270})
    setup = {"scenario": lib.scenario(scenario).to_dict(), "bands": bands,
             "weapons": list(weapons.values()), "powers": list(powers.values()),
             "scenery": []}
    game = MASS_EFFECT.new_game(setup, seed=seed)
    state = state_of(game)
    for index, left in (vitality or {}).items():
        state.figures[index].vitality = left
    while not (game.decision().player == 0 and game.decision().kind == decision):
        legal = list(game.legal_actions())
        stay = [a for a in legal if a.verb == "stay"]
        game.apply(stay[0] if stay else legal[-1])  # "pass" comes last
    for index, given in (statuses or {}).items():
        state.figures[index].statuses.extend(given)
    return game


@position("me-finish-the-wounded", "finish the wounded",
          "shoot B.Soldat-de-Cerberus (1 Vitalité left)", hits("B.Soldat-de-Cerberus", "shoot"))
def me_finish_the_wounded() -> Game:
    """ME:A, turn 1, shooting phase. A's Alliance soldier (Tir 4+, stayed: +1) may fire his
    Fusil mitrailleur at either of two Cerberus soldiers (3 points each, Bouclier 5+, no
    armour, in the open). The one with 1 Vitalité left is taken out of action with
    P = 20/27 = 0.741 (3 points); the fresh one (2 Vitalité) with P = 8/27 = 0.296."""
    return me_table([(0, "Soldat de l'Alliance", 18, 10), (1, "Soldat de Cerberus", 14, 22),
                     (1, "Soldat de Cerberus", 22, 22)], vitality={1: 1})


@position("me-leave-the-burning", "finish the wounded",
          "shoot the fresh B.Soldat-de-Cerberus-2, not the burning one",
          hits("B.Soldat-de-Cerberus-2", "shoot"))
def me_leave_the_burning() -> Game:
    """ME:A, turn 1, shooting phase: as "finish the wounded", but the soldier with 1 Vitalité
    left is burning (ME34: at the end of the turn it takes 1 wound that no protection
    saves; neither soldier has armour, Héroïsme or a friend who heals) and has shot already
    this phase: it is out of action at the turn's end whatever A does, having done all it
    could, so shooting it (P = 20/27 = 0.741) gains nothing. The fresh one is taken out
    with P = 8/27 = 0.296 (3 points), and it still has its own shot to fire at A's soldier
    this phase: every hit on it counts."""
    game = me_table([(0, "Soldat de l'Alliance", 18, 10), (1, "Soldat de Cerberus", 14, 22),
                     (1, "Soldat de Cerberus", 22, 22)], vitality={1: 1},
                    statuses={1: ["burning"]})
    burning = state_of(game).figures[1]
    burning.shot = burning.spent = True  # it has shot this phase: nothing left to stop
    return game


def ends_near(ref: str, x: float, y: float, reach_pas: float) -> Predicate:
    """A walk or run of ``ref`` that ends with its base within ``reach_pas`` (edge to edge)
    of the marker at (``x``, ``y``) pas."""

    def predicate(game: Game, action: Action) -> bool:
        if action.verb not in ("walk", "run") or str(getattr(action, "figure", "")) != ref:
            return False
        figure = state_of(game).figure(ref)
        to = action.to  # type: ignore[attr-defined]
        gap = math.hypot(to.x - pas_to_cm(x), to.y - pas_to_cm(y)) - figure.radius \
            - MARKER_RADIUS
        return gap <= pas_to_cm(reach_pas)

    return predicate


@position("me-hold-the-beacon", "last round",
          "walk A.Soldat-de-l'Alliance within 2 pas of the beacon at (18, 18)",
          ends_near("A.Soldat-de-l'Alliance", 18, 18, 2))
def me_hold_the_beacon() -> Game:
    """ME:A, scenario "Tenir la position", the last turn (6), movement phase: a beacon
    scores 1 at the turn's end for the player with more figures in action within 2 pas of
    it (ME37, ME41), and nothing else scores in this scenario. A's soldier stands 4 pas
    (centre to centre) from the middle beacon, held by nobody; a walk (4 pas) brings it
    within 2 pas, where B's soldier, 12 pas from it and 8 from any other beacon's reach,
    cannot contest it this turn. The shot it could take by staying (+1, ME12) at B's
    soldier is worth nothing now: 1 point for sure against none."""
    game = me_table([(0, "Soldat de l'Alliance", 18, 14), (1, "Soldat de Cerberus", 18, 30)],
                    decision="move", scenario="Tenir la position")
    state_of(game).turn = 6
    return game
