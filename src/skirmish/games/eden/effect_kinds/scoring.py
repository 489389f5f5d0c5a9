"""Mission objectives: how victory points are earned (Rulebook 1.D, 4.B step 10)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.events import Event
from skirmish.games.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.games.eden.events import IncapacitatedEvent
from skirmish.geometry import Marker

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState


def _state(game: Game) -> EdenState:
    from skirmish.games.eden.rolling import state_of

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
        if victim.side == effect.player or victim.npf:
            return  # Infestation: an NPF scores its level instead (docs/rulings.md)
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


def place_objectives(state: EdenState, effect: ActiveEffect,
                     points: Sequence[Sequence[float]]) -> None:
    """Put a mission's objective markers down. Their names are neutral (``objective-N``) so
    that a secret mission cannot be read off the table (issue 11); the state remembers
    which mission each one belongs to."""
    taken = sum(1 for m in state.markers if m.id.startswith("objective-"))
    new = []
    for i, (x, y) in enumerate(points):
        marker = Marker(f"objective-{taken + i + 1}", float(x), float(y), 1.0, "objective")
        state.objectives[marker.id] = f"{effect.owner}:{effect.source}"
        new.append(marker)
    state.markers = state.markers + tuple(new)


def objective_markers(state: EdenState, effect: ActiveEffect) -> list[Marker]:
    """The objective markers a mission put down."""
    owner = f"{effect.owner}:{effect.source}"
    return [m for m in state.markers if state.objectives.get(m.id) == owner]


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
        place_objectives(_state(game), effect, effect.param("at"))

    def score(self, game: Game, effect: ActiveEffect) -> int:
        state = _state(game)
        radius = float(effect.param("radius", 5))
        total = 0
        for marker in objective_markers(state, effect):
            near = {
                f.side
                for f in state.on_field()
                if not f.npf and math.hypot(f.x - marker.x, f.y - marker.y)
                - f.profile.base_mm / 20
                - marker.radius
                <= radius
            }
            if near == {effect.player}:
                total += int(effect.param("vp", 1))
        return total
