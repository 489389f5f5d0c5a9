"""Issue 11: records fuzzed with hypothesis. Whatever is done to a record's text - a line
deleted, duplicated, swapped, a value replaced by another JSON value, bytes flipped - the
verifier either accepts it (the same game) or raises :class:`RecordError` naming a line;
never another exception."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.core import RandomAgent, Record, RecordError, play, verify_jsonl
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=6,
)


@cache
def record() -> tuple[str, str]:
    game = EDEN.new_game(demo_setup(max_rounds=1), seed=21)
    play(game, [RandomAgent(1), RandomAgent(2)])
    return Record.of(game, events=True).to_jsonl(), game.state_hash()


def mutate_value(line: str, path: list[str], value: object) -> str:
    data = json.loads(line)
    target = data
    for key in path[:-1]:
        if not isinstance(target, dict) or key not in target:
            return line
        target = target[key]
    if isinstance(target, dict) and path:
        target[path[-1] if path[-1] in target else sorted(target)[0]] = value
    return json.dumps(data)


@st.composite
def tampered(draw: st.DrawFn) -> str:
    text, _ = record()
    lines = text.split("\n")[:-1]
    kind = draw(st.sampled_from(["delete", "duplicate", "swap", "value", "bytes", "truncate"]))
    i = draw(st.integers(0, len(lines) - 1))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "value":
        keys = sorted(json.loads(lines[i]))
        key = draw(st.sampled_from(keys))
        lines[i] = mutate_value(lines[i], [key], draw(JSON_VALUES))
    elif kind == "bytes":
        position = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:position] + draw(st.text(min_size=1, max_size=3)) + \
            lines[i][position:]
    else:
        return text[: draw(st.integers(0, len(text) - 1))]
    return "".join(line + "\n" for line in lines)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(tampered())
def test_a_fuzzed_record_verifies_or_is_refused_at_a_line(text: str) -> None:
    _, final_hash = record()
    try:
        game = verify_jsonl(text, source="fuzz.jsonl")
    except RecordError as exc:
        assert str(exc).startswith("fuzz.jsonl") and "\n" not in str(exc)
        return
    assert game.state_hash() == final_hash  # accepted only when it is the same game
