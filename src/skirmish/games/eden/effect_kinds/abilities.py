"""Effect kinds for fighters' special abilities (Rulebook 7): triggers on game events,
action abilities offered during the owner's activation, and intendancy effects.

Every kind is generic and parameterised: the sample cards in ``eden/content`` name one of
them with their own numbers (``{effect: marker-on, on: wounded, condition: rage}``).
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.core.actions import Action, Ref
from skirmish.core.events import Event
from skirmish.games.eden.actions import Use, key
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import (
    ActiveEffect,
    EffectKind,
    ParamTypes,
    announce,
    reach_refusal,
    register,
)
from skirmish.games.eden.events import (
    ActivationEvent,
    IncapacitatedEvent,
    MarkerEvent,
    PointsEvent,
    WoundEvent,
)
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rolling import roll_characteristic, roll_location, state_of
from skirmish.geometry.distance import base_gap

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

#: Game events a trigger can listen to (Rulebook 7: "activated following a particular game
#: event").
ON = ("wounded", "activation", "enemy-incapacitated", "ally-incapacitated")
CONDITIONS = tuple(c.value for c in Condition)


def check_choice(name: str, params: Mapping[str, Any], param: str, allowed: Iterable[str],
                 where: str) -> None:
    """A text parameter limited to a few values; the message lists them."""
    allowed = tuple(allowed)
    if param in params and params[param] not in allowed:
        raise ValueError(f"{where}: effect '{name}' parameter '{param}' must be one of "
                         f"{', '.join(allowed)}, got {params[param]!r}")


def check_characteristic(name: str, params: Mapping[str, Any], param: str, where: str) -> None:
    if param in params:
        try:
            Characteristic.parse(str(params[param]))
        except ValueError as exc:
            raise ValueError(f"{where}: effect '{name}' parameter '{param}': {exc}") from None


def gap(state: EdenState, a: Fighter, b: Fighter) -> float:
    """Edge-to-edge distance between two fighters' bases (Rulebook 2.D)."""
    return base_gap(state.base(a), state.base(b))


def most_damaged(fighter: Fighter) -> Limb | None:
    """The limb with the most checked CP (the first in card order on a tie), or None."""
    best = max(range(4), key=lambda i: (fighter.checked[i], -i))
    return list(Limb)[best] if fighter.checked[best] else None


def heal(game: Game, fighter: Fighter, amount: int, limb: Limb | None, reason: str) -> int:
    """Glossary, Heal: uncheck CP of the chosen (or the most damaged) limb; logged."""
    limb = limb or most_damaged(fighter)
    if limb is None or amount <= 0:
        return 0
    healed = fighter.heal(limb, amount)
    if healed:
        announce(game, PointsEvent(owner=fighter.ref, points=f"CP ({limb.value})",
                                   change=healed, total=fighter.cp_left(limb), reason=reason))
    return healed


def give(game: Game, fighter: Fighter, condition: str, count: int, reason: str) -> None:
    from skirmish.games.eden.fighting.conditions import give_markers

    give_markers(game, fighter, condition, count, source=reason)


def remove_all(game: Game, fighter: Fighter, condition: str, reason: str) -> None:
    n = fighter.marker_count(condition)
    if n:
        fighter.remove_marker(condition, n)
        announce(game, MarkerEvent(fighter=fighter.ref, condition=condition, change=-n,
                                   total=0, reason=reason))


def gain_sp(game: Game, player: int, sp: int, reason: str) -> None:
    state = state_of(game)
    if sp and player in (0, 1):  # a non-player fighter (Infestation) has no SP reserve
        state.sp[player] = max(0, state.sp[player] + sp)
        announce(game, PointsEvent(owner="AB"[player], points="SP", change=sp,
                                   total=state.sp[player], reason=reason))


def gain_ap(game: Game, fighter: Fighter, ap: int, reason: str) -> None:
    if ap and fighter.on_field:
        fighter.ap = max(0, fighter.ap + ap)
        announce(game, PointsEvent(owner=fighter.ref, points="AP", change=ap, total=fighter.ap,
                                   reason=reason))


