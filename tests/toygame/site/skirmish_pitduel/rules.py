"""Pit Duel's rules: the whole rulebook is this docstring, each rule numbered.

1. Each player has a band of fighters (the set-up's ``bands``; by default three each),
   every fighter with the same number of wounds (``wounds``, 2).
2. The match lasts ``rounds`` rounds (6). In each round one player attacks: player A in
   rounds 1, 3, 5 ..., player B in the others.
3. Guard (the hidden choice): the defender first guards one of his standing fighters
   (``guard B.Eve``), in secret: the attacker does not learn which until his strike is
   rolled.
4. Strike: the attacker names one of his standing fighters and an enemy standing fighter,
   ``strike A.Ash B.Eve``.
5. The roll: one six-sided die; the strike hits on 5+ against the guarded fighter, on 3+
   against any other. A hit takes a wound; a fighter with no wound left is out.
6. End: the match ends when a band has no standing fighter (that band loses) or after the
   last round. Each player scores the wounds his band dealt; the higher score wins, equal
   scores are a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from skirmish.core.actions import Action, ActionSet, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.dice import Dice, SeededDice, fresh_seed
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import Event
from skirmish.core.game import Game
from skirmish.core.observation import HIDDEN
from skirmish.core.procedure import Procedure
from skirmish.core.ruleset import Outcome

NAME = "pitduel"
DEFAULT_BANDS = (("Ash", "Brand", "Cole"), ("Dane", "Eve", "Fitz"))
ACTIONS = ActionSet(NAME, [Pass])


@ACTIONS
@dataclass(frozen=True, slots=True)
class Guard(Action):
    """Rule 3: the defender guards one of his fighters, in secret."""

    verb: ClassVar[str] = "guard"
    fighter: Ref


@ACTIONS
@dataclass(frozen=True, slots=True)
class Strike(Action):
    """Rule 4: the attacker's fighter strikes an enemy fighter."""

    verb: ClassVar[str] = "strike"
    fighter: Ref
    target: Ref


@dataclass(frozen=True, slots=True)
class Guarded(Event):
    """Rule 3: only the defender is told which fighter he guards."""

    kind: ClassVar[str] = "pitduel.guard"
    fighter: str = ""

    def text(self) -> str:
        return f"{self.fighter} is on guard"


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """Rule 5: the strike's roll, and what it did (the guard is revealed now)."""

    kind: ClassVar[str] = "pitduel.strike"
    fighter: str = ""
    target: str = ""
    guarded: str = ""
    roll: int = 0
    needed: int = 0
    hit: bool = False
    out: bool = False

    def text(self) -> str:
        result = "hits" if self.hit else "misses"
        taken = f", {self.target} is out" if self.out else ""
        return (f"{self.fighter} strikes {self.target} ({self.guarded} on guard): "
                f"{self.roll} for {self.needed}+, {result}{taken}")


class DuelState:
    """The table: each fighter's wounds left (by side, by name), the round, the hidden
    guard, and the scores."""

    __slots__ = ("guard", "round", "rounds", "scores", "wounds")

    def __init__(self, wounds: list[dict[str, int]], rounds: int) -> None:
        self.wounds = wounds
        self.rounds = rounds
        self.round = 1
        self.guard: str | None = None
        self.scores = [0, 0]

    def clone(self) -> DuelState:
        other = DuelState([dict(side) for side in self.wounds], self.rounds)
        other.round, other.guard, other.scores = self.round, self.guard, list(self.scores)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"wounds": [dict(side) for side in self.wounds], "rounds": self.rounds,
                "round": self.round, "guard": self.guard, "scores": list(self.scores)}

    @property
    def attacker(self) -> int:
        """Rule 2: A attacks in odd rounds, B in even ones."""
        return (self.round - 1) % 2

    def standing(self, side: int) -> list[Ref]:
        return [Ref.of(side, name) for name, left in self.wounds[side].items() if left > 0]

    @property
    def over(self) -> bool:
        """Rule 6."""
        return self.round > self.rounds or not self.standing(0) or not self.standing(1)


def state_of(game: Game) -> DuelState:
    state = game.state
    assert isinstance(state, DuelState)
    return state


@dataclass(slots=True)
class Round(Procedure):
    """Pit Duel rules 3-5: a guard, a strike, a roll."""

    name: ClassVar[str] = "pitduel.round"

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if state.over:
            return None
        if state.guard is None:
            return Decision(1 - state.attacker, "secret-guard", "guard one of your fighters")
        return Decision(state.attacker, "strike", "strike with one fighter at another")

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        if state.over:
            return []
        attacker = state.attacker
        if state.guard is None:
            return [Guard(ref) for ref in state.standing(1 - attacker)]
        return [Strike(mine, theirs) for mine in state.standing(attacker)
                for theirs in state.standing(1 - attacker)]

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            rule = "Pit Duel 3" if state_of(game).guard is None else "Pit Duel 4"
            raise IllegalActionError(f"'{action}' is not allowed now: a standing fighter of "
                                     "the right side is needed", rule)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Guard):
            state.guard = str(action.fighter)
            game.emit(Guarded(fighter=state.guard, audience=(1 - state.attacker,)))
            return
        assert isinstance(action, Strike) and state.guard is not None
        target = action.target
        needed = 5 if str(target) == state.guard else 3
        roll = game.dice.d6()
        hit = roll >= needed
        if hit:
            state.wounds[target.side][target.key] -= 1
            state.scores[state.attacker] += 1
        out = state.wounds[target.side][target.key] == 0
        game.emit(Struck(fighter=str(action.fighter), target=str(target),
                         guarded=state.guard, roll=roll, needed=needed, hit=hit,
                         out=hit and out))
        state.guard = None
        state.round += 1

    def run(self, game: Game) -> None:
        game.pop()


