"""The few helpers every ME:A procedure uses: the state, the rolls, the heroic offers."""

from __future__ import annotations

from typing import Any, cast

from skirmish.core.decision import Decision
from skirmish.core.game import Game
from skirmish.games.masseffect.dice import Amount, succeeds
from skirmish.games.masseffect.events import Note, RollNote
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.house_rules import NATURAL_ROLLS, reading_of
from skirmish.games.masseffect.rules import HEROIC_ACTIONS
from skirmish.games.masseffect.state import MEState

COST = {h.key: h.cost for h in HEROIC_ACTIONS}
NAMES = {h.key: h.name for h in HEROIC_ACTIONS}


def state_of(game: Game) -> MEState:
    return cast(MEState, game.state)


def naturals(game: Game) -> bool:
    """Whether natural 6s and 1s decide modified rolls (the house rule
    ``me-natural-rolls``: :func:`~skirmish.games.masseffect.dice.succeeds`)."""
    return reading_of(state_of(game).house_rules, NATURAL_ROLLS) == "naturals"


def roll_succeeds(game: Game, face: int, threshold: int, modifier: int = 0) -> bool:
    """ME4: does ``face`` succeed against ``threshold`` with ``modifier``, under the
    match's house rules?"""
    return succeeds(face, threshold, modifier, naturals=bool(modifier) and naturals(game))


def roll_d6(game: Game, figure: Figure, what: str, threshold: int, modifier: int = 0) -> int:
    """ME4: one D6 against ``threshold`` with ``modifier``; the face (logged)."""
    face = game.dice.d6()
    game.emit(RollNote(figure=str(figure.ref), roll=what, face=face, threshold=threshold,
                       modifier=modifier,
                       success=roll_succeeds(game, face, threshold, modifier)))
    return face


def roll_amount(game: Game, figure: Figure, what: str, amount: Amount) -> int:
    """ME3: an amount (a die rolls one D6, a number none)."""
    value = amount.roll(game.dice)
    if amount.is_die:
        game.emit(RollNote(figure=str(figure.ref), roll=f"{what} {amount}", face=value))
    return value


def can_heroic(figure: Figure, key: str) -> bool:
    """ME31: a hero with the points, who has not taken this heroic action this turn."""
    return (figure.in_action and figure.heroism >= COST[key]
            and key not in figure.heroic_used)


def spend_heroic(game: Game, figure: Figure, key: str, detail: str = "") -> None:
    figure.heroism -= COST[key]
    figure.heroic_used.append(key)
    game.emit(Note(figure=str(figure.ref), what=f"spends {COST[key]} Héroïsme: {NAMES[key]}",
                   detail=detail))


def heroic_offer(figure: Figure, key: str, why: str, **facts: Any) -> Decision:
    """The decision offering one heroic action (``heroic KEY`` or ``pass``); ``facts`` (the
    attacker, where the hit comes from, the item, the wounds at stake...) go in its
    context for bots and interfaces."""
    return Decision(figure.side, "heroic",
                    f"{figure.ref}: {why}. {NAMES[key]} for {COST[key]} Héroïsme "
                    f"({figure.heroism} left)?",
                    (f"heroic {key}", "pass"),
                    {"figure": str(figure.ref), "heroic": key, **facts})