def event_matches(state: EdenState, effect: ActiveEffect, event: Event) -> bool:
    """Does ``event`` fire this trigger (``on``: see :data:`ON`)?"""
    on = effect.param("on")
    owner = effect.fighter_ref
    if on == "wounded":
        return isinstance(event, WoundEvent) and event.fighter == owner and event.lost > 0
    if on == "activation":
        return isinstance(event, ActivationEvent) and event.fighter == owner
    if isinstance(event, IncapacitatedEvent) and owner is not None:
        victim = state.fighter(event.fighter)
        mine = state.fighter(owner).side
        if on == "enemy-incapacitated":
            return victim.side != mine
        return victim.side == mine and victim.ref != owner
    return False


TRIGGERS = frozenset({WoundEvent.kind, ActivationEvent.kind, IncapacitatedEvent.kind})


@register
class MarkerOn(EffectKind):
    """A trigger (Rulebook 7, Permanent ability with a conditional effect): when the event
    ``on`` happens, ``count`` markers of ``condition`` go ``to`` the owner ("self"), the
    fighter who wounded it ("attacker") or every enemy in contact ("enemies-in-contact").

    Example: Fury - ``{effect: marker-on, on: wounded, condition: rage}``."""

    name: ClassVar[str] = "marker-on"
    params: ClassVar[ParamTypes] = {"on": (str, True), "condition": (str, True),
                                    "count": (int, False), "to": (str, False)}
    triggers = TRIGGERS

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "on", ON, where)
        check_choice(self.name, params, "condition", CONDITIONS, where)
        check_choice(self.name, params, "to", ("self", "attacker", "enemies-in-contact"), where)

    def on_event(self, game: Game, effect: ActiveEffect, event: Event) -> None:
        state = state_of(game)
        if effect.fighter_ref is None or not event_matches(state, effect, event):
            return
        owner = state.fighter(effect.fighter_ref)
        to = effect.param("to", "self")
        if to == "self":
            whom = [owner]
        elif to == "attacker":
            by = getattr(event, "by", "")
            whom = [state.fighter(by)] if by in state.index else []
        else:
            whom = state.enemies_in_contact(owner)
        for fighter in whom:
            give(game, fighter, str(effect.param("condition")), int(effect.param("count", 1)),
                 effect.source)


@register
class GainOn(EffectKind):
    """A trigger: when the event ``on`` happens, the owner's player gains ``sp`` SP, the owner
    gains ``ap`` AP and heals ``heal`` CP (its most damaged limb).

    Example: Scavenger - ``{effect: gain-on, on: enemy-incapacitated, sp: 1}``."""

    name: ClassVar[str] = "gain-on"
    params: ClassVar[ParamTypes] = {"on": (str, True), "sp": (int, False), "ap": (int, False),
                                    "heal": (int, False)}
    triggers = TRIGGERS

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "on", ON, where)

    def on_event(self, game: Game, effect: ActiveEffect, event: Event) -> None:
        state = state_of(game)
        if effect.fighter_ref is None or not event_matches(state, effect, event):
            return
        owner = state.fighter(effect.fighter_ref)
        if not owner.on_field:
            return
        gain_sp(game, owner.side, int(effect.param("sp", 0)), effect.source)
        gain_ap(game, owner, int(effect.param("ap", 0)), effect.source)
        heal(game, owner, int(effect.param("heal", 0)), None, effect.source)


