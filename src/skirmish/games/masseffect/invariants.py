"""What must hold after every action of an ME:A game (for soak runs and property tests).

Each problem is one sentence naming the figure and the ruling it breaks; an empty list is a
healthy game.
"""

from __future__ import annotations

import math

from skirmish.core.game import Game
from skirmish.games.masseffect.figure import RUN
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import HEROIC_PER_TURN

#: The slack allowed on base overlaps and table edges (cm), as the geometry's tolerances.
SLACK = 1e-3


def invariant_problems(game: Game) -> list[str]:
    state = state_of(game)
    out: list[str] = []
    if not 0 <= state.turn <= state.scenario.turns:
        out.append(f"ME36: turn {state.turn} of {state.scenario.turns}")
    if min(state.scores) < 0 or min(state.extracted) < 0:
        out.append(f"ME37: negative scores {state.scores} or data {state.extracted}")
    placed = [f for f in state.figures if f.in_action]
    for f in state.figures:
        p, who = f.profile, str(f.ref)
        if not 0 <= f.vitality <= p.vitality:
            out.append(f"ME25: {who} has Vitalité {f.vitality} of {p.vitality}")
        if not 0 <= f.armour <= p.armour:
            out.append(f"ME25: {who} has Armure {f.armour} of {p.armour}")
        if not 0 <= f.heroism <= p.heroism:
            out.append(f"ME31: {who} has Héroïsme {f.heroism} of {p.heroism}")
        shield = p.shield.value or 0 if p.shield else 0
        barrier = p.barrier.value or 0 if p.barrier else 0
        if not 0 <= f.shield_uses <= shield or not 0 <= f.barrier_uses <= barrier:
            out.append(f"ME24: {who} has {f.shield_uses}/{shield} Bouclier and "
                       f"{f.barrier_uses}/{barrier} Barrière uses")
        if f.out and f.vitality != 0 and not f.extracted:
            out.append(f"ME25: {who} is out of action with Vitalité {f.vitality}")
        if f.in_action and f.vitality <= 0:
            out.append(f"ME25: {who} is in action with Vitalité {f.vitality}")
        if f.moved == RUN and (f.shot or f.used_power or f.special):
            out.append(f"ME11: {who} ran and then shot, used a power or a special action")
        if f.special and (f.shot or f.used_power):
            out.append(f"ME13: {who} took a special action and shot or used a power")
        if any(f.heroic_used.count(k) > HEROIC_PER_TURN for k in set(f.heroic_used)):
            out.append(f"ME31: {who} took a heroic action twice this turn")
        for item, used in f.uses.items():
            weapon = f.card.weapon(item)
            power = f.card.power(item)
            limit = (weapon.per_game if weapon else power.per_game if power else None)
            if limit is not None and used > limit:
                out.append(f"ME32/ME33: {who} used {item} {used} times of {limit}")
    for f in placed:
        r = f.radius
        if (f.x < r - SLACK or f.y < r - SLACK or f.x > state.field.width - r + SLACK
                or f.y > state.field.height - r + SLACK):
            out.append(f"ME17: {f.ref} stands off the table at {f.x:.2f},{f.y:.2f}")
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            if math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius - SLACK:
                out.append(f"ME17: the bases of {a.ref} and {b.ref} overlap")
    return out
