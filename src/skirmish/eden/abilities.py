"""Rulebook 7, Special abilities: permanent abilities act through their effects' hooks;
action abilities are announced and paid for during the owner's activation.

An action ability is used with ``use FIGHTER ABILITY [TARGET] [x,y]``. The generic rules
(cost in AP and SP, X/round, X/match, only during its owner's activation) are checked
here; what it does, and which targets or points it accepts, is its effects' business
(:meth:`EffectKind.actions`, :meth:`EffectKind.refusal`, :meth:`EffectKind.perform`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.core.actions import Action, Ref
from skirmish.eden.actions import Use, key
from skirmish.eden.cards import Ability
from skirmish.eden.effects import EFFECTS, ActiveEffect, announce
from skirmish.eden.events import AbilityEvent
from skirmish.eden.fighter import Fighter
from skirmish.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game


def action_abilities(game: Game, fighter: Fighter) -> list[Ability]:
    state = state_of(game)
    return [a for a in state.catalogue.abilities_of(fighter.profile) if a.kind == "action"]


def _effects_of(game: Game, fighter: Fighter, ability: Ability) -> list[ActiveEffect]:
    return [e for e in state_of(game).effects
            if e.owner == fighter.ref and e.ability == ability.name]


def cost_refusal(game: Game, fighter: Fighter, ability: Ability) -> str | None:
    """Rulebook 5 and 7: the ability's cost must be paid and its limits respected."""
    state = state_of(game)
    if fighter.ap < ability.cost_ap:
        return f"Rulebook 7: {ability.name} costs {ability.cost_ap} AP"
    if state.sp[fighter.side] < ability.cost_sp:
        return f"Rulebook 7: {ability.name} costs {ability.cost_sp} SP"
    if ability.per_round is not None and fighter.round_uses.get(ability.name, 0) >= \
            ability.per_round:
        return f"Rulebook 5: {ability.name} is {ability.per_round}/round"
    if ability.per_match is not None and fighter.match_uses.get(ability.name, 0) >= \
            ability.per_match:
        return f"Rulebook 5: {ability.name} is {ability.per_match}/match"
    return None


def ability_options(game: Game, fighter: Fighter) -> list[Action]:
    """Representative legal uses of the fighter's action abilities."""
    out: list[Action] = []
    for ability in action_abilities(game, fighter):
        if cost_refusal(game, fighter, ability) is not None:
            continue
        effects = _effects_of(game, fighter, ability)
        options: list[Action] = []
        for effect in effects:
            options.extend(EFFECTS[effect.effect].actions(game, effect, fighter))
        if not effects:
            options = [Use(Ref(fighter.ref), key(ability.name))]
        out.extend(a for a in options if ability_refusal(game, fighter, a) is None)
    return out


def _ability(game: Game, fighter: Fighter, token: str) -> Ability | None:
    for ability in action_abilities(game, fighter):
        if key(ability.name) == token:
            return ability
    return None


def ability_refusal(game: Game, fighter: Fighter, action: Action) -> str | None:
    assert isinstance(action, Use)
    ability = _ability(game, fighter, action.ability)
    if ability is None:
        return f"Rulebook 7: {fighter.ref} has no action ability {action.ability!r}"
    refusal = cost_refusal(game, fighter, ability)
    if refusal:
        return refusal
    for effect in _effects_of(game, fighter, ability):
        refusal = EFFECTS[effect.effect].refusal(game, effect, fighter, action)
        if refusal:
            return refusal
    return None


def use_ability(game: Game, fighter: Fighter, action: Action) -> None:
    """Rulebook 7: announce the ability, pay its cost, resolve its effects."""
    assert isinstance(action, Use)
    ability = _ability(game, fighter, action.ability)
    assert ability is not None
    state = state_of(game)
    fighter.ap -= ability.cost_ap
    state.sp[fighter.side] -= ability.cost_sp
    fighter.record_use(ability.name)
    announce(game, AbilityEvent(fighter=fighter.ref, ability=ability.name,
                                target=action.target or "", cost_ap=ability.cost_ap,
                                cost_sp=ability.cost_sp))
    for effect in _effects_of(game, fighter, ability):
        EFFECTS[effect.effect].perform(game, effect, fighter, action)


def ability_effects(game: Game) -> list[ActiveEffect]:
    """Rulebook 7: every effect of every fighter's abilities, owned by that fighter."""
    state = state_of(game)
    out = []
    for fighter in state.fighters:
        for ability in state.catalogue.abilities_of(fighter.profile):
            for spec in ability.effects:
                out.append(ActiveEffect.of(spec, source=ability.name, owner=fighter.ref,
                                           ability=ability.name))
    return out
