"""What holds after every action of any Eden match, whatever the players chose.

Used by the random-match tests and by ``skirmish soak``: each invariant names the rule it
follows from."""

from __future__ import annotations

import math

from skirmish.core.game import Game
from skirmish.games.eden.cards.keywords import Destruction
from skirmish.games.eden.fighting.melee import ATTACKS_PER_ROUND
from skirmish.games.eden.fighting.movement import CHARGES_PER_ROUND, MOVES_PER_ROUND
from skirmish.games.eden.optional.fire import burning_keywords
from skirmish.games.eden.optional.infestation import SPACING_CM, available
from skirmish.games.eden.optional.terrain import (
    DONE_KEY,
    SCENERY_POINTS,
    attacks,
    burn_markers,
    lost_key,
    scenery_points,
    spent_key,
    territory_element,
)
from skirmish.games.eden.state import EdenState

TOLERANCE = 1e-6


def invariant_problems(game: Game) -> list[str]:
    """Every broken invariant of the game's current state, in words (empty when all hold)."""
    state = game.state
    if not isinstance(state, EdenState):
        return [f"not an Eden game: {type(state).__name__}"]
    problems: list[str] = []
    if not 0 <= state.round <= state.max_rounds:
        problems.append(f"Rulebook 4.A: round {state.round} outside 0..{state.max_rounds}")
    if any(vp < 0 for vp in state.vp):
        problems.append(f"VP below 0: {state.vp}")
    if any(sp < 0 for sp in state.sp):
        problems.append(f"Rulebook 4.A step 2: SP below 0: {state.sp}")
    for f in state.fighters:
        uses = f.round_uses
        if f.ap < 0:
            problems.append(f"Rulebook 5: {f.ref} has {f.ap} AP")
        if uses.get("move", 0) > MOVES_PER_ROUND:
            problems.append(f"Rulebook 5, Move: {f.ref} moved {uses['move']} times this round")
        if uses.get("charge", 0) > CHARGES_PER_ROUND:
            problems.append(f"Rulebook 5, Charge: {f.ref} charged {uses['charge']} times")
        if uses.get("attack", 0) > ATTACKS_PER_ROUND:
            problems.append(f"Rulebook 5, Attack: {f.ref} attacked {uses['attack']} times")
        if f.on_field and f.incapacitated:
            problems.append(f"Rulebook 2.F: {f.ref} is incapacitated but on the field")
    on_field = [f for f in state.fighters if f.on_field]
    w, h = state.field.width, state.field.height
    for f in on_field:
        r = f.profile.base_mm / 20
        if not (r - TOLERANCE <= f.x <= w - r + TOLERANCE
                and r - TOLERANCE <= f.y <= h - r + TOLERANCE):
            problems.append(f"Rulebook 2.D: {f.ref} is off the field at ({f.x}, {f.y})")
    for i, a in enumerate(on_field):
        for b in on_field[i + 1:]:
            d = math.hypot(a.x - b.x, a.y - b.y)
            reach = (a.profile.base_mm + b.profile.base_mm) / 20
            if d < reach - 1e-3:
                problems.append(f"Rulebook 2.D: {a.ref} and {b.ref} overlap "
                                f"({d:.3f} < {reach})")
    problems.extend(infestation_problems(state))
    problems.extend(territory_problems(state))
    return problems


def territory_problems(state: EdenState) -> list[str]:
    """Optional rules 1, Territory Management: the records match the table, each element is
    what its keywords make, a burning element has lost what fire takes, no element has
    suffered its Destruction (X) attacks (it is destroyed then), and the scenery points are
    all spent (or ruled lost: docs/rulings.md)."""
    rule = "Optional rules 1, Territory Management"
    if not state.territory:
        return [f"{rule}: scenery records without Territory Management"] if state.terrain \
            else []
    problems: list[str] = []
    ids = [e.id for e in state.scenery]
    if sorted(ids) != sorted(state.terrain) or len(set(ids)) != len(ids):
        problems.append(f"{rule}: the records {sorted(state.terrain)} do not match the "
                        f"table's elements {ids}")
    for element in state.scenery:
        record = state.terrain.get(element.id)
        if record is None:
            continue
        if element != territory_element(element.id, element.shape, record):
            problems.append(f"{rule}: {element.id} is not what its keywords make")
        burning = burn_markers(state, element.id) > 0
        expected = burning_keywords(record.printed) if burning else record.printed
        if record.keywords != expected:
            problems.append(f"{rule}, Flammable: {element.id}'s keywords "
                            f"{[k.to_text() for k in record.keywords]} (burning: {burning})")
        word = record.find(Destruction)
        if word is not None and attacks(state, element.id) >= word.value:
            problems.append(f"{rule}, Destruction ({word.value}): {element.id} has suffered "
                            f"{attacks(state, element.id)} attacks and is still on the table")
    points = scenery_points(state)
    if points is not None:
        for player in (0, 1):
            spent = state.counters.get(spent_key(player), 0)
            lost = state.counters.get(lost_key(player), 0)
            if min(points[player], spent, lost) < 0 or \
                    points[player] + spent + lost != SCENERY_POINTS:
                problems.append(f"{rule}: player {'AB'[player]}'s scenery points: "
                                f"{points[player]} left + {spent} spent + {lost} lost != "
                                f"{SCENERY_POINTS}")
            if state.counters.get(DONE_KEY) and points[player]:
                problems.append(f"{rule}: player {'AB'[player]} has {points[player]} scenery "
                                "points left after the scenery step")
    return problems


def infestation_problems(state: EdenState) -> list[str]:
    """Optional rules 2, Infestation: every NPF was placed 15 cm or more (edge to edge) from
    the NPFs already on the field (the placement records); once placement is over each
    player spent his infestation points as far as he could (he cannot afford any NPF card,
    or had no room left); an NPF has no AP."""
    infestation = state.infestation
    if infestation is None:
        return []
    problems = [f"Optional rules 2, A: {p.ref} was placed {p.gap:.3f} cm from another NPF "
                f"(less than {SPACING_CM:g})" for p in infestation.placed
                if p.gap is not None and p.gap < SPACING_CM - TOLERANCE]
    if infestation.done:
        cheapest = min((p.level or 0 for p in available(state)), default=0)
        for player in (0, 1):
            left = infestation.points[player]
            if cheapest and left >= cheapest and not infestation.blocked[player]:
                problems.append(f"Optional rules 2, A: player {'AB'[player]} kept {left} "
                                f"infestation points with room to place a level-{cheapest} NPF")
    problems.extend(f"Optional rules 2: the non-player fighter {f.ref} has {f.ap} AP"
                    for f in state.fighters if f.npf and f.ap)
    return problems


def check_invariants(game: Game) -> None:
    """Raise ``AssertionError`` naming every broken invariant."""
    problems = invariant_problems(game)
    assert not problems, "; ".join(problems)
