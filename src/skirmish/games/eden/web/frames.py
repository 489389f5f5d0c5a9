"""What each seat receives (docs/web.md, Websocket): its state frame (its own view, its log,
its legal actions, the picture of its table), and the answers to its probes, sight and odds
questions.

Every geometric answer is drawn from the seat's *view* (its table); the picture is the
command line's framed, north-up one (:mod:`skirmish.games.eden.picture`) drawn from the seat's
:func:`knowledge`; what needs the rules (legality, allowances, odds) is answered from
:func:`knowledge` too: a copy of the game from which everything the seat may not know has
been removed.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.errors import GameOverError, IllegalActionError, NotationError
from skirmish.core.events import Event
from skirmish.core.game import Game
from skirmish.games.eden.actions import BlastAttack, Charge, Move, Throw
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.knowledge import knowledge as eden_knowledge
from skirmish.games.eden.picture import picture_of
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Base, Element, Field, Marker, Table, line_of_sight
from skirmish.geometry.annotations import Picture
from skirmish.geometry.paths import is_legal_move
from skirmish.geometry.svg import render
from skirmish.geometry.templates import (
    blast_covers,
    blast_outline,
    explosion_covers,
    explosion_outline,
)


class FrameError(ValueError):
    """A question that cannot be answered (sent to its client as an ``error`` frame)."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.message = message
        self.rule = rule
        super().__init__(message)


def _masseffect(game: Game) -> bool:
    """Is ``game`` Mass Effect: Annihilation's (answered by :mod:`.frames_masseffect`)?"""
    return game.ruleset.name == "masseffect"


# -- the secrets a seat may not know ------------------------------------------------------------
def knowledge(game: Game, seat: int | None) -> Game:
    """A copy of ``game`` holding only what ``seat`` may know (Eden:
    :func:`skirmish.games.eden.knowledge.knowledge`; ME:A hides nothing: a plain copy)."""
    if _masseffect(game):
        return game.copy()
    return eden_knowledge(game, seat)


# -- the table as a seat sees it -----------------------------------------------------------------
def table_of(view: Mapping[str, Any]) -> Table:
    """The table of a view: its field, scenery, markers and the bases of the fighters on the
    field (owner ``A`` or ``B``)."""
    width, height = view["field_size"]
    bases = tuple(
        Base.from_mm(float(f["x"]), float(f["y"]), float(f["profile"]["base_mm"]), str(f["ref"]),
                     "ABN"[int(f["side"])])
        for f in view["fighters"] if f["on_field"])
    return Table(Field(float(width), float(height)),
                 elements=tuple(Element.from_dict(e) for e in view["scenery"]),
                 bases=bases, markers=tuple(Marker.from_dict(m) for m in view["markers"]))


def picture_for(game: Game, seat: int | None) -> Picture:
    """The annotated table as ``seat`` may see it: :func:`skirmish.games.eden.picture.picture_of`
    on its :func:`knowledge` (everything it writes is public anyway: positions, CP lost,
    markers, leaders, neutral objective names, what is off the field). ME:A:
    :func:`skirmish.games.masseffect.web.frames.picture_for`."""
    if _masseffect(game):
        from skirmish.games.masseffect.web import frames as frames_masseffect

        return frames_masseffect.picture_for(game, seat)
    state = state_of(knowledge(game, seat))
    assert isinstance(state, EdenState)
    return picture_of(state)


def table_svg(game: Game, seat: int | None) -> str:
    """The table picture ``seat`` receives, without overlays (what a replay step shows)."""
    if _masseffect(game):
        from skirmish.games.masseffect.web import frames as frames_masseffect

        return frames_masseffect.table_svg(game, seat)
    return svg_of(picture_for(game, seat))


def extras(game: Game) -> dict[str, Any]:
    """What a replay step adds for the ruleset: ME:A's weapon and power cards (``cards``)."""
    if _masseffect(game):
        from skirmish.games.masseffect.web import frames as frames_masseffect

        return {"cards": frames_masseffect.cards(game)}
    return {}


def svg_of(picture: Picture, **overlays: Any) -> str:
    """The framed, north-up picture (:func:`skirmish.geometry.svg.render`) with the field's
    place on its root (:func:`field_data`); a picture without overlays is drawn once (every
    seat sees the same picture: it holds public things only)."""
    if not overlays:
        return _picture_svg(picture)
    return field_data(render(picture, **overlays), picture)


@functools.lru_cache(maxsize=256)
def _picture_svg(picture: Picture) -> str:
    return field_data(render(picture), picture)


_FIELD_RECT = re.compile(r'<rect id="field" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" '
                         r'height="([\d.]+)"')


def field_data(svg: str, picture: Picture) -> str:
    """``svg`` with the field's place on its root element, for the page's script (docs/web.md,
    The table picture): ``data-scale`` (SVG units per cm), ``data-field-x``,
    ``data-field-y``, ``data-field-width``, ``data-field-height`` (the field's rectangle in
    SVG units) and ``data-north-up`` ("true": table y = 0, the south edge, at the bottom)."""
    return field_data_cm(svg, picture.table.field.width)


