"""The kernel: game state, decisions, actions and their notation, events and the log,
views, records and agents. It knows no ruleset."""

from skirmish.core.actions import CORE_ACTIONS, Action, ActionSet, Pass, Point, Ref, parse_action
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
