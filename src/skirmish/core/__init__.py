"""The kernel: game state, decisions, actions and their notation, events and the log,
views, records and agents. It knows no ruleset.

The names below are loaded on first use (PEP 562), so that importing a light module of the
kernel (e.g. :mod:`skirmish.core.plugins`, which ``skirmish --help`` reads) does not load
the game machinery."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skirmish.core.actions import (
        CORE_ACTIONS,
        Action,
        ActionSet,
        Pass,
        Point,
        Ref,
        parse_action,
    )
    from skirmish.core.agents import Agent, RandomAgent, play
    from skirmish.core.decision import Decision
    from skirmish.core.dice import Dice, KeyedDice, ScriptedDice, SeededDice
    from skirmish.core.errors import (
        DiceExhaustedError,
        GameOverError,
        IllegalActionError,
        NotationError,
        RecordError,
        RecordMismatchError,
        SkirmishError,
    )
    from skirmish.core.events import Event, RollEvent
    from skirmish.core.game import Game, LegalActions
    from skirmish.core.procedure import Procedure
    from skirmish.core.record import Record, verify, verify_file, verify_jsonl
    from skirmish.core.ruleset import RULESETS, Outcome, Ruleset

#: Where each name of :data:`__all__` lives.
_WHERE = {
    "CORE_ACTIONS": "skirmish.core.actions",
    "Action": "skirmish.core.actions",
    "ActionSet": "skirmish.core.actions",
    "Pass": "skirmish.core.actions",
    "Point": "skirmish.core.actions",
    "Ref": "skirmish.core.actions",
    "parse_action": "skirmish.core.actions",
    "Agent": "skirmish.core.agents",
    "RandomAgent": "skirmish.core.agents",
    "play": "skirmish.core.agents",
    "Decision": "skirmish.core.decision",
    "Dice": "skirmish.core.dice",
    "KeyedDice": "skirmish.core.dice",
    "ScriptedDice": "skirmish.core.dice",
    "SeededDice": "skirmish.core.dice",
    "DiceExhaustedError": "skirmish.core.errors",
    "GameOverError": "skirmish.core.errors",
    "IllegalActionError": "skirmish.core.errors",
    "NotationError": "skirmish.core.errors",
    "RecordError": "skirmish.core.errors",
    "RecordMismatchError": "skirmish.core.errors",
    "SkirmishError": "skirmish.core.errors",
    "Event": "skirmish.core.events",
    "RollEvent": "skirmish.core.events",
    "Game": "skirmish.core.game",
    "LegalActions": "skirmish.core.game",
    "Procedure": "skirmish.core.procedure",
    "Record": "skirmish.core.record",
    "verify": "skirmish.core.record",
    "verify_file": "skirmish.core.record",
    "verify_jsonl": "skirmish.core.record",
    "RULESETS": "skirmish.core.ruleset",
    "Outcome": "skirmish.core.ruleset",
    "Ruleset": "skirmish.core.ruleset",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CORE_ACTIONS",
    "RULESETS",
    "Action",
    "ActionSet",
    "Agent",
    "Decision",
    "Dice",
    "DiceExhaustedError",
    "Event",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "KeyedDice",
    "LegalActions",
    "NotationError",
    "Outcome",
    "Pass",
    "Point",
    "Procedure",
    "RandomAgent",
    "Record",
    "RecordError",
    "RecordMismatchError",
    "Ref",
    "RollEvent",
    "Ruleset",
    "ScriptedDice",
    "SeededDice",
    "SkirmishError",
    "parse_action",
    "play",
    "verify",
    "verify_file",
    "verify_jsonl",
]
