"""Moments of a Mass Effect: Annihilation game, found by re-playing it: ``TURN``, the start of
a turn (``skirmish replay --table-at TURN``, ``skirmish demo --svg-dir``).

Turn N begins with its initiative roll (ME9) and the new turn's clean slate (statuses and
switched-off protections end, ME24, ME34); the moment is the turn's first decision, before
anything of the turn is done on the table. The deployment (ME38) comes before turn 1.
"""

from __future__ import annotations

from skirmish.core.game import Game
from skirmish.games.masseffect.rolling import state_of


def turn_starts(game: Game) -> list[tuple[int, Game]]:
    """The game re-played from its set-up: a copy as each turn begins (at its first
    decision), in order."""
    replay = game.replayed([])
    out: list[tuple[int, Game]] = []
    seen = state_of(replay).turn
    if seen:
        out.append((seen, replay.copy()))
    for action in game.history:
        replay.apply(action)
        turn = state_of(replay).turn
        if turn != seen:
            seen = turn
            out.append((turn, replay.copy()))
    return out


def game_at_turn(game: Game, turn: int, source: str = "record") -> Game:
    """The game as turn ``turn`` begins. A turn the game never reaches is a ValueError naming
    ``source`` and the turns it holds."""
    starts = turn_starts(game)
    for number, moment in starts:
        if number == turn:
            return moment
    last = starts[-1][0] if starts else 0
    held = (f"turns 1 to {last}" if last > 1 else "turn 1" if last else
            "no turn: it ends during the deployment")
    raise ValueError(f"{source}: turn {turn} never begins (the game holds {held})")
