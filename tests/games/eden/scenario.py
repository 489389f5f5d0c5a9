"""Scenario helper: given this table and these dice, start the rules at a chosen procedure."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skirmish.core import Game, Procedure, ScriptedDice
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.profile import FighterProfile
from skirmish.games.eden.demo import ABILITIES, SAMPLE_EQUIPMENT
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.ruleset import catalogue_of
from skirmish.games.eden.state import EdenState


def table(
    a: Sequence[tuple[FighterProfile, float, float]],
    b: Sequence[tuple[FighterProfile, float, float]],
    *,
    dice: Iterable[int] = (),
    start: Sequence[Procedure] = (),
    ap: int = 3,
    equipment: Sequence[str] = (),
    abilities: Sequence[dict[str, object]] = (),
) -> Game:
    """Fighters of A and B at (x, y) with ``ap`` AP each; forced ``dice``; the stack ``start``
    (first resolved first). The set-up is recorded so that undo and replay work too."""
    fighters = [
        Fighter(side, profile, x=x, y=y, on_field=True, ap=ap)
        for side, troop in enumerate((a, b))
        for profile, x, y in troop
    ]
    setup: dict[str, object] = {
        "equipment": list(SAMPLE_EQUIPMENT) + list(equipment),
        "abilities": [*ABILITIES, *abilities],  # the sample cards' abilities, and these
        "troops": [
            {"type": "faction",
             "fighters": [{"profile": p.to_dict(), "at": [x, y]} for p, x, y in troop]}
            for troop in (a, b)
        ]
    }
    game = Game(EDEN, EdenState(fighters, catalogue=catalogue_of(setup)), setup,
                ScriptedDice(dice))
    game.push(*start)
    game.advance()
    return game


def state(game: Game) -> EdenState:
    assert isinstance(game.state, EdenState)
    return game.state


def fighter(game: Game, ref: str) -> Fighter:
    return state(game).fighter(ref)
