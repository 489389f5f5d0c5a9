"""Rulebook 7, Special abilities: permanent abilities act through their effects' hooks;
action abilities are announced and paid for during the owner's activation.

An action ability is used with ``use FIGHTER ABILITY [TARGET] [x,y]``. The generic rules
(cost in AP and SP, X/round, X/match, only during its owner's activation) are checked
here; what it does, and which targets or points it accepts, is its effects' business
(:meth:`EffectKind.actions`, :meth:`EffectKind.refusal`, :meth:`EffectKind.perform`).

A permanent ability with a cost (Rulebook 7: "the player may decide not to pay the cost,
which prevents the implementation of the ability effects") is offered at the start of each
of its owner's activations (:class:`AbilityCosts`, ``pay FIGHTER ABILITY`` or ``pass``,
docs/rulings.md): paid, its effects come into play until the end of the round; declined
or unaffordable, they stay out of play and nothing is charged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Pay, Use, key
from skirmish.games.eden.cards.cards import Ability
from skirmish.games.eden.effects import EFFECTS, ActiveEffect, announce
from skirmish.games.eden.events import AbilityEvent, PointsEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game

#: Rulebook 5 and 7 (docs/rulings.md): an action ability that costs no AP and shows neither
#: X/round nor X/match may be used this many times per round, so that an activation, which
#: goes on while anything but ``end`` is possible, always ends.
FREE_ACTION_PER_ROUND = 1


def action_abilities(game: Game, fighter: Fighter) -> list[Ability]:
    state = state_of(game)
    return [a for a in state.catalogue.abilities_of(fighter.profile) if a.kind == "action"]


def has_cost(ability: Ability) -> bool:
    """Rulebook 7: "Some abilities have no cost, which means that they are free to use"."""
    return bool(ability.cost_ap or ability.cost_sp)


def costly_permanent(ability: Ability) -> bool:
    """A permanent ability whose effects apply only while its cost is paid (Rulebook 7)."""
    return ability.kind == "permanent" and has_cost(ability)


def costly_permanent_abilities(game: Game, fighter: Fighter) -> list[Ability]:
    state = state_of(game)
    return [a for a in state.catalogue.abilities_of(fighter.profile) if costly_permanent(a)]


def _effects_of(game: Game, fighter: Fighter, ability: Ability) -> list[ActiveEffect]:
    return [e for e in state_of(game).effects
            if e.owner == fighter.ref and e.ability == ability.name]


def cost_text(ability: Ability) -> str:
    """``1 AP and 2 SP``, ``1 SP``, or ``nothing``."""
    parts = [f"{n} {unit}" for n, unit in ((ability.cost_ap, "AP"), (ability.cost_sp, "SP"))
             if n]
    return " and ".join(parts) or "nothing"


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
    if (ability.kind == "action" and ability.cost_ap == 0 and ability.per_round is None
            and ability.per_match is None
            and fighter.round_uses.get(ability.name, 0) >= FREE_ACTION_PER_ROUND):
        return (f"Rulebook 5 and 7 (docs/rulings.md): {ability.name} costs no AP and shows "
                f"no limit: {FREE_ACTION_PER_ROUND}/round")
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
    """Rulebook 7: every effect of every fighter's abilities, owned by that fighter - except
    those of permanent abilities with a cost, which come into play only when it is paid
    (:func:`pay_for`)."""
    state = state_of(game)
    out = []
    for fighter in state.fighters:
        for ability in state.catalogue.abilities_of(fighter.profile):
            if costly_permanent(ability):
                continue
            for spec in ability.effects:
                out.append(ActiveEffect.of(spec, source=ability.name, owner=fighter.ref,
                                           ability=ability.name))
    return out


def pay_for(game: Game, fighter: Fighter, ability: Ability) -> None:
    """Rulebook 7, a permanent ability with a cost: charge the fighter's AP and the player's
    SP, count the use (its X/round and X/match), then its effects are in play until the end
    of the round (intendancy step 11 ends them, :func:`skirmish.games.eden.effects.expire`)."""
    state = state_of(game)
    fighter.ap -= ability.cost_ap
    state.sp[fighter.side] -= ability.cost_sp
    fighter.record_use(ability.name)
    announce(game, AbilityEvent(fighter=fighter.ref, ability=ability.name,
                                cost_ap=ability.cost_ap, cost_sp=ability.cost_sp))
    reason = f"{ability.name}, in force until the end of the round"
    if ability.cost_ap:
        announce(game, PointsEvent(owner=fighter.ref, points="AP", change=-ability.cost_ap,
                                   total=fighter.ap, reason=reason))
    if ability.cost_sp:
        announce(game, PointsEvent(owner="AB"[fighter.side], points="SP",
                                   change=-ability.cost_sp, total=state.sp[fighter.side],
                                   reason=reason))
    state.effects.extend(ActiveEffect.of(spec, source=ability.name, owner=fighter.ref,
                                         until="round", ability=ability.name)
                         for spec in ability.effects)


@dataclass(slots=True)
class AbilityCosts(Procedure):
    """Rulebook 7, Permanent abilities with a cost: at the start of its owner's activation
    the player pays each one's cost, or not (docs/rulings.md), in card order."""

    name: ClassVar[str] = "eden.ability-costs"
    fighter: Ref
    asked: list[str] = field(default_factory=list)

    def _next(self, game: Game) -> Ability | None:
        """The next costly permanent ability not yet settled at this activation."""
        fighter = state_of(game).fighter(self.fighter)
        return next((a for a in costly_permanent_abilities(game, fighter)
                     if a.name not in self.asked), None)

    def decision(self, game: Game) -> Decision | None:
        fighter = state_of(game).fighter(self.fighter)
        ability = self._next(game)
        if ability is None or not fighter.on_field or cost_refusal(game, fighter, ability):
            return None  # nothing left to ask, or a cost that cannot be paid: not asked
        return Decision(
            fighter.side, "ability-cost",
            f"Pay {cost_text(ability)} so that {fighter.ref}'s {ability.name} is in force "
            f"until the end of the round, or pass?",
            options=(str(Pay(self.fighter, key(ability.name))), "pass"),
            context={"fighter": fighter.ref, "ability": ability.name,
                     "cost_ap": ability.cost_ap, "cost_sp": ability.cost_sp,
                     "effects": [spec.to_dict() for spec in ability.effects]},
        )

    def legal_actions(self, game: Game) -> list[Action]:
        ability = self._next(game)
        if ability is None:
            return []
        return [Pay(self.fighter, key(ability.name)), Pass()]

    def check(self, game: Game, action: Action) -> None:
        ability = self._next(game)
        assert ability is not None  # a decision is pending
        if isinstance(action, Pass):
            return
        if not isinstance(action, Pay):
            raise IllegalActionError(f"'{action}': pay {self.fighter} {key(ability.name)} "
                                     "or pass", self.rule())
        if action.fighter != self.fighter or action.ability != key(ability.name):
            raise IllegalActionError(
                f"'{action}': the cost asked now is {self.fighter}'s {ability.name}",
                "Rulebook 7: a permanent ability's cost is paid by its owner's player, "
                "at the start of its owner's activation (docs/rulings.md)")
        refusal = cost_refusal(game, state_of(game).fighter(self.fighter), ability)
        if refusal:
            raise IllegalActionError(f"{self.fighter} cannot pay for {ability.name}", refusal)

    def apply(self, game: Game, action: Action) -> None:
        ability = self._next(game)
        assert ability is not None
        fighter = state_of(game).fighter(self.fighter)
        self.asked.append(ability.name)
        if isinstance(action, Pay):
            pay_for(game, fighter, ability)
        else:
            game.emit(NoteEvent(message=f"{fighter.ref} does not pay for {ability.name}: no "
                                        "effect this round"))

    def run(self, game: Game) -> None:
        ability = self._next(game)
        if ability is None:
            game.pop()
            return
        fighter = state_of(game).fighter(self.fighter)
        self.asked.append(ability.name)
        if fighter.on_field:
            why = cost_refusal(game, fighter, ability)
            game.emit(NoteEvent(message=f"{fighter.ref} cannot pay for {ability.name} "
                                        f"({why}): no effect this round"))
