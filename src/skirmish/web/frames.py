"""What each seat receives (docs/web.md, Websocket): its state frame (its own view, its log,
its legal actions, the picture of its table), and the answers to its probes, sight and odds
questions, each asked of the match's game through its web part
(:mod:`skirmish.web.game_parts`).

The helpers every game's part shares live here too: :class:`FrameError`, reading an action
(:func:`parse_action`), its legality for a seat (:func:`legality`), points rounded for JSON
(:func:`points`), and the framed, north-up SVG of a :class:`~skirmish.geometry.annotations.
Picture` with the field's place on its root (:func:`svg_of`, :func:`field_data`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.errors import GameOverError, IllegalActionError, NotationError
from skirmish.core.events import Event
from skirmish.core.game import Game
from skirmish.geometry.annotations import Picture
from skirmish.geometry.svg import render
from skirmish.web.game_parts import FrameError, WebPart, web_part
from skirmish.web.sentences import sentence

__all__ = ["FrameError", "action_line", "field_data", "field_data_cm", "house_rules_frame",
           "knowledge", "legal_texts", "legality", "lines_of", "log_lines", "odds",
           "parse_action", "points", "probe", "probe_answer", "replay_extras", "sight",
           "state_frame", "svg_of", "table_svg"]


def part_of(game: Game) -> WebPart:
    """The web part of ``game``'s ruleset."""
    return web_part(game.ruleset.name)


# -- the questions a seat asks, answered by the game's part ----------------------------------
def knowledge(game: Game, seat: int | None) -> Game:
    """A copy of ``game`` holding only what ``seat`` may know (:meth:`WebPart.knowledge`)."""
    return part_of(game).knowledge(game, seat)


def table_svg(game: Game, seat: int | None) -> str:
    """The table picture ``seat`` receives, without overlays (what a replay step shows)."""
    return str(part_of(game).picture_svg(game, seat))


def replay_extras(game: Game) -> dict[str, Any]:
    """What a replay step holds for the game: ``svg`` and the game's own fields."""
    return part_of(game).replay_extras(game)


def probe(game: Game, seat: int | None, text: str) -> dict[str, Any]:
    """``probe``: is the action legal now for ``seat``, why not, and its geometry."""
    return part_of(game).probe(game, seat, text)


def sight(game: Game, seat: int | None, viewer: str, target: str) -> dict[str, Any]:
    """``sight``: the line of sight between ``viewer`` and ``target`` on the seat's table."""
    return part_of(game).sight(game, seat, viewer, target)


def odds(known: Game, text: str, reaction: str | None) -> dict[str, Any]:
    """``odds``: the exact odds of an attack, on the seat's :func:`knowledge`."""
    return part_of(known).odds(known, text, reaction)


# -- state frames --------------------------------------------------------------------------------
def log_lines(game: Game, seat: int | None, start: int = 0) -> list[dict[str, str]]:
    """The log from ``start`` as ``seat`` may read it (a spectator reads public events only,
    the others as stand-ins): each line's ``kind``, its ``text`` as the engine writes it (the
    exact notation: shown on hover, copied) and its ``line``, what a player reads: a sentence
    with numbers rounded to 0.1 (:func:`skirmish.web.sentences.sentence`; docs/web.md, Words, not
    notation)."""
    events: Sequence[Event] = game.log[start:]
    if seat is None:
        seen = [e if e.audience is None else e.redacted() for e in events]
    else:
        seen = [e.for_player(seat) for e in events]
    return lines_of(game, seen)


def action_line(game: Game, player: int, text: str) -> str:
    """A decision ``text`` of ``player`` as the log's sentence says it (a replay's step)."""
    return sentence(part_of(game), f"player {'AB'[player] if player in (0, 1) else player}: "
                                   f"{text}")


def lines_of(game: Game, events: Sequence[Event]) -> list[dict[str, str]]:
    """``events`` as log lines: ``kind``, ``text`` (the engine's, exact) and ``line`` (the
    sentence a player reads; :func:`log_lines`)."""
    part = part_of(game)
    return [{"kind": e.kind, "text": (text := e.text()), "line": sentence(part, text)}
            for e in events]


def legal_texts(game: Game, seat: int | None) -> list[str]:
    """The actions ``seat`` may take now, as text (none when it does not decide)."""
    if seat is None or game.is_over or game.decision().player != seat:
        return []
    return [str(a) for a in game.legal_actions()]


def state_frame(game: Game, seat: int | None, *, mode: str, log_from: int = 0,
                picture: bool = True) -> dict[str, Any]:
    """The ``state`` frame of ``seat`` (docs/web.md): its own view, its log from
    ``log_from``, its legal actions when it decides, and what the game's part adds
    (:meth:`WebPart.state_extras`: the table as SVG unless ``picture`` is False and the
    game draws its board in the page ...)."""
    extra = part_of(game).state_extras(game, seat, picture=picture)
    view = game.view(seat)
    outcome = game.outcome()
    rules = house_rules_frame(game)
    return {
        **({"house_rules": rules} if rules is not None else {}),
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


def house_rules_frame(game: Game) -> dict[str, str] | None:
    """The house rules the match plays (issue 47), the same for every seat and spectator
    (they are agreed when the match is made, public): ``{option: reading}`` of the readings
    that are not the default (``{}``: every default), ``None`` for a game without house
    rules. The page words them in its language (docs/web.md, House rules)."""
    from skirmish.core.house_rules import in_force

    return in_force(game.ruleset.name, game.setup)


# -- probes ----------------------------------------------------------------------------------------
def parse_action(game: Game, text: str) -> Action:
    """The action ``text`` names, or a :class:`FrameError` quoting the notation's complaint."""
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


def probe_answer(game: Game, seat: int | None, text: str) -> dict[str, Any]:
    """The ``probe`` answer every game shares: the action as the engine writes it, whether it
    is legal now for ``seat``, why not and the rule (a game adds its geometry)."""
    action = parse_action(game, text)
    legal, reason, rule = legality(game, seat, action)
    return {"type": "probe", "text": text, "action": str(action), "legal": legal,
            "reason": reason, "rule": rule}


def points(values: Sequence[tuple[float, float]]) -> list[list[float]]:
    """Points as JSON lists, rounded to the micrometre."""
    return [[round(float(p[0]), 3), round(float(p[1]), 3)] for p in values]


# -- the picture ----------------------------------------------------------------------------------
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
