"""The match's opening, when its set-up asks for it (``"begin": true``; docs/masseffect.md,
"Each seat begins the match"): player A, then player B, each says "pass" to begin, before
the first die is rolled.

ME:A rolls a die as soon as a match starts (the deployment's roll-off, or the first
turn's initiative when the figures are placed), so without an opening its first die
would come before the players have done anything. At the web table, each seat's dice
nonce is committed when its browser joins (web/fair.py, docs/dice.md): opening with each
seat's own "begin" makes the first die wait for every seat that joined, so that both
games' web matches derive their dice key from every seat's nonce. A set-up without the key
(the command line, the simulations, the records written before) plays as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from skirmish.core.actions import Action, Pass
from skirmish.core.decision import Decision
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure

#: The set-up key that opens the match with each seat's "begin".
BEGIN = "begin"


def begins(setup: Any) -> bool:
    """Whether ``setup`` opens with each seat's "begin"; a non-boolean value is a
    ValueError naming the key."""
    value = setup.get(BEGIN, False) if isinstance(setup, dict) else False
    if not isinstance(value, bool):
        raise ValueError(f"setup.{BEGIN}: true or false, got {value!r}"[:200])
    return value


@dataclass(slots=True)
class Begin(Procedure):
    """Each seat begins the match: player A, then player B ("pass"), before the first die."""

    name: ClassVar[str] = "me.begin"
    player: int = 0

    def decision(self, game: Game) -> Decision | None:
        if self.player > 1:
            return None
        return Decision(self.player, "begin", "Begin the match: the first die is rolled once "
                        "both players have begun")

    def legal_actions(self, game: Game) -> list[Action]:
        return [Pass()] if self.player <= 1 else []

    def apply(self, game: Game, action: Action) -> None:
        self.player += 1

    def run(self, game: Game) -> None:
        game.pop()