class TargetedAction(EffectKind, abc.ABC):
    """Shared by action abilities aimed at a fighter (Rulebook 7, Action ability): the
    targets offered are those :meth:`eligible` accepts; ``use A.X Ability B.Y``."""

    @abc.abstractmethod
    def eligible(self, state: EdenState, effect: ActiveEffect, user: Fighter,
                 target: Fighter) -> str | None:
        """Why ``target`` may not be chosen (None when it may): each kind says."""

    def actions(self, game: Game, effect: ActiveEffect, fighter: Fighter) -> Iterable[Action]:
        state = state_of(game)
        for target in state.on_field():
            if self.eligible(state, effect, fighter, target) is None:
                yield Use(Ref(fighter.ref), key(effect.ability), Ref(target.ref))

    def target_of(self, state: EdenState, fighter: Fighter, action: Action) -> Fighter | None:
        assert isinstance(action, Use)
        if action.target is None:
            return None
        return state.fighter(action.target) if action.target in state.index else None

    def refusal(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> str | None:
        state = state_of(game)
        target = self.target_of(state, fighter, action)
        if target is None:
            return f"Rulebook 7: {effect.ability} needs a target fighter (use ... TARGET)"
        return self.eligible(state, effect, fighter, target)


def _in_range(state: EdenState, effect: ActiveEffect, user: Fighter, target: Fighter,
              sight: bool) -> str | None:
    rng = float(effect.param("range", 0))
    if not target.on_field:
        return f"{effect.ability}: {target.ref} is not on the field"
    if target.ref != user.ref and gap(state, user, target) > rng + 1e-9:
        return f"{effect.ability}: {target.ref} is more than {rng:g} cm away"
    if target.ref != user.ref:
        fog = reach_refusal(state, user, gap(state, user, target), target.ref)
        if not fog and state.territory:
            from skirmish.games.eden.optional.hiding import hidden_refusal

            fog = hidden_refusal(state, user, target)  # Territory Management: Hiding
        if fog:
            return f"{effect.ability}: {fog}"
    if sight and target.ref != user.ref and not state.sight(user, target).visible:
        return f"{effect.ability}: {user.ref} has no line of sight to {target.ref}"
    return None


class EnemyTargetedAction(TargetedAction):
    """An action ability aimed at an enemy within the card's ``range`` and in sight."""

    def eligible(self, state: EdenState, effect: ActiveEffect, user: Fighter,
                 target: Fighter) -> str | None:
        if target.side == user.side:
            return f"{effect.ability}: the target is an enemy"
        return _in_range(state, effect, user, target, sight=True)


@register
class HealAction(TargetedAction):
    """Action ability: heal ``amount`` CP of the most damaged limb of the user (``who:
    self``) or of a wounded fighter of its troop within ``range`` cm (``who: troop``).

    Example: Field medic - ``{effect: heal, amount: 1, range: 5, who: troop}``."""

    name: ClassVar[str] = "heal"
    params: ClassVar[ParamTypes] = {"amount": (int, True), "range": ((int, float), False),
                                    "who": (str, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "who", ("self", "troop"), where)

    def eligible(self, state: EdenState, effect: ActiveEffect, user: Fighter,
                 target: Fighter) -> str | None:
        if effect.param("who", "troop") == "self" and target.ref != user.ref:
            return f"{effect.ability}: heals its owner only"
        if target.side != user.side:
            return f"{effect.ability}: heals a fighter of its own troop"
        if not any(target.checked):
            return f"Glossary, Heal: {target.ref} has no wound, the treatment is ineffective"
        return _in_range(state, effect, user, target, sight=False)

    def perform(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> None:
        state = state_of(game)
        target = self.target_of(state, fighter, action)
        assert target is not None
        heal(game, target, int(effect.param("amount")), None, effect.ability)


@register
class Afflict(EnemyTargetedAction):
    """Action ability: an enemy within ``range`` cm and in sight gets ``count`` markers of
    ``condition``; with ``roll`` (a characteristic of the user) the markers are given only if
    the roll, of ``difficulty`` (default: the target's value of that characteristic), has at
    least one success (Rulebook 2.A).

    Example: Evil eye - ``{effect: afflict, condition: fear, range: 15, roll: PSI}``."""

    name: ClassVar[str] = "afflict"
    params: ClassVar[ParamTypes] = {"condition": (str, True), "count": (int, False),
                                    "range": ((int, float), True), "roll": (str, False),
                                    "difficulty": (int, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "condition", CONDITIONS, where)
        check_characteristic(self.name, params, "roll", where)

    def perform(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> None:
        state = state_of(game)
        target = self.target_of(state, fighter, action)
        assert target is not None
        roll = effect.param("roll")
        if roll is not None:
            c = Characteristic.parse(str(roll))
            difficulty = int(effect.param("difficulty", state.characteristic(target, c)))
            if roll_characteristic(game, fighter, c, difficulty, kind=effect.ability
                                   ).successes < 1:
                return
        give(game, target, str(effect.param("condition")), int(effect.param("count", 1)),
             effect.ability)


@register
class Strike(EnemyTargetedAction):
    """Action ability: a roll of the user's ``characteristic`` against an enemy within
    ``range`` cm and in sight, of ``difficulty`` (default: the target's VIG); one location
    roll, then each success is a wound to that limb (protections count unless
    ``ignore_protection``), as in Rulebook 6.B steps 3-7.

    Example: Psychic lash - ``{effect: strike, characteristic: PSI, range: 15}``."""

    name: ClassVar[str] = "strike"
    params: ClassVar[ParamTypes] = {"characteristic": (str, True),
                                    "range": ((int, float), True),
                                    "difficulty": (int, False),
                                    "ignore_protection": (bool, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_characteristic(self.name, params, "characteristic", where)

    def perform(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> None:
        from skirmish.games.eden.fighting.wounds import inflict_wounds

        state = state_of(game)
        target = self.target_of(state, fighter, action)
        assert target is not None
        c = Characteristic.parse(str(effect.param("characteristic")))
        difficulty = int(effect.param("difficulty",
                                      state.characteristic(target, Characteristic.VIG)))
        roll = roll_characteristic(game, fighter, c, difficulty, kind=effect.ability)
        if roll.successes < 1:
            return
        limb = target.profile.location(roll_location(game, fighter, target))
        inflict_wounds(game, target, limb, roll.successes, by=fighter.ref,
                       ignore_protection=bool(effect.param("ignore_protection", False)))


@register
class Buff(TargetedAction):
    """Action ability: the user (``who: self``) or a fighter of its troop within ``range``
    cm (``who: troop``) gets ``delta`` on ``characteristic`` until the end of the round.

    Example: Battle cry - ``{effect: buff, characteristic: CBT, delta: 1, range: 10}``."""

    name: ClassVar[str] = "buff"
    params: ClassVar[ParamTypes] = {"characteristic": (str, True), "delta": (int, True),
                                    "range": ((int, float), False), "who": (str, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_characteristic(self.name, params, "characteristic", where)
        check_choice(self.name, params, "who", ("self", "troop"), where)

    def eligible(self, state: EdenState, effect: ActiveEffect, user: Fighter,
                 target: Fighter) -> str | None:
        if effect.param("who", "troop") == "self" and target.ref != user.ref:
            return f"{effect.ability}: its owner only"
        if target.side != user.side:
            return f"{effect.ability}: a fighter of its own troop"
        return _in_range(state, effect, user, target, sight=False)

    def perform(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> None:
        from skirmish.games.eden.cards.cards import freeze

        state = state_of(game)
        target = self.target_of(state, fighter, action)
        assert target is not None
        params = {"characteristic": effect.param("characteristic"),
                  "delta": effect.param("delta"), "who": "target", "target": target.ref}
        state.effects.append(ActiveEffect("modify", effect.ability, "AB"[fighter.side],
                                          freeze(params), "round"))


@register
class Gain(EffectKind):
    """Action ability without a target: the player gains ``sp`` SP and the user ``ap`` AP.

    Example: Meditation - ``{effect: gain, sp: 1}`` (cost 1 AP)."""

    name: ClassVar[str] = "gain"
    params: ClassVar[ParamTypes] = {"sp": (int, False), "ap": (int, False)}

    def actions(self, game: Game, effect: ActiveEffect, fighter: Fighter) -> Iterable[Action]:
        yield Use(Ref(fighter.ref), key(effect.ability))

    def perform(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> None:
        gain_sp(game, fighter.side, int(effect.param("sp", 0)), effect.ability)
        gain_ap(game, fighter, int(effect.param("ap", 0)), effect.ability)


@register
class Upkeep(EffectKind):
    """Intendancy step 1 (Rulebook 4.B): each concerned fighter on the field heals ``heal``
    CP (its most damaged limb) and loses every ``remove`` marker; the owner's player gains
    ``sp`` SP. ``who``/``within`` as for ``modify`` (default: the owner itself).

    Example: Regeneration - ``{effect: upkeep, heal: 1}``."""

    name: ClassVar[str] = "upkeep"
    params: ClassVar[ParamTypes] = {"heal": (int, False), "sp": (int, False),
                                    "remove": (str, False), "who": (str, False),
                                    "within": ((int, float), False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "remove", CONDITIONS, where)
        check_choice(self.name, params, "who", ("self", "allies", "troop"), where)

    def intendancy(self, game: Game, effect: ActiveEffect) -> None:
        from skirmish.games.eden.effect_kinds.characteristics import concerns

        state = state_of(game)
        owner = state.fighter(effect.fighter_ref) if effect.fighter_ref else None
        if owner is not None and not owner.on_field:
            return
        for fighter in list(state.on_field()):
            if not concerns(state, effect, fighter):
                continue
            heal(game, fighter, int(effect.param("heal", 0)), None, effect.source)
            if effect.param("remove"):
                remove_all(game, fighter, str(effect.param("remove")), effect.source)
        gain_sp(game, effect.player, int(effect.param("sp", 0)), effect.source)
