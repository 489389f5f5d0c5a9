"""Step 7's (and step 6's) listings with their memos give what the plain computation gives:
at every deployment decision of random preparations on several tables (fields, scenery,
Ambush and Confrontation zones, objectives), :func:`deploy_points` - its candidate centres
remembered per zone, base size and seed - is compared with the points the rules' own tests
keep from fresh draws, with the memo warm and emptied."""

from __future__ import annotations

from collections.abc import Iterator

from skirmish.core import Game, RandomAgent
from skirmish.core.actions import Point
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.preparation import deployment
from skirmish.games.eden.preparation.deployment import (
    deploy_points,
    deploy_problem,
    zone_of,
)
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Base
from skirmish.geometry.paths import end_position_problem

from .test_deployment import random_setup
from .test_preparation import prepare, state


def plain_deploy_points(state: EdenState, fighter: Fighter, n: int = 8) -> list[Point]:
    """deploy_points as the rules read, nothing remembered: fresh draws, each rounded
    centre kept when inside the zone and clear of every end-position rule."""
    zone = zone_of(state, fighter.side)
    radius = fighter.profile.base_mm / 20
    seed = state.index[fighter.ref] * 1009 + sum(1 for _ in state.on_field())
    found: list[Point] = []
    for sample in zone.iter_points(3 * n, radius, seed=seed):
        p = Point(round(sample[0], 2), round(sample[1], 2))
        base = Base.from_mm(p.x, p.y, fighter.profile.base_mm, fighter.ref)
        if zone.contains(base) and not end_position_problem(
                base, p, field=state.field, bases=state.bases(fighter),
                elements=state.scenery, markers=state.markers):
            found.append(p)
            if len(found) >= n:
                return found
    if found:
        return found
    for p in deployment._grid(zone, radius):
        if not deploy_problem(state, fighter, p):
            found.append(p)
            if len(found) >= n:
                break
    return found


def deployment_decisions(seed: int) -> Iterator[Game]:
    """A random preparation of ``random_setup(seed)``, paused at each deployment
    decision."""
    game = prepare(random_setup(seed), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1000)]
    while not game.is_over and game.decision() is not None:
        decision = game.decision()
        if decision.kind == "deploy":
            yield game
        game.apply(agents[decision.player].act(None, list(game.legal_actions())))
        if all(f.on_field for f in state(game).fighters) and decision.kind == "deploy":
            return


def test_deploy_points_are_the_plain_computations_at_every_decision() -> None:
    compared = 0
    for seed in range(16):
        for game in deployment_decisions(seed):
            st = state(game)
            waiting = [f for f in st.fighters if f.side == game.decision().player
                       and not f.on_field]
            for fighter in waiting:
                for n in (8, 1, 3):
                    expected = plain_deploy_points(st, fighter, n)
                    assert deploy_points(st, fighter, n) == expected  # the memo warm or cold
                    assert deploy_points(st, fighter, n) == expected  # warm
                    deployment._CANDIDATES.clear()
                    assert deploy_points(st, fighter, n) == expected  # cold
                    compared += 1
    assert compared > 100