def field_data_cm(svg: str, width_cm: float) -> str:
    """:func:`field_data` for a picture whose field is ``width_cm`` wide."""
    found = _FIELD_RECT.search(svg)
    if found is None:
        raise ValueError("the picture has no field rectangle")
    x, y, w, h = (float(v) for v in found.groups())
    scale = w / width_cm
    north_up = 'class="framed"' in svg[:svg.index(">")]
    data = (f'data-scale="{scale:g}" data-field-x="{x:g}" data-field-y="{y:g}" '
            f'data-field-width="{w:g}" data-field-height="{h:g}" '
            f'data-north-up="{"true" if north_up else "false"}"')
    return svg.replace("<svg ", f"<svg {data} ", 1)


# -- state frames --------------------------------------------------------------------------------
def log_lines(game: Game, seat: int | None, start: int = 0) -> list[dict[str, str]]:
    """The log from ``start`` as ``seat`` may read it (a spectator reads public events only,
    the others as stand-ins)."""
    events: Sequence[Event] = game.log[start:]
    if seat is None:
        seen = [e if e.audience is None else e.redacted() for e in events]
    else:
        seen = [e.for_player(seat) for e in events]
    return [{"kind": e.kind, "text": e.text()} for e in seen]


def legal_texts(game: Game, seat: int | None) -> list[str]:
    if seat is None or game.is_over or game.decision().player != seat:
        return []
    return [str(a) for a in game.legal_actions()]


def state_frame(game: Game, seat: int | None, *, mode: str, log_from: int = 0
                ) -> dict[str, Any]:
    """The ``state`` frame of ``seat`` (docs/web.md): its own view, its log from
    ``log_from``, its legal actions when it decides, and its table as SVG."""
    extra: dict[str, Any]
    if _masseffect(game):
        from skirmish.games.masseffect.web import frames as frames_masseffect

        extra = frames_masseffect.frame_extras(game, seat)
    else:
        extra = {"svg": svg_of(picture_for(game, seat), **_deployment_zone(game, seat))}
    view = game.view(seat)
    outcome = game.outcome()
    return {
        "type": "state",
        "seat": seat,
        "mode": mode,
        "count": len(game.history),
        "over": game.is_over,
        "outcome": outcome.to_json() if outcome else None,
        "view": view,
        "log_from": log_from,
        "log": log_lines(game, seat, log_from),
        "legal": legal_texts(game, seat),
        **extra,
    }


def _deployment_zone(game: Game, seat: int | None) -> dict[str, Any]:
    """While ``seat`` deploys (Rulebook 4.A step 7), its own zone is drawn on its table (its
    mission's deployment type is its own knowledge)."""
    if seat is None or game.is_over or game.decision().player != seat \
            or game.decision().kind != "deploy":
        return {}
    from skirmish.games.eden.preparation.deployment import zone_of
    from skirmish.games.eden.rolling import state_of

    return {"zones": [zone_of(state_of(game), seat)]}


# -- probes --------------------------------------------------------------------------------------
def _parse(game: Game, text: str) -> Action:
    try:
        return game.parse(text)
    except NotationError as exc:
        raise FrameError(f"'{text}' is not an action: {exc}", "action notation") from None


def legality(game: Game, seat: int | None, action: Action) -> tuple[bool, str, str]:
    """(legal now for ``seat``, why not, the rule): only the deciding seat may act."""
    if game.is_over:
        return False, "the match is over", ""
    decider = game.decision().player
    if seat is None:
        return False, "a spectator cannot act", ""
    if decider != seat:
        return False, f"it is player {'AB'[decider]}'s decision, not yours", ""
    try:
        game.check(action)
    except (IllegalActionError, GameOverError) as exc:
        return False, str(exc), getattr(exc, "rule", "")
    return True, "", ""


def _points(points: Sequence[tuple[float, float]]) -> list[list[float]]:
    return [[round(float(p[0]), 3), round(float(p[1]), 3)] for p in points]


def probe(game: Game, seat: int | None, text: str) -> dict[str, Any]:
    """``probe``: is the action legal now for this seat, why not, and its geometry: a move's
    or charge's path, length and allowance; the bases a throw or blast would cover."""
    if _masseffect(game):
        from skirmish.games.masseffect.web import frames as frames_masseffect

        return frames_masseffect.probe(game, seat, text)
    action = _parse(game, text)
    legal, reason, rule = legality(game, seat, action)
    answer: dict[str, Any] = {"type": "probe", "text": text, "action": str(action),
                              "legal": legal, "reason": reason, "rule": rule}
    if isinstance(action, Move | Charge | Throw | BlastAttack):
        try:
            answer.update(_geometry(knowledge(game, seat), action))
        except (KeyError, ValueError) as exc:
            answer["geometry"] = f"no geometry: {exc}"
    return answer


