"""The tactical suite's vocabulary, for every game: a :class:`Position` (a game stopped at a
decision and the move a strong player makes there), the decorator that collects a game's
positions, and predicates over the chosen action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skirmish.core import Game
from skirmish.core.actions import Action

#: A predicate over the action chosen at the position (the game is the position itself).
Predicate = Callable[[Game, Action], bool]


@dataclass(frozen=True, slots=True)
class Position:
    """One position of the suite: its ``name``, a ``category``, what the strong move is
    (``expects``, in words), the reasons (``why``: the odds, the VP), a ``build`` returning
    the game at the decision, and the ``expected`` predicate over the chosen action."""

    name: str
    category: str
    expects: str
    why: str
    build: Callable[[], Game]
    expected: Predicate


def registry(into: list[Position]) -> Callable[..., Callable[[Callable[[], Game]],
                                                               Callable[[], Game]]]:
    """A decorator that adds a builder to ``into`` as a :class:`Position`, its docstring
    being the position's ``why``."""
    def position(name: str, category: str, expects: str, expected: Predicate
                 ) -> Callable[[Callable[[], Game]], Callable[[], Game]]:
        def add(build: Callable[[], Game]) -> Callable[[], Game]:
            why = " ".join((build.__doc__ or "").split())
            into.append(Position(name, category, expects, why, build, expected))
            return build

        return add

    return position


# -- predicates ----------------------------------------------------------------------------------
def hits(ref: str, *verbs: str) -> Predicate:
    """An action of one of ``verbs`` (attack and charge when none given) on ``ref``."""
    wanted = verbs or ("attack", "charge")

    def predicate(game: Game, action: Action) -> bool:
        return action.verb in wanted and str(getattr(action, "target", "")) == ref

    return predicate


def verb(*verbs: str) -> Predicate:
    def predicate(game: Game, action: Action) -> bool:
        return action.verb in verbs

    return predicate


def react(reaction: str) -> Predicate:
    def predicate(game: Game, action: Action) -> bool:
        return str(action) == f"react {reaction}"

    return predicate


def negation(inner: Predicate) -> Predicate:
    def predicate(game: Game, action: Action) -> bool:
        return not inner(game, action)

    return predicate


def either(*inner: Predicate) -> Predicate:
    def predicate(game: Game, action: Action) -> bool:
        return any(p(game, action) for p in inner)

    return predicate


def one_of(*texts: str) -> Predicate:
    """The action, in notation, is one of ``texts`` (for choices that are not places)."""
    def predicate(game: Game, action: Action) -> bool:
        return str(action) in texts

    return predicate
