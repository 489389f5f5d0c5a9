"""Action notation: value types whose text parses back to the same action."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.core import Action, ActionSet, NotationError, Pass, Point, Ref, parse_action
from skirmish.games.eden.actions import EDEN_ACTIONS


class Stance(StrEnum):
    LOW = "low"
    HIGH = "high"


NOTATION = ActionSet("notation-test", [Pass])


@NOTATION
@dataclass(frozen=True, slots=True)
class Move(Action):
    verb: ClassVar[str] = "move"
    fighter: Ref
    to: Point


@NOTATION
@dataclass(frozen=True, slots=True)
class Charge(Action):
    verb: ClassVar[str] = "charge"
    fighter: Ref
    target: Ref
    to: Point | None = None


@NOTATION
@dataclass(frozen=True, slots=True)
class Stand(Action):
    verb: ClassVar[str] = "stand"
    stance: Stance
    count: int
    word: str


refs = st.builds(
    Ref.of,
    st.integers(0, 25),
    st.text(st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1,
            max_size=12).filter(lambda s: not any(c.isspace() for c in s)),
)
coords = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
points = st.builds(Point, coords, coords)
words = st.text(st.characters(min_codepoint=33, max_codepoint=0x2FFF, blacklist_categories=(
    "Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=10).filter(
    lambda s: not any(c.isspace() for c in s))

actions = st.one_of(
    st.just(Pass()),
    st.builds(Move, refs, points),
    st.builds(Charge, refs, refs, st.none() | points),
    st.builds(Stand, st.sampled_from(Stance), st.integers(-10**9, 10**9), words),
)


@given(actions)
def test_notation_round_trips(action: Action) -> None:
    text = str(action)
    assert NOTATION.parse(text) == action
    assert str(NOTATION.parse(text)) == text


def test_examples_from_the_issue() -> None:
    assert str(Move(Ref("A.Yuri"), Point(32.5, 18))) == "move A.Yuri 32.5,18"
    assert NOTATION.parse("charge A.Vladd B.Ngobo") == Charge(Ref("A.Vladd"), Ref("B.Ngobo"))
    assert str(EDEN_ACTIONS.parse("react dodge")) == "react dodge"
    assert str(EDEN_ACTIONS.parse("bid 3")) == "bid 3"
    assert parse_action("pass") == Pass()


def test_every_eden_action_round_trips() -> None:
    for text in ["bid 0", "first B", "activate A.Yuri", "interrupt B.Ngobo-Quick-Arm",
                 "attack A.Yuri B.Ngobo", "react passive", "react response", "aim legs", "end",
                 "pass"]:
        assert str(EDEN_ACTIONS.parse(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("fly A.Yuri", "unknown action 'fly'"),
        ("move A.Yuri", "takes: move fighter to"),
        ("move Yuri 1,2", "not a piece reference"),
        ("move A.Yuri 1;2", "not a point"),
        ("move A.Yuri x,2", "not a number"),
        ("move A.Yuri nan,2", "not a finite number"),
        ("stand sideways 1 w", "not one of low, high"),
        ("stand low 1.5 w", "not a whole number"),
        ("pass now", "got 1 argument"),
    ],
)
def test_bad_text_names_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        NOTATION.parse(text)


def test_a_verb_is_used_once() -> None:
    @dataclass(frozen=True, slots=True)
    class OtherMove(Action):
        verb: ClassVar[str] = "move"

    with pytest.raises(TypeError, match="already Move"):
        NOTATION.add(OtherMove)


def test_actions_are_values() -> None:
    a = Move(Ref("A.Yuri"), Point(1, 2))
    assert a == Move(Ref("A.Yuri"), Point(1.0, 2.0))
    assert hash(a) == hash(Move(Ref("A.Yuri"), Point(1.0, 2.0)))
    with pytest.raises(AttributeError):
        a.to = Point(0, 0)  # type: ignore[misc]


VERBS = sorted({str(EDEN_ACTIONS.parse(t)).split()[0] for t in
                ["bid 0", "pass", "end", "react dodge", "aim legs", "move A.Y 1,2"]})


@settings(derandomize=True, max_examples=400)
@given(st.one_of(
    st.text(max_size=40),
    st.tuples(st.sampled_from([*VERBS, "blast", "place", "deploy", "shoot", "use", "play"]),
              st.lists(st.text(max_size=12) | st.from_regex(r"[A-B]\.[A-Za-z-]{1,8}")
                       | st.floats(allow_nan=True, allow_infinity=True).map(repr)
                       | st.integers().map(str), max_size=5))
    .map(lambda t: " ".join([t[0], *t[1]])),
))
def test_the_notation_parser_never_fails_otherwise(text: str) -> None:
    """Issue 11, fuzzing the notation parser: any text parses to an action whose text reads
    back as the same action, or is refused with NotationError - never another exception."""
    try:
        action = EDEN_ACTIONS.parse(text)
    except NotationError:
        return
    assert EDEN_ACTIONS.parse(str(action)) == action


def test_a_reference_read_again_is_the_same_object_and_a_bad_one_still_refused() -> None:
    """``Ref`` keeps the references it read (immutable, one per text): the same value, the
    pattern checked once; a text that is no reference is refused every time."""
    first = Ref("A.Yuri")
    assert Ref("A.Yuri") is first and first == "A.Yuri" and type(first) is Ref
    assert Ref("B.Yuri") == "B.Yuri" and Ref("B.Yuri") is not first
    for _ in range(2):
        with pytest.raises(NotationError):
            Ref("Yuri")
