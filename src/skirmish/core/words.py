"""Moves in words (issue 45): ``move Vladd toward Sabaka 6``, ``move Vladd contact Sabaka``,
``move Vladd 6 north``, ``charge Vladd Sabaka`` typed instead of the notation's coordinates,
in the terminal (``skirmish play``) and in the web table's notation box.

This module knows no game. It reads a line into a :class:`Request` (the verb, who moves, the
form and its target, distance or direction) and hands it to the game's ``"words"`` part (a
:class:`WordMoves` subclass named by the game's plugin), which resolves it against its own
movement rules into one action the engine finds legal, and says which (:class:`Resolved`);
an impossible request is a :class:`WordsError`, one line saying why. A game without the part
reads no words (the line is then plain notation).

It also answers a point typed as it is shown (0.1 cm): when the action of a notation line is
refused only because a point of it lies a rounding away from a legal one, the legal point
nearest to it within :data:`TYPED_TOLERANCE` is played instead, and said
(:func:`near_point`). The engine decides every time (:meth:`Game.check`): nothing illegal is
ever played.

Directions: east is +x, north is +y (the framed pictures are north up).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.core.actions import Action, Point, format_number
from skirmish.core.errors import IllegalActionError, NotationError, SkirmishError
from skirmish.core.names import NameMatchError, match_name
from skirmish.core.plugins import GamePart, part_of

if TYPE_CHECKING:
    from skirmish.core.game import Game

#: How far (cm) a typed point may lie from the legal point played instead: a point shown to
#: 0.1 cm is at most 0.05 cm off on each axis (0.071 cm), with room for the mover's own
#: position being shown rounded too.
TYPED_TOLERANCE = 0.15

#: The compass words and their angles in degrees (0 = east, 90 = north: +y).
DIRECTIONS: dict[str, float] = {
    "east": 0.0, "e": 0.0, "northeast": 45.0, "ne": 45.0, "north": 90.0, "n": 90.0,
    "northwest": 135.0, "nw": 135.0, "west": 180.0, "w": 180.0, "southwest": 225.0,
    "sw": 225.0, "south": 270.0, "s": 270.0, "southeast": 315.0, "se": 315.0,
}

_DISTANCE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:cm)?", re.IGNORECASE)


class WordsError(IllegalActionError):
    """A move in words that cannot be played: the message is one line saying why."""


@dataclass(frozen=True, slots=True)
class Request:
    """A move typed in words. ``form``: ``"toward"`` (``target``, ``distance`` or None: as
    far as allowed), ``"contact"`` (``target``), ``"direction"`` (``distance``, ``angle``
    in degrees, 0 = east, 90 = north) or ``"charge"`` (``target``). ``verb`` is lower case;
    ``actor`` and ``target`` are as typed (names, refs or prefixes)."""

    text: str
    verb: str
    actor: str
    form: str
    target: str | None = None
    distance: float | None = None
    angle: float | None = None
    #: A suggestion's request: only the legal points within 0.5 cm of the end are tried
    #: (:func:`end_point`), no search along the way.
    quick: bool = False

    @property
    def direction(self) -> str:
        """The compass word of :attr:`angle` (``north``, ``south-east``...)."""
        names = {0: "east", 45: "north-east", 90: "north", 135: "north-west", 180: "west",
                 225: "south-west", 270: "south", 315: "south-east"}
        return names.get(round(self.angle or 0) % 360, f"{self.angle:g} degrees")


@dataclass(frozen=True, slots=True)
class Resolved:
    """The action a line became and the line saying so (``said``)."""

    action: Action
    said: str


def _distance(token: str) -> float | None:
    match = _DISTANCE.fullmatch(token)
    return float(match.group(1)) if match else None


def _direction(tokens: Sequence[str]) -> float | None:
    word = "".join(tokens).lower().replace("-", "")
    return DIRECTIONS.get(word)


def parse_request(text: str, verbs: Iterable[str], charge_verbs: Iterable[str] = ()
                  ) -> Request | None:
    """The move in words ``text`` says, or None when it is not one (plain notation).

    Forms (case-insensitive; ``D`` a distance in cm, ``6`` or ``6cm``; ``DIR`` a compass
    word: north, south, east, west, the diagonals north-east..., or n, ne, e ...)::

        VERB WHO toward TARGET [D]     VERB WHO contact TARGET
        VERB WHO D DIR | VERB WHO DIR D    CHARGE WHO TARGET

    ``verbs`` are the game's move verbs read in words, ``charge_verbs`` those taking a target
    alone."""
    tokens = re.sub(r"(\d)\s+cm\b", r"\1cm", text, flags=re.IGNORECASE).split()
    if len(tokens) < 3:
        return None
    verb, actor, rest = tokens[0].lower(), tokens[1], tokens[2:]
    moves, charges = {v.lower() for v in verbs}, {v.lower() for v in charge_verbs}
    if verb in charges and len(rest) == 1 and "," not in rest[0] \
            and _distance(rest[0]) is None:
        return Request(text, verb, actor, "charge", target=rest[0])
    if verb not in moves:
        return None
    head = rest[0].lower()
    if head in ("toward", "towards", "to") and len(rest) in (2, 3):
        distance = _distance(rest[2]) if len(rest) == 3 else None
        if len(rest) == 3 and distance is None:
            raise WordsError(f"'{text}': the distance after the target is a number of cm, "
                             f"got {rest[2]!r}", "moves in words")
        return Request(text, verb, actor, "toward", target=rest[1], distance=distance)
    if head in ("contact", "touch") and len(rest) == 2:
        return Request(text, verb, actor, "contact", target=rest[1])
    for split in range(1, len(rest)):
        first, second = rest[:split], rest[split:]
        for numbers, words in ((first, second), (second, first)):
            if len(numbers) == 1 and _distance(numbers[0]) is not None:
                angle = _direction(words)
                if angle is not None:
                    return Request(text, verb, actor, "direction",
                                   distance=_distance(numbers[0]), angle=angle)
    if any(t.lower() in DIRECTIONS for t in rest) or head in ("toward", "towards", "contact"):
        raise WordsError(f"'{text}': moves in words are 'VERB WHO toward TARGET [CM]', "
                         "'VERB WHO contact TARGET' or 'VERB WHO CM DIRECTION'",
                         "moves in words")
    return None


def pick_name(query: str, refs: Sequence[str], what: str = "fighter",
              prefer: Iterable[str] = ()) -> str:
    """The ref among ``refs`` (``A.Vladd``) that ``query`` names: the ref, or the name after
    the side's dot, by the one name matcher (:func:`skirmish.core.names.match_name`: case,
    accents and dashes ignored, a unique prefix, a later word's prefix); otherwise a
    :class:`WordsError` naming the candidates. A bare name that several pieces share (the
    same card on both sides) is the one of them among ``prefer``, when there is one."""
    keys: dict[str, list[str]] = {}
    for ref in refs:
        keys.setdefault(ref.partition(".")[2] or ref, []).append(ref)
    full = "." in query[:2]
    try:
        found = match_name(query, refs if full else list(keys), what)
    except NameMatchError as exc:
        raise WordsError(str(exc), "moves in words") from None
    if full:
        return found
    preferred = [r for r in keys[found] if r in set(prefer)]
    if len(keys[found]) > 1 and len(preferred) == 1:
        return preferred[0]
    if len(keys[found]) > 1:
        raise WordsError(f"'{query}' could be {' or '.join(keys[found])}: write the side, "
                         f"e.g. '{keys[found][0]}'", "moves in words")
    return keys[found][0]


def cm(value: float) -> str:
    """A distance for people: ``12``, ``17.3``."""
    return format_number(round(value, 1))


def point_text(x: float, y: float) -> str:
    return f"{cm(x)},{cm(y)}"


def aim(request: Request, dx: float, dy: float, room: float, limit: float,
        target: str = "") -> tuple[float, float, float, str]:
    """Where a move in words goes, for either game: (distance, distance wanted, angle in
    radians, what to say). ``toward`` a piece ``dx, dy`` away, as far as asked (as far as
    ``limit`` when no distance is given) but no further than ``room`` (the gap before
    contact, the game's margins taken off); else ``request``'s distance and compass
    direction."""
    if request.form == "toward":
        wanted = limit if request.distance is None else request.distance
        distance = min(wanted, room)
        how = f"{cm(distance)} cm toward {target}"
        if distance < wanted and request.distance is not None:
            how += f", stopping short of {target}"
        return distance, wanted, math.atan2(dy, dx), how
    assert request.distance is not None and request.angle is not None
    return (request.distance, request.distance, math.radians(request.angle),
            f"{cm(request.distance)} cm {request.direction}")


def is_legal(game: Game, action: Action) -> bool:
    """Does the engine take ``action`` now?"""
    try:
        game.check(action)
    except SkirmishError:
        return False
    return True


def lattice_candidates(x: float, y: float, reach: float, step: float = 0.1
                       ) -> list[tuple[float, float]]:
    """Points near (x, y) whose coordinates are multiples of ``step`` (short to write), the
    nearest first: the lattice within three steps, then rings (every 0.5 cm, or every two
    steps for a step under 0.1 cm) out to ``reach``."""
    out: dict[tuple[float, float], float] = {}

    def add(px: float, py: float) -> None:
        point = (round(round(px / step) * step, 6), round(round(py / step) * step, 6))
        if point not in out:
            out[point] = math.hypot(point[0] - x, point[1] - y)

    add(x, y)
    for i in range(-3, 4):
        for j in range(-3, 4):
            add(x + i * step, y + j * step)
    ring = 0.5 if step >= 0.1 else 2 * step  # fine points: rings every two steps
    radius = ring
    while radius <= reach + 1e-9:
        for k in range(24):
            a = math.tau * k / 24
            add(x + radius * math.cos(a), y + radius * math.sin(a))
        radius += ring
    return sorted((p for p, d in out.items() if d <= reach + 1e-9), key=lambda p: (out[p], p))


def nearest_legal(game: Game, make: Callable[[float, float], Action], x: float, y: float,
                  *, reach: float = 3.0, step: float = 0.1,
                  within: tuple[float, float, float] | None = None) -> Action | None:
    """The legal action ``make`` builds at the lattice point nearest (x, y) within ``reach``
    (:func:`lattice_candidates`), or None. ``within`` (x0, y0, limit): only points at most
    ``limit`` from (x0, y0) are tried (a move's allowance: no path is shorter than the
    straight line, and a path searched in vain is the costly refusal)."""
    for px, py in lattice_candidates(x, y, reach, step):
        if within is not None and math.hypot(px - within[0], py - within[1]) > within[2]:
            continue
        action = make(px, py)
        if is_legal(game, action):
            return action
    return None


def end_point(game: Game, make: Callable[[float, float], Action], x0: float, y0: float,
              angle: float, distance: float, limit: float, quick: bool = False
              ) -> tuple[Action, str] | None:
    """The legal action ``make`` builds for a move of ``distance`` cm from (x0, y0) at
    ``angle`` (radians) with an allowance of ``limit`` cm, and what to say of where it ends:
    the legal point nearest the end asked for (within 1 cm); else the farthest legal point on
    the way (the way is blocked further); else the nearest legal point within 3 cm of the
    end; else None. ``quick``: only the legal point within 0.5 cm of the end."""
    x, y = x0 + distance * math.cos(angle), y0 + distance * math.sin(angle)
    within = (x0, y0, limit)
    action = nearest_legal(game, make, x, y, reach=0.5 if quick else 1.0, within=within)
    if action is not None or quick:
        return None if action is None else (action, _off(action, x, y))
    d = distance - 0.5
    while d >= 0.5:
        action = nearest_legal(game, make, x0 + d * math.cos(angle), y0 + d * math.sin(angle),
                               reach=0.1, within=within)
        if action is not None:
            return action, f"only {cm(d)} cm: the way is blocked further"
        d -= 0.5
    action = nearest_legal(game, make, x, y, reach=3.0, within=within)
    return None if action is None else (action, _off(action, x, y))


def _off(action: Action, x: float, y: float) -> str:
    """"the nearest legal point, D cm from the one asked for" when it is that far."""
    points = [v for v in (getattr(action, f.name) for f in dataclasses.fields(action))
              if isinstance(v, Point)]
    off = math.hypot(points[0].x - x, points[0].y - y) if points else 0.0
    return f"the nearest legal point, {cm(off)} cm from the one asked for" if off > 0.1 else ""


def near_point(game: Game, text: str) -> Resolved | None:
    """A notation line whose action the engine refuses, played at the legal point nearest
    its point within :data:`TYPED_TOLERANCE` (the first point of the action), or None
    when the line is legal as it is, does not parse, or has no legal point that near (then
    applying the line says why it is refused)."""
    try:
        action = game.parse(text)
    except NotationError:
        return None
    if is_legal(game, action):
        return None
    names = [f.name for f in dataclasses.fields(action)
             if isinstance(getattr(action, f.name), Point)]
    if not names:
        return None
    name = names[0]
    typed: Point = getattr(action, name)
    for px, py in lattice_candidates(typed.x, typed.y, TYPED_TOLERANCE, 0.01):
        if math.hypot(px - typed.x, py - typed.y) > TYPED_TOLERANCE:
            break
        candidate = dataclasses.replace(action, **{name: Point(px, py)})
        if is_legal(game, candidate):
            away = math.hypot(px - typed.x, py - typed.y)
            return Resolved(candidate, f"{point_text(*typed)} is {format_number(round(away, 2))}"
                            f" cm from a legal point: played '{candidate}'")
    return None


class WordMoves(GamePart):
    """A game's ``"words"`` part: its moves in words. The generic default reads none."""

    #: The move verbs read in words (``move``, ``walk``, ``run`` ...).
    verbs: frozenset[str] = frozenset()
    #: The verbs taking a target alone (``charge WHO TARGET``).
    charge_verbs: frozenset[str] = frozenset()

    def resolve(self, game: Game, request: Request) -> Resolved:
        """The legal action ``request`` becomes now, or a :class:`WordsError`."""
        raise WordsError(f"{self.title} reads no moves in words", "moves in words")


def words_of(game: Game) -> WordMoves:
    """The ``"words"`` part of ``game``'s ruleset (the generic one for a game without)."""
    try:
        return part_of(game.ruleset.name, "words", WordMoves)
    except ValueError:  # a game that is no plugin (a test's)
        return WordMoves()


def resolve(game: Game, text: str) -> Resolved | None:
    """What a typed line becomes: a move in words resolved by the game's part, a point
    typed as shown moved onto the legal point that near (:func:`near_point`), or None
    (apply the line as it is). A :class:`WordsError` says why a move in words is
    impossible."""
    if game.is_over:
        return None
    part = words_of(game)
    line = " ".join(text.split())
    request = parse_request(line, part.verbs, part.charge_verbs) if part.verbs else None
    if request is not None:
        try:
            game.parse(line)
            notation = True
        except NotationError:
            notation = False
        if not (notation and request.form == "charge"):  # 'charge A.X B.Y' is notation
            return part.resolve(game, request)
    return near_point(game, line)
