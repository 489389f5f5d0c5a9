"""What each seat receives in a Mass Effect: Annihilation match (docs/web.md, Mass Effect:
Annihilation): its state frame, the table picture, the move tape and the sight probe. The
odds are :mod:`skirmish.web.odds_masseffect`.

ME:A hides nothing (docs/masseffect.md): every seat and the spectators see the whole table,
so the answers are computed on the game itself (its copy, for the odds), and every seat gets
the same picture but for the deciding seat's own deployment zone.

The picture is the ruleset's (:mod:`skirmish.masseffect.table.picture`: its ``picture_of(state)``
Picture, else ``MASS_EFFECT.picture(state)``'s SVG text); without it, a plain one drawn here
(:func:`plain_picture`).
"""

from __future__ import annotations

import functools
import importlib
import inspect
import logging
import math
from collections.abc import Callable
from types import ModuleType
from typing import Any

from skirmish.core.game import Game
from skirmish.geometry import Base, Field, Marker, Table, line_of_sight
from skirmish.geometry.annotations import BaseNote, Picture
from skirmish.geometry.distance import base_distance
from skirmish.geometry.paths import is_legal_move
from skirmish.geometry.zones import DeploymentZone, Half, confrontation_zone
from skirmish.masseffect.actions import AreaPower, Deploy, Run, Walk
from skirmish.masseffect.combat.targeting import Targeting, figures_in_area, targeting
from skirmish.masseffect.figure import Figure
from skirmish.masseffect.rolling import state_of
from skirmish.masseffect.rules import cm_to_pas, pas_to_cm
from skirmish.masseffect.state import MARKER_RADIUS, MEState
from skirmish.web.frames import (
    FrameError,
    _parse,
    _points,
    field_data_cm,
    legality,
    svg_of,
)

log = logging.getLogger("skirmish.web")


# -- the picture ------------------------------------------------------------------------------
@functools.cache
def _picture_module() -> ModuleType | None:
    """:mod:`skirmish.masseffect.table.picture` when it exists (None: the plain picture)."""
    try:
        return importlib.import_module("skirmish.masseffect.table.picture")
    except ImportError as exc:
        if exc.name != "skirmish.masseffect.table.picture":
            log.warning("skirmish.masseffect.table.picture could not be imported (%s): the web "
                        "table draws a plain picture", exc)
        return None


def _picture_maker() -> Callable[..., Any] | None:
    module = _picture_module()
    make = getattr(module, "picture_of", None) if module is not None else None
    return make if callable(make) else None


def picture_for(game: Game, seat: int | None) -> Picture:
    """The annotated table (everything on it is public in ME:A, the deployment zones of both
    bands too): the ruleset's ``picture_of(state)`` (given the bands' names when it takes
    them) when it offers one, else :func:`plain_picture`."""
    state = state_of(game)
    make = _picture_maker()
    if make is not None:
        names = [str(band.get("name", "")) for band in game.setup.get("bands", [])]
        picture = make(state, bands=names) if _takes_bands(make) else make(state)
        if isinstance(picture, Picture):
            return picture
    return plain_picture(state)


@functools.cache
def _takes_bands(make: Callable[..., Any]) -> bool:
    return "bands" in inspect.signature(make).parameters


def table_svg(game: Game, seat: int | None, **overlays: Any) -> str:
    """The framed, north-up SVG of the table, with the field's place on its root
    (:func:`skirmish.web.frames.field_data`) and any overlays of
    :func:`skirmish.geometry.svg.render`; the ruleset's SVG text is used as it is when it
    draws only that (no overlays are then drawn on it: the page draws its own)."""
    state = state_of(game)
    if _picture_maker() is None and _picture_module() is not None:
        hook = getattr(game.ruleset, "picture", None)
        text = hook(state) if callable(hook) else None
        if isinstance(text, str):
            return field_data_cm(text, state.field.width)
    return svg_of(picture_for(game, seat), **overlays)


