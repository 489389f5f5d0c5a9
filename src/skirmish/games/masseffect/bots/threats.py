"""Mass Effect: Annihilation: the shots still to come this turn, for the leaf evaluation
(``me_threat``).

The search's ME:A leaves are mid-turn (its rollouts stop where an exchange is settled): a
leaf in the movement phase has seen the figures move, not what the moves lead to - the
shooting phase that follows (ME8). This term reads it from the table: each figure in action
that may still shoot this turn (it has not shot nor run, is free and not held: ME21, ME26)
is credited with its best shot at an enemy in action and free, by the exact odds the Mass
Effect: Annihilation bot uses (:func:`skirmish.games.masseffect.bots.values.shot_ends`: the roll's
modifiers, obstacle and cover, the protections and armour left; a figure taken out worth its
points and what it would still do), in band points - as the bot's own ``exposure`` does
(:func:`skirmish.games.masseffect.bots.moves.exposure`): a target in range counts in full, one a
walk further (for a figure that has not moved yet) at :data:`BEYOND`; sight is the scenery's
only (no figure hides another), from where the figures stand.

The search's games hide nothing (ME:A has no hidden information), so the table is read from
player A's view of the search's own game.
"""

from __future__ import annotations

from skirmish.core.game import Game

#: The share of a shot's worth when the target is a walk beyond the weapon's range.
BEYOND = 0.4


def me_threats(game: Game) -> tuple[float, float]:
    """Each band's best shots still to come this turn (band points), summed over its
    figures that may still shoot."""
    from skirmish.games.masseffect.bots.table import Table, gap
    from skirmish.games.masseffect.bots.values import (
        ends_value,
        kill_bonus,
        may_still_shoot,
        shot_ends,
    )

    table = Table.of(game.view(0))
    out = [0.0, 0.0]
    figures = [f for f in table.figs.values() if f.in_action and f.side in (0, 1)]
    for f in figures:
        if not may_still_shoot(f):
            continue
        shots = f.shots
        walk = 0.0 if f.moved else f.walk_cm()
        best = 0.0
        for e in figures:
            if e.side == f.side or e.engaged:
                continue
            d = gap(f.base, e.base)
            usable = [(w, r) for w, r in shots if d <= r + walk]
            if not usable:
                continue
            sight = table.sight(f.base, e.base)
            if not sight.allowed:
                continue
            bonus = kill_bonus(table, e)
            for w, r in usable:
                ends = shot_ends(f, w, e, stayed=f.moved == "stay", obstacle=sight.obstacle,
                                 cover=sight.cover is not None)
                worth = ends_value(ends, e, bonus)
                best = max(best, worth if d <= r else BEYOND * worth)
        out[f.side] += best
    return out[0], out[1]


__all__ = ["BEYOND", "me_threats"]
