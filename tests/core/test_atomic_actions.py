"""Every input is atomic: an action value is applied legally, or refused with nothing changed.

Arbitrary values of EVERY action class of every registered ruleset (NaN, infinities,
bools and floats for whole numbers, huge numbers, odd strings, wrong types, another
ruleset's actions) are applied to Eden games at several decision points. After each
attempt the game is either one legal action further, or byte-identical; its state hash
and its record always work, and the record verifies line by line.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import typing
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.core import (
    RULESETS,
    Action,
    Game,
    GameOverError,
    IllegalActionError,
    Point,
    RandomAgent,
    Record,
    Ref,
    verify_jsonl,
)
from skirmish.core.actions import MAX_MAGNITUDE
from skirmish.games.eden import EDEN
from skirmish.games.eden.actions import Bid, BlastAttack, Deploy, Place
from skirmish.games.eden.demo import match_setup

from . import toy  # registers a second ruleset, whose actions Eden must refuse

ACTION_CLASSES: list[type[Action]] = sorted(
    {cls for ruleset in RULESETS.known.values() for cls in ruleset.actions},
    key=lambda c: (c.__module__, c.__qualname__),
)

# -- games at several decision points ------------------------------------------------------
#: Action counts reaching: the bids, the leaders, the missions, scenery, halves, deployment,
#: cards in hand, the round's bid, first player, activation, interrupts, a fighter's
#: actions, and later rounds (depending on the seed).
STEPS = (0, 1, 2, 4, 6, 10, 11, 17, 23, 25, 26, 27, 28, 40, 60, 90)


@cache
def reference(seed: int, steps: int) -> Game:
    game = EDEN.new_game(match_setup(max_rounds=2), seed=seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(agent.act({}, list(game.legal_actions())))
    return game


@cache
def pools() -> dict[Any, list[Any]]:
    """Realistic values of each field type, taken from the actions Eden offers in a game."""
    found: dict[Any, set[Any]] = {}
    game = EDEN.new_game(match_setup(max_rounds=2), seed=11)
    agent = RandomAgent(11)
    while not game.is_over:
        legal = list(game.legal_actions())
        for action in legal:
            for f, kind in fields_of(type(action)):
                value = getattr(action, f)
                if value is not None:
                    found.setdefault(kind, set()).add(value)
        game.apply(agent.act({}, legal))
    return {kind: sorted(values, key=repr) for kind, values in found.items()}


def fields_of(cls: type[Action]) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls)
    result = []
    for f in dataclasses.fields(cls):
        kind = hints[f.name]
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        result.append((f.name, args[0] if args else kind))
    return result


def optional(cls: type[Action], name: str) -> bool:
    return type(None) in typing.get_args(typing.get_type_hints(cls)[name])


# -- values ----------------------------------------------------------------------------------
ODD_NUMBERS = st.sampled_from([
    math.nan, math.inf, -math.inf, -0.0, 0.5, 1.5, -1.0, 1e-300, 5e-324, 1e308, 1e15, 2**53 + 1.0,
    MAX_MAGNITUDE, MAX_MAGNITUDE + 1, -MAX_MAGNITUDE - 1, float(MAX_MAGNITUDE) + 0.5,
    2**63, -(2**63), 10**100, -(10**400), True, False,
])
NUMBERS = st.one_of(
    ODD_NUMBERS,
    st.integers(-20, 80),
    st.integers(),
    st.floats(),
    st.floats(-10, 70, allow_nan=False),
    st.booleans(),
)
ODD_TEXT = st.sampled_from([
    "", " ", "  ", "\t", "\n", "A.", "A. Yuri", "A.Yuri ", " A.Yuri", "a.Yuri", "A.Yuri\n",
    "A.Yu\u2028ri", "A.\x00", "Z.Nobody", "Wall\u00a0x", "x" * 5000, "\ud800", "é" * 300,
    "1,2", "nan,1", "pass", "bid 1", "A.Yuri A.Vladd", "-", "None", "\u200b",
])
TEXT = st.one_of(ODD_TEXT, st.text(max_size=8), st.text(st.characters(), min_size=1, max_size=3))
ENUM_MEMBERS = st.sampled_from(sorted(
    {m for cls in ACTION_CLASSES for _, kind in fields_of(cls)
     if isinstance(kind, type) and issubclass(kind, enum.Enum) for m in kind},
    key=repr,
))
POINTS = st.one_of(
    st.builds(Point, NUMBERS, NUMBERS),
    st.builds(Point, st.floats(-5, 65, allow_nan=False), st.floats(-5, 65, allow_nan=False)),
    st.tuples(st.floats(0, 60), st.floats(0, 60)),  # a plain tuple, not a Point
    st.builds(Point, TEXT, st.none()),
)
ANYTHING = st.one_of(
    st.none(), NUMBERS, TEXT, POINTS, ENUM_MEMBERS,
    st.builds(Ref.of, st.integers(0, 3), st.just("Yuri")),
    st.just(object()), st.lists(st.integers(), max_size=2), st.just(b"A.Yuri"),
)


def typed(kind: Any) -> st.SearchStrategy[Any]:
    """Values meant for a field type: realistic ones, and odd ones of about that type."""
    realistic = pools().get(kind)
    options: list[st.SearchStrategy[Any]] = []
    if realistic:
        options.append(st.sampled_from(realistic))
    if kind is int or kind is float:
        options.append(NUMBERS)
    elif kind is Point:
        options.append(POINTS)
    elif kind in (str, Ref):
        options.append(TEXT)
        options.append(st.builds(lambda s: f"A.{s}", TEXT))
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        options.append(st.sampled_from(list(kind)))
        options.append(TEXT)
    options.append(ANYTHING)
    return st.one_of(options)


def field_values(cls: type[Action], name: str, kind: Any) -> st.SearchStrategy[Any]:
    values = typed(kind)
    return st.one_of(st.none(), values) if optional(cls, name) else values


@cache
def built(cls: type[Action]) -> st.SearchStrategy[Action]:
    """Any instance of ``cls``, built without any check (as code may build one)."""
    return st.builds(cls, **{name: field_values(cls, name, kind) for name, kind in fields_of(cls)})


def attempts(game: Game) -> st.SearchStrategy[Any]:
    """What a caller may hand to ``apply`` now: any action of any class, a legal action with
    one field replaced by an arbitrary value, a legal action itself, or text."""
    options: list[st.SearchStrategy[Any]] = [
        st.sampled_from(ACTION_CLASSES).flatmap(built),
        TEXT,
        st.sampled_from([None, 42, 1.5, object(), Action()]),
    ]
    legal = [] if game.is_over else list(game.legal_actions())
    if legal:
        options.append(st.sampled_from(legal))
        options.append(st.sampled_from(legal).map(str))
        with_fields = [a for a in legal if dataclasses.fields(a)]
        if with_fields:
            options.append(st.sampled_from(with_fields).flatmap(mutated))
    return st.one_of(options)


def mutated(action: Action) -> st.SearchStrategy[Action]:
    cls = type(action)
    fields = fields_of(cls)
    return st.sampled_from(fields).flatmap(
        lambda f: st.builds(lambda v: dataclasses.replace(action, **{f[0]: v}),  # type: ignore[misc]
                            st.one_of(field_values(cls, f[0], f[1]), ANYTHING))
    )


# -- the property ------------------------------------------------------------------------------
def attempt(game: Game, action: Any) -> bool:
    """Apply ``action``; True if it was applied. Checks the kernel's promises either way."""
    before_hash, before_history, before_log = game.state_hash(), list(game.history), len(game.log)
    try:
        game.apply(action)
    except (IllegalActionError, GameOverError):
        assert game.state_hash() == before_hash, f"{action!r} changed the game"
        assert game.history == before_history and len(game.log) == before_log
        applied = False
    else:
        assert game.history[:-1] == before_history and len(game.log) > before_log
        applied = True
    Record.of(game)  # a record can always be made
    game.state_hash()
    return applied


