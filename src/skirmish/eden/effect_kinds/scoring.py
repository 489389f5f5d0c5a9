"""Mission objectives: how victory points are earned (Rulebook 1.D, 4.B step 10)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import Event
from skirmish.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.eden.events import IncapacitatedEvent
from skirmish.geometry import Marker

if TYPE_CHECKING:
    from skirmish.core.game import Game


def _state(game: Game):
    from skirmish.eden.rolling import state_of

    return state_of(game)


@register
class VpPerKill(EffectKind):
    """``vp`` victory points per enemy fighter incapacitated - counted each round, or only
    at the end of the match with ``at: end``; ``leader`` adds points for the enemy leader."""

    name: ClassVar[str] = "vp-per-kill"
    params: ClassVar[ParamTypes] = {"vp": (int, False), "leader": (int, False), "at": (str, False)}
    triggers = frozenset({IncapacitatedEvent.kind})

    def _counter(self, effect: ActiveEffect) -> str:
        return f"{effect.owner}:{effect.source}:kills"

    def on_event(self, game: Game, effect: ActiveEffect, event: Event) -> None:
        assert isinstance(event, IncapacitatedEvent)
        state = _state(game)
        victim = state.fighter(event.fighter)
        if victim.side == effect.player:
            return
        points = int(effect.param("vp", 1))
        if state.leaders[victim.side] == victim.ref:
            points += int(effect.param("leader", 0))
        key = self._counter(effect)
        state.counters[key] = state.counters.get(key, 0) + points

    def _take(self, game: Game, effect: ActiveEffect) -> int:
        return _state(game).counters.pop(self._counter(effect), 0)

    def score(self, game: Game, effect: ActiveEffect) -> int:
        return 0 if effect.param("at") == "end" else self._take(game, effect)

    def final_score(self, game: Game, effect: ActiveEffect) -> int:
        return self._take(game, effect) if effect.param("at") == "end" else 0


@register
class HoldObjectives(EffectKind):
    """Objective markers placed when the mission is played (``at``: points, cm); at each
    intendancy step 10 a player scores ``vp`` for every marker he controls: one of his
    fighters within ``radius`` cm of it (edge to edge) and none of the enemy's."""

    name: ClassVar[str] = "hold-objectives"
    params: ClassVar[ParamTypes] = {
        "at": (list, True),
        "vp": (int, False),
        "radius": ((int, float), False),
    }

    def on_play(self, game: Game, effect: ActiveEffect) -> None:
        state = _state(game)
        new = tuple(
            Marker(f"{effect.source}-{i + 1}", float(x), float(y), 1.0, f"{effect.source}")
            for i, (x, y) in enumerate(effect.param("at"))
        )
        state.markers = state.markers + new

    def score(self, game: Game, effect: ActiveEffect) -> int:
        state = _state(game)
        radius = float(effect.param("radius", 5))
        total = 0
        for marker in state.markers:
            if not marker.id.startswith(f"{effect.source}-"):
                continue
            near = {
                f.side
                for f in state.on_field()
                if math.hypot(f.x - marker.x, f.y - marker.y)
                - f.profile.base_mm / 20
                - marker.radius
                <= radius
            }
            if near == {effect.player}:
                total += int(effect.param("vp", 1))
        return total
