"""Effect kinds for the optional rules' climatic conditions (rulebook, optional rules 3), and
for any card that does the same: a test at the end of each round, a limit on how far an
action's target may be, a tactical card's cost, deployment one fighter at a time. (Storm,
a Move of 8 cm, is ``move-distance`` with ``only: move``.)

The conditions themselves, which kinds each one puts in play and the roll that picks them,
are in :mod:`skirmish.games.eden.optional.climate`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.core.events import NoteEvent
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effect_kinds.abilities import (
    CONDITIONS,
    check_characteristic,
    check_choice,
)
from skirmish.games.eden.effect_kinds.characteristics import WHO, concerns
from skirmish.games.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.games.eden.rolling import roll_characteristic, state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState


def is_npf(fighter: Fighter) -> bool:
    """A non-player fighter (Infestation): one of the NPF side, or any fighter whose profile
    card gives a level, not a value (docs/rulings.md, "Level")."""
    return fighter.npf or fighter.profile.level is not None


@register
class EndOfRoundTest(EffectKind):
    """At the end of each round (intendancy step 11, docs/rulings.md) every fighter on the
    field - only the free ones with ``free`` - makes a ``characteristic`` roll of
    ``difficulty``, the first player's fighters first; without a success it suffers a wound
    to ``wound`` (a limb; ``ignore_protection``) and/or gets a ``condition`` marker.
    ``spare_npfs``: non-player fighters are immune.

    Examples (climatic conditions): Ion storm - ``{effect: end-of-round-test,
    characteristic: VIG, difficulty: 6, wound: torso, ignore_protection: true, spare_npfs:
    true}``; Acid rain - ``{..., difficulty: 5, free: true, condition: poison}``."""

    name: ClassVar[str] = "end-of-round-test"
    params: ClassVar[ParamTypes] = {"characteristic": (str, True), "difficulty": (int, True),
                                    "free": (bool, False), "wound": (str, False),
                                    "ignore_protection": (bool, False),
                                    "condition": (str, False), "spare_npfs": (bool, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_characteristic(self.name, params, "characteristic", where)
        check_choice(self.name, params, "wound", (limb.value for limb in Limb), where)
        check_choice(self.name, params, "condition", CONDITIONS, where)

    def end_of_round(self, game: Game, effect: ActiveEffect) -> None:
        from skirmish.games.eden.fighting.conditions import give_markers
        from skirmish.games.eden.fighting.wounds import inflict_wounds

        state = state_of(game)
        characteristic = Characteristic.parse(str(effect.param("characteristic")))
        difficulty = int(effect.param("difficulty"))
        free = bool(effect.param("free", False))
        game.emit(NoteEvent(message=f"{effect.source}: every {'free ' if free else ''}fighter "
                                    f"makes a {characteristic.value} roll, difficulty "
                                    f"{difficulty}"))
        first = state.first_player
        # The players' fighters, the first player's first, then the non-player fighters
        # (Infestation: fighters too, unless ``spare_npfs``; docs/rulings.md).
        for fighter in [*(f for side in (first, 1 - first) for f in state.on_field(side)),
                        *state.npfs()]:
            if not fighter.on_field or (effect.param("spare_npfs") and is_npf(fighter)):
                continue
            if free and not state.is_free(fighter):
                continue
            roll = roll_characteristic(game, fighter, characteristic, difficulty,
                                       kind=effect.source)
            if roll.successes:
                continue
            limb = effect.param("wound")
            if limb is not None:
                inflict_wounds(game, fighter, Limb(str(limb)), 1, by=effect.source,
                               ignore_protection=bool(effect.param("ignore_protection")))
            condition = effect.param("condition")
            if condition is not None:
                give_markers(game, fighter, str(condition), 1, source=effect.source)


@register
class TargetReach(EffectKind):
    """No action of the fighters ``who`` concerns (default: the owner) may aim at a target -
    a fighter, a thrown point, a blast's nearest enemy - more than ``cm`` away, edge to edge
    (docs/rulings.md: not a charge, whose target is chosen in contact).

    Example: the climatic condition Dense fog - ``{effect: target-reach, cm: 15, who:
    all}``."""

    name: ClassVar[str] = "target-reach"
    params: ClassVar[ParamTypes] = {"cm": ((int, float), True), "who": (str, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "who", WHO, where)

    def target_reach(self, state: EdenState, effect: ActiveEffect, fighter: Fighter,
                     reach: float) -> float:
        if not concerns(state, effect, fighter):
            return reach
        return min(reach, float(effect.param("cm")))


@register
class CardCost(EffectKind):
    """Playing a tactical card costs ``sp`` SP instead of 2 (Rulebook 4.B), for both players.

    Example: the climatic condition Snowstorm - ``{effect: card-cost, sp: 3}``."""

    name: ClassVar[str] = "card-cost"
    params: ClassVar[ParamTypes] = {"sp": (int, True)}

    def card_cost(self, state: EdenState, effect: ActiveEffect, player: int, cost: int) -> int:
        return max(0, int(effect.param("sp")))


@register
class AlternateDeployment(EffectKind):
    """Rulebook 4.A step 7 played one fighter at a time: the first player deploys one, then
    his opponent, and so on (the climatic condition Mist: ``{effect:
    alternate-deployment}``)."""

    name: ClassVar[str] = "alternate-deployment"

    def alternate_deployment(self, state: EdenState, effect: ActiveEffect) -> bool:
        return True
