"""Deployment (docs/masseffect.md ME2, ME38).

The scenario's markers are already on the table. Each player rolls a D6, re-rolling ties; the
winner picks his edge (lower or upper) and places a figure first; then the players alternate,
one figure at a time, each within ``depth`` pas of his own edge, facing where he likes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.actions import Action, Point
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import ChooseEdge, Deploy, Edge
from skirmish.games.masseffect.events import MoveEvent, Note
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import DEFAULT_DEPLOYMENT_PAS, pas_to_cm
from skirmish.games.masseffect.state import MarkerState, MEState
from skirmish.geometry import Base, Element
from skirmish.geometry.paths import StandingRules, end_position_problem

RULE = "ME38, deployment"
#: Deployment points offered per figure (any legal point is accepted).
POINTS = 4


def depth_cm(state: MEState) -> float:
    return pas_to_cm(int(state.scenario.deployment.param("depth", DEFAULT_DEPLOYMENT_PAS)))


def deploy_problem(state: MEState, figure: Figure, at: tuple[float, float]) -> str:
    """Why ``figure`` may not be deployed with its centre at ``at``, or ""."""
    return _deploy_problem(state, figure, float(at[0]), float(at[1]), depth_cm(state),
                           state.bases(figure), state.elements())


def _deploy_problem(state: MEState, figure: Figure, x: float, y: float, depth: float,
                    bases: list[Base], elements: tuple[Element, ...]) -> str:
    """:func:`deploy_problem` with the deployment depth, the other figures' bases and the
    scenery given (the same for every point tried)."""
    if _outside(state, figure, y, depth):
        return (f"{RULE}: {figure.ref} must stand entirely within {depth / 2.5:g} pas of its "
                f"{state.edges[figure.side]} edge")
    problem = end_position_problem(figure.base, (x, y), field=state.field, bases=bases,
                                   elements=elements)
    if problem:
        return f"{RULE}: {figure.ref} cannot stand at {x:g},{y:g} ({problem})"
    marker = _marker_under(state, figure, x, y)
    if marker is not None:
        return f"{RULE}: {figure.ref} cannot stand on the marker {marker.id}"
    return ""


def _outside(state: MEState, figure: Figure, y: float, depth: float) -> bool:
    """Does the figure's base, centred at height ``y``, reach out of its deployment zone?"""
    r = figure.radius
    if state.edges[figure.side] == "lower":
        return not y + r <= depth + 1e-9
    return not y - r >= state.field.height - depth - 1e-9


def _marker_under(state: MEState, figure: Figure, x: float, y: float) -> MarkerState | None:
    """The first marker the figure's base, centred at (x, y), would stand on."""
    r = figure.radius
    for m in state.markers:
        gap = ((x - m.x) ** 2 + (y - m.y) ** 2) ** 0.5 - r
        if gap < 1.5 - 1e-9:
            return m
    return None


def deploy_points(state: MEState, figure: Figure, n: int = POINTS) -> list[Point]:
    """Up to ``n`` deterministic legal centres for ``figure`` (rounded to 0.1 cm)."""
    rnd = random.Random(state.index[str(figure.ref)] * 7919 + sum(f.placed for f in
                                                                     state.figures))
    r, depth = figure.radius, depth_cm(state)
    lower = state.edges[figure.side] == "lower"
    y0, y1 = (r, depth - r) if lower else (state.field.height - depth + r,
                                           state.field.height - r)
    out: list[Point] = []
    # the tests of deploy_problem, the end-position rules' thresholds worked out once
    refuses = StandingRules(figure.base, state.field, state.bases(figure),
                            state.elements(), ()).refuses
    for _ in range(40 * n):
        p = Point(round(rnd.uniform(r, state.field.width - r), 1),
                  round(rnd.uniform(min(y0, y1), max(y0, y1)), 1))
        x, y = float(p[0]), float(p[1])
        if (not _outside(state, figure, y, depth) and not refuses(x, y)
                and _marker_under(state, figure, x, y) is None):
            out.append(p)
            if len(out) >= n:
                break
    return out


@dataclass(slots=True)
class Deployment(Procedure):
    """ME38: roll-off, the winner's edge, then figures placed alternately."""

    name: ClassVar[str] = "me.deployment"
    winner: int = -1
    player: int = -1

    def _placer(self, game: Game) -> int | None:
        state = state_of(game)
        for player in (self.player, 1 - self.player):
            if any(not f.placed for f in state.band(player)):
                return player
        return None

    def decision(self, game: Game) -> Decision | None:
        if self.winner < 0:
            return None
        if self.player < 0:
            return Decision(self.winner, "edge", "You won the roll-off: choose your table edge",
                            ("lower", "upper"))
        player = self._placer(game)
        if player is None:
            return None
        return Decision(player, "deploy", "Deploy a figure within "
                        f"{depth_cm(state_of(game)) / 2.5:g} pas of your edge")

    def legal_actions(self, game: Game) -> list[Action]:
        if self.winner < 0:
            return []
        if self.player < 0:
            return [ChooseEdge(Edge.LOWER), ChooseEdge(Edge.UPPER)]
        player = self._placer(game)
        if player is None:
            return []
        state = state_of(game)
        facing = 90 if state.edges[player] == "lower" else 270
        return [Deploy(f.ref, p, facing) for f in state.band(player) if not f.placed
                for p in deploy_points(state, f)]

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if self.player < 0:
            if not isinstance(action, ChooseEdge):
                raise IllegalActionError("choose an edge first: edge lower or edge upper", RULE)
            return
        if not isinstance(action, Deploy):
            raise IllegalActionError(f"'{action}' is not a deployment", RULE)
        player = self._placer(game)
        try:
            figure = state.figure(action.figure)
        except KeyError:
            raise IllegalActionError(f"there is no figure {action.figure}", RULE) from None
        if figure.side != player or figure.placed:
            raise IllegalActionError(f"{figure.ref} is not a figure player "
                                     f"{'AB'[player or 0]} may deploy now", RULE)
        if not 0 <= action.facing < 360:
            raise IllegalActionError("a facing is 0 to 359 degrees", "ME2, facing")
        problem = deploy_problem(state, figure, action.at)
        if problem:
            raise IllegalActionError(problem, RULE)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, ChooseEdge):
            state.edges[self.winner] = action.edge.value
            state.edges[1 - self.winner] = "upper" if action.edge is Edge.LOWER else "lower"
            game.emit(Note(figure=f"player {'AB'[self.winner]}",
                           what=f"takes the {action.edge.value} edge"))
            self.player = self.winner
            return
        assert isinstance(action, Deploy)
        figure = state.figure(action.figure)
        figure.x, figure.y = float(action.at.x), float(action.at.y)
        figure.facing = float(action.facing)
        figure.placed = True
        game.emit(MoveEvent(figure=str(figure.ref), how="deploys", start=(figure.x, figure.y),
                            end=(figure.x, figure.y), facing=action.facing))
        self.player = 1 - figure.side

    def run(self, game: Game) -> None:
        if self.winner < 0:
            faces: list[int] = []
            while True:
                a, b = game.dice.d6(), game.dice.d6()
                faces += [a, b]
                if a != b:
                    break
            self.winner = 0 if a > b else 1
            game.emit(Note(figure=f"player {'AB'[self.winner]}", what="wins the roll-off",
                           detail=f"rolls {faces}"))
            return
        game.pop()