def _bands(setup: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    bands = setup.get("bands", DEFAULT_BANDS)
    if not (isinstance(bands, list | tuple) and len(bands) == 2
            and all(isinstance(b, list | tuple) and b and all(
                isinstance(n, str) and n.isidentifier() for n in b) for b in bands)):
        raise ValueError("set-up field 'bands': two lists of fighter names (one word each)")
    return tuple(bands[0]), tuple(bands[1])


def _number(setup: Mapping[str, Any], field: str, default: int, low: int, high: int) -> int:
    value = setup.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"set-up field {field!r}: a whole number from {low} to {high}")
    return value


class DuelRuleset:
    """Pit Duel for the kernel (:class:`skirmish.core.ruleset.Ruleset`), with the
    observation hooks (:mod:`skirmish.core.observation`) and a picture."""

    name = NAME
    actions = ACTIONS

    def new_game(self, setup: Mapping[str, Any], *, seed: int | None = None,
                 dice: Dice | None = None) -> Game:
        bands = _bands(setup)
        wounds = _number(setup, "wounds", 2, 1, 9)
        rounds = _number(setup, "rounds", 6, 1, 99)
        full = {"bands": [list(b) for b in bands], "wounds": wounds, "rounds": rounds}
        state = DuelState([{name: wounds for name in band} for band in bands], rounds)
        dice = dice or SeededDice(fresh_seed() if seed is None else seed)
        game = Game(self, state, full, dice, [Round()])
        game.advance()
        return game

    def state_from_json(self, data: Mapping[str, Any], setup: Mapping[str, Any]) -> DuelState:
        state = DuelState([dict(side) for side in data["wounds"]], int(data["rounds"]))
        state.round, state.guard = int(data["round"]), data["guard"]
        state.scores = list(data["scores"])
        return state

    def view(self, game: Game, player: int | None) -> dict[str, Any]:
        """Rule 3: the guard is known to the defender only."""
        state = state_of(game)
        defender = 1 - state.attacker
        guard = state.guard if player == defender or state.guard is None else HIDDEN
        return {"ruleset": NAME, "player": player, "round": min(state.round, state.rounds),
                "rounds": state.rounds, "attacker": state.attacker, "guard": guard,
                "scores": list(state.scores),
                "fighters": [{"ref": str(Ref.of(side, name)), "side": side, "name": name,
                              "wounds": left, "on_field": left > 0}
                             for side in (0, 1) for name, left in state.wounds[side].items()]}

    def outcome(self, game: Game) -> Outcome | None:
        """Rule 6."""
        state = state_of(game)
        if not game.is_over:
            return None
        scores = (state.scores[0], state.scores[1])
        for side in (0, 1):
            if not state.standing(side):
                return Outcome(1 - side, scores, f"band {'AB'[side]} has no standing fighter")
        if scores[0] == scores[1]:
            return Outcome(None, scores, "equal scores: a draw")
        return Outcome(0 if scores[0] > scores[1] else 1, scores, "more wounds dealt")

    # -- observations (skirmish.core.observation) ---------------------------------------
    def redact(self, game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
        """Rule 3: the attacker does not know the guard."""
        state = state_of(game)
        if state.guard is not None and player == state.attacker:
            snapshot["state"]["guard"] = HIDDEN
        return snapshot

    def fill(self, game: Game, player: int, rng: Dice) -> None:
        """A guard the attacker cannot see: any standing fighter of the defender."""
        state = state_of(game)
        if state.guard == HIDDEN:
            standing = state.standing(1 - state.attacker)
            state.guard = str(standing[rng.below(len(standing))])

    def picture(self, state: object) -> str | None:
        """The bands side by side as an SVG: each fighter a circle, its wounds written."""
        if not isinstance(state, DuelState):
            return None
        parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120">']
        for side in (0, 1):
            for row, (name, left) in enumerate(state.wounds[side].items()):
                x, y = 50 + 100 * side, 20 + 30 * row
                fill = "#888" if left == 0 else ("#36c" if side == 0 else "#c33")
                parts.append(f'<circle cx="{x}" cy="{y}" r="10" fill="{fill}"/>'
                             f'<text x="{x + 14}" y="{y + 4}" font-size="9">{name} '
                             f'{left}</text>')
        parts.append("</svg>")
        return "".join(parts)


DUEL = DuelRuleset()