def _geometry(known: Game, action: Move | Charge | Throw | BlastAttack) -> dict[str, Any]:
    from skirmish.games.eden.fighting.movement import allowance, charge_position
    from skirmish.games.eden.fighting.ranged import carried
    from skirmish.games.eden.fighting.templates_attack import fighters_at

    state = state_of(known)
    fighter = state.fighter(str(action.fighter))
    if not fighter.on_field:
        return {"geometry": f"{fighter.ref} is not on the field"}
    if isinstance(action, Move | Charge):
        to: tuple[float, float] | None = action.to
        if isinstance(action, Charge):
            to = charge_position(state, fighter, state.fighter(str(action.target)), action.to)
            if to is None:
                return {"geometry": "no reachable contact position with the target"}
        assert to is not None
        limit = allowance(state, fighter, charge=isinstance(action, Charge))
        check = is_legal_move(state.base(fighter), (float(to[0]), float(to[1])), limit,
                              field=state.field, bases=state.bases(fighter),
                              elements=state.scenery, markers=state.markers)
        out: dict[str, Any] = {"allowance": limit, "end": _points([to])[0],
                               "path": _points(check.path), "path_problem": check.reason}
        if check.legal:
            out.update(length=round(check.cost, 3), left=round(limit - check.cost, 3))
        else:
            out.update(length=None, left=None)
        return out
    if isinstance(action, Throw):
        centre = (float(action.at.x), float(action.at.y))
        item = carried(known, fighter, action.weapon)
        part = item.part(Category.PROJECTILE) if item is not None else None
        if part is not None and part.effect("Explosive") is not None:
            covered = [b.id for b in explosion_covers(centre, state.bases())]
            return {"covered": covered, "template": _points(explosion_outline(centre))}
        return {"covered": sorted(f.ref for f in fighters_at(state, centre)), "template": []}
    base = state.base(fighter)
    axis = None if action.axis is None else math.radians(float(action.axis))
    angle = math.radians(float(action.angle))
    covered = [b.id for b in blast_covers(base, angle, state.bases(fighter), axis=axis)]
    return {"covered": covered, "template": _points(blast_outline(base, angle, axis=axis))}


def _target(table: Table, text: str) -> Base | tuple[float, float]:
    try:
        return table.base(text)
    except KeyError:
        pass
    parts = text.split(",")
    if len(parts) == 2:
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            x = y = math.nan
        if math.isfinite(x) and math.isfinite(y):
            return (x, y)
    raise FrameError(f"'{text}' is neither a fighter on the field nor a point x,y")


def sight(game: Game, seat: int | None, viewer: str, target: str) -> dict[str, Any]:
    """``sight``: the line of sight between two bases (or a base and a point) on the seat's
    own table: visible, obstacles, what blocks and what obstructs it, and a picture."""
    if _masseffect(game):
        from skirmish.games.masseffect.web import frames as frames_masseffect

        return frames_masseffect.sight(game, seat, viewer, target)
    table = table_of(game.view(seat))
    try:
        origin = table.base(viewer)
    except KeyError:
        raise FrameError(f"'{viewer}' is not a fighter on the field") from None
    aim = _target(table, target)
    others = [b for b in table.bases if b.id not in {origin.id, getattr(aim, "id", None)}]
    result = line_of_sight(origin, aim, bases=others, elements=table.elements)
    return {"type": "sight", "from": viewer, "to": target, "visible": result.visible,
            "obstacles": result.obstacles, "blocking": list(result.blocking),
            "obstructing": list(result.obstructing),
            "svg": svg_of(picture_for(game, seat), los=(origin, aim))}


def odds(known: Game, text: str, reaction: str | None) -> dict[str, Any]:
    """``odds``: the exact odds of an attack, computed on the seat's :func:`knowledge`
    (whether or not it is legal now: ``legal_now`` says)."""
    if _masseffect(known):
        from skirmish.games.masseffect.web import odds as odds_masseffect

        return odds_masseffect.odds(known, text)
    from skirmish.games.eden.odds import odds_of

    state = state_of(known)
    assert isinstance(state, EdenState)
    action = _parse(known, text)
    try:
        result = odds_of(known, action, reaction=reaction, check=True)
        legal_now, why = True, ""
    except IllegalActionError as exc:
        legal_now, why = False, str(exc)
        try:
            result = odds_of(known, action, reaction=reaction, check=False)
        except (IllegalActionError, KeyError, ValueError) as again:
            raise FrameError(f"no odds for '{text}': {again}") from None
    except (KeyError, ValueError) as exc:
        raise FrameError(f"no odds for '{text}': {exc}") from None
    if not result.fighters:
        return {"type": "odds", "text": text, "legal_now": legal_now, "why": why,
                "odds": None, "summary": "nobody is affected"}
    return {"type": "odds", "text": text, "legal_now": legal_now, "why": why,
            "odds": result.to_json(), "summary": result.summary()}
