"""Effect kinds for the optional rules' Territory Management (rulebook, optional rules 1):
the scenery acting on the fighters and on itself as the match goes on, and a scenery card
that some fighters may not attack. The rules themselves are in :mod:`skirmish.games.eden.optional`
(:mod:`~skirmish.games.eden.optional.hostile`, :mod:`~skirmish.games.eden.optional.fire`,
:mod:`~skirmish.games.eden.optional.destruction`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.games.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.games.eden.events import ActivationEvent, MoveEvent
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.events import Event
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState
    from skirmish.geometry import Element

#: The kind of :class:`skirmish.games.eden.fighting.templates_attack.TemplateEvent`.
TEMPLATE = "eden.template"


@register
class TerritoryManagement(EffectKind):
    """Territory Management, in play for the whole match when the set-up names it (owned by
    nobody): a fighter that begins its activation or ends a move in contact with (or inside)
    scenery suffers its Hostile Presence (X) and catches its fire (Flammable); a Burn (X)
    template or point sets Flammable scenery on fire; each burning element gets one more burn
    marker in intendancy step 1. ``{effect: territory}``."""

    name: ClassVar[str] = "territory"
    triggers: ClassVar[frozenset[str]] = frozenset({ActivationEvent.kind, MoveEvent.kind,
                                                     TEMPLATE})

    def on_event(self, game: Game, effect: ActiveEffect, event: Event) -> None:
        from skirmish.games.eden.fighting.templates_attack import TemplateEvent
        from skirmish.games.eden.optional.fire import ignite
        from skirmish.games.eden.optional.hostile import scenery_contact

        state = state_of(game)
        if isinstance(event, TemplateEvent):
            ignite(game, event)
        elif isinstance(event, ActivationEvent):
            scenery_contact(game, state.fighter(event.fighter), "its activation begins")
        elif isinstance(event, MoveEvent):
            scenery_contact(game, state.fighter(event.fighter), "its move ends")

    def intendancy(self, game: Game, effect: ActiveEffect) -> None:
        from skirmish.games.eden.optional.fire import fire_grows

        fire_grows(game)


@register
class SceneryUnassailable(EffectKind):
    """A scenery card that the fighters of ``faction`` (or of one of ``types``) may not attack
    (Territory Management, Destruction (X)).

    Example (rulebook list): Quarterist Idol - "A fighter from the Matriarchy of Sybille cannot
    attack this scenery": ``{effect: scenery-unassailable, scenery: Quarterist Idol, faction:
    Matriarchy}``."""

    name: ClassVar[str] = "scenery-unassailable"
    params: ClassVar[ParamTypes] = {"scenery": (str, True), "faction": (str, False),
                                    "types": (list, False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        if "faction" not in params and "types" not in params:
            raise ValueError(f"{where}: effect '{self.name}' needs 'faction' or 'types' (who "
                             "may not attack the scenery)")

    def scenery_attack_refusal(self, state: EdenState, effect: ActiveEffect, fighter: Fighter,
                               element: Element) -> str | None:
        name = str(effect.param("scenery"))
        if (element.label or element.id) != name:
            return None
        faction = effect.param("faction")
        types = set(effect.param("types") or ())
        if faction is not None and fighter.profile.faction == faction:
            who = f"a fighter of the {faction}"
        elif types & set(fighter.profile.types):
            who = f"a {' or '.join(sorted(types))} fighter"
        else:
            return None
        return f"{effect.source}: {who} cannot attack this scenery ({element.id})"
