"""Moments of an Eden match, found by re-playing its record: ``ROUND`` or ``ROUND.ACTIVATION``.

- ``R`` (or ``R.0``): round R begins (Rulebook 4.B): the log's "round R begins". Nothing on
  the table changes before the round's first decision, the first-player bid.
- ``R.K``: the K-th activation of round R is over. Activations are counted as the log
  shows them begin (:class:`~skirmish.games.eden.events.ActivationEvent`, "X begins its
  activation"), in the order they begin, interrupts included; the K-th is over when its
  fighter's :class:`~skirmish.games.eden.fighting.fighter_actions.Activation` has left the stack
  (the player ended it, the fighter has nothing left to do, or it left the field). The moment
  is exact even when the same action goes on to end the round (the intendancy's burns are
  not yet on the table): the last action is re-played step by step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from skirmish.core.dice import dice_from_json
from skirmish.core.errors import IllegalActionError, RecordError
from skirmish.core.events import ActionEvent, NoteEvent
from skirmish.core.game import Game, takeback_of
from skirmish.core.record import Record, first_dice
from skirmish.core.ruleset import RULESETS
from skirmish.games.eden.events import ActivationEvent
from skirmish.games.eden.fighting.fighter_actions import Activation

_ROUND_BEGINS = re.compile(r"round (\d+) begins")
_MOMENT = re.compile(r"\s*(\d{1,4})(?:\.(\d{1,4}))?\s*")


@dataclass(frozen=True, slots=True)
class Moment:
    """Round ``round`` as it begins (``activation`` 0), or once its ``activation``-th
    activation is over."""

    round: int
    activation: int = 0

    def __str__(self) -> str:
        return f"{self.round}.{self.activation}" if self.activation else str(self.round)

    def describe(self) -> str:
        if self.activation:
            return f"round {self.round}, after activation {self.activation}"
        return f"round {self.round} begins"


def parse_moment(text: str) -> Moment:
    """``"3"`` or ``"3.2"``; anything else is a ValueError saying what is expected."""
    match = _MOMENT.fullmatch(text)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"--table-at: expected ROUND or ROUND.ACTIVATION (e.g. 2 or 2.3, "
                         f"round 1 or more), got {text!r}")
    return Moment(int(match.group(1)), int(match.group(2) or 0))


@dataclass(slots=True)
class _Clock:
    """Rounds begun and activations begun per round, read from a growing log."""

    seen: int = 0
    round: int = 0
    activations: dict[int, int] = field(default_factory=dict)

    def read(self, game: Game) -> None:
        for event in game.log[self.seen:]:
            if isinstance(event, NoteEvent):
                match = _ROUND_BEGINS.fullmatch(event.message)
                if match:
                    self.round = int(match.group(1))
            elif isinstance(event, ActivationEvent):
                self.activations[self.round] = self.activations.get(self.round, 0) + 1
        self.seen = len(game.log)

    def copy(self) -> _Clock:
        return _Clock(self.seen, self.round, dict(self.activations))

    def reached(self, game: Game, moment: Moment) -> bool:
        if self.round < moment.round:
            return False
        if not moment.activation:
            return True
        if self.round > moment.round:
            return True  # the round is over: reached, or out of range (see _check)
        if self.activations.get(moment.round, 0) < moment.activation:
            return False
        return not any(isinstance(p, Activation) for p in game.stack)

    def check(self, moment: Moment, source: str) -> None:
        """Out of range once the moment has passed without being there."""
        if self.round < moment.round:
            return
        count = self.activations.get(moment.round, 0)
        if moment.activation > count:
            raise ValueError(
                f"{source}: round {moment.round} has {count} activation"
                f"{'' if count == 1 else 's'}" + (f" ({moment.round}.1 to {moment.round}."
                                                  f"{count})" if count else "")
                + f", not {moment.activation}")


def _start(record: Record) -> Game:
    ruleset = RULESETS.get(str(record.header["ruleset"]))
    if ruleset.name != "eden":
        raise ValueError(f"{record.source}: a {ruleset.name} record has no Eden rounds")
    # fair dice (docs/dice.md): the reveals on the end line
    return ruleset.new_game(record.header["setup"],
                            dice=first_dice(record.header["dice"], record.end))


def _step_until(game: Game, text: str, clock: _Clock, moment: Moment) -> Game:
    """Apply ``text`` one automatic step at a time and stop once ``moment`` is reached.
    The game may be left between two steps: draw it, never play on with it."""
    action = game.check(text)
    if game.resumes and len(game.history) in game.resumes:  # after a takeback (Game.apply)
        game.dice = dice_from_json(game.resumes[len(game.history)])
    game.history.append(action)
    game.log.append(ActionEvent(player=game.decision().player, action=str(action)))
    game.stack[-1].apply(game, action)
    while True:
        clock.read(game)
        if clock.reached(game, moment) or not game.stack:
            return game
        if game.stack[-1].decision(game) is not None:
            return game
        game.stack[-1].run(game)


def game_at(record: Record, moment: Moment) -> Game:
    """The record re-played up to ``moment`` (see the module's description). A moment the
    record never reaches is a ValueError naming the record and what it holds."""
    game = _start(record)
    actions = record.actions
    if any(takeback_of(text) is not None for _, text in actions):
        # a record with takebacks (docs/web.md): the moment of the game as finally played,
        # its kept actions re-played with the dice where they went on
        final = record.replay()
        game.resumes = final.resumes
        actions = [(e.player, e.action) for e in final.log if isinstance(e, ActionEvent)]
    clock = _Clock()
    clock.read(game)
    if clock.reached(game, moment):
        clock.check(moment, record.source)
        return game
    for index, (player, text) in enumerate(actions, start=1):
        if game.is_over:
            raise RecordError(f"action {index} '{text}': the game was already over")
        if game.decision().player != player:
            raise RecordError(f"action {index} '{text}': recorded for player {player}, "
                              f"but player {game.decision().player} was deciding")
        before, was = game.copy(), clock.copy()
        try:
            game.apply(text)
        except IllegalActionError as exc:
            raise RecordError(f"action {index} '{text}' is illegal: {exc}") from None
        clock.read(game)
        if clock.reached(game, moment) or game.is_over:
            clock.check(moment, record.source)
            if clock.round < moment.round:
                break
            return _step_until(before, text, was, moment)
    if clock.round < moment.round:
        played = (f"rounds 1 to {clock.round}" if clock.round > 1 else
                  "round 1" if clock.round else "no round")
        raise ValueError(f"{record.source}: round {moment.round} never begins (the record "
                         f"holds {played})")
    count = clock.activations.get(moment.round, 0)
    raise ValueError(f"{record.source}: the record ends in round {moment.round} after "
                     f"{count} activation{'' if count == 1 else 's'}, before "
                     f"{moment.round}.{moment.activation} is over")


def round_starts(game: Game) -> list[tuple[int, Game]]:
    """The game re-played from its set-up, a copy as each round begins (at its first
    decision: nothing has changed on the table since), in order."""
    replay = game.replayed([])
    clock = _Clock()
    out: list[tuple[int, Game]] = []
    clock.read(replay)
    if clock.round:
        out.append((clock.round, replay.copy()))
    for action in game.history:
        replay.apply(action)
        last = clock.round
        clock.read(replay)
        if clock.round != last:
            out.append((clock.round, replay.copy()))
    return out