@settings(derandomize=True, max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 3), steps=st.sampled_from(STEPS), data=st.data())
def test_any_action_value_is_applied_legally_or_changes_nothing(
    seed: int, steps: int, data: st.DataObject
) -> None:
    game = reference(seed, steps).copy()
    for _ in range(4):
        attempt(game, data.draw(attempts(game), label="action"))
    # Whatever was applied re-plays from the record, line by line, to the same state.
    assert verify_jsonl(Record.of(game, events=True).to_jsonl()).state_hash() == game.state_hash()


# -- the cases of the issue, by name ------------------------------------------------------------
@pytest.mark.parametrize(
    ("steps", "action", "field"),
    [
        (0, Bid(True), "bid sp"),  # type: ignore[arg-type]
        (0, Bid(1.5), "bid sp"),  # type: ignore[arg-type]
        (0, Bid(10**30), "bid sp"),
        (0, Bid("1"), "bid sp"),  # type: ignore[arg-type]
        (6, Place("Wall", Point(20, 20), math.nan), "place angle"),
        (6, Place("Wall", Point(20, 20), math.inf), "place angle"),
        (6, Place("Wall", Point(math.nan, 20)), "place at x"),
        (6, Place("Wall x", Point(20, 20)), "place scenery"),
        (11, Deploy(Ref("B.Tarar"), Point(5, math.nan)), "deploy at y"),
        (11, Deploy("B Tarar", Point(5, 20)), "deploy fighter"),  # type: ignore[arg-type]
        (11, Deploy(Ref("B.Tarar"), (5.0, 20.0)), "deploy at"),  # type: ignore[arg-type]
        (28, BlastAttack(Ref("A.Vladd"), "Flamethrower", -math.inf), "blast angle"),
    ],
)
def test_bad_values_are_refused_by_field_and_change_nothing(
    steps: int, action: Action, field: str
) -> None:
    game = reference(0, steps).copy()
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match=f"^{field}: "):
        game.apply(action)
    assert game.state_hash() == before and len(game.history) == steps
    assert verify_jsonl(Record.of(game).to_jsonl()).state_hash() == before


