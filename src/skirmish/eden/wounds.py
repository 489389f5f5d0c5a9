"""Wounds, protections and incapacitation (Rulebook 1.5, 2.F, 8.A "Pr")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.eden.events import IncapacitatedEvent, WoundEvent
from skirmish.eden.fighter import Fighter, WoundResult
from skirmish.eden.profile import Limb

if TYPE_CHECKING:
    from skirmish.core.game import Game


def protection(game: Game, fighter: Fighter, limb: Limb) -> int:
    """Rulebook 8.A, Pr: the protection value on this limb. Protective equipment arrives
    with the content (cards as data); until then no fighter is protected."""
    return 0


def inflict_wounds(
    game: Game,
    fighter: Fighter,
    limb: Limb,
    wounds: int,
    *,
    ignore_protection: bool = False,
) -> WoundResult:
    """Rulebook 1.5: check as many CP dots as wounds, less the limb's protection; a limb
    that loses its last CP incapacitates the fighter, who leaves the field (2.F)."""
    saved = 0 if ignore_protection else min(wounds, protection(game, fighter, limb))
    result = fighter.wound(limb, wounds - saved)
    game.emit(
        WoundEvent(
            fighter=fighter.ref,
            limb=limb.value,
            wounds=wounds,
            protection=saved,
            lost=result.lost,
            became_wounded=result.became_wounded,
            cp_left=fighter.cp_left(limb),
        )
    )
    if result.incapacitated and fighter.on_field:
        fighter.on_field = False
        game.emit(IncapacitatedEvent(fighter=fighter.ref))
    return result
