"""Game records: a header and the actions in text notation, as JSON Lines.

Line 1 is the header: ruleset, engine version, seed (or the forced dice), and the
full setup (every fighter's profile). Then one line per action
(``{"type": "action", "player": 0, "action": "move A.Yuri 32.5,18"}``), optionally
the events in full (``{"type": "event", ...}``), and last an ``end`` line with the
final state hash and the outcome. Re-playing the actions from the header must
give the same hash; :func:`verify` checks it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skirmish.core.dice import dice_from_json
from skirmish.core.errors import IllegalActionError, RecordError
from skirmish.core.events import ActionEvent
from skirmish.core.game import ENGINE_VERSION, Game
from skirmish.core.ruleset import RULESETS


@dataclass(slots=True)
class Record:
    header: dict[str, Any]
    actions: list[tuple[int, str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None

    @classmethod
    def of(cls, game: Game, *, events: bool = False) -> Record:
        """The record of a game so far (with every event in full when ``events``)."""
        header = {
            "type": "header",
            "ruleset": game.ruleset.name,
            "engine": ENGINE_VERSION,
            "dice": game.initial_dice,
            "seed": game.initial_dice.get("seed"),
            "setup": game.setup,
        }
        actions = [(e.player, e.action) for e in game.log if isinstance(e, ActionEvent)]
        outcome = game.outcome()
        end = {
            "type": "end",
            "actions": len(game.history),
            "hash": game.state_hash(),
            "outcome": outcome.to_json() if outcome else None,
        }
        return cls(header, actions, [e.to_json() for e in game.log] if events else [], end)

    def lines(self) -> Iterable[str]:
        yield json.dumps(self.header, sort_keys=True)
        for player, action in self.actions:
            yield json.dumps({"type": "action", "player": player, "action": action})
        for event in self.events:
            yield json.dumps({"type": "event", **event}, sort_keys=True)
        if self.end is not None:
            yield json.dumps(self.end, sort_keys=True)

    def to_jsonl(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def save(self, path: Path | str) -> None:
        Path(path).write_text(self.to_jsonl(), encoding="utf-8")

    @classmethod
    def from_jsonl(cls, text: str, *, source: str = "record") -> Record:
        record: Record | None = None
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{source}, line {number}: not JSON ({exc.msg})") from None
            kind = item.get("type") if isinstance(item, Mapping) else None
            if number == 1 or record is None:
                if kind != "header":
                    raise RecordError(f"{source}, line {number}: the first line must be a header")
                record = cls(dict(item))
            elif kind == "action":
                record.actions.append((int(item["player"]), str(item["action"])))
            elif kind == "event":
                record.events.append({k: v for k, v in item.items() if k != "type"})
            elif kind == "end":
                record.end = dict(item)
            else:
                raise RecordError(f"{source}, line {number}: unknown line type {kind!r}")
        if record is None:
            raise RecordError(f"{source}: empty record")
        return record

    @classmethod
    def load(cls, path: Path | str) -> Record:
        return cls.from_jsonl(Path(path).read_text(encoding="utf-8"), source=str(path))

    def replay(self) -> Game:
        """Re-play the record from its header; an action that is illegal is a RecordError."""
        ruleset = RULESETS.get(str(self.header["ruleset"]))
        game = ruleset.new_game(self.header["setup"], dice=dice_from_json(self.header["dice"]))
        for index, (player, text) in enumerate(self.actions, start=1):
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
        return game


def verify(record: Record) -> Game:
    """Re-play and check the final state hash; returns the re-played game."""
    game = record.replay()
    if record.end is None:
        raise RecordError("the record has no end line with a state hash to verify")
    expected = record.end.get("hash")
    actual = game.state_hash()
    if expected != actual:
        raise RecordError(f"state hash differs after re-play: recorded {expected}, got {actual}")
    return game