def test_another_rulesets_action_and_non_actions_are_refused() -> None:
    game = reference(0, 0).copy()
    before = game.state_hash()
    for listed in (False, True):
        if listed:
            assert list(game.legal_actions())  # the offered actions skip validation: not these
        for action in (toy.Pick(1), toy.Flag(Point(1, 2)), Action(), None, 3, b"bid 1"):
            with pytest.raises(IllegalActionError):
                game.apply(action)  # type: ignore[arg-type]
            assert game.state_hash() == before and not game.history


def test_an_action_is_applied_in_its_canonical_form() -> None:
    """An int where a float is declared, -0.0, a plain str for a Ref: the game applies the
    action exactly as its record re-plays it."""
    game = next(g for g in (reference(0, steps) for steps in range(4, 12))
                if any(isinstance(a, Place) for a in g.legal_actions())).copy()
    offered = next(a for a in game.legal_actions() if isinstance(a, Place))
    game.apply(Place(offered.scenery, Point(int(offered.at.x), int(offered.at.y)), -0.0))
    applied = game.history[-1]
    assert isinstance(applied, Place) and type(applied.at.x) is float
    assert applied.angle == 0.0 and math.copysign(1, applied.angle) == 1
    assert verify_jsonl(Record.of(game).to_jsonl()).state_hash() == game.state_hash()


def test_every_offered_action_is_valid_and_canonical() -> None:
    """The game skips validation for the very objects it offers: they must be valid."""
    game = EDEN.new_game(match_setup(max_rounds=2), seed=5)
    agent = RandomAgent(5)
    while not game.is_over:
        legal = list(game.legal_actions())
        for action in legal:
            canonical = EDEN.actions.validate(action)
            assert repr(canonical) == repr(action) and type(canonical) is type(action)
        game.apply(agent.act({}, legal))
