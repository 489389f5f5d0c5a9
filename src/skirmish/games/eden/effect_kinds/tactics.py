"""Effect kinds for tactical cards played in the tactical phase (Rulebook 4.B, 1.D) and for
scenery that acts on the fighters near it (Optional rules 1, Territory Management)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effect_kinds.abilities import (
    CONDITIONS,
    check_characteristic,
    check_choice,
    gain_ap,
    gain_sp,
    give,
    heal,
    remove_all,
)
from skirmish.games.eden.effect_kinds.characteristics import WHO, concerns
from skirmish.games.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.games.eden.modifiers import Modifier
from skirmish.games.eden.rolling import state_of
from skirmish.geometry.distance import distance

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState


@register
class Instant(EffectKind):
    """A card's immediate effect when it is played (``on_play``): each fighter on the field
    that ``who`` picks (``target``: the fighter the card names, ``troop``, ``enemies``...)
    heals ``heal`` CP, gains ``ap`` AP, gets ``count`` ``condition`` markers and loses every
    ``remove`` marker; the player gains ``sp`` SP.

    Example: Contaminated Area - ``{effect: instant, who: enemies, condition: poison}``."""

    name: ClassVar[str] = "instant"
    params: ClassVar[ParamTypes] = {"who": (str, False), "target": (str, False),
                                    "heal": (int, False), "ap": (int, False),
                                    "sp": (int, False), "condition": (str, False),
                                    "count": (int, False), "remove": (str, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "who", WHO, where)
        check_choice(self.name, params, "condition", CONDITIONS, where)
        check_choice(self.name, params, "remove", CONDITIONS, where)

    def on_play(self, game: Game, effect: ActiveEffect) -> None:
        state = state_of(game)
        who = effect.param("who", "target")
        for fighter in list(state.on_field()):
            if who != "all" and not concerns(state, effect, fighter):
                continue
            heal(game, fighter, int(effect.param("heal", 0)), None, effect.source)
            gain_ap(game, fighter, int(effect.param("ap", 0)), effect.source)
            if effect.param("condition"):
                give(game, fighter, str(effect.param("condition")),
                     int(effect.param("count", 1)), effect.source)
            if effect.param("remove"):
                remove_all(game, fighter, str(effect.param("remove")), effect.source)
        gain_sp(game, effect.player, int(effect.param("sp", 0)), effect.source)


def near_scenery(state: EdenState, effect: ActiveEffect, fighter: Fighter) -> bool:
    """Is the fighter on the field within ``within`` cm (edge to edge) of an element of the
    scenery ``scenery`` (by its card name), and of one of the ``types`` if given?"""
    if not fighter.on_field:
        return False
    types = effect.param("types")
    if types and not set(types) & set(fighter.profile.types):
        return False
    name = effect.param("scenery")
    within = float(effect.param("within", 5))
    base = state.base(fighter)
    return any(distance(base, e) <= within + 1e-9 for e in state.scenery
               if (e.label or e.id) == name)


@register
class SceneryAura(EffectKind):
    """Territory Management: fighters within ``within`` cm of a placed ``scenery`` element
    (and of one of ``types``) get ``delta`` on ``characteristic`` and/or ``protection`` on
    every limb (``ranged_only``: against ranged attacks only).

    Examples (rulebook list): Energy Beacon - "Gyromagnetic Field (Pr): complete +2" against
    ranged attacks within 5 cm; Quarterist Idol - Sister fighters +1 PSI within 10 cm."""

    name: ClassVar[str] = "scenery-aura"
    params: ClassVar[ParamTypes] = {"scenery": (str, True), "within": ((int, float), False),
                                    "characteristic": (str, False), "delta": (int, False),
                                    "protection": (int, False), "ranged_only": (bool, False),
                                    "types": (list, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_characteristic(self.name, params, "characteristic", where)

    def modified(self, effect: ActiveEffect) -> Characteristic | None:
        """The ``characteristic`` of :meth:`modifiers`' one modifier (none without it)."""
        c = effect.param("characteristic")
        try:
            return None if c is None else Characteristic.parse(str(c))
        except ValueError:  # an effect no card gives (validate refuses it): ask it anyway
            return None

    def modifiers(self, state: EdenState, effect: ActiveEffect,
                  fighter: Fighter) -> Iterable[Modifier]:
        c = effect.param("characteristic")
        if c is None or not near_scenery(state, effect, fighter):
            return ()
        return (Modifier(effect.source, Characteristic.parse(str(c)),
                         int(effect.param("delta", 0)), Fraction(1)),)

    def protection(self, state: EdenState, effect: ActiveEffect, fighter: Fighter, limb: Limb,
                   ranged: bool) -> int:
        if effect.param("ranged_only") and not ranged:
            return 0
        amount = int(effect.param("protection", 0))
        return amount if amount and near_scenery(state, effect, fighter) else 0