def _label(f: Figure) -> tuple[str, ...]:
    """A figure's label lines: its key, then ``V 2/3 · A1 · B 2 · H1`` and its statuses."""
    parts = [f"V {f.vitality}/{f.profile.vitality}"]
    if f.armour:
        parts.append(f"A{f.armour}")
    if f.profile.shield is not None:
        parts.append(f"B{f.shield_uses}")
    if f.profile.barrier is not None:
        parts.append(f"Ba{f.barrier_uses}")
    if f.heroism:
        parts.append(f"H{f.heroism}")
    lines = [f.key.replace("-", " "), " \u00b7 ".join(parts)]
    if f.statuses:
        lines.append(", ".join(f.statuses))
    return tuple(lines)


def plain_picture(state: MEState) -> Picture:
    """A picture of an ME:A table drawn with the generic machinery (the ruleset's own
    picture is preferred): each figure in action labelled with its Vitalité, armour,
    Bouclier (B) and Barrière (Ba) uses left and heroism (H); out of action greyed."""
    notes: list[BaseNote] = []
    ghosts: list[Base] = []
    aside: list[str] = []
    for f in state.figures:
        side = "AB"[f.side]
        if f.in_action:
            lost = 1 - f.vitality / f.profile.vitality if f.profile.vitality else 0.0
            notes.append(BaseNote(str(f.ref), _label(f), damage=max(0.0, min(1.0, lost)),
                                  title=f"{f.ref}: {f.profile.name}"))
            continue
        if f.placed and f.out:
            ghosts.append(f.base)
            notes.append(BaseNote(str(f.ref), (f.key.replace("-", " "), "hors de combat"),
                                  greyed=True))
            aside.append(f"{side} \u00b7 {f.profile.name}: hors de combat")
        elif f.extracted:
            aside.append(f"{side} \u00b7 {f.profile.name}: extrait")
        else:
            aside.append(f"{side} \u00b7 {f.profile.name}: pas encore déployé")
    markers = tuple(Marker(m.id, m.x, m.y, MARKER_RADIUS, m.kind) for m in state.markers
                    if not m.carrier)
    table = Table(Field(state.field.width, state.field.height), elements=state.elements(),
                  bases=tuple(f.base for f in state.in_action()), markers=markers)
    scores = state.scores
    title = (f"Mass Effect: Annihilation \u00b7 {state.scenario.name} \u00b7 "
             + (f"Tour {state.turn}/{state.scenario.turns}" if state.turn else "Déploiement")
             + f" \u00b7 A {scores[0]} \u2013 B {scores[1]}")
    deploying = state.turn == 0 and any(not f.placed for f in state.figures)
    return Picture(table, tuple(notes), tuple(ghosts), tuple(aside),
                   sides=(("A", "A"), ("B", "B")), title=title,
                   legend=("V Vitalité left/card · A armour · B Bouclier uses · Ba Barrière "
                           "uses · H Héroïsme",),
                   damage_legend="red arc: the share of its Vitalité lost",
                   zones=tuple(deployment_zone(state, side) for side in (0, 1))
                   if deploying else ())


# -- state frames -----------------------------------------------------------------------------
def deployment_zone(state: MEState, side: int) -> DeploymentZone:
    """ME38: the strip within the scenario's depth of ``side``'s own edge."""
    from skirmish.masseffect.phases.deployment import depth_cm

    half: Half = "south" if state.edges[side] == "lower" else "north"
    return confrontation_zone(state.field, half, state.field.height / 2 - depth_cm(state))


def cards(game: Game) -> dict[str, dict[str, str]]:
    """The weapon and power cards of the set-up in the draft's notation (public: ME:A hides
    nothing; the view names them only): ``{"weapons": {name: text}, "powers": {…}}``."""
    from skirmish.masseffect.cards.powers import Power
    from skirmish.masseffect.cards.weapons import Weapon

    weapons = {}
    for data in game.setup.get("weapons", []):
        weapon = Weapon.from_dict(data)
        weapons[weapon.name] = str(weapon)
    powers = {}
    for data in game.setup.get("powers", []):
        power = Power.from_dict(data)
        powers[power.name] = power_line(power)
    return {"weapons": weapons, "powers": powers}


#: ME18: a power's target in the draft's words.
_TARGETS = {"enemy": "un ennemi", "ally": "un allié", "self": "soi-même", "point": "un point"}


