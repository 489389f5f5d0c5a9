"""What each seat receives in a Mass Effect: Annihilation match (docs/web.md, Mass Effect:
Annihilation): its state frame, the table picture, the move tape and the sight probe. The
odds are :mod:`skirmish.games.masseffect.web.odds`.

ME:A hides nothing (docs/masseffect.md): every seat and the spectators see the whole table,
so the answers are computed on the game itself (its copy, for the odds), and every seat gets
the same picture but for the deciding seat's own deployment zone.

The picture is the ruleset's (:mod:`skirmish.games.masseffect.table.picture`: its
``picture_of(state)``
Picture, else ``MASS_EFFECT.picture(state)``'s SVG text); without it, a plain one drawn here
(:func:`plain_picture`).
"""

from __future__ import annotations

import logging
import math
from typing import Any

from skirmish.core.game import Game
from skirmish.games.masseffect.actions import AreaPower, Deploy, Run, Walk
from skirmish.games.masseffect.combat.targeting import Targeting, figures_in_area
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import cm_to_pas, pas_to_cm
from skirmish.games.masseffect.state import MEState
from skirmish.geometry import in_contact, line_of_sight
from skirmish.geometry.annotations import Picture
from skirmish.geometry.paths import is_legal_move
from skirmish.web.frames import FrameError, legality, parse_action, points, svg_of

log = logging.getLogger("skirmish.web")


# -- the picture ------------------------------------------------------------------------------
def picture_for(game: Game, seat: int | None) -> Picture:
    """The annotated table (:func:`skirmish.games.masseffect.table.picture.picture_of`; everything
    on it is public in ME:A, the deployment zones of both bands too), the bands named."""
    from skirmish.games.masseffect.table.picture import picture_of

    names = [str(band.get("name", "")) for band in game.setup.get("bands", [])]
    return picture_of(state_of(game), bands=names)


def table_svg(game: Game, seat: int | None, **overlays: Any) -> str:
    """The framed, north-up SVG of the table, with the field's place on its root
    (:func:`skirmish.web.frames.field_data`) and any overlays of
    :func:`skirmish.geometry.svg.render`."""
    return svg_of(picture_for(game, seat), **overlays)


# -- state frames -----------------------------------------------------------------------------
def cards(game: Game) -> dict[str, dict[str, str]]:
    """The weapon and power cards of the set-up in the draft's notation (public: ME:A hides
    nothing; the view names them only): ``{"weapons": {name: text}, "powers": {…}}``."""
    from skirmish.games.masseffect.cards.powers import Power
    from skirmish.games.masseffect.cards.weapons import Weapon

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


def frame_extras(game: Game, seat: int | None, *, picture: bool = True) -> dict[str, Any]:
    """What an ME:A ``state`` frame (docs/web.md) has beyond Eden's: its table's SVG (the
    same picture for everyone: the deployment zones of both bands while they deploy, nothing
    is secret), ``cards`` (the weapon and power cards' notation) and what the board adds to
    the view (:func:`skirmish.games.masseffect.web.board.board`)."""
    from skirmish.games.masseffect.web.board import board
    from skirmish.web.frames import legal_texts

    out = {"svg": table_svg(game, seat)} if picture else {}
    return {**out, "cards": cards(game), "board": board(game, seat, legal_texts(game, seat))}


# -- probes -------------------------------------------------------------------------------------
def _figure(state: MEState, ref: str) -> Figure:
    try:
        return state.figure(ref)
    except KeyError:
        raise FrameError(f"'{ref}' is not a figure of this match") from None


def probe(game: Game, seat: int | None, text: str) -> dict[str, Any]:
    """``probe``: is the action legal now for this seat, why not (the engine's reason), and
    its geometry: a walk's or run's path, length, allowance and what is left (cm and pas),
    and for a walk refused where a run is allowed, that run (``instead``), else for a refused
    walk, run or deployment the same at the nearest legal point found (``instead``,
    ``snapped``: :func:`skirmish.games.masseffect.web.board.snapped`); a deployment's
    point; the figures an area power's circle touches."""
    action = parse_action(game, text)
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
        answer["end"] = points([(float(action.at.x), float(action.at.y))])[0]
    elif isinstance(action, AreaPower):
        figure = _figure(state, str(action.figure))
        power = next((p for p in figure.card.powers
                      if p.name.replace(" ", "-") == action.power), None)
        if power is not None:
            centre = (float(action.at.x), float(action.at.y))
            radius = pas_to_cm(power.area or 1)
            answer["covered"] = figures_in_area(centre, radius, state.bases())
            answer["template"] = points([
                (centre[0] + radius * math.cos(2 * math.pi * k / 48),
                 centre[1] + radius * math.sin(2 * math.pi * k / 48)) for k in range(48)])
    if not legal and "instead" not in answer and seat is not None and not game.is_over \
            and game.decision().player == seat:
        from skirmish.games.masseffect.web.board import snapped

        found = snapped(game, action)
        if found is not None:
            answer["instead"], answer["snapped"] = found[0], list(found[1])
    return answer


def tape(state: MEState, figure: Figure, to: tuple[float, float], run: bool
         ) -> dict[str, Any]:
    """The move tape of a walk (or run) to ``to``: ``allowance`` (cm), ``path``,
    ``length`` and ``left`` (cm, None when the path is refused), ``path_problem``, and the
    same in pas (``pas``)."""
    from skirmish.games.masseffect.phases.movement import allowance, path_bases

    limit = allowance(figure, run)
    if not figure.in_action:
        return {"geometry": f"{figure.ref} is not on the table", "allowance": limit,
                "how": "run" if run else "walk"}
    moved = figure.base.moved_to(float(to[0]), float(to[1]))
    ending = [e for e in state.in_action(1 - figure.side) if in_contact(moved, e.base)]
    check = is_legal_move(figure.base, to, limit, field=state.field,
                          bases=path_bases(state, figure, ending), elements=state.elements())
    out: dict[str, Any] = {"how": "run" if run else "walk", "allowance": limit,
                           "end": points([to])[0], "path": points(check.path),
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
    """The engine's own targeting verdict
    (:func:`skirmish.games.masseffect.phases.options.verdict`):
    what the table shows is what the rules decide."""
    from skirmish.games.masseffect.phases.options import verdict as engine_verdict

    return engine_verdict(state, shooter, target, range_pas)


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
