"""What each Eden seat receives (docs/web.md, Websocket) beyond what every game's does: the
picture of its table, and the answers to its probes, sight and odds questions (the generic
frames and helpers are :mod:`skirmish.web.frames`).

Every geometric answer is drawn from the seat's *view* (its table); the picture is the
command line's framed, north-up one (:mod:`skirmish.games.eden.picture`) drawn from the seat's
:func:`knowledge`; what needs the rules (legality, allowances, odds) is answered from
:func:`knowledge` too: a copy of the game from which everything the seat may not know has
been removed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from skirmish.core.errors import IllegalActionError
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
from skirmish.geometry.templates import (
    blast_covers,
    blast_outline,
    explosion_covers,
    explosion_outline,
)
from skirmish.web.frames import FrameError, parse_action, points, probe_answer, svg_of

__all__ = ["FrameError", "knowledge", "odds", "picture_for", "probe", "sight", "state_extras",
           "svg_of", "table_of", "table_svg"]


# -- the secrets a seat may not know ------------------------------------------------------------
def knowledge(game: Game, seat: int | None) -> Game:
    """A copy of ``game`` holding only what ``seat`` may know
    (:func:`skirmish.games.eden.knowledge.knowledge`)."""
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
    markers, leaders, neutral objective names, what is off the field)."""
    state = state_of(knowledge(game, seat))
    assert isinstance(state, EdenState)
    return picture_of(state)


def table_svg(game: Game, seat: int | None) -> str:
    """The table picture ``seat`` receives, without overlays (what a replay step shows)."""
    return svg_of(picture_for(game, seat))


# -- state frames --------------------------------------------------------------------------------
def state_extras(game: Game, seat: int | None, *, picture: bool = True) -> dict[str, Any]:
    """What an Eden ``state`` frame adds (docs/web.md): the seat's table as SVG, its own
    deployment zone drawn while it deploys, and what the board adds to the view
    (:func:`skirmish.games.eden.web.board.board`), and the texts of its fighters' abilities
    (:func:`skirmish.games.eden.web.glossary.glossary`)."""
    from skirmish.games.eden.web.board import board
    from skirmish.games.eden.web.glossary import glossary
    from skirmish.web.frames import legal_texts

    known = knowledge(game, seat)
    state = state_of(known)
    assert isinstance(state, EdenState)
    out = {"svg": svg_of(picture_of(state), **_deployment_zone(game, seat))} if picture else {}
    return {**out, "board": board(known, seat, legal_texts(game, seat)),
            "glossary": glossary(known), **_unavailable(game, seat)}


def _unavailable(game: Game, seat: int | None) -> dict[str, Any]:
    """While ``seat`` chooses its fighter's reaction to a melee attack (Rulebook 6.A), the
    reactions it may not choose and the rule's reason (``unavailable``: shown disabled,
    with the reason, beside the ones offered; docs/web.md, Words, not notation). Only the
    deciding seat is told: it is about its own fighter."""
    if seat is None or game.is_over:
        return {}
    decision = game.decision()
    if decision.player != seat or decision.kind != "reaction":
        return {}
    from skirmish.games.eden.actions import Reaction
    from skirmish.games.eden.fighting.melee import reaction_refusal

    target = (decision.context or {}).get("target")
    if not target:
        return {}
    fighter = state_of(game).fighter(str(target))
    out = []
    for reaction in Reaction:
        refusal = reaction_refusal(fighter, reaction)
        if refusal is not None:
            out.append({"action": f"react {reaction.value}", "reason": refusal})
    return {"unavailable": out} if out else {}


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
def probe(game: Game, seat: int | None, text: str) -> dict[str, Any]:
    """``probe``: is the action legal now for this seat, why not, and its geometry: a move's
    or charge's path, length and allowance; the bases a throw or blast would cover. A
    refused move or deployment names the nearest legal point found near it (``instead``,
    ``snapped``: :func:`skirmish.games.eden.web.board.snapped`)."""
    answer = probe_answer(game, seat, text)
    action = game.parse(text)
    if not answer["legal"] and seat is not None and not game.is_over \
            and game.decision().player == seat:
        from skirmish.games.eden.web.board import snapped

        found = snapped(game, action)
        if found is not None:
            answer["instead"], answer["snapped"] = found[0], list(found[1])
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
        out: dict[str, Any] = {"allowance": limit, "end": points([to])[0],
                               "path": points(check.path), "path_problem": check.reason}
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
            return {"covered": covered, "template": points(explosion_outline(centre))}
        return {"covered": sorted(f.ref for f in fighters_at(state, centre)), "template": []}
    base = state.base(fighter)
    axis = None if action.axis is None else math.radians(float(action.axis))
    angle = math.radians(float(action.angle))
    covered = [b.id for b in blast_covers(base, angle, state.bases(fighter), axis=axis)]
    return {"covered": covered, "template": points(blast_outline(base, angle, axis=axis))}


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
    from skirmish.games.eden.odds import odds_of

    state = state_of(known)
    assert isinstance(state, EdenState)
    action = parse_action(known, text)
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