def power_line(power: Any) -> str:
    """A power card in one line: ``Singularité (biotique) : cible : un point, Portée (8),
    Jet (Tir), Zone (2) — text``."""
    parts = [f"cible : {_TARGETS.get(str(power.target), str(power.target))}"]
    if power.range is not None and str(power.target) != "self":
        parts.append(f"Portée ({power.range})")
    parts.append(f"Jet ({power.roll})")
    if power.area:
        parts.append(f"Zone ({power.area})")
    if power.per_game:
        parts.append(f"{power.per_game}/partie")
    text = f" \u2014 {power.text}" if power.text else ""
    return f"{power.name} ({power.kind.french}) : {', '.join(parts)}{text}"


def frame_extras(game: Game, seat: int | None) -> dict[str, Any]:
    """What an ME:A ``state`` frame (docs/web.md) has beyond Eden's: its table's SVG (the
    same picture for everyone: the deployment zones of both bands while they deploy, nothing
    is secret) and ``cards`` (the weapon and power cards' notation)."""
    return {"svg": table_svg(game, seat), "cards": cards(game)}


# -- probes -------------------------------------------------------------------------------------
def _figure(state: MEState, ref: str) -> Figure:
    try:
        return state.figure(ref)
    except KeyError:
        raise FrameError(f"'{ref}' is not a figure of this match") from None


def probe(game: Game, seat: int | None, text: str) -> dict[str, Any]:
    """``probe``: is the action legal now for this seat, why not (the engine's reason), and
    its geometry: a walk's or run's path, length, allowance and what is left (cm and pas),
    and for a walk refused where a run is allowed, that run (``instead``); a deployment's
    point; the figures an area power's circle touches."""
    action = _parse(game, text)
    legal, reason, rule = legality(game, seat, action)
    answer: dict[str, Any] = {"type": "probe", "text": text, "action": str(action),
                              "legal": legal, "reason": reason, "rule": rule}
    state = state_of(game)
    if isinstance(action, Walk | Run):
        figure = _figure(state, str(action.figure))
        answer.update(tape(state, figure, (float(action.to.x), float(action.to.y)),
                           isinstance(action, Run)))
        if not legal and isinstance(action, Walk):
            run = Run(action.figure, action.to, action.facing)
            if legality(game, seat, run)[0]:
                answer["instead"] = str(run)
    elif isinstance(action, Deploy):
        answer["end"] = _points([(float(action.at.x), float(action.at.y))])[0]
    elif isinstance(action, AreaPower):
        figure = _figure(state, str(action.figure))
        power = next((p for p in figure.card.powers
                      if p.name.replace(" ", "-") == action.power), None)
        if power is not None:
            centre = (float(action.at.x), float(action.at.y))
            radius = pas_to_cm(power.area or 1)
            answer["covered"] = figures_in_area(centre, radius, state.bases())
            answer["template"] = _points([
                (centre[0] + radius * math.cos(2 * math.pi * k / 48),
                 centre[1] + radius * math.sin(2 * math.pi * k / 48)) for k in range(48)])
    return answer


def tape(state: MEState, figure: Figure, to: tuple[float, float], run: bool
         ) -> dict[str, Any]:
    """The move tape of a walk (or run) to ``to``: ``allowance`` (cm), ``path``,
    ``length`` and ``left`` (cm, None when the path is refused), ``path_problem``, and the
    same in pas (``pas``)."""
    from skirmish.masseffect.phases.movement import allowance

    limit = allowance(figure, run)
    if not figure.in_action:
        return {"geometry": f"{figure.ref} is not on the table", "allowance": limit,
                "how": "run" if run else "walk"}
    check = is_legal_move(figure.base, to, limit, field=state.field,
                          bases=state.bases(figure), elements=state.elements())
    out: dict[str, Any] = {"how": "run" if run else "walk", "allowance": limit,
                           "end": _points([to])[0], "path": _points(check.path),
                           "path_problem": check.reason}
    if check.legal:
        out.update(length=round(check.cost, 3), left=round(limit - check.cost, 3))
    else:
        out.update(length=None, left=None)
    out["pas"] = {k: None if out.get(k) is None else round(cm_to_pas(out[k]), 2)
                  for k in ("allowance", "length", "left")}
    return out


