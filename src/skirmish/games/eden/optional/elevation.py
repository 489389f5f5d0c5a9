"""Rulebook, optional rules 1, A: Elevation (FR Élévation) in play.

EN "the scenery has a point raised above ground. A fighter standing on this point has a +2 CBT
bonus for melee attacks against any opponent who is below this position. Furthermore the range
of shooting and throwing equipment increases by 5 cm on an elevated position." FR "Un
combattant qui se trouve à cet endroit bénéficie d'un bonus de +2 en CBT pour les attaques de
corps à corps contre un adversaire qui est en contrebas de cette position. De plus la portée
des équipements de tir et de jet augmente de 5 cm pour les combattants situés sur une position
surélevée."

Where a fighter stands is read with :mod:`skirmish.geometry.heights` (its base's centre on the
element's footprint; the element's ``height`` from :func:`~skirmish.games.eden.optional.terrain.
territory_element`) and the Territory test :func:`may_stand_on`: an Elevation element a fighter
may reach, by a Move (Occupation) or by Climbing (X)
(:mod:`skirmish.games.eden.optional.territory_moves`). The +2 CBT is a
:class:`~skirmish.games.eden.modifiers.Modifier` added to the fighter's own (the one modifier
mechanism) for the CBT it uses against that opponent; the +5 cm is added to Range (X).
Everything here is nothing under the basic rules (``state.territory`` false).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skirmish.games.eden.cards.keywords import Climbing, Elevation, Occupation
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.modifiers import Modifier, effective_value
from skirmish.games.eden.optional.terrain import placed
from skirmish.geometry import Element
from skirmish.geometry.heights import StandOn, is_above, standing_on

if TYPE_CHECKING:
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

RULE = "Rulebook, optional rules 1, A: Elevation"
#: EN "a +2 CBT bonus for melee attacks against any opponent who is below this position".
MELEE_BONUS = 2
#: EN "the range of shooting and throwing equipment increases by 5 cm".
RANGE_BONUS = 5.0


def may_stand_on(state: EdenState) -> StandOn:
    """Territory Management's test for :mod:`skirmish.geometry.heights`: a fighter may stand on
    an element with Elevation that it can reach - by a Move when it has Occupation, by a
    climb when it has Climbing (X) (docs/rulings.md, Optional rules 1: Elevation)."""

    def test(element: Element) -> bool:
        record = placed(state, element)
        return record is not None and record.has(Elevation) and (
            record.has(Occupation) or record.has(Climbing))

    return test


def elevated_on(state: EdenState, fighter: Fighter) -> Element | None:
    """The Elevation element ``fighter`` stands on (its elevated point), or ``None`` (on the
    ground, off the field, or under the basic rules)."""
    if not state.territory or not fighter.on_field or not state.scenery:
        return None
    return standing_on(state.base(fighter), state.scenery, may_stand_on(state))


def is_elevated(state: EdenState, fighter: Fighter) -> bool:
    """FR "situés sur une position surélevée": the fighter stands on an elevated point."""
    return elevated_on(state, fighter) is not None


def above(state: EdenState, upper: Fighter, lower: Fighter) -> bool:
    """FR "en contrebas de cette position": ``upper`` stands on an elevated point higher than
    where ``lower`` stands (:func:`skirmish.geometry.heights.is_above`)."""
    if not state.territory or not state.scenery or not upper.on_field or not lower.on_field:
        return False
    return is_above(state.base(upper), state.base(lower), state.scenery, may_stand_on(state))


def melee_modifiers(state: EdenState, fighter: Fighter, opponent: Fighter) -> list[Modifier]:
    """Elevation: +2 CBT for ``fighter`` in a melee attack against ``opponent`` below it (its
    strike, its side of a response's opposition roll, the difficulty of a dodge against its
    strike: docs/rulings.md); none otherwise."""
    if not above(state, fighter, opponent):
        return []
    return [Modifier.bonus(f"Elevation (above {opponent.ref})", Characteristic.CBT,
                           MELEE_BONUS)]


def with_modifiers(state: EdenState, fighter: Fighter, characteristic: Characteristic,
                   extra: Sequence[Modifier]) -> int:
    """The effective value with ``extra`` modifiers added to the fighter's own (Rulebook 2.G:
    all deltas, then the factors, rounded up once)."""
    if not extra:
        return state.characteristic(fighter, characteristic)
    return effective_value(fighter.base_value(characteristic),
                           [*state.modifiers(fighter), *extra], characteristic)


def melee_cbt(state: EdenState, fighter: Fighter, opponent: Fighter) -> int:
    """``fighter``'s CBT in a melee attack against ``opponent`` (Elevation included)."""
    return with_modifiers(state, fighter, Characteristic.CBT,
                          melee_modifiers(state, fighter, opponent))


def range_bonus(state: EdenState, fighter: Fighter) -> float:
    """Elevation: +5 cm to the Range (X) of shooting and throwing equipment for a fighter on
    an elevated position; 0.0 otherwise."""
    return RANGE_BONUS if is_elevated(state, fighter) else 0.0


def climbed_element(state: EdenState, fighter: Fighter) -> Element | None:
    """The element ``fighter`` stands on that a Move could not have entered (reached by
    Climbing (X): impassable): a Move or a Charge leaving it is traced without it
    (docs/rulings.md, Optional rules 1: getting down)."""
    element = elevated_on(state, fighter)
    return element if element is not None and not element.passable else None
