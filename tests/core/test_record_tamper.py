"""Tamper-evident records: verification re-plays a record and compares EVERY line.

The corpus is made here from a real short Eden match (the demo set-up, a fixed seed,
random agents): each case tampers with one thing and must be reported at its line.
Records are written atomically: a failure while writing leaves no half-written file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import IO

import pytest

from skirmish.core import (
    Game,
    RandomAgent,
    Record,
    RecordError,
    RecordMismatchError,
    play,
    verify,
    verify_file,
    verify_jsonl,
)
from skirmish.core.atomic import write_atomically
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup

SEED = 3


@cache
def match(seed: int = SEED) -> Game:
    game = EDEN.new_game(demo_setup(max_rounds=1), seed=seed)
    play(game, [RandomAgent(seed), RandomAgent(seed + 1)])
    return game


@cache
def record_text(seed: int = SEED, events: bool = True) -> str:
    return Record.of(match(seed), events=events).to_jsonl()


def lines() -> list[str]:
    return record_text().split("\n")[:-1]


def objects() -> list[dict[str, object]]:
    return [json.loads(line) for line in lines()]


def text_of(items: list[dict[str, object]] | list[str]) -> str:
    return "".join((i if isinstance(i, str) else json.dumps(i)) + "\n" for i in items)


def numbers(kind: str) -> list[int]:
    """The 1-based line numbers of the lines of one type (header, action, event, end)."""
    return [n for n, item in enumerate(objects(), start=1) if item["type"] == kind]


def mismatch(text: str) -> RecordMismatchError:
    with pytest.raises(RecordMismatchError) as caught:
        verify_jsonl(text, source="game.jsonl")
    error = caught.value
    assert str(error).startswith(f"game.jsonl, line {error.line}: ")
    assert "\n" not in str(error)
    return error


def test_the_untampered_record_verifies_with_or_without_events() -> None:
    game = match()
    assert game.is_over and any(o["type"] == "event" and o["kind"] == "roll" for o in objects())
    assert verify_jsonl(record_text()).state_hash() == game.state_hash()
    assert verify_jsonl(record_text(events=False)).state_hash() == game.state_hash()
    assert verify(Record.from_jsonl(record_text())).state_hash() == game.state_hash()
    assert verify(Record.of(game, events=True)).state_hash() == game.state_hash()
    # Key order and spacing are not part of a line's content.
    spaced = text_of([json.dumps(o, sort_keys=False, indent=None, separators=(" , ", " : "))
                      for o in reversed_keys(objects())])
    assert verify_jsonl(spaced).state_hash() == game.state_hash()


def reversed_keys(items: list[dict[str, object]]) -> list[dict[str, object]]:
    return [dict(reversed(list(item.items()))) for item in items]


# -- the corpus: one tampering per case, and the line it must be reported at ---------------

def forged_winner() -> tuple[str, int, str]:
    items = objects()
    end = items[-1]
    outcome = dict(end["outcome"])  # type: ignore[call-overload]
    outcome["winner"] = 0 if outcome["winner"] is None else 1 - outcome["winner"]
    end["outcome"] = outcome
    return text_of(items), len(items), "'outcome.winner' differs"


def forged_score() -> tuple[str, int, str]:
    items = objects()
    outcome = dict(items[-1]["outcome"])  # type: ignore[call-overload]
    outcome["scores"] = [outcome["scores"][0] + 3, outcome["scores"][1]]
    items[-1]["outcome"] = outcome
    return text_of(items), len(items), "'outcome.scores' differs"


def wrong_action_count() -> tuple[str, int, str]:
    items = objects()
    items[-1]["actions"] = int(items[-1]["actions"]) + 1  # type: ignore[call-overload]
    return text_of(items), len(items), "'actions' differs"


def edited_die_face() -> tuple[str, int, str]:
    items = objects()
    line = next(n for n in numbers("event") if items[n - 1]["kind"] == "roll"
                and items[n - 1]["faces"] and isinstance(items[n - 1]["faces"][0], int))  # type: ignore[index]
    faces = list(items[line - 1]["faces"])  # type: ignore[call-overload]
    faces[0] = 6 if faces[0] != 6 else 1
    items[line - 1]["faces"] = faces
    return text_of(items), line, "'faces' differs"


def deleted_event() -> tuple[str, int, str]:
    all_lines = lines()
    events = numbers("event")
    line = next(n for n in events[len(events) // 2:] if all_lines[n - 1] != all_lines[n])
    del all_lines[line - 1]
    return text_of(all_lines), line, "event"


def injected_event() -> tuple[str, int, str]:
    all_lines = lines()
    events = numbers("event")
    line = events[len(events) // 2]
    intruder = next(all_lines[n - 1] for n in events if all_lines[n - 1] != all_lines[line - 1])
    all_lines.insert(line - 1, intruder)
    return text_of(all_lines), line, "event"


def events_of_another_game() -> tuple[str, int, str]:
    ours = lines()
    other = record_text(seed=SEED + 1).split("\n")[:-1]
    theirs = [line for line in other if json.loads(line)["type"] == "event"]
    first = numbers("event")[0]
    spliced = ours[: first - 1] + theirs + [ours[-1]]
    line = next(n for n, (a, b) in enumerate(zip(spliced, ours, strict=False), start=1)
                if json.loads(a) != json.loads(b))
    assert line >= first
    return text_of(spliced), line, "event"


def changed_header_seed() -> tuple[str, int, str]:
    items = objects()
    items[0]["seed"] = int(items[0]["seed"]) + 1  # type: ignore[call-overload]
    return text_of(items), 1, "header: 'seed' differs"


def changed_engine_version() -> tuple[str, int, str]:
    items = objects()
    items[0]["engine"] = "0.0.9"
    return text_of(items), 1, "header: 'engine' differs"


def duplicate_end_line() -> tuple[str, int, str]:
    all_lines = lines()
    return text_of([*all_lines, all_lines[-1]]), len(all_lines) + 1, "a second end line"


def truncated_mid_line() -> tuple[str, int, str]:
    text = record_text()
    cut = text[: len(text) - 40]
    return cut, cut.count("\n") + 1, "not JSON"


def truncated_at_a_line() -> tuple[str, int, str]:
    all_lines = lines()
    return text_of(all_lines[:-5]), len(all_lines) - 4, "the record ends here"


def no_final_newline() -> tuple[str, int, str]:
    return record_text()[:-1], len(lines()), "cut short"


def non_json_line() -> tuple[str, int, str]:
    all_lines = lines()
    line = numbers("action")[3]
    all_lines[line - 1] = all_lines[line - 1][:-1] + ",}"
    return text_of(all_lines), line, "not JSON"


def wrong_type_for_a_player() -> tuple[str, int, str]:
    items = objects()
    line = numbers("action")[2]
    items[line - 1]["player"] = str(items[line - 1]["player"])
    return text_of(items), line, "'player' must be a whole number"


def bool_for_a_player() -> tuple[str, int, str]:
    items = objects()
    line = numbers("action")[1]
    items[line - 1]["player"] = bool(items[line - 1]["player"])
    return text_of(items), line, "'player' must be a whole number"


def wrong_type_for_the_count() -> tuple[str, int, str]:
    items = objects()
    items[-1]["actions"] = str(items[-1]["actions"])
    return text_of(items), len(items), "'actions' differs"


def float_for_an_event_field() -> tuple[str, int, str]:
    items = objects()
    line = next(n for n in numbers("event") if isinstance(items[n - 1].get("player"), int))
    items[line - 1]["player"] = float(items[line - 1]["player"])  # type: ignore[arg-type]
    return text_of(items), line, "'player' differs"


def action_for_the_wrong_player() -> tuple[str, int, str]:
    items = objects()
    line = numbers("action")[0]
    items[line - 1]["player"] = 1 - int(items[line - 1]["player"])  # type: ignore[call-overload]
    return text_of(items), line, "was deciding"


def edited_action() -> tuple[str, int, str]:
    items = objects()
    line = numbers("action")[0]
    items[line - 1]["action"] = "bid 99"
    return text_of(items), line, "does not re-play"


def action_text_not_as_the_engine_writes_it() -> tuple[str, int, str]:
    items = objects()
    line = next(n for n in numbers("action") if str(items[n - 1]["action"]).startswith("bid "))
    items[line - 1]["action"] = str(items[line - 1]["action"]).replace("bid ", "bid 0")
    return text_of(items), line, "'action' differs"


def a_changed_hash() -> tuple[str, int, str]:
    items = objects()
    items[-1]["hash"] = "0" * 64
    return text_of(items), len(items), "state hash differs"


def an_extra_field() -> tuple[str, int, str]:
    items = objects()
    line = numbers("event")[4]
    items[line - 1]["forged"] = True
    return text_of(items), line, "unexpected 'forged'"


def a_duplicated_key() -> tuple[str, int, str]:
    all_lines = lines()
    line = numbers("action")[0]
    all_lines[line - 1] = all_lines[line - 1][:-1] + ', "player": 1}'
    return text_of(all_lines), line, "appears twice"


def a_blank_line() -> tuple[str, int, str]:
    all_lines = lines()
    all_lines.insert(5, "")
    return text_of(all_lines), 6, "an empty line"


def nan_in_a_line() -> tuple[str, int, str]:
    all_lines = lines()
    all_lines[-1] = all_lines[-1].replace('"actions": ', '"actions": NaN, "x": ')
    return text_of(all_lines), len(all_lines), "NaN is not a JSON value"


def seed_and_dice_both_changed() -> tuple[str, int, str]:
    # A consistent header for another seed: the first line that the new dice change.
    items = objects()
    seed = int(items[0]["seed"]) + 1  # type: ignore[call-overload]
    items[0]["seed"] = seed
    items[0]["dice"] = {**items[0]["dice"], "seed": seed}  # type: ignore[dict-item]
    expected = EDEN.new_game(demo_setup(max_rounds=1), seed=seed)
    assert expected  # the header itself is now consistent: the difference comes later
    with pytest.raises(RecordMismatchError) as caught:
        verify_jsonl(text_of(items))
    assert caught.value.line > 1
    return text_of(items), caught.value.line, ""


CASES: dict[str, Callable[[], tuple[str, int, str]]] = {
    f.__name__: f
    for f in (
        forged_winner, forged_score, wrong_action_count, edited_die_face, deleted_event,
        injected_event, events_of_another_game, changed_header_seed, changed_engine_version,
        duplicate_end_line, truncated_mid_line, truncated_at_a_line, no_final_newline,
        non_json_line, wrong_type_for_a_player, bool_for_a_player, wrong_type_for_the_count,
        float_for_an_event_field, action_for_the_wrong_player, edited_action,
        action_text_not_as_the_engine_writes_it, a_changed_hash, an_extra_field,
        a_duplicated_key, a_blank_line, nan_in_a_line, seed_and_dice_both_changed,
    )
}


@pytest.mark.parametrize("case", CASES)
def test_a_tampered_record_is_reported_at_its_line(case: str) -> None:
    text, line, words = CASES[case]()
    assert text != record_text()
    error = mismatch(text)
    assert error.line == line, str(error)
    assert words in error.message, str(error)


def test_the_line_numbers_are_the_files(tmp_path: Path) -> None:
    text, line, _ = edited_die_face()
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordMismatchError) as caught:
        verify_file(path)
    assert caught.value.line == line and caught.value.source == str(path)
    edited = path.read_text(encoding="utf-8").split("\n")[line - 1]
    assert json.loads(edited)["kind"] == "roll"
    # Record.load + verify checks the same text, line by line.
    with pytest.raises(RecordMismatchError) as again:
        verify(Record.load(path))
    assert again.value.line == line


def test_a_record_changed_in_memory_is_verified_as_it_now_is() -> None:
    record = Record.from_jsonl(record_text())
    assert record.end is not None
    record.end = {**record.end, "actions": 0}
    with pytest.raises(RecordMismatchError, match="'actions' differs"):
        verify(record)


def test_the_error_is_a_record_error_and_not_utf8_is_a_line(tmp_path: Path) -> None:
    assert issubclass(RecordMismatchError, RecordError)
    path = tmp_path / "game.jsonl"
    data = record_text().encode()
    third = data.index(b"\n", data.index(b"\n") + 1) + 1
    path.write_bytes(data[:third] + b"\xff" + data[third:])
    with pytest.raises(RecordMismatchError) as caught:
        verify_file(path)
    assert caught.value.line == 3 and "UTF-8" in caught.value.message


def test_an_empty_record_and_a_record_without_header() -> None:
    assert mismatch("").line == 1
    error = mismatch(text_of(lines()[1:]))
    assert error.line == 1 and "header" in error.message


# -- atomic writing ------------------------------------------------------------------------

class Boom(RuntimeError):
    pass


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "game.jsonl")


def test_records_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.jsonl"
    record = Record.of(match(), events=True)
    text = record.to_jsonl()

    # A failure half-way through writing a new file: no file, no temporary file.
    real_fsync = os.fsync

    def fail_after_writing(fd: int) -> None:
        raise Boom("the disk is full")

    monkeypatch.setattr(os, "fsync", fail_after_writing)
    with pytest.raises(Boom):
        record.save(path)
    assert not path.exists() and leftovers(tmp_path) == []

    # A complete first version, then a failure while writing a second: the first remains.
    monkeypatch.setattr(os, "fsync", real_fsync)
    record.save(path)
    assert path.read_text(encoding="utf-8") == text
    first = path.read_bytes()

    real_fdopen = os.fdopen

    class HalfThenFail:
        """A file that writes half of what it is given, then the process 'dies'."""

        def __init__(self, handle: IO[str]) -> None:
            self.handle = handle

        def __enter__(self) -> HalfThenFail:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, data: str) -> int:
            self.handle.write(data[: len(data) // 2])
            self.handle.flush()
            raise Boom("killed mid-write")

    monkeypatch.setattr(os, "fdopen", lambda *a, **k: HalfThenFail(real_fdopen(*a, **k)))
    with pytest.raises(Boom):
        Record.of(match(SEED + 1), events=True).save(path)
    monkeypatch.undo()
    assert path.read_bytes() == first and leftovers(tmp_path) == []
    assert verify_file(path).state_hash() == match().state_hash()

    # Interrupted at the rename itself.
    def no_replace(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", no_replace)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, "other\n")
    monkeypatch.undo()
    assert path.read_bytes() == first and leftovers(tmp_path) == []


def test_the_written_file_is_a_normal_file(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    Record.of(match()).save(path)
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
    assert verify_file(path).state_hash() == match().state_hash()
