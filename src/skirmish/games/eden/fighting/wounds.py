"""Wounds, protections and incapacitation (Rulebook 1.5, 2.F, 8.A "Pr")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.effects import announce, effect_protection
from skirmish.games.eden.events import IncapacitatedEvent, PointsEvent, WoundEvent
from skirmish.games.eden.fighter import NPF_SIDE, Fighter, WoundResult
from skirmish.games.eden.fighting.conditions import burner_key
from skirmish.games.eden.house_rules import NPF_BURN_SCORE
from skirmish.games.eden.optional.infestation import RULE_C, npf_level
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


def protection(game: Game, fighter: Fighter, limb: Limb, *, ranged: bool = False) -> int:
    """Rulebook 8.A, Pr: every protective equipment on this limb ("complete" covers all
    four) adds its value, and so do card effects (an Energy Beacon's field against ranged
    attacks, an ability)."""
    state = state_of(game)
    total = 0
    for item in state.catalogue.equipment_of(fighter.profile):
        part = item.part(Category.PR)
        if part is not None and limb in part.protects:
            total += part.protection
    if state.effects:
        total += effect_protection(state, fighter, limb, ranged)
    return total


def inflict_wounds(
    game: Game,
    fighter: Fighter,
    limb: Limb,
    wounds: int,
    *,
    ignore_protection: bool = False,
    ranged: bool = False,
    by: str = "",
) -> WoundResult:
    """Rulebook 1.5: check as many CP dots as wounds, less the limb's protection; a limb
    that loses its last CP incapacitates the fighter, who leaves the field (2.F)."""
    saved = 0 if ignore_protection else min(wounds, protection(game, fighter, limb,
                                                              ranged=ranged))
    result = fighter.wound(limb, wounds - saved)
    announce(
        game,
        WoundEvent(
            fighter=fighter.ref,
            limb=limb.value,
            wounds=wounds,
            protection=saved,
            lost=result.lost,
            became_wounded=result.became_wounded,
            cp_left=fighter.cp_left(limb),
            by=by,
        ),
    )
    if result.incapacitated and fighter.on_field:
        take_out(game, fighter, by)
    return result


def take_out(game: Game, fighter: Fighter, by: str = "") -> None:
    """Rulebook 2.F: an incapacitated fighter leaves the field (a wound, or a rule that
    incapacitates it outright: Territory Management's Jump (X)); a leader's loss is noted
    for the next first player (4.B)."""
    if not fighter.on_field:
        return
    fighter.on_field = False
    if not fighter.npf and state_of(game).leaders[fighter.side] == fighter.ref:
        state_of(game).leader_lost[fighter.side] = True
    announce(game, IncapacitatedEvent(fighter=fighter.ref, by=by))
    # A fighter out of the game takes its abilities with it.
    state = state_of(game)
    state.effects = [e for e in state.effects if e.owner != fighter.ref]
    if fighter.npf:  # Infestation, C: its level in VP for whoever eliminated it
        score_elimination(game, fighter, by)


def score_elimination(game: Game, npf: Fighter, by: str) -> None:
    """C: "Lorsqu'un combattant élimine un CNJ, le joueur qui contrôle ce combattant marque
    immédiatement un nombre de points de victoire équivalent au niveau du CNJ." ``by`` is
    what inflicted the last wound: a fighter of a troop scores for its player; a burn, a
    poison or a climatic condition scores for nobody (docs/rulings.md), unless house rule
    ``eden-npf-burn-score=burner``: a burn then scores for the player whose fighter gave the
    NPF its last burn marker (:func:`~skirmish.games.eden.fighting.conditions.note_burner`)."""
    state = state_of(game)
    if by == "burn":
        side = state.counters.get(burner_key(npf), 0) - 1
        if side in (0, 1):
            _score(game, npf, side, f"{RULE_C}: {npf.ref} dies of the burn a fighter of "
                                    f"player {'AB'[side]} gave it (house rule "
                                    f"{NPF_BURN_SCORE}=burner)")
        return
    if by not in state.index:
        return
    killer = state.fighter(by)
    if killer.side == NPF_SIDE:
        return
    _score(game, npf, killer.side, f"{RULE_C}: {killer.ref} eliminated {npf.ref}")


def _score(game: Game, npf: Fighter, side: int, reason: str) -> None:
    """The NPF's level in VP for player ``side``, announced."""
    state = state_of(game)
    level = npf_level(npf)
    state.vp[side] += level
    announce(game, PointsEvent(owner="AB"[side], points="VP", change=level,
                               total=state.vp[side], reason=f"{reason} (level {level})"))
