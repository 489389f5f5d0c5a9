"""Who may act in the powers, shooting and special-actions phases, and with what
(docs/masseffect.md ME11, ME13, ME15, ME16, ME18, ME20-ME22, ME26, ME32, ME34).

:func:`may_act` says whether a figure may be picked; :func:`figure_actions` lists its legal
actions (every target, one point per enemy for an area power); :func:`carry_out` starts the
chosen action's procedures.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

from skirmish.core.actions import Action, Point, Ref
from skirmish.core.game import Game
from skirmish.games.masseffect.actions import (
    AreaPower,
    Climb,
    Shoot,
    Special,
    UsePower,
    token,
)
from skirmish.games.masseffect.cards.powers import Power, Target
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.combat.attacks import PowerRoll, Volley
from skirmish.games.masseffect.combat.targeting import (
    RANGE_SLACK,
    Targeting,
    point_targeting,
    targeting,
)
from skirmish.games.masseffect.figure import RUN, STAY, Figure
from skirmish.games.masseffect.house_rules import (
    COUNTER_CHARGE_ROLL,
    REAR_COUNTER_CHARGE,
    reading_of,
)
from skirmish.games.masseffect.phases.climbing import climb_options, climb_problem
from skirmish.games.masseffect.phases.special import (
    QualityRoll,
    climb,
    perform,
    special_actions,
)
from skirmish.games.masseffect.rules import (
    COUNTER_CHARGE_PENALTY,
    OBSTACLE_PENALTY,
    STATIONARY_BONUS,
    Phase,
    pas_to_cm,
)
from skirmish.games.masseffect.state import MEState
from skirmish.geometry.distance import base_distance

#: ME31 Action groupée: friends within this many pas of the hero.
GROUP_PAS = 4
GROUP_SIZE = 2


def _held(figure: Figure) -> bool:
    """ME34: stunned and lifted figures may not use powers, shoot or take special actions."""
    return figure.has_status("stunned") or figure.has_status("lifted")


def may_act(state: MEState, figure: Figure, phase: str) -> bool:
    """May ``figure`` be picked in ``phase`` now?"""
    return may_try(state, figure, phase) and next(_figure_actions(state, figure, phase),
                                                  None) is not None


def may_try(state: MEState, figure: Figure, phase: str) -> bool:
    """May ``figure`` be picked in ``phase`` now if it has a legal action there? (what
    :func:`may_act` asks before looking for one)"""
    if not figure.in_action or figure.spent or figure.revived_turn == state.turn:
        return False
    if figure.moved == RUN or _held(figure):
        return False
    if phase == Phase.POWERS and figure.used_power:
        return False
    if phase == Phase.SHOOTING and figure.shot:
        return False
    return not (phase == Phase.SPECIAL and (figure.special or figure.used_power or figure.shot
                                            or state.engaged(figure)))


def _enemies(state: MEState, figure: Figure) -> list[Figure]:
    return list(state.in_action(1 - figure.side))


def _aim(state: MEState, user: Figure, target: Figure, range_pas: int | None,
         contact: bool = False) -> Targeting:
    return targeting(
        user.base, target.base,
        enemies=[e.base for e in _enemies(state, user) if e is not target],
        friends=[f.base for f in state.in_action(user.side) if f is not user],
        elements=state.elements(),
        range_cm=None if range_pas is None else pas_to_cm(range_pas), contact=contact)


def counter_targets(state: MEState, figure: Figure) -> list[Figure]:
    """ME20, ME26: the chargers of this turn still in contact; none if the figure ran.
    The draft gives the counter-charge to any figure «qui a été chargé»: a charger from the
    rear arc is one too, unless the house rule ``me-rear-counter-charge`` is ``forbidden``
    (ME2; the engine's reading before issue 47)."""
    if figure.moved == RUN:
        return []
    rear_too = reading_of(state.house_rules, REAR_COUNTER_CHARGE) == "allowed"
    return [e for e in state.opponents(figure)
            if str(e.ref) in figure.chargers
            and (rear_too or str(e.ref) not in figure.rear_chargers)]


def verdict(state: MEState, user: Figure, target: Figure, range_pas: int | None
            ) -> Targeting:
    """May ``user`` shoot (or aim a power) at ``target``, with what sight? The one verdict
    of ME18 and ME20-ME26: a friend by ME18 (range and scenery only: figures do not hide a
    friend); an enemy by ME21 (neither may be engaged, except a counter-charge at a charger
    of this turn still in contact, ME20/ME26, with no range and no figure rules)."""
    elements = state.elements()
    range_cm = None if range_pas is None else pas_to_cm(range_pas)
    if target.side == user.side:
        return targeting(user.base, target.base, enemies=[], friends=[], elements=elements,
                         range_cm=range_cm)
    gap = base_distance(user.base, target.base)
    if state.engaged(user):
        if target not in counter_targets(state, user):
            return Targeting(False, f"ME21: {user.ref} is engaged in melee: it may shoot only "
                             "at a charger of this turn still in contact (ME20, ME26)",
                             distance_cm=gap)
        return _aim(state, user, target, None, contact=True)
    if state.engaged(target):
        return Targeting(False, f"ME21: {target.ref} is engaged in melee: it cannot be shot",
                         distance_cm=gap)
    return _aim(state, user, target, range_pas)


def enemy_targets(state: MEState, user: Figure, range_pas: int) -> list[tuple[Figure, Targeting]]:
    """The enemies ``user`` may shoot (or aim an enemy power) at, with the sight verdict
    (:func:`verdict`)."""
    return list(_enemy_targets(state, user, range_pas))


def _enemy_targets(state: MEState, user: Figure, range_pas: int
                   ) -> Iterator[tuple[Figure, Targeting]]:
    """:func:`verdict` on each enemy, whether the user is engaged asked once."""
    if state.engaged(user):  # ME20, ME26: only a charger of this turn still in contact
        for enemy in counter_targets(state, user):
            aim = _aim(state, user, enemy, None, contact=True)
            if aim.allowed:
                yield enemy, aim
        return
    reach = pas_to_cm(range_pas) + RANGE_SLACK
    for enemy in _enemies(state, user):
        if base_distance(user.base, enemy.base) > reach or state.engaged(enemy):
            continue  # out of range (targeting's first test), or engaged (ME21)
        aim = _aim(state, user, enemy, range_pas)
        if aim.allowed:
            yield enemy, aim


def ally_targets(state: MEState, user: Figure, range_pas: int) -> list[Figure]:
    """ME18 ``ally``: a friend in action (not the user) in range and in real line of sight
    (:func:`verdict`)."""
    return [friend for friend in state.in_action(user.side)
            if friend is not user and verdict(state, user, friend, range_pas).allowed]


def uses_left(figure: Figure, name: str, per_game: int | None) -> bool:
    left = figure.uses_left(name, per_game)
    return left is None or left > 0


def power_actions(state: MEState, figure: Figure) -> list[Action]:
    return list(_powers(state, figure))


def _powers(state: MEState, figure: Figure) -> Iterator[Action]:
    engaged = state.engaged(figure)
    for power in figure.card.powers:
        if not uses_left(figure, power.name, power.per_game):
            continue
        name = token(power.name)
        if power.target is Target.SELF:
            yield UsePower(figure.ref, name)
        elif power.target is Target.ENEMY:
            for e, _ in _enemy_targets(state, figure, power.range):
                yield UsePower(figure.ref, name, e.ref)
        elif engaged:
            continue
        elif power.target is Target.ALLY:
            for friend in ally_targets(state, figure, power.range):
                yield UsePower(figure.ref, name, friend.ref)
        else:
            for enemy in _enemies(state, figure):
                at = Point(round(enemy.x, 2), round(enemy.y, 2))
                if point_targeting(figure.base, at, state.elements(),
                                   pas_to_cm(power.range)).allowed:
                    yield AreaPower(figure.ref, name, at)


def shooting_actions(state: MEState, figure: Figure) -> list[Action]:
    return list(_shots(state, figure))


def _shots(state: MEState, figure: Figure) -> Iterator[Action]:
    for weapon in figure.card.ranged:
        if not uses_left(figure, weapon.name, weapon.per_game):
            continue
        if weapon.has("Lourd") and figure.moved != STAY:
            continue
        for e, _ in _enemy_targets(state, figure, weapon.range or 0):
            yield Shoot(figure.ref, token(weapon.name), e.ref)


def figure_actions(state: MEState, figure: Figure, phase: str) -> list[Action]:
    """Every legal action of ``figure`` in ``phase`` (an area power: one point per enemy)."""
    return list(_figure_actions(state, figure, phase))


def _figure_actions(state: MEState, figure: Figure, phase: str) -> Iterator[Action]:
    """:func:`figure_actions` one by one (:func:`may_act` stops at the first)."""
    if phase == Phase.POWERS:
        return _powers(state, figure)
    if phase == Phase.SHOOTING:
        return _shots(state, figure)
    return itertools.chain(special_actions(state, figure), climb_options(state, figure))


def action_problem(state: MEState, figure: Figure, action: Action, phase: str) -> str:
    """Why ``action`` is not allowed, or ""."""
    if isinstance(action, AreaPower) and phase == Phase.POWERS:
        power = _power(figure, action.power)
        if power is None or power.target is not Target.POINT:
            return f"ME18: {figure.ref} has no power {action.power} aimed at a point"
        if state.engaged(figure):
            return "ME18: an engaged figure may use only a counter-charge or self power"
        if not uses_left(figure, power.name, power.per_game):
            return f"{power.name} has no use left"
        aim = point_targeting(figure.base, action.at, state.elements(),
                              pas_to_cm(power.range))
        return "" if aim.allowed else aim.reason
    if isinstance(action, Climb) and phase == Phase.SPECIAL:
        return climb_problem(state, figure, action)
    if action in figure_actions(state, figure, phase):
        return ""
    offered = ", ".join(str(a) for a in figure_actions(state, figure, phase)[:6])
    return f"'{action}' is not allowed for {figure.ref} now (allowed: {offered or 'none'})"


def _power(figure: Figure, name: str) -> Power | None:
    return next((p for p in figure.card.powers if token(p.name) == name), None)


def _weapon(figure: Figure, name: str) -> Weapon | None:
    return next((w for w in figure.card.weapons if token(w.name) == name), None)


def _spend(figure: Figure, name: str, per_game: int | None) -> None:
    if per_game is not None:
        figure.uses[name] = figure.uses.get(name, 0) + 1


def _reaction_roll(game: Game, state: MEState, figure: Figure, item: str) -> None:
    """ME20, ME26 under the house rule ``me-counter-charge-roll=qualite``: a counter-charge
    reacts to an enemy's action («réagir à une action adverse»), so a D6 ≥ Qualité comes
    first, above the shot or power it allows; a failure loses it (the default, ``none``: no
    roll, as the counter-charge paragraphs say)."""
    if reading_of(state.house_rules, COUNTER_CHARGE_ROLL) == "qualite":
        game.push(QualityRoll(str(figure.ref), "react", item))


def carry_out(game: Game, figure: Figure, action: Action) -> None:
    """Start a checked action of the powers, shooting or special-actions phase."""
    from skirmish.games.masseffect.rolling import state_of

    state = state_of(game)
    stayed = STATIONARY_BONUS if figure.moved == STAY else 0
    if isinstance(action, UsePower | AreaPower):
        power = _power(figure, action.power)
        assert power is not None
        figure.used_power = True
        _spend(figure, power.name, power.per_game)
        modifier, cover, target = stayed, False, ""
        if isinstance(action, UsePower) and action.target is not None:
            target = str(action.target)
            if power.target is Target.ENEMY:
                enemy = state.figure(target)
                contact = state.in_contact(figure, enemy)
                figure.counter_charged |= contact
                aim = _aim(state, figure, enemy, None if contact else power.range, contact)
                modifier += OBSTACLE_PENALTY if aim.obstacle else 0
                cover = aim.cover is not None
        at = action.at if isinstance(action, AreaPower) else None
        game.push(PowerRoll(str(figure.ref), power.name, target, at, modifier, cover))
        if target and target != str(figure.ref) and state.in_contact(figure,
                                                                     state.figure(target)):
            _reaction_roll(game, state, figure, power.name)
    elif isinstance(action, Shoot):
        weapon = _weapon(figure, action.weapon)
        assert weapon is not None
        figure.shot = True
        _spend(figure, weapon.name, weapon.per_game)
        enemy = state.figure(action.target)
        contact = state.in_contact(figure, enemy)
        aim = _aim(state, figure, enemy, None if contact else weapon.range, contact)
        modifier = stayed + (OBSTACLE_PENALTY if aim.obstacle else 0)
        if contact:
            figure.counter_charged = True
            modifier += COUNTER_CHARGE_PENALTY
        game.push(Volley(str(figure.ref), weapon.name, str(enemy.ref), weapon.shots, modifier,
                         aim.cover is not None))
        if contact:
            _reaction_roll(game, state, figure, weapon.name)
    elif isinstance(action, Special):
        figure.special = True
        perform(game, figure, action)
    elif isinstance(action, Climb):
        figure.special = True
        climb(game, figure, action)


def group_candidates(state: MEState, hero: Figure, phase: str) -> list[str]:
    """ME31 Action groupée: friends within 4 pas of the hero who may still act in the phase."""
    out = []
    for friend in state.in_action(hero.side):
        if friend is hero:
            continue
        gap = math.hypot(friend.x - hero.x, friend.y - hero.y) - friend.radius - hero.radius
        if gap <= pas_to_cm(GROUP_PAS) + 1e-9 and may_act(state, friend, phase):
            out.append(str(friend.ref))
    return out


__all__ = ["GROUP_PAS", "GROUP_SIZE", "Ref", "action_problem", "carry_out", "figure_actions",
           "group_candidates", "may_act"]
