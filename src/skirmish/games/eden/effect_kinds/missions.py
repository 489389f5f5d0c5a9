"""Effect kinds for mission objectives (Rulebook 1.D, Mission objectives; 4.B step 10 and the
end of the match): victory points for fighters near markers or in a zone, for survivors,
for wounds inflicted. See also :mod:`.scoring` (kills, holding objective markers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.core.events import Event
from skirmish.games.eden.effect_kinds.abilities import check_choice
from skirmish.games.eden.effect_kinds.scoring import objective_markers, place_objectives
from skirmish.games.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.games.eden.events import WoundEvent
from skirmish.games.eden.rolling import state_of
from skirmish.geometry.distance import distance

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState


@register
class VpNear(EffectKind):
    """Markers placed when the mission is played (``at``: points in cm); at each intendancy
    step 10 the player scores ``vp`` for every one of his fighters within ``radius`` cm
    (edge to edge) of any of them - enemies nearby do not matter.

    Example: Retreat to contaminated areas (four contaminated areas near the corners)."""

    name: ClassVar[str] = "vp-near"
    params: ClassVar[ParamTypes] = {"at": (list, True), "vp": (int, False),
                                    "radius": ((int, float), False)}

    def on_play(self, game: Game, effect: ActiveEffect) -> None:
        place_objectives(state_of(game), effect, effect.param("at"))

    def score(self, game: Game, effect: ActiveEffect) -> int:
        state = state_of(game)
        radius = float(effect.param("radius", 5))
        markers = objective_markers(state, effect)
        near = [f for f in state.on_field(effect.player)
                if any(distance(state.base(f), m) <= radius + 1e-9 for m in markers)]
        return len(near) * int(effect.param("vp", 1))


ZONES = ("enemy-half", "own-half", "centre")


def in_zone(state: EdenState, effect: ActiveEffect, fighter: Fighter) -> bool:
    zone = effect.param("zone")
    if zone == "centre":
        w, h = state.field.width, state.field.height
        base = state.base(fighter)
        return distance(base, (w / 2, h / 2)) <= float(effect.param("radius", 10)) + 1e-9
    half = state.halves[effect.player if zone == "own-half" else 1 - effect.player]
    if half is None:
        return False
    w, h = state.field.width, state.field.height
    return {"south": fighter.y < h / 2, "north": fighter.y > h / 2,
            "west": fighter.x < w / 2, "east": fighter.x > w / 2}[half]


@register
class VpZone(EffectKind):
    """At each intendancy step 10, ``vp`` for every fighter of the player standing (by the
    centre of its base) in the ``zone``: the enemy's half, his own half, or within
    ``radius`` cm of the centre of the field.

    Example: Infiltration - ``{effect: vp-zone, zone: enemy-half, vp: 1}``."""

    name: ClassVar[str] = "vp-zone"
    params: ClassVar[ParamTypes] = {"zone": (str, True), "vp": (int, False),
                                    "radius": ((int, float), False)}

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        check_choice(self.name, params, "zone", ZONES, where)

    def score(self, game: Game, effect: ActiveEffect) -> int:
        state = state_of(game)
        return sum(int(effect.param("vp", 1)) for f in state.on_field(effect.player)
                   if in_zone(state, effect, f))


@register
class VpSurvivors(EffectKind):
    """At the end of the match, ``vp`` for every fighter of the player still on the field,
    plus ``leader`` if his troop leader is one of them.

    Example: Last stand - ``{effect: vp-survivors, vp: 1, leader: 2}``."""

    name: ClassVar[str] = "vp-survivors"
    params: ClassVar[ParamTypes] = {"vp": (int, False), "leader": (int, False)}

    def final_score(self, game: Game, effect: ActiveEffect) -> int:
        state = state_of(game)
        alive = list(state.on_field(effect.player))
        points = len(alive) * int(effect.param("vp", 1))
        if state.leaders[effect.player] in {f.ref for f in alive}:
            points += int(effect.param("leader", 0))
        return points


@register
class VpPerWound(EffectKind):
    """Counts the CP enemy fighters lose (after protections); at each intendancy step 10 the
    player scores ``vp`` for every ``per`` CP counted, the rest carrying over.

    Example: Bloodletting - ``{effect: vp-per-wound, per: 3, vp: 1}``."""

    name: ClassVar[str] = "vp-per-wound"
    params: ClassVar[ParamTypes] = {"per": (int, True), "vp": (int, False)}
    triggers = frozenset({WoundEvent.kind})

    def validate(self, params: dict[str, Any], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        if params["per"] < 1:
            raise ValueError(f"{where}: effect '{self.name}' parameter 'per' must be >= 1, "
                             f"got {params['per']}")

    def _key(self, effect: ActiveEffect) -> str:
        return f"{effect.owner}:{effect.source}:cp"

    def on_event(self, game: Game, effect: ActiveEffect, event: Event) -> None:
        assert isinstance(event, WoundEvent)
        state = state_of(game)
        victim = state.fighter(event.fighter)
        if event.lost and victim.side != effect.player and not victim.npf:
            key = self._key(effect)
            state.counters[key] = state.counters.get(key, 0) + event.lost

    def score(self, game: Game, effect: ActiveEffect) -> int:
        state = state_of(game)
        key, per = self._key(effect), int(effect.param("per"))
        count = state.counters.get(key, 0)
        if count >= per:
            state.counters[key] = count % per
        return (count // per) * int(effect.param("vp", 1))
