"""A tiny ruleset made only for kernel tests: "Dice race".

Each player secretly picks a number 0-3 (the higher pick starts; ties: A starts);
then players take turns: ``step N`` moves their runner N (1-3) cm along a line, or
``roll`` moves it by a die. First past 10 wins. It exercises secret decisions,
dice, points in notation, and the stack, without any Eden rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from skirmish.core import (
    RULESETS,
    Action,
    ActionSet,
    Decision,
    Dice,
    Game,
    IllegalActionError,
    Outcome,
    Pass,
    Point,
    Procedure,
    SeededDice,
)
from skirmish.core.dice import fresh_seed
from skirmish.core.events import Event, NoteEvent

TOY_ACTIONS = ActionSet("toy", [Pass])


@TOY_ACTIONS
@dataclass(frozen=True, slots=True)
class Pick(Action):
    verb: ClassVar[str] = "pick"
    number: int


@TOY_ACTIONS
@dataclass(frozen=True, slots=True)
class Step(Action):
    verb: ClassVar[str] = "step"
    cm: int


@TOY_ACTIONS
@dataclass(frozen=True, slots=True)
class RollDie(Action):
    verb: ClassVar[str] = "roll"


@TOY_ACTIONS
@dataclass(frozen=True, slots=True)
class Flag(Action):
    verb: ClassVar[str] = "flag"
    at: Point


@dataclass(frozen=True, slots=True)
class PickEvent(Event):
    kind: ClassVar[str] = "toy.pick"
    player: int = 0
    number: int = 0


class ToyState:
    def __init__(self) -> None:
        self.picks: list[int | None] = [None, None]
        self.position = [0.0, 0.0]
        self.turn = 0
        self.flags: list[list[float]] = []

    def clone(self) -> ToyState:
        other = ToyState()
        other.picks = list(self.picks)
        other.position = list(self.position)
        other.turn = self.turn
        other.flags = [list(f) for f in self.flags]
        return other

    def to_json(self) -> dict[str, Any]:
        return {"picks": self.picks, "position": self.position, "turn": self.turn,
                "flags": self.flags}


@dataclass(slots=True)
class Picks(Procedure):
    """Toy rule 1: secret picks."""

    name: ClassVar[str] = "toy.picks"

    def decision(self, game: Game) -> Decision | None:
        state: ToyState = game.state  # type: ignore[assignment]
        for player in (0, 1):
            if state.picks[player] is None:
                return Decision(player, "secret-pick", "pick 0-3")
        return None

    def legal_actions(self, game: Game) -> list[Action]:
        return [Pick(n) for n in range(4)]

    def apply(self, game: Game, action: Action) -> None:
        assert isinstance(action, Pick)
        state: ToyState = game.state  # type: ignore[assignment]
        player = self.decision(game).player  # type: ignore[union-attr]
        state.picks[player] = action.number
        game.emit(PickEvent(player=player, number=action.number, audience=(player,)))

    def run(self, game: Game) -> None:
        state: ToyState = game.state  # type: ignore[assignment]
        a, b = state.picks
        state.turn = 1 if (b or 0) > (a or 0) else 0
        game.pop()
        game.push(Race())


@dataclass(slots=True)
class Race(Procedure):
    """Toy rule 2: steps, rolls and flags until someone passes 10."""

    name: ClassVar[str] = "toy.race"
    moves: list[str] = field(default_factory=list)

    def decision(self, game: Game) -> Decision | None:
        state: ToyState = game.state  # type: ignore[assignment]
        if max(state.position) > 10:
            return None
        return Decision(state.turn, "move", "step 1-3, roll, or flag x,y")

    def legal_actions(self, game: Game) -> list[Action]:
        return [Step(1), Step(2), Step(3), RollDie(), Flag(Point(1.5, 2.0))]

    def check(self, game: Game, action: Action) -> None:
        if isinstance(action, Step) and not 1 <= action.cm <= 3:
            raise IllegalActionError(f"cannot step {action.cm}", "Toy rule 2: 1 to 3 cm")
        if isinstance(action, Flag) and not (0 <= action.at.x <= 10 and 0 <= action.at.y <= 10):
            raise IllegalActionError("flag off the board", "Toy rule 2: flags inside 10x10")
        if not isinstance(action, Step | RollDie | Flag):
            raise IllegalActionError(f"'{action}' is not a race move", "Toy rule 2")

    def apply(self, game: Game, action: Action) -> None:
        state: ToyState = game.state  # type: ignore[assignment]
        if isinstance(action, Step):
            state.position[state.turn] += action.cm
        elif isinstance(action, RollDie):
            state.position[state.turn] += game.dice.d6()
        elif isinstance(action, Flag):
            state.flags.append([action.at.x, action.at.y])
        self.moves.append(str(action))
        game.emit(NoteEvent(message=f"{'AB'[state.turn]} at {state.position[state.turn]}"))
        state.turn = 1 - state.turn

    def run(self, game: Game) -> None:
        game.pop()


class ToyRuleset:
    name = "toy"
    actions = TOY_ACTIONS

    def new_game(
        self, setup: Mapping[str, Any], *, seed: int | None = None, dice: Dice | None = None
    ) -> Game:
        dice = dice or SeededDice(fresh_seed() if seed is None else seed)
        game = Game(self, ToyState(), dict(setup), dice, [Picks()])
        game.advance()
        return game

    def state_from_json(self, data: Mapping[str, Any], setup: Mapping[str, Any]) -> ToyState:
        state = ToyState()
        state.picks = list(data["picks"])
        state.position = list(data["position"])
        state.turn = data["turn"]
        state.flags = [list(f) for f in data["flags"]]
        return state

    def view(self, game: Game, player: int) -> dict[str, Any]:
        state: ToyState = game.state  # type: ignore[assignment]
        return {"position": list(state.position), "my_pick": state.picks[player]}

    def outcome(self, game: Game) -> Outcome | None:
        state: ToyState = game.state  # type: ignore[assignment]
        winner = 0 if state.position[0] > state.position[1] else 1
        return Outcome(winner, (int(state.position[0]), int(state.position[1])), "first past 10")


TOY = ToyRuleset()
RULESETS.register(TOY)