# -- sight --------------------------------------------------------------------------------------
def verdict(state: MEState, shooter: Figure, target: Figure, range_pas: int | None
            ) -> Targeting:
    """The engine's targeting verdict for ``shooter`` at ``target`` (ME18, ME20-ME26), as
    :mod:`skirmish.masseffect.phases.options` asks it: a friend by ME18 (scenery only), an enemy
    by ME21 (neither may be engaged, but for a counter-charge shot at a charger in contact,
    ME26)."""
    from skirmish.masseffect.phases.options import counter_targets

    elements = state.elements()
    gap = base_distance(shooter.base, target.base)
    range_cm = None if range_pas is None else pas_to_cm(range_pas)
    if target.side == shooter.side:
        return targeting(shooter.base, target.base, enemies=[], friends=[], elements=elements,
                         range_cm=range_cm)
    if state.engaged(shooter):
        if target not in counter_targets(state, shooter):
            return Targeting(False, f"ME21: {shooter.ref} is engaged in melee: it may shoot "
                             "only at a charger of this turn still in contact (ME26)",
                             distance_cm=gap)
        return targeting(shooter.base, target.base, enemies=[], friends=[],
                         elements=elements, range_cm=None, contact=True)
    if state.engaged(target):
        return Targeting(False, f"ME21: {target.ref} is engaged in melee: it cannot be shot",
                         distance_cm=gap)
    return targeting(
        shooter.base, target.base,
        enemies=[e.base for e in state.in_action(1 - shooter.side) if e is not target],
        friends=[f.base for f in state.in_action(shooter.side) if f is not shooter],
        elements=elements, range_cm=range_cm)


def protections(figure: Figure) -> dict[str, Any]:
    """What saves ``figure`` now: its Défense (in cover), Bouclier and Barrière as (X+,
    uses left this phase) or None, armour points, Vitalité, what is stripped and whether it
    is lifted (no Défense roll, ME34)."""
    shield, barrier = figure.profile.shield, figure.profile.barrier
    return {
        "ref": str(figure.ref), "defence": figure.threshold("Défense"),
        "shield": None if shield is None else [shield.save or 6, figure.shield_uses],
        "barrier": None if barrier is None else [barrier.save or 6, figure.barrier_uses],
        "armour": figure.armour, "vitality": figure.vitality,
        "stripped": list(figure.stripped), "lifted": figure.has_status("lifted"),
    }


def sight(game: Game, seat: int | None, viewer: str, target: str) -> dict[str, Any]:
    """``sight``: may ``viewer`` shoot (or aim an enemy power) at ``target`` — the engine's
    verdict (``allowed``, ``reason``, ``obstacle``: ME22's −1, ``cover``: the element giving
    ME23's Défense roll) without a range limit, then per ranged weapon with its range — and
    the target's protections; ``visible``, ``blocking`` and ``obstructing`` for drawing the
    corridor (as Eden's answer)."""
    state = state_of(game)
    shooter = _figure(state, viewer)
    if not shooter.in_action:
        raise FrameError(f"'{viewer}' is not a figure in action on the table")
    aim = _figure(state, target)
    if not aim.in_action or aim is shooter:
        raise FrameError(f"'{target}' is not another figure in action on the table")
    seen = verdict(state, shooter, aim, None)
    others = state.bases(shooter, aim)
    corridor = line_of_sight(shooter.base, aim.base, bases=others, elements=state.elements())
    weapons = []
    for weapon in shooter.card.ranged:
        check = verdict(state, shooter, aim, weapon.range)
        weapons.append({"name": weapon.name, "range_pas": weapon.range,
                        "allowed": check.allowed, "reason": check.reason})
    obstructing = list(corridor.obstructing)
    if seen.cover and seen.cover not in obstructing:
        obstructing.append(seen.cover)
    return {"type": "sight", "from": viewer, "to": target, "ruleset": "masseffect",
            "visible": seen.allowed, "allowed": seen.allowed, "reason": seen.reason,
            "obstacle": seen.obstacle, "cover": seen.cover,
            "obstacles": int(seen.obstacle), "blocking": list(corridor.blocking),
            "obstructing": obstructing,
            "distance_pas": round(cm_to_pas(seen.distance_cm), 2), "weapons": weapons,
            "target": protections(aim),
            "svg": table_svg(game, seat, los=(shooter.base, aim.base))}
