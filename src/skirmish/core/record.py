"""Game records: a header and the actions in text notation, as JSON Lines.

Line 1 is the header: ruleset, engine version, seed (or the forced dice), and the
full setup (every fighter's profile). Then one line per action
(``{"type": "action", "player": 0, "action": "move A.Yuri 32.5,18"}``), optionally
the events in full (``{"type": "event", ...}``), and last an ``end`` line with the
number of actions, the final state hash and the outcome. A game its table ended
(:meth:`Game.end`: a player out of time concedes) says so on its end line
(``"ended": "table"``, its outcome the table's): a re-play applies that outcome after
the actions, and the state hash still checks everything else.

A takeback is a line of its own among the actions, where it was made:
``{"type": "takeback", "player": 0, "to": 40}`` (player 0 took the game back to the
decision after the first 40 actions; the action lines before it stay, what was played is
kept). The re-play goes back there with the dice going on from the last draw
(:meth:`Game.take_back`); the end line counts the actions kept.

:func:`verify` re-plays a record and compares EVERY line with the line the engine
writes for the re-played game: the header, each action, each event, the end line,
and nothing after it. The first difference is a :class:`RecordMismatchError` with
its line number. Records are written atomically (:func:`write_atomically`): a crash
leaves either the previous file or the complete new one, never half a record.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skirmish.core.atomic import write_atomically
from skirmish.core.dice import Dice, dice_from_json
from skirmish.core.errors import IllegalActionError, RecordError, RecordMismatchError, SkirmishError
from skirmish.core.events import ActionEvent
from skirmish.core.fair_dice import (
    PENDING,
    FairDice,
    dice_of_record,
    end_of,
    header_of,
    install,
    settled,
)
from skirmish.core.game import ENGINE_VERSION, Game, play_entry, takeback_entry, takeback_of
from skirmish.core.ruleset import RULESETS, Outcome

#: The end line's ``ended`` of a game its table ended (:meth:`Game.end`).
ENDED_BY_TABLE = "table"


@dataclass(slots=True)
class Record:
    header: dict[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None
    #: The JSON Lines this record was read from (``None`` if built in memory), and where.
    text: str | None = field(default=None, compare=False, repr=False)
    source: str = field(default="record", compare=False, repr=False)

    @classmethod
    def of(cls, game: Game, *, events: bool = False) -> Record:
        """The record of a game so far (with every event in full when ``events``)."""
        if game.initial_dice.get("kind") == PENDING:  # over before its first die
            game = game.copy()
            install(game, settled(game.initial_dice))  # (core/fair_dice.py)
        first, dice = game.initial_dice, game.dice
        fair = first.get("kind") == "fair"
        header = {
            "type": "header",
            "ruleset": game.ruleset.name,
            "engine": ENGINE_VERSION,
            # fair dice: the commitments only; their reveals end the record (end_of)
            "dice": header_of(first) if fair else first,
            "seed": first.get("seed"),
            "setup": game.setup,
        }
        actions = game.entries()
        outcome = game.outcome()
        end = {
            "type": "end",
            "actions": len(game.history),
            "hash": game.state_hash(),
            "outcome": outcome.to_json() if outcome else None,
        }
        if game.ended is not None:
            end["ended"] = ENDED_BY_TABLE
        if fair and isinstance(dice, FairDice):
            end.update(end_of(dice))
        return cls(header, actions, [e.to_json() for e in game.log] if events else [], end)

    def objects(self) -> Iterator[dict[str, Any]]:
        """Each line's JSON object, in order."""
        yield self.header
        for player, action in self.actions:
            to = takeback_of(action)
            yield ({"type": "action", "player": player, "action": action} if to is None else
                   {"type": "takeback", "player": player, "to": to})
        for event in self.events:
            yield {"type": "event", **event}
        if self.end is not None:
            yield self.end

    def lines(self) -> Iterable[str]:
        for item in self.objects():
            # Action and takeback lines keep their field order (type, player, action or to);
            # the others sort keys.
            yield json.dumps(item, sort_keys=item.get("type") not in ("action", "takeback"))

    def to_jsonl(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def save(self, path: Path | str) -> None:
        """Write the record atomically (see :func:`write_atomically`)."""
        write_atomically(path, self.to_jsonl())

    @classmethod
    def from_jsonl(cls, text: str, *, source: str = "record") -> Record:
        """Read a record (lines of the wrong shape are a :class:`RecordMismatchError` with
        their line number). Reading checks the form only; :func:`verify` checks the content."""
        record: Record | None = None
        for number, line in enumerate(text.split("\n"), start=1):
            if not line.strip():
                continue
            item = _parse_line(line, number, source)
            kind = item.get("type")
            if record is None:
                if kind != "header":
                    raise RecordMismatchError(number, "the first line must be a header", source)
                record = cls(dict(item), text=text, source=source)
            elif kind == "action":
                player, action = item.get("player"), item.get("action")
                if type(player) is not int or not isinstance(action, str):
                    raise RecordMismatchError(
                        number, "an action line needs a whole number 'player' and a text "
                        f"'action', got {_show(player)} and {_show(action)}", source
                    )
                record.actions.append((player, action))
            elif kind == "takeback":
                player, to = item.get("player"), item.get("to")
                if type(player) is not int or type(to) is not int or to < 0:
                    raise RecordMismatchError(
                        number, "a takeback line needs a whole number 'player' and 'to', got "
                        f"{_show(player)} and {_show(to)}", source
                    )
                record.actions.append((player, takeback_entry(to)))
            elif kind == "event":
                record.events.append({k: v for k, v in item.items() if k != "type"})
            elif kind == "end":
                record.end = dict(item)
            else:
                raise RecordMismatchError(number, f"unknown line type {_show(kind)}", source)
        if record is None:
            raise RecordError(f"{source}: empty record")
        return record

    @classmethod
    def load(cls, path: Path | str) -> Record:
        return cls.from_jsonl(_read_text(path), source=str(path))

    def replay(self) -> Game:
        """Re-play the record from its header; an action that is illegal is a RecordError."""
        ruleset = RULESETS.get(str(self.header["ruleset"]))
        game = ruleset.new_game(self.header["setup"],
                                dice=first_dice(self.header["dice"], self.end))
        for index, (player, text) in enumerate(self.actions, start=1):
            if takeback_of(text) is not None:
                try:
                    play_entry(game, player, text)
                except IllegalActionError as exc:
                    raise RecordError(f"line {index} '{text}' is illegal: {exc}") from None
                continue
            if game.is_over:
                raise RecordError(f"action {index} '{text}': the game was already over")
            if game.decision().player != player:
                raise RecordError(
                    f"action {index} '{text}': recorded for player {player}, "
                    f"but player {game.decision().player} was deciding"
                )
            try:
                game.apply(text)
            except IllegalActionError as exc:
                raise RecordError(f"action {index} '{text}' is illegal: {exc}") from None
        if self.end is not None and self.end.get("ended") == ENDED_BY_TABLE and not game.is_over:
            try:
                game.end(Outcome.from_json(self.end.get("outcome")))
            except ValueError as exc:
                raise RecordError(f"end line: {exc}") from None
        return game


def verify(record: Record) -> Game:
    """Re-play a record and compare every line with the re-play (see :func:`verify_jsonl`).

    A record read from JSON Lines is checked as it was read, line by line (unless its
    fields were changed since); one built in memory is checked as it would be written."""
    text = record.text
    if text is None or Record.from_jsonl(text, source=record.source) != record:
        text = record.to_jsonl()
    return verify_jsonl(text, source=record.source)


def verify_file(path: Path | str) -> Game:
    """Verify the record in a file (see :func:`verify_jsonl`); returns the re-played game."""
    return verify_jsonl(_read_text(path), source=str(path))


def verify_jsonl(text: str, *, source: str = "record") -> Game:
    """Re-play a record and check that every line is the line the engine writes for the
    re-played game; returns the re-played game.

    In file order: line 1 is the header the engine writes for a game started from its
    ruleset, set-up and dice (engine version and seed included); each action line,
    re-played as it comes, must be legal for the player it names and read back as the
    same action text; after the actions come either no event lines or exactly the events
    of the re-played game, then exactly one end line (number of actions, state hash,
    outcome), then nothing. Lines are compared as JSON values with their types (``1`` is
    not ``1.0``, ``"1"`` nor ``true``); key order and spacing do not matter. Each line
    ends with a newline. The first difference raises :class:`RecordMismatchError`.
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if not lines:
        raise RecordMismatchError(1, "the record is empty", source)

    def read(number: int) -> dict[str, Any]:
        item = _parse_line(lines[number - 1], number, source)
        if number == len(lines) and not text.endswith("\n"):
            raise RecordMismatchError(
                number, "the last line has no newline at its end: the record was cut short",
                source,
            )
        return item

    def differs(number: int, what: str, recorded: Any, expected: Any) -> None:
        if _canonical(recorded) != _canonical(expected):
            raise RecordMismatchError(
                number, f"{what}: {_difference(recorded, expected)}", source
            )

    # Line 1: the header of a game started from its ruleset, set-up and dice.
    header = read(1)
    if header.get("type") != "header":
        raise RecordMismatchError(1, "the first line must be a header", source)
    # Fair dice: the end line's reveals, checked against the header's commitments first.
    dice = header.get("dice")
    end = read(len(lines)) if isinstance(dice, Mapping) and dice.get("kind") == "fair" \
        else None
    game = _start(header, source, end, len(lines))
    differs(1, "header", header, Record.of(game).header)

    # The action lines, re-played one by one.
    number = 2
    count = 0
    while number <= len(lines):
        item = read(number)
        if item.get("type") == "takeback":
            _take_back(game, item, number, source)
            number += 1
            continue
        if item.get("type") != "action":
            break
        count += 1
        player, action = item.get("player"), item.get("action")
        if type(player) is not int or not isinstance(action, str):
            raise RecordMismatchError(
                number, f"action {count}: 'player' must be a whole number and 'action' a "
                f"text, got {_show(player)} and {_show(action)}", source
            )
        if game.is_over:
            raise RecordMismatchError(
                number, f"action {count} {action!r}: the game was already over", source
            )
        deciding = game.decision().player
        if player != deciding:
            raise RecordMismatchError(
                number, f"action {count} {action!r}: recorded for player {player}, but player "
                f"{deciding} was deciding", source
            )
        at = len(game.log)
        try:
            game.apply(action)
        except SkirmishError as exc:
            raise RecordMismatchError(
                number, f"action {count} {action!r} does not re-play: {exc}", source
            ) from None
        event = game.log[at]
        assert isinstance(event, ActionEvent)
        differs(number, f"action {count}", item,
                {"type": "action", "player": event.player, "action": event.action})
        number += 1

    # A game its table ended (a clock ran out): the end line's outcome, applied as it was.
    last = _parse_line(lines[-1], len(lines), source)
    if last.get("type") == "end" and last.get("ended") == ENDED_BY_TABLE and not game.is_over:
        try:
            game.end(Outcome.from_json(last.get("outcome")))
        except ValueError as exc:
            raise RecordMismatchError(len(lines), f"end line: {exc}", source) from None

    # The events (all of them, or none), the end line, and nothing after it.
    with_events = number <= len(lines) and read(number).get("type") == "event"
    expected = Record.of(game, events=with_events)
    tail = list(expected.objects())[1 + len(expected.actions):]
    for index, want in enumerate(tail):
        if number > len(lines):
            what = "the end line" if index == len(tail) - 1 else f"event {index + 1}"
            raise RecordMismatchError(
                number, f"the record ends here: {what} is missing", source
            )
        item = read(number)
        what = "end line" if want.get("type") == "end" else f"event {index + 1}"
        if want.get("type") == item.get("type") == "end" and item.get("hash") != want.get("hash"):
            raise RecordMismatchError(
                number, f"end line: state hash differs after re-play: recorded "
                f"{_show(item.get('hash'))}, re-played {want.get('hash')}", source
            )
        if want.get("type") == item.get("type") == "end" and "dice" in want:
            _same_dice(item.get("dice"), want["dice"], number, source)
        differs(number, what, item, want)
        number += 1
    if number <= len(lines):
        item = read(number)
        what = "a second end line" if item.get("type") == "end" else "a line"
        raise RecordMismatchError(
            number, f"{what} after the end line (a record ends with its end line)", source
        )
    return game


# -- helpers ------------------------------------------------------------------------------
def _take_back(game: Game, item: Mapping[str, Any], number: int, source: str) -> None:
    """Re-play a takeback line (checked as the engine would write it)."""
    player, to = item.get("player"), item.get("to")
    if type(player) is not int or type(to) is not int:
        raise RecordMismatchError(number, "takeback: 'player' and 'to' must be whole numbers, "
                                  f"got {_show(player)} and {_show(to)}", source)
    expected = {"type": "takeback", "player": player, "to": to}
    if _canonical(item) != _canonical(expected):
        raise RecordMismatchError(number, f"takeback: {_difference(item, expected)}", source)
    try:
        play_entry(game, player, takeback_entry(to))
    except SkirmishError as exc:
        raise RecordMismatchError(number, f"takeback to {to} does not re-play: {exc}",
                                  source) from None


def _same_dice(recorded: Any, drawn: Mapping[str, Any], number: int, source: str) -> None:
    """The end line's dice (fair dice) are the ones the re-play drew: the first die that
    differs is named, with its number."""
    rolled = recorded.get("rolled") if isinstance(recorded, Mapping) else None
    if not isinstance(rolled, list):
        return  # the line-wide comparison names what is missing
    for index, (mine, theirs) in enumerate(zip(rolled, drawn["rolled"], strict=False),
                                           start=1):
        if _canonical(mine) != _canonical(theirs):
            raise RecordMismatchError(
                number, f"end line: die {index} is {_show(mine)}, but the key derived from "
                f"the reveals draws {_show(theirs)}", source)
    if len(rolled) != len(drawn["rolled"]):
        raise RecordMismatchError(
            number, f"end line: {len(rolled)} dice listed, the re-play drew "
            f"{len(drawn['rolled'])}", source)


def _read_text(path: Path | str) -> str:
    from skirmish.core.data_files import DataError, read_bytes

    try:
        data = read_bytes(path)
    except DataError as exc:
        raise RecordError(f"{path}: {exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise RecordMismatchError(line, "not UTF-8 text", str(path)) from None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _parse_line(line: str, number: int, source: str) -> dict[str, Any]:
    if not line.strip():
        raise RecordMismatchError(number, "an empty line", source)
    try:
        item = json.loads(
            line, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant
        )
    except json.JSONDecodeError as exc:
        raise RecordMismatchError(number, f"not JSON ({exc.msg})", source) from None
    except (ValueError, RecursionError) as exc:
        raise RecordMismatchError(number, f"not JSON ({exc})", source) from None
    if not isinstance(item, dict):
        raise RecordMismatchError(
            number, f"not a JSON object ({type(item).__name__})", source
        )
    return item


def first_dice(header_dice: Mapping[str, Any], end: Mapping[str, Any] | None) -> Dice:
    """The dice a record's game starts with: its header's, or for fair dice
    (core/fair_dice.py) the end line's reveals, checked against the header's commitments
    (a ValueError in one line when one does not match)."""
    if not isinstance(header_dice, Mapping):
        raise ValueError(f"header: 'dice' must be a JSON object, got {_show(header_dice)}")
    if header_dice.get("kind") == "fair":
        return dice_of_record(header_dice, end if isinstance(end, Mapping) else None)
    return dice_from_json(header_dice)


def _start(header: Mapping[str, Any], source: str, end: Mapping[str, Any] | None = None,
           last: int = 1) -> Game:
    """A game started from a record's header (and, for fair dice, its end line ``end``, line
    ``last``); anything wrong is a mismatch on line 1 (a reveal's: on the end line)."""
    try:
        ruleset = RULESETS.get(str(header.get("ruleset")))
    except KeyError as exc:
        raise RecordMismatchError(1, f"header: {exc.args[0]}", source) from None
    dice, setup = header.get("dice"), header.get("setup")
    if not isinstance(dice, Mapping) or not isinstance(setup, Mapping):
        raise RecordMismatchError(
            1, "header: 'dice' and 'setup' must be JSON objects", source
        )
    if dice.get("kind") == "fair":
        try:
            first = first_dice(dice, end)
        except ValueError as exc:
            text = str(exc)
            number = last if text.startswith("end line") else 1
            raise RecordMismatchError(number, text if number == last else f"header: {text}",
                                      source) from None
        try:
            return ruleset.new_game(setup, dice=first)
        except Exception as exc:  # any failure: the header cannot start a game
            raise RecordMismatchError(
                1, f"header: cannot start a game from it ({type(exc).__name__}: {exc})", source
            ) from None
    try:
        return ruleset.new_game(setup, dice=dice_from_json(dice))
    except Exception as exc:  # any failure: the header cannot start a game
        raise RecordMismatchError(
            1, f"header: cannot start a game from it ({type(exc).__name__}: {exc})", source
        ) from None


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _show(value: Any, limit: int = 80) -> str:
    try:
        text = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _difference(recorded: Any, expected: Any, path: str = "") -> str:
    """What differs between a recorded line and the line the re-play gives, in words: the
    first differing key (``type`` and ``kind`` first, then in sorted order, nested keys
    joined by dots)."""
    if isinstance(recorded, Mapping) and isinstance(expected, Mapping):
        keys = set(recorded) | set(expected)
        ordered = [k for k in ("type", "kind") if k in keys] + sorted(keys - {"type", "kind"})
        for key in ordered:
            name = f"{path}{key}"
            if key not in recorded:
                return f"{name!r} is missing (re-played {_show(expected[key])})"
            if key not in expected:
                return f"unexpected {name!r} (recorded {_show(recorded[key])})"
            if _canonical(recorded[key]) != _canonical(expected[key]):
                return _difference(recorded[key], expected[key], f"{name}.")
    if path:
        return f"{path[:-1]!r} differs: recorded {_show(recorded)}, re-played {_show(expected)}"
    return f"recorded {_show(recorded)}, re-played {_show(expected)}"
