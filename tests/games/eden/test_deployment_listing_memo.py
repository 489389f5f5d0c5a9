"""Step 7's (and step 6's) listings with their memos give what the plain computation gives:
at every deployment decision of random preparations on several tables (fields, scenery,
Ambush and Confrontation zones, objectives), :func:`deploy_points` - its candidate centres
remembered per zone, base size and seed - is compared with the points the rules' own tests
keep from fresh draws, with the memo warm and emptied."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterator, Sequence

from skirmish.core import Game, RandomAgent
from skirmish.core.actions import Point
from skirmish.games.eden.actions import Place, key
from skirmish.games.eden.cards.cards import SceneryCard
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.preparation import deployment
from skirmish.games.eden.preparation.deployment import (
    SceneryRoom,
    deploy_points,
    deploy_problem,
    scenery_grid,
    scenery_problem,
    scenery_samples,
    scenery_shape,
    zone_of,
)
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Base, Marker
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


def deployment_decisions(seed: int, kind: str = "deploy") -> Iterator[Game]:
    """A random preparation of ``random_setup(seed)``, paused at each decision of
    ``kind``."""
    game = prepare(random_setup(seed), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1000)]
    while not game.is_over and game.decision() is not None:
        decision = game.decision()
        if decision.kind == kind:
            yield game
        game.apply(agents[decision.player].act({}, list(game.legal_actions())))
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


def plain_scenery_samples(state: EdenState, pool: Sequence[SceneryCard],
                          limit: int | None = None) -> list[Place]:
    """scenery_samples as the rules read: every centre of the grid, in the listing's order,
    asked of scenery_problem (no sieve, no room read once)."""
    grid = scenery_grid(state.field)
    stride = next(k for k in (37, 41, 43, 47, 53, 59, 61, 1) if math.gcd(k, len(grid) or 1) == 1)
    start = (len(state.scenery) * 53) % max(1, len(grid))
    order = [grid[(start + i * stride) % len(grid)] for i in range(len(grid))]
    out: list[Place] = []
    for token, card in sorted({key(c.name): c for c in pool}.items()):
        angles: tuple[float | None, ...] = (None,) if isinstance(card.shape, float) \
            else (None, 90.0)
        for angle in angles:
            found = 0
            for at in order:
                if not scenery_problem(state, scenery_shape(card, at, angle)):
                    out.append(Place(token, at, angle))
                    found += 1
                    if limit is not None and len(out) >= limit:
                        return out
                    if found >= 6:
                        break
    return out


def crowded(st: EdenState, rnd: random.Random) -> EdenState:
    """A copy of the table with objective markers and some bases added here and there."""
    other = copy.deepcopy(st)
    w, h = st.field.width, st.field.height
    other.markers = (*other.markers, *(Marker(f"m{i}", rnd.uniform(0, w), rnd.uniform(0, h),
                                              rnd.choice((0.5, 1.0, 2.0))) for i in range(3)))
    for fighter in other.fighters[:2]:
        fighter.x, fighter.y, fighter.on_field = rnd.uniform(0, w), rnd.uniform(0, h), True
    return other


def test_scenery_room_gives_scenery_problems_verdict() -> None:
    rnd = random.Random(43)
    compared = 0
    for seed in range(10):
        for game in deployment_decisions(seed, "place-scenery"):
            phase = game.stack[-1]
            pool = phase._pool(game)  # type: ignore[attr-defined]
            for st in (state(game), crowded(state(game), rnd)):
                room = SceneryRoom(st)
                points = [*scenery_grid(st.field),
                          *(Point(rnd.uniform(0, st.field.width), rnd.uniform(0, st.field.height))
                            for _ in range(60))]
                for card in pool:
                    for angle in (None, 90.0, 33.0):
                        for at in points:
                            shape = scenery_shape(card, at, angle)
                            assert room.allows(shape) == (not scenery_problem(st, shape))
                            compared += 1
                for limit in (None, 1):
                    expected = plain_scenery_samples(st, pool, limit)
                    assert scenery_samples(st, pool, limit) == expected  # warm or cold
                    assert scenery_samples(st, pool, limit) == expected  # warm
                    deployment._PLACEMENTS.clear()
                    assert scenery_samples(st, pool, limit) == expected  # cold
    assert compared > 10_000
