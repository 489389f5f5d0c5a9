"""Coin Duel: a tiny game of the tests' own, to play a game the environments know nothing of
(issue 42: a game with no ``"rl"`` part, or only the minimal one).

Each side has two fighters with two wounds each. The players take turns (A first), each
turn one strike: a fighter of the player's own strikes an enemy fighter, hitting on 4+ (one
die); or the player passes. The match ends after ``rounds`` turns (4) or when a side has no
fighter standing; more wounds dealt wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from skirmish.core.actions import Action, ActionSet, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.dice import Dice, SeededDice, fresh_seed
from skirmish.core.game import Game
from skirmish.core.plugins import GamePlugin
from skirmish.core.procedure import Procedure
from skirmish.core.ruleset import Outcome
from skirmish.rl.game_parts import GameRL

NAME = "coinduel"
ACTIONS = ActionSet(NAME, [Pass])


@ACTIONS
@dataclass(frozen=True, slots=True)
class Strike(Action):
    """A fighter of the player's strikes an enemy fighter."""

    verb: ClassVar[str] = "strike"
    fighter: Ref
    target: Ref


class CoinState:
    """Wounds left by side and name, the turn, the scores."""

    def __init__(self, wounds: list[dict[str, int]], rounds: int) -> None:
        self.wounds, self.rounds, self.turn, self.scores = wounds, rounds, 1, [0, 0]

    def clone(self) -> CoinState:
        other = CoinState([dict(side) for side in self.wounds], self.rounds)
        other.turn, other.scores = self.turn, list(self.scores)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"wounds": self.wounds, "rounds": self.rounds, "turn": self.turn,
                "scores": self.scores}

    def standing(self, side: int) -> list[Ref]:
        return [Ref.of(side, name) for name, left in self.wounds[side].items() if left > 0]

    @property
    def over(self) -> bool:
        return self.turn > self.rounds or not self.standing(0) or not self.standing(1)


def state_of(game: Game) -> CoinState:
    assert isinstance(game.state, CoinState)
    return game.state


@dataclass(slots=True)
class Turn(Procedure):
    """Coin Duel: one strike a turn."""

    name: ClassVar[str] = "coinduel.turn"

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        return None if state.over else Decision((state.turn - 1) % 2, "strike", "strike")

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        if state.over:
            return []
        side = (state.turn - 1) % 2
        return [Pass(), *(Strike(mine, theirs) for mine in state.standing(side)
                          for theirs in state.standing(1 - side))]

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Strike) and game.dice.d6() >= 4:
            state.wounds[action.target.side][action.target.key] -= 1
            state.scores[action.fighter.side] += 1
        state.turn += 1

    def run(self, game: Game) -> None:
        game.pop()


class CoinRuleset:
    """Coin Duel for the kernel."""

    name = NAME
    actions = ACTIONS

    def new_game(self, setup: Mapping[str, Any], *, seed: int | None = None,
                 dice: Dice | None = None) -> Game:
        rounds = int(setup.get("rounds", 4))
        state = CoinState([{"Ann": 2, "Bob": 2}, {"Cy": 2, "Di": 2}], rounds)
        game = Game(self, state, {"rounds": rounds},
                    dice or SeededDice(fresh_seed() if seed is None else seed), [Turn()])
        game.advance()
        return game

    def state_from_json(self, data: Mapping[str, Any], setup: Mapping[str, Any]) -> CoinState:
        state = CoinState([dict(side) for side in data["wounds"]], int(data["rounds"]))
        state.turn, state.scores = int(data["turn"]), list(data["scores"])
        return state

    def view(self, game: Game, player: int | None) -> dict[str, Any]:
        state = state_of(game)
        return {"ruleset": NAME, "player": player, "turn": state.turn, "rounds": state.rounds,
                "scores": list(state.scores), "label": "no number",
                "fighters": [{"ref": str(Ref.of(side, name)), "side": side, "name": name,
                              "wounds": left, "standing": left > 0}
                             for side in (0, 1) for name, left in state.wounds[side].items()]}

    def outcome(self, game: Game) -> Outcome | None:
        state = state_of(game)
        if not game.is_over:
            return None
        scores = (state.scores[0], state.scores[1])
        winner = None if scores[0] == scores[1] else 0 if scores[0] > scores[1] else 1
        return Outcome(winner, scores, "the turns are over")


COIN = CoinRuleset()


class CoinRL(GameRL):
    """The minimal ``"rl"`` part: a few numbers by name, the decision kinds, an id."""

    env_name = "CoinDuelMinimal"
    numbers = ("turn", "scores")
    piece_numbers = ("wounds",)
    kinds = ("strike",)


RL = CoinRL()
#: The game without an ``"rl"`` part (the generic defaults).
BARE = GamePlugin(name="coinduel", title="Coin Duel", ruleset="tests.rl.coin_duel:COIN")
#: The same rules with the minimal part.
MINIMAL = GamePlugin(name="coinduel-minimal", title="Coin Duel, minimal",
                     ruleset="tests.rl.coin_duel:COIN", parts={"rl": "tests.rl.coin_duel:RL"})
